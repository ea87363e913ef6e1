#!/usr/bin/env bash
# Regenerates the reference docs from the ODS definitions into docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
scripts/build.sh relax-doc
for dir in Dialects Passes; do
  mkdir -p "docs/$dir"
  cp "$BUILD_DIR/docs/$dir/"*.md "docs/$dir/"
done
