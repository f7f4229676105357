"""The intent layer: what the user asks for, as immutable typed values (no CDK, no Kubernetes objects)."""
