"""Pure decisions of the manifest applier: the request, deploy-time values, stages, ownership, what to delete next.

The bundle is a zip of ``manifests/`` (the GitOps export, byte for byte: one ``<chart>.k8s.yaml`` per chart with
``${Name}`` placeholders, and ``values.env``) and ``inventory.json`` (which objects each file holds, in document
order, and which placeholders the files use). No AWS calls and no
subprocesses here; ``manifest_applier`` does the I/O. Standard library only: the Lambda Python runtime has no
PyYAML, and kubectl reads the YAML itself.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence

import reasons
import transient
from cluster_plan import FIELD_MANAGER, KUBECTL, cluster_flags, require_properties, tail
from fencing import Claim
from ownership import adopt_flag

MANIFESTS_DIR = "manifests"
INVENTORY_FILE = "inventory.json"
MANIFEST_SUFFIX = ".k8s.yaml"
# An object a user annotates with this (any value but "false") is never pruned or deleted by the applier.
KEEP_ANNOTATION = "hyperpod-constructs.io/keep"
CRD_KIND = "CustomResourceDefinition.v1.apiextensions.k8s.io"
NAMESPACE_KIND = "Namespace"
DEFAULT_NAMESPACE = "default"  # where a namespaced object whose manifest names none is (the kubeconfig sets none)
# Groups every cluster serves: their kinds need no wait.
BUILTIN_GROUPS = frozenset({
    "", "apps", "batch", "policy", "autoscaling", "rbac.authorization.k8s.io", "storage.k8s.io", "networking.k8s.io",
    "apiextensions.k8s.io", "admissionregistration.k8s.io", "scheduling.k8s.io", "coordination.k8s.io",
    "discovery.k8s.io", "node.k8s.io", "certificates.k8s.io", "events.k8s.io",
})
# kubectl's words when a kind's CRD is not (or no longer) installed: nothing of that kind can exist.
UNKNOWN_KIND_ERRORS = ("the server doesn't have a resource type", "no matches for kind",
                       "could not find the requested resource", "ensure CRDs are installed first")
# Answers of an apply or delete that mean "not now" rather than "never", beyond the API server's transient errors
# (``transient``): a webhook whose pods are starting, a namespace still finishing its deletion, a kind not served
# yet, an object changed under the apply. The next isComplete applies again; past the deadline they fail.
NOT_YET_ERRORS = UNKNOWN_KIND_ERRORS + (
    "failed calling webhook", "because it is being terminated", "the object has been modified",
)
DELIVERY_MODES = ("cdk-deploy", "gitops")
REMOVAL_POLICIES = ("destroy", "retain")


@dataclass(frozen=True)
class ApplyRequest:
    """The custom resource's properties, parsed once."""

    cluster_name: str
    record_name: str  # ConfigMap in RECORD_NAMESPACE holding the inventory of what this platform applied
    selector: str  # ``label=value`` every object this platform applies carries
    delivery: str  # cdk-deploy: apply the bundle; gitops: hand the objects over to Argo CD / Flux, apply nothing
    removal: str  # destroy: a stack delete deletes the objects; retain: it leaves them running
    bucket: str = ""
    key: str = ""
    values: dict[str, str] = field(default_factory=dict)  # deploy-time values, resolved by CloudFormation
    adopt: bool = False  # take over objects of the bundle that exist and are not this platform's (AdoptExisting)


def parse_properties(props: Mapping[str, Any]) -> ApplyRequest:
    """CloudFormation sends properties as strings and maps of strings; fail loudly on a missing or bad one."""
    delivery = str(props.get("Delivery", "cdk-deploy"))
    required = ["ClusterName", "Selector", "RecordName"] + (["BundleBucket", "BundleKey"] if delivery == "cdk-deploy" else [])
    require_properties(props, required)
    removal = str(props.get("Removal", "destroy"))
    if delivery not in DELIVERY_MODES or removal not in REMOVAL_POLICIES:
        raise ValueError(f"custom resource properties Delivery must be one of {DELIVERY_MODES} (not {delivery!r}) "
                         f"and Removal one of {REMOVAL_POLICIES} (not {removal!r})")
    values = props.get("Values") or {}
    if not isinstance(values, Mapping):
        raise ValueError("custom resource property Values must be a map")
    if "=" not in str(props["Selector"]):
        raise ValueError(f"custom resource property Selector must be label=value, not {props['Selector']!r}")
    return ApplyRequest(
        cluster_name=str(props["ClusterName"]), record_name=str(props["RecordName"]), selector=str(props["Selector"]),
        delivery=delivery, removal=removal, bucket=str(props.get("BundleBucket", "")), key=str(props.get("BundleKey", "")),
        values={str(name): str(value) for name, value in values.items()},
        adopt=adopt_flag(props.get("AdoptExisting")),
    )


