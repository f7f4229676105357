"""``python -m hyperpod_constructs.size``: which instance types and MIG slices a model fits, offline."""
