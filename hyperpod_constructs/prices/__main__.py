"""Entry point of ``python -m hyperpod_constructs.prices``."""
import sys

from .command import main

sys.exit(main())
