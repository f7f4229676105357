"""catalog layer."""
