"""The operator's custom resources, written from their records by the one generic dump (``crd_model.crd_dump``):
each record field names its place in the CRD, so no block is written here field by field. Unset options are left
out so the operator's documented defaults apply.
"""
from __future__ import annotations

from typing import Any

from ..crd_model import crd_dump
from ..resolve.records import ScalingRecord

def operator_object(api_version: str, kind: str, name: str, namespace: str, *records: Any) -> dict[str, Any]:
    """One custom resource of ``kind``: its spec is the dump of ``records`` (each a record of that kind's spec, e.g.
    a ``CustomSpec`` and the ``SharedSpec``), merged."""
    spec: dict[str, Any] = {}
    for record in records:
        spec.update(crd_dump(record, kind))
    return {"apiVersion": api_version, "kind": kind, "metadata": {"name": name, "namespace": namespace},
            "spec": spec}


def autoscaling_spec(autoscaling: ScalingRecord) -> dict[str, Any]:
    """The camelCase ``autoScalingSpec`` (the triggers' queries and servers are final in the record)."""
    return crd_dump(autoscaling)
