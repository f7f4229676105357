"""The hand-written InferenceGatewayConfig CRD (tests/data/inference_gateway), as a strict JSON schema: an unknown
field is an error, as the API server's strict field validation makes it."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from support import _strict

CRD_FILE = Path(__file__).resolve().parents[1] / "data" / "inference_gateway" / "inferencegatewayconfigs.crd.yaml"


@functools.cache
def gateway_schema() -> dict[str, Any]:
    crd = yaml.safe_load(CRD_FILE.read_text())
    return _strict(crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"])


def validate_gateway(manifest: dict[str, Any]) -> None:
    jsonschema.validate(manifest, gateway_schema(), cls=jsonschema.Draft7Validator)
