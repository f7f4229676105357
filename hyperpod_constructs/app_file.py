"""The platforms of a user's app file, read for the commands (prices, preflight) without writing into the user's
folders.

An app file has one of two shapes:

- the README's: a plain CDK app (``app = cdk.App()``, a stack, a platform, ``platform.export("dist")``,
  ``app.synth()``), run as ``__main__``, as ``cdk synth`` runs it;
- the examples': ``build(app) -> (stack, platform)``, called with a new ``cdk.App`` (the file's own ``__main__``
  block, which may export or run cdk-nag, does not run).

Either runs in a child Python process, from the user's working folder (files the app reads are found as under
``cdk synth``), with its outputs sent to a temporary folder: ``CDK_OUTDIR`` for the cloud assembly (the variable
``cdk synth`` sets) and ``HYPERPOD_CONSTRUCTS_EXPORT_ROOT`` for ``platform.export()`` (see ``export_folder``). An app
that passes ``outdir=`` to its ``cdk.App`` keeps that folder. CDK's built-in CloudFormation validation is off in the
child (``CDK_VALIDATION=false``, as ``cdk synth --no-validation`` sets it): the commands read the platforms, not the
templates, and starting the validator costs seconds of every run; ``cdk synth`` still validates. The child hands each
platform, with the folder its app was synthesized into, to the command's ``reader`` (``"module:function"``) and
writes what it returns as JSON.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Mapping, Optional, Union

from .input_files import InputFileError, read_text_input

EXPORT_ROOT_ENV = "HYPERPOD_CONSTRUCTS_EXPORT_ROOT"
_PACKAGE_PARENT = Path(__file__).resolve().parent.parent
_RUN_TIMEOUT_S = 900
_MAX_APP_BYTES = 1_000_000  # an app file is code: a bigger one is the wrong file


class AppFileError(Exception):
    """The app file cannot be read: missing, failing, or building no platform. Commands exit 2 with its message."""


def export_folder(out_dir: Union[str, Path]) -> Path:
    """Where ``platform.export(out_dir)`` writes: ``out_dir``, or the same path under ``HYPERPOD_CONSTRUCTS_EXPORT_ROOT``
    when a command reads the app (so the user's ``dist/`` is left as it is)."""
    root = os.environ.get(EXPORT_ROOT_ENV)
    path = Path(out_dir)
    if not root:
        return path
    return Path(root) / (path.relative_to(path.anchor) if path.is_absolute() else path)


def defines_build(path: Path) -> bool:
    """Whether the file defines a top-level ``build`` function (the examples' shape)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return any(isinstance(node, ast.FunctionDef) and node.name == "build" for node in tree.body)


# The files `cdk synth` reads context from in the project folder, later ones winning; `-c` values win over both.
_CONTEXT_FILES = (("cdk.json", True), ("cdk.context.json", False))  # (file, whether its context is under "context")


def app_context(folder: Path, given: Optional[Mapping[str, str]] = None) -> dict[str, Any]:
    """The context an app run from ``folder`` gets under ``cdk synth``: cdk.json's ``context`` (feature flags
    included), cdk.context.json's cached lookups, then the ``--context`` values."""
    context: dict[str, Any] = {}
    for name, nested in _CONTEXT_FILES:
        file = folder / name
        if file.is_file():
            try:
                data = json.loads(file.read_text())
            except ValueError as error:
                raise AppFileError(f"{file}: not JSON ({error}); cdk synth could not read it either") from None
            context.update((data.get("context") or {}) if nested else data)
    context.update(given or {})
    return context


