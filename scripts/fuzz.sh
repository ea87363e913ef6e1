#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with AddressSanitizer and UBSan into
# $BUILD_DIR (default: build-fuzz) and runs each for the given number of
# seconds (default 60) from a seed corpus taken from the tests, printing
# executions per second, coverage and findings per target.
#   scripts/fuzz.sh 300                 # every target, 5 minutes each
#   scripts/fuzz.sh 60 sym-expr npy     # some targets
#   FUZZ_RUNS=1000000 scripts/fuzz.sh 7200 pipeline  # stop at 10^6 inputs
# Inputs that crash are written to $BUILD_DIR/findings/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(sym-expr pipeline gpu-pipeline npy sizes weights)
BUILD_DIR=${BUILD_DIR:-build-fuzz}
LLVM=/usr/lib/llvm-22

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=$LLVM/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=$LLVM/bin/lit \
    -DMLIR_LINK_MLIR_DYLIB=ON \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DRELAX_ENABLE_SANITIZERS=ON -DRELAX_BUILD_FUZZERS=ON >/dev/null
fi
ninja -C "$BUILD_DIR" "${TARGETS[@]/#/relax-fuzz-}"

# libMLIR.so is not instrumented: see test/lit.cfg.py.
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
export UBSAN_OPTIONS=print_stacktrace=1

python3 fuzz/make-seeds.py "$BUILD_DIR/seeds"
status=0
for target in "${TARGETS[@]}"; do
  corpus=$BUILD_DIR/corpus/$target
  findings=$BUILD_DIR/findings/$target
  log=$BUILD_DIR/fuzz-$target.log
  mkdir -p "$corpus" "$findings"
  "$BUILD_DIR/bin/relax-fuzz-$target" "$corpus" "$BUILD_DIR/seeds/$target" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=60 -rss_limit_mb=4096 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$findings/" \
    ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
    >"$log" 2>&1 || status=1
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  crashes=$(find "$findings" -type f \( -name 'crash-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  printf '%-10s %10s execs %8s execs/s  %-22s findings: %s\n' \
    "$target" "${execs:-?}" "${rate:-?}" "${cov:-cov: ?}" "$crashes"
done
exit $status
