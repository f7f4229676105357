"""The installer's pure decisions: archive URL and members, values, helm/kubectl command lines, kubeconfig."""
from __future__ import annotations

import base64
import json

import pytest

SHA = "011ca927123e02b35a399935bbb3ab1905fe33c7"
CHART = "helm_chart/HyperPodHelmChart"


def props(**overrides: str) -> dict[str, str]:
    base = {
        "ServiceToken": "arn:aws:lambda:us-west-2:111111111111:function:x",
        "ClusterName": "llm", "Repository": "aws/sagemaker-hyperpod-cli", "ChartPath": CHART, "GitRef": SHA,
        "Release": "hyperpod-dependencies", "Namespace": "kube-system",
        "Values": json.dumps({"inferenceOperators": {"enabled": False}}), "Wait": "false",
    }
    base.update(overrides)
    return base


def test_tarball_url_for_a_commit_and_a_tag(plan):
    assert plan.tarball_url("aws/sagemaker-hyperpod-cli", SHA) == (
        f"https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/{SHA}")
    assert plan.tarball_url("aws/sagemaker-hyperpod-cli", "v3.2.0").endswith("/tar.gz/v3.2.0")


@pytest.mark.parametrize(("member", "expected"), [
    (f"sagemaker-hyperpod-cli-{SHA}/{CHART}/Chart.yaml", "Chart.yaml"),
    # tag archives drop the "v": the top folder is skipped whatever its name
    (f"sagemaker-hyperpod-cli-3.2.0/{CHART}/charts/gpu-operator/values.yaml", "charts/gpu-operator/values.yaml"),
    (f"sagemaker-hyperpod-cli-{SHA}/{CHART}", "."),
    (f"sagemaker-hyperpod-cli-{SHA}/{CHART}Other/Chart.yaml", None),  # a sibling whose name merely starts alike
    (f"sagemaker-hyperpod-cli-{SHA}/src/sagemaker/hyperpod/cli.py", None),
    (f"sagemaker-hyperpod-cli-{SHA}/{CHART}/../../etc/passwd", None),
    ("pax_global_header", None),
])
def test_only_chart_members_are_extracted(plan, member, expected):
    assert plan.chart_member_path(member, CHART) == expected


def test_deep_merge_follows_helm_rules_and_leaves_inputs_alone(plan):
    base = {"global": {"region": "us-west-2"}, "tolerations": [{"key": "a"}], "keep": 1}
    override = {"global": {"extra": True}, "tolerations": [{"key": "b"}]}
    merged = plan.deep_merge(base, override)
    assert merged == {"global": {"region": "us-west-2", "extra": True}, "tolerations": [{"key": "b"}], "keep": 1}
    assert base["global"] == {"region": "us-west-2"}  # not mutated


def test_user_region_wins_over_the_default(plan):
    merged = plan.deep_merge(plan.region_defaults("eu-west-1"), {"health-monitoring-agent": {"region": "eu-north-1"}})
    assert merged == {"global": {"region": "eu-west-1"}, "health-monitoring-agent": {"region": "eu-north-1"}}


def test_gpu_operator_subchart_gets_its_own_dependency_update_only_when_enabled(plan):
    assert plan.subcharts_to_prepare({"gpu-operator": {"enabled": True}}) == ["charts/gpu-operator"]
    assert plan.subcharts_to_prepare({"gpu-operator": {"enabled": False}}) == []
    assert plan.subcharts_to_prepare({}) == []
    assert plan.gpu_operator_regional_values_path("us-west-2") == (
        "charts/gpu-operator/regional-values/values-us-west-2.yaml")


def test_regional_values_are_nested_under_the_subchart_key(plan):
    text = "---\ngpu-operator:\n  operator:\n    repository: \"mirror.example\"\n\n  toolkit:\n    repository: x\n"
    assert plan.nest_values_yaml(text, "gpu-operator") == (
        "gpu-operator:\n"
        "  gpu-operator:\n"
        "    operator:\n"
        "      repository: \"mirror.example\"\n"
        "\n"
        "    toolkit:\n"
        "      repository: x\n"
    )


