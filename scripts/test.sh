#!/usr/bin/env bash
# Installs what is missing, builds everything, runs the lit test suite, and
# ends with one line `N passed, N failed` computed from lit's results.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh || exit 1
scripts/build.sh || exit 1

BUILD_DIR=${BUILD_DIR:-build}
results="$BUILD_DIR/test/results.xml"
rm -f "$results"
# A test that hangs fails after 10 minutes instead of stopping the run.
/usr/lib/llvm-22/bin/lit -sv --timeout 600 --xunit-xml-output "$results" \
  "$BUILD_DIR/test"
status=$?
python3 scripts/lit-summary.py "$results" || exit 1
exit $status
