"""Decoding the protobuf bodies typed clients send for a few core kinds (Secret, ConfigMap, Namespace,
ServiceAccount, DeleteOptions) into the JSON form.

Why: helm stores releases through client-go's typed Secrets client and creates namespaces with it, which sends
``application/vnd.kubernetes.protobuf`` (https://kubernetes.io/docs/reference/using-api/api-concepts/#protobuf-encoding):
the ``k8s\\x00`` magic, then a runtime.Unknown wrapping the typed message. Field numbers follow the k8s.io/api and
apimachinery generated.proto files. Other kinds sent as protobuf get 415 (README "not modelled").
"""
from __future__ import annotations

import base64
from typing import Any, Callable, Iterator

MAGIC = b"k8s\x00"


def _varint(data: bytes, i: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, i
        shift += 7


def fields(data: bytes) -> Iterator[tuple[int, Any]]:
    """(field number, value) pairs: ints for varints, bytes for length-delimited fields."""
    i = 0
    while i < len(data):
        tag, i = _varint(data, i)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, i = _varint(data, i)
        elif wire == 2:
            length, i = _varint(data, i)
            value, i = data[i:i + length], i + length
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        else:
            raise ValueError(f"unsupported wire type {wire}")
        yield number, value


def _entry(data: bytes) -> tuple[str, bytes]:
    found = dict(fields(data))
    return found.get(1, b"").decode(), found.get(2, b"")


def _object_meta(data: bytes) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    strings = {1: "name", 2: "generateName", 3: "namespace", 5: "uid", 6: "resourceVersion"}
    for number, value in fields(data):
        if number in strings:
            meta[strings[number]] = value.decode()
        elif number in (11, 12):
            key, text = _entry(value)
            meta.setdefault("labels" if number == 11 else "annotations", {})[key] = text.decode()
        elif number == 14:
            meta.setdefault("finalizers", []).append(value.decode())
    return meta


def _secret(data: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "Secret"}
    for number, value in fields(data):
        if number == 1:
            obj["metadata"] = _object_meta(value)
        elif number == 2:
            key, raw = _entry(value)
            obj.setdefault("data", {})[key] = base64.b64encode(raw).decode()
        elif number == 3:
            obj["type"] = value.decode()
        elif number == 4:
            key, raw = _entry(value)
            obj.setdefault("stringData", {})[key] = raw.decode()
        elif number == 5:
            obj["immutable"] = bool(value)
    return obj


def _configmap(data: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "ConfigMap"}
    for number, value in fields(data):
        if number == 1:
            obj["metadata"] = _object_meta(value)
        elif number == 2:
            key, raw = _entry(value)
            obj.setdefault("data", {})[key] = raw.decode()
        elif number == 3:
            key, raw = _entry(value)
            obj.setdefault("binaryData", {})[key] = base64.b64encode(raw).decode()
        elif number == 4:
            obj["immutable"] = bool(value)
    return obj


def _namespace(data: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "Namespace"}
    for number, value in fields(data):
        if number == 1:
            obj["metadata"] = _object_meta(value)
        elif number == 2:
            finalizers = [v.decode() for n, v in fields(value) if n == 1]
            obj["spec"] = {"finalizers": finalizers} if finalizers else {}
    return obj


def _service_account(data: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "ServiceAccount"}
    for number, value in fields(data):
        if number == 1:
            obj["metadata"] = _object_meta(value)
        elif number == 4:
            obj["automountServiceAccountToken"] = bool(value)
    return obj


def _delete_options(data: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "DeleteOptions"}
    for number, value in fields(data):
        if number == 1:
            obj["gracePeriodSeconds"] = value
        elif number == 2:
            pre = dict(fields(value))
            obj["preconditions"] = {k: pre[n].decode() for n, k in ((1, "uid"), (2, "resourceVersion")) if n in pre}
        elif number == 4:
            obj["propagationPolicy"] = value.decode()
    return obj


DECODERS: dict[str, Callable[[bytes], dict[str, Any]]] = {
    "Secret": _secret, "ConfigMap": _configmap, "Namespace": _namespace, "ServiceAccount": _service_account,
    "DeleteOptions": _delete_options}


def decode(body: bytes) -> dict[str, Any] | None:
    """The object a protobuf body carries, or None for kinds not decoded here."""
    if not body.startswith(MAGIC):
        return None
    unknown = dict(fields(body[len(MAGIC):]))
    type_meta = dict(fields(unknown.get(1, b"")))
    kind = type_meta.get(2, b"").decode()
    decoder = DECODERS.get(kind)
    return decoder(unknown.get(2, b"")) if decoder else None
