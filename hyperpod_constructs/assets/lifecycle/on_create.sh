#!/usr/bin/env bash
# HyperPod runs this once on every new node of an EKS-orchestrated cluster.
#
# LLM images and model caches are large, so containerd's and kubelet's data move from the root volume to
# the secondary EBS volume HyperPod mounts at /opt/sagemaker:
#   1. wait for that mount (it can appear a few seconds after the script starts);
#   2. copy /var/lib/containerd there (the images already pulled, including the locally cached pause
#      image, must come along) and point containerd at the copy with a complete configuration of its own, in
#      the schema of the installed containerd (1.x or 2.x), keeping what nodeadm sets on a GPU node: the NVIDIA
#      runtime as default, systemd cgroups, the pause image as sandbox;
#   3. move kubelet's state (certificates, pod volumes) there and leave a symlink at /var/lib/kubelet;
#   4. restart whichever of containerd and kubelet were running.
# Then it runs any extra scripts placed beside it in on_create.d/ (in name order), so teams add their own
# steps without editing this file.
#
# Every path is read below ${ROOT} (empty on a node), so tests run the script against a fake root.
set -euo pipefail

ROOT="${ROOT:-}"
DATA_DISK="${DATA_DISK:-/opt/sagemaker}"
MOUNT_WAIT_SECONDS="${MOUNT_WAIT_SECONDS:-60}"
# The EKS AMIs cache this pause image locally, so sandboxes start without a registry pull.
SANDBOX_IMAGE="${SANDBOX_IMAGE:-localhost/kubernetes/pause}"
# containerd's CRI plugins: one in containerd 1.x (configuration version 2), split in two in 2.x (version 3).
CONTAINERD1_CRI='plugins."io.containerd.grpc.v1.cri"'
CONTAINERD2_IMAGES="plugins.'io.containerd.cri.v1.images'"
CONTAINERD2_RUNTIME="plugins.'io.containerd.cri.v1.runtime'"
REGISTRY_CONFIG_PATH="/etc/containerd/certs.d:/etc/docker/certs.d"

log_dir="$ROOT/var/log/provision"
mkdir -p "$log_dir"
exec > >(tee -a "$log_dir/on_create.log") 2>&1
log() { echo "[$(date -Is)] $*"; }

here=$(cd "$(dirname "$0")" && pwd)
log "on_create start on $(hostname)"

wait_for_mount() {
  local waited=0
  until mountpoint -q "$ROOT$DATA_DISK"; do
    if [ "$waited" -ge "$MOUNT_WAIT_SECONDS" ]; then
      return 1
    fi
    log "waiting for $DATA_DISK to be mounted"
    sleep 5
    waited=$((waited + 5))
  done
}

# containerd's major version, as nodeadm reads it: the version file the AL2023 EKS AMI writes at build time, else
# `containerd --version`, else the schema of the configuration the node booted with (version 3 is containerd 2.x).
# Nothing known means 1: containerd 2.x still loads a version 2 configuration (it migrates it in memory).
containerd_major() {
  local text="" config
  if [ -f "$ROOT/etc/eks/containerd-version.txt" ]; then
    text=$(cat "$ROOT/etc/eks/containerd-version.txt")
  elif command -v containerd > /dev/null; then
    text=$(containerd --version || true)
  fi
  if [[ $text =~ ([0-9]+)\.[0-9]+\.[0-9]+ ]]; then
    echo "${BASH_REMATCH[1]}"
    return 0
  fi
  for config in /etc/containerd/config.toml /etc/eks/containerd/containerd-config.toml; do
    if [ -f "$ROOT$config" ] && grep -Eq '^version[[:space:]]*=[[:space:]]*3' "$ROOT$config"; then
      echo 2
      return 0
    fi
  done
  echo 1
}

# The default runtime, chosen as nodeadm chooses it: NVIDIA's when its container runtime is installed (GPU AMIs),
# else runc. Printed as "name binary" (runc's binary is left to containerd's PATH lookup).
default_runtime() {
  if [ -e "$ROOT/usr/bin/nvidia-container-runtime" ]; then
    echo "nvidia /usr/bin/nvidia-container-runtime"
  else
    echo "runc"
  fi
}

# The runtime tables under a CRI plugin prefix: runc's v2 shim with systemd cgroups (the kubelet's cgroup driver on
# the EKS AMIs), NVIDIA's container runtime as its binary on GPU nodes, and the AMI's base OCI spec when it has one.
runtime_tables() {
  local cri=$1 runtime binary
  read -r runtime binary <<< "$(default_runtime)"
  printf '[%s.containerd]\ndefault_runtime_name = "%s"\n' "$cri" "$runtime"
  [ "$cri" = "$CONTAINERD1_CRI" ] && printf 'discard_unpacked_layers = true\n'
  printf '\n[%s.containerd.runtimes.%s]\nruntime_type = "io.containerd.runc.v2"\n' "$cri" "$runtime"
  if [ -f "$ROOT/etc/containerd/base-runtime-spec.json" ]; then
    printf 'base_runtime_spec = "/etc/containerd/base-runtime-spec.json"\n'
  fi
  printf '\n[%s.containerd.runtimes.%s.options]\nSystemdCgroup = true\n' "$cri" "$runtime"
  [ -n "$binary" ] && printf 'BinaryName = "%s"\n' "$binary"
  printf '\n[%s.cni]\nbin_dir = "/opt/cni/bin"\nconf_dir = "/etc/cni/net.d"\n' "$cri"
}

