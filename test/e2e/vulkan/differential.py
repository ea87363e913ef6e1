# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Differential testing of the GPU pipeline: random graph functions
# (test/lib/difftest, as in test/e2e/differential.py) compiled with
# --relax-lower-to-gpu=target=vulkan and run by relax-run --device vulkan on
# Mesa's lavapipe, a graph and a size at a time, against the numpy
# interpreter. A smaller batch than the CPU's, since each graph is its own
# compilation; scripts/difftest.sh --configs vulkan runs longer searches.
# With convolutions: seed 1's first graphs reached three bugs of the GPU
# pipeline, now fixed (a reshape of a match_cast argument returned as a
# view; a fill of a scalar argument read by a reduction and by a scheduled
# matmul; a keepdims reduction writing through a collapsed view), so this
# batch covers them.
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
    "--count", "48", "--seed", "1", "--configs", "vulkan", "--jobs", "2"]))
