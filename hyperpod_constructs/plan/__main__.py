"""Entry point of ``python -m hyperpod_constructs.plan``."""
import sys

from .command import main

sys.exit(main())
