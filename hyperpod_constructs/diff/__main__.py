"""Entry point of ``python -m hyperpod_constructs.diff``."""
import sys

from .command import main

sys.exit(main())
