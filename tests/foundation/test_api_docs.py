"""Every name ``hyperpod_constructs`` exports is documented where the API reference (pdoc) reads it.

The convention (docs/README.md): a class and each public function, method and property has a docstring; each
dataclass field, enum member and public class or instance attribute has an attribute docstring (a string literal
right after it); a constructor's keyword arguments are listed under ``Args:`` in its ``__init__`` docstring.
Each field and keyword argument says ``Default: ...`` (what happens when it is unset) or, when it has no
default, ``Required.``. Attribute docstrings are not kept at run time, so they are read from the source with ast.
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import html
import importlib
import inspect
import os
import re
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import pytest

import hyperpod_constructs
from support import REPO_ROOT

PACKAGE = hyperpod_constructs.__name__
DEFAULT_LINE = re.compile(r"(^|\n|\. )\s*(Default: \S|Required\.)")  # a sentence of its own
ARG_LINE = re.compile(r"^\s{4}(\w+):", re.MULTILINE)  # one Google-style "name: ..." item under Args:


@cache
def class_node(cls: type) -> ast.ClassDef:
    node = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
    assert isinstance(node, ast.ClassDef)
    return node


def is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def assigned_names(node: ast.stmt, on_self: bool) -> list[str]:
    """The names an assignment statement binds: class-level names, or ``self.<name>`` inside a method."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    if on_self:
        return [target.attr for target in targets if isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name) and target.value.id == "self"]
    return [target.id for target in targets if isinstance(target, ast.Name)]


def statement_lists(body: list[ast.stmt]) -> Iterator[list[ast.stmt]]:
    """``body`` and every statement list nested in it (if/else, with, for): attributes are set inside them too."""
    yield body
    for node in body:
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list) and not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                yield from statement_lists(inner)


def attribute_docs(body: list[ast.stmt], on_self: bool) -> dict[str, str | None]:
    """Each public name assigned in ``body`` -> the string literal right after its assignment (None: none)."""
    docs: dict[str, str | None] = {}
    for statements in statement_lists(body):
        for index, node in enumerate(statements):
            following = statements[index + 1] if index + 1 < len(statements) else None
            doc = following.value.value if following is not None and is_docstring(following) else None  # type: ignore[union-attr]
            for name in assigned_names(node, on_self):
                if not name.startswith("_") and docs.get(name) is None:
                    docs[name] = doc
    return docs


def own_classes(cls: type) -> list[type]:
    """``cls`` and the bases it inherits documented members from: those defined in this package."""
    return [klass for klass in cls.__mro__ if klass is cls or klass.__module__.startswith(PACKAGE)]


def init_node(cls: type) -> ast.FunctionDef | None:
    return next((node for node in class_node(cls).body if isinstance(node, ast.FunctionDef)
                 and node.name == "__init__"), None)


