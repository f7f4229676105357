"""Synth stays lean: pure-Python parts import without starting Node, the public names resolve lazily, YAML is
written by libyaml's C emitter with the same text as PyYAML's Python one, and per-group work is done once."""
from __future__ import annotations

import ast
import difflib
import json
import subprocess
import sys

import pytest
import yaml

import hyperpod_constructs
from hyperpod_constructs import yaml_writer
from support import REPO_ROOT

NODE_BACKED = ("jsii", "aws_cdk", "cdk8s", "cdk8s_plus_28", "constructs")


def test_pure_python_parts_import_without_jsii_or_cdk() -> None:
    code = (
        "import sys, json\n"
        "import hyperpod_constructs.catalog.instance_types, hyperpod_constructs.catalog.mig\n"
        "import hyperpod_constructs.planner, hyperpod_constructs.intent.endpoint, hyperpod_constructs.intent.jumpstart\n"
        "import hyperpod_constructs.observability.alerts, hyperpod_constructs.observability.queries\n"
        "from hyperpod_constructs import InstanceGroup, InferenceEndpoint, MigLayout, plan_mig, EndpointSlos\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in %r)))\n" % (NODE_BACKED,))
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120,
                            check=True)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
    assert "node" not in result.stderr.lower(), result.stderr  # jsii prints a Node banner when it starts


def test_every_public_name_resolves_and_matches_the_typing_imports() -> None:
    for name in hyperpod_constructs.__all__:
        assert getattr(hyperpod_constructs, name).__name__ == name
    # The TYPE_CHECKING block (what IDEs and type checkers read) lists the same names from the same modules.
    tree = ast.parse((REPO_ROOT / "hyperpod_constructs" / "__init__.py").read_text())
    guarded = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    typed = {alias.name: "." * node.level + (node.module or "") for node in guarded.body
             if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert typed == hyperpod_constructs._EXPORTS
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchThing'"):
        getattr(hyperpod_constructs, "NoSuchThing")


def test_c_emitter_is_used_and_writes_the_same_text() -> None:
    assert yaml_writer.SafeDumper is getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    from hyperpod_constructs.observability import alerts
    from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint

    rules = alerts.rule_groups([ResolvedEndpoint(name=f"m-{i}", max_replicas=1 + i % 3) for i in range(20)], "5m")
    manifest = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "labels": {"a": "b"}},
                "data": {"config.yaml": "version: v1\nmig-configs: {}\n", "token": "${Token[TOKEN.123]}",
                         "long": "word " * 60, "empty": "", "quoted": "yes", "number-like": "0123"}}
    for document, width in ((rules, yaml_writer.NO_WRAP), (manifest, None)):
        assert (yaml_writer.dump(document, width=width)
                == yaml_writer.dump(document, width=width, dumper=yaml.SafeDumper))
    assert yaml_writer.dump_all([manifest, rules]) == yaml_writer.dump_all([manifest, rules], dumper=yaml.SafeDumper)


def _pyyaml_manifests(documents: list) -> str:
    return yaml.dump_all(documents, Dumper=yaml_writer.ManifestDumper, sort_keys=False, width=yaml_writer.NO_WRAP)


@pytest.mark.parametrize("documents", [
    [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "labels": {}},
      "data": {"multi": "line one\nline two\n", "uri": "s3://${Bucket}/certs", "yes": "yes", "true": "true",
               "octal": "0123", "float-like": "1.0", "colon": "a: b", "dash": "- item", "unicode": "caf\u00e9 \u2713",
               "empty": "", "space": " leading", "long": "word " * 80}},
     {"spec": {"replicas": 0, "ratio": 0.25, "big": 1e20, "inf": float("inf"), "on": True, "off": False,
               "none": None, "items": [], "nested": [[1, 2], {"k": [None, "${Region}"]}], "map": {}}}],
    [],
])
def test_manifests_are_written_as_pyyaml_writes_them(documents: list) -> None:
    assert yaml_writer.dump_manifests(documents) == _pyyaml_manifests(documents)


def test_the_default_apps_manifests_are_written_as_pyyaml_writes_them(quick_setup) -> None:
    platform = quick_setup.platform
    for manifests in platform.charts.values():
        documents = platform.deploy_time_values.to_placeholders(manifests)
        assert yaml_writer.dump_manifests(documents) == _pyyaml_manifests(documents)


def test_mig_layout_is_resolved_once_per_group() -> None:
    from hyperpod_constructs import InstanceGroup

    group = InstanceGroup("h100", "ml.p5.48xlarge", mig_config="all-3g.40gb")
    assert group.mig_layout is group.mig_layout
    assert group == InstanceGroup("h100", "ml.p5.48xlarge", mig_config="all-3g.40gb")  # cache is not a field


