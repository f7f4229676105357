"""The commands' argument parser: a bad argument is one line on stderr and exit status 2, as every other usage
error of the commands (argparse alone prints the whole usage first)."""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors are one line: ``<prog>: <message> (see --help)``."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message} (see --help)\n")
        sys.exit(2)
