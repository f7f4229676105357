"""HyperPodHelmChart: the pin, names and values are checked before any CDK call; effective values are snapshotted."""
from __future__ import annotations

import json

import pytest

from hyperpod_constructs.aws.hyperpod_dependencies import DEFAULT_GIT_REF, HyperPodHelmChart
from hyperpod_constructs.errors import HyperPodValidationError


def test_defaults_pin_a_full_commit():
    chart = HyperPodHelmChart()
    assert len(chart.git_ref) == 40 and chart.git_ref == DEFAULT_GIT_REF
    assert (chart.release_name, chart.namespace, chart.repository, chart.chart_path) == (
        "hyperpod-dependencies", "kube-system", "aws/sagemaker-hyperpod-cli", "helm_chart/HyperPodHelmChart")
    assert chart.wait is False


@pytest.mark.parametrize("ref", ["0123456789abcdef0123456789abcdef01234567", "A" * 40])
def test_full_commit_shas_are_accepted(ref):
    assert HyperPodHelmChart(git_ref=ref).git_ref == ref


# Tags are refused like branches: a tag can be deleted and pushed again on another commit.
@pytest.mark.parametrize("ref", ["v3.2.0", "3.2.0", "v3.2.0-rc.1", "main", "release_v2", "011ca92",
                                 "011ca927123e02b35a399935bbb3ab1905fe33c7a", "", "v3.2.0/../x", "refs/heads/main"])
def test_tags_branches_and_short_shas_are_refused(ref):
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(git_ref=ref)
    assert str(error.value) == (
        f"HyperPodHelmChart 'hyperpod-dependencies': git_ref={ref!r} is not allowed; a full 40-hex commit SHA of "
        "aws/sagemaker-hyperpod-cli (branches and tags can move, so they do not pin anything); find a tag's commit "
        "with `git ls-remote https://github.com/aws/sagemaker-hyperpod-cli <tag>` (of an annotated tag: the line "
        f"ending in ^{{}}); default {DEFAULT_GIT_REF}")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"release_name": "HyperPod"}, "release_name='HyperPod' is not allowed; a Helm release name"),
    ({"release_name": "a" * 54}, "at most 53 characters"),
    ({"namespace": "kube_system"}, "namespace='kube_system' is not allowed; a Kubernetes namespace name"),
    ({"repository": "sagemaker-hyperpod-cli"}, "repository='sagemaker-hyperpod-cli' is not allowed; a GitHub 'owner/name'"),
    ({"chart_path": "../helm_chart"}, "chart_path='../helm_chart' is not allowed; a relative folder"),
    ({"chart_path": "/helm_chart"}, "chart_path='/helm_chart' is not allowed"),
])
def test_names_are_checked(kwargs, message):
    with pytest.raises(HyperPodValidationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        HyperPodHelmChart(**kwargs)


def test_values_must_be_json():
    with pytest.raises(HyperPodValidationError, match=r"values=.* is not allowed; JSON-serializable Helm values"):
        HyperPodHelmChart(values={"x": {1, 2}})
    with pytest.raises(HyperPodValidationError, match="JSON-serializable"):
        HyperPodHelmChart(values={"x": float("nan")})


def test_dotted_keys_are_refused_with_the_nested_form():
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(values={"gpu-operator.enabled": True})
    assert "values['gpu-operator.enabled']=True is not allowed; nested maps, not dotted keys" in str(error.value)


def test_enabling_the_device_plugin_contradicts_mig():
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(enable_gpu_operator=True, values={"nvidia-device-plugin": {"devicePlugin": {"enabled": True}}})
    assert str(error.value) == (
        "HyperPodHelmChart 'hyperpod-dependencies': values['nvidia-device-plugin']['devicePlugin']['enabled']=True "
        "is not allowed; false while enable_gpu_operator=True (the GPU operator brings its own device plugin; "
        "two would both advertise the GPUs)")


@pytest.mark.parametrize(("values", "field", "allowed"), [
    ({"gpu-operator": {"enabled": False}}, "values['gpu-operator']['enabled']=False", "true while enable_gpu_operator=True"),
    ({"gpu-operator": {"gpu-operator": {"mig": {"strategy": "single"}}}},
     "values['gpu-operator']['gpu-operator']['mig']['strategy']='single'", "'mixed' while enable_gpu_operator=True"),
    ({"gpu-operator": {"gpu-operator": {"migManager": {"enabled": False}}}},
     "values['gpu-operator']['gpu-operator']['migManager']['enabled']=False", "true while enable_gpu_operator=True (the MIG manager applies"),
    ({"gpu-operator": {"gpu-operator": {"devicePlugin": {"enabled": False}}}},
     "values['gpu-operator']['gpu-operator']['devicePlugin']['enabled']=False", "true while enable_gpu_operator=True (it advertises the nvidia.com/mig-* resources"),
    ({"gpu-operator": {"gpu-operator": {"enabled": False}}},
     "values['gpu-operator']['gpu-operator']['enabled']=False", "true while enable_gpu_operator=True (the wrapper chart's NVIDIA operator"),
    # Helm conditions need real booleans; the string "false" would not switch anything off
    ({"nvidia-device-plugin": {"devicePlugin": {"enabled": "false"}}},
     "values['nvidia-device-plugin']['devicePlugin']['enabled']='false'", "false while enable_gpu_operator=True"),
])
def test_other_mig_contradictions_name_the_key(values, field, allowed):
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(enable_gpu_operator=True, values=values)
    assert f"{field} is not allowed; {allowed}" in str(error.value)


def test_gpu_operator_through_raw_values_points_to_the_flag():
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(values={"gpu-operator": {"enabled": True}})
    assert "values['gpu-operator']['enabled']=True is not allowed; false or unset; set enable_gpu_operator=True" in str(error.value)


def test_the_inference_operator_subchart_stays_off():
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodHelmChart(values={"inferenceOperators": {"enabled": True}})
    assert "values['inferenceOperators']['enabled']=True is not allowed; false: the platform installs the inference " \
           "operator as the EKS add-on amazon-sagemaker-hyperpod-inference" in str(error.value)


def test_values_that_agree_with_mig_are_kept():
    chart = HyperPodHelmChart(enable_gpu_operator=True, values={
        "nvidia-device-plugin": {"devicePlugin": {"enabled": False}},
        "gpu-operator": {"gpu-operator": {"mig": {"strategy": "mixed"}, "dcgmExporter": {"enabled": True}}},
    })
    assert chart.effective_values()["gpu-operator"]["gpu-operator"] == {
        "mig": {"strategy": "mixed"}, "dcgmExporter": {"enabled": True}}


def test_values_are_copied_at_construction():
    user = {"mlflow": {"enabled": False}}
    chart = HyperPodHelmChart(values=user)
    user["mlflow"]["enabled"] = True
    assert chart.effective_values()["mlflow"] == {"enabled": False}


def test_values_json_is_stable():
    a = HyperPodHelmChart(values={"b": 1, "a": {"y": 2, "x": 1}})
    b = HyperPodHelmChart(values={"a": {"x": 1, "y": 2}, "b": 1})
    assert a.values_json() == b.values_json()
    assert json.loads(a.values_json()) == a.effective_values()


def test_effective_values_default(snapshot):
    assert HyperPodHelmChart().effective_values() == snapshot


def test_effective_values_with_gpu_operator_and_overrides(snapshot):
    chart = HyperPodHelmChart(enable_gpu_operator=True, values={
        "trainingOperators": {"enabled": False},
        "health-monitoring-agent": {"region": "eu-north-1"},
    })
    assert chart.effective_values() == snapshot
