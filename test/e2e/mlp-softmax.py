# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# A broadcast add, exp, matmul and softmax with a symbolic batch `n`,
# compiled once and run at n = 1, 3 and 7 against numpy.
#
# CHECK: shape [1, 3]: {{.*}}: ok
# CHECK: shape [3, 3]: {{.*}}: ok
# CHECK: shape [7, 3]: {{.*}}: ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

MODEL = """
relax.func @main(%x: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[4], f32>,
                 %w: !relax.tensor<[4, 3], f32>) -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %a = relax.add %x, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
    %e = relax.exp %a : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %m = relax.matmul %e, %w : (!relax.tensor<*, f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<*, f32>
    %s = relax.softmax %m : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %s : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
"""


def reference(x, b, w):
    m = np.exp(x + b) @ w
    e = np.exp(m - m.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


rng = np.random.default_rng(0)
b = rng.standard_normal(4).astype(np.float32)
w = rng.standard_normal((4, 3)).astype(np.float32)
inputs = [(rng.standard_normal((n, 4)).astype(np.float32), b, w)
          for n in (1, 3, 7)]
sys.exit(e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                 sys.argv[3], tolerance=1e-5))
