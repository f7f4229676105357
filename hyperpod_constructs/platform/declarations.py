"""Where the user declared what a cross-resource problem is about, so that ``export()`` and ``cdk synth`` point at
the statement to fix (``declared at app.py:12``) rather than at ``export()`` or ``app.synth()``, which only found it.

A problem starts with its location in the platform (``endpoint 'llama'``, ``cluster.tiered_storage``,
``platform``); each such location the platform knows is recorded with the user's statement that made the value: an
endpoint where it was built (``InferenceEndpoint(...)``), the platform's own settings where it was constructed.
"""
from __future__ import annotations

from typing import Optional, Sequence

from ..error_output import Location, declared_at, describe_location, users_statement
from ..errors import with_location
from ..intent.cluster import ClusterSettings
from ..intent.instance_group import InstanceGroup

# Problems about the platform's own settings: the platform's constructor is where they are given.
PLATFORM_WHERES = ("platform", "cluster", "node_autoscaling", "network", "operator", "observability")


class Declarations:
    """Location in the platform (a problem's prefix) -> the user's statement that declared it."""

    def __init__(self) -> None:
        self._statements: dict[str, Location] = {}

    @classmethod
    def of_platform(cls, groups: Sequence[InstanceGroup], cluster: ClusterSettings) -> "Declarations":
        """Called from the platform's constructor: its statement, its groups' and its tiered storage's."""
        declarations = cls()
        statement = users_statement()
        for where in PLATFORM_WHERES:
            declarations.record(where, statement)
        for group in groups:
            declarations.record(f"instance group {group.name!r}", declared_at(group))
        if cluster.tiered_storage is not None:
            declarations.record("cluster.tiered_storage", declared_at(cluster.tiered_storage))
        return declarations

    def record(self, where: str, statement: Optional[Location]) -> None:
        if statement is not None:
            self._statements[where] = statement

    def statement_of(self, problem: str) -> Optional[Location]:
        """The statement for the longest recorded location ``problem`` starts with (followed by ``:`` or ``.``)."""
        found = [where for where in self._statements
                 if problem.startswith(where) and problem[len(where):len(where) + 1] in (":", ".")]
        return self._statements[max(found, key=len)] if found else None

    def locations(self, problems: Sequence[str]) -> list[Optional[str]]:
        """Per problem, its statement as ``file:line`` and code, or None."""
        cache: dict[Location, str] = {}
        found: list[Optional[str]] = []
        for problem in problems:
            statement = self.statement_of(problem)
            if statement is not None and statement not in cache:
                cache[statement] = describe_location(statement)
            found.append(cache[statement] if statement is not None else None)
        return found

    def located(self, problems: Sequence[str]) -> list[str]:
        """Each problem with ``declared at <file:line>`` and the statement under it, where known (what ``cdk synth``
        lists)."""
        return [with_location(problem, location) for problem, location in zip(problems, self.locations(problems))]
