# RUN: %python %s | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Kernels on Vulkan (lavapipe) against numpy, where a value moves between
# the loops of one kernel: a fill of a scalar that a reduction in the same
# (fused) kernel computes, which must be read inside the launch, not by the
# host; and a keepdims reduction, which writes a collapsed view of its
# destination whose sizes the launch takes as scalars. Also a scalar
# argument that a fill broadcasts into a reduction or a scheduled matmul
# (read in each launch, not by the host), a keepdims row reduction whose
# folded view reads the destination's sizes in the launch, and a reshape of
# a match_cast argument returned as a view (a copy between layouts; also
# into a shape ending in 1, whose flat copy once kept a dynamic stride that
# the copy's lowering refused). And
# reductions whose neutral element is not zero (a product, the maximum of
# negative values, the minimum of positive ones) over rows shorter than a
# block, whose idle threads must contribute that element.
#
# CHECK-NOT: MISMATCH
# CHECK: == full of a dot product
# CHECK: == keepdims max over the leading axis
# CHECK: == keepdims mean over a middle axis
# CHECK: == sum of a full of a scalar argument
# CHECK: == matmul by a full of a scalar argument
# CHECK: == keepdims variance of a match_cast argument
# CHECK: == reshape of a match_cast argument
# CHECK: == reshape of a match_cast argument into a trailing 1
# CHECK: == product along rows
# CHECK: == maximum of negative values
# CHECK: == minimum of positive values along rows
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

FULL_SUM = f"""
relax.func @main(%s: {t([])}, %x: {t(['n'])}) -> {t(['1'])} {{
  %f = relax.full %s {{shape = #sym.shape<[n]>}} : ({t([])}) -> {t(['n'])}
  %r = relax.sum %f {{axes = array<i64: -1>, keepdims = true}} : ({t(['n'])}) -> {t(['1'])}
  relax.return %r : {t(['1'])}
}}
"""

FULL_MATMUL = f"""
relax.func @main(%s: {t([])}, %b: {t(['1', '17', 'm'])}) -> {t(['1', '32', '17'])} {{
  %f = relax.full %s {{shape = #sym.shape<[1, 32, m]>}} : ({t([])}) -> {t(['1', '32', 'm'])}
  %r = relax.matmul %f, %b {{transpose_b = true}} : ({t(['1', '32', 'm'])}, {t(['1', '17', 'm'])}) -> {t(['1', '32', '17'])}
  relax.return %r : {t(['1', '32', '17'])}
}}
"""

CAST_VARIANCE = f"""
relax.func @main(%x: {t(['n', 'n'])}) -> !relax.tensor<[?, 1], f32> {{
  %c = relax.match_cast %x : {t(['n', 'n'])} -> {t(['q0', 'q1'])}
  %v = relax.variance %c {{axes = array<i64: -1>, keepdims = true}} : ({t(['q0', 'q1'])}) -> {t(['q0', '1'])}
  relax.return %v : {t(['q0', '1'])}
}}
"""

CAST_RESHAPE = f"""
relax.func @main(%x: {t(['6'])}) -> !relax.tensor<[1, ?], f32> {{
  %c = relax.match_cast %x : {t(['6'])} -> {t(['q0'])}
  %r = relax.reshape %c {{shape = #sym.shape<[1, q0]>}} : ({t(['q0'])}) -> {t(['1', 'q0'])}
  relax.return %r : {t(['1', 'q0'])}
}}
"""

PROD_ROWS = f"""
relax.func @main(%x: {t(['m', 'k'])}) -> {t(['m', '1'])} {{
  %r = relax.prod %x {{axes = array<i64: 1>, keepdims = true}} : ({t(['m', 'k'])}) -> {t(['m', '1'])}
  relax.return %r : {t(['m', '1'])}
}}
"""

MAX_ALL = f"""
relax.func @main(%x: {t(['n'])}) -> {t([])} {{
  %r = relax.max %x {{axes = array<i64: -1>}} : ({t(['n'])}) -> {t([])}
  relax.return %r : {t([])}
}}
"""

MIN_ROWS = f"""
relax.func @main(%x: {t(['m', 'k'])}) -> {t(['m'])} {{
  %r = relax.min %x {{axes = array<i64: 1>}} : ({t(['m', 'k'])}) -> {t(['m'])}
  relax.return %r : {t(['m'])}
}}
"""

# The view's layout has a dynamic stride before the trailing 1: its flat
# copy must be one block of stride 1.
CAST_RESHAPE_ONE = f"""
relax.func @main(%x: {t(['m', '7', 'n'])}) -> !relax.tensor<[?, n, ?, 1], f32> {{
  %v = relax.match_cast %x : {t(['m', '7', 'n'])} -> {t(['q1', 'q0', 'n'])}
  %r = relax.reshape %v {{shape = #sym.shape<[q0, n, q1, 1]>}} : ({t(['q1', 'q0', 'n'])}) -> {t(['q0', 'n', 'q1', '1'])}
  relax.return %r : {t(['q0', 'n', 'q1', '1'])}
}}
"""

CASES = [
    ("full of a dot product", FULL, lambda n: [f32(17 * n)],
     lambda a: np.full((4, a.shape[0]), a @ a)),
    ("keepdims max over the leading axis", KEEPDIMS_MAX,
     lambda n: [f32(1, 9 * n, 9 * n)], lambda x: x.max(0, keepdims=True)),
    ("keepdims mean over a middle axis", KEEPDIMS_MEAN,
     lambda n: [f32(n + 1, 4, 17 * n)], lambda x: x.mean(1, keepdims=True)),
    ("sum of a full of a scalar argument", FULL_SUM,
     lambda n: [f32(), f32(5 * n)],
     lambda s, x: np.full((1,), s * x.shape[0], np.float32)),
    ("matmul by a full of a scalar argument", FULL_MATMUL,
     lambda n: [f32(), f32(1, 17, 3 * n)],
     lambda s, b: np.full((1, 32, b.shape[2]), s) @ b.transpose(0, 2, 1)),
    ("keepdims variance of a match_cast argument", CAST_VARIANCE,
     lambda n: [f32(7 * n, 7 * n)], lambda x: x.var(-1, keepdims=True)),
    ("reshape of a match_cast argument", CAST_RESHAPE,
     lambda n: [f32(6)], lambda x: x.reshape(1, 6)),
    ("reshape of a match_cast argument into a trailing 1", CAST_RESHAPE_ONE,
     lambda n: [f32(3 * n, 7, 2 * n)],
     lambda x: x.reshape(7, x.shape[2], x.shape[0], 1)),
    ("product along rows", PROD_ROWS,
     lambda n: [1 + 0.1 * f32(3 * n, 5 * n)],
     lambda x: x.prod(1, keepdims=True)),
    ("maximum of negative values", MAX_ALL,
     lambda n: [-1 - np.abs(f32(7 * n))], lambda x: x.max()),
    ("minimum of positive values along rows", MIN_ROWS,
     lambda n: [1 + np.abs(f32(2 * n, 9 * n))], lambda x: x.min(1)),
]

sys.exit(e2e.run_cases(CASES, ["", "relax-opt", "", "", "--device", "vulkan"],
                       sizes=(1, 3), tolerance=1e-4))