def physical_resource_id(request: ApplyRequest) -> str:
    """One id per (cluster, platform): moving to another cluster makes CloudFormation delete from the old one."""
    return f"{request.cluster_name}/{request.record_name}"


# ---- objects ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class ObjectRef:
    """One Kubernetes object: the kubectl kind argument it is addressed by (``Kind.version.group``, or ``Kind`` in
    the core group), its namespace (None: cluster-scoped, or namespaced in the default namespace) and name."""

    kind: str
    namespace: Optional[str]
    name: str

    @property
    def kind_name(self) -> str:
        return self.kind.split(".", 1)[0]

    @property
    def group(self) -> str:
        parts = self.kind.split(".", 2)
        return parts[2] if len(parts) == 3 else ""

    @property
    def identity(self) -> tuple[str, str, str, str]:
        """(Kind, group, namespace, name): the version is left out, so a new API version is the same object."""
        return self.kind_name, self.group, self.namespace or "", self.name

    @property
    def argument(self) -> str:
        return f"{self.kind}/{self.name}"

    def __str__(self) -> str:
        return f"{self.kind_name} {self.namespace + '/' if self.namespace else ''}{self.name}"

    def to_json(self) -> list[Optional[str]]:
        return [self.kind, self.namespace, self.name]

    @classmethod
    def from_json(cls, item: Sequence[Optional[str]]) -> "ObjectRef":
        return cls(str(item[0]), item[1] or None, str(item[2]))


@dataclass(frozen=True)
class Inventory:
    """What the bundle holds: file -> its objects in document order, and the deploy-time values its files use.

    ``shared``: objects with a second writer (the inference operator merges its scheduler entries into an
    InferenceGatewayConfig), applied without taking fields over and never deleted while the other writer holds
    fields of theirs. ``requires``: kind -> kinds the cluster must serve before an object of that kind is applied,
    though the bundle holds none of them (the Gateway API kinds the gateway controller installs at start-up)."""

    files: dict[str, tuple[ObjectRef, ...]]
    values: tuple[str, ...]
    shared: tuple[ObjectRef, ...] = ()
    requires: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def refs(self) -> list[ObjectRef]:
        return sorted({ref for refs in self.files.values() for ref in refs})

    def kinds_to_wait_for(self, refs: Optional[Iterable[ObjectRef]] = None) -> list[str]:
        """Kinds the cluster must serve before ``refs`` (default: the whole bundle) can be applied: those of CRDs the
        bundle defines, those it uses from elsewhere (the inference operator's, KEDA's, Karpenter's and HyperPod's
        own: ``HyperpodNodeClass`` appears only once the cluster's autoscaling is InService), and what they require."""
        kinds = {ref.kind for ref in (self.refs() if refs is None else refs) if ref.group not in BUILTIN_GROUPS}
        return sorted(kinds | {needed for kind in kinds for needed in self.requires.get(kind, ())})


def _refs(items: Iterable[Mapping[str, Any]]) -> tuple[ObjectRef, ...]:
    return tuple(ObjectRef(item["kind"], item.get("namespace") or None, item["name"]) for item in items)


def parse_inventory(text: str) -> Inventory:
    data = json.loads(text)
    files = {name: _refs(items) for name, items in data["files"].items()}
    bad = [name for name in files if "/" in name or not name.endswith(MANIFEST_SUFFIX)]
    if bad:
        raise ValueError(f"inventory names files that are not {MANIFEST_SUFFIX} files of the bundle: {bad}")
    shared = _refs(data.get("shared", ()))
    strangers = sorted({str(ref) for ref in shared} - {str(ref) for refs in files.values() for ref in refs})
    if strangers:
        raise ValueError(f"inventory marks objects shared that no file of the bundle holds: {strangers}")
    requires = {str(kind): tuple(str(needed) for needed in kinds) for kind, kinds in data.get("requires", {}).items()}
    return Inventory(files=files, values=tuple(data.get("values", ())), shared=shared, requires=requires)