def read_app(path: Path, reader: str, context: Optional[Mapping[str, str]] = None,
             environment: Optional[Mapping[str, str]] = None) -> list[Any]:
    """What ``reader`` returns for each platform the app file builds (JSON data), in construction order.

    ``reader`` is ``"module:function"``, called in the child as ``function(platform, assembly_dir)``; ``environment``
    adds variables to the child's."""
    try:
        text = read_text_input(path, "--app", _MAX_APP_BYTES, "your CDK app file (Python)")
    except InputFileError as error:
        raise AppFileError(str(error)) from None
    try:
        ast.parse(text, filename=str(path))
    except SyntaxError as error:
        raise AppFileError(f"--app {path}: not Python (line {error.lineno}: {error.msg})") from None
    with tempfile.TemporaryDirectory(prefix="hyperpod-app-") as scratch:
        result = Path(scratch) / "platforms.json"
        child_environment = dict(os.environ, **(environment or {}), CDK_OUTDIR=str(Path(scratch) / "cdk.out"),
                           CDK_CONTEXT_JSON=json.dumps(app_context(Path.cwd(), context)), CDK_VALIDATION="false",
                           # the app and the modules it imports leave no __pycache__ in the user's folders
                           PYTHONDONTWRITEBYTECODE="1", **{EXPORT_ROOT_ENV: str(Path(scratch) / "exports")})
        child_environment["PYTHONPATH"] = os.pathsep.join(
            [str(path.resolve().parent), str(_PACKAGE_PARENT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
        try:
            child = subprocess.run([sys.executable, "-m", "hyperpod_constructs.app_file", str(path.resolve()),
                                    str(result), reader], env=child_environment, capture_output=True, text=True,
                                   timeout=_RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise AppFileError(f"--app {path}: did not finish within {_RUN_TIMEOUT_S} s") from None
        if child.returncode != 0 or not result.is_file():
            raise AppFileError(f"--app {path}: the app failed:\n{child.stderr.rstrip() or child.stdout.rstrip()}")
        found: list[Any] = json.loads(result.read_text())
    if not found:
        raise AppFileError(
            f"--app {path}: the file built no HyperPodInferencePlatform; keep the app at the file's top level "
            "(app = cdk.App(), as in the README) or define build(app) -> (stack, platform), as the examples do")
    return found


def _objects(path: Path) -> list[Any]:
    """Run the app file; the objects it leaves: its module-level names, or ``build``'s app and results."""
    import aws_cdk as cdk

    sys.argv = [str(path)]
    if defines_build(path):
        spec = importlib.util.spec_from_file_location(f"app_file_{path.stem}", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        app = cdk.App()
        built = module.build(app)
        return [app, *(built if isinstance(built, tuple) else (built,))]
    return list(runpy.run_path(str(path), run_name="__main__").values())


def _child(path: Path, result: Path, reader: str) -> int:
    import aws_cdk as cdk

    module_name, _, function = reader.partition(":")
    read = getattr(importlib.import_module(module_name), function)
    objects = _objects(path)
    apps = [item for item in objects if isinstance(item, cdk.App)]
    for app in apps:
        if not (Path(app.outdir) / "manifest.json").is_file():
            app.synth()
    found = _read_all(read, objects)
    if not found:  # a platform not bound to a module-level name: look through the apps' constructs
        found = _read_all(read, [child for app in apps for child in app.node.find_all()])
    result.write_text(json.dumps(found))
    return 0


def _read_all(read: Any, candidates: list[Any]) -> list[Any]:
    """``read(platform, assembly)`` of each distinct construct ``read`` accepts (it returns None for the others)."""
    seen: set[int] = set()
    found = []
    for candidate in candidates:
        if id(candidate) in seen or not _is_construct(candidate):
            continue
        seen.add(id(candidate))
        data = read(candidate, Path(_stage_outdir(candidate)))
        if data is not None:
            found.append(data)
    return found


def _stage_outdir(construct: Any) -> str:
    import aws_cdk as cdk

    stage = construct if isinstance(construct, cdk.Stage) else cdk.Stage.of(construct)
    return stage.outdir if stage is not None else "."


def _is_construct(value: Any) -> bool:
    from constructs import Construct

    return isinstance(value, Construct)


if __name__ == "__main__":
    sys.exit(_child(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]))
