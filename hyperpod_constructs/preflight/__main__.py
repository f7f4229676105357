"""Entry point of ``python -m hyperpod_constructs.preflight``."""
import sys

from .command import main

sys.exit(main())
