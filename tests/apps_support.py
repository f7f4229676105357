"""Synthesize apps for tests (with cdk-nag attached) and read what they produced."""
from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Protocol

import aws_cdk as cdk
import pytest
import yaml

from support import REPO_ROOT, once_per_run

_HASH = re.compile(r"[0-9a-f]{64}")

DEFAULT_APP = "apps/quick_setup.py"


def app_files() -> list[str]:
    """The default app and every example (found by glob, so a new example is covered without editing tests)."""
    examples = sorted(path.relative_to(REPO_ROOT).as_posix() for path in (REPO_ROOT / "examples").glob("*.py")
                      if not path.name.startswith("_"))
    return [DEFAULT_APP, *examples]


def app_id(relative: str) -> str:
    """A short test id: the file's stem (``quick_setup``, ``scale_to_zero`` ...)."""
    return relative.rsplit("/", 1)[-1].removesuffix(".py")


def app_param(relative: str, *values: Any) -> Any:
    """A pytest param for one app, id'd by its stem: the default app runs in `make test-fast`, the examples
    (a synth each) are marked slow and run in `make test`."""
    return pytest.param(*(values or (relative,)), id=app_id(relative),
                        marks=() if relative == DEFAULT_APP else pytest.mark.slow)


class SynthesizedApp(Protocol):
    """What tests read of an app synthesized with cdk-nag: its live constructs and what synthesis wrote."""

    app: cdk.App
    stack: cdk.Stack
    platform: Any
    template: dict[str, Any]
    outdir: Path
    nag_violations: list[tuple[str, str]]


@dataclass
class BuiltApp:
    """An app built and synthesized in this process (``synthesize``)."""

    app: cdk.App
    stack: cdk.Stack
    platform: Any
    template: dict[str, Any]
    outdir: Path
    nag_violations: list[tuple[str, str]]


def load_module(relative: str) -> Any:
    """Import an app or example file by path (they are scripts, not a package)."""
    path = REPO_ROOT / relative
    name = "app_" + re.sub(r"\W", "_", relative)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# With the feature flag @aws-cdk/core:annotationsInValidationReport (cdk.json), CDK lists every warning and error
# annotation in the validation report too, as one more plugin: those are not cdk-nag's findings.
ANNOTATIONS_PLUGIN = "Construct Annotations"


def nag_violations(outdir: Path) -> list[tuple[str, str]]:
    """(rule, construct path) for every cdk-nag violation in the cloud assembly's validation report."""
    report = outdir / "validation-report.json"
    if not report.exists():
        return []
    found = []
    for plugin in json.loads(report.read_text()).get("pluginReports", []):
        if plugin.get("pluginName") == ANNOTATIONS_PLUGIN:
            continue
        for violation in plugin.get("violations", []):
            for construct in violation.get("violatingConstructs", []):
                found.append((violation["ruleName"], construct["constructPath"]))
    return found


@functools.cache
def cloudformation_validation() -> cdk.CloudFormationValidatePlugin:
    """The plugin CDK's built-in validation is, made once per process as CDK makes its own: each new one loads the
    validation engine into Node again (seconds, and hundreds of MB that stay)."""
    return cdk.CloudFormationValidatePlugin()


def synthesize(build: Callable[[cdk.App], tuple[cdk.Stack, Any]], tmp: Path) -> BuiltApp:
    """Build with cdk-nag attached; a nag failure is recorded, not raised, so tests can list findings."""
    from cdk_nag import AwsSolutionsChecks

    app = cdk.App(outdir=str(tmp / "cdk.out"))
    stack, platform = build(app)
    # CloudFormation validation as `cdk synth` runs it (tests/conftest.py turns the built-in one off elsewhere).
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app), cloudformation_validation())
    try:
        app.synth()
    except Exception as error:  # cdk-nag reports through a validation failure
        if "Validation failed" not in str(error):
            raise
    outdir = Path(app.outdir)
    return BuiltApp(app, stack, platform, stack_template(outdir, stack.artifact_id), outdir, nag_violations(outdir))


def stack_template(outdir: Path, artifact_id: str) -> dict[str, Any]:
    return json.loads((outdir / f"{artifact_id}.template.json").read_text())


