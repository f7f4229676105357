"""``python -m hyperpod_constructs.diff OLD NEW``: before a change is deployed, what it replaces, deletes, refuses or
takes away from running nodes (instance group by instance group), what it leaves retained, the Kubernetes objects
it adds, changes or deletes, and the idle floor and ceiling it leads to; the exit status tells CI which applies."""