# A complete containerd configuration, as nodeadm's templates lay it out, with the data root on the data disk.
# Nothing is copied from the node's own file, which may predate nodeadm's settings (the NVIDIA runtime). containerd
# 2.x reads configuration version 3, whose CRI settings moved to the io.containerd.cri.v1.images and
# io.containerd.cri.v1.runtime plugins (the sandbox image is a pinned image there); 1.x reads version 2.
write_containerd_config() {
  local target=$1 data_root=$2 major schema=2
  major=$(containerd_major)
  [ "$major" -ge 2 ] && schema=3
  {
    printf 'version = %s\nroot = "%s"\nstate = "/run/containerd"\n\n' "$schema" "$data_root"
    printf '[grpc]\naddress = "/run/containerd/containerd.sock"\n\n'
    if [ "$schema" = 3 ]; then
      printf '[%s]\ndiscard_unpacked_layers = true\n\n' "$CONTAINERD2_IMAGES"
      printf '[%s.pinned_images]\nsandbox = "%s"\n\n' "$CONTAINERD2_IMAGES" "$SANDBOX_IMAGE"
      printf '[%s.registry]\nconfig_path = "%s"\n\n' "$CONTAINERD2_IMAGES" "$REGISTRY_CONFIG_PATH"
      printf '[%s]\nenable_cdi = true\n\n' "$CONTAINERD2_RUNTIME"
      runtime_tables "$CONTAINERD2_RUNTIME"
    else
      printf '[%s]\nsandbox_image = "%s"\nenable_cdi = true\n\n' "$CONTAINERD1_CRI" "$SANDBOX_IMAGE"
      printf '[%s.registry]\nconfig_path = "%s"\n\n' "$CONTAINERD1_CRI" "$REGISTRY_CONFIG_PATH"
      runtime_tables "$CONTAINERD1_CRI"
    fi
  } > "$target"
  log "containerd $major.x: wrote a version $schema configuration, default runtime $(default_runtime | cut -d' ' -f1)"
}

move_containerd() {
  local data_root="$DATA_DISK/containerd/data-root" config="$DATA_DISK/containerd/config.toml"
  local drop_in="$ROOT/etc/systemd/system/containerd.service.d"
  mkdir -p "$ROOT$DATA_DISK/containerd"
  # Copy (not move) so the root volume still has a working containerd if the data disk ever goes away.
  if [ ! -d "$ROOT$data_root" ] && [ -d "$ROOT/var/lib/containerd" ]; then
    log "copying /var/lib/containerd to $data_root"
    cp -a "$ROOT/var/lib/containerd" "$ROOT$data_root"
  fi
  mkdir -p "$ROOT$data_root"
  write_containerd_config "$ROOT$config" "$data_root"
  mkdir -p "$drop_in"
  # A drop-in survives nodeadm rewriting /etc/containerd/config.toml at boot.
  cat > "$drop_in/10-data-disk.conf" <<EOF
[Service]
ExecStart=
ExecStart=/usr/bin/containerd --config $config
EOF
  log "containerd data root is $data_root (sandbox image $SANDBOX_IMAGE)"
}

move_kubelet() {
  local target="$DATA_DISK/kubelet"
  if [ -L "$ROOT/var/lib/kubelet" ]; then
    log "/var/lib/kubelet already links to $(readlink "$ROOT/var/lib/kubelet")"
    return 0
  fi
  mkdir -p "$ROOT$target"
  if [ -d "$ROOT/var/lib/kubelet" ]; then
    log "moving /var/lib/kubelet to $target"
    # cp -a then remove keeps ownership, modes and hidden files; mv of a glob would miss dotfiles.
    cp -a "$ROOT/var/lib/kubelet/." "$ROOT$target/"
    rm -rf "$ROOT/var/lib/kubelet"
  fi
  mkdir -p "$ROOT/var/lib"
  ln -s "$ROOT$target" "$ROOT/var/lib/kubelet"
}

if wait_for_mount; then
  running=()
  for unit in kubelet containerd; do
    if systemctl is-active --quiet "$unit"; then
      running+=("$unit")
      systemctl stop "$unit"
    fi
  done
  move_containerd
  move_kubelet
  systemctl daemon-reload
  for unit in containerd kubelet; do
    if [[ " ${running[*]} " == *" $unit "* ]]; then
      systemctl start "$unit"
    fi
  done
else
  log "$DATA_DISK is not mounted after ${MOUNT_WAIT_SECONDS}s: containerd and kubelet stay on the root volume"
fi

if [ -d "$here/on_create.d" ]; then
  for step in "$here"/on_create.d/*.sh; do
    [ -e "$step" ] || continue
    log "running $(basename "$step")"
    bash "$step"
  done
fi
log "on_create done"
