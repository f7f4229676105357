"""``python -m hyperpod_constructs.diff OLD NEW``: before a change is deployed, what it replaces, deletes or leaves
retained, and the Kubernetes objects it adds, changes or deletes."""
