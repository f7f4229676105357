"""python -m hyperpod_constructs.diff on the changes users make to a working platform between deploys
(diff_apps.platform_app): each is reported with what it does to running nodes, the rule's source, and the exit
status a CI gate reads."""
from __future__ import annotations

import functools
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Callable

import pytest

from diff_apps import assembly, platform_app
from hyperpod_constructs.aws import hyperpod_cluster
from hyperpod_constructs.diff import change_rules as rules
from hyperpod_constructs.diff.command import EXIT_CLEAN, EXIT_DESTRUCTIVE, EXIT_NOT_COMPARED, main
from hyperpod_constructs.diff.compare import GITOPS_NOT_COMPARED, HANDOVER, NO_OLD_BUNDLE, NO_OLD_FIGURES
from hyperpod_constructs.diff.report import CLEAN, DESTRUCTIVE, NOT_COMPARED, REPLACED_BY_NAME
from hyperpod_constructs.platform.plan_metadata import PLAN_METADATA_KEY

TEMPLATE = "Inference.template.json"
GROUPS = "  Instance groups (PlatformHyperPod10374815):"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The cloud assembly of the platform with one change (\"\": as first deployed), synthesized once each."""
    scripts = tmp_path_factory.mktemp("lifecycle")
    shutil.copytree(hyperpod_cluster.LIFECYCLE_DIR, scripts, dirs_exist_ok=True)
    with (scripts / "on_create.sh").open("a") as script:
        script.write("# the next version's scripts\n")

    @functools.cache
    def synthesized(change: str) -> Path:
        return assembly(tmp_path_factory, change or "deployed",
                        platform_app(change, lifecycle_dir=scripts if change == "lifecycle_scripts" else None))
    return synthesized


def diff(*argv: object) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(arg) for arg in argv], stdout=out, stderr=err)
    assert not err.getvalue()
    return code, out.getvalue()


def changed(app: Callable[[str], Path], change: str) -> tuple[int, list[str]]:
    code, text = diff(app(""), app(change))
    return code, text.splitlines()


def group_lines(lines: list[str]) -> list[str]:
    start = lines.index(GROUPS) + 1
    end = next(index for index, line in enumerate(lines[start:], start) if not line.startswith("    "))
    return lines[start:end]


def test_the_same_version_is_clean_and_carries_its_plan(app: Callable[[str], Path]) -> None:
    code, text = diff(app(""), app(""))
    assert (code, text.splitlines()[-1]) == (EXIT_CLEAN, CLEAN)
    figures = json.loads((app("") / TEMPLATE).read_text())["Metadata"][PLAN_METADATA_KEY]["Platform"]
    assert figures["groups"]["h100"] == {"nodeType": "ml.p5.48xlarge", "autoscaled": True,
                                         "floor": {"nodes": 0, "gpus": 0}, "ceiling": {"nodes": 2, "gpus": 16},
                                         "endpoints": 0}
    assert figures["groups"]["l40s"]["endpoints"] == 2 and figures["endpoints"] == 2
    assert figures["floor"] == {"nodes": 4, "gpus": 8} and figures["ceiling"] == {"nodes": 6, "gpus": 24}
    assert figures["costUsdPerMonth"]["floor"] == 730 * (2 * 0.5 + 2 * 10.0)


def test_renaming_the_system_group_terminates_its_nodes(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "rename_system")
    assert code == EXIT_DESTRUCTIVE and lines[-1] == DESTRUCTIVE
    assert group_lines(lines) == [
        f"    removes nodes: renamed system -> core (ml.m5.2xlarge): its nodes (2 nodes) terminated, 2 nodes created: "
        f"{rules.GROUP_RENAMED.effect} (see {rules.UPDATE_CLUSTER_GUIDE}); endpoints losing capacity: none"]


def test_renaming_a_gpu_group_names_the_endpoints_that_run_there(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "rename_gpu_group")
    assert code == EXIT_DESTRUCTIVE
    (line,) = group_lines(lines)
    # An autoscaled group runs no node idle, and as many as its ceiling under load: the plan figures say how many.
    assert line.startswith("    removes nodes: renamed h100 -> p5 (ml.p5.48xlarge): its nodes (0 nodes idle, up to 2 "
                           "under load) terminated, 0 nodes created: ")
    assert any(line.startswith("    deleted: NodePool.karpenter.sh") for line in lines)  # the NodePool swap too


