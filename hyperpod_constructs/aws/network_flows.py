"""The network flows a working HyperPod (EKS) inference cluster needs, as data with their sources.

One list serves three readers: the platform's advice when it cannot see the rules of security groups passed
in, the tests that prove each flow from the synthesized template's security groups, and the parity table in
docs/aws-parity.md. Endpoints are roles, not resources:

- ``nodes``: ENIs of HyperPod instances (``VpcConfig`` or an instance group's ``OverrideVpcConfig``); pods
  get their IPs on these ENIs (VPC CNI without security groups for pods), so pod traffic is node traffic.
- ``control-plane``: the EKS cross-account ENIs, which carry ``ResourcesVpcConfig.SecurityGroupIds`` and the
  cluster security group EKS creates.
- ``model-store``: the FSx for Lustre file servers.
- ``load-balancer``: the ALB the AWS Load Balancer Controller creates for an endpoint's Ingress.
- ``deploy-functions``: the Lambda functions that call the Kubernetes API during ``cdk deploy`` (the
  kubectl function: Helm and manifests).
- ``internet``: AWS service endpoints and registries outside the VPC (ECR, S3, STS, SageMaker, Hugging Face).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

ALL = None  # every protocol and port

EKS_SG_DOC = ("Amazon EKS User Guide, 'View Amazon EKS security group requirements for clusters' "
              "(https://docs.aws.amazon.com/eks/latest/userguide/sec-group-reqs.html)")
EFA_SG_DOC = ("Amazon EC2 User Guide, 'Get started with EFA', step 'Prepare an EFA-enabled security group': "
              "inbound and outbound rules allowing all traffic to and from the security group itself "
              "(https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/efa-start.html)")
FSX_SG_DOC = ("FSx for Lustre User Guide, 'File system access control with Amazon VPC': TCP 988 and 1018-1023 "
              "between file servers and Lustre clients "
              "(https://docs.aws.amazon.com/fsx/latest/LustreGuide/limit-access-security-groups.html)")
LBC_SG_DOC = ("AWS Load Balancer Controller, 'Security Groups for Load Balancers': frontend and shared backend "
              "security groups, node/pod ENI ingress opened from the backend group "
              "(https://kubernetes-sigs.github.io/aws-load-balancer-controller/latest/deploy/security_groups/)")
EKS_ENDPOINT_DOC = ("Amazon EKS User Guide, 'Cluster API server endpoint' "
                    "(https://docs.aws.amazon.com/eks/latest/userguide/cluster-endpoint.html)")
AWS_STACK = "AWS quick setup: security-group-template.yaml"


@dataclass(frozen=True)
class RequiredFlow:
    """Traffic from ``source`` to ``destination`` that a working cluster needs.

    ``ports`` is an inclusive (from, to) TCP range, or ``ALL`` for every protocol. ``group_reference`` means
    only rules naming a security group count (EFA traffic is not IP traffic, so CIDR rules do not carry it).
    """

    name: str
    source: str
    destination: str
    ports: Optional[tuple[int, int]]
    why: str
    reference: str
    group_reference: bool = False
    aws_stack: str = ""  # what AWS's quick-setup stack does for the same flow

    @property
    def port_text(self) -> str:
        if self.ports is None:
            return "all traffic"
        low, high = self.ports
        return f"tcp {low}" if low == high else f"tcp {low}-{high}"

    def describe(self) -> str:
        return f"{self.name}: {self.source} -> {self.destination} ({self.port_text})"


REQUIRED_FLOWS: tuple[RequiredFlow, ...] = (
    RequiredFlow("nodes to API server", "nodes", "control-plane", (443, 443),
                 "kubelet registers the node and pods call the Kubernetes API", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: one group on EKS and HyperPod, self-referencing ingress"),
    RequiredFlow("API server to kubelet", "control-plane", "nodes", (10250, 10250),
                 "logs, exec and port-forward; cert-manager's webhook also listens on 10250", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule (all traffic)"),
    RequiredFlow("API server to webhooks on 443", "control-plane", "nodes", (443, 443),
                 "extension API servers and webhooks served on 443", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule (all traffic)"),
    RequiredFlow("API server to controller webhooks", "control-plane", "nodes", (9443, 9443),
                 "admission webhooks of the inference operator, the load-balancer controller and KEDA "
                 "(controller-runtime's default port)", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule (all traffic)"),
    RequiredFlow("API server to KEDA metrics API", "control-plane", "nodes", (6443, 6443),
                 "the external.metrics.k8s.io API service KEDA's metrics server answers", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule (all traffic)"),
    RequiredFlow("API server to metrics-server", "control-plane", "nodes", (10251, 10251),
                 "the metrics.k8s.io API service of the EKS metrics-server add-on", EKS_SG_DOC,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule (all traffic)"),
    RequiredFlow("node to node (EFA)", "nodes", "nodes", ALL,
                 "EFA, NCCL and pod-to-pod traffic; EFA needs ingress and egress rules naming the group itself",
                 EFA_SG_DOC, group_reference=True,
                 aws_stack=f"{AWS_STACK}: IntraSGCommunicationRule and IntraSGCommunicationRuleEgress"),
    RequiredFlow("nodes to AWS services", "nodes", "internet", (443, 443),
                 "image pulls from ECR, S3, STS and SageMaker APIs (through the NAT gateway or VPC endpoints)",
                 EKS_SG_DOC, aws_stack=f"{AWS_STACK}: InternetCommunicationRuleEgress (all traffic)"),
    RequiredFlow("nodes to model store (988)", "nodes", "model-store", (988, 988),
                 "Lustre client to file server", FSX_SG_DOC, aws_stack=f"{AWS_STACK}: FSxForLustreRule1"),
    RequiredFlow("nodes to model store (1018-1023)", "nodes", "model-store", (1018, 1023),
                 "Lustre client to file server", FSX_SG_DOC, aws_stack=f"{AWS_STACK}: FSxForLustreRule2"),
    RequiredFlow("model store to nodes (988)", "model-store", "nodes", (988, 988),
                 "Lustre file server to client", FSX_SG_DOC, aws_stack=f"{AWS_STACK}: FSxForLustreRule1"),
    RequiredFlow("model store to nodes (1018-1023)", "model-store", "nodes", (1018, 1023),
                 "Lustre file server to client", FSX_SG_DOC, aws_stack=f"{AWS_STACK}: FSxForLustreRule2"),
    RequiredFlow("model store servers (988)", "model-store", "model-store", (988, 988),
                 "file servers of one file system talk to each other", FSX_SG_DOC,
                 aws_stack=f"{AWS_STACK}: FSxForLustreRule1"),
    RequiredFlow("model store servers (1018-1023)", "model-store", "model-store", (1018, 1023),
                 "file servers of one file system talk to each other", FSX_SG_DOC,
                 aws_stack=f"{AWS_STACK}: FSxForLustreRule2"),
    RequiredFlow("load balancer to pods", "load-balancer", "nodes", (8000, 8000),
                 "the ALB forwards to the model server's port on the pod IP (8000 is vLLM's default; the "
                 "controller opens each target port from its backend group on the node security group)", LBC_SG_DOC,
                 aws_stack="not in the template: the controller's policy may modify the node group"),
    RequiredFlow("deploy functions to API server", "deploy-functions", "control-plane", (443, 443),
                 "kubectl and Helm apply charts during cdk deploy; with a private or CIDR-restricted endpoint the "
                 "functions run in the VPC", EKS_ENDPOINT_DOC,
                 aws_stack="AWS's Helm and FSx Lambdas run outside the VPC against the public endpoint"),
)
