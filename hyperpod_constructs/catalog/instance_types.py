"""HyperPod instance types: accelerator, GPU memory, vCPU, memory, EFA support and local NVMe.

Pure data, no CDK imports. Sizes follow the EC2 instance-type pages for the same family; the list of
families follows the ``InstanceType`` values that ``AWS::SageMaker::Cluster`` accepts. Local NVMe (instance store)
in GiB follows Karpenter's instance-type reference (label ``karpenter.k8s.aws/instance-local-nvme``,
aws/karpenter-provider-aws ``website/content/en/docs/reference/instance-types.md``); the M, C, R and T families
here are EBS-only (0); where no source was checked the size is unknown (None).

The types the API's ``ClusterInstanceType`` gained in 2026 (botocore 1.43.0 to 1.44.5) cite their sources where they
are declared below: AWS's HyperPod SDK (``sagemaker-hyperpod`` 3.12.0, ``sagemaker/hyperpod/training/constants.py``
``INSTANCE_RESOURCES``: vCPU, GPUs, memory and EFA interfaces) where it lists the type, the EC2 instance-type pages
otherwise. None of them is in HyperPod's MIG map (``catalog/mig.py``): the g7e profiles were added to the HyperPod CLI
and reverted (aws/sagemaker-hyperpod-cli PR #390, #403). Which types are Graviton (arm64) follows the EC2 pages;
``arch`` matters because the inference operator runs on amd64 nodes only (``rules/bring_up.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Sequence

from ..errors import close_matches

Accelerator = Literal["nvidia", "neuron"]
Architecture = Literal["x86_64", "arm64"]


@dataclass(frozen=True)
class InstanceTypeInfo:
    """What one HyperPod instance type offers."""

    name: str
    vcpu: int
    memory_gib: int
    gpu_model: Optional[str] = None  # e.g. "H100 80GB"; None for CPU-only types
    gpu_count: int = 0
    gpu_memory_gib: int = 0  # per accelerator
    efa: bool = False
    accelerator: Optional[Accelerator] = None
    local_nvme_gib: Optional[int] = None  # instance store; 0: EBS only; None: not recorded
    arch: Architecture = "x86_64"  # "arm64" for Graviton and Grace

    @property
    def has_gpu(self) -> bool:
        return self.accelerator == "nvidia" and self.gpu_count > 0


def _gpu_family(family: str, model: str, gpu_mem: int, sizes: dict[str, tuple[int, int, int]],
                efa_sizes: frozenset[str], nvme: Optional[dict[str, int]] = None) -> list[InstanceTypeInfo]:
    """sizes: size -> (gpus, vcpu, memory GiB); nvme: size -> local NVMe GiB, where recorded."""
    return [
        InstanceTypeInfo(
            name=f"ml.{family}.{size}", vcpu=vcpu, memory_gib=mem, gpu_model=model, gpu_count=gpus,
            gpu_memory_gib=gpu_mem, efa=size in efa_sizes, accelerator="nvidia",
            local_nvme_gib=(nvme or {}).get(size),
        )
        for size, (gpus, vcpu, mem) in sizes.items()
    ]


def _cpu_family(family: str, sizes: dict[str, tuple[int, int]], arch: Architecture = "x86_64") -> list[InstanceTypeInfo]:
    """An EBS-only family: no local NVMe."""
    return [InstanceTypeInfo(name=f"ml.{family}.{size}", vcpu=vcpu, memory_gib=mem, local_nvme_gib=0, arch=arch)
            for size, (vcpu, mem) in sizes.items()]


_G_SIZES_16 = {"xlarge": (1, 4, 16), "2xlarge": (1, 8, 32), "4xlarge": (1, 16, 64), "8xlarge": (1, 32, 128),
               "12xlarge": (4, 48, 192), "16xlarge": (1, 64, 256), "24xlarge": (4, 96, 384), "48xlarge": (8, 192, 768)}
_G6E_SIZES = {"xlarge": (1, 4, 32), "2xlarge": (1, 8, 64), "4xlarge": (1, 16, 128), "8xlarge": (1, 32, 256),
              "12xlarge": (4, 48, 384), "16xlarge": (1, 64, 512), "24xlarge": (4, 96, 768), "48xlarge": (8, 192, 1536)}
# Local NVMe GiB of g5 and g6e (the same per size in Karpenter's reference).
_G5_G6E_NVME = {"xlarge": 250, "2xlarge": 450, "4xlarge": 600, "8xlarge": 900, "12xlarge": 3800, "16xlarge": 1900,
                "24xlarge": 3800, "48xlarge": 7600}
_G_EFA = frozenset({"8xlarge", "12xlarge", "16xlarge", "24xlarge", "48xlarge"})
_M_SIZES = {"large": (2, 8), "xlarge": (4, 16), "2xlarge": (8, 32), "4xlarge": (16, 64), "8xlarge": (32, 128),
            "12xlarge": (48, 192), "16xlarge": (64, 256), "24xlarge": (96, 384)}
_C5_SIZES = {"large": (2, 4), "xlarge": (4, 8), "2xlarge": (8, 16), "4xlarge": (16, 32), "9xlarge": (36, 72),
             "12xlarge": (48, 96), "18xlarge": (72, 144), "24xlarge": (96, 192)}
_R_SIZES = {size: (vcpu, vcpu * 8) for size, (vcpu, _) in _M_SIZES.items()}

# --- Added to the API in 2026 ---
# g7e (RTX PRO 6000 Blackwell Server Edition, 96 GB): sizes and EFA from the HyperPod SDK's INSTANCE_RESOURCES (EFA
# from 8xlarge up). Local NVMe per size as published for the g7e launch (1 x 1.9 TB up to 8xlarge, then 1 x 3.8,
# 2 x 3.8 and 4 x 3.8 TB, matching AWS's "up to 15.2 TB"); not yet checked against the EC2 instance-type page.
_G7E_SIZES = {"2xlarge": (1, 8, 64), "4xlarge": (1, 16, 128), "8xlarge": (1, 32, 256), "12xlarge": (2, 48, 512),
              "24xlarge": (4, 96, 1024), "48xlarge": (8, 192, 2048)}
_G7E_NVME = {"2xlarge": 1900, "4xlarge": 1900, "8xlarge": 1900, "12xlarge": 3800, "24xlarge": 7600, "48xlarge": 15200}
_G7E_EFA = frozenset({"8xlarge", "12xlarge", "24xlarge", "48xlarge"})
# g7 (RTX PRO 4500 Blackwell Server Edition, 32 GB): sizes from the EC2 launch (2026-06-18; also quoted in
# kubernetes/autoscaler issue #9854). EFA is recorded only on 48xlarge (700 Gbps with EFA); the smaller sizes' EFA
# and every size's local NVMe were not confirmed at a source, so they are recorded False / None.
_G7_SIZES = {"2xlarge": (1, 8, 32), "4xlarge": (1, 16, 64), "8xlarge": (2, 32, 128), "12xlarge": (4, 48, 192),
             "24xlarge": (4, 96, 384), "48xlarge": (8, 192, 768)}
# g4dn (T4, 16 GB): EC2 accelerated-computing page; NVMe in GB as EC2 states it (Karpenter's reference agrees).
_G4DN_SIZES = {"xlarge": (1, 4, 16), "2xlarge": (1, 8, 32), "4xlarge": (1, 16, 64), "8xlarge": (1, 32, 128),
               "12xlarge": (4, 48, 192), "16xlarge": (1, 64, 256)}
_G4DN_NVME = {"xlarge": 125, "2xlarge": 225, "4xlarge": 225, "8xlarge": 900, "12xlarge": 900, "16xlarge": 900}
_G4DN_EFA = frozenset({"8xlarge", "12xlarge", "16xlarge"})
# Graviton (arm64), EBS-only: EC2 compute-optimized and general-purpose pages.
_GRAVITON_C = {"medium": (1, 2), "large": (2, 4), "xlarge": (4, 8), "2xlarge": (8, 16), "4xlarge": (16, 32),
               "8xlarge": (32, 64), "12xlarge": (48, 96), "16xlarge": (64, 128)}
_GRAVITON_C8 = {**_GRAVITON_C, "24xlarge": (96, 192), "48xlarge": (192, 384)}
_GRAVITON_M = {size: (vcpu, vcpu * 4) for size, (vcpu, _) in _GRAVITON_C.items()}
_GRAVITON_M8 = {size: (vcpu, vcpu * 4) for size, (vcpu, _) in _GRAVITON_C8.items()}
# AMD (x86_64), EBS-only: c6a/m6a from large to 48xlarge.
_C6A_SIZES = {"large": (2, 4), "xlarge": (4, 8), "2xlarge": (8, 16), "4xlarge": (16, 32), "8xlarge": (32, 64),
              "12xlarge": (48, 96), "16xlarge": (64, 128), "24xlarge": (96, 192), "32xlarge": (128, 256),
              "48xlarge": (192, 384)}
_M6A_SIZES = {size: (vcpu, vcpu * 4) for size, (vcpu, _) in _C6A_SIZES.items()}

_ALL: list[InstanceTypeInfo] = [
    InstanceTypeInfo("ml.p4d.24xlarge", 96, 1152, "A100 40GB", 8, 40, True, "nvidia", local_nvme_gib=8000),
    InstanceTypeInfo("ml.p4de.24xlarge", 96, 1152, "A100 80GB", 8, 80, True, "nvidia"),
    InstanceTypeInfo("ml.p5.4xlarge", 16, 256, "H100 80GB", 1, 80, True, "nvidia"),
    InstanceTypeInfo("ml.p5.48xlarge", 192, 2048, "H100 80GB", 8, 80, True, "nvidia", local_nvme_gib=30400),
    InstanceTypeInfo("ml.p5e.48xlarge", 192, 2048, "H200 141GB", 8, 141, True, "nvidia", local_nvme_gib=30400),
    InstanceTypeInfo("ml.p5en.48xlarge", 192, 2048, "H200 141GB", 8, 141, True, "nvidia", local_nvme_gib=30400),
    InstanceTypeInfo("ml.p6-b200.48xlarge", 192, 2048, "B200 180GB", 8, 180, True, "nvidia"),
    InstanceTypeInfo("ml.p6-b300.48xlarge", 192, 4096, "B300 270GB", 8, 270, True, "nvidia"),
    InstanceTypeInfo("ml.p6e-gb200.36xlarge", 144, 960, "GB200 186GB", 4, 186, True, "nvidia", arch="arm64"),
    *_gpu_family("g5", "A10G 24GB", 24, _G_SIZES_16, _G_EFA, _G5_G6E_NVME),
    *_gpu_family("g6", "L4 24GB", 24, _G_SIZES_16, _G_EFA),
    *_gpu_family("g6e", "L40S 48GB", 48, _G6E_SIZES, _G_EFA, _G5_G6E_NVME),
    *_gpu_family("g7e", "RTX PRO 6000 96GB", 96, _G7E_SIZES, _G7E_EFA, _G7E_NVME),
    *_gpu_family("g7", "RTX PRO 4500 32GB", 32, _G7_SIZES, frozenset({"48xlarge"})),
    *_gpu_family("g4dn", "T4 16GB", 16, _G4DN_SIZES, _G4DN_EFA, _G4DN_NVME),
    InstanceTypeInfo("ml.trn1.32xlarge", 128, 512, "Trainium 32GB", 16, 32, True, "neuron"),
    InstanceTypeInfo("ml.trn1n.32xlarge", 128, 512, "Trainium 32GB", 16, 32, True, "neuron"),
    InstanceTypeInfo("ml.trn2.48xlarge", 192, 2048, "Trainium2 96GB", 16, 96, True, "neuron"),
    *_cpu_family("m5", _M_SIZES),
    *_cpu_family("m6i", _M_SIZES),
    *_cpu_family("m7i", _M_SIZES),
    *_cpu_family("c5", _C5_SIZES),
    *_cpu_family("r6i", _R_SIZES),
    *_cpu_family("r7i", _R_SIZES),
    *_cpu_family("t3", {"medium": (2, 4), "large": (2, 8), "xlarge": (4, 16), "2xlarge": (8, 32)}),
    # r5d.16xlarge: 4 x 600 GB NVMe (EC2 memory-optimized page).
    InstanceTypeInfo("ml.r5d.16xlarge", 64, 512, local_nvme_gib=2400),
    *_cpu_family("c6a", _C6A_SIZES),
    *_cpu_family("m6a", _M6A_SIZES),
    *_cpu_family("c8a", {"16xlarge": (64, 128)}),
    *_cpu_family("m8a", {"16xlarge": (64, 256)}),
    *_cpu_family("c6g", _GRAVITON_C, "arm64"),
    *_cpu_family("c7g", _GRAVITON_C, "arm64"),
    *_cpu_family("c8g", _GRAVITON_C8, "arm64"),
    *_cpu_family("m6g", _GRAVITON_M, "arm64"),
    *_cpu_family("m7g", _GRAVITON_M, "arm64"),
    *_cpu_family("m8g", _GRAVITON_M8, "arm64"),
]

INSTANCE_TYPES: dict[str, InstanceTypeInfo] = {info.name: info for info in _ALL}


def instance_type(name: str) -> Optional[InstanceTypeInfo]:
    """The catalog entry for ``name`` (e.g. ``ml.p5.48xlarge``), or None when HyperPod does not offer it."""
    return INSTANCE_TYPES.get(name)


def instance_type_names() -> list[str]:
    return sorted(INSTANCE_TYPES)


def closest_instance_types(name: object, count: int = 3, taken: Sequence[str] = ()) -> list[str]:
    """Catalog names closest to a mistyped ``name`` (``ml.p5.48xl`` -> ``ml.p5.48xlarge``), best first, apart from
    those ``taken`` (listed already where the name was given)."""
    return close_matches(name, [known for known in instance_type_names() if known not in taken], count)


def unknown_instance_type_hint(name: object, taken: Sequence[str] = ()) -> str:
    """What to say about a name the catalog does not have: the closest names, else the families on offer."""
    close = closest_instance_types(name, taken=taken)
    if close:
        return f"a HyperPod instance type; did you mean {' or '.join(repr(found) for found in close)}?"
    families = sorted({info.name.split(".")[1] for info in _ALL})
    return (f"a HyperPod instance type 'ml.<family>.<size>', family one of {', '.join(families)} "
            "(hyperpod_constructs.catalog.instance_types.INSTANCE_TYPES lists them all)")
