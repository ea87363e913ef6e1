#!/usr/bin/env bash
# Builds Relax-MLIR with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-san and runs the whole test suite with it.
set -uo pipefail
cd "$(dirname "$0")/.."

export BUILD_DIR=build-san
export BUILD_TYPE=RelWithDebInfo
export CMAKE_ARGS="-DRELAX_ENABLE_SANITIZERS=ON"
# test/lit.cfg.py sets ASAN_OPTIONS and UBSAN_OPTIONS for the tests.
exec scripts/test.sh