Assembly = tuple[dict[str, Any], Path, list[tuple[str, str]]]  # the stack's template, the outdir, cdk-nag's findings


class SharedApp:
    """One of the apps every test module reads (apps/ and examples/, ``synthesized`` in tests/conftest.py),
    synthesized with cdk-nag once per run: the first of `make test`'s workers to ask builds it, in the run's folder
    (support.once_per_run); another worker reads its template, cloud assembly and findings from there, and builds
    the app itself only for a test that reads its constructs (``app``, ``stack``, ``platform``). Nothing is built
    before a test reads something."""

    def __init__(self, relative: str, tmp_path_factory: pytest.TempPathFactory) -> None:
        self._relative = relative
        self._tmp_path_factory = tmp_path_factory
        self._built: Optional[BuiltApp] = None
        self._published: Optional[Assembly] = None

    def __repr__(self) -> str:  # pytest may show a fixture's value in a report: that must build nothing
        return f"SharedApp({self._relative!r})"

    def _synthesize(self, folder: Path) -> BuiltApp:
        return synthesize(load_module(self._relative).build, folder)

    def _assembly(self) -> Assembly:
        """Template, cloud assembly and findings: this worker's if it built the app, else the run's."""
        if self._built is None and self._published is None:
            def build_here(folder: Path) -> dict[str, str]:
                self._built = self._synthesize(folder)
                return {"outdir": str(self._built.outdir), "artifact_id": self._built.stack.artifact_id}

            published = once_per_run(self._tmp_path_factory, f"app-{app_id(self._relative)}", build_here)
            if self._built is None:  # another worker built it
                outdir = Path(published["outdir"])
                self._published = (stack_template(outdir, published["artifact_id"]), outdir, nag_violations(outdir))
        if self._built is not None:
            return self._built.template, self._built.outdir, self._built.nag_violations
        assert self._published is not None
        return self._published

    def _live(self) -> BuiltApp:
        self._assembly()
        if self._built is None:  # read from another worker's build until now: build it here too
            built = self._synthesize(self._tmp_path_factory.mktemp(app_id(self._relative)))
            assert self._published is not None
            # The tests read both builds (the template first, the constructs later): they must be the same app.
            assert (built.template, built.nag_violations) == (self._published[0], self._published[2]), (
                f"{self._relative} synthesizes differently in two workers")
            self._built = built
        return self._built

    @property
    def app(self) -> cdk.App:
        return self._live().app

    @property
    def stack(self) -> cdk.Stack:
        return self._live().stack

    @property
    def platform(self) -> Any:
        return self._live().platform

    @property
    def template(self) -> dict[str, Any]:
        return self._assembly()[0]

    @property
    def outdir(self) -> Path:
        return self._assembly()[1]

    @property
    def nag_violations(self) -> list[tuple[str, str]]:
        return self._assembly()[2]


# Constructs aws-cdk-lib adds for its own plumbing (custom resource providers, their Lambda code, layers):
# their resources are aws-cdk-lib's business, and a CDK upgrade rewrites them wholesale.
_HANDLER_FQNS = frozenset({
    "aws-cdk-lib.aws_eks_v2.KubectlProvider",
    "aws-cdk-lib.custom_resources.Provider",
    "aws-cdk-lib.CustomResourceProvider",
    "aws-cdk-lib.CustomResourceProviderBase",
    "aws-cdk-lib.lambda_layer_awscli.AwsCliLayer",
    "@aws-cdk/lambda-layer-kubectl-v33.KubectlV33Layer",
})
# BucketDeployment's handler is a stack-level singleton function named after its fixed UUID.
_HANDLER_ID_PREFIXES = ("Custom::CDKBucketDeployment",)


def _construct_fqns(outdir: Path) -> dict[str, str]:
    """Construct path -> class (``constructInfo.fqn``), from the cloud assembly's tree.json."""
    fqns: dict[str, str] = {}
    stack = [json.loads((outdir / "tree.json").read_text())["tree"]]
    while stack:
        node = stack.pop()
        fqns[node.get("path", "")] = node.get("constructInfo", {}).get("fqn", "")
        stack.extend(node.get("children", {}).values())
    return fqns


