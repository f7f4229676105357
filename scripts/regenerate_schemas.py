#!/usr/bin/env python3
"""Regenerate the reference schemas the tests read (tests/data/schemas/) from unmodified upstream copies.

The tests validate what this library renders against the HyperPod, Karpenter and KEDA CRDs, the
``AWS::SageMaker::Cluster`` CloudFormation schema, HyperPod's stock MIG layouts and the metrics HyperPod's own
Grafana dashboard reads. Those files come from other projects; the project carries only the schema facts
(descriptions and comments stripped) so tests run on any clone, with where each came from in PROVENANCE.md.

The KEDA HTTP add-on's CRDs are read from a git clone of kedacore/http-add-on at the tag the platform's chart pin
installs (``git show <tag>:<path>``), so the schema is exactly the released one.

Usage: python scripts/regenerate_schemas.py [SOURCE_DIR] --http-add-on CLONE
       (SOURCE_DIR default: ../shared/crds beside the checkout; CLONE: a clone of github.com/kedacore/http-add-on)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = REPO_ROOT.parent / "shared" / "crds"
TARGET = REPO_ROOT / "tests" / "data" / "schemas"

HYPERPOD_CLI = "aws/sagemaker-hyperpod-cli"
CRD_FOLDER = "helm_chart/HyperPodHelmChart/charts/inference-operator/config/crd"


# The inference operator v3.3 CRDs (chart 2.3.0): rebuilt from a text index of that commit, not a git checkout
# (operator-v3.3/README.md in the source folder says how far they are trusted).
OPERATOR_V3_3 = "operator-v3.3"
OPERATOR_V3_3_COMMIT = "0986f2cc4eb14070d3aeb159c2c9b09d1b5f287b"
# file in the source folder (its name is the file's name here) -> (source repository, path in the repository,
# commit of the last change to the file, license)
SOURCES: dict[str, tuple[str, str, str, str]] = {
    f"{OPERATOR_V3_3}/inference.sagemaker.aws.amazon.com_inferenceendpointconfigs.yaml": (
        HYPERPOD_CLI, f"{CRD_FOLDER}/inference.sagemaker.aws.amazon.com_inferenceendpointconfigs.yaml",
        OPERATOR_V3_3_COMMIT, "Apache-2.0"),
    f"{OPERATOR_V3_3}/inference.sagemaker.aws.amazon.com_jumpstartmodels.yaml": (
        HYPERPOD_CLI, f"{CRD_FOLDER}/inference.sagemaker.aws.amazon.com_jumpstartmodels.yaml",
        OPERATOR_V3_3_COMMIT, "Apache-2.0"),
    f"{OPERATOR_V3_3}/inference.sagemaker.aws.amazon.com_modelweightscacheconfigs.yaml": (
        HYPERPOD_CLI, f"{CRD_FOLDER}/inference.sagemaker.aws.amazon.com_modelweightscacheconfigs.yaml",
        OPERATOR_V3_3_COMMIT, "Apache-2.0"),
    "inference.sagemaker.aws.amazon.com_sagemakerendpointregistrations.yaml": (
        HYPERPOD_CLI, f"{CRD_FOLDER}/inference.sagemaker.aws.amazon.com_sagemakerendpointregistrations.yaml",
        "4b7671922b7b918bb7b131ac5b8ea1ab195166da", "Apache-2.0"),
    "karpenter.sh_nodepools.yaml": (
        "kubernetes-sigs/karpenter", "pkg/apis/crds/karpenter.sh_nodepools.yaml",
        "2266468104f36373ed002241afaee2d3bbc26078", "Apache-2.0"),
    "keda.sh_scaledobjects.yaml": (
        "kedacore/keda", "config/crd/bases/keda.sh_scaledobjects.yaml",
        "8b4f083ca8c8c2baf8477e322bd4d16ac4dfa09a", "Apache-2.0"),
    "keda.sh_triggerauthentications.yaml": (
        "kedacore/keda", "config/crd/bases/keda.sh_triggerauthentications.yaml",
        "8b4f083ca8c8c2baf8477e322bd4d16ac4dfa09a", "Apache-2.0"),
    "keda.sh_clustertriggerauthentications.yaml": (
        "kedacore/keda", "config/crd/bases/keda.sh_clustertriggerauthentications.yaml",
        "8b4f083ca8c8c2baf8477e322bd4d16ac4dfa09a", "Apache-2.0"),
    "aws-sagemaker-cluster.cfn-schema.json": (
        "aws-cloudformation/cfn-lint", "src/cfnlint/data/schemas/resources/1dcc12816d415755.json",
        "602229535a34035f5b31c8d280e6c3773657e0f0", "MIT-0"),
    "default-mig-config.yaml": (
        HYPERPOD_CLI, "helm_chart/HyperPodHelmChart/charts/gpu-operator/config/default-mig-config.yaml",
        "3d889ab94fd1cb9ba72a0a73b81d50a737baa5f2", "Apache-2.0 (the chart's NOTICE: contains NVIDIA source code)"),
    "hyperpod-grafana-inference-dashboard.json": (
        "aws/sagemaker-hyperpod-cluster-setup",
        "eks/cloudformation/resources/grafana-lambda-function/lambda_function/dashboards/templates/inference.json",
        "6e045f89fe89c4aa24925096477217165b815e7e", "MIT-0"),
}
DASHBOARD_FACTS = "hyperpod-grafana-inference-dashboard.facts.json"

# The KEDA HTTP add-on release the wake hold's chart pin installs (hyperpod_constructs/aws/wake_hold_add_on.py):
# file here -> (path in kedacore/http-add-on, commit of the last change to the file up to the tag).
HTTP_ADD_ON = "kedacore/http-add-on"
HTTP_ADD_ON_TAG = "v0.15.0"
HTTP_ADD_ON_SOURCES: dict[str, tuple[str, str]] = {
    "http.keda.sh_interceptorroutes.yaml": (
        "config/crd/bases/http.keda.sh_interceptorroutes.yaml", "f6a47de58c7ad79840eae1fe3bbc6b57a2e4cfdf"),
}


def http_add_on_files(clone: Path) -> dict[str, bytes]:
    """The add-on's CRD files at ``HTTP_ADD_ON_TAG``, read from ``clone`` without checking anything out."""
    return {name: subprocess.run(["git", "-C", str(clone), "show", f"{HTTP_ADD_ON_TAG}:{path}"], check=True,
                                 capture_output=True).stdout
            for name, (path, _) in HTTP_ADD_ON_SOURCES.items()}


