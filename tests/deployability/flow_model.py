"""A reachability model over a synthesized template: which security groups each role's ENIs carry, which rules
those groups have, and whether a required flow (``hyperpod_constructs.aws.network_flows``) gets through.

Modelling, stated once:
- Groups: ``AWS::EC2::SecurityGroup`` resources with their inline rules plus every ``SecurityGroupIngress`` /
  ``SecurityGroupEgress`` resource naming them. The cluster security group EKS creates for an
  ``AWS::EKS::Cluster`` (``Fn::GetAtt [Cluster, ClusterSecurityGroupId]``) has the rules EKS documents for it:
  all traffic in from itself, all traffic out to 0.0.0.0/0 (EKS User Guide, sec-group-reqs). Groups imported by
  id have the rules a test declares for them, or unknown rules.
- A flow from ENI A to ENI B passes when a group of A has an egress rule and a group of B an ingress rule that
  cover the protocol and ports, each naming a group of the other side or a CIDR covering it (0.0.0.0/0 or the
  VPC's block; CIDR rules do not count for flows marked ``group_reference``, i.e. EFA).
- Roles: ``nodes`` are the HyperPod cluster's ``VpcConfig`` groups and every instance group's
  ``OverrideVpcConfig`` (each one ENI); ``control-plane`` is ``ResourcesVpcConfig.SecurityGroupIds`` plus the
  EKS cluster security group; ``model-store`` is each FSx file system's groups; ``deploy-functions`` are the Lambda
  functions whose role has an EKS access entry (they call the Kubernetes API) - outside a VPC they use the public
  endpoint, which must then be open to 0.0.0.0/0; ``internet`` needs only an egress rule to 0.0.0.0/0.
- ``load-balancer``: the ALB is created at run time by the AWS Load Balancer Controller, which (by default,
  ``enableBackendSecurityGroup``) gives every ALB its shared backend group and, for each target, adds an ingress
  rule from that backend group to the target ENI's security group: the ENI's only group, or the one tagged
  ``kubernetes.io/cluster/<cluster name>`` when it has several. The model adds that rule when the controller can
  pick a group, and reports the flow missing when it cannot. Whether the controller's IAM policy allows the
  change is proven by the IAM tests, not here.
- The API server endpoint: nodes use the private endpoint (private access must be on); without it they would
  need the public endpoint open to 0.0.0.0/0 and egress to it.
"""
from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence

from hyperpod_constructs.aws.network_flows import REQUIRED_FLOWS, RequiredFlow

ANYWHERE = "0.0.0.0/0"
ALB_BACKEND = "load-balancer-controller:backend"


@dataclass(frozen=True)
class Rule:
    direction: str  # "in" or "out"
    protocol: str  # "-1" for all, else "tcp"/"udp"/"icmp"
    low: int
    high: int
    peer_group: Optional[str] = None
    cidr: Optional[str] = None

    def covers(self, ports: Optional[tuple[int, int]]) -> bool:
        if self.protocol == "-1":
            return True
        if ports is None:  # all traffic needs an all-protocol rule
            return False
        return self.protocol in ("tcp", "6") and self.low <= ports[0] and ports[1] <= self.high


@dataclass
class Declared:
    """Facts outside the template a test states for imported resources (the custom-setup case)."""

    group_rules: Mapping[str, Sequence[Rule]] = field(default_factory=dict)  # "sg-..." -> rules
    control_plane_groups: Sequence[str] = ()  # an imported EKS cluster's groups ("sg-...")
    endpoint_private_access: bool = True
    endpoint_public_cidrs: Optional[Sequence[str]] = (ANYWHERE,)  # None: no public access


@dataclass(frozen=True)
class FlowCheck:
    flow: RequiredFlow
    status: str  # "proven", "missing", "unknown" (rules not visible), "not-applicable"
    detail: str

    def message(self) -> str:
        return f"{self.flow.describe()} is {self.status}: {self.detail}"


@dataclass(frozen=True)
class Endpoint:
    """One ENI of a role: its groups, or None for something outside the VPC (a Lambda without VpcConfig)."""

    name: str
    groups: Optional[tuple[str, ...]]