def problems_of_class(name: str, cls: type) -> list[str]:
    problems: list[str] = []
    if ast.get_docstring(class_node(cls)) is None:
        problems.append(f"{name}: no class docstring")
    fields = {field.name: field for field in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else {}
    documented: dict[str, str | None] = {}
    for klass in reversed(own_classes(cls)):  # a subclass's text wins
        documented.update({key: value for key, value in attribute_docs(class_node(klass).body, on_self=False).items()
                           if value is not None or key not in documented})
    for field_name, doc in sorted(documented.items()):
        is_member = issubclass(cls, enum.Enum) and field_name in cls.__members__
        if doc is None:
            kind = "field" if field_name in fields else "enum member" if is_member else "class attribute"
            problems.append(f"{name}.{field_name}: {kind} without an attribute docstring")
    for field_name, field in fields.items():
        if field_name.startswith("_"):
            continue
        doc = documented.get(field_name)
        if doc is None:
            if field_name not in documented:
                problems.append(f"{name}.{field_name}: field without an attribute docstring")
            continue
        if not DEFAULT_LINE.search(doc):
            required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
            problems.append(f"{name}.{field_name}: field docstring without a "
                            f"{'Required.' if required else 'Default: ...'} line")
    init = init_node(cls) if not dataclasses.is_dataclass(cls) else None
    if init is not None:
        for attribute, doc in sorted(attribute_docs(init.body, on_self=True).items()):
            if doc is None:
                problems.append(f"{name}.{attribute}: instance attribute without an attribute docstring")
        problems += problems_of_arguments(name, cls)
    for klass in own_classes(cls):
        for member_name, member in vars(klass).items():
            if member_name.startswith("_"):
                continue
            function = member.fget if isinstance(member, property) else getattr(member, "func", None) or \
                getattr(member, "__func__", None) or member
            if inspect.isfunction(function) and not inspect.getdoc(function):
                problems.append(f"{name}.{member_name}: {'property' if isinstance(member, property) else 'method'} "
                                "without a docstring")
    return problems


def problems_of_arguments(name: str, cls: type) -> list[str]:
    """Each keyword argument of a (non-dataclass) constructor is an ``Args:`` item saying its default."""
    parameters = [parameter for parameter in inspect.signature(cls.__init__).parameters.values()
                  if parameter.kind is inspect.Parameter.KEYWORD_ONLY]
    if not parameters:
        return []
    doc = inspect.getdoc(cls.__init__) or ""
    _, _, args = doc.partition("Args:\n")
    items = dict(zip(ARG_LINE.findall(args), re.split(ARG_LINE, args)[2::2]))
    problems = []
    for parameter in parameters:
        text = items.get(parameter.name)
        if text is None:
            problems.append(f"{name}({parameter.name}=): keyword argument not listed under Args:")
        elif not DEFAULT_LINE.search(text):
            required = parameter.default is inspect.Parameter.empty
            problems.append(f"{name}({parameter.name}=): Args item without a "
                            f"{'Required.' if required else 'Default: ...'} line")
    return problems


def problems_of(name: str, value: Any) -> list[str]:
    if inspect.isclass(value):
        return problems_of_class(name, value)
    if inspect.isfunction(value):
        return [] if inspect.getdoc(value) else [f"{name}: function without a docstring"]
    return [f"{name}: exported value of type {type(value).__name__} (export classes and functions)"]


def pdoc_arguments() -> list[str]:
    """``make docs``'s pdoc arguments: its options and the modules of the reference."""
    found = re.search(r"^PDOC_ARGS := (.+)$", (REPO_ROOT / "Makefile").read_text(), re.MULTILINE)
    assert found is not None, "the Makefile names the modules of the API reference"
    return found.group(1).split()


def reference_names() -> dict[str, Any]:
    """What the reference documents: every exported name, and the public classes of the other modules it lists."""
    names: dict[str, Any] = {name: getattr(hyperpod_constructs, name) for name in hyperpod_constructs.__all__}
    for module_name in pdoc_arguments():
        if module_name.startswith(f"{PACKAGE}."):
            module = importlib.import_module(module_name)
            names.update({f"{module_name}.{name}": value for name, value in vars(module).items()
                          if inspect.isclass(value) and value.__module__ == module_name and not name.startswith("_")})
    return names


def test_every_name_in_the_reference_documented_with_its_default() -> None:
    problems = [problem for name, value in reference_names().items() for problem in problems_of(name, value)]
    assert not problems, f"{len(problems)} undocumented:\n" + "\n".join(problems)


@pytest.mark.slow
def test_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    """``make docs``'s pdoc run, into a scratch folder: no warning, and a section for every exported name."""
    env = {**os.environ, "PATH": f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run([sys.executable, "-m", "pdoc", "--output-directory", str(tmp_path), *pdoc_arguments()],
                            cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr[-3000:]
    page = (tmp_path / "hyperpod_constructs.html").read_text()
    missing = [name for name in hyperpod_constructs.__all__ if f'<section id="{name}">' not in page]
    assert not missing, f"not in the reference: {missing}"
    assert not (tmp_path / "hyperpod_constructs" / "k8s").exists(), "the generated cdk8s classes stay out"
    # No private names in signatures, no deprecated names, and an example for each main class.
    signatures = [re.sub("<[^>]+>", "", html.unescape(signature)) for signature in
                  re.findall(r'class="signature pdoc-code[^"]*">(.*?)</div>', page, re.S)]
    assert len(signatures) > 100  # the pattern finds pdoc's signatures
    private = sorted({name for signature in signatures for name in re.findall(r"(?<![\w.])_[A-Za-z]\w*", signature)})
    assert not private, private
    assert not any("hourly_prices" in signature for signature in signatures)
    assert 'id="StorageDriverRoles.grant_read"' not in page and 'id="StorageDriverRoles.allow_read"' in page
    from test_docstring_examples import MAIN_CLASSES
    for cls in MAIN_CLASSES:
        section = page[page.index(f'<section id="{cls.__name__}">'):]
        section = section[:section.index("</section>")]
        assert "&gt;&gt;&gt;" in section, f"{cls.__name__}: no example in the reference"
    # The platform's reference opens with what a user calls (the add_* methods, the plan, export), then the handles.
    members = re.findall(r'id="HyperPodInferencePlatform\.(\w+)"', page)
    assert members[:10] == ["__init__", "add_endpoint", "add_preset_endpoint", "add_model_weights_cache",
                            "add_inference_gateway", "add_scaled_workloads", "add_chart", "endpoints", "plan",
                            "charts"], members[:12]


# ---- the checker itself fails on what it is meant to catch -----------------------------------------------

@dataclasses.dataclass(frozen=True)
class _Undocumented:
    """A class whose fields break the convention."""

    required: int
    """What it counts."""
    bare: int = 1
    optional: int = 2
    """What it limits."""
    documented: int = 3
    """What it sets.

    Default: 3 (widgets)."""

    def method(self) -> None:
        pass


class _Construct:
    """A constructor whose arguments break the convention."""

    def __init__(self, *, listed: int = 1, unlisted: int = 2, required: str) -> None:
        """Build it.

        Args:
            listed: What it sets. Default: 1.
            required: What it names.
        """
        self.handle = listed
        self.named = unlisted
        """What it holds."""


class _Choice(enum.Enum):
    """Members with and without docstrings."""

    SAID = "said"
    """The documented one."""
    UNSAID = "unsaid"


def test_checker_names_each_undocumented_field_argument_and_method() -> None:
    assert problems_of("_Undocumented", _Undocumented) == [
        "_Undocumented.bare: field without an attribute docstring",
        "_Undocumented.required: field docstring without a Required. line",
        "_Undocumented.optional: field docstring without a Default: ... line",
        "_Undocumented.method: method without a docstring",
    ]
    assert problems_of("_Construct", _Construct) == [
        "_Construct.handle: instance attribute without an attribute docstring",
        "_Construct(unlisted=): keyword argument not listed under Args:",
        "_Construct(required=): Args item without a Required. line",
    ]
    assert problems_of("_Choice", _Choice) == ["_Choice.UNSAID: enum member without an attribute docstring"]


@pytest.mark.parametrize("doc", ["Default: None (no TLS).", "What it is.\n\nDefault: 3 (replicas).", "Required.",
                                 "What it names. Required."])
def test_default_line_forms(doc: str) -> None:
    assert DEFAULT_LINE.search(doc)


def test_default_line_must_be_its_own_sentence() -> None:
    assert not DEFAULT_LINE.search("Unlike the operator's Default: x")
