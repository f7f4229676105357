"""Entry point of ``python -m hyperpod_constructs.values``."""
import sys

from .command import main

sys.exit(main())
