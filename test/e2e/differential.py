# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir %t | FileCheck %s
# REQUIRES: numpy
#
# Differential testing of the CPU pipeline on a fixed batch: 200 random graph
# functions (test/lib/difftest: elementwise and broadcasting ops, matmuls,
# reductions, softmax, norms and group norms, attention with masks, rotary
# embeddings, convolutions and pools, take by i64 and i32 indices in every
# index mode, split, reshapes, slices, concat, where, f16 inputs, casts to
# integers, relax.if, match_cast, over symbolic and static dims) are
# compiled with
# --relax-lower-to-cpu by default and, in turn, with fuse=0 or with
# plan-memory=0 (two compilations per graph keep the test near a minute on
# two cores), run at two sizes each, and compared with a numpy interpreter of
# the same graphs.
# A finding is reduced and written to the test's Output directory
# (differential.py.tmp/, a directory per finding with repro.mlir and README.txt).
#
# CHECK-NOT: finding:
# CHECK: differential: 200 graphs, 3 configurations, 0 mismatches, 0 failures

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "lib"))
from difftest import cli  # noqa: E402

relax_opt, mlir_runner, mlir_lib_dir, out = sys.argv[1:5]
sys.exit(cli.main([
    "--relax-opt", relax_opt, "--mlir-runner", mlir_runner,
    "--mlir-lib-dir", mlir_lib_dir, "--out", out, "--quiet",
    "--count", "200", "--seed", "1", "--rotate", "--jobs", "2"]))
