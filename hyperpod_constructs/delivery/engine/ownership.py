"""Whose an object is: the applier takes over no object another platform or a person owns, unless the platform opts
into adoption, and rebuilds a lost record from the objects that carry this platform's ownership.

An object is this platform's when it carries the platform's label (``hyperpod-constructs.io/platform=<value>``), or
when the record lists it (this platform applied it) and no other platform's label is on it. Any other object of the
same kind, namespace and name that already exists belongs to someone else: another platform (its label value), an
Argo CD application (its tracking id), a Flux Kustomization or HelmRelease (their labels), a Helm release (its
annotations), or whoever wrote it (its field managers). Server-side apply with ``--force-conflicts`` would take
its fields and move the label, and the other platform's stack delete would then find it gone from its own, so the
applier refuses, naming the object and its owner, as Argo CD warns that a resource is "already managed by another
application". Standard library only; no I/O here.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Sequence

from cluster_plan import KUBECTL

FIELD_MANAGER = "hyperpod-constructs"  # the applier's field manager (manifest_plan.FIELD_MANAGER)
ARGO_TRACKING = "argocd.argoproj.io/tracking-id"  # Argo CD's annotation tracking: "<app>:<group>/<kind>:<ns>/<name>"
FLUX_OWNERS = (("kustomize.toolkit.fluxcd.io", "Flux Kustomization"), ("helm.toolkit.fluxcd.io", "Flux HelmRelease"))
HELM_RELEASE = ("meta.helm.sh/release-namespace", "meta.helm.sh/release-name")


def label_key(selectors: Sequence[str]) -> str:
    """The platform label's key (every selector of this platform is ``<key>=<value>`` with the same key)."""
    return selectors[0].partition("=")[0]


def carries_label(live: Mapping[str, Any], selectors: Sequence[str]) -> bool:
    labels = live.get("metadata", {}).get("labels") or {}
    return any(labels.get(key) == value for key, _, value in (selector.partition("=") for selector in selectors))


def owner(live: Mapping[str, Any], key: str) -> str:
    """Who owns an object this platform does not, in words that let the user find them."""
    metadata = live.get("metadata", {})
    labels, annotations = metadata.get("labels") or {}, metadata.get("annotations") or {}
    if labels.get(key):
        return f"platform {labels[key]} (label {key}={labels[key]})"
    if annotations.get(ARGO_TRACKING):
        return f"Argo CD application {annotations[ARGO_TRACKING].split(':', 1)[0]} ({ARGO_TRACKING})"
    for prefix, what in FLUX_OWNERS:
        if labels.get(f"{prefix}/name"):
            return f"{what} {labels.get(f'{prefix}/namespace', '')}/{labels[f'{prefix}/name']}"
    if annotations.get(HELM_RELEASE[1]):
        return f"Helm release {annotations.get(HELM_RELEASE[0], '')}/{annotations[HELM_RELEASE[1]]}"
    managers = sorted({str(entry.get("manager", "")) for entry in metadata.get("managedFields") or ()})
    return f"no platform: it was made outside it (field managers {', '.join(managers) or 'unknown'})"


def foreign(wanted: Iterable[Any], current: Mapping[Any, Mapping[str, Any]], selectors: Sequence[str],
            recorded: Iterable[Any]) -> dict[Any, str]:
    """The objects of ``wanted`` that exist and are not this platform's, with their owners. One the record lists
    that carries no platform label is still this platform's (someone removed the label by hand)."""
    key, ours = label_key(selectors), {ref.identity for ref in recorded}
    others: dict[Any, str] = {}
    wanted_objects = {ref.identity for ref in wanted}
    for ref, live in current.items():
        if ref.identity not in wanted_objects or carries_label(live, selectors):
            continue
        labels = live.get("metadata", {}).get("labels") or {}
        if ref.identity in ours and not labels.get(key):
            continue
        others[ref] = owner(live, key)
    return others


def refusal(others: Mapping[Any, str]) -> str:
    """Why the deploy stops: each object and its owner (the first ten; the count says how many there are)."""
    named = "; ".join(f"{ref} belongs to {who}" for ref, who in sorted(others.items())[:10])
    more = f" (and {len(others) - 10} more)" if len(others) > 10 else ""
    return (f"{len(others)} objects of the bundle already exist and are not this platform's: {named}{more}. Nothing "
            "was applied. Rename them in this platform, remove them from their owner, or let this platform take "
            "them over with adopt_existing=True")


def applied_here(live: Mapping[str, Any], selectors: Sequence[str]) -> bool:
    """Carries this platform's label and was applied by the applier's field manager: what a lost record held."""
    return carries_label(live, selectors) and any(
        entry.get("manager") == FIELD_MANAGER for entry in live.get("metadata", {}).get("managedFields") or ())


def labelled_argv(kinds: Sequence[str], selectors: Sequence[str], kubeconfig: str, timeout: float) -> list[str]:
    """Every object of ``kinds`` in every namespace that carries this platform's label (one selector per call)."""
    return [KUBECTL, "get", ",".join(kinds), "--all-namespaces", "--selector", selectors[0], "--output", "json",
            "--show-managed-fields", "--kubeconfig", kubeconfig, "--request-timeout", f"{max(1, int(timeout))}s"]


def adopt_flag(value: Optional[str]) -> bool:
    """The custom resource's ``AdoptExisting`` property: "true" or absent/"false"."""
    text = str(value or "false").lower()
    if text not in ("true", "false"):
        raise ValueError(f"custom resource property AdoptExisting must be 'true' or 'false', not {value!r}")
    return text == "true"
