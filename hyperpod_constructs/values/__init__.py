"""``python -m hyperpod_constructs.values``: fill the exported ``values.env`` from a deployed stack's outputs.

Pure Python and boto3: it never starts Node, so its output is the same whatever Node the machine has.
"""
from .env_file import MissingValuesError, ValuesFileError, fill, names, substitute

__all__ = ["MissingValuesError", "ValuesFileError", "fill", "names", "substitute"]
