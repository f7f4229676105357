"""The name rules every layer checks against, defined once: Kubernetes DNS names, SageMaker names, instance types.

Each ``is_*`` predicate includes the length limit, so a caller cannot forget it; callers word their own message.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from ..catalog.instance_types import instance_type, unknown_instance_type_hint
from ..catalog.limits import SAGEMAKER_NAME_PATTERN
from ..errors import HyperPodValidationError, require

# RFC 1123 label (Kubernetes object names such as namespaces, claims, node pools): at most 63 characters.
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
# RFC 1035 label (Services: the operator names them after the endpoint): starts with a letter.
RFC1035_LABEL = re.compile(r"^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$")
# RFC 1123 subdomain (Secrets, ConfigMaps, Helm releases, domain names): dot-separated labels, at most 253 characters.
DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?(\.[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*$")
DNS_SUBDOMAIN_MAX = 253
SAGEMAKER_NAME = SAGEMAKER_NAME_PATTERN  # models, endpoints, JumpStart ids (the operator's CRDs); clusters too

NAMESPACE_HELP = "a Kubernetes namespace: 1-63 lowercase letters, digits and '-'"
K8S_NAME_HELP = "a Kubernetes name: 1-63 lowercase letters, digits and '-', starting and ending alphanumeric"


def _matches(pattern: re.Pattern[str], value: Any) -> bool:
    return isinstance(value, str) and bool(pattern.match(value))


def is_dns_label(value: Any) -> bool:
    return _matches(DNS_LABEL, value)


def is_rfc1035_label(value: Any) -> bool:
    return _matches(RFC1035_LABEL, value)


def is_dns_subdomain(value: Any) -> bool:
    return _matches(DNS_SUBDOMAIN, value) and len(value) <= DNS_SUBDOMAIN_MAX


# The name part of a Kubernetes annotation or label key: 1-63 alphanumerics, '-', '_' and '.', alphanumeric at both ends.
_QUALIFIED_NAME = re.compile(r"^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$")


def is_annotation_key(value: Any) -> bool:
    """A Kubernetes annotation key: ``[<DNS subdomain>/]<name>``."""
    if not isinstance(value, str):
        return False
    prefix, slash, name = value.rpartition("/")
    return _matches(_QUALIFIED_NAME, name) and (not slash or is_dns_subdomain(prefix))


def is_sagemaker_name(value: Any) -> bool:
    return _matches(SAGEMAKER_NAME, value)


def require_hyperpod_instance_type(value: Any, where: str, field: str, taken: Sequence[str] = ()) -> None:
    """A type HyperPod offers (the catalog's); a mistyped one gets the closest names apart from those ``taken`` (listed
    already beside it). An endpoint could never run on a type no instance group can have."""
    if not isinstance(value, str) or instance_type(value) is None:  # the hint (difflib) is built only for an error
        raise HyperPodValidationError(where, field, value, unknown_instance_type_hint(value, taken))


def check_k8s_name(where: str, field: str, name: Any) -> None:
    """A Kubernetes object name kept to one DNS label (so it also works as a label value)."""
    require(is_dns_label(name), where, field, name, K8S_NAME_HELP)


def check_namespace(where: str, field: str, namespace: Any) -> None:
    require(is_dns_label(namespace), where, field, namespace, NAMESPACE_HELP)


# An S3 general purpose bucket name: 3-63 lowercase letters, digits, '.' and '-', starting and ending with a
# letter or digit, no '..', not shaped like an IP address.
S3_BUCKET_NAME = re.compile(r"^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")
_IP_ADDRESS = re.compile(r"^\d+\.\d+\.\d+\.\d+$")
S3_BUCKET_NAME_HELP = ("an S3 bucket name: 3-63 lowercase letters, digits, '.' and '-', starting and ending with a "
                       "letter or digit")


def is_s3_bucket_name(value: Any) -> bool:
    return _matches(S3_BUCKET_NAME, value) and ".." not in value and not _IP_ADDRESS.match(value)
