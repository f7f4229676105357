"""Existing AWS resources in intent values: the CDK's own interfaces (``s3.IBucket``, ``eks.ICluster`` ...).

The intent layer imports without Node, so it names those interfaces for type checkers only and tells them
apart from plain values by what they have. A resource's attributes (a bucket's name, a file system's id) do not
change, and each read is a round trip to Node, so they are read once per resource.
"""
from __future__ import annotations

import weakref
from typing import Any, Mapping

S3_PREFIX_MAX_LENGTH = 1024  # S3 object keys are at most 1024 bytes
_MISSING = object()
_READ: "weakref.WeakKeyDictionary[Any, dict[str, Any]]" = weakref.WeakKeyDictionary()


def read_once(resource: Any, attribute: str, default: Any = _MISSING) -> Any:
    """``getattr(resource, attribute[, default])``, asked of Node once per resource and attribute."""
    try:
        cache = _READ.setdefault(resource, {})
    except TypeError:  # not weakly referable: a plain stand-in, nothing to save
        return getattr(resource, attribute) if default is _MISSING else getattr(resource, attribute, default)
    if attribute not in cache:
        try:
            cache[attribute] = getattr(resource, attribute)
        except AttributeError:
            if default is _MISSING:
                raise
            return default
    return cache[attribute]


def is_cdk_object(value: Any, attribute: str) -> bool:
    """A CDK construct interface: not a plain value, and it has ``attribute`` (e.g. ``bucket_name``)."""
    if isinstance(value, (str, bytes, int, float, Mapping)) or value is None:
        return False
    try:
        read_once(value, attribute)
    except AttributeError:
        return False
    except RuntimeError:  # CDK raises on reading an attribute an imported resource was not given: it has it
        pass
    return True


def is_s3_prefix(value: Any) -> bool:
    """A key prefix inside a bucket: ``models/llama/`` (not a URI, no leading '/', no '..')."""
    return (isinstance(value, str) and len(value) <= S3_PREFIX_MAX_LENGTH and not value.startswith(("/", "s3://"))
            and ".." not in value.split("/"))


def s3_uri(bucket_name: str, prefix: str | None) -> str:
    """``s3://bucket/prefix/`` with exactly one '/' between the parts and a trailing one."""
    path = (prefix or "").strip("/")
    return f"s3://{bucket_name}/" + (f"{path}/" if path else "")