def test_parse_properties(plan):
    request = plan.parse_properties(props(Wait="true"))
    assert (request.cluster_name, request.git_ref, request.release, request.namespace) == (
        "llm", SHA, "hyperpod-dependencies", "kube-system")
    assert request.values == {"inferenceOperators": {"enabled": False}}
    assert request.wait is True
    assert plan.parse_properties(props()).wait is False


def test_parse_properties_names_what_is_missing(plan):
    with pytest.raises(ValueError, match="missing: GitRef, Namespace"):
        plan.parse_properties(props(GitRef="", Namespace=""))
    with pytest.raises(ValueError, match="Values must be a JSON object"):
        plan.parse_properties(props(Values="[1]"))


def test_upgrade_argv_for_create_and_update(plan):
    request = plan.parse_properties(props())
    argv = plan.upgrade_argv(request, "/tmp/w/chart", ["/tmp/w/gpu.yaml", "/tmp/w/values.json"], "/tmp/w/kubeconfig")
    assert argv == [
        "/opt/helm/helm", "upgrade", "--install", "hyperpod-dependencies", "/tmp/w/chart",
        "--namespace", "kube-system", "--create-namespace",
        "--kubeconfig", "/tmp/w/kubeconfig", "--timeout", "10m",
        "--values", "/tmp/w/gpu.yaml", "--values", "/tmp/w/values.json",
    ]
    waiting = plan.upgrade_argv(plan.parse_properties(props(Wait="true")), "c", [], "k")
    assert waiting[-1] == "--wait=watcher"  # Helm 4: --wait takes a strategy


def test_dependency_update_and_uninstall_argv(plan):
    assert plan.dependency_update_argv("/tmp/w/chart") == ["/opt/helm/helm", "dependency", "update", "/tmp/w/chart"]
    assert plan.uninstall_argv("hyperpod-dependencies", "kube-system", "/tmp/w/kubeconfig") == [
        "/opt/helm/helm", "uninstall", "hyperpod-dependencies", "--namespace", "kube-system",
        "--kubeconfig", "/tmp/w/kubeconfig", "--ignore-not-found", "--timeout", "10m",
    ]



def test_can_i_argv(cluster_plan):
    assert cluster_plan.can_i_argv("k")[:4] == ["/opt/kubectl/kubectl", "auth", "can-i", "*"]


def test_physical_resource_id_round_trip(plan):
    request = plan.parse_properties(props())
    physical_id = plan.physical_resource_id(request)
    assert physical_id == "llm/kube-system/hyperpod-dependencies"
    assert plan.parse_physical_resource_id(physical_id) == ("llm", "kube-system", "hyperpod-dependencies")
    assert plan.parse_physical_resource_id("AWSCDK::CustomResourceProviderFramework::CREATE_FAILED") is None


def test_response_data_reports_the_chart_path_and_ref(plan):
    data = plan.response_data(plan.parse_properties(props()))
    assert data["ChartPath"] == CHART and data["GitRef"] == SHA


def test_kubeconfig_structure(cluster_plan):
    config = cluster_plan.render_kubeconfig("llm", "https://ABC.gr7.us-west-2.eks.amazonaws.com", "Q0E=", "k8s-aws-v1.abc")
    assert config["current-context"] == "llm"
    (cluster,) = config["clusters"]
    assert cluster == {"name": "llm", "cluster": {
        "server": "https://ABC.gr7.us-west-2.eks.amazonaws.com", "certificate-authority-data": "Q0E="}}
    (context,) = config["contexts"]
    (user,) = config["users"]
    assert context["context"] == {"cluster": "llm", "user": user["name"]}
    assert user["user"] == {"token": "k8s-aws-v1.abc"}


def test_token_is_unpadded_base64url_of_the_presigned_url(cluster_plan):
    url = "https://sts.us-west-2.amazonaws.com/?Action=GetCallerIdentity&Version=2011-06-15&X-Amz-Signature=ab"
    token = cluster_plan.token_from_presigned_url(url)
    assert token.startswith("k8s-aws-v1.") and "=" not in token
    encoded = token.removeprefix("k8s-aws-v1.")
    assert base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode() == url


def test_tail_keeps_the_end(cluster_plan):
    assert cluster_plan.tail("x" * 10, 20) == "x" * 10
    assert cluster_plan.tail("a" * 50 + "END", 10) == "...aaaaaaaEND"
