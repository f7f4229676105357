"""How manifests reach the cluster: the delivery engine and its contract, in one folder (docs/delivery.md).

- ``bundle.py``: the contract between synth and the engine. The rendered files (``manifests/<chart>.k8s.yaml`` with
  ``${Name}`` placeholders and ``values.env``: the GitOps export, byte for byte) and ``inventory.json`` (the objects
  of each file, the values they use), zipped into one S3 asset; the platform label every object carries.
- ``applier.py``: ``Custom::HyperPodManifests``, the custom resource that hands the bundle, the label, the record's
  name, the removal policy and the deploy-time values to the engine; ``ManifestDelivery`` (cdk deploy or GitOps).
- ``engine/``: the Lambda code the kubectl function runs (``aws/kubectl_handler.py`` builds that function, its role,
  the Provider framework and the access entry). ``index.py`` dispatches ``onEvent``/``isComplete`` by resource type;
  ``manifest_applier.py`` reconciles the bundle (converge, prune by inventory, ordered delete, clean failure) with its
  decisions in ``manifest_plan.py``; ``time_budget.py`` bounds every call by the invocation's time and the request's
  deadline; ``cluster_access.py`` runs kubectl and Helm; ``helm_installer.py`` (``helm_plan.py``) installs HyperPod's
  dependency chart and ``daemon_configurer.py`` sizes the tiered-storage daemon, the function's other two resources.
  Every request of the three takes its turn first (``fencing.py`` decides, ``claimed_record.py`` reads and writes the
  record it claims), so a request CloudFormation gave up on stops without touching the cluster.

The engine runs in Lambda with the standard library only (no PyYAML), imports its siblings by bare name, and is
tested with the real kubectl and helm it ships against a loopback API server (``tests/faults``, ``tests/kube_api``).
"""
