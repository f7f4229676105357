"""Test helpers: the reference schemas carried in tests/data, and CRD / Kubernetes schema validation."""
from __future__ import annotations

import ast
import copy
import fcntl
import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Mapping, Optional

import jsonschema
import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]
# Schema facts from upstream projects, carried in the project (see PROVENANCE.md there;
# scripts/regenerate_schemas.py refreshes them), so every clone runs every schema check.
SCHEMA_DIR = REPO_ROOT / "tests" / "data" / "schemas"
CRD_DIR = SCHEMA_DIR / "crds"
# Spec fields of operators newer than the carried CRDs, each file from AWS's documentation (see each file's header).
NEWER_OPERATOR_FIELDS = (REPO_ROOT / "tests" / "data" / "inference_gateway" / "operator-v3.6-attachment.yaml",
                         REPO_ROOT / "tests" / "data" / "operator_fields" / "operator-v3.4-v3.7.yaml")


def newer_operator_fields() -> dict[str, dict[str, dict[str, Any]]]:
    """apiVersion -> kind -> spec properties of the newer operators, from every ``NEWER_OPERATOR_FIELDS`` file."""
    merged: dict[str, dict[str, dict[str, Any]]] = {}
    for path in NEWER_OPERATOR_FIELDS:
        for api_version, kinds in yaml.load(path.read_text(), Loader=yaml.CSafeLoader).items():
            for kind, properties in kinds.items():
                merge_spec_properties(merged.setdefault(api_version, {}).setdefault(kind, {}), properties)
    return merged


def merge_spec_properties(target: dict[str, Any], fields: dict[str, Any]) -> None:
    """Add ``fields`` to the schema properties ``target``; an object both have keeps its own properties too."""
    for name, schema in fields.items():
        existing = target.get(name)
        if isinstance(existing, dict) and "properties" in existing and "properties" in schema:
            merge_spec_properties(existing["properties"], schema["properties"])
        else:
            target[name] = copy.deepcopy(schema)


def run_command(module: str, *args: str, cwd: Path,
                env: Optional[Mapping[str, str]] = None) -> subprocess.CompletedProcess[str]:
    """``python -m hyperpod_constructs.<module> args...`` as a user runs it, from ``cwd``, with this checkout
    importable (``env``: the environment instead of this process's); its result, whatever the exit status."""
    return subprocess.run([sys.executable, "-m", f"hyperpod_constructs.{module}", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300,
                          env={**(os.environ if env is None else env), "PYTHONPATH": str(REPO_ROOT)})


def once_per_run(tmp_path_factory: Any, name: str, compute: Callable[[Path], Any]) -> Any:
    """``compute(folder)``'s result (JSON), computed by the first of `make test`'s workers that asks and read by the
    others, for a result that takes a process and tens of seconds (the wheel, the doc snippets' run): a worker that
    takes over some of these tests from the other (``--dist worksteal``) does not redo it. ``folder`` is shared by
    the workers, so what ``compute`` writes there stays readable; a failure is not kept (the next asker tries again
    and fails the same way)."""
    base = Path(tmp_path_factory.getbasetemp())
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # xdist: the run's folder, every worker's
    folder, result = root / f"once-{name}", root / f"once-{name}.json"
    with open(root / f"once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if the worker dies
        if result.exists():
            return json.loads(result.read_text())
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        value = compute(folder)
        result.write_text(json.dumps(value))
        return value


def cdk_json_context() -> dict[str, Any]:
    """The context of the project's cdk.json: the recommended feature flags of the pinned aws-cdk-lib, as
    ``cdk init`` writes them. ``cdk synth`` hands them to the app; the tests hand them to every app they build."""
    return json.loads((REPO_ROOT / "cdk.json").read_text())["context"]


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=None)
def source_nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of ``source`` parsed (``ast.walk`` order), once per text: several tests scan each of the package's
    modules (layers, imports, renderers, record copies), and parsing and walking them anew each time was seconds.
    Callers must not change the nodes."""
    return tuple(ast.walk(ast.parse(source)))


def reference_file(relative: str) -> Path:
    """A reference file from tests/data/schemas; a missing one is an error, never a skip."""
    path = SCHEMA_DIR / relative
    assert path.exists(), f"{path} is missing; run scripts/regenerate_schemas.py"
    return path


def _strict(schema: Any) -> Any:
    """Make every object schema reject unknown fields, as the API server does with strict field validation."""
    if isinstance(schema, dict):
        schema = {key: _strict(value) for key, value in schema.items()}
        if (
            schema.get("type") == "object"
            and "properties" in schema
            and "additionalProperties" not in schema
            and not schema.get("x-kubernetes-preserve-unknown-fields")
        ):
            schema["additionalProperties"] = False
        return schema
    if isinstance(schema, list):
        return [_strict(item) for item in schema]
    return schema


@functools.cache
def crd_documents() -> tuple[dict[str, Any], ...]:
    """Every CustomResourceDefinition in tests/data/schemas/crds, parsed once (with libyaml: megabytes of YAML).
    Callers must not change them."""
    return tuple(doc for path in sorted(CRD_DIR.glob("*.yaml"))
                 for doc in yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader)
                 if doc and doc.get("kind") == "CustomResourceDefinition")


@functools.cache
def crd_schemas() -> dict[tuple[str, str], dict[str, Any]]:
    """(apiVersion, kind) -> strict openAPIV3Schema, for every CRD in tests/data/schemas/crds."""
    schemas: dict[tuple[str, str], dict[str, Any]] = {}
    for doc in crd_documents():
        group = doc["spec"]["group"]
        kind = doc["spec"]["names"]["kind"]
        for version in doc["spec"]["versions"]:
            schema = copy.deepcopy(version["schema"]["openAPIV3Schema"])
            # metadata is validated by the API server, not by the CRD schema.
            schema.setdefault("properties", {})["metadata"] = {"type": "object"}
            schemas[(f"{group}/{version['name']}", kind)] = _strict(schema)
    # Spec fields of newer operators than the carried CRDs, each from AWS's documentation (see the file's header).
    for api_version, kinds in newer_operator_fields().items():
        for kind, properties in kinds.items():
            merge_spec_properties(schemas[(api_version, kind)]["properties"]["spec"]["properties"],
                                  _strict(copy.deepcopy(properties)))
    return schemas


def validate_custom_resource(manifest: dict[str, Any]) -> None:
    """Validate one custom resource against its CRD; unknown fields are errors."""
    key = (manifest["apiVersion"], manifest["kind"])
    schemas = crd_schemas()
    assert key in schemas, f"no CRD in {CRD_DIR} for {key}"
    jsonschema.validate(manifest, schemas[key], cls=jsonschema.Draft7Validator)


KUBERNETES_VERSION = "1.33.0"


def validate_builtin(manifest: dict[str, Any]) -> None:
    """Validate a built-in Kubernetes object against the Kubernetes schemas (strict)."""
    import kubernetes_validate

    kubernetes_validate.validate(manifest, KUBERNETES_VERSION, strict=True)


# HyperpodNodeClass's CRD is service-managed and unpublished; this is its documented shape
# (HyperPod autoscaling docs): spec.instanceGroups, 1 to 10 instance group names.
HYPERPOD_NODE_CLASS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "karpenter.sagemaker.amazonaws.com/v1"},
        "kind": {"const": "HyperpodNodeClass"},
        "metadata": {"type": "object", "required": ["name"]},
        "spec": {
            "type": "object",
            "additionalProperties": False,
            "required": ["instanceGroups"],
            "properties": {
                "instanceGroups": {
                    "type": "array", "minItems": 1, "maxItems": 10, "items": {"type": "string", "minLength": 1},
                },
            },
        },
    },
    "additionalProperties": False,
}


# The InferenceGatewayConfig CRD is installed by the EKS add-on and not published: this one is written by hand from
# AWS's documentation, each field with the page it comes from (tests/data/inference_gateway).
INFERENCE_GATEWAY_CRD = REPO_ROOT / "tests" / "data" / "inference_gateway" / "inferencegatewayconfigs.crd.yaml"


@functools.cache
def inference_gateway_schema() -> dict[str, Any]:
    """The hand-written CRD's schema, strict: a field AWS does not document is an error."""
    crd = yaml.safe_load(INFERENCE_GATEWAY_CRD.read_text())
    schema = _strict(copy.deepcopy(crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]))
    schema["properties"]["metadata"] = {"type": "object"}
    return schema


