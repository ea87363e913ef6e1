# RUN: %python %s | FileCheck %s
# REQUIRES: vulkan, numpy
#
# The generic GPU schedule on shapes that its grid must cover, run by
# relax-run --device vulkan on Mesa's lavapipe against numpy: a leading dim
# larger than a grid dim holds (65535), more elements than 65535 blocks of
# 128 threads (each thread then strides over the grid), and small or odd
# innermost dims, which collapse with the others so that no thread idles.
#
# CHECK-NOT: MISMATCH
# CHECK: == exp, 70000 rows of 2 x 4
# CHECK: == add, more elements than one grid pass
# CHECK: == permute_dims, 3 columns
# CHECK: all ops ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import e2e  # noqa: E402

f32 = e2e.f32_maker(11)
t = e2e.tensor_type
model = e2e.op_model





# (name, op, parameter types, inputs for size n, reference); each runs at
# n = 1 and n = 2.
CASES = [
    ("exp, 70000 rows of 2 x 4", f"relax.exp %a : ({t(['r', '2', '4'])})",
     [t(["r", "2", "4"])], lambda n: [f32(70000 * n, 2, 4)], np.exp),
    ("add, more elements than one grid pass",
     f"relax.add %a, %b : ({t(['r', '7'])}, {t(['7'])})",
     [t(["r", "7"]), t(["7"])],
     lambda n: [f32(1400000 * n, 7), f32(7)], np.add),
    ("permute_dims, 3 columns",
     f"relax.permute_dims %a {{axes = array<i64: 1, 0>}} : ({t(['r', '3'])})",
     [t(["r", "3"])], lambda n: [f32(1000 * n + 1, 3)],
     lambda x: x.T),
]

sys.exit(e2e.run_cases(
    [(name, model(op_line, params), make, reference)
     for name, op_line, params, make, reference in CASES],
    ["", "relax-opt", "", "", "--device", "vulkan"], sizes=(1, 2),
    tolerance=1e-4))