def test_a_new_instance_type_is_refused_and_the_endpoints_on_it_named(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "instance_type")
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(lines) == [
        f'    refused: l40s InstanceType: "ml.g6e.12xlarge" -> "ml.g6e.24xlarge": {rules.INSTANCE_TYPE.effect} '
        f"(see {rules.UPDATE_CLUSTER_GUIDE}); endpoints losing capacity: llama, qwen"]
    # Against a deployed template, which names no endpoint, they are counted.
    code, text = diff(app("") / TEMPLATE, app("instance_type"))
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(text.splitlines()) == [
        f'    refused: l40s InstanceType: "ml.g6e.12xlarge" -> "ml.g6e.24xlarge": {rules.INSTANCE_TYPE.effect} '
        f"(see {rules.UPDATE_CLUSTER_GUIDE}); endpoints losing capacity: 2 (pass --old-manifests to name them)"]


def test_fewer_nodes_terminate_some(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "count_down")
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(lines) == [
        f"    removes nodes: l40s InstanceCount 2 -> 1: 1 node terminated: {rules.COUNT_DOWN.effect} "
        f"(see {rules.SCALE_DOWN_GUIDE}); endpoints losing capacity: llama, qwen"]
    # Going back adds the node: in place, nothing held for it.
    code, text = diff(app("count_down"), app(""))
    assert f"    in place: l40s InstanceCount 1 -> 2: 1 node added: {rules.COUNT_UP.effect}" in text


def test_new_lifecycle_scripts_reach_new_nodes_only(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "lifecycle_scripts")
    found = [line for line in group_lines(lines) if "lifecycle scripts" in line]
    assert len(found) == 3 and all(line.startswith("    new nodes only: ") for line in found), found
    assert f"{rules.LIFECYCLE.effect}" in found[0]
    assert code == EXIT_CLEAN  # nothing running is touched


def test_a_storage_change_is_held_as_undocumented(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "storage")
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(lines) == [
        f'    may be refused: l40s + InstanceStorageConfigs: [{{"EbsVolumeConfig": {{"VolumeSizeInGB": 500}}}}]: '
        f"{rules.STORAGE.effect} (see {rules.UPDATE_CLUSTER_GUIDE}); endpoints losing capacity: llama, qwen"]


def test_a_removed_group_terminates_its_nodes(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "remove_group")
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(lines) == [
        f"    removes nodes: removed h100 (ml.p5.48xlarge, 0 nodes idle, up to 2 under load): {rules.GROUP_REMOVED.effect} "
        f"(see {rules.SCALE_DOWN_GUIDE}); endpoints losing capacity: none"]
    assert any(line.startswith("  Plan (Platform): idle floor: 4 nodes, 8 GPUs, $15,330.00/month (unchanged); "
                               "ceiling: 6 nodes, 24 GPUs") and "-> 4 nodes, 8 GPUs" in line for line in lines)


def test_another_vpc_replaces_the_cluster_and_the_model_store_and_eks_refuses_it(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "other_vpc")
    assert code == EXIT_DESTRUCTIVE
    refused = [line for line in lines if line.startswith("  refused: PlatformEksCluster")]
    assert len(refused) == 1 and refused[0].endswith(f"{rules.EKS_OTHER_VPC.effect} (see {rules.EKS_NETWORK_REQUIREMENTS})")
    # Every subnet that changes is shown, not a cut-off value identical on both sides.
    assert ('ResourcesVpcConfig.SubnetIds[1]: {"Ref": "PlatformNetworkVpcprivateSubnet2Subnet3A29723C"} -> '
            '{"Ref": "OtherVpcPrivateSubnet2SubnetA8970B05"}') in refused[0]
    hyperpod = next(line for line in lines if line.startswith("  replaced: PlatformHyperPod10374815"))
    assert 'VpcConfig.Subnets[1]: {"Ref": "PlatformNetworkVpcprivateSubnet2Subnet3A29723C"} -> ' in hyperpod
    assert any(line.startswith("  replaced: PlatformModelStoreFileSystem64E83996 (AWS::FSx::FileSystem): "
                               "SubnetIds[0]: ") for line in lines)
    assert "  retained and still billing: the replaced PlatformModelStoreFileSystem64E83996" in "\n".join(lines)
    assert GROUPS not in lines  # a replaced cluster replaces every node: no group-by-group account
    assert not any(line.startswith("  updated in place: PlatformEksCluster") for line in lines)


STORE = "PlatformModelStoreFileSystem64E83996"
ENDPOINT = "InferenceEndpointConfig.inference.sagemaker.aws.amazon.com"