def _logical_id_paths(outdir: Path, artifact_id: str) -> dict[str, str]:
    """Logical id -> construct path, from the stack's ``aws:cdk:logicalId`` metadata."""
    split = outdir / f"{artifact_id}.metadata.json"
    metadata = (json.loads(split.read_text()) if split.exists()
                else json.loads((outdir / "manifest.json").read_text())["artifacts"][artifact_id].get("metadata", {}))
    return {entry["data"]: path.lstrip("/") for path, entries in metadata.items() for entry in entries
            if entry["type"] == "aws:cdk:logicalId"}


def is_cdk_handler(path: str, fqns: dict[str, str]) -> bool:
    parts = path.split("/")
    return any(fqns.get("/".join(parts[:depth])) in _HANDLER_FQNS or parts[depth - 1].startswith(_HANDLER_ID_PREFIXES)
               for depth in range(1, len(parts) + 1))


# Properties holding a whole YAML document as one string: shown parsed, so a diff is per line, not one long line.
_YAML_PROPERTIES = {("AWS::APS::RuleGroupsNamespace", "Data")}


def _readable(resource: dict[str, Any]) -> dict[str, Any]:
    properties = resource.get("Properties", {})
    parsed = {name: {"(YAML, parsed)": yaml.safe_load(value)} for (kind, name) in _YAML_PROPERTIES
              if kind == resource["Type"] and isinstance(value := properties.get(name), str)}
    return {**resource, "Properties": {**properties, **parsed}} if parsed else resource


def library_template(app: SynthesizedApp) -> dict[str, Any]:
    """The template with aws-cdk-lib's own handler resources (providers, their Lambda functions, roles and
    layers) listed by logical id and type only, so a snapshot shows what the library writes."""
    fqns = _construct_fqns(app.outdir)
    paths = _logical_id_paths(app.outdir, app.stack.artifact_id)
    template = dict(app.template)
    own: dict[str, Any] = {}
    handlers: list[str] = []
    for logical_id, resource in template["Resources"].items():
        if is_cdk_handler(paths.get(logical_id, ""), fqns):
            handlers.append(f"{logical_id} ({resource['Type']})")
        else:
            own[logical_id] = _readable(resource)
    template["Resources"] = own
    template["aws-cdk-lib handler resources (not shown)"] = sorted(handlers)
    return template


def mask_hashes(value: Any) -> Any:
    """Asset hashes change with any asset byte; snapshots should show what changed for users instead."""
    return json.loads(_HASH.sub("<asset-hash>", json.dumps(value, sort_keys=True)))


def resources(template: dict[str, Any], type_name: str) -> dict[str, dict[str, Any]]:
    """Logical id -> resource, for every resource of one type in a template."""
    return {key: value for key, value in template["Resources"].items() if value["Type"] == type_name}


def only(template: dict[str, Any], type_name: str) -> dict[str, Any]:
    """The one resource of a type, failing with what was found otherwise."""
    found = resources(template, type_name)
    assert len(found) == 1, f"expected one {type_name}, found {sorted(found)}"
    return next(iter(found.values()))


def synth_problems(build: Callable[[cdk.Stack], Any], stack_id: str = "Checks") -> str:
    """Synthesize what ``build`` adds to a new stack and return the validation report; fail if synth succeeds."""
    app = cdk.App()
    build(cdk.Stack(app, stack_id))
    with pytest.raises(Exception) as raised:
        app.synth()
    return str(raised.value)


APPLIER = "Custom::HyperPodManifests"


def bundle_members(template: dict[str, Any], outdir: Path) -> dict[str, bytes]:
    """The applier's bundle as staged in the cloud assembly (asset.<hash>.zip, the hash names the S3 object):
    member name -> bytes."""
    key = only(template, APPLIER)["Properties"]["BundleKey"]
    path = outdir / f"asset.{key}"
    assert path.is_file(), f"no staged bundle {path}"
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in sorted(archive.namelist())}


