#!/usr/bin/env bash
# HyperPod runs this once on every new node of an EKS-orchestrated cluster.
#
# LLM images and model caches are large, so containerd's and kubelet's data move from the root volume to
# the secondary EBS volume HyperPod mounts at /opt/sagemaker:
#   1. wait for that mount (it can appear a few seconds after the script starts);
#   2. copy /var/lib/containerd there (the images already pulled, including the locally cached pause
#      image, must come along) and point containerd at the copy with its sandbox image set to that pause image;
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

# The containerd configuration the node booted with: AL2023 (nodeadm) or AL2 (EKS bootstrap).
base_containerd_config() {
  local candidate
  for candidate in /etc/containerd/config.toml /etc/eks/containerd/containerd-config.toml; do
    if [ -f "$ROOT$candidate" ]; then
      echo "$ROOT$candidate"
      return 0
    fi
  done
  return 1
}

# Write containerd's configuration with the new data root and sandbox image, keeping everything else.
write_containerd_config() {
  local target=$1 data_root=$2 base cri='[plugins."io.containerd.grpc.v1.cri"]'
  if base=$(base_containerd_config); then
    cp "$base" "$target"
  else
    printf 'version = 2\n' > "$target"
  fi
  if grep -Eq '^[#[:space:]]*root[[:space:]]*=' "$target"; then
    sed -Ei "s|^[#[:space:]]*root[[:space:]]*=.*|root = \"$data_root\"|" "$target"
  elif grep -q '^version' "$target"; then
    sed -i "/^version/a root = \"$data_root\"" "$target"
  else
    sed -i "1i root = \"$data_root\"" "$target"
  fi
  if grep -Eq '^[[:space:]]*sandbox_image[[:space:]]*=' "$target"; then
    sed -Ei "s|^([[:space:]]*)sandbox_image[[:space:]]*=.*|\\1sandbox_image = \"$SANDBOX_IMAGE\"|" "$target"
  elif grep -qF "$cri" "$target"; then
    sed -i "/^\[plugins.\"io.containerd.grpc.v1.cri\"\]$/a sandbox_image = \"$SANDBOX_IMAGE\"" "$target"
  else
    printf '\n%s\nsandbox_image = "%s"\n' "$cri" "$SANDBOX_IMAGE" >> "$target"
  fi
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
