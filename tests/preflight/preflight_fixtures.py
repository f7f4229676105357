"""Preflight clients wrapped in botocore's Stubber (no credentials, nothing is called), and answers shaped like the
real APIs' (botocore validates every stubbed response against the service model)."""
from __future__ import annotations

import datetime
import functools
from contextlib import ExitStack, contextmanager
from typing import Any, Iterator, Optional

import boto3
from botocore.stub import Stubber

from hyperpod_constructs.preflight.calls import AwsClients

REGION = "us-west-2"
SERVICES = {"service_quotas": "service-quotas", "cloudformation": "cloudformation", "s3": "s3",
            "sso_admin": "sso-admin", "eks": "eks", "ec2": "ec2"}


@functools.cache
def _session() -> boto3.Session:
    """One session for every test: it loads each service's model once (a new session reads them from disk again)."""
    return boto3.Session(aws_access_key_id="testing", aws_secret_access_key="testing", region_name=REGION)


def stubbed_clients() -> tuple[AwsClients, dict[str, Stubber]]:
    """One new stubbed client per service (by ``AwsClients`` field name); activate them with ``answering``."""
    clients = {name: _session().client(service) for name, service in SERVICES.items()}
    return AwsClients(**clients), {name: Stubber(client) for name, client in clients.items()}


def stubbed(name: str) -> tuple[Any, Stubber]:
    """One new stubbed client, e.g. ``stubbed("eks")``."""
    client = _session().client(SERVICES[name])
    return client, Stubber(client)


@contextmanager
def answering(*stubbers: Stubber) -> Iterator[None]:
    """The stubbers active inside the block; afterwards every queued answer must have been asked for."""
    with ExitStack() as stack:
        for stubber in stubbers:
            stack.enter_context(stubber)
        yield
    for stubber in stubbers:
        stubber.assert_no_pending_responses()


def quota(instance_type: str, value: float, code: str = "L-00000001") -> dict[str, Any]:
    return {"ServiceCode": "sagemaker", "ServiceName": "Amazon SageMaker", "QuotaCode": code,
            "QuotaName": f"{instance_type} for cluster usage", "Value": value, "Unit": "None", "Adjustable": True,
            "GlobalQuota": False}


def add_quotas(stubber: Stubber, defaults: list[dict[str, Any]], applied: list[dict[str, Any]]) -> None:
    stubber.add_response("list_aws_default_service_quotas", {"Quotas": defaults}, {"ServiceCode": "sagemaker"})
    stubber.add_response("list_service_quotas", {"Quotas": applied}, {"ServiceCode": "sagemaker"})


def toolkit_stack(version: str = "28", *, qualifier: Optional[str] = None, status: str = "UPDATE_COMPLETE",
                  name: str = "CDKToolkit") -> dict[str, Any]:
    stack: dict[str, Any] = {
        "StackName": name, "StackStatus": status, "CreationTime": datetime.datetime(2026, 1, 1),
        "Outputs": [{"OutputKey": "BucketName", "OutputValue": "cdk-hnb659fds-assets"},
                    {"OutputKey": "BootstrapVersion", "OutputValue": version}],
    }
    if qualifier is not None:
        stack["Parameters"] = [{"ParameterKey": "Qualifier", "ParameterValue": qualifier}]
    return {"Stacks": [stack]}


def add_toolkit(stubber: Stubber, response: Optional[dict[str, Any]], name: str = "CDKToolkit") -> None:
    if response is None:
        stubber.add_client_error("describe_stacks", service_error_code="ValidationError",
                                 service_message=f"Stack with id {name} does not exist", http_status_code=400,
                                 expected_params={"StackName": name})
    else:
        stubber.add_response("describe_stacks", response, {"StackName": name})


def identity_center_instances(*arns: str) -> dict[str, Any]:
    return {"Instances": [{"InstanceArn": arn, "IdentityStoreId": "d-1234567890", "Status": "ACTIVE"}
                          for arn in arns]}


def eks_cluster(name: str = "existing", *, version: str = "1.32", mode: str = "API_AND_CONFIG_MAP",
                vpc_id: str = "vpc-0123456789abcdef0") -> dict[str, Any]:
    return {"cluster": {"name": name, "version": version, "status": "ACTIVE",
                        "accessConfig": {"authenticationMode": mode},
                        "resourcesVpcConfig": {"vpcId": vpc_id, "subnetIds": ["subnet-a", "subnet-b"]}}}


def addon(name: str, version: str = "v1.0.0-eksbuild.1", status: str = "ACTIVE",
          cluster: str = "existing") -> dict[str, Any]:
    return {"addon": {"addonName": name, "clusterName": cluster, "status": status, "addonVersion": version}}


def subnet(subnet_id: str, zone: str, *tags: str) -> dict[str, Any]:
    return {"SubnetId": subnet_id, "AvailabilityZone": zone, "VpcId": "vpc-0123456789abcdef0",
            "Tags": [{"Key": tag, "Value": "1"} for tag in tags]}