def strip_schema(node: Any) -> Any:
    """An OpenAPI / JSON schema without its prose: ``description`` annotations go, fields named
    ``description`` (keys of a ``properties`` map) stay."""
    if isinstance(node, list):
        return [strip_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    stripped: dict[str, Any] = {}
    for key, value in node.items():
        if key == "description" and isinstance(value, str):
            continue
        if key in ("properties", "patternProperties", "definitions") and isinstance(value, dict):
            stripped[key] = {name: strip_schema(schema) for name, schema in value.items()}
        else:
            stripped[key] = strip_schema(value)
    return stripped


# What validating a template needs of a CloudFormation registry schema; the registry's own bookkeeping
# (tagging, identifiers, read-only attributes) is left behind.
CFN_SCHEMA_FACTS = ("typeName", "properties", "definitions", "required", "additionalProperties",
                    "createOnlyProperties")


def cfn_schema_facts(schema: dict[str, Any]) -> dict[str, Any]:
    return {key: strip_schema(schema[key]) for key in CFN_SCHEMA_FACTS if key in schema}


def crd_facts(document: dict[str, Any]) -> dict[str, Any]:
    """What validation needs of a CRD: group, names, and each version's schema (no printer columns, no prose)."""
    spec = document["spec"]
    return {
        "apiVersion": document["apiVersion"],
        "kind": document["kind"],
        "metadata": {"name": document["metadata"]["name"]},
        "spec": {
            "group": spec["group"],
            "names": {key: spec["names"][key] for key in ("kind", "plural", "singular") if key in spec["names"]},
            "scope": spec["scope"],
            "versions": [{"name": version["name"], "served": version.get("served", True),
                          "storage": version.get("storage", False),
                          "schema": {"openAPIV3Schema": strip_schema(version["schema"]["openAPIV3Schema"])}}
                         for version in spec["versions"]],
        },
    }


_SELECTOR = re.compile(r"\b([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(?=\{|\[)")
_MATCHER = re.compile(r"\b([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*\"([^\"]*)\"")


def dashboard_facts(dashboard: dict[str, Any]) -> dict[str, Any]:
    """The metrics and label matchers HyperPod's dashboard queries use, not the dashboard itself."""
    expressions: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("expr"), str):
                expressions.append(node["expr"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(dashboard)
    functions = {"rate", "sum", "histogram_quantile", "increase", "avg", "max", "min", "count", "irate", "by",
                 "without", "on", "ignoring", "label_replace", "topk", "clamp_min", "vector"}
    metrics = sorted({name for expression in expressions for name in _SELECTOR.findall(expression)} - functions)
    matchers = sorted({(label, op, value) for expression in expressions
                       for label, op, value in _MATCHER.findall(expression) if not value.startswith("$")})
    variables = sorted({label for expression in expressions for label, _, value in _MATCHER.findall(expression)
                        if value.startswith("$")})
    return {"uid": dashboard["uid"], "title": dashboard["title"], "queries": len(expressions), "metrics": metrics,
            "fixed_label_matchers": [list(matcher) for matcher in matchers],
            "labels_selected_by_variables": variables}


def write_yaml(path: Path, documents: list[Any]) -> None:
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False, width=120))


