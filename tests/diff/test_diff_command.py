"""python -m hyperpod_constructs.diff on two synthesized versions of a small app, on a deployed template, and on
hand-written templates (YAML with short-form intrinsics): the report lines and the exit status."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from apps_support import APPLIER, only
from diff_apps import assembly, small_app
from hyperpod_constructs.diff.command import main
from hyperpod_constructs.diff.compare import NO_OLD_BUNDLE
from hyperpod_constructs.diff.report import CLEAN, DESTRUCTIVE
from support import REPO_ROOT, run_command

ENDPOINT = "InferenceEndpointConfig.inference.sagemaker.aws.amazon.com"


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The small app's cloud assemblies, version 1 and 2 (synthesized once for this module)."""
    return (assembly(tmp_path_factory, "version1", small_app(version=1)),
            assembly(tmp_path_factory, "version2", small_app(version=2)))


def diff(*argv: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(arg) for arg in argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_a_change_lists_replacements_with_their_cause_and_kubernetes_objects_by_name(versions: tuple[Path, Path]) -> None:
    code, text, _ = diff(*versions)
    assert code == 1
    lines = text.splitlines()
    assert lines[0] == "Stack Inference"
    replaced = [line for line in lines if line.startswith("  replaced: ")]
    assert len(replaced) == 2, text
    assert ('(AWS::SageMaker::Cluster): ClusterName: "inference-a" -> "inference-b"; this replaces the '
            "HyperPod cluster (all its nodes)") in replaced[0]
    assert ('(AWS::FSx::DataRepositoryAssociation): DataRepositoryPath: "s3://my-models/models/" -> '
            '"s3://my-models/weights/"; this replaces the model store\'s S3 link') in replaced[1]
    # Twice the capacity is an update in place (StorageCapacity is not create-only): the file system stays.
    assert "  updated in place: PlatformModelStoreFileSystem64E83996 (AWS::FSx::FileSystem): StorageCapacity" in lines
    assert not any(line.startswith("  replaced: PlatformModelStoreFileSystem") for line in lines)
    kubernetes = lines[lines.index(next(line for line in lines if line.startswith("  Kubernetes objects"))):]
    assert kubernetes[1:] == [
        "    changed: PersistentVolume model-store-default-${ModelStoreFileSystemId}",
        '        spec.capacity.storage: "1200Gi" -> "2400Gi"',
        f"    changed: {ENDPOINT} default/llama",
        "        spec.replicas: 1 -> 2",
        f"    deleted: {ENDPOINT} default/qwen",
        DESTRUCTIVE,
    ]


def test_the_same_version_replaces_and_deletes_nothing(versions: tuple[Path, Path]) -> None:
    code, text, _ = diff(versions[0], versions[0])
    assert code == 0
    assert text.splitlines()[1:] == ["  Kubernetes objects (PlatformManifests9516CD17): unchanged (the same bundle)",
                                     CLEAN]


def test_going_back_adds_the_endpoint_and_deletes_no_object(versions: tuple[Path, Path]) -> None:
    code, text, _ = diff(versions[1], versions[0])
    assert f"    added:   {ENDPOINT} default/qwen" in text and "    deleted:" not in text
    assert code == 1  # the cluster name changes back: replaced again


def test_a_deployed_template_is_compared_without_its_bundle_and_says_so(versions: tuple[Path, Path]) -> None:
    code, text, _ = diff(versions[0] / "Inference.template.json", versions[1])
    assert code == 1
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {NO_OLD_BUNDLE}" in text
    assert text.count("  replaced: ") == 2


def test_old_manifests_give_the_deployed_bundle_back(versions: tuple[Path, Path], tmp_path: Path) -> None:
    # The bundle's manifests/ folder holds exactly the files platform.export() writes to dist/manifests.
    template = json.loads((versions[0] / "Inference.template.json").read_text())
    with zipfile.ZipFile(versions[0] / f"asset.{only(template, APPLIER)['Properties']['BundleKey']}") as archive:
        archive.extractall(tmp_path)
    code, text, _ = diff(versions[0] / "Inference.template.json", versions[1],
                         "--old-manifests", tmp_path / "manifests")
    assert code == 1
    assert f"    deleted: {ENDPOINT} default/qwen" in text and NO_OLD_BUNDLE not in text


# ---- templates written by hand ---------------------------------------------------------------------------

OLD_YAML = """\
Resources:
  ModelStore:
    Type: AWS::FSx::FileSystem
    DeletionPolicy: Retain
    UpdateReplacePolicy: Retain
    Properties:
      FileSystemType: LUSTRE
      StorageCapacity: 1200
      SubnetIds: [!Ref Subnet]
  Link:
    Type: AWS::FSx::DataRepositoryAssociation
    Properties:
      FileSystemId: !Ref ModelStore
      FileSystemPath: /models
      DataRepositoryPath: !Sub "s3://${Bucket}/models/"
  Bucket:
    Type: AWS::S3::Bucket
    DeletionPolicy: Retain
    UpdateReplacePolicy: Retain
  Logs:
    Type: AWS::Logs::LogGroup
  HyperPod:
    Type: AWS::SageMaker::Cluster
    Properties:
      ClusterName: inference
      Orchestrator:
        Eks:
          ClusterArn: !GetAtt Eks.Arn
  Eks:
    Type: AWS::EKS::Cluster
    Properties:
      RoleArn: arn:aws:iam::123456789012:role/eks
  Topic:
    Type: AWS::SNS::Topic
"""


def new_template(**changes: object) -> dict:
    """The YAML template's long form, with ``changes`` applied (None removes a resource)."""
    resources = {
        "ModelStore": {"Type": "AWS::FSx::FileSystem", "DeletionPolicy": "Retain", "UpdateReplacePolicy": "Retain",
                       "Properties": {"FileSystemType": "LUSTRE", "StorageCapacity": 1200,
                                      "SubnetIds": [{"Ref": "Subnet"}]}},
        "Link": {"Type": "AWS::FSx::DataRepositoryAssociation", "Properties": {
            "FileSystemId": {"Ref": "ModelStore"}, "FileSystemPath": "/models",
            "DataRepositoryPath": {"Fn::Sub": "s3://${Bucket}/models/"}}},
        "Bucket": {"Type": "AWS::S3::Bucket", "DeletionPolicy": "Retain", "UpdateReplacePolicy": "Retain"},
        "Logs": {"Type": "AWS::Logs::LogGroup"},
        "HyperPod": {"Type": "AWS::SageMaker::Cluster", "Properties": {
            "ClusterName": "inference", "Orchestrator": {"Eks": {"ClusterArn": {"Fn::GetAtt": ["Eks", "Arn"]}}}}},
        "Eks": {"Type": "AWS::EKS::Cluster", "Properties": {"RoleArn": "arn:aws:iam::123456789012:role/eks"}},
        "Topic": {"Type": "AWS::SNS::Topic"},
    }
    for key, value in changes.items():
        if value is None:
            del resources[key]
        else:
            resources[key] = value
    return {"Resources": resources}


def diff_templates(tmp_path: Path, new: dict) -> tuple[int, str]:
    (tmp_path / "deployed.yaml").write_text(OLD_YAML)
    (tmp_path / "new.json").write_text(json.dumps(new))
    code, text, err = diff(tmp_path / "deployed.yaml", tmp_path / "new.json")
    assert not err
    return code, text


def test_short_form_intrinsics_read_as_their_long_forms(tmp_path: Path) -> None:
    assert diff_templates(tmp_path, new_template()) == (0, f"Stack new\n{CLEAN}\n")


def test_an_update_in_place_is_not_a_replacement(tmp_path: Path) -> None:
    store = new_template()["Resources"]["ModelStore"]
    store["Properties"]["StorageCapacity"] = 2400
    code, text = diff_templates(tmp_path, new_template(ModelStore=store))
    assert (code, text) == (0, f"Stack new\n  updated in place: ModelStore (AWS::FSx::FileSystem): StorageCapacity\n{CLEAN}\n")


def test_a_replaced_resource_replaces_what_refers_to_it_and_a_kept_one_still_bills(tmp_path: Path) -> None:
    store = new_template()["Resources"]["ModelStore"]
    store["Properties"]["SubnetIds"] = ["subnet-2"]
    code, text = diff_templates(tmp_path, new_template(ModelStore=store))
    assert code == 1
    assert text.splitlines()[1:] == [
        '  replaced: Link (AWS::FSx::DataRepositoryAssociation): FileSystemId refers to ModelStore, which is replaced; '
        "this replaces the model store's S3 link",
        '  replaced: ModelStore (AWS::FSx::FileSystem): SubnetIds[0]: {"Ref": "Subnet"} -> "subnet-2"; '
        "this replaces the model store file system (its data)",
        "  retained and still billing: the replaced ModelStore (AWS::FSx::FileSystem) is kept (UpdateReplacePolicy "
        "Retain) and billed per provisioned GiB-month; delete it once its data is no longer needed",
        DESTRUCTIVE,
    ]


def test_a_nested_create_only_property_and_a_changed_type_replace(tmp_path: Path) -> None:
    code, text = diff_templates(tmp_path, new_template(
        HyperPod={"Type": "AWS::SageMaker::Cluster", "Properties": {
            "ClusterName": "inference", "Orchestrator": {"Eks": {"ClusterArn": "arn:aws:eks:us-west-2:1:cluster/x"}}}},
        Topic={"Type": "AWS::SQS::Queue"}))
    assert code == 1
    assert ('  replaced: HyperPod (AWS::SageMaker::Cluster): Orchestrator.Eks.ClusterArn: {"Fn::GetAtt": '
            '["Eks", "Arn"]} -> "arn:aws:eks:us-west-2:1:cluster/x"; this replaces the HyperPod '
            "cluster (all its nodes)") in text
    assert "  replaced: Topic (AWS::SQS::Queue): its type changes from AWS::SNS::Topic to AWS::SQS::Queue" in text


def test_removed_data_resources_are_kept_billing_or_deleted_with_their_data(tmp_path: Path) -> None:
    code, text = diff_templates(tmp_path, new_template(Bucket=None, Logs=None, Link=None))
    assert code == 1
    assert text.splitlines()[1:] == [
        "  deleted:  Bucket (AWS::S3::Bucket), kept in the account (DeletionPolicy Retain)",
        "  deleted:  Link (AWS::FSx::DataRepositoryAssociation)",
        "  deleted:  Logs (AWS::Logs::LogGroup)",
        "  retained and still billing: the deleted Bucket (AWS::S3::Bucket) is kept (DeletionPolicy Retain) and its "
        "objects are billed per GB-month; delete it once its data is no longer needed",
        "  data deleted: the deleted Logs (AWS::Logs::LogGroup) is deleted with its data (DeletionPolicy Delete)",
        DESTRUCTIVE,
    ]


def test_get_template_output_is_read_as_is(tmp_path: Path) -> None:
    (tmp_path / "response.json").write_text(json.dumps({"TemplateBody": new_template(), "StagesAvailable": ["Original"]}))
    (tmp_path / "new.json").write_text(json.dumps(new_template()))
    assert diff(tmp_path / "response.json", tmp_path / "new.json")[0] == 0


# ---- usage errors ----------------------------------------------------------------------------------------

def test_inputs_that_cannot_be_read_are_usage_errors(tmp_path: Path, versions: tuple[Path, Path]) -> None:
    (tmp_path / "notes.yaml").write_text("just: text\n")
    (tmp_path / "t.json").write_text(json.dumps(new_template()))
    cases = [
        ((tmp_path / "missing.json", tmp_path / "t.json"), "missing.json: no such file or folder"),
        ((tmp_path / "notes.yaml", tmp_path / "t.json"), "notes.yaml: a CloudFormation template has a Resources section"),
        ((tmp_path, tmp_path / "t.json"), "not a cloud assembly (no manifest.json)"),
        ((tmp_path / "t.json", versions[1], "--old-manifests", tmp_path), "holds no *.k8s.yaml file"),
        ((tmp_path / "t.json", versions[1], "--stack", "Other"), "--stack Other: NEW holds Inference"),
    ]
    for argv, message in cases:
        code, _, err = diff(*argv)
        assert (code, message in err) == (2, True), (argv, err)


def test_module_entry_point_documents_the_exit_status(tmp_path: Path) -> None:
    result = run_command("diff", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert ("Exit status 0: everything compared, nothing removed, replaced, refused or newly billed while idle; 1: "
            "something is; 2: usage error; 3: nothing is in what was compared, but something could not be "
            "compared.") in " ".join(result.stdout.split())
    missing = run_command("diff", cwd=tmp_path)
    assert missing.returncode == 2


def test_the_deploy_doc_shows_what_the_command_prints(versions: tuple[Path, Path]) -> None:
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    section = text[text.index("## Changing a deployed platform"):]
    shown = section[section.index("```text\n") + len("```text\n"):section.index("```", section.index("```text\n") + 7)]
    assert diff(*versions)[1] == shown


def test_stacks_pair_by_name_and_a_template_against_several_stacks_needs_stack() -> None:
    from hyperpod_constructs.diff.command import pair_stacks
    from hyperpod_constructs.diff.inputs import InputError, StackInput

    def stack(name: str, template_file: bool = False) -> StackInput:
        return StackInput(name, {"Resources": {}}, {}, template_file)

    a, b, c, deployed = stack("A"), stack("B"), stack("C"), stack("deployed", template_file=True)
    pairs, notes = pair_stacks({"A": a, "C": c}, {"A": a, "B": b}, None)
    assert [(old.name, new.name) for old, new in pairs] == [("A", "A"), ("B", "B")]
    assert pairs[1][0].template == {"Resources": {}}  # a new stack: everything in it is added
    assert notes == ["Stack C: not in NEW, not compared (cdk deploy does not delete it)"]
    with pytest.raises(InputError, match="NEW holds the stacks A, B: name the one to compare with --stack"):
        pair_stacks({"deployed": deployed}, {"A": a, "B": b}, None)
    assert pair_stacks({"deployed": deployed}, {"A": a, "B": b}, "B")[0] == [(deployed, b)]


def test_cdk_metadata_is_not_a_resource_of_the_platform(tmp_path: Path) -> None:
    with_metadata = new_template(CDKMetadata={"Type": "AWS::CDK::Metadata", "Properties": {"Analytics": "v2:deflate64:x"}})
    (tmp_path / "deployed.json").write_text(json.dumps(with_metadata))
    (tmp_path / "new.json").write_text(json.dumps(new_template()))
    assert diff(tmp_path / "deployed.json", tmp_path / "new.json")[:2] == (0, f"Stack new\n{CLEAN}\n")
