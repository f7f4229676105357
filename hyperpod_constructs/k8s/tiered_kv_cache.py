"""HyperPod's tiered-storage daemon, sized and pinned: the DaemonSet patch and the script that applies it.

The daemon's DaemonSet and ConfigMap belong to HyperPod, so they are patched, not applied: the platform's manifests
cannot hold them (pruning would delete HyperPod's objects). ``configure_script`` renders the packaged script
(``assets/tiered_kv_cache/configure_daemon.sh``) with the platform's values ahead of it.
"""
from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from ..resolve.tiered_kv_cache import (
    DAEMON_CONFIG_MAP, DAEMON_NAME, DAEMON_NAMESPACE, INSTANCE_GROUP_LABEL, INSTANCE_TYPE_LABEL,
)
from ..resolve.records import TieredKvCacheDaemon

CONFIGURE_SCRIPT = Path(__file__).absolute().parent.parent / "assets" / "tiered_kv_cache" / "configure_daemon.sh"


def daemon_patch(daemon: TieredKvCacheDaemon) -> dict[str, Any]:
    """Strategic-merge patch of DaemonSet ``aws-hyperpod/ai-toolkit``: on the serving groups' nodes only (HyperPod's
    group label; the instance type as well, as AWS's function pins it), memory request = limit = its share."""
    memory = {"memory": daemon.memory}
    return {"spec": {"template": {"spec": {
        "nodeSelector": {INSTANCE_TYPE_LABEL: daemon.instance_type},
        "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
            {"matchExpressions": [{"key": INSTANCE_GROUP_LABEL, "operator": "In",
                                   "values": list(daemon.instance_groups)}]}]}}},
        "containers": [{"name": DAEMON_NAME, "resources": {"requests": memory, "limits": memory}}],
    }}}}


def configure_script(daemon: TieredKvCacheDaemon) -> str:
    """The packaged script with this platform's values set before it runs."""
    shebang, body = CONFIGURE_SCRIPT.read_text().split("\n", 1)
    values = {
        "DAEMON_PATCH": json.dumps(daemon_patch(daemon), separators=(",", ":")),
        "CACHE_CAPACITY": daemon.cache_capacity,
        "NAMESPACE": DAEMON_NAMESPACE, "DAEMON": DAEMON_NAME, "CONFIG_MAP": DAEMON_CONFIG_MAP,
    }
    header = [f"# {daemon.instance_type} groups {', '.join(daemon.instance_groups)}: {daemon.memory_percent}% of "
              f"memory for the daemon ({daemon.memory}), {daemon.cache_capacity} of it for the cache."]
    header += [f"export {name}={shlex.quote(value)}" for name, value in values.items()]
    return "\n".join([shebang, *header, body])


def write_configure_script(daemon: TieredKvCacheDaemon, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / CONFIGURE_SCRIPT.name
    path.write_text(configure_script(daemon))
    path.chmod(0o755)
    return path
