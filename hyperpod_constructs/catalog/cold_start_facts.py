"""Published figures for each part of a cold start from zero replicas, with their sources.

HyperPod publishes no end-to-end scale-from-zero time, and no node provisioning time; each figure here is the
closest published one, named by its row in the project's cold-start fact sheet (``K1``, ``N4``, ``W9`` ...) and
how exact it is: documented (a default or limit in official docs or a CRD), measured (a benchmark that states its
setup), vendor claim, derived (arithmetic on cited figures) or assumption (no published figure: a stand-in the user
can override). docs/cold-start.md lists the sources in full.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

Exactness = Literal["documented", "measured", "vendor claim", "derived", "assumption"]


@dataclass(frozen=True)
class Figure:
    """One published figure, the rows of the fact sheet it comes from, and how exact it is."""

    value: float
    rows: str
    exactness: Exactness
    what: str  # what the figure measures, for the plan's explanation

    def cite(self) -> str:
        """``"[K1 documented]"``: how the plan cites it."""
        return f"[{self.rows} {self.exactness}]"


# Detect: KEDA activates a deployment at zero replicas on its own polling interval (the HPA takes over from 1).
KEDA_POLLING_S = Figure(30, "K1", "documented", "KEDA pollingInterval, HyperPod's autoScalingSpec default")
METRIC_DELAY_S = Figure(60, "K7", "documented", "SageMaker invocation metrics publish every 60 s")

# Node: no HyperPod figure (N3); the sum of the upstream stand-ins is the default.
KARPENTER_BATCH_S = Figure(10, "N4", "documented", "Karpenter batch window, at most")
NODE_REGISTRATION_S = Figure(39, "N7", "measured", "EKS node to kubelet registration (one CPU instance)")
GPU_DEVICE_PLUGIN_S = Figure(90, "N8", "measured", "NVIDIA device plugin advertising nvidia.com/gpu")
HEALTH_CHECK_S = Figure(120, "N10", "documented", "DCGM level-2 diagnostics, as HyperPod's basic checks run them")
NODE_S = Figure(KARPENTER_BATCH_S.value + NODE_REGISTRATION_S.value + GPU_DEVICE_PLUGIN_S.value
                + HEALTH_CHECK_S.value, "N4+N7+N8+N10", "assumption",
                "no HyperPod pending-pod-to-Ready figure (N3): Karpenter batch + registration + GPU plugin + DCGM L2")

# Image: the LMI container AWS measured, and the pull rate that measurement implies.
IMAGE_GB = Figure(17.7, "I1", "vendor claim", "LMI container, compressed")
IMAGE_PULL_MB_S = Figure(53, "I2", "derived", "17.7 GB pulled in 333 s on ml.g6.2xlarge")

# Weights.
MOUNTPOINT_MB_S = Figure(1417 * 1.048576, "W9", "measured", "Mountpoint for S3, one sequential reader")
HF_HUB_MB_S = Figure(round(131 * 1073.741824 / 206), "W12", "derived",
                     "Llama-3-70B, 131 GiB from the Hugging Face Hub in 196-216 s on p5.48xlarge")
FSX_CLIENT_MB_S = Figure(100_000 / 8, "W5", "documented", "FSx for Lustre per-client ceiling without EFA (100 Gbps)")
FSX_UNCACHED_ROWS = "W2+W3"  # uncached reads run at the disk baseline: MB/s per TiB of storage

# Engine and route.
ENGINE_S = Figure(92, "E4", "measured", "vLLM init engine without the compile cache, Llama-3-70B TP=4 on p5.48xlarge")
ENGINE_COMPILE_CACHED_S = Figure(45, "E4", "measured", "the same with the torch.compile cache")
ROUTE_S = Figure(30, "K9", "documented", "one passing ALB health check at the 30 s default interval")

# Baseline network bandwidth in Mbps (Karpenter's instance-network-bandwidth label; W16). For p5 and p4d it is the
# instance total, of which the sources do not say how much S3 and ECR traffic may use.
NETWORK_MBPS: dict[str, int] = {
    "ml.p5.48xlarge": 3_200_000, "ml.p4d.24xlarge": 400_000, "ml.g6.2xlarge": 5_000,
    "ml.g6e.xlarge": 2_500, "ml.g6e.2xlarge": 5_000, "ml.g6e.4xlarge": 20_000, "ml.g6e.8xlarge": 25_000,
    "ml.g6e.12xlarge": 100_000, "ml.g6e.16xlarge": 35_000, "ml.g6e.24xlarge": 200_000, "ml.g6e.48xlarge": 400_000,
    "ml.g5.xlarge": 2_500, "ml.g5.2xlarge": 5_000, "ml.g5.4xlarge": 10_000, "ml.g5.8xlarge": 25_000,
    "ml.g5.12xlarge": 40_000, "ml.g5.16xlarge": 25_000, "ml.g5.24xlarge": 50_000, "ml.g5.48xlarge": 100_000,
}
NETWORK_ROWS = "W16"


def network_mb_s(instance_type: str) -> Optional[float]:
    """The instance type's baseline network bandwidth in MB/s, or None when the sources do not list it."""
    mbps = NETWORK_MBPS.get(instance_type)
    return None if mbps is None else mbps / 8
