# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Differential testing of the GPU pipeline: random graph functions
# (test/lib/difftest, as in test/e2e/differential.py) compiled with
# --relax-lower-to-gpu=target=vulkan and run by relax-run --device vulkan on
# Mesa's lavapipe, a graph and a size at a time, against the numpy
# interpreter. A smaller batch than the CPU's, since each graph is its own
# compilation; scripts/difftest.sh --configs vulkan runs longer searches.
# Without convolutions, so that seed 1 gives the graphs this test was made
# with: the stream with them reaches two open limitations of the GPU
# pipeline, found by this generator (a reshape of a match_cast argument
# returned as a view fails in the LLVM translation with an unrealized cast;
# relax.full of a scalar argument reads device memory on the host).
# Convolutions alone run on Vulkan (test/e2e/vulkan/ops.test runs the
# conv1d and conv2d cases of the op tests there).
#
# CHECK-NOT: finding:
# CHECK: differential: 24 graphs, 1 configurations, 0 mismatches, 0 failures

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, "lib"))
from difftest import cli  # noqa: E402

relax_opt, mlir_runner, mlir_lib_dir, out = sys.argv[1:5]
sys.exit(cli.main([
    "--relax-opt", relax_opt, "--mlir-runner", mlir_runner,
    "--mlir-lib-dir", mlir_lib_dir, "--out", out, "--quiet",
    "--count", "24", "--seed", "1", "--configs", "vulkan", "--jobs", "2",
    "--no-conv"]))
