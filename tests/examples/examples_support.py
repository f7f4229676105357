"""Which apps the example tests cover, and how their exported manifests are made concrete for validation."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping

from apps_support import DEFAULT_APP, app_files, app_id  # noqa: F401  (the example tests import them from here)

# One example value of the right shape for every deploy-time value the platform registers
# (``DeployTimeValues.register``), i.e. what ``envsubst`` would fill in from the stack outputs.
EXAMPLE_VALUES: Mapping[str, str] = {
    "Region": "us-west-2",
    "ModelStoreFileSystemId": "fs-0123456789abcdef0",
    "ModelStoreDnsName": "fs-0123456789abcdef0.fsx.us-west-2.amazonaws.com",
    "ModelStoreMountName": "abcdefgh",
    "ModelStoreSubnetId": "subnet-0123456789abcdef0",
    "NodeSecurityGroupId": "sg-0123456789abcdef0",
    "TlsCertificateBucket": "tls-bucket",
    "ModelBucket": "model-bucket",
    "PrometheusQueryUrl": "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-12345678-1234-1234-1234-123456789012",
    "DataCaptureBucket": "llm-captures-bucket",
    "DataCaptureKmsKey": "arn:aws:kms:us-west-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab",
}
_PLACEHOLDER = re.compile(r"\$\{([A-Za-z][A-Za-z0-9]*)\}")


def exported_manifests(platform: Any) -> dict[str, list[dict[str, Any]]]:
    """Chart name -> manifests as ``export`` writes them (deploy-time values as ``${Name}`` placeholders)."""
    values = platform.deploy_time_values
    return {name: values.to_placeholders(manifests) for name, manifests in platform.charts.items()}


def fill_placeholders(manifests: list[dict[str, Any]], registered: list[str]) -> list[dict[str, Any]]:
    """Replace each ``${Name}`` with its example value; fail naming any placeholder without one."""
    text = json.dumps(manifests)
    used = sorted(set(_PLACEHOLDER.findall(text)))
    unregistered = [name for name in used if name not in registered]
    assert not unregistered, (
        f"manifests hold placeholders {unregistered} that the platform did not register as deploy-time values "
        f"(registered: {registered})")
    missing = [name for name in used if name not in EXAMPLE_VALUES]
    assert not missing, (
        f"no example value for deploy-time placeholder(s) {missing}: add one of the right shape to "
        "EXAMPLE_VALUES in tests/examples/examples_support.py")
    return json.loads(_PLACEHOLDER.sub(lambda match: EXAMPLE_VALUES[match.group(1)], text))
