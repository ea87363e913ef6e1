#!/usr/bin/env bash
# Configures (once) and builds Relax-MLIR into $BUILD_DIR (default: build).
# Extra arguments are passed to ninja as targets.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${BUILD_DIR:-build}
LLVM=/usr/lib/llvm-22

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} \
    -DMLIR_DIR=$LLVM/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=$LLVM/bin/lit \
    -DMLIR_LINK_MLIR_DYLIB=ON \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    ${CMAKE_ARGS:-} >/dev/null
fi
ninja -C "$BUILD_DIR" "$@"
