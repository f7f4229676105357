"""YAML text for everything the library writes, with libyaml's C emitter when PyYAML has it.

The pure-Python emitter is ~5x slower on the manifests and rule files a platform of hundreds of endpoints writes;
both emitters produce the same text for the plain data written here (tests compare them).
"""
from __future__ import annotations

import io
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


PLACEHOLDER_START = "${"


def _quote_placeholders(dumper: Any, data: str) -> Any:
    # A string holding a ``${Name}`` placeholder is written double-quoted, so the value that replaces it at
    # deploy time can be escaped as data there (envsubst's text replacement cannot add an object then).
    style = '"' if PLACEHOLDER_START in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


class ManifestDumper(SafeDumper):  # type: ignore[misc, valid-type]
    """The manifests' dumper: placeholders double-quoted, lines never wrapped (a wrap could split a placeholder)."""


ManifestDumper.add_representer(str, _quote_placeholders)


def dump_manifests(documents: Iterable[Any]) -> str:
    """Kubernetes manifests, several documents separated by ``---`` lines, keys in insertion order: the text
    ``yaml.dump_all(documents, Dumper=ManifestDumper, sort_keys=False, width=NO_WRAP)`` gives (a test compares),
    about a quarter faster, since manifests are plain JSON data (no object twice, so no anchors to find)."""
    stream = io.StringIO()
    dumper = ManifestDumper(stream, width=NO_WRAP, sort_keys=False)
    dumper.open()
    for document in documents:
        dumper.serialize(_plain_node(dumper, document))
    dumper.close()
    return stream.getvalue()


def _plain_node(dumper: Any, data: Any) -> yaml.Node:
    """The node ``ManifestDumper`` represents ``data`` by, built without its per-value dispatch and alias search."""
    kind = type(data)
    if kind is str:
        return yaml.ScalarNode(_STR, data, style='"' if PLACEHOLDER_START in data else None)
    if kind is dict:
        return yaml.MappingNode(_MAP, [(_plain_node(dumper, key), _plain_node(dumper, value))
                                       for key, value in data.items()], flow_style=False)
    if kind is list:
        return yaml.SequenceNode(_SEQ, [_plain_node(dumper, item) for item in data], flow_style=False)
    return dumper.represent_data(data)  # numbers, booleans, null: rare, and PyYAML's own spelling


_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
