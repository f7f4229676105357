"""An app file's ``build(app) -> (stack, platform)``: the convention of the default app and every example, which
the commands (prices, preflight) use to read a platform without running the file's own ``__main__`` block."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Callable

Build = Callable[[Any], tuple[Any, Any]]


def load_build(path: Path, *, instead: str = "") -> Build:
    """The file's ``build`` function; ``SystemExit`` naming the file when there is none (``instead``: what the
    user may pass in its place)."""
    if not path.is_file():
        raise SystemExit(f"--app {path}: no such file")
    spec = importlib.util.spec_from_file_location(f"app_file_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    build = getattr(module, "build", None)
    if not callable(build):
        raise SystemExit(f"--app {path}: the file has no build(app) function returning (stack, platform)"
                         + (f"; {instead}" if instead else ""))
    return build
