#!/usr/bin/env bash
# Main job: installs what is missing, builds relax-opt, and runs it on the
# shipped examples: each is parsed, verified, its shapes are inferred
# (--relax-infer-shapes), and it is printed back.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh relax-opt

BUILD_DIR=${BUILD_DIR:-build}
for example in examples/*.mlir; do
  echo "=== $example"
  "$BUILD_DIR/bin/relax-opt" --relax-infer-shapes --verify-roundtrip "$example"
done
