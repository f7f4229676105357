"""The leaves two values differ in, one line each: what a cause or a field change prints, however deep the
difference (``VpcConfig.Subnets[1]: "subnet-a" -> "subnet-b"``), instead of both whole values cut short."""
from __future__ import annotations

import json
from typing import Any


def field_changes(old: Any, new: Any, path: str = "") -> list[str]:
    """One line per changed leaf: ``spec.replicas: 1 -> 2``, ``+ spec.x: ...`` (added), ``- spec.y`` (removed).
    Lists of the same length are compared item by item; lists of different lengths as whole values."""
    if isinstance(old, dict) and isinstance(new, dict) and not (_is_intrinsic(old) or _is_intrinsic(new)):
        lines: list[str] = []
        for key in sorted(old.keys() | new.keys(), key=str):
            child = f"{path}.{key}" if path else str(key)
            if key not in new:
                lines.append(f"- {child}")
            elif key not in old:
                lines.append(f"+ {child}: {short(new[key])}")
            else:
                lines += field_changes(old[key], new[key], child)
        return lines
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [line for index, (before, after) in enumerate(zip(old, new))
                for line in field_changes(before, after, f"{path}[{index}]")]
    return [] if old == new else [f"{path}: {short(old)} -> {short(new)}"]


def changed_paths(old: Any, new: Any) -> list[str]:
    """The paths of the changed leaves, without their values."""
    return [line.split(": ", 1)[0].lstrip("+- ") for line in field_changes(old, new)]


def short(value: Any, limit: int = 80) -> str:
    text = "absent" if value is None else json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_intrinsic(value: dict) -> bool:
    """``{"Ref": ...}``, ``{"Fn::GetAtt": ...}``: one value, compared whole (its parts mean nothing apart)."""
    return len(value) == 1 and next(iter(value)) in ("Ref", "Condition") or any(
        str(key).startswith("Fn::") for key in value)