def not_in(refs: Iterable[ObjectRef], others: Iterable[ObjectRef]) -> list[ObjectRef]:
    """``refs`` that are none of ``others``, compared as objects: the same object under a new API version is not
    pruned."""
    kept = {ref.identity for ref in others}
    return sorted({ref for ref in refs if ref.identity not in kept})


def same_object(one: ObjectRef, other: ObjectRef) -> bool:
    """The same object whatever its API version; a namespaced object named without a namespace is in the default
    namespace (a listing names it with the namespace)."""
    return ((one.kind_name, one.group, one.name) == (other.kind_name, other.group, other.name)
            and (one.namespace or DEFAULT_NAMESPACE) == (other.namespace or DEFAULT_NAMESPACE))


def is_first_stage(ref: ObjectRef) -> bool:
    """CRDs and namespaces go first, so everything that needs them finds them."""
    return ref.kind in (CRD_KIND, NAMESPACE_KIND)


# ---- values ----------------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
# What a value may be where a placeholder stands in an unquoted YAML scalar: nothing YAML reads as structure.
# No whitespace, so no ": " or " #"; no flow or block indicators.
_PLAIN_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/@+=:-]*$")


def check_values(declared: Iterable[str], values: Mapping[str, str]) -> None:
    missing = sorted(set(declared) - set(values))
    if missing:
        raise ValueError(f"the bundle uses deploy-time values the custom resource does not pass: {missing}")
    for name in sorted(values):
        check_value(name, values[name])


# Characters no deploy-time value may hold: control characters but tab and line breaks (DEL and most of C1 reach
# the API server raw inside kubectl's apply patch, and its YAML decoder refuses the whole patch without naming the
# value; the others are never part of an id, a DNS name or a URL), and the noncharacters YAML refuses.
_REFUSED_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff\ud800-\udfff]")


def check_value(name: str, value: str) -> None:
    """Refuse a value holding a character Kubernetes cannot take, naming the value, the character and where."""
    found = _REFUSED_CHARACTER.search(value)
    if found is not None:
        code = ord(found.group(0))
        raise ValueError(f"deploy-time value {name} ({value[:80]!r}) holds the control character U+{code:04X} at "
                         f"position {found.start()}; a deploy-time value may hold printable characters, tabs and line "
                         "breaks only (Kubernetes' YAML decoder refuses the whole apply otherwise): fix the value "
                         "where the stack takes it from")


# A Kubernetes object name a value may complete (a DNS-1123 subdomain: every kind the platform names by a value
# takes one), and a namespace (a DNS-1123 label).
_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")


def fill_names(inventory: Inventory, values: Mapping[str, str]) -> Inventory:
    """The inventory with the deploy-time values its names hold filled in (the model store's objects are named
    after the file system's id, so a new file system is a new object): the same values fill the files, so the
    inventory names the objects the files hold. A value only completes the name the library wrote: a name it would
    make that is no Kubernetes name is refused, naming the value, the object and what a name may hold."""
    def fill(ref: ObjectRef) -> ObjectRef:
        if "${" not in ref.name and "${" not in (ref.namespace or ""):
            return ref
        filled = {}
        for field, text, pattern, limit in (("name", ref.name, _SUBDOMAIN, 253),
                                            ("namespace", ref.namespace, _LABEL, 63)):
            if text is None:
                filled[field] = None
                continue
            used = _PLACEHOLDER.findall(text)
            missing = sorted(set(used) - set(values))
            if missing:
                raise ValueError(f"the bundle names {ref} with deploy-time values the custom resource does not pass: "
                                 f"{missing}")
            result = _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)
            if used and (len(result) > limit or not pattern.match(result)):
                shown = ", ".join(f"{name} ({values[name][:80]!r})" for name in sorted(set(used)))
                allowed = "lowercase letters, digits, '-'" + (" and '.'" if field == "name" else "")
                raise ValueError(f"deploy-time value {shown} makes the {field} of {ref} {result[:300]!r}, which is not a "
                                 f"Kubernetes {field} ({allowed}, at most {limit} characters, starting and ending with "
                                 "a letter or digit); it is not applied: fix the value where the stack takes it from")
            filled[field] = result
        return ObjectRef(ref.kind, filled["namespace"] or None, filled["name"])

    return Inventory(files={name: tuple(fill(ref) for ref in refs) for name, refs in inventory.files.items()},
                     values=inventory.values, shared=tuple(fill(ref) for ref in inventory.shared),
                     requires=inventory.requires)


