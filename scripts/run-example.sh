#!/usr/bin/env bash
# Main job: installs what is missing, builds relax-opt and relax-run, runs
# relax-opt on the shipped examples (each is parsed, verified, its shapes are
# inferred with --relax-infer-shapes, and it is printed back), then compiles
# the Llama-style layer for the CPU and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh relax-opt relax-run

BUILD_DIR=${BUILD_DIR:-build}
for example in examples/*.mlir; do
  echo "=== $example"
  "$BUILD_DIR/bin/relax-opt" --relax-infer-shapes --verify-roundtrip "$example"
done

# Compile the Llama-style decoder layer once and run it on the CPU with a
# 16-token prompt over a 16-token KV cache (seeded random inputs).
echo "=== examples/llama_layer.mlir on the CPU"
"$BUILD_DIR/bin/relax-run" examples/llama_layer.mlir \
  --size b=1 --size s=16 --size p=16 --reps 3
