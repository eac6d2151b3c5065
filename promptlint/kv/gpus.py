"""GPU presets: the memory CUDA/ROCm reports as total (what vLLM multiplies by utilization).

Nominal "24 GB" cards report less; these are the totals torch reports (recalled from public
logs and OOM messages, to about 0.1 GiB). Use --gpu-memory-gib for anything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from promptlint.errors import UserError


@dataclass(frozen=True)
class GPU:
    name: str
    memory_gib: float  # total device memory as reported to the framework
    nominal: str


GPUS: dict[str, GPU] = {
    gpu.name.lower(): gpu
    for gpu in (
        GPU("T4", 14.75, "16 GB"),
        GPU("V100-16", 15.77, "16 GB"),
        GPU("V100-32", 31.74, "32 GB"),
        GPU("A10G", 22.19, "24 GB"),
        GPU("A10", 22.07, "24 GB"),
        GPU("L4", 22.17, "24 GB"),
        GPU("RTX-3090", 23.69, "24 GB"),
        GPU("RTX-4090", 23.65, "24 GB"),
        GPU("RTX-5090", 31.36, "32 GB"),
        GPU("A6000", 47.54, "48 GB"),
        GPU("L40S", 44.39, "48 GB"),
        GPU("A100-40", 39.39, "40 GB"),
        GPU("A100-80", 79.15, "80 GB"),
        GPU("H100", 79.11, "80 GB"),
        GPU("H100-NVL", 93.10, "94 GB"),
        GPU("H200", 139.80, "141 GB"),
        GPU("B200", 178.35, "180 GB usable"),
        GPU("MI300X", 191.98, "192 GB"),
    )
}
ALIASES = {
    "a100": "a100-80",
    "a100-40gb": "a100-40",
    "a100-80gb": "a100-80",
    "h100-80": "h100",
    "h100-sxm": "h100",
    "rtx4090": "rtx-4090",
    "4090": "rtx-4090",
    "rtx3090": "rtx-3090",
    "3090": "rtx-3090",
    "rtx5090": "rtx-5090",
    "v100": "v100-16",
}


def gpu_preset(name: str) -> GPU:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in GPUS:
        choices = ", ".join(gpu.name for gpu in GPUS.values())
        raise UserError(f"unknown GPU {name!r} (presets: {choices}; or use --gpu-memory-gib)")
    return GPUS[key]
