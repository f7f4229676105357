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


def test_tarball_url_of_a_commit(plan):
    assert plan.tarball_url("https://codeload.github.com", "aws/sagemaker-hyperpod-cli", SHA) == (
        f"https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/{SHA}")


@pytest.mark.parametrize(("member", "expected"), [
    (f"sagemaker-hyperpod-cli-{SHA}/{CHART}/Chart.yaml", "Chart.yaml"),
    (f"any-top-folder/{CHART}/charts/gpu-operator/values.yaml", "charts/gpu-operator/values.yaml"),
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
    argv = plan.upgrade_argv(request, "/tmp/w/chart", ["/tmp/w/gpu.yaml", "/tmp/w/values.json"], "/tmp/w/kubeconfig",
                             420, "d" * 64, "llminference.dependencies.0a1b2c3d4e5f6a7b")
    assert argv == [
        "helm", "upgrade", "--install", "hyperpod-dependencies", "/tmp/w/chart",
        "--namespace", "kube-system", "--kubeconfig", "/tmp/w/kubeconfig", "--create-namespace",
        "--timeout", "420s", "--description",
        "hyperpod-constructs request " + "d" * 64 + " by llminference.dependencies.0a1b2c3d4e5f6a7b",
        "--values", "/tmp/w/gpu.yaml", "--values", "/tmp/w/values.json",
    ]
    waiting = plan.upgrade_argv(plan.parse_properties(props(Wait="true")), "c", [], "k", 60, "d", "s.l.0a1b2c3d4e5f6a7b")
    # Helm 4: --wait takes a strategy and --rollback-on-failure replaced --atomic
    assert waiting[-2:] == ["--wait=watcher", "--rollback-on-failure"]


def test_rollback_uninstall_history_and_dependency_argv(plan):
    assert plan.rollback_argv("r", "ns", 3, "k", 50) == [
        "helm", "rollback", "r", "3", "--namespace", "ns", "--kubeconfig", "k", "--timeout", "50s"]
    assert plan.uninstall_argv("r", "ns", "k", 50) == [
        "helm", "uninstall", "r", "--namespace", "ns", "--kubeconfig", "k", "--ignore-not-found", "--timeout", "50s"]
    assert plan.history_argv("r", "ns", "k") == [
        "helm", "history", "r", "--namespace", "ns", "--kubeconfig", "k", "--output", "json"]
    assert plan.dependency_update_argv("/c") == ["helm", "dependency", "update", "/c"]
    assert plan.dependency_list_argv("/c") == ["helm", "dependency", "list", "/c"]


@pytest.mark.parametrize(("left", "wait", "expected"), [
    (885.0, False, 600),  # capped
    (885.0, True, 407),  # (885 - 10 - 60) / 2: Helm's own rollback gets the same --timeout again
    (200.0, False, 130),
    (129.0, False, None),  # under a minute for Helm: not started
    (250.0, True, 90),
    (189.0, True, None),
])
def test_upgrade_timeout_fits_the_attempt_and_its_rollback_in_the_time_left(plan, left, wait, expected):
    assert plan.upgrade_timeout(left, wait) == expected


def test_short_timeout_for_rollback_and_uninstall(plan):
    assert plan.short_timeout(885.0) == 60
    assert plan.short_timeout(30.0) == 20
    assert plan.short_timeout(10.5) is None


def history(*entries: tuple[int, str, str]) -> list:
    import helm_plan

    return helm_plan.parse_history(json.dumps(
        [{"revision": n, "updated": "2026-01-01T00:00:00Z", "status": s, "chart": "c", "app_version": "1",
          "description": d} for n, s, d in entries]))


def test_history_is_sorted_by_revision(plan):
    assert [r.revision for r in history((2, "deployed", ""), (1, "superseded", ""))] == [1, 2]
    assert plan.parse_history("") == []


def test_installed_follows_rollbacks_to_the_revision_they_restored(plan):
    ours = plan.description("abc", ME)
    assert plan.installed(history((1, "deployed", ours))) == plan.Installed("abc", ME)
    assert plan.installed(history(
        (1, "superseded", ours), (2, "superseded", "Upgrade \"x\" failed: boom"), (3, "deployed", "Rollback to 1"))) \
        == plan.Installed("abc", ME)
    assert plan.installed(history((1, "deployed", ours), (2, "failed", "boom"))) is None  # half applied
    # installed by someone else: no request of this handler's
    assert plan.installed(history((1, "deployed", "Install complete"))) == plan.Installed(None, None)
    assert plan.installed([]) is None


STACK = "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/5f3c0e00-0000-0000-0000-000000000000"
ME = "llminference.dependencies.0000000000000000"
MOVED = "llminference.platformdependencies.1111111111111111"


def test_the_owner_is_the_resources_record_name_without_its_prefix(plan):
    import fencing

    event = {"StackId": STACK, "LogicalResourceId": "PlatformHyperPodDependencies1A2B3C4D"}
    owner = fencing.resource_key(event)
    assert owner.startswith("llminference.platformhyperpoddependencies1a2b3c4d.") and fencing.is_resource_key(owner)
    assert fencing.resource_record_name("helm", event) == f"hyperpod-constructs.helm.{owner}"
    assert owner != fencing.resource_key({**event, "LogicalResourceId": "HyperPodDependencies"})  # the construct moved
    # a stack of the same name made again is another stack (its id changes)
    assert owner != fencing.resource_key({**event, "StackId": STACK.replace("5f3c0e00", "6a4d1f11")})
    for text in ("LlmInference/Deps", "a.b.c d", "-a.b.0000000000000000", "a.b-.0000000000000000", "a.b"):
        assert not fencing.is_resource_key(text), text


def test_a_description_names_the_request_and_its_owner_and_an_older_one_no_owner(plan):
    assert plan.parse_description(plan.description("d" * 64, ME)) == plan.Installed("d" * 64, ME)
    assert plan.parse_description("hyperpod-constructs request " + "d" * 64) == plan.Installed("d" * 64, None)
    assert plan.parse_description("Upgrade complete") == plan.Installed(None, None)


@pytest.mark.parametrize(("entries", "request_type", "expected"), [
    ([(1, "deployed", "mine")], "Update", True),
    ([(1, "deployed", "mine")], "Create", True),  # a later poll of the Create that installed it
    ([(1, "deployed", "moved")], "Create", False),  # the same request, another resource's: taken over
    ([(1, "deployed", "moved")], "Update", False),
    ([(1, "deployed", "older")], "Update", True),  # an earlier version's: its own, its rollback needs no download
    ([(1, "deployed", "older")], "Create", False),  # a new resource, maybe the moved one: taken over
    ([(1, "superseded", "mine"), (2, "deployed", "Rollback to 1")], "Update", True),
    ([(1, "superseded", "moved"), (2, "deployed", "Rollback to 1")], "Update", False),
    ([(1, "deployed", "mine"), (2, "failed", "")], "Update", False),  # half applied: upgraded (after its repair)
    ([(1, "deployed", "other request")], "Update", False),
    ([], "Create", False),
])
def test_a_create_or_update_has_nothing_to_do_only_for_its_own_release_of_this_request(
        plan, entries, request_type, expected):
    words = {"mine": plan.description("d", ME), "moved": plan.description("d", MOVED),
             "older": "hyperpod-constructs request d", "other request": plan.description("e", ME)}
    assert plan.runs_request(history(*[(n, s, words.get(d, d)) for n, s, d in entries]), "d", ME,
                             request_type) is expected


@pytest.mark.parametrize(("entries", "action", "reason"), [
    ([], "uninstall", "it is not installed"),
    ([(1, "deployed", "mine")], "uninstall", f"this resource ({ME}) installed it"),
    ([(1, "deployed", "older")], "uninstall", "its revisions name no owner"),  # an earlier version's: as before
    ([(1, "deployed", "Install complete")], "uninstall", "its revisions name no owner"),
    ([(1, "superseded", "mine"), (2, "deployed", "moved")], "leave",
     f"revision 2 was installed by {MOVED}, not by this resource ({ME})"),
    # a rollback stands for the revision it restored: the moved resource's failed Create rolled back to this one's
    ([(1, "superseded", "mine"), (2, "failed", ""), (3, "deployed", "Rollback to 1")], "uninstall",
     f"this resource ({ME}) installed it"),
    ([(1, "superseded", "moved"), (2, "failed", ""), (3, "deployed", "Rollback to 1")], "leave",
     f"revision 3 was installed by {MOVED}, not by this resource ({ME})"),
    # a failed or pending last revision: the release is whose revision it would be brought back to
    ([(1, "deployed", "moved"), (2, "pending-upgrade", "Preparing upgrade")], "leave",
     f"revision 1 was installed by {MOVED}, not by this resource ({ME}); its revision 2 is pending-upgrade, "
     f"which {MOVED}'s next deploy repairs"),
    ([(1, "superseded", "mine"), (2, "superseded", "moved"), (3, "failed", "")], "leave",
     f"revision 2 was installed by {MOVED}, not by this resource ({ME}); its revision 3 is failed, "
     f"which {MOVED}'s next deploy repairs"),
    ([(1, "deployed", "mine"), (2, "failed", "")], "uninstall", f"this resource ({ME}) installed it"),
    ([(1, "pending-install", "Initial install underway")], "uninstall", "no revision of it was ever deployed"),
    ([(1, "superseded", "moved"), (2, "uninstalling", "")], "uninstall", "its revision 2 is uninstalling"),
    # this resource took it over from another: back to that one's last revision, if it still exists
    ([(1, "superseded", "moved"), (2, "deployed", "mine")], "hand back",
     f"this resource ({ME}) took it over from {MOVED}, whose revision 1 it goes back to"),
    ([(1, "superseded", "moved"), (2, "superseded", "Rollback to 1"), (3, "superseded", "mine"),
      (4, "deployed", "mine")], "hand back",
     f"this resource ({ME}) took it over from {MOVED}, whose revision 1 it goes back to"),
    ([(1, "superseded", "moved"), (2, "deployed", "mine"), (3, "pending-upgrade", "")], "hand back",
     f"this resource ({ME}) took it over from {MOVED}, whose revision 1 it goes back to"),
    ([(1, "superseded", "older"), (2, "deployed", "mine")], "uninstall", f"this resource ({ME}) installed it"),
])
def test_a_delete_uninstalls_only_a_release_its_own_resource_installed_last(plan, entries, action, reason):
    words = {"mine": plan.description("d", ME), "moved": plan.description("e", MOVED),
             "older": "hyperpod-constructs request d"}
    decision = plan.removal(history(*[(n, s, words.get(d, d)) for n, s, d in entries]), ME)
    assert (decision.action, decision.reason) == (action, reason)
    assert decision.owner == (MOVED if action in ("leave", "hand back") else None)
    assert decision.revision == (1 if action == "hand back" else 0)


@pytest.mark.parametrize(("entries", "expected"), [
    ([], None),
    ([(1, "deployed", "")], None),
    ([(1, "pending-install", "")], ("uninstall", 0, "its revision 1 is pending-install")),
    ([(1, "failed", "")], ("uninstall", 0, "its revision 1 is failed")),
    ([(1, "deployed", ""), (2, "pending-upgrade", "")], ("rollback", 1, "its revision 2 is pending-upgrade")),
    # a failed Helm rollback supersedes the failed upgrade (2): the deployed revision is the good one
    ([(1, "deployed", ""), (2, "superseded", ""), (3, "failed", "")], ("rollback", 1, "its revision 3 is failed")),
    ([(1, "superseded", ""), (2, "superseded", ""), (3, "pending-rollback", "")], ("rollback", 2, "its revision 3 is pending-rollback")),
    # an uninstall stopped mid-way: Helm 4 then refuses every upgrade ("has no deployed releases"); finish it
    ([(1, "uninstalling", "Deletion in progress (or silently failed)")], ("uninstall", 0, "its revision 1 is uninstalling")),
    ([(1, "superseded", ""), (2, "uninstalling", "")], ("uninstall", 0, "its revision 2 is uninstalling")),
])
def test_recovery_of_a_failed_or_pending_release(plan, entries, expected):
    step = plan.recovery(history(*entries))
    assert (None if step is None else (step.action, step.revision, step.reason)) == expected


def test_what_each_recovery_reports_it_did(plan):
    assert plan.recovery(history((1, "deployed", ""), (2, "failed", ""))).done == "rolled back to revision 1"
    assert plan.recovery(history((1, "failed", ""))).done == "uninstalled (it never was deployed)"
    assert plan.recovery(history((1, "uninstalling", ""))).done == "uninstalled (its uninstall had been stopped)"


def test_request_digest_changes_with_what_is_installed(plan):
    request = plan.parse_properties(props())
    digest = plan.request_digest(request, {"a": 1})
    assert digest == plan.request_digest(plan.parse_properties(props()), {"a": 1})
    assert digest != plan.request_digest(request, {"a": 2})
    assert digest != plan.request_digest(plan.parse_properties(props(Wait="true")), {"a": 1})
    assert digest != plan.request_digest(plan.parse_properties(props(GitRef="f" * 40)), {"a": 1})


def test_loose_dependency_versions_are_named(plan):
    listing = ("NAME        \tVERSION \tREPOSITORY                    \tSTATUS\n"
               "cert-manager\tv1.18.2 \toci://quay.io/jetstack/charts \tmissing\n"
               "storage     \t0.1.0   \tfile://charts/storage         \tunpacked\n"
               "gpu-operator\t^26.3.0 \thttps://helm.ngc.nvidia.com    \twrong version\n"
               "keda        \t2.x     \thttps://kedacore.github.io     \tmissing\n")
    assert plan.loose_dependencies(listing) == ["gpu-operator '^26.3.0'", "keda '2.x'"]


@pytest.mark.parametrize("said, denied", [
    ("error: You must be logged in to the server (Unauthorized)", True),  # kubectl, 401
    ("Error: kubernetes cluster unreachable: the server has asked for the client to provide credentials", True),  # helm
    ('Error from server (Forbidden): configmaps "r" is forbidden: User "arn:aws:sts::1:assumed-role/f/h" cannot get '
     'resource "configmaps" in API group "" in the namespace "kube-system"', True),  # RBAC, 403
    ('Error from server (Forbidden): admission webhook "vinferenceendpointconfig.kb.io" denied the request: the '
     'endpoint is being scaled', False),  # a webhook's 403 is an answer
    ('Error from server (NotFound): configmaps "r" not found', False),
])
def test_access_denied_reads_the_tools_words(cluster_plan, said, denied):
    assert cluster_plan.access_denied(said) is denied


def test_talks_to_cluster_is_a_call_with_a_kubeconfig(cluster_plan):
    assert cluster_plan.talks_to_cluster(["helm", "history", "r", "--kubeconfig", "k"])
    assert not cluster_plan.talks_to_cluster(["helm", "dependency", "list", "chart"])


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


def test_helm_error_leaves_out_the_log_lines_helm_4_writes_before_it(plan):
    # What helm 4.1.4 writes to stderr when an upgrade with --rollback-on-failure fails and so does its rollback:
    # a log line repeating the upgrade's error (escaped, on one line), then the error.
    stderr = ('level=WARN msg="upgrade failed" name=r error="resource Deployment/ns/d not ready. status: InProgress'
              ', message: Available: 0/1\\ncontext deadline exceeded"\n'
              "Error: UPGRADE FAILED: an error occurred while rolling back the release. original upgrade error: "
              "resource Deployment/ns/d not ready\ncontext deadline exceeded\n")
    assert plan.helm_error(stderr) == ("Error: UPGRADE FAILED: an error occurred while rolling back the release. "
                                       "original upgrade error: resource Deployment/ns/d not ready\n"
                                       "context deadline exceeded")
    timed = 'time=2026-01-01T00:00:00.000Z level=INFO msg="x"\nError: release: not found\n'
    assert plan.helm_error(timed) == "Error: release: not found"
    assert plan.helm_error("Error: plain\n") == "Error: plain"
    only_logs = 'level=ERROR msg="cannot reach the cluster"\n'
    assert plan.helm_error(only_logs) == only_logs.strip()  # nothing else said: the log line is the error


def test_tail_keeps_the_end(cluster_plan):
    assert cluster_plan.tail("x" * 10, 20) == "x" * 10
    assert cluster_plan.tail("a" * 50 + "END", 10) == "...aaaaaaaEND"


# The remote and local dependencies of helm_chart/HyperPodHelmChart/Chart.yaml and of its charts/gpu-operator
# wrapper at DEFAULT_GIT_REF (aws/sagemaker-hyperpod-cli 011ca927...), as `helm dependency list` prints them.
PINNED_CHART_DEPENDENCIES = [
    ("cert-manager", "v1.18.2", "oci://quay.io/jetstack/charts"),
    ("training-operators", "0.1.0", "file://charts/training-operators"),
    ("mlflow", "0.1.0", "file://charts/mlflow"),
    ("nvidia-device-plugin", "0.16.1", "https://nvidia.github.io/k8s-device-plugin"),
    ("aws-efa-k8s-device-plugin", "0.5.20", "https://aws.github.io/eks-charts/"),
    ("neuron-device-plugin", "v0.1.0", "file://charts/neuron-device-plugin"),
    ("hyperpod-inference-operator", "2.2.2", "file://charts/inference-operator"),
    ("gpu-operator", "0.1.0", "file://charts/gpu-operator"),
    ("gpu-operator", "v26.3.1", "https://helm.ngc.nvidia.com/nvidia"),
]


def test_the_default_commit_pins_every_dependency_to_one_version(plan):
    listing = "NAME\tVERSION\tREPOSITORY\tSTATUS\n" + "".join(
        f"{name}\t{version}\t{repository}\tmissing\n" for name, version, repository in PINNED_CHART_DEPENDENCIES)
    assert plan.loose_dependencies(listing) == []
