# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# Inputs that break the symbolic signature stop the program with a message
# naming the argument and the expected dim.
#
# CHECK: @main argument #1: dim 0 must be n

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

MODEL = """
relax.func @main(%x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> {
  %r = relax.add %x, %y : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
"""

x = np.ones((3, 4), np.float32)
y = np.ones((5, 4), np.float32)
sys.exit(e2e.run(MODEL, [(x, y)], None, sys.argv[1], sys.argv[2], sys.argv[3],
                 tolerance=0, expect_failure=True))