def fill_values(text: str, values: Mapping[str, str], file_name: str) -> str:
    """What ``envsubst`` does for GitOps users, with values kept as data: each ``${Name}`` of a passed value
    becomes the value, escaped for the double-quoted scalar the library writes it in. A placeholder outside double
    quotes takes only a value YAML cannot read as structure; any other value is refused, naming it."""
    lines = []
    for number, line in enumerate(text.split("\n"), start=1):
        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in values:
                return match.group(0)
            value = values[name]
            if _inside_double_quotes(line, match.start()):
                return escape_double_quoted(value)
            if not _PLAIN_SAFE.match(value):
                raise ValueError(f"deploy-time value {name} ({value[:80]!r}) would be read as YAML structure where "
                                 f"{file_name} line {number} uses it unquoted; it is not applied")
            return value
        lines.append(_PLACEHOLDER.sub(fill, line))
    return "\n".join(lines)


_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def escape_double_quoted(value: str) -> str:
    """``value`` as the inside of a YAML double-quoted scalar, in printable ASCII only: a raw line break (YAML 1.1,
    which kubectl reads, also breaks lines at U+0085, U+2028 and U+2029) would fold into a space. JSON's escapes
    will not do: outside the Basic Multilingual Plane they are surrogate pairs, which YAML refuses; YAML writes
    those characters as ``\\UXXXXXXXX``."""
    out = []
    for char in value:
        code = ord(char)
        if char in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[char])
        elif 0x20 <= code < 0x7F:
            out.append(char)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


def _inside_double_quotes(line: str, position: int) -> bool:
    quoted, single, index = False, False, 0
    while index < position:
        char = line[index]
        if quoted and char == "\\":
            index += 2
            continue
        if char == '"' and not single:
            quoted = not quoted
        elif char == "'" and not quoted:
            single = not single
        index += 1
    return quoted


def split_documents(text: str) -> list[str]:
    """The documents of a file the library wrote: separated by ``---`` lines (nothing inside a document starts a
    line with ``---``: its nested lines are indented and values hold no raw newlines)."""
    documents, current = [], []
    for line in text.split("\n"):
        if line.rstrip() == "---":
            documents.append("\n".join(current))
            current = []
        else:
            current.append(line)
    documents.append("\n".join(current))
    return [document for document in documents if document.strip()]


@dataclass(frozen=True)
class Stage:
    """One kubectl apply: file name -> the text of its documents for this stage, and the objects they hold."""

    files: dict[str, str]
    refs: list[ObjectRef]


def stages(filled: Mapping[str, str], inventory: Inventory) -> tuple[Stage, Stage, Stage]:
    """(CRDs and namespaces, everything else but shared objects, shared objects: applied last, once what they
    select exists, and without taking the other writer's fields)."""
    first, second, third = Stage({}, []), Stage({}, []), Stage({}, [])
    shared = {ref.identity for ref in inventory.shared}

    def stage_of(ref: ObjectRef) -> Stage:
        return first if is_first_stage(ref) else third if ref.identity in shared else second

    for name, refs in sorted(inventory.files.items()):
        documents = split_documents(filled[name])
        if len(documents) != len(refs):
            raise ValueError(f"{name} holds {len(documents)} documents but the inventory lists {len(refs)} objects")
        for stage in (first, second, third):
            chosen = [(document, ref) for document, ref in zip(documents, refs) if stage_of(ref) is stage]
            if chosen:
                stage.files[name] = "\n---\n".join(document for document, _ in chosen) + "\n"
                stage.refs.extend(ref for _, ref in chosen)
    return first, second, third


# ---- the record of what this platform applied -------------------------------------------------------------

@dataclass(frozen=True)
class Record:
    """The inventory this platform may have applied (written before each apply, so a partial apply is pruned
    later), and during a Create, the objects that existed before it (a failed Create removes only what it made).
    ``from_hashes``: the record of a version that kept file hashes, not an inventory (its inventory is empty)."""

    inventory: tuple[ObjectRef, ...]
    adopted: tuple[ObjectRef, ...] = ()
    create_request: str = ""
    from_hashes: bool = False
    shared: tuple[ObjectRef, ...] = ()  # objects of the inventory with a second writer
    claim: Optional[Claim] = None  # the request that holds the record (fencing); None in a record of before


def record_data(record: Record) -> dict[str, str]:
    """The record's own keys of the ConfigMap that keeps it (``fencing.record_manifest`` adds the claim)."""
    data = {"inventory": json.dumps([ref.to_json() for ref in sorted(set(record.inventory))])}
    if record.shared:
        data["shared"] = json.dumps([ref.to_json() for ref in sorted(set(record.shared))])
    if record.create_request:
        data["adopted"] = json.dumps([ref.to_json() for ref in sorted(set(record.adopted))])
        data["createRequest"] = record.create_request
    return data


