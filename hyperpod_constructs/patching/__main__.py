"""Entry point of ``python -m hyperpod_constructs.patching``."""
import sys

from .command import main

sys.exit(main())