class FlowModel:
    def __init__(self, template: Mapping[str, Any], declared: Optional[Declared] = None) -> None:
        self.template = template
        self.resources: Mapping[str, Any] = template.get("Resources", {})
        self.declared = declared or Declared()
        self.rules: dict[str, list[Rule]] = {}
        self.unknown_groups: set[str] = set()
        self.vpc_cidrs = [resource["Properties"]["CidrBlock"] for resource in self._of_type("AWS::EC2::VPC")
                          if isinstance(resource.get("Properties", {}).get("CidrBlock"), str)]
        self.endpoint_private_access = self.declared.endpoint_private_access
        self.endpoint_public_cidrs: Optional[list[str]] = (
            list(self.declared.endpoint_public_cidrs) if self.declared.endpoint_public_cidrs is not None else None)
        self._read_groups()
        self.roles = self._read_roles()
        self._add_load_balancer_rules()

    # ---- reading the template --------------------------------------------------------------------------

    def _of_type(self, type_name: str) -> list[dict[str, Any]]:
        return [resource for resource in self.resources.values() if resource.get("Type") == type_name]

    def group_key(self, value: Any) -> str:
        """The model's name for a security group reference in the template."""
        if isinstance(value, str):
            return value
        if isinstance(value, dict):
            if "Fn::GetAtt" in value:
                target, attribute = value["Fn::GetAtt"]
                kind = self.resources.get(target, {}).get("Type")
                if kind == "AWS::EC2::SecurityGroup" and attribute == "GroupId":
                    return target
                if kind == "AWS::EKS::Cluster" and attribute == "ClusterSecurityGroupId":
                    return f"{target}.ClusterSecurityGroup"
            if "Ref" in value and self.resources.get(value["Ref"], {}).get("Type") == "AWS::EC2::SecurityGroup":
                return value["Ref"]
        return "unresolved:" + json.dumps(value, sort_keys=True)

    def _read_groups(self) -> None:
        for key, resource in self.resources.items():
            kind = resource.get("Type")
            props = resource.get("Properties", {})
            if kind == "AWS::EC2::SecurityGroup":
                rules = self.rules.setdefault(key, [])
                for entry in props.get("SecurityGroupIngress", []):
                    rules.append(self._rule("in", entry, "SourceSecurityGroupId", "CidrIp"))
                for entry in props.get("SecurityGroupEgress", []):
                    rules.append(self._rule("out", entry, "DestinationSecurityGroupId", "CidrIp"))
            elif kind == "AWS::EKS::Cluster":
                # EKS's documented default rules for the cluster security group it creates.
                group = f"{key}.ClusterSecurityGroup"
                self.rules.setdefault(group, []).extend([Rule("in", "-1", 0, 65535, peer_group=group),
                                                         Rule("out", "-1", 0, 65535, cidr=ANYWHERE)])
        for resource in self.resources.values():
            kind = resource.get("Type")
            props = resource.get("Properties", {})
            if kind == "AWS::EC2::SecurityGroupIngress":
                self.rules.setdefault(self.group_key(props["GroupId"]), []).append(
                    self._rule("in", props, "SourceSecurityGroupId", "CidrIp"))
            elif kind == "AWS::EC2::SecurityGroupEgress":
                self.rules.setdefault(self.group_key(props["GroupId"]), []).append(
                    self._rule("out", props, "DestinationSecurityGroupId", "CidrIp"))
        for group, rules in self.declared.group_rules.items():
            self.rules.setdefault(group, []).extend(rules)

    def _rule(self, direction: str, entry: Mapping[str, Any], group_field: str, cidr_field: str) -> Rule:
        protocol = str(entry.get("IpProtocol", "-1")).lower()
        low, high = (0, 65535) if protocol == "-1" else (int(entry.get("FromPort", 0)), int(entry.get("ToPort", 65535)))
        peer = self.group_key(entry[group_field]) if group_field in entry else None
        return Rule(direction, protocol, low, high, peer_group=peer, cidr=entry.get(cidr_field))

    def _function_roles(self) -> set[str]:
        """Roles with an EKS access entry: their functions call the Kubernetes API."""
        roles = set()
        for entry in self._of_type("AWS::EKS::AccessEntry"):
            principal = entry["Properties"]["PrincipalArn"]
            if isinstance(principal, dict) and "Fn::GetAtt" in principal:
                roles.add(principal["Fn::GetAtt"][0])
        return roles

    def _read_roles(self) -> dict[str, list[Endpoint]]:
        roles: dict[str, list[Endpoint]] = {name: [] for name in
                                             ("nodes", "control-plane", "model-store", "deploy-functions", "load-balancer")}
        for key, resource in self.resources.items():
            kind = resource.get("Type")
            props = resource.get("Properties", {})
            if kind == "AWS::SageMaker::Cluster":
                roles["nodes"].append(Endpoint(f"{key} VpcConfig", self._groups(props["VpcConfig"]["SecurityGroupIds"])))
                for group in props.get("InstanceGroups", []):
                    override = group.get("OverrideVpcConfig")
                    if override:
                        roles["nodes"].append(Endpoint(f"{key} instance group {group['InstanceGroupName']}",
                                                       self._groups(override["SecurityGroupIds"])))
            elif kind == "AWS::EKS::Cluster":
                config = props["ResourcesVpcConfig"]
                groups = self._groups(config.get("SecurityGroupIds", [])) + (f"{key}.ClusterSecurityGroup",)
                roles["control-plane"].append(Endpoint(key, groups))
                self.endpoint_private_access = bool(config.get("EndpointPrivateAccess", False))
                public = config.get("EndpointPublicAccess", True)
                self.endpoint_public_cidrs = (list(config.get("PublicAccessCidrs", [ANYWHERE])) if public else None)
            elif kind == "AWS::FSx::FileSystem":
                roles["model-store"].append(Endpoint(key, self._groups(props.get("SecurityGroupIds", []))))
        if not roles["control-plane"] and self.declared.control_plane_groups:
            roles["control-plane"].append(Endpoint("existing EKS cluster",
                                                   self._groups(self.declared.control_plane_groups)))
        function_roles = self._function_roles()
        for key, resource in self.resources.items():
            props = resource.get("Properties", {})
            role = props.get("Role")
            if resource.get("Type") == "AWS::Lambda::Function" and isinstance(role, dict) \
                    and role.get("Fn::GetAtt", [None])[0] in function_roles:
                vpc = props.get("VpcConfig")
                roles["deploy-functions"].append(Endpoint(key, self._groups(vpc["SecurityGroupIds"]) if vpc else None))
        if roles["nodes"]:
            roles["load-balancer"].append(Endpoint("ALB (load-balancer controller)", (ALB_BACKEND,)))
        return roles

    def _groups(self, values: Iterable[Any]) -> tuple[str, ...]:
        groups = tuple(self.group_key(value) for value in values)
        for group in groups:
            if group not in self.rules and group not in self.declared.group_rules:
                self.unknown_groups.add(group)
        return groups

    def _add_load_balancer_rules(self) -> None:
        """What the load-balancer controller adds at run time (see the module docstring)."""
        self.rules.setdefault(ALB_BACKEND, []).append(Rule("out", "-1", 0, 65535, cidr=ANYWHERE))
        self.alb_problems: list[str] = []
        for node in self.roles["nodes"]:
            assert node.groups is not None
            if len(node.groups) == 1:
                target = node.groups[0]
            else:
                tagged = [group for group in node.groups if self._tagged_for_cluster(group)]
                if len(tagged) != 1:
                    self.alb_problems.append(
                        f"{node.name} has {len(node.groups)} security groups and {len(tagged)} tagged "
                        "kubernetes.io/cluster/<cluster>, so the load-balancer controller cannot pick one to open")
                    continue
                target = tagged[0]
            self.rules.setdefault(target, []).append(Rule("in", "tcp", 0, 65535, peer_group=ALB_BACKEND))

    def _tagged_for_cluster(self, group: str) -> bool:
        tags = self.resources.get(group, {}).get("Properties", {}).get("Tags", [])
        return any("kubernetes.io/cluster/" in json.dumps(tag.get("Key")) for tag in tags)

    # ---- evaluating ------------------------------------------------------------------------------------

    def _cidr_covers(self, cidr: Optional[str], destination_outside: bool = False) -> bool:
        if cidr is None:
            return False
        if cidr == ANYWHERE:
            return True
        if destination_outside:
            return False
        try:
            network = ipaddress.ip_network(cidr)
            return any(ipaddress.ip_network(vpc).subnet_of(network) for vpc in self.vpc_cidrs)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False

    def _allows(self, groups: Sequence[str], direction: str, ports: Optional[tuple[int, int]],
                peers: Sequence[str], group_reference: bool, outside: bool = False) -> bool:
        for group in groups:
            for rule in self.rules.get(group, []):
                if rule.direction != direction or not rule.covers(ports):
                    continue
                if rule.peer_group is not None and rule.peer_group in peers:
                    return True
                if not group_reference and self._cidr_covers(rule.cidr, outside):
                    return True
        return False

    def _between(self, flow: RequiredFlow, source: Endpoint, destination: Endpoint) -> Optional[str]:
        """None when the flow passes between two ENIs, else why not."""
        assert source.groups is not None and destination.groups is not None
        if not self._allows(source.groups, "out", flow.ports, destination.groups, flow.group_reference):
            return f"no egress rule on {list(source.groups)} ({source.name}) to {destination.name}"
        if not self._allows(destination.groups, "in", flow.ports, source.groups, flow.group_reference):
            return f"no ingress rule on {list(destination.groups)} ({destination.name}) from {source.name}"
        return None

    def check(self, flow: RequiredFlow) -> FlowCheck:
        sources = self.roles.get(flow.source, [])
        if flow.source == "control-plane" and not sources and self.roles["nodes"]:
            return FlowCheck(flow, "unknown", "the EKS cluster is imported and its security groups are not declared")
        if not sources:
            return FlowCheck(flow, "not-applicable", f"the template has no {flow.source}")
        if flow.destination == "internet":
            for source in sources:
                assert source.groups is not None
                if not self._allows(source.groups, "out", flow.ports, (), False, outside=True):
                    return self._fail(flow, [source], f"no egress rule on {list(source.groups)} to {ANYWHERE}")
            return FlowCheck(flow, "proven", "egress to 0.0.0.0/0")
        destinations = self.roles.get(flow.destination, [])
        imported_control_plane = "control-plane" in (flow.source, flow.destination) and not self.roles["control-plane"]
        if imported_control_plane and self.roles["nodes"]:
            return FlowCheck(flow, "unknown", "the EKS cluster is imported and its security groups are not declared")
        if not destinations:
            return FlowCheck(flow, "not-applicable", f"the template has no {flow.destination}")
        if flow.source == "load-balancer" and self.alb_problems:
            return FlowCheck(flow, "missing", "; ".join(self.alb_problems))
        for source in sources:
            for destination in destinations:
                problem = self._api_path(flow, source, destination)
                if problem:
                    return self._fail(flow, [source, destination], problem)
        return FlowCheck(flow, "proven", f"{len(sources)} x {len(destinations)} ENI pairs")

    def _api_path(self, flow: RequiredFlow, source: Endpoint, destination: Endpoint) -> Optional[str]:
        if flow.destination != "control-plane":
            return self._between(flow, source, destination)
        public_open = self.endpoint_public_cidrs is not None and ANYWHERE in self.endpoint_public_cidrs
        if source.groups is None:  # outside the VPC: the public endpoint
            return None if public_open else (
                f"{source.name} runs outside the VPC but the public endpoint is "
                f"{'off' if self.endpoint_public_cidrs is None else 'limited to ' + str(self.endpoint_public_cidrs)}")
        if not self.endpoint_private_access:
            return "the endpoint's private access is off, so traffic from the VPC leaves through the NAT gateway"
        return self._between(flow, source, destination)

    def _fail(self, flow: RequiredFlow, endpoints: Sequence[Endpoint], problem: str) -> FlowCheck:
        unknown = sorted({group for endpoint in endpoints for group in (endpoint.groups or ())
                          if group in self.unknown_groups})
        if unknown:
            return FlowCheck(flow, "unknown", f"{problem}; the rules of {unknown} are not in the template")
        return FlowCheck(flow, "missing", problem)

    def check_all(self, flows: Sequence[RequiredFlow] = REQUIRED_FLOWS) -> list[FlowCheck]:
        return [self.check(flow) for flow in flows]


def unproven(template: Mapping[str, Any], declared: Optional[Declared] = None) -> list[FlowCheck]:
    return [check for check in FlowModel(template, declared).check_all() if check.status in ("missing", "unknown")]


def assert_flows(template: Mapping[str, Any], declared: Optional[Declared] = None) -> list[FlowCheck]:
    """Fail naming every required flow the template does not carry; returns the checks for further asserts."""
    checks = FlowModel(template, declared).check_all()
    failed = [check.message() for check in checks if check.status in ("missing", "unknown")]
    assert not failed, "required network flows not carried by the template:\n  " + "\n  ".join(failed)
    return checks