def parse_record(get_output: str) -> Optional[Record]:
    """The record, or None when there is none."""
    if not get_output.strip():
        return None
    data = json.loads(get_output).get("data") or {}
    if "inventory" not in data:
        return Record(inventory=(), from_hashes=True)
    return Record(inventory=tuple(ObjectRef.from_json(item) for item in json.loads(data["inventory"])),
                  adopted=tuple(ObjectRef.from_json(item) for item in json.loads(data.get("adopted", "[]"))),
                  create_request=data.get("createRequest", ""),
                  shared=tuple(ObjectRef.from_json(item) for item in json.loads(data.get("shared", "[]"))),
                  claim=Claim.from_data(data))


# ---- ownership and deletion ----------------------------------------------------------------------------------

def ownership(live: Mapping[str, Any], selectors: Sequence[str]) -> Optional[str]:
    """Why a live object is not this platform's to delete, or None when it is: it must still carry the platform's
    label (one of ``selectors``: the request's, and the previous request's when the label changed), have been
    applied by the applier's field manager, and not be marked to keep."""
    metadata = live.get("metadata", {})
    labels = metadata.get("labels") or {}
    if not any(labels.get(label) == value for label, _, value in (selector.partition("=") for selector in selectors)):
        return f"it no longer carries {' or '.join(selectors)}"
    if not any(entry.get("manager") == FIELD_MANAGER for entry in metadata.get("managedFields") or ()):
        return f"the field manager {FIELD_MANAGER} never applied it"
    keep = (metadata.get("annotations") or {}).get(KEEP_ANNOTATION)
    if keep is not None and keep.lower() != "false":
        return f"it is annotated {KEEP_ANNOTATION}={keep}"
    return None


def other_writers(live: Mapping[str, Any]) -> list[str]:
    """The field managers other than the applier's that own fields of the object's ``spec`` (read from
    ``metadata.managedFields``): while there is one, a shared object is neither deleted nor pruned."""
    return sorted({str(entry.get("manager", "")) for entry in live.get("metadata", {}).get("managedFields") or ()
                   if entry.get("manager") != FIELD_MANAGER and "f:spec" in (entry.get("fieldsV1") or {})})


def is_terminating(live: Mapping[str, Any]) -> bool:
    return bool(live.get("metadata", {}).get("deletionTimestamp"))


# Finalizers Kubernetes' own protection controllers put on a claim while a pod uses it, and on a volume while a claim
# is bound to it; they go by themselves once the last pod stops. Nothing the platform does ends them sooner.
IN_USE_FINALIZERS = frozenset({"kubernetes.io/pvc-protection", "kubernetes.io/pv-protection"})


def held_while_in_use(live: Mapping[str, Any]) -> bool:
    """Deleted, and kept only until nothing uses it: a claim a pod still mounts (the model store's old claim while a
    workload of yours still runs on it), or its volume. The delete is done: waiting for it would hold the deploy (and
    the rollback that would then want the object back) for as long as that pod runs."""
    finalizers = set(live.get("metadata", {}).get("finalizers") or ())
    return is_terminating(live) and bool(finalizers) and finalizers <= IN_USE_FINALIZERS


def deletable_now(remaining: Mapping[ObjectRef, Mapping[str, Any]],
                  shared: Iterable[ObjectRef] = ()) -> list[ObjectRef]:
    """Which of the objects still present to delete now: custom resources before their CRDs, shared objects once
    every other object is gone (an endpoint's operator takes its entries out of a gateway config as the endpoint
    goes), namespaces last, every other object at once (so one stuck object holds back nothing but its CRD or
    namespace)."""
    shared_objects = {ref.identity for ref in shared}

    def held(ref: ObjectRef) -> bool:
        if ref.identity in shared_objects:
            return any(not is_first_stage(other) and other.identity not in shared_objects for other in remaining)
        if ref.kind == CRD_KIND:
            defined = _kind_of_crd(remaining[ref])
            return any(f"{other.kind_name}|{other.group}" == defined for other in remaining if other != ref)
        if ref.kind == NAMESPACE_KIND:
            return any(other.namespace == ref.name for other in remaining)
        return False

    return sorted(ref for ref, live in remaining.items() if not is_terminating(live) and not held(ref))


