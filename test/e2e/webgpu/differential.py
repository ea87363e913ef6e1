# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir %t | FileCheck %s
# REQUIRES: webgpu, numpy
#
# Differential testing of the webgpu target: random graph functions
# (test/lib/difftest, as in test/e2e/differential.py) compiled with
# --relax-lower-to-gpu=target=webgpu (kernels in WGSL) and run by relax-run
# --device webgpu on wgpu-native over Mesa's lavapipe, a graph and a size at
# a time, against the numpy interpreter. scripts/difftest.sh --configs
# webgpu runs longer searches.
#
# CHECK-NOT: finding:
# CHECK: differential: 48 graphs, 1 configurations, 0 mismatches, 0 failures

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, "lib"))
from difftest import cli  # noqa: E402

relax_opt, mlir_runner, mlir_lib_dir, out = sys.argv[1:5]
sys.exit(cli.main([
    "--relax-opt", relax_opt, "--mlir-runner", mlir_runner,
    "--mlir-lib-dir", mlir_lib_dir, "--out", out, "--quiet",
    "--count", "48", "--seed", "1", "--configs", "webgpu", "--jobs", "2"]))
