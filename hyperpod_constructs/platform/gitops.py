"""The GitOps export: the same manifests the stack applies, with deploy-time values as placeholders.

Values only known after ``cdk deploy`` (file system ids, bucket names, the region of an env-agnostic
stack) are CDK tokens inside the manifests. Each one the platform hands to a chart is registered here
under a name; the export writes ``${Name}`` in its place, and the stack has an output of the same name,
so ``envsubst`` (or a Kustomize replacement) fills them from the stack's outputs.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml
from aws_cdk import CfnOutput, Token
from constructs import Construct

_UNRESOLVED = re.compile(r"\$\{Token\[[^\]]+\]\}")


class DeployTimeValues:
    """Named deploy-time values: a CloudFormation output each, and a placeholder in exported YAML."""

    def __init__(self, scope: Construct) -> None:
        self._scope = scope
        self._by_token: dict[str, str] = {}

    def register(self, name: str, value: str, description: str) -> str:
        """Returns ``value`` unchanged so calls can wrap the value where it is used."""
        if Token.is_unresolved(value) and value not in self._by_token:
            self._by_token[value] = name
            output = CfnOutput(self._scope, name, value=value, description=description)
            # values.env promises outputs named exactly like the placeholders.
            output.override_logical_id(name)
        return value

    @property
    def names(self) -> list[str]:
        return sorted(self._by_token.values())

    def to_placeholders(self, manifests: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        text = json.dumps(list(manifests))
        # Longest first: a composite value (a DNS name holding the region) wins over its parts.
        for token, name in sorted(self._by_token.items(), key=lambda item: -len(item[0])):
            text = text.replace(token, "${" + name + "}")
        leftover = sorted(set(_UNRESOLVED.findall(text)))
        if leftover:
            raise ValueError(
                f"manifests hold deploy-time values with no registered name: {leftover}; "
                "register them with DeployTimeValues.register so GitOps users can fill them in")
        return json.loads(text)


def write_manifests(out_dir: Path, charts: Mapping[str, list[dict[str, Any]]], values: DeployTimeValues) -> list[Path]:
    """One ``<chart>.k8s.yaml`` per chart plus ``values.env`` naming the placeholders to fill."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in out_dir.glob("*.k8s.yaml"):
        stale.unlink()
    written: list[Path] = []
    for name, manifests in charts.items():
        path = out_dir / f"{name}.k8s.yaml"
        path.write_text(yaml.safe_dump_all(values.to_placeholders(manifests), sort_keys=False))
        written.append(path)
    env = out_dir / "values.env"
    env.write_text("# Fill each value from the stack output of the same name, then: envsubst < chart.k8s.yaml\n"
                   + "".join(f"{name}=\n" for name in values.names))
    written.append(env)
    return written
