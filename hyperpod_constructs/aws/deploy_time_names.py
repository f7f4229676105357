"""Names for deploy-time values of one kind: the first ``ModelBucket``, then ``ModelBucket2``, ``ModelBucket3`` ...

A value the stack only knows at deploy time (a bucket created in the app, say) reaches the exported manifests as
a placeholder named after it (see ``delivery.bundle.DeployTimeValues``); several of one kind need distinct names.
"""
from __future__ import annotations

from typing import Callable

from aws_cdk import Token


class NumberedValues:
    """Registers each distinct deploy-time ``value`` once, under ``base`` or ``base<n>``; literals need no name."""

    def __init__(self, register: Callable[[str, str, str], str], base: str, description: str) -> None:
        """``register(name, value, description)`` names a deploy-time value (the platform's ``DeployTimeValues``)."""
        self._register = register
        self._base = base
        self._description = description
        self._seen: set[str] = set()  # every value added, so each is asked of Node (is it a token?) once
        self._names = 0

    def add(self, value: str) -> None:
        if value in self._seen:
            return
        self._seen.add(value)
        if Token.is_unresolved(value):
            self._names += 1
            self._register(self._base if self._names == 1 else f"{self._base}{self._names}", value, self._description)