def kubernetes_lines(lines: list[str]) -> list[str]:
    start = next(index for index, line in enumerate(lines) if line.startswith("  Kubernetes objects"))
    return lines[start:-1]


def store_moves(cause: str) -> list[str]:
    """What the diff prints when the model store's file system is new: its StorageClass, volume and claim are
    replaced under new names, and the endpoints reading it move."""
    renamed = f"        {REPLACED_BY_NAME.format(values='ModelStoreFileSystemId')}"
    moved = [f'        spec.modelSourceConfig.fsxStorage.{field}: "${{{value}}}" takes a new value at deploy time ({value})'
             for field, value in (("dnsName", "ModelStoreDnsName"), ("fileSystemId", "ModelStoreFileSystemId"),
                                  ("mountName", "ModelStoreMountName"))]
    return [f"    new deploy-time value: {value} {cause}"
            for value in ("ModelStoreDnsName", "ModelStoreFileSystemId", "ModelStoreMountName")] + [
        "    replaced: PersistentVolume model-store-default-${ModelStoreFileSystemId}", renamed,
        "    replaced: PersistentVolumeClaim default/model-store-${ModelStoreFileSystemId}", renamed,
        "    replaced: StorageClass.storage.k8s.io fsx-model-store-${ModelStoreFileSystemId}", renamed,
        f"    changed: {ENDPOINT} default/llama", *moved, f"    changed: {ENDPOINT} default/qwen", *moved]


def test_a_replaced_model_store_replaces_its_volume_objects_and_moves_the_endpoints(app: Callable[[str], Path]) -> None:
    # The bundle's text is the same (the file system is a deploy-time value): what changes is what CloudFormation fills
    # the values with.
    code, lines = changed(app, "other_vpc")
    assert code == EXIT_DESTRUCTIVE
    kubernetes = kubernetes_lines(lines)
    assert kubernetes[0] == "  Kubernetes objects (PlatformManifests9516CD17): the same bundle, with new deploy-time values"
    assert kubernetes[4:] == [
        '    new deploy-time value: ModelStoreSubnetId: {"Ref": "PlatformNetworkVpcprivateSubnet1SubnetD2A7F1A9"} -> '
        '{"Ref": "OtherVpcPrivateSubnet1Subnet6A30CDAF"}',
        "    new deploy-time value: NodeSecurityGroupId refers to PlatformNetworkNodeSecurityGroup3077F46F "
        "(AWS::EC2::SecurityGroup), which is replaced",
        *store_moves(f"refers to {STORE} (AWS::FSx::FileSystem), which is replaced")[3:]]
    assert kubernetes[1:4] == store_moves(f"refers to {STORE} (AWS::FSx::FileSystem), which is replaced")[:3]


def test_the_deploy_doc_shows_lines_the_command_prints_for_a_new_file_system(app: Callable[[str], Path]) -> None:
    from support import REPO_ROOT
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    section = text[text.index("A **new model store file system**"):]
    shown = section[section.index("```text\n") + len("```text\n"):section.index("```", section.index("```text\n") + 7)]
    _, lines = changed(app, "other_vpc")
    assert shown.splitlines() and all(line in lines for line in shown.splitlines()), shown


def test_a_store_that_is_another_resource_replaces_its_volume_objects_from_a_deployed_template(
        app: Callable[[str], Path], tmp_path: Path) -> None:
    # The deployed template's bundle is the same key as NEW's: NEW's files say which objects hold the values.
    moved = (app("") / TEMPLATE).read_text().replace(STORE, "PlatformModelStoreFileSystemB0B0B0B0")
    (tmp_path / "new.json").write_text(moved)
    code, text = diff(app(""), tmp_path / "new.json")
    assert code == EXIT_DESTRUCTIVE
    other = "PlatformModelStoreFileSystemB0B0B0B0"
    kubernetes = kubernetes_lines(text.splitlines())
    assert kubernetes[2] == f'    new deploy-time value: ModelStoreFileSystemId: {{"Ref": "{STORE}"}} -> {{"Ref": "{other}"}}'
    for line, value in zip(kubernetes[1:4], ("ModelStoreDnsName", "ModelStoreFileSystemId", "ModelStoreMountName")):
        assert line.startswith(f"    new deploy-time value: {value}: ") and STORE in line and other in line
    assert kubernetes[4:] == store_moves("")[3:]
    # Without any bundle at hand, the diff does not call it unchanged.
    code, text = diff(app("") / TEMPLATE, tmp_path / "new.json")
    assert code == EXIT_DESTRUCTIVE  # the file system is replaced (a new logical id) whatever the objects
    assert ("  Kubernetes objects (PlatformManifests9516CD17): unchanged (the same bundle); deploy-time values change, "
            "and the objects holding them are not known here") in text.splitlines()