def bundle_manifests(template: dict[str, Any], outdir: Path) -> dict[str, bytes]:
    """The bundle's ``manifests/`` folder: file name -> bytes, as ``files_under`` gives an exported folder."""
    return {name.removeprefix("manifests/"): data for name, data in bundle_members(template, outdir).items()
            if name.startswith("manifests/")}


def files_under(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


OIDC_PROVIDER_ARN = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/EXAMPLE"


# Imported ids are shaped like real ones: with the feature flag @aws-cdk/core:validateAgainstDefaultRules (cdk.json)
# CDK's CloudFormation validation refuses an id that does not match its resource type's format.
VPC_ID = "vpc-0123456789abcdef0"


def subnet_id(number: int) -> str:
    """``subnet-00000000000000001`` for 1, and so on: a well-formed subnet id per number."""
    return f"subnet-{number:017x}"


def imported_vpc(stack: cdk.Stack, construct_id: str = "Vpc", subnets: int = 2) -> Any:
    """An existing VPC as a custom setup imports it (no lookups, so no credentials)."""
    from aws_cdk import aws_ec2 as ec2

    return ec2.Vpc.from_vpc_attributes(stack, construct_id, vpc_id=VPC_ID,
                                       availability_zones=[f"us-west-2{chr(97 + index)}" for index in range(subnets)],
                                       private_subnet_ids=[subnet_id(index + 1) for index in range(subnets)])


def imported_cluster(stack: cdk.Stack, vpc: Any = None, *, oidc: bool = True, **attributes: Any) -> Any:
    """An existing EKS cluster (aws_eks_v2) imported with its VPC and, unless ``oidc=False``, its OIDC provider."""
    from aws_cdk import aws_eks_v2 as eks, aws_iam as iam

    if oidc:
        attributes["open_id_connect_provider"] = iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(
            stack, "ClusterOidc", OIDC_PROVIDER_ARN)
    return eks.Cluster.from_cluster_attributes(stack, "ExistingCluster", cluster_name=attributes.pop("cluster_name", "c"),
                                               vpc=vpc, **attributes)


def imported_bucket(scope: Any, name: str = "my-models") -> Any:
    """An existing bucket, ``s3.Bucket.from_bucket_name``, imported once per stack and name."""
    from aws_cdk import aws_s3 as s3

    stack = cdk.Stack.of(scope)
    construct_id = f"Bucket-{name}"
    return stack.node.try_find_child(construct_id) or s3.Bucket.from_bucket_name(stack, construct_id, name)


def s3_model(scope: Any, prefix: str = "m/", **options: Any) -> Any:
    """``ModelSource.s3`` on the imported bucket ``my-models`` of ``scope``'s stack."""
    from hyperpod_constructs import ModelSource

    return ModelSource.s3(imported_bucket(scope), prefix, **options)


# A bucket name written out in an s3:// URI or an S3 ARN (templates split ARNs into ":s3:::" and the name), up to
# the first '/', quote, wildcard or deploy-time placeholder.
_BUCKET_IN_TEXT = re.compile(r"(?:s3://|:s3:::)([^/\s\"'$*]+)")


def literal_bucket_names(value: Any, key: str = "") -> set[str]:
    """Bucket names spelled out in a template or manifests: in URIs and ARNs, and as the value of a field whose
    name ends in ``bucket`` / ``bucketName``. A name from a Ref, GetAtt or placeholder is not literal."""
    if isinstance(value, dict):
        return set().union(*(literal_bucket_names(item, name) for name, item in value.items()))
    if isinstance(value, list):
        return set().union(*(literal_bucket_names(item, key) for item in value))
    if not isinstance(value, str):
        return set()
    found = set(_BUCKET_IN_TEXT.findall(value))
    if key.lower().endswith(("bucket", "bucketname")) and value and "$" not in value:
        found.add(value)
    return found


def created_bucket_names(template: dict[str, Any]) -> set[str]:
    """Names the stack gives the buckets it creates (``BucketName`` of its ``AWS::S3::Bucket`` resources)."""
    return {resource["Properties"]["BucketName"] for resource in resources(template, "AWS::S3::Bucket").values()
            if isinstance(resource.get("Properties", {}).get("BucketName"), str)}