def _kind_of_crd(live: Mapping[str, Any]) -> str:
    spec = live.get("spec") or {}
    return f"{(spec.get('names') or {}).get('kind', '')}|{spec.get('group', '')}"


def describe_stuck(remaining: Mapping[ObjectRef, Mapping[str, Any]],
                   holders: Optional[Mapping[str, list[str]]] = None) -> str:
    """The objects still present, grouped by what holds them (their finalizers, or for a terminating namespace the
    objects left in it, ``holders`` by namespace, and its controller's conditions); each group names its first
    objects and its count."""
    groups: dict[str, list[str]] = {}
    for ref, live in sorted(remaining.items()):
        finalizers = live.get("metadata", {}).get("finalizers") or []
        if finalizers:
            state = f"finalizers {', '.join(finalizers)}"
        elif ref.kind == NAMESPACE_KIND and is_terminating(live):
            held_by = (holders or {}).get(ref.name) or []
            state = namespace_holds(live) + (f"; held by {reasons.some(held_by)}" if held_by else "")
        else:
            state = "being deleted" if is_terminating(live) else "waiting for what it holds to go first"
        groups.setdefault(state, []).append(str(ref))
    return "; ".join(f"{reasons.some(refs)} ({state})" for state, refs in groups.items())


# "Some resources are remaining: widgets.example.com has 1 resource instances, configmaps. has 2 ..." (the
# namespace controller's words: resource.group, with an empty group for the core API).
_REMAINING_RESOURCE = re.compile(r"([a-z0-9-]+)\.([a-z0-9.-]*) has \d+ resource instances")


def remaining_resources(live: Mapping[str, Any]) -> list[str]:
    """The resources (``configmaps``, ``widgets.example.com``) a terminating namespace's conditions say are left."""
    found: list[str] = []
    for condition in (live.get("status") or {}).get("conditions") or []:
        if condition.get("type") == "NamespaceContentRemaining" and condition.get("status") == "True":
            for plural, group in _REMAINING_RESOURCE.findall(condition.get("message", "")):
                found.append(f"{plural}.{group}" if group else plural)
    return found


def holders_argv(resources: Sequence[str], namespace: str, kubeconfig: str, timeout: float) -> list[str]:
    return [KUBECTL, "get", ",".join(resources), "--namespace", namespace, "--output", "json",
            *cluster_flags(kubeconfig, timeout)]


def describe_holders(get_output: str) -> list[str]:
    """``Kind namespace/name (finalizers ...)`` of each object a listing got."""
    described = []
    for item in parse_get(get_output):
        meta = item.get("metadata", {})
        finalizers = meta.get("finalizers") or []
        described.append(f"{item.get('kind', '')} {meta.get('namespace', '')}/{meta.get('name', '')}"
                         + (f" (finalizers {', '.join(finalizers)})" if finalizers else ""))
    return described


# The conditions a terminating namespace's controller sets (k8s.io/api/core/v1 NamespaceConditionType) that say
# what keeps it: objects with finalizers, objects still there, the namespace's own spec.finalizers.
NAMESPACE_HOLD_CONDITIONS = ("NamespaceFinalizersRemaining", "NamespaceContentRemaining")


def namespace_holds(live: Mapping[str, Any]) -> str:
    """What keeps a terminating namespace, in its controller's words, and the finalizers of its own spec."""
    said = [condition.get("message", "") for condition in (live.get("status") or {}).get("conditions") or []
            if condition.get("type") in NAMESPACE_HOLD_CONDITIONS and condition.get("status") == "True"]
    spec_finalizers = [name for name in (live.get("spec") or {}).get("finalizers") or [] if name != "kubernetes"]
    if spec_finalizers:
        said.append(f"spec.finalizers {', '.join(spec_finalizers)}")
    return "being deleted: " + "; ".join(said) if said else "being deleted"


def describe_refusals(errors: Mapping[ObjectRef, str]) -> str:
    """Refused objects grouped by the words they were refused with: each group's first objects, count and words."""
    groups: dict[str, list[str]] = {}
    for ref, said in sorted(errors.items()):
        groups.setdefault(said, []).append(str(ref))
    return "; ".join(f"{reasons.some(refs)}: {tail(said, 600)}" for said, refs in groups.items())


