"""Figures about how the library is put together, for comparing two versions (they assert nothing):

- resolutions per endpoint: a custom endpoint is added to a platform, which is synthesized and exported while the
  platform's ``resolve_endpoint`` (``resolve/endpoint.py``, the one resolver of an endpoint) counts its calls;
- k8s -> intent/resolve call sites: calls in ``hyperpod_constructs/k8s`` (generated ``imports/`` aside) of functions
  imported from the intent or resolve layer, or of methods defined on their classes;
- the platform constructor's lines (its body without the docstring);
- public mutable attributes of the default app's platform (public names in its instance ``__dict__``);
- functions outside the platform class that take the whole platform (a parameter annotated with its class, or
  an unannotated/``Any`` parameter named ``platform``).

Run: `PATH=node_modules/.bin:$PATH .venv/bin/python benchmarks/design_figures.py`.
"""
from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import json
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PACKAGE = ROOT / "hyperpod_constructs"
# Methods every mapping/sequence/str has: a call of one of these is not a call into intent-layer logic.
BUILTIN_METHODS = {name for kind in (dict, list, tuple, str, set) for name in dir(kind)} | set(dir(builtins))


def resolve_calls_per_endpoint() -> int:
    import aws_cdk as cdk

    from aws_cdk import aws_s3 as s3

    from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource
    from hyperpod_constructs.platform import platform as platform_module

    calls = 0
    original = platform_module.resolve_endpoint

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    try:
        with tempfile.TemporaryDirectory() as scratch:
            app = cdk.App(outdir=scratch, context=json.loads((ROOT / "cdk.json").read_text())["context"])
            stack = cdk.Stack(app, "Figures")
            platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
                InstanceGroup("gpu", "ml.g6e.12xlarge", count=1)])
            endpoint = InferenceEndpoint("llama", model=ModelSource.s3(
                s3.Bucket.from_bucket_name(stack, "Models", "models"), "llama/"), instance_type="ml.g6e.12xlarge")
            platform_module.resolve_endpoint = counted  # type: ignore[assignment]
            platform.add_endpoint(endpoint)
            app.synth()
            platform.export(Path(scratch) / "dist", picture=False)
    finally:
        platform_module.resolve_endpoint = original  # type: ignore[assignment]
    return calls


def intent_method_names() -> set[str]:
    names: set[str] = set()
    for path in [*(PACKAGE / "intent").rglob("*.py"), *(PACKAGE / "resolve").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                names.update(item.name for item in node.body if isinstance(item, ast.FunctionDef)
                             and not item.name.startswith("__"))
    return names - BUILTIN_METHODS


def k8s_to_intent_call_sites() -> int:
    methods = intent_method_names()
    count = 0
    for path in sorted((PACKAGE / "k8s").glob("*.py")):
        tree = ast.parse(path.read_text())
        functions: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and any(
                    layer in node.module.split(".") for layer in ("intent", "resolve")):
                module = importlib.import_module(f"hyperpod_constructs.{node.module.lstrip('.')}"
                                                 if not node.module.startswith("hyperpod_constructs") else node.module)
                functions.update(alias.asname or alias.name for alias in node.names
                                 if inspect.isfunction(getattr(module, alias.name, None)))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name) and node.func.id in functions:
                count += 1
            elif isinstance(node.func, ast.Attribute) and node.func.attr in methods and not _on_library(node.func):
                count += 1
    return count


def _on_library(func: ast.Attribute) -> bool:
    """A call such as ``cdk8s.ApiObject.of(...)``: a method of another library that shares a name with one of ours."""
    root = func.value
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(root, ast.Name) and root.id in {"cdk8s", "kplus", "k8s", "jsii", "yaml", "json"}


def constructor_lines() -> int:
    from hyperpod_constructs import HyperPodInferencePlatform

    source = textwrap.dedent(inspect.getsource(HyperPodInferencePlatform.__init__))
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    body = function.body[1:] if isinstance(function.body[0], ast.Expr) and isinstance(
        getattr(function.body[0], "value", None), ast.Constant) else function.body
    lines = source.splitlines()[body[0].lineno - 1:function.end_lineno]
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def public_mutable_attributes() -> list[str]:
    import aws_cdk as cdk

    sys.argv = [sys.argv[0]]
    spec = importlib.util.spec_from_file_location("quick_setup", ROOT / "apps" / "quick_setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with tempfile.TemporaryDirectory() as scratch:
        _, platform = module.build(cdk.App(outdir=scratch))
    return sorted(name for name in vars(platform) if not name.startswith("_"))


def functions_taking_the_platform() -> list[str]:
    found = []
    for path in sorted((PACKAGE / "platform").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                for argument in node.args.args + node.args.kwonlyargs:
                    annotation = ast.unparse(argument.annotation) if argument.annotation else ""
                    if "HyperPodInferencePlatform" in annotation or (argument.arg == "platform" and annotation in ("", "Any")):
                        found.append(f"{path.name}:{node.name}")
    return found


def main() -> None:
    print(f"resolutions per custom endpoint (add_endpoint + synth + export): {resolve_calls_per_endpoint()}")
    print(f"k8s -> intent/resolve call sites: {k8s_to_intent_call_sites()}")
    print(f"platform constructor lines (body without its docstring, blank and comment lines): {constructor_lines()}")
    attributes = public_mutable_attributes()
    print(f"public mutable attributes of the default app's platform: {len(attributes)} {attributes}")
    taking = functions_taking_the_platform()
    print(f"functions taking the whole platform: {len(taking)} {taking}")


if __name__ == "__main__":
    main()
