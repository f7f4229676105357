"""A file a command is given, read or refused in one line: missing, a folder, too big, not text, empty; and where a
command will write, checked before it calls AWS (so a bad path does not cost a run)."""
from __future__ import annotations

from pathlib import Path
from typing import Any


class InputFileError(Exception):
    """A file given on the command line cannot be used: a usage error (exit status 2); the message is one line."""


def shown(value: Any, most: int = 60) -> str:
    """``repr(value)`` cut to ``most`` characters, so that a huge value cannot make a huge message line."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most - 3]}... ({len(text):,} characters)"


class TextFileProblem(ValueError):
    """Why a file's text cannot be read: ``field`` (``size`` or ``content``) and the ``value`` found."""

    def __init__(self, field: str, value: str) -> None:
        self.field, self.value = field, value
        super().__init__(f"{field}: {value}")


def read_limited_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of the existing file ``path``; raises ``TextFileProblem`` when it holds more than ``max_bytes``
    or is not UTF-8 (an app or a command reads it as bad input, never a traceback)."""
    size = path.stat().st_size
    if size > max_bytes:
        raise TextFileProblem("size", f"{size:,} bytes")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise TextFileProblem("content", f"not UTF-8 text (byte {error.start})") from None


def read_text_input(path: Path, option: str, max_bytes: int, what: str) -> str:
    """The text of ``path`` (given as ``option``), which should be ``what``; raises ``InputFileError``."""
    if path.is_dir():
        raise InputFileError(f"{option} {path}: a folder; give {what}")
    if not path.is_file():
        raise InputFileError(f"{option} {path}: no such file")
    size = path.stat().st_size
    if size > max_bytes:
        raise InputFileError(f"{option} {path}: {size:,} bytes, more than {max_bytes:,}; not {what}")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputFileError(f"{option} {path}: not UTF-8 text (byte {error.start}); give {what}") from None
    if not text.strip():
        raise InputFileError(f"{option} {path}: empty; give {what}")
    return text


def check_writable(path: Path, option: str) -> None:
    """Raise ``InputFileError`` unless ``path`` can be written: its folder exists and it is not a folder itself."""
    if path.is_dir():
        raise InputFileError(f"{option} {path}: a folder; give a file name")
    if not path.parent.is_dir():
        raise InputFileError(f"{option} {path}: the folder {path.parent} does not exist; create it first")
