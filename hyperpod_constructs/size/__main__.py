"""Entry point of ``python -m hyperpod_constructs.size``."""
import sys

from .command import main

sys.exit(main())