def test_close_match_hint_is_built_only_for_a_wrong_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    from hyperpod_constructs import HyperPodValidationError, InstanceGroup

    calls: list[str] = []
    original = difflib.get_close_matches

    def counting(word: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(word)
        return original(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counting)
    from hyperpod_constructs import MigDemand, plan_mig

    InstanceGroup("h100", "ml.p5.48xlarge", mig_config="all-3g.40gb")
    plan_mig("ml.p5.48xlarge", [MigDemand("a", "mig-3g.40gb", max_replicas=2)])
    assert calls == []
    with pytest.raises(HyperPodValidationError, match="did you mean 'all-3g.40gb'"):
        InstanceGroup("h100", "ml.p5.48xlarge", mig_config="all-3g.40g")
    with pytest.raises(HyperPodValidationError, match="did you mean 'ml.p5.48xlarge'"):
        InstanceGroup("h100", "ml.p5.48xl")
    assert calls == ["all-3g.40g", "ml.p5.48xl"]


def _through_cdk8s(builds: list) -> list[dict]:
    """Each build in a chart of its own; the API object it returns, rendered by cdk8s."""
    import cdk8s

    app = cdk8s.App()
    return [build(cdk8s.Chart(app, f"chart-{index}", disable_resource_name_hashes=True)).to_json()
            for index, build in enumerate(builds)]


def test_python_rendering_is_exactly_what_the_k8s_layer_objects_render() -> None:
    """``rendered`` stands in for an untouched chart: for every endpoint shape, a scaled workload, a node pool and
    a plain object it must equal the typed (or plain) API object's JSON, key order included."""
    sys.path.insert(0, str(REPO_ROOT / "tests" / "endpoints"))  # the endpoint tests' cases, as pytest imports them
    import test_endpoint_manifests as endpoint_cases

    from hyperpod_constructs.intent.autoscaling import Autoscaling, PrometheusTrigger
    from hyperpod_constructs.resolve.endpoint import resolve_endpoint, resolve_scaled_workload
    from hyperpod_constructs.intent.instance_group import InstanceGroup
    from hyperpod_constructs.intent.keda_workload import ScaledWorkload
    from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
    from hyperpod_constructs.resolve.node_pools import resolve_node_pools
    from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
    from hyperpod_constructs.k8s.api_objects import add_api_object, rendered
    from hyperpod_constructs.k8s.karpenter import add_node_autoscaling, render_node_autoscaling
    from hyperpod_constructs.k8s.keda import add_scaled_workloads, render_keda
    from hyperpod_constructs.k8s.model_deployment import add_endpoint_object, endpoint_manifest

    resolved = [resolve_endpoint(endpoint, view) for endpoint, view in endpoint_cases.ENDPOINTS.values()]
    cases = [(endpoint_manifest(record), lambda chart, record=record: add_endpoint_object(chart, record))
             for record in resolved]
    view = next(iter(endpoint_cases.ENDPOINTS.values()))[1]
    router = ScaledWorkload(name="router", namespace="inference", target_name="router", autoscaling=Autoscaling(
        min_replicas=1, max_replicas=3, trigger=PrometheusTrigger(name="q", query="sum(x)", target_value=2.0)))
    workloads = (resolve_scaled_workload(router, view),)
    keda = render_keda(workloads)
    cases += [(manifest, lambda chart, index=index: add_scaled_workloads(chart, workloads)[index])
              for index, manifest in enumerate(keda)]
    platform = ResolvedPlatform.of((InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2),),
                                   NodeAutoscaling(enabled=True))
    pools = resolve_node_pools(platform)
    node_pool = render_node_autoscaling(pools)[1]
    cases.append((node_pool, lambda chart: add_node_autoscaling(chart, pools)[1]))
    corner = {  # a plain object: whole floats, empty and null metadata, annotations, nulls in the body, order kept
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "x", "namespace": "ns", "labels": {}, "annotations": {"b": "2", "a": "1"},
                     "finalizers": []},
        "data": {"z": "1", "a": "2"}, "spec": {"ratio": 1.0, "half": 0.5, "nothing": None, "list": [{"b": 1, "a": {}, "c": None}, None]}}
    cases.append((corner, lambda chart: add_api_object(chart, corner)))
    assert len(cases) > 15
    python = [rendered(manifest) for manifest, _ in cases]
    via_cdk8s = _through_cdk8s([build for _, build in cases])
    for mine, theirs in zip(python, via_cdk8s):
        assert json.dumps(mine) == json.dumps(theirs)  # same keys, values, types and key order