def validate_manifest(manifest: dict[str, Any]) -> None:
    """Validate one manifest with the schema that owns it: a CRD from tests/data, or the Kubernetes schemas."""
    key = (manifest["apiVersion"], manifest["kind"])
    if key == ("karpenter.sagemaker.amazonaws.com/v1", "HyperpodNodeClass"):
        jsonschema.validate(manifest, HYPERPOD_NODE_CLASS_SCHEMA)
        return
    if key == ("inference.sagemaker.aws.amazon.com/v1alpha1", "InferenceGatewayConfig"):
        jsonschema.validate(manifest, inference_gateway_schema(), cls=jsonschema.Draft7Validator)
        return
    group = manifest["apiVersion"].rpartition("/")[0]
    if "." in group and not group.endswith("k8s.io"):
        validate_custom_resource(manifest)
    else:
        validate_builtin(manifest)


def validate_manifests(manifests: Iterable[dict[str, Any]]) -> int:
    """Validate every manifest; returns how many were checked so callers can assert it is not zero."""
    count = 0
    for manifest in manifests:
        validate_manifest(manifest)
        count += 1
    return count


# HyperPod regions where every instance type the apps use is offered (cfn-lint checks types per region).
LINT_REGIONS = ("us-east-1", "us-west-2")


def cfn_lint_errors(template: dict[str, Any]) -> list[str]:
    """cfn-lint errors (not warnings) for a synthesized template, in the regions users deploy to."""
    import json

    return list(_cfn_lint_errors(json.dumps(template, sort_keys=True)))


@functools.cache
def _cfn_lint_runner() -> Any:
    """cfn-lint's runner for LINT_REGIONS, made once: making one loads its rules (half a second), which it then runs
    on every template, as ``cfn-lint`` does for several files."""
    from cfnlint.config import ConfigMixIn
    from cfnlint.runner import Runner

    return Runner(ConfigMixIn(regions=list(LINT_REGIONS)))


@functools.lru_cache(maxsize=32)
def _cfn_lint_errors(text: str) -> tuple[str, ...]:
    # Several tests lint the same template (the default app); linting takes seconds, so each text is linted once.
    from cfnlint.decode.decode import decode_str

    template, matches = decode_str(text)  # as cfnlint.api.lint reads a text (it would then make a new runner)
    if template is not None:
        matches = list(_cfn_lint_runner().validate_template(template))
    return tuple(str(match) for match in matches if match.rule.id.startswith("E"))


def stand_in_bucket(name: str = "my-models") -> Any:
    """What the intent layer reads of an ``s3.IBucket`` (its name), for tests that build values but no stack."""
    from types import SimpleNamespace

    return SimpleNamespace(bucket_name=name)
