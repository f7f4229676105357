"""Which HyperPod inference operator an ``amazon-sagemaker-hyperpod-inference`` add-on version runs, and the
operator defects users act on.

Add-on to operator versions: the HyperPod inference release notes (docs.aws.amazon.com/sagemaker/latest/dg/
sagemaker-hyperpod-inference-release-notes.html): add-on v1.2.0 runs operator 3.1.2, v1.3.0 runs 3.2, v1.4.0 runs 3.3
(2026-08-04: the model weights and image caches), v1.5.0-eksbuild.1 runs 3.4.
"""
from __future__ import annotations

import re
from typing import Optional

INFERENCE_ADDON = "amazon-sagemaker-hyperpod-inference"  # the EKS add-on that runs the operator
_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")

# Add-on (major, minor) -> the operator version it runs.
OPERATOR_OF_ADDON: dict[tuple[int, int], str] = {
    (1, 2): "3.1.2",
    (1, 3): "3.2",
    (1, 4): "3.3",
    (1, 5): "3.4",
}

# Operators that ignore ``l2CacheBackend: redis`` and point LMCache at the node's tiered storage instead
# (aws/sagemaker-hyperpod-cli issue #431, open, reported on operator v3.2.0 from add-on v1.3.0-eksbuild.1).
REDIS_L2_IGNORED_BY: frozenset[str] = frozenset({"3.2"})
REDIS_L2_ISSUE = "aws/sagemaker-hyperpod-cli#431"


def addon_version(text: str) -> Optional[tuple[int, int, int]]:
    """``v1.18.3-eksbuild.1`` -> (1, 18, 3); None when the text is not such a version."""
    match = _VERSION.match(text) if isinstance(text, str) else None
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def operator_version(addon: str) -> Optional[str]:
    """The operator version an inference add-on version runs (``"v1.3.0-eksbuild.1"`` -> ``"3.2"``); None when the
    table does not know it."""
    version = addon_version(addon)
    return OPERATOR_OF_ADDON.get(version[:2]) if version is not None else None


def _operator_tuple(operator: str) -> tuple[int, ...]:
    return tuple(int(part) for part in operator.split("."))


def addon_predates(pinned: str, operator: str) -> bool:
    """Whether add-on version ``pinned`` is known to run an operator older than ``operator``: its operator is in the
    table and older, or the add-on is older than every version the table has. A version newer than the table (which
    may run ``operator``) and an unreadable one are not refused here."""
    version = addon_version(pinned)
    if version is None:
        return False
    runs = OPERATOR_OF_ADDON.get(version[:2])
    if runs is not None:
        return _operator_tuple(runs) < _operator_tuple(operator)
    return version[:2] < min(OPERATOR_OF_ADDON)


def first_known_addon_for(operator: str) -> Optional[str]:
    """The first add-on version the table knows runs ``operator`` or later; None when the table has none yet."""
    for (major, minor), runs in sorted(OPERATOR_OF_ADDON.items()):
        if _operator_tuple(runs) >= _operator_tuple(operator):
            return f"v{major}.{minor}.0-eksbuild.1"
    return None