def test_the_same_store_keeps_its_volume_objects(app: Callable[[str], Path]) -> None:
    # Twice the capacity updates the file system in place: the same id, the same objects.
    code, lines = changed(app, "model_store_shrunk")
    assert not any("new deploy-time value" in line or line.startswith("    replaced:") for line in lines)


def test_a_smaller_model_store_is_refused(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "model_store_shrunk")
    assert code == EXIT_DESTRUCTIVE
    assert (f"  refused: PlatformModelStoreFileSystem64E83996 (AWS::FSx::FileSystem): StorageCapacity: 2400 -> 1200: "
            f"{rules.FSX_SHRINK.effect} (see {rules.FSX_STORAGE_CAPACITY})") in lines


def test_a_removed_model_store_is_deleted_and_kept_billing(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "model_store_removed")
    assert code == EXIT_DESTRUCTIVE
    assert "  deleted:  PlatformModelStoreFileSystem64E83996 (AWS::FSx::FileSystem), kept in the account " \
           "(DeletionPolicy Retain)" in lines
    assert any(line.startswith("  retained and still billing: the deleted PlatformModelStoreFileSystem64E83996")
               for line in lines)


def test_a_deleted_endpoint_is_found_from_the_deployed_templates_plan(app: Callable[[str], Path]) -> None:
    code, text = diff(app("") / TEMPLATE, app("endpoint_removed"))
    assert code == EXIT_DESTRUCTIVE
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {NO_OLD_BUNDLE}" in text
    assert ("  endpoints removed (Platform): OLD's plan has 2, NEW's 1: the objects of 1 or more are deleted (pass "
            "--old-manifests to name them)") in text
    assert "qwen" not in json.dumps(json.loads((app("") / TEMPLATE).read_text())["Metadata"])  # no name in the template


def test_a_deployed_template_without_its_manifests_is_not_an_all_clear(app: Callable[[str], Path]) -> None:
    # One more endpoint changes the bundle, which the deployed template does not hold: nothing is known removed, and
    # nothing is known safe either.
    code, text = diff(app("endpoint_removed") / TEMPLATE, app(""))
    assert (code, text.splitlines()[-1]) == (EXIT_NOT_COMPARED, NOT_COMPARED)
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {NO_OLD_BUNDLE}" in text
    # The same bundle key is the same bundle: compared, and clean.
    assert diff(app("") / TEMPLATE, app(""))[0] == EXIT_CLEAN


def test_a_template_without_plan_figures_says_what_is_not_compared(app: Callable[[str], Path], tmp_path: Path) -> None:
    template = json.loads((app("") / TEMPLATE).read_text())
    del template["Metadata"][PLAN_METADATA_KEY]
    (tmp_path / "older.json").write_text(json.dumps(template))
    code, text = diff(tmp_path / "older.json", app(""), "--old-manifests", _manifests(app(""), tmp_path))
    assert code == EXIT_NOT_COMPARED
    assert f"  not compared: {NO_OLD_FIGURES}" in text


def test_switching_to_gitops_is_a_handover(app: Callable[[str], Path], tmp_path: Path) -> None:
    code, text = diff(app(""), app("gitops"))
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {HANDOVER}; the GitOps version is not compared" in text
    assert not [line for line in text.splitlines() if line.startswith("    deleted: ")]
    # The one resource removed is the applier's permission to read a bundle it no longer has.
    assert [line for line in text.splitlines() if line.startswith("  deleted: ")] == [
        "  deleted:  PlatformManifestsReadBundle73868DEB (AWS::IAM::Policy)"]
    assert code == EXIT_DESTRUCTIVE
    # With the export GitOps applies, the objects are compared: every one is left to GitOps, none deleted.
    code, text = diff(app(""), app("gitops"), "--new-manifests", _manifests(app(""), tmp_path))
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {HANDOVER}" in text.splitlines()
    assert "deleted: InferenceEndpoint" not in text and "    added:" not in text


def test_gitops_versions_without_their_manifests_are_not_compared(app: Callable[[str], Path]) -> None:
    code, text = diff(app("gitops"), app("gitops"))
    assert code == EXIT_NOT_COMPARED
    assert f"  Kubernetes objects (PlatformManifests9516CD17): {GITOPS_NOT_COMPARED}" in text


