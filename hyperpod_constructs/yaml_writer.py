"""YAML text for everything the library writes, with libyaml's C emitter when PyYAML has it.

The pure-Python emitter is ~5x slower on the manifests and rule files a platform of hundreds of endpoints writes;
both emitters produce the same text for the plain data written here (tests compare them).
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

import yaml

# CSafeDumper exists when PyYAML was built against libyaml (the manylinux/macOS wheels are).
SafeDumper: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

# libyaml takes an int; this is "never wrap" (a wrapped line could split an unresolved CDK token in two).
NO_WRAP = 2**31 - 1


def dump(document: Any, *, width: Optional[int] = None, dumper: Optional[type] = None) -> str:
    """One YAML document, keys in insertion order, block style."""
    return yaml.dump(document, Dumper=dumper or SafeDumper, sort_keys=False, default_flow_style=False, width=width)


def dump_all(documents: Iterable[Any], *, dumper: Optional[type] = None) -> str:
    """Several documents separated by ``---``, keys in insertion order."""
    return yaml.dump_all(documents, Dumper=dumper or SafeDumper, sort_keys=False)
