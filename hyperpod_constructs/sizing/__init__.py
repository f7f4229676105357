"""Sizing a model for HyperPod: memory per replica, GPUs, context and sequences that fit, and presets."""
