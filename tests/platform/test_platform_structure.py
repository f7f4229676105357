"""The composition root stays a composition root: a short constructor that wires parts, read-only attributes, and
parts that never reach back into the platform (no module of ``platform/`` imports ``platform.py``, no import cycle
there, and the platform hands ``self`` to nothing but as a construct scope)."""
from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path
from typing import Mapping, Optional

import pytest

from apps_support import SynthesizedApp
from hyperpod_constructs.platform import platform as platform_module
from hyperpod_constructs.platform.platform import HyperPodInferencePlatform
from support import REPO_ROOT, source_nodes

PLATFORM_DIR = REPO_ROOT / "hyperpod_constructs" / "platform"
MAX_CONSTRUCTOR_LINES = 60


def body_lines(source: str) -> int:
    """Lines of the body of the function ``source`` defines, its docstring left out."""
    (node,) = ast.parse(textwrap.dedent(source)).body
    assert isinstance(node, ast.FunctionDef)
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    return body[-1].end_lineno - body[0].lineno + 1  # type: ignore[operator]


def public_instance_attributes(instance: object) -> list[str]:
    """Public names set on the instance itself (a read-only property lives on the class)."""
    return sorted(name for name in vars(instance) if not name.startswith("_"))


def sibling_imports(source: str) -> set[str]:
    """The modules of ``platform/`` a module of it imports (``from .x import``, ``from . import x``, absolute)."""
    found: set[str] = set()
    for node in source_nodes(source):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level == 1:
            found.update([node.module.split(".")[0]] if node.module else [alias.name for alias in node.names])
        elif node.level == 0 and (node.module or "").startswith("hyperpod_constructs.platform."):
            found.add(node.module.split(".")[2])
    return found


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Each import cycle found by a depth-first walk, as the path that closes it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> None:
        if name in path:
            found.append(path[path.index(name):] + [name])
            return
        if name in done:
            return
        for target in sorted(graph.get(name, ())):
            walk(target, path + [name])
        done.add(name)

    for name in sorted(graph):
        walk(name, [])
    return found


def calls_given_self(source: str) -> list[tuple[int, str, int]]:
    """Each call that gets ``self``: its line, the callee as written and the argument's position (-1: a keyword)."""
    found: list[tuple[int, str, int]] = []
    for node in source_nodes(source):
        if isinstance(node, ast.Call):
            arguments = [*enumerate(node.args), *((-1, keyword.value) for keyword in node.keywords)]
            found.extend((node.lineno, ast.unparse(node.func), position) for position, argument in arguments
                         if isinstance(argument, ast.Name) and argument.id == "self")
    return found


def self_given_other_than_as_scope(source: str, namespace: Mapping[str, object]) -> list[str]:
    """Calls that hand ``self`` to anything but the construct parameter (``scope`` / ``construct``, first) of the
    callee ``namespace`` names: a helper reading the whole platform."""
    wrong: list[str] = []
    for line, callee, position in calls_given_self(source):
        target: object = namespace.get(callee.split(".")[0])
        for attribute in callee.split(".")[1:]:
            target = getattr(target, attribute, None)
        first = _first_parameter(target)
        if position != 0 or first not in ("scope", "construct"):
            wrong.append(f"{line}: {callee}")
    return wrong


def _first_parameter(target: object) -> Optional[str]:
    """A function's first parameter, or a class's first after ``self`` (jsii classes show only ``*args``)."""
    if isinstance(target, type):
        return next(iter(list(inspect.signature(target.__init__).parameters)[1:]), None)
    return next(iter(inspect.signature(target).parameters), None) if callable(target) else None


def platform_modules() -> dict[str, str]:
    return {path.stem: path.read_text() for path in sorted(PLATFORM_DIR.glob("*.py"))}


# ---- the constructor -----------------------------------------------------------------------------------------------

def test_the_constructor_validates_and_wires_in_at_most_sixty_lines() -> None:
    assert body_lines(inspect.getsource(HyperPodInferencePlatform.__init__)) <= MAX_CONSTRUCTOR_LINES


def test_a_long_body_is_counted_without_its_docstring() -> None:
    source = 'def long():\n    """Doc\n    string."""\n' + "".join(f"    x{i} = {i}\n" for i in range(61))
    assert body_lines(source) == 61 > MAX_CONSTRUCTOR_LINES


# ---- read-only attributes ------------------------------------------------------------------------------------------

def test_the_default_apps_platform_has_no_public_mutable_attribute(quick_setup: SynthesizedApp) -> None:
    platform = quick_setup.platform
    assert public_instance_attributes(platform) == []
    with pytest.raises(AttributeError, match="no setter"):
        platform.network = None  # type: ignore[misc]


def test_an_attribute_set_on_an_instance_is_found() -> None:
    class Mutable:
        def __init__(self) -> None:
            self.settings = "as given"
            self._kept = "private"

    assert public_instance_attributes(Mutable()) == ["settings"]


@pytest.mark.parametrize("old, new", [("model", "resolved_platform"), ("settings", "cluster_settings"),
                                      ("manifests", "manifest_applier"), ("kubectl", "kubectl_handler"),
                                      ("cluster_role", "karpenter_role")])
def test_a_renamed_attribute_names_its_new_name_when_read_or_assigned(quick_setup: SynthesizedApp, old: str,
                                                                      new: str) -> None:
    platform = quick_setup.platform
    message = f"HyperPodInferencePlatform.{old} is now HyperPodInferencePlatform.{new}"
    with pytest.raises(AttributeError, match=message):
        getattr(platform, old)
    with pytest.raises(AttributeError, match=message):
        setattr(platform, old, None)
    assert hasattr(platform, new)


# ---- parts never reach back into the platform ----------------------------------------------------------------------

def test_no_module_of_platform_imports_the_platform_but_its_package() -> None:
    importers = [name for name, source in platform_modules().items()
                 if name != "__init__" and "platform" in sibling_imports(source)]
    assert importers == []


@pytest.mark.parametrize("source", ["from .platform import HyperPodInferencePlatform",
                                    "from . import platform",
                                    "from hyperpod_constructs.platform.platform import HyperPodInferencePlatform",
                                    "if TYPE_CHECKING:\n    from .platform import HyperPodInferencePlatform"])
def test_an_import_of_the_platform_is_found(source: str) -> None:
    assert "platform" in sibling_imports(source)


def test_no_import_cycle_inside_platform() -> None:
    modules = platform_modules()
    graph = {name: sibling_imports(source) & set(modules) for name, source in modules.items() if name != "__init__"}
    assert cycles(graph) == []


def test_an_import_cycle_is_found() -> None:
    assert cycles({"access": {"platform"}, "platform": {"access"}, "plan": set()}) == [["access", "platform", "access"]]


def test_the_platform_passes_self_only_as_a_construct_scope() -> None:
    source = Path(platform_module.__file__).read_text()
    assert calls_given_self(source)  # the parts are built in the platform's scope
    assert self_given_other_than_as_scope(source, vars(platform_module)) == []


def test_self_handed_to_a_helper_is_found() -> None:
    def fixed_cost_items(platform: object) -> None: ...
    def build(scope: object, context: object) -> None: ...

    namespace = {"fixed_cost_items": fixed_cost_items, "build": build}
    source = "fixed_cost_items(self)\nbuild(self, context=self)\nbuild(None, self)\nbuild(self, None)\n"
    assert self_given_other_than_as_scope(source, namespace) == ["1: fixed_cost_items", "2: build", "3: build"]