def regenerate(source: Path, http_add_on: Path, target: Path = TARGET) -> list[Path]:
    missing = [name for name in SOURCES if not (source / name).exists()]
    if missing:
        raise SystemExit(f"{source} lacks {', '.join(missing)}")
    (target / "crds").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for source_name in SOURCES:
        text = (source / source_name).read_text()
        name = Path(source_name).name
        if name.endswith(".yaml") and name != "default-mig-config.yaml":
            documents = [crd_facts(doc) for doc in yaml.safe_load_all(text)
                         if doc and doc.get("kind") == "CustomResourceDefinition"]
            out = target / "crds" / name
            write_yaml(out, documents)
        elif name == "default-mig-config.yaml":
            out = target / name
            write_yaml(out, [yaml.safe_load(text)])  # the layouts without the comments
        elif name == "aws-sagemaker-cluster.cfn-schema.json":
            out = target / name
            out.write_text(json.dumps(cfn_schema_facts(json.loads(text)), indent=1, sort_keys=True) + "\n")
        else:
            out = target / DASHBOARD_FACTS
            out.write_text(json.dumps(dashboard_facts(json.loads(text)), indent=1) + "\n")
        written.append(out)
    add_on_files = http_add_on_files(http_add_on)
    for name, data in add_on_files.items():
        out = target / "crds" / name
        write_yaml(out, [crd_facts(doc) for doc in yaml.safe_load_all(data) if doc])
        written.append(out)
    written.append(write_provenance(source, target, add_on_files))
    return written


def write_provenance(source: Path, target: Path, add_on_files: dict[str, bytes]) -> Path:
    lines = [
        "# Where the reference schemas come from",
        "",
        "Generated by `scripts/regenerate_schemas.py` from unmodified copies of the files below; do not edit by hand.",
        "Descriptions and comments are stripped (CRD and CloudFormation schemas keep every structural fact: types,",
        "properties, required, enums, patterns, limits, `x-kubernetes-*`; CRDs keep group, names, scope and",
        "versions). From the Grafana dashboard only the metric names and label matchers of its queries are kept.",
        "",
        f"The inference operator CRDs are those of operator v3.3 (chart 2.3.0, commit `{OPERATOR_V3_3_COMMIT[:8]}`).",
        "No git snapshot of that commit could be fetched: the files were rebuilt from a stored text index of it (the",
        "chart-2.2.2 files with the v3.3 blocks inserted, the new kinds transcribed; each file's length equals the",
        "source's, and the text matched at every compared page boundary). They are the schema of v3.3 for validation",
        "and `cdk8s import`; `sagemakerendpointregistrations` is still chart 2.2.2's.",
        "",
        "| File here | Source repository | Path in source | Commit (last change to the file) | License | SHA-256 of the source file |",
        "|---|---|---|---|---|---|",
    ]
    for source_name, (repository, path, commit, license_name) in SOURCES.items():
        name = Path(source_name).name
        here = f"crds/{name}" if name.endswith(".yaml") and name != "default-mig-config.yaml" else name
        if name == "hyperpod-grafana-inference-dashboard.json":
            here = DASHBOARD_FACTS
        digest = hashlib.sha256((source / source_name).read_bytes()).hexdigest()
        lines.append(f"| `{here}` | {repository} | `{path}` | `{commit}` | {license_name} | `{digest[:16]}…` |")
    for name, (path, commit) in HTTP_ADD_ON_SOURCES.items():
        digest = hashlib.sha256(add_on_files[name]).hexdigest()
        lines.append(f"| `crds/{name}` | {HTTP_ADD_ON} (tag {HTTP_ADD_ON_TAG}) | `{path}` | `{commit}` | Apache-2.0 | "
                     f"`{digest[:16]}…` |")
    out = target / "PROVENANCE.md"
    out.write_text("\n".join(lines) + "\n")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help="folder with the unmodified upstream files (default: ../shared/crds)")
    parser.add_argument("--http-add-on", type=Path, required=True,
                        help=f"a git clone of github.com/{HTTP_ADD_ON} holding the tag {HTTP_ADD_ON_TAG}")
    args = parser.parse_args(argv)
    for path in regenerate(args.source, args.http_add_on):
        print(path.relative_to(REPO_ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
