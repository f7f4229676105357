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


def first_addon_for(operator: str) -> str:
    """The first add-on version that runs ``operator`` (``"3.3"`` -> ``"v1.4.0-eksbuild.1"``)."""
    major, minor = next(addon for addon, runs in OPERATOR_OF_ADDON.items() if runs == operator)
    return f"v{major}.{minor}.0-eksbuild.1"


def addon_carries(pinned: str, operator: str) -> bool:
    """Whether add-on version ``pinned`` runs ``operator`` or a later one (an unreadable version is not refused
    here: the add-on's own version check names it)."""
    have, need = addon_version(pinned), addon_version(first_addon_for(operator))
    return have is None or need is None or have >= need
