"""The ``values.env`` file ``platform.export()`` writes: one ``Name=`` line per deploy-time value the manifests hold
as ``${Name}``, each named like the stack output that carries it, and comment lines starting with ``#``.

Filled, it is an env file as ``kubectl create configmap --from-env-file`` and Flux read it (``Name=value``, no
quotes), and ``substitute`` fills manifests from it the way ``envsubst`` does when given the file's names only.
"""
from __future__ import annotations

import re
from typing import Mapping

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class ValuesFileError(ValueError):
    """values.env cannot be read or filled; the message says which line or value and why."""


class MissingValuesError(ValuesFileError):
    """Names values.env lists that have no value."""

    def __init__(self, missing: list[str]) -> None:
        super().__init__(f"no value for {', '.join(missing)}")
        self.missing = missing


def _entries(text: str) -> list[tuple[str, str] | str]:
    """Each line as (name, value), or the line itself when it is a comment or blank."""
    entries: list[tuple[str, str] | str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            entries.append(line)
            continue
        name, equals, value = line.partition("=")
        if not equals or not _NAME.fullmatch(name):
            shown = repr(line) if len(line) <= 60 else f"{line[:57]!r}... ({len(line):,} characters)"
            raise ValuesFileError(f"values.env line {number}: {shown} is not allowed; Name=value, or a comment "
                                  "starting with #")
        entries.append((name, value))
    return entries


def names(text: str) -> list[str]:
    """The value names ``text`` (a values.env) lists, in its order."""
    return [entry[0] for entry in _entries(text) if isinstance(entry, tuple)]


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with every listed name set to its value in ``values``; comments kept. A name without a value, or a
    value an env file cannot hold on one line, is an error naming them all."""
    entries = _entries(text)
    missing = [entry[0] for entry in entries if isinstance(entry, tuple) and entry[0] not in values]
    if missing:
        raise MissingValuesError(missing)
    multiline = [entry[0] for entry in entries if isinstance(entry, tuple) and "\n" in values[entry[0]]]
    if multiline:
        raise ValuesFileError(f"the values of {', '.join(multiline)} hold a line break; values.env holds one line "
                              "per value")
    lines = [entry if isinstance(entry, str) else f"{entry[0]}={values[entry[0]]}" for entry in entries]
    return "".join(f"{line}\n" for line in lines)


def substitute(manifest_text: str, values: Mapping[str, str]) -> str:
    """``envsubst "$Name1 $Name2 ..."`` for the names in ``values``: ``${Name}`` and ``$Name`` of those names become
    their values, every other ``$`` stays as it is (a shell variable in a container's command, say)."""
    if not values:
        return manifest_text
    alternatives = "|".join(re.escape(name) for name in sorted(values, key=len, reverse=True))
    pattern = re.compile(rf"\$(?:\{{({alternatives})\}}|({alternatives})(?![A-Za-z0-9_]))")
    return pattern.sub(lambda match: values[match.group(1) or match.group(2)], manifest_text)
