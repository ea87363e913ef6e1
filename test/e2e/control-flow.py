# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# Host-function features around the kernels: a callee that returns a tuple,
# fields picked with tuple_get, and a relax.if on a rank-0 comparison whose
# branches compute different things, with a symbolic batch `n`, compiled once
# and run at n = 3 and 8 with the condition true and false, against numpy.
#
# CHECK: shape [3, 4]: {{.*}}: ok
# CHECK: shape [3, 4]: {{.*}}: ok
# CHECK: shape [8, 4]: {{.*}}: ok
# CHECK: shape [8, 4]: {{.*}}: ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

MODEL = """
relax.func private @stats(%x: !relax.tensor<[n, 4], f32>)
    -> tuple<!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>> {
  %e = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  %s = relax.sum %x {axes = array<i64: 0>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[4], f32>
  %t = relax.tuple(%e, %s : !relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>)
  relax.return %t : tuple<!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>>
}

relax.func @main(%x: !relax.tensor<[n, 4], f32>, %zero: !relax.tensor<[], f32>)
    -> !relax.tensor<[n, 4], f32> {
  %t = relax.call @stats(%x) : (!relax.tensor<[n, 4], f32>) -> tuple<!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>>
  %e = relax.tuple_get %t[0] : tuple<!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>>
  %s = relax.tuple_get %t[1] : tuple<!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>>
  %total = relax.sum %s : (!relax.tensor<[4], f32>) -> !relax.tensor<[], f32>
  %c = relax.greater %total, %zero : (!relax.tensor<[], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[], i1>
  %r = relax.if %c : !relax.tensor<[], i1> -> !relax.tensor<[n, 4], f32> {
    %a = relax.add %e, %s : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.yield %a : !relax.tensor<[n, 4], f32>
  } else {
    %m = relax.multiply %e, %s : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.yield %m : !relax.tensor<[n, 4], f32>
  }
  relax.return %r : !relax.tensor<[n, 4], f32>
}
"""


def reference(x, zero):
    e, s = np.exp(x), x.sum(axis=0)
    return e + s if s.sum() > zero else e * s


rng = np.random.default_rng(0)
inputs = []
for n in (3, 8):
    x = rng.standard_normal((n, 4)).astype(np.float32)
    # Once with a positive total (then branch), once negative (else branch).
    for sign in (1, -1):
        shifted = x - x.mean() + sign * 0.5
        inputs.append((shifted.astype(np.float32), np.zeros((), np.float32)))
# Outputs reach 50, and the runner prints 6 significant digits.
sys.exit(e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                 sys.argv[3], tolerance=1e-4))