def not_applied(refs: Iterable[ObjectRef], apply_stdout: str) -> list[ObjectRef]:
    """``refs`` that ``kubectl apply`` did not report applied. It goes on past a refused object and prints each one
    it applied (``kind.group/name serverside-applied``), while its error may not name the object (a webhook's
    words rarely do)."""
    printed = {line.split(" ", 1)[0] for line in apply_stdout.splitlines() if line.strip()}

    def name_of(ref: ObjectRef) -> str:
        return f"{ref.kind_name.lower()}{'.' + ref.group if ref.group else ''}/{ref.name}"
    return sorted(ref for ref in set(refs) if name_of(ref) not in printed)


# kubectl's advice after a conflict list; the first way it offers (--force-conflicts) is what shared objects refuse.
_CONFLICT_ADVICE = "Please review the fields above"


def is_conflict(stderr: str) -> bool:
    """A server-side apply refused because another field manager holds a field with another value."""
    return "Apply failed with" in stderr and "conflict" in stderr


def without_take_over_advice(stderr: str) -> str:
    """kubectl's conflict error without its advice: the conflicting fields and their managers only."""
    return stderr.split(_CONFLICT_ADVICE, 1)[0].rstrip()


def is_unknown_kind(stderr: str) -> bool:
    return any(words in stderr for words in UNKNOWN_KIND_ERRORS)


def is_transient(stderr: str) -> bool:
    """Every error kubectl printed is one that goes away by itself (kubectl prints successes to stdout)."""
    return transient.transient(stderr, NOT_YET_ERRORS) is not None


def by_kind_and_namespace(refs: Iterable[ObjectRef]) -> dict[tuple[str, Optional[str]], list[ObjectRef]]:
    """Objects grouped by kind and namespace: a kubectl call of one kind fails alone when the kind is not served."""
    groups: dict[tuple[str, Optional[str]], list[ObjectRef]] = {}
    for ref in sorted(set(refs)):
        groups.setdefault((ref.kind, ref.namespace), []).append(ref)
    return groups


def by_namespace(refs: Iterable[ObjectRef]) -> dict[str, list[ObjectRef]]:
    """Objects grouped as one kubectl get lists them: every kind in one namespace, with the kinds that are
    cluster-scoped (kubectl ignores ``--namespace`` for those). A ref without a namespace is cluster-scoped or in
    the default namespace, so it is listed with the default namespace's."""
    groups: dict[str, list[ObjectRef]] = {}
    for ref in sorted(set(refs)):
        groups.setdefault(ref.namespace or DEFAULT_NAMESPACE, []).append(ref)
    return groups


def by_live_namespace(live: Mapping[ObjectRef, Mapping[str, Any]]) -> dict[Optional[str], list[ObjectRef]]:
    """Objects grouped as one kubectl delete takes them: by the namespace the API server says each is in, the
    cluster-scoped ones (in none) with the first namespace's (kubectl deletes them whatever ``--namespace`` says)."""
    groups: dict[Optional[str], list[ObjectRef]] = {}
    for ref in sorted(live):
        groups.setdefault(live[ref].get("metadata", {}).get("namespace") or None, []).append(ref)
    namespaces = sorted(namespace for namespace in groups if namespace is not None)
    if namespaces and None in groups:
        groups[namespaces[0]] = sorted(groups[namespaces[0]] + groups.pop(None))
    return groups


# kubectl's words, before it sends any request, when one kind of a call is not served: the call fails whole.
_NOT_SERVED = re.compile(r'the server doesn\'t have a resource type "([^"]+)"')


def names_unserved_kind(stderr: str) -> bool:
    """kubectl named a kind of the call the server does not have: it sent no request at all."""
    return _NOT_SERVED.search(stderr) is not None


def kind_not_served(kinds: Iterable[str], stderr: str) -> Optional[str]:
    """The one kind of ``kinds`` kubectl names as not served (it names the first, by its Kind alone), or None when
    it names none or several of them could be the one."""
    named = [match.group(1) for match in _NOT_SERVED.finditer(stderr)]
    if len(named) != 1:
        return None
    candidates = [kind for kind in kinds if kind.split(".", 1)[0].lower() == named[0].lower()]
    return candidates[0] if len(candidates) == 1 else None


def errors_of(stderr: str) -> str:
    """What kubectl printed to stderr less its warnings (a delete of a cluster-scoped object with ``--namespace``
    warns that it is not scoped to it): the errors."""
    return "\n".join(line for line in stderr.strip().splitlines() if not line.startswith("Warning:"))