def test_more_gpus_at_the_idle_floor_are_newly_billed(app: Callable[[str], Path]) -> None:
    code, lines = changed(app, "idle_floor")
    assert code == EXIT_DESTRUCTIVE and lines[-1] == DESTRUCTIVE
    plan = next(line for line in lines if line.startswith("  Plan (Platform): "))
    assert plan.startswith("  Plan (Platform): idle floor: 4 nodes, 8 GPUs, $15,330.00/month -> "
                           "5 nodes, 16 GPUs, $88,330.00/month; ceiling: 6 nodes, 24 GPUs, $161,330.00/month "
                           "(unchanged)"), plan
    assert "    newly billed while idle: 8 more GPUs run with no traffic at all" in lines
    assert "    added:   InferenceEndpointConfig.inference.sagemaker.aws.amazon.com default/mig" in lines


def _manifests(assembly: Path, into: Path) -> Path:
    """The deployed bundle's manifests/ folder: the files platform.export() writes to dist/manifests."""
    template = json.loads((assembly / TEMPLATE).read_text())
    key = template["Resources"]["PlatformManifests9516CD17"]["Properties"]["BundleKey"]
    with zipfile.ZipFile(assembly / f"asset.{key}") as archive:
        archive.extractall(into / "bundle")
    return into / "bundle" / "manifests"


def test_the_deploy_doc_shows_what_a_group_rename_prints(app: Callable[[str], Path]) -> None:
    from support import REPO_ROOT
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    section = text[text.index("### A renamed group"):]
    start = section.index("```text\n") + len("```text\n")
    assert diff(app(""), app("rename_system"))[1] == section[start:section.index("```", start)]


def test_a_new_mig_layout_reboots_the_nodes_and_names_the_endpoints_there(app: Callable[[str], Path]) -> None:
    # As deployed: the H100 group runs one node for the MIG endpoint; the next version changes the group's layout.
    code, text = diff(app("idle_floor"), app("mig_layout"))
    assert code == EXIT_DESTRUCTIVE
    assert group_lines(text.splitlines()) == [
        f'    reboots nodes: h100 MIG layout "all-3g.40gb" -> "mixed-4-1g.10gb-1-3g.40gb" on its nodes (1 node idle, '
        f"up to 2 under load): {rules.MIG_LAYOUT.effect} (see {rules.GPU_PARTITIONING_SETUP}); endpoints losing "
        f"capacity: mig"]
    # With no endpoint holding a node the group idles at zero, but an autoscaled group runs nodes under load.
    code, text = diff(app(""), app("mig_layout"))
    assert code == EXIT_DESTRUCTIVE
    assert any(line.startswith('    reboots nodes: h100 MIG layout "all-3g.40gb" -> "mixed-4-1g.10gb-1-3g.40gb" on '
                               "its nodes (0 nodes idle, up to 2 under load): ") for line in group_lines(text.splitlines()))


def test_a_moved_model_store_link_names_the_endpoints_that_read_the_store(app: Callable[[str], Path],
                                                                          tmp_path: Path) -> None:
    code, lines = changed(app, "store_link")
    assert code == EXIT_DESTRUCTIVE
    assert any(line.startswith("  replaced: PlatformModelStoreS3LinkDC672903 (AWS::FSx::DataRepositoryAssociation): "
                               'DataRepositoryPath: "s3://my-models/" -> "s3://my-models/weights/"') for line in lines)
    assert ("  model store link replaced: PlatformModelStoreS3LinkDC672903: endpoints reading the files it links: "
            "llama, qwen") in lines
    # Against the deployed template, the readers are named from its manifests, or said to be unknown without them.
    code, text = diff(app("") / TEMPLATE, app("store_link"))
    assert ("  model store link replaced: PlatformModelStoreS3LinkDC672903: endpoints reading the files it links: "
            "not known (pass --old-manifests to name them)") in text.splitlines()
    code, text = diff(app("") / TEMPLATE, app("store_link"), "--old-manifests", _manifests(app(""), tmp_path))
    assert "endpoints reading the files it links: llama, qwen" in text
    # Removing the store deletes its link: the same endpoints lose the files (their sources move to S3 here).
    code, lines = changed(app, "model_store_removed")
    assert ("  model store link deleted: PlatformModelStoreS3LinkDC672903: endpoints reading the files it links: "
            "llama, qwen") in lines
