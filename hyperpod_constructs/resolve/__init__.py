"""The resolve layer: pure functions ``resolve_<kind>(declared, platform) -> record`` that work out every default
once, turning the intent layer's declared values into the complete records rules, renderers, grants and the plan
read (no CDK, no Kubernetes objects)."""