def not_deleted(refs: Iterable[ObjectRef], delete_stdout: str) -> list[ObjectRef]:
    """``refs`` that ``kubectl delete`` did not report deleted: refused, or already gone (``--ignore-not-found``).
    It goes on past a refused object and prints each one it deleted (``kind.group "name" deleted``)."""
    printed = {line.rsplit(" ", 1)[0] for line in delete_stdout.splitlines() if line.endswith(" deleted")}

    def name_of(ref: ObjectRef) -> str:
        return f'{ref.kind_name.lower()}{"." + ref.group if ref.group else ""} "{ref.name}"'
    return sorted(ref for ref in set(refs) if name_of(ref) not in printed)


def kubectl_kind(api_version: str, kind: str) -> str:
    """The kind argument of an object as the bundle's inventory names it (``Kind.version.group``, or ``Kind`` in
    the core group), from the ``apiVersion`` and ``kind`` the API server answers with."""
    group, _, version = api_version.rpartition("/")
    return f"{kind}.{version}.{group}" if group else kind


def found_in(refs: Iterable[ObjectRef], items: Iterable[Mapping[str, Any]]) -> dict[ObjectRef, dict[str, Any]]:
    """Which of ``refs`` a ``kubectl get`` of their kinds in one namespace listed, with what it said of each:
    kubectl lists every kind in the version its argument names, so an object listed under two versions is two
    items."""
    by_kind_and_name = {(kubectl_kind(item["apiVersion"], item["kind"]), item["metadata"]["name"]): dict(item)
                        for item in items}
    return {ref: by_kind_and_name[(ref.kind, ref.name)] for ref in refs if (ref.kind, ref.name) in by_kind_and_name}


def parse_get(get_output: str) -> list[dict[str, Any]]:
    """The objects ``kubectl get -o json`` printed: one object, a List, or nothing (all ignored as not found)."""
    if not get_output.strip():
        return []
    data = json.loads(get_output)
    return list(data.get("items", [])) if data.get("kind") == "List" else [data]


# ---- kubectl command lines -------------------------------------------------------------------------------

def apply_argv(path: str, kubeconfig: str, timeout: float, take_over: bool = True) -> list[str]:
    """Server-side apply: idempotent, and it takes over fields another manager (a client-side apply) set; with
    ``take_over=False`` (shared objects) a field another manager holds with another value fails the apply, naming
    it, instead of being overwritten."""
    return [KUBECTL, "apply", "--server-side", *(["--force-conflicts"] if take_over else []),
            "--field-manager", FIELD_MANAGER, *cluster_flags(kubeconfig, timeout), "-f", path]


def list_argv(kinds: Sequence[str], namespace: Optional[str], kubeconfig: str, timeout: float) -> list[str]:
    """Every object of ``kinds`` in ``namespace`` (or cluster-wide), as JSON with managed fields (kubectl leaves
    ``metadata.managedFields`` out unless asked, and ``ownership`` reads them). One list request per kind, paged by
    kubectl, however many of them the applier asks about: naming them would cost one request per object."""
    argv = [KUBECTL, "get", ",".join(kinds), "--output", "json", "--show-managed-fields", *cluster_flags(kubeconfig, timeout)]
    return argv + (["--namespace", namespace] if namespace else [])


# No object has an empty name, so listing with this selector reads nothing, however many objects the kind has.
NO_OBJECT = "metadata.name="


def served_argv(kinds: Sequence[str], kubeconfig: str, timeout: float) -> list[str]:
    """Exits 0 once the cluster serves every one of ``kinds``; lists no object (kubectl has no ``--limit``)."""
    return [KUBECTL, "get", ",".join(kinds), "--all-namespaces", "--field-selector", NO_OBJECT, "--output", "name",
            *cluster_flags(kubeconfig, timeout)]


def delete_argv(refs: Sequence[ObjectRef], namespace: Optional[str], kubeconfig: str, timeout: float) -> list[str]:
    """Issue the deletes and return: the applier waits for them itself, within its budget."""
    argv = [KUBECTL, "delete", *(ref.argument for ref in refs), "--ignore-not-found", "--wait=false",
            *cluster_flags(kubeconfig, timeout)]
    return argv + (["--namespace", namespace] if namespace else [])


def response_data(applied: int, pruned: int, kept: int) -> dict[str, str]:
    """Attributes for GetAtt and the CloudFormation console: counts, not lists (responses are limited to 4 KB)."""
    return {"ObjectsApplied": str(applied), "ObjectsPruned": str(pruned), "ObjectsKept": str(kept)}
