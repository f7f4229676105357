"""What preflight checks of an existing EKS cluster (``Eks.existing(...)``) beyond the platform's list.

The add-ons it must run are ``intent.cluster_prerequisites.ADDON_PREREQUISITES``, the list the synth warning names:
one list, so the warning and preflight cannot disagree.
"""
from __future__ import annotations

from ..intent.cluster import NETWORK_ADDONS, WORKLOAD_ADDONS

# With install_addons=True the stack creates these add-ons; CloudFormation cannot create one that exists.
INSTALLED_ADDONS: tuple[str, ...] = NETWORK_ADDONS + WORKLOAD_ADDONS
LOAD_BALANCER_SUBNET_TAGS = ("kubernetes.io/role/elb", "kubernetes.io/role/internal-elb")
