# RUN: %python %s | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Kernels on Vulkan (lavapipe) against numpy, where a value moves between
# the loops of one kernel: a fill of a scalar that a reduction in the same
# (fused) kernel computes, which must be read inside the launch, not by the
# host; and a keepdims reduction, which writes a collapsed view of its
# destination whose sizes the launch takes as scalars.
#
# CHECK-NOT: MISMATCH
# CHECK: == full of a dot product
# CHECK: == keepdims max over the leading axis
# CHECK: == keepdims mean over a middle axis
# CHECK: all ops ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import e2e  # noqa: E402

f32 = e2e.f32_maker(13)
t = e2e.tensor_type




FULL = f"""
relax.func @main(%a: {t(['k'])}) -> !relax.tensor<*, f32> {{
  %d = relax.matmul %a, %a : ({t(['k'])}, {t(['k'])}) -> {t([])}
  %r = relax.full %d {{shape = #sym.shape<[4, k]>}} : ({t([])}) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}}
"""

KEEPDIMS_MAX = f"""
relax.func @main(%x: {t(['1', 'n', 'n'])}) -> !relax.tensor<*, f32> {{
  %r = relax.max %x {{axes = array<i64: 0>, keepdims = true}} : ({t(['1', 'n', 'n'])}) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}}
"""

KEEPDIMS_MEAN = f"""
relax.func @main(%x: {t(['m', '4', 'n'])}) -> !relax.tensor<*, f32> {{
  %r = relax.mean %x {{axes = array<i64: 1>, keepdims = true}} : ({t(['m', '4', 'n'])}) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}}
"""

CASES = [
    ("full of a dot product", FULL, lambda n: [f32(17 * n)],
     lambda a: np.full((4, a.shape[0]), a @ a)),
    ("keepdims max over the leading axis", KEEPDIMS_MAX,
     lambda n: [f32(1, 9 * n, 9 * n)], lambda x: x.max(0, keepdims=True)),
    ("keepdims mean over a middle axis", KEEPDIMS_MEAN,
     lambda n: [f32(n + 1, 4, 17 * n)], lambda x: x.mean(1, keepdims=True)),
]

sys.exit(e2e.run_cases(CASES, ["", "relax-opt", "", "", "--device", "vulkan"],
                       sizes=(1, 3), tolerance=1e-4))
