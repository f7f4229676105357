#!/usr/bin/env bash
# HyperPod runs this once on every new node of an EKS-orchestrated cluster.
# It records what it did, then runs any extra scripts placed beside it in on_create.d/ (in name order),
# so teams add their own steps without editing this file.
set -euo pipefail

log_dir=/var/log/provision
mkdir -p "$log_dir"
exec > >(tee -a "$log_dir/on_create.log") 2>&1

echo "[$(date -Is)] on_create start on $(hostname)"
here=$(cd "$(dirname "$0")" && pwd)

# Container images for LLMs are large: when HyperPod mounted the secondary EBS volume at /opt/sagemaker,
# keep containerd's data there rather than on the root volume.
if mountpoint -q /opt/sagemaker && [ -f /etc/containerd/config.toml ]; then
  mkdir -p /opt/sagemaker/containerd
  if ! grep -q '^root = "/opt/sagemaker/containerd"' /etc/containerd/config.toml; then
    sed -i 's|^#\?root = .*|root = "/opt/sagemaker/containerd"|' /etc/containerd/config.toml
    systemctl restart containerd || true
  fi
fi

if [ -d "$here/on_create.d" ]; then
  for step in "$here"/on_create.d/*.sh; do
    [ -e "$step" ] || continue
    echo "[$(date -Is)] running $(basename "$step")"
    bash "$step"
  done
fi
echo "[$(date -Is)] on_create done"
