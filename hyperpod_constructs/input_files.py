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
