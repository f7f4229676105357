"""Which EKS add-on version (``amazon-sagemaker-hyperpod-inference``) carries which inference operator version, and
the operator fields each first offers. Source: AWS "HyperPod Inference release notes" (v3.3: 2026-08-04)."""
from __future__ import annotations

import re
from typing import Optional

# Operator version -> the first add-on version that carries it.
ADDON_FOR_OPERATOR = {"v3.2": "v1.3.0-eksbuild.1", "v3.3": "v1.4.0-eksbuild.1", "v3.4": "v1.5.0-eksbuild.1"}
_ADDON_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(-eksbuild\.\d+)?$")


def addon_version(text: str) -> Optional[tuple[int, int, int]]:
    """``v1.4.0-eksbuild.1`` -> (1, 4, 0); None when the text is not such a version."""
    match = _ADDON_VERSION.match(text) if isinstance(text, str) else None
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def addon_carries(pinned: str, operator: str) -> bool:
    """Whether add-on version ``pinned`` carries operator ``operator`` (an unreadable version is not refused here:
    the add-on's own version check names it)."""
    have, need = addon_version(pinned), addon_version(ADDON_FOR_OPERATOR[operator])
    return have is None or need is None or have >= need
