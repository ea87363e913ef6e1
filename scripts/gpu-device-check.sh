#!/usr/bin/env bash
# The checks for a machine with a GPU (an NVIDIA GPU by default): builds the
# project with the runtime library of that device, then runs
# bench/gpu_device.py, which compares every example on the device with the
# CPU at two sizes and times the Llama-style layer (decode and prefill, f32
# and f16) next to PyTorch on the same device; then runs the Llama layer
# split over two MPI ranks on that one device (collectives staged through
# host memory) against one process on the CPU.
#
#   scripts/gpu-device-check.sh [cuda|rocm|vulkan] [chip]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${1:-cuda}
CHIP=${2:-}
scripts/install-deps.sh
scripts/build.sh relax-opt relax-run relax_runtime relax_mpi_runtime \
  "relax_$([ "$DEVICE" = rocm ] && echo hip || echo "$DEVICE")_runtime"
if [ "$DEVICE" = cuda ] && command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  # The chip of the first GPU, e.g. 9.0 -> sm_90.
  if [ -z "$CHIP" ]; then
    CHIP=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader |
              head -1 | tr -d '.')
  fi
fi
python3 bench/gpu_device.py --device "$DEVICE" ${CHIP:+--chip "$CHIP"}

# Tensor parallelism: two ranks on the one device.
BUILD_DIR=${BUILD_DIR:-build}
TP=$(mktemp -d)
SIZES=(--size b=2 --size s=16 --size p=32)
"$BUILD_DIR/bin/relax-run" examples/llama_layer.mlir "${SIZES[@]}" --output "$TP/cpu.npy"
timeout 600 mpiexec -n 2 "$BUILD_DIR/bin/relax-run" examples/llama_layer_tp.mlir \
  --device "$DEVICE" ${CHIP:+--pipeline-options "chip=$CHIP"} "${SIZES[@]}" \
  --reps 20 --output "$TP/gpu.npy" --output-per-rank
python3 - "$TP" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
cpu, ranks = np.load(f"{d}/cpu.npy"), [np.load(f"{d}/gpu.rank{r}.npy") for r in (0, 1)]
error = float(np.abs(cpu - ranks[0]).max() / np.abs(cpu).max())
print(f"tensor parallel, 2 ranks on one device: rel. diff {error:.1e} against the CPU, "
      f"ranks equal: {np.array_equal(*ranks)}")
sys.exit(0 if error < 1e-3 and np.array_equal(*ranks) else 1)
PY
rm -rf "$TP"
