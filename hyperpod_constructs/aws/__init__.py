"""aws layer."""
