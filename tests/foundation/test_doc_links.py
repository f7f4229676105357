"""Every relative link in the project's Markdown resolves: `](path)` to a file or folder of the repository, and
`](path#anchor)` / `](#anchor)` to a heading of that Markdown file, by GitHub's anchor rule (lower case, spaces to
hyphens, punctuation other than hyphens and underscores dropped, repeats numbered -1, -2 ...)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import REPO_ROOT

DOCS = [REPO_ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")] + sorted(
    (REPO_ROOT / "docs").glob("*.md"))
FENCED = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.M)


def prose(text: str) -> str:
    """The text outside fenced code blocks (a `# comment` in a shell block is no heading); with `code` spans kept out
    of link targets (a regular expression is no link) but kept in headings, whose anchors include them."""
    return FENCED.sub("", text)


def anchors(text: str) -> set[str]:
    found: set[str] = set()
    for heading in HEADING.findall(prose(text)):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        numbered, count = slug, 0
        while numbered in found:
            count += 1
            numbered = f"{slug}-{count}"
        found.add(numbered)
    return found


def broken_links(doc: Path, text: str) -> list[str]:
    broken = []
    for target in LINK.findall(CODE_SPAN.sub("", prose(text))):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ... are not the repository's
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            broken.append(f"{target}: no file {path}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text()):
            broken.append(f"{target}: no heading #{anchor} in {file.name}")
    return broken


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(REPO_ROOT)))
def test_relative_links_resolve(doc: Path) -> None:
    assert broken_links(doc, doc.read_text()) == []


def test_a_missing_file_or_heading_is_reported(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    text = "# Guide\n\n## Tiered KV cache: HyperPod's daemon (`L2Cache.tiered_storage()`)\n\n```bash\n# not a heading\n```\n"
    doc.write_text(text)
    (tmp_path / "other.md").write_text("# Other\n")
    assert broken_links(doc, text + "[a](#tiered-kv-cache-hyperpods-daemon-l2cachetiered_storage) [b](other.md#other)"
                                    " [c](https://example.com/x#y)") == []
    assert broken_links(doc, text + "[a](missing.md) [b](other.md#nowhere) [c](#not-a-heading)") == [
        "missing.md: no file missing.md",
        "other.md#nowhere: no heading #nowhere in other.md",
        "#not-a-heading: no heading #not-a-heading in guide.md",
    ]


def test_the_docs_index_lists_every_document() -> None:
    index = (REPO_ROOT / "docs" / "README.md").read_text()
    listed = set(re.findall(r"^- \[[^]]+\]\(([^)#]+)\)", index, re.M))
    assert listed == {doc.name for doc in (REPO_ROOT / "docs").glob("*.md")} - {"README.md"}


def test_readme_shows_the_two_commands_of_the_contract() -> None:
    """`make synth` and `make test` set up from nothing; a reader finds both on README's first screens."""
    readme = (REPO_ROOT / "README.md").read_text()
    head = readme[:readme.index("## Quick start")]
    assert "make synth" in head and "make test" in head


README_MOST_BYTES = 25 * 1000  # a front door: the rest is in docs/


def test_readme_is_a_front_door_that_names_the_inner_loop() -> None:
    readme = (REPO_ROOT / "README.md").read_bytes()
    assert len(readme) <= README_MOST_BYTES, f"README.md is {len(readme)} bytes; move detail into docs/"
    head = readme.decode()[:readme.decode().index("## Quick start")]
    assert "make test-fast" in head
