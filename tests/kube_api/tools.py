"""Running the real kubectl and helm against a KubeApiServer, each call with a fresh HOME (empty discovery cache),
as every call of the kubectl function starts."""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path
from typing import Sequence

from . import binaries
from .server import KubeApiServer

# What kubectl and helm (both cobra command lines) print when a command line is wrong rather than the request.
USAGE_ERRORS = ("unknown flag", "unknown shorthand flag", "unknown command", "flag needs an argument",
                "invalid argument", "accepts ", "requires at least", "required flag")


def usage_error(stderr: str) -> bool:
    """Whether the tool refused its command line itself."""
    said = stderr.lower()
    return any(words in said for words in USAGE_ERRORS)


def _run(tool: str, server: KubeApiServer, args: Sequence[str], stdin: str | None, timeout: float,
         extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="kube-api-home-") as home:  # removed afterwards: a run made 160 of them
        config = server.write_kubeconfig(Path(home) / "kubeconfig")
        env = {"PATH": binaries.path_with_tools(os.environ.get("PATH", "")), "HOME": home, "KUBECONFIG": config,
               "HELM_CACHE_HOME": f"{home}/.cache/helm", "HELM_CONFIG_HOME": f"{home}/.config/helm",
               "HELM_DATA_HOME": f"{home}/.local/share/helm", **(extra_env or {})}
        return subprocess.run([tool, "--kubeconfig", config, *args], input=stdin, capture_output=True, text=True,
                              env=env, timeout=timeout)


def kubectl(server: KubeApiServer, *args: str, stdin: str | None = None,
            timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return _run(binaries.kubectl(), server, args, stdin, timeout)


def helm(server: KubeApiServer, *args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return _run(binaries.helm(), server, args, None, timeout)
