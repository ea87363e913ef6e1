#!/usr/bin/env bash
# Builds Relax-MLIR with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-san and runs the whole test suite with it.
set -uo pipefail
cd "$(dirname "$0")/.."

export BUILD_DIR=build-san
export BUILD_TYPE=RelWithDebInfo
export CMAKE_ARGS="-DRELAX_ENABLE_SANITIZERS=ON"
# An allocation too large for the machine returns null, as without the
# sanitizer, so that the compiled code's out-of-memory checks are what the
# tests see (ASan aborts on one by default).
export ASAN_OPTIONS="allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
exec scripts/test.sh
