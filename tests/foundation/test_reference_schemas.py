"""The reference schemas the tests read are carried in the project, with their provenance, and the script that
regenerates them keeps every schema fact while dropping prose."""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
from pathlib import Path
from types import ModuleType

import yaml

from support import CRD_DIR, SCHEMA_DIR, crd_schemas, load_script

EXPECTED_KINDS = {
    ("inference.sagemaker.aws.amazon.com/v1", "InferenceEndpointConfig"),
    ("inference.sagemaker.aws.amazon.com/v1", "JumpStartModel"),
    ("inference.sagemaker.aws.amazon.com/v1", "SageMakerEndpointRegistration"),
    ("karpenter.sh/v1", "NodePool"),
    ("keda.sh/v1alpha1", "ScaledObject"),
    ("keda.sh/v1alpha1", "TriggerAuthentication"),
    ("keda.sh/v1alpha1", "ClusterTriggerAuthentication"),
    ("inference.sagemaker.aws.amazon.com/v1", "ModelWeightsCacheConfig"),  # operator v3.3
    ("http.keda.sh/v1beta1", "InterceptorRoute"),  # the KEDA HTTP add-on v0.15.0 (the wake hold)
}


def regenerate_script() -> ModuleType:
    return load_script("regenerate_schemas")


def test_every_crd_the_tests_validate_against_is_in_the_project() -> None:
    assert EXPECTED_KINDS <= set(crd_schemas())


def test_schemas_carry_no_prose() -> None:
    for path in sorted(CRD_DIR.glob("*.yaml")) + [SCHEMA_DIR / "aws-sagemaker-cluster.cfn-schema.json"]:
        assert not re.search(r"^\s*\"?description\"?:", path.read_text(), re.M), path


def test_every_file_has_its_provenance() -> None:
    provenance = (SCHEMA_DIR / "PROVENANCE.md").read_text()
    carried = [path.relative_to(SCHEMA_DIR).as_posix() for path in SCHEMA_DIR.rglob("*")
               if path.is_file() and path.name != "PROVENANCE.md"]
    assert len(carried) == 12
    for name in carried:
        row = next((line for line in provenance.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, name
        assert re.search(r"`[0-9a-f]{40}`", row), row  # the source commit
        # Only schema facts are carried, never the upstream file itself.
        source_digest = re.findall(r"`([0-9a-f]{16})…`", row)
        assert source_digest and not hashlib.sha256((SCHEMA_DIR / name).read_bytes()).hexdigest().startswith(
            source_digest[-1]), f"{name} is a verbatim copy of its source"


def test_regeneration_drops_descriptions_but_keeps_fields_named_description(tmp_path: Path) -> None:
    script = regenerate_script()
    crd = {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
           "metadata": {"name": "things.example.com", "annotations": {"controller-gen.kubebuilder.io/version": "v0"}},
           "spec": {"group": "example.com", "scope": "Namespaced",
                    "names": {"kind": "Thing", "plural": "things", "singular": "thing", "listKind": "ThingList"},
                    "versions": [{"name": "v1", "served": True, "storage": True,
                                  "additionalPrinterColumns": [{"name": "Age", "jsonPath": ".metadata.creationTimestamp"}],
                                  "schema": {"openAPIV3Schema": {
                                      "description": "A thing.", "type": "object",
                                      "properties": {"spec": {
                                          "type": "object", "description": "Its spec.", "required": ["size"],
                                          "properties": {
                                              "description": {"type": "string", "maxLength": 10,
                                                              "description": "A field called description."},
                                              "size": {"type": "integer", "minimum": 1, "description": "Size."}}}}}}}]}}
    assert script.crd_facts(crd) == {
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "things.example.com"},
        "spec": {"group": "example.com", "names": {"kind": "Thing", "plural": "things", "singular": "thing"},
                 "scope": "Namespaced",
                 "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
                     "type": "object", "properties": {"spec": {
                         "type": "object", "required": ["size"], "properties": {
                             "description": {"type": "string", "maxLength": 10},
                             "size": {"type": "integer", "minimum": 1}}}}}}}]}}


def test_regeneration_reproduces_the_carried_files_from_their_sources(tmp_path: Path) -> None:
    """Rebuild the carried files from stand-ins in the upstream format: what the script writes is what tests read."""
    script = regenerate_script()
    source = tmp_path / "source"
    source.mkdir()
    for source_name in script.SOURCES:
        name = Path(source_name).name  # the operator v3.3 CRDs sit in a folder of their own in the source
        (source / source_name).parent.mkdir(parents=True, exist_ok=True)
        carried = SCHEMA_DIR / ("crds/" + name if (CRD_DIR / name).exists() else name)
        if name.endswith(".json") and "dashboard" in name:
            facts = json.loads((SCHEMA_DIR / script.DASHBOARD_FACTS).read_text())
            targets = [{"expr": f'sum(rate({metric}{{method="POST"}}[5m]))'} for metric in facts["metrics"]]
            (source / source_name).write_text(json.dumps({"uid": facts["uid"], "title": facts["title"],
                                                          "panels": [{"targets": targets}]}))
        else:
            (source / source_name).write_text(carried.read_text())  # the stripped copies are valid upstream input
    clone = tmp_path / "http-add-on"  # the add-on's files are read at its tag from a git clone
    for name, (path, _) in script.HTTP_ADD_ON_SOURCES.items():
        (clone / path).parent.mkdir(parents=True, exist_ok=True)
        (clone / path).write_text((CRD_DIR / name).read_text())
    git = ["git", "-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    for command in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "crds"], ["tag", script.HTTP_ADD_ON_TAG]):
        subprocess.run([*git, *command], check=True, capture_output=True)
    written = script.regenerate(source, clone, tmp_path / "out")
    assert len(written) == 13
    for name in script.HTTP_ADD_ON_SOURCES:
        assert yaml.safe_load((tmp_path / "out" / "crds" / name).read_text()) == yaml.safe_load(
            (CRD_DIR / name).read_text())
    for name in ("crds/karpenter.sh_nodepools.yaml", "default-mig-config.yaml", "aws-sagemaker-cluster.cfn-schema.json"):
        assert yaml.safe_load((tmp_path / "out" / name).read_text()) == yaml.safe_load((SCHEMA_DIR / name).read_text())
    facts = json.loads((tmp_path / "out" / script.DASHBOARD_FACTS).read_text())
    assert facts["metrics"] == json.loads((SCHEMA_DIR / script.DASHBOARD_FACTS).read_text())["metrics"]
