#!/usr/bin/env bash
# Sizes HyperPod's tiered-storage daemon for the nodes that serve L2 tiered-storage endpoints and keeps it on them,
# as AWS's quick setup does after enabling tiered storage (run it with kubectl pointed at the cluster):
#   1. wait for HyperPod to create the daemon (it does once the cluster's TieredStorageConfig is enabled);
#   2. set the in-memory cache capacity in its configuration (ConfigMap ai-toolkit-config, config.toml);
#   3. patch the DaemonSet: node affinity to the serving instance groups, memory request and limit;
#   4. restart its pods so they read the new configuration.
# The values come from the platform (the lines above this header in the exported copy).
set -euo pipefail

: "${DAEMON_PATCH:?the DaemonSet patch (JSON) is required}"
: "${CACHE_CAPACITY:?the cache capacity (e.g. 408GiB) is required}"
NAMESPACE="${NAMESPACE:-aws-hyperpod}"
DAEMON="${DAEMON:-ai-toolkit}"
CONFIG_MAP="${CONFIG_MAP:-ai-toolkit-config}"
WAIT_SECONDS="${WAIT_SECONDS:-600}"

waited=0
until kubectl get daemonset "$DAEMON" --namespace "$NAMESPACE" > /dev/null 2>&1; do
  if [ "$waited" -ge "$WAIT_SECONDS" ]; then
    echo "daemonset $NAMESPACE/$DAEMON not found after ${WAIT_SECONDS}s: is tiered storage enabled on the cluster?" >&2
    exit 1
  fi
  sleep 10
  waited=$((waited + 10))
done

# The capacity line of config.toml, as the JSON string kubectl prints holds it (quotes escaped).
config=$(kubectl get configmap "$CONFIG_MAP" --namespace "$NAMESPACE" --output json)
capacity='(capacity[[:space:]]*=[[:space:]]*\\")[^"\\]*(\\"[[:space:]]*#[[:space:]]*Total in-memory cache size)'
if ! grep -Eq "$capacity" <<< "$config"; then
  echo "configmap $NAMESPACE/$CONFIG_MAP has no 'capacity = \"...\" # Total in-memory cache size' line" >&2
  exit 1
fi
# replace carries the resourceVersion read above: a concurrent change makes it fail instead of being lost.
sed -E "s/$capacity/\\1$CACHE_CAPACITY\\2/" <<< "$config" | kubectl replace --filename -
kubectl patch daemonset "$DAEMON" --namespace "$NAMESPACE" --type strategic --patch "$DAEMON_PATCH"
kubectl rollout restart daemonset "$DAEMON" --namespace "$NAMESPACE"
kubectl rollout status daemonset "$DAEMON" --namespace "$NAMESPACE" --timeout "${WAIT_SECONDS}s"
echo "$NAMESPACE/$DAEMON: cache capacity $CACHE_CAPACITY, $DAEMON_PATCH"
