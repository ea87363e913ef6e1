#!/usr/bin/env bash
# Builds Relax-MLIR with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-san and runs the whole test suite with it. Every sanitizer report
# (LeakSanitizer's included) is written under build-san/sanitizer-reports and
# counted at the end: a test that expects a failure passes whatever aborted,
# and UBSan reports without failing.
set -uo pipefail
cd "$(dirname "$0")/.."

export BUILD_DIR=build-san
export BUILD_TYPE=RelWithDebInfo
export CMAKE_ARGS="-DRELAX_ENABLE_SANITIZERS=ON"
# test/lit.cfg.py sets ASAN_OPTIONS and UBSAN_OPTIONS for the tests.
export RELAX_SANITIZER_LOG_DIR=$PWD/$BUILD_DIR/sanitizer-reports
rm -rf "$RELAX_SANITIZER_LOG_DIR"
scripts/test.sh
status=$?
# A report says ERROR (ASan, LSan) or runtime error (UBSan); the warning of
# an allocation too large for the machine, which the out-of-memory tests
# provoke, is not one.
reports=$(grep -l -E "ERROR: |runtime error:" -r "$RELAX_SANITIZER_LOG_DIR" \
  2>/dev/null | wc -l)
echo "sanitizer reports: $reports (in $RELAX_SANITIZER_LOG_DIR)"
[ "$reports" -eq 0 ] || status=1
exit $status
