#!/usr/bin/env bash
# Differential testing of the CPU pipeline: random graph functions compiled
# with --relax-lower-to-cpu in several configurations (default, fuse=0,
# plan-memory=0) and compared with numpy at random sizes. Each finding is
# reduced and written to $OUT/<graph>-<config>/ (repro.mlir, inputs and
# expected outputs as .npy, README.txt with the relax-run command).
#   scripts/difftest.sh --count 2000 --seed 7 --out difftest-out
#   scripts/difftest.sh --count 500 --seed 1 --configs default,fuse=0 --jobs 2
# Other options: python3 -m difftest --help (with test/lib on PYTHONPATH).
# Uses the tools in $BUILD_DIR (default: build), which must be built.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${BUILD_DIR:-build}
LLVM=/usr/lib/llvm-22
if [ ! -x "$BUILD_DIR/bin/relax-opt" ]; then
  echo "difftest.sh: $BUILD_DIR/bin/relax-opt is missing; run scripts/build.sh" >&2
  exit 1
fi
PYTHONPATH=test/lib${PYTHONPATH:+:$PYTHONPATH} exec python3 -m difftest \
  --relax-opt "$BUILD_DIR/bin/relax-opt" --mlir-runner "$LLVM/bin/mlir-runner" \
  --mlir-lib-dir "$LLVM/lib" "$@"
