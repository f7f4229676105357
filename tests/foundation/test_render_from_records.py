"""The k8s layer renders from resolved records only (read from the source with ``ast``, nothing is imported).

- from ``hyperpod_constructs.intent`` and ``hyperpod_constructs.resolve`` it imports only the record modules and
  UPPER_CASE constants of other modules: no declared value class, no resolver and no intent function, so it cannot
  call back into intent or resolution logic;
- no function of it takes a ``where`` (an error location): it reports no user error;
- it calls no ``require(...)`` / ``located(...)`` and raises no ``HyperPod...`` error (``k8s/typed.py`` excepted:
  its ``HyperPodTypeError`` is a programming error, a renderer writing a field the generated class does not have);
- it calls no ``.resolve(...)`` and no ``resolved_*(...)``: everything was resolved before it.

``layering_findings`` also counts the call sites that call into intent or resolution logic (a name imported from an
intent or resolve module that is neither a record module nor a constant, called), the figure the resolve-once design
drives to zero.
"""
from __future__ import annotations

import ast
from pathlib import Path

from support import REPO_ROOT, source_nodes

K8S = REPO_ROOT / "hyperpod_constructs" / "k8s"
RECORD_MODULES = frozenset({"resolve.records", "resolve.platform_model", "resolve.gateway_records"})
LOGIC_LAYERS = ("intent", "resolve")  # the layers whose functions and classes a renderer must not reach
USER_ERROR_CALLS = frozenset({"require", "located"})
# The one exception to "no user error": typed() converts a finished manifest into generated structs, and a field
# the struct lacks is a renderer's bug, reported as HyperPodTypeError so it names the path.
RAISES_PROGRAMMING_ERRORS = frozenset({"typed.py"})


def _logic_module(node: ast.ImportFrom) -> str | None:
    """``intent.x`` for ``from ..intent.x import`` (in k8s/) or ``from hyperpod_constructs.intent.x import`` (and
    so for resolve); ``intent`` for the package itself; None for an import from any other layer."""
    parts = (node.module or "").split(".")
    if node.level == 2 and parts[0] in LOGIC_LAYERS:
        return ".".join(parts)
    if node.level == 0 and parts[0] == "hyperpod_constructs" and parts[1:2] and parts[1] in LOGIC_LAYERS:
        return ".".join(parts[1:])
    return None


def _is_constant(name: str) -> bool:
    return name.isupper()  # API_VERSION, SPEC_KEYS: UPPER_CASE names are constants by convention


