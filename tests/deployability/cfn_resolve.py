"""Resolve CloudFormation intrinsics in a synthesized template to concrete example values.

A policy evaluator needs real ARNs, not ``{"Fn::Join": ...}``. This resolver stands in for CloudFormation
with a fake account and region: ``Ref`` and ``Fn::GetAtt`` of a resource give a stable example physical id
or ARN shaped like the real one for that resource type (a bucket's name, a role's ARN, an EKS cluster's
ARN, ``sg-...`` for a security group ...); ``Fn::Join``, ``Fn::Sub``, ``Fn::Select``, ``Fn::Split``,
``Fn::If`` (with the template's conditions), ``Fn::GetAZs`` and pseudo parameters are evaluated.
Anything it cannot resolve raises, so a test never evaluates a half-resolved policy.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

ACCOUNT = "111122223333"
REGION = "us-west-2"
PARTITION = "aws"
_NO_VALUE = object()


def _short_hash(text: str, length: int = 17) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


@dataclass
class TemplateResolver:
    template: dict[str, Any]
    account: str = ACCOUNT
    region: str = REGION
    stack_name: str = "ExampleStack"
    _physical: dict[str, str] = field(default_factory=dict)

    @property
    def resources(self) -> dict[str, Any]:
        return self.template.get("Resources", {})

    # ---- physical ids and attributes ------------------------------------------------------------------

    def physical_id(self, logical: str) -> str:
        """What ``Ref`` returns for a resource: its name when the template sets one, else an example id."""
        if logical in self._physical:
            return self._physical[logical]
        resource = self.resources[logical]
        kind = resource["Type"]
        props = resource.get("Properties", {})
        name_property = {
            "AWS::S3::Bucket": "BucketName", "AWS::IAM::Role": "RoleName", "AWS::EKS::Cluster": "Name",
            "AWS::IAM::ManagedPolicy": "ManagedPolicyName", "AWS::SNS::Topic": "TopicName",
            "AWS::Logs::LogGroup": "LogGroupName", "AWS::SageMaker::Cluster": "ClusterName",
        }.get(kind)
        name = self.resolve(props[name_property]) if name_property and name_property in props else None
        prefix = {
            "AWS::EC2::SecurityGroup": "sg-", "AWS::EC2::Subnet": "subnet-", "AWS::EC2::VPC": "vpc-",
            "AWS::FSx::FileSystem": "fs-", "AWS::EC2::RouteTable": "rtb-", "AWS::EC2::InternetGateway": "igw-",
            "AWS::EC2::NatGateway": "nat-", "AWS::KMS::Key": "", "AWS::APS::Workspace": "ws-",
        }.get(kind)
        if name is None:
            if kind == "AWS::S3::Bucket":
                name = f"{logical.lower()[:40]}-{_short_hash(logical, 8)}"
            elif kind == "AWS::KMS::Key":
                digest = _short_hash(logical, 32)
                name = f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
            elif prefix is not None:
                name = prefix + _short_hash(logical)
            else:
                name = f"{logical[:48]}-{_short_hash(logical, 8)}"
        ref = self._ref_value(kind, name)
        self._physical[logical] = ref
        return ref

    def _ref_value(self, kind: str, name: str) -> str:
        """Types whose ``Ref`` is an ARN rather than the name."""
        if kind == "AWS::SNS::Topic":
            return f"arn:{PARTITION}:sns:{self.region}:{self.account}:{name}"
        if kind == "AWS::IAM::ManagedPolicy":
            return f"arn:{PARTITION}:iam::{self.account}:policy/{name}"
        if kind == "AWS::SageMaker::Cluster":
            return f"arn:{PARTITION}:sagemaker:{self.region}:{self.account}:cluster/{_short_hash(name, 12)}"
        if kind == "AWS::APS::Workspace":
            return f"arn:{PARTITION}:aps:{self.region}:{self.account}:workspace/{name}"
        if kind == "AWS::StepFunctions::StateMachine":  # the Provider framework's isComplete waiter
            return f"arn:{PARTITION}:states:{self.region}:{self.account}:stateMachine:{name}"
        return name

    def get_att(self, logical: str, attribute: str) -> Any:
        resource = self.resources[logical]
        kind = resource["Type"]
        ref = self.physical_id(logical)
        arn = {
            "AWS::IAM::Role": f"arn:{PARTITION}:iam::{self.account}:role/{ref}",
            "AWS::S3::Bucket": f"arn:{PARTITION}:s3:::{ref}",
            "AWS::EKS::Cluster": f"arn:{PARTITION}:eks:{self.region}:{self.account}:cluster/{ref}",
            "AWS::KMS::Key": f"arn:{PARTITION}:kms:{self.region}:{self.account}:key/{ref}",
            "AWS::Lambda::Function": f"arn:{PARTITION}:lambda:{self.region}:{self.account}:function:{ref}",
            "AWS::Logs::LogGroup": f"arn:{PARTITION}:logs:{self.region}:{self.account}:log-group:{ref}:*",
            "AWS::SQS::Queue": f"arn:{PARTITION}:sqs:{self.region}:{self.account}:{ref}",
            "AWS::APS::Workspace": ref,
        }.get(kind)
        if attribute in ("Arn", "ClusterArn", "WorkspaceArn", "TopicArn") and (arn or kind.startswith("AWS::SageMaker")
                                                                               or kind == "AWS::SNS::Topic"):
            return arn or ref
        if kind == "AWS::S3::Bucket" and attribute == "RegionalDomainName":
            return f"{ref}.s3.{self.region}.amazonaws.com"
        if kind == "AWS::EC2::VPC" and attribute == "CidrBlock":
            return "10.0.0.0/16"
        if kind == "AWS::EKS::Cluster" and attribute == "OpenIdConnectIssuerUrl":
            return f"https://oidc.eks.{self.region}.amazonaws.com/id/{_short_hash(logical, 32).upper()}"
        if kind == "AWS::EC2::SecurityGroup" and attribute == "GroupId":
            return ref
        if kind == "AWS::FSx::FileSystem" and attribute == "LustreMountName":
            return _short_hash(logical, 8)
        if kind == "AWS::FSx::FileSystem" and attribute == "DNSName":
            return f"{ref}.fsx.{self.region}.amazonaws.com"
        if kind == "AWS::APS::Workspace" and attribute == "WorkspaceId":
            return ref.rsplit("/", 1)[-1]
        if kind == "AWS::APS::Workspace" and attribute == "PrometheusEndpoint":
            return f"https://aps-workspaces.{self.region}.amazonaws.com/workspaces/{ref.rsplit('/', 1)[-1]}/"
        # Any other attribute: a stable example string, enough for names and ids inside policies.
        return f"{ref}-{attribute.lower().replace('.', '-')}"

    # ---- intrinsic functions ---------------------------------------------------------------------------

    def condition(self, name: str) -> bool:
        return bool(self.resolve(self.template["Conditions"][name]))

    def resolve(self, value: Any) -> Any:
        """Resolve every intrinsic in ``value``; ``AWS::NoValue`` entries disappear from lists and maps."""
        resolved = self._resolve(value)
        return None if resolved is _NO_VALUE else resolved

    def _resolve(self, value: Any) -> Any:
        if isinstance(value, list):
            items = [self._resolve(item) for item in value]
            return [item for item in items if item is not _NO_VALUE]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            (key, argument), = value.items()
            if key == "Ref":
                return self._ref(argument)
            if key == "Condition":
                return self.condition(argument)
            if key.startswith("Fn::"):
                return self._function(key, argument)
        resolved = {key: self._resolve(item) for key, item in value.items()}
        return {key: item for key, item in resolved.items() if item is not _NO_VALUE}

    def _ref(self, name: str) -> Any:
        pseudo = {
            "AWS::AccountId": self.account, "AWS::Region": self.region, "AWS::Partition": PARTITION,
            "AWS::URLSuffix": "amazonaws.com", "AWS::StackName": self.stack_name, "AWS::NoValue": _NO_VALUE,
            "AWS::StackId": f"arn:{PARTITION}:cloudformation:{self.region}:{self.account}:stack/{self.stack_name}/x",
        }
        if name in pseudo:
            return pseudo[name]
        if name in self.template.get("Parameters", {}):
            parameter = self.template["Parameters"][name]
            if "Default" not in parameter:
                raise KeyError(f"parameter {name} has no default to stand for it")
            return parameter["Default"]
        return self.physical_id(name)

    def _function(self, name: str, argument: Any) -> Any:
        if name == "Fn::GetAtt":
            logical, attribute = argument if isinstance(argument, list) else argument.split(".", 1)
            return self.get_att(logical, attribute)
        if name == "Fn::Join":
            separator, items = argument
            return separator.join(str(item) for item in self._resolve(items))
        if name == "Fn::Sub":
            text, variables = (argument, {}) if isinstance(argument, str) else argument
            values = {key: self._resolve(item) for key, item in variables.items()}
            return re.sub(r"\$\{([^}!][^}]*)\}", lambda match: str(self._sub_variable(match.group(1), values)), text)
        if name == "Fn::Select":
            index, items = argument
            return self._resolve(items)[int(self._resolve(index))]
        if name == "Fn::Split":
            separator, text = argument
            return str(self._resolve(text)).split(separator)
        if name == "Fn::If":
            condition, when_true, when_false = argument
            return self._resolve(when_true if self.condition(condition) else when_false)
        if name == "Fn::Equals":
            left, right = (self._resolve(item) for item in argument)
            return left == right
        if name == "Fn::Not":
            return not self._resolve(argument[0])
        if name == "Fn::And":
            return all(self._resolve(item) for item in argument)
        if name == "Fn::Or":
            return any(self._resolve(item) for item in argument)
        if name == "Fn::GetAZs":
            return [f"{self.region}{zone}" for zone in "abcd"]
        if name == "Fn::Base64":
            return self._resolve(argument)
        if name == "Fn::ImportValue":
            return f"imported-{self._resolve(argument)}"
        raise NotImplementedError(f"{name} is not resolved by this test helper")

    def _sub_variable(self, name: str, values: dict[str, Any]) -> Any:
        if name in values:
            return values[name]
        if "." in name:
            logical, attribute = name.split(".", 1)
            return self.get_att(logical, attribute)
        return self._ref(name)


def logical_ids_in(value: Any) -> set[str]:
    """Logical ids a template value refers to (Ref / Fn::GetAtt), to follow policies to their roles."""
    found: set[str] = set()
    if isinstance(value, dict):
        if set(value) == {"Ref"} and isinstance(value["Ref"], str):
            found.add(value["Ref"])
        elif set(value) == {"Fn::GetAtt"}:
            target = value["Fn::GetAtt"]
            found.add(target[0] if isinstance(target, list) else target.split(".", 1)[0])
        for item in value.values():
            found |= logical_ids_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= logical_ids_in(item)
    return found
