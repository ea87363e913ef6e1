#!/usr/bin/env bash
# The checks for a machine with a GPU (an NVIDIA GPU by default): builds the
# project with the runtime library of that device, then runs
# bench/gpu_device.py, which compares every example on the device with the
# CPU at two sizes and times the Llama-style layer (decode and prefill, f32
# and f16) next to PyTorch on the same device.
#
#   scripts/gpu-device-check.sh [cuda|rocm|vulkan] [chip]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${1:-cuda}
CHIP=${2:-}
scripts/install-deps.sh
scripts/build.sh relax-opt relax-run relax_runtime \
  "relax_$([ "$DEVICE" = rocm ] && echo hip || echo "$DEVICE")_runtime"
if [ "$DEVICE" = cuda ] && command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  # The chip of the first GPU, e.g. 9.0 -> sm_90.
  if [ -z "$CHIP" ]; then
    CHIP=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader |
              head -1 | tr -d '.')
  fi
fi
exec python3 bench/gpu_device.py --device "$DEVICE" ${CHIP:+--chip "$CHIP"}