def layering_findings(source: str, filename: str = "module.py") -> dict[str, list[str]]:
    """Every break of the rules above in one module's source, by rule, each as ``<file>:<line> <what>``."""
    found: dict[str, list[str]] = {"imports": [], "where": [], "errors": [], "resolution": [], "intent calls": []}
    logic_names: set[str] = set()  # names imported from intent or resolve that are neither records nor constants
    for node in source_nodes(source):
        if isinstance(node, ast.ImportFrom):
            module = _logic_module(node)
            if module is None or module in RECORD_MODULES:
                continue
            for alias in node.names:
                if not _is_constant(alias.name):
                    found["imports"].append(f"{filename}:{node.lineno} {module}.{alias.name}")
                    logic_names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[1:2] in ([layer] for layer in LOGIC_LAYERS) and not any(
                        alias.name == f"hyperpod_constructs.{module}" for module in RECORD_MODULES):
                    found["imports"].append(f"{filename}:{node.lineno} {alias.name}")
                    logic_names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = node.args
            names = [arg.arg for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
            names += [arg.arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]
            if "where" in names:
                found["where"].append(f"{filename}:{node.lineno} {getattr(node, 'name', 'lambda')}(where)")
        elif isinstance(node, ast.Raise) and filename not in RAISES_PROGRAMMING_ERRORS:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = raised.id if isinstance(raised, ast.Name) else getattr(raised, "attr", "")
            if name.startswith("HyperPod"):
                found["errors"].append(f"{filename}:{node.lineno} raise {name}")
    for node in source_nodes(source):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        name = function.id if isinstance(function, ast.Name) else function.attr if isinstance(
            function, ast.Attribute) else ""
        if name in USER_ERROR_CALLS:
            found["errors"].append(f"{filename}:{node.lineno} {name}(...)")
        if (isinstance(function, ast.Attribute) and name == "resolve") or name.startswith("resolved_"):
            found["resolution"].append(f"{filename}:{node.lineno} {name}(...)")
        base = function
        while isinstance(base, ast.Attribute):
            base = base.value
        if isinstance(base, ast.Name) and base.id in logic_names:
            found["intent calls"].append(f"{filename}:{node.lineno} {ast.unparse(function)}(...)")
    return found


def k8s_findings(k8s_dir: Path = K8S) -> dict[str, list[str]]:
    """``layering_findings`` over every hand-written module of ``k8s_dir`` (the generated k8s/imports excluded)."""
    total: dict[str, list[str]] = {}
    for path in sorted(k8s_dir.glob("*.py")):
        for rule, items in layering_findings(path.read_text(), path.name).items():
            total.setdefault(rule, []).extend(items)
    return total


def test_the_scan_sees_the_renderers() -> None:
    names = {path.name for path in K8S.glob("*.py")}
    assert {"endpoint.py", "operator_spec.py", "keda.py", "karpenter.py", "mig_config.py", "typed.py"} <= names


def test_k8s_imports_only_records_and_constants_from_intent_and_resolve() -> None:
    assert k8s_findings()["imports"] == []
    assert k8s_findings()["intent calls"] == []


def test_k8s_takes_no_error_location() -> None:
    assert k8s_findings()["where"] == []


def test_k8s_raises_no_user_error() -> None:
    assert k8s_findings()["errors"] == []


def test_k8s_resolves_nothing() -> None:
    assert k8s_findings()["resolution"] == []


# ---- each check catches what it is for -------------------------------------------------------------------------

def test_an_intent_function_or_value_class_import_is_caught() -> None:
    source = ("from ..intent.autoscaling import model_selector, SELECTOR\n"
              "from ..intent.endpoint import InferenceEndpoint\n"
              "from hyperpod_constructs.intent.mig import partition_resources\n"
              "from ..resolve.records import ScalingRecord\nfrom ..resolve.platform_model import ResolvedEndpoint\n"
              "from ..resolve.endpoint import resolve_endpoint\nfrom ..resolve.tiered_kv_cache import DAEMON_NAME\n"
              "import hyperpod_constructs.resolve.capacity\nimport hyperpod_constructs.resolve.records\n"
              "def spec(endpoint):\n    return model_selector(endpoint.name)\n")
    found = layering_findings(source)
    assert found["imports"] == ["module.py:1 intent.autoscaling.model_selector", "module.py:2 intent.endpoint."
                                "InferenceEndpoint", "module.py:3 intent.mig.partition_resources",
                                "module.py:6 resolve.endpoint.resolve_endpoint",
                                "module.py:8 hyperpod_constructs.resolve.capacity"]
    assert found["intent calls"] == ["module.py:11 model_selector(...)"]


def test_a_type_checking_import_counts_too() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..intent.endpoint import InferenceEndpoint\n"
    assert layering_findings(source)["imports"] == ["module.py:3 intent.endpoint.InferenceEndpoint"]


def test_a_where_parameter_is_caught() -> None:
    source = "def render(spec, where):\n    pass\nhandler = lambda value, *, where: value\n"
    assert layering_findings(source)["where"] == ["module.py:1 render(where)", "module.py:3 lambda(where)"]


def test_a_user_error_is_caught() -> None:
    source = ("def render(spec):\n    require(spec, 'x', 'f', 1, 'y')\n    with located('x', 'f'):\n        pass\n"
              "    raise HyperPodValidationError('x', 'f', 1, 'y')\n")
    assert layering_findings(source)["errors"] == ["module.py:5 raise HyperPodValidationError",
                                                   "module.py:2 require(...)", "module.py:3 located(...)"]
    assert layering_findings("raise HyperPodTypeError('p', 'k', 1, 'a')\n", "typed.py")["errors"] == []


def test_a_resolution_is_caught() -> None:
    source = ("def render(endpoint, platform):\n    endpoint = endpoint.resolve()\n"
              "    return endpoint.resolved_namespace(platform)\n")
    assert layering_findings(source)["resolution"] == ["module.py:2 resolve(...)",
                                                       "module.py:3 resolved_namespace(...)"]
