# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# Booleans in memory are a byte per element, on the CPU pipeline's vector
# code too: a comparison returned as an i1 tensor (16 lanes, and a tail that
# needs a mask), a boolean input read by a where, and a fused kernel that
# keeps a comparison in a temporary before a matmul, each at two sizes
# against numpy, with and without fusion. Also keepdims reductions (sum,
# variance, argmax, mean) over a middle axis whose innermost dim needs a mask.
#
# CHECK-NOT: MISMATCH
# CHECK-COUNT-28: ok
# CHECK-NOT: MISMATCH

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(5)


def t(dims, dtype="f32"):
    return f"!relax.tensor<[{', '.join(dims)}], {dtype}>"


MODEL = f"""
relax.func @less(%a: {t(['n', '37'])}, %b: {t(['n', '37'])}) -> {t(['n', '37'], 'i1')} {{
  %c = relax.less %a, %b : ({t(['n', '37'])}, {t(['n', '37'])}) -> {t(['n', '37'], 'i1')}
  relax.return %c : {t(['n', '37'], 'i1')}
}}
relax.func @select(%c: {t(['n', '16'], 'i1')}, %a: {t(['n', '16'])}, %b: {t(['16'])}) -> {t(['n', '16'])} {{
  %r = relax.where %c, %a, %b : ({t(['n', '16'], 'i1')}, {t(['n', '16'])}, {t(['16'])}) -> {t(['n', '16'])}
  relax.return %r : {t(['n', '16'])}
}}
relax.func @masked_matmul(%a: {t(['k'])}, %b: {t(['k'])}, %s: {t([])}, %p: {t(['8', '1'])}, %v: {t(['8'])}) -> !relax.tensor<*, f32> {{
  %c = relax.less %a, %b : ({t(['k'])}, {t(['k'])}) -> {t(['k'], 'i1')}
  %w = relax.where %c, %s, %p : ({t(['k'], 'i1')}, {t([])}, {t(['8', '1'])}) -> {t(['8', 'k'])}
  %m = relax.matmul %w, %v {{transpose_a = true}} : ({t(['8', 'k'])}, {t(['8'])}) -> !relax.tensor<*, f32>
  relax.return %m : !relax.tensor<*, f32>
}}
relax.func @sum_keepdims(%x: {t(['m', '4', 'n'])}) -> !relax.tensor<*, f32> {{
  %s = relax.sum %x {{axes = array<i64: 1>, keepdims = true}} : ({t(['m', '4', 'n'])}) -> !relax.tensor<*, f32>
  relax.return %s : !relax.tensor<*, f32>
}}
relax.func @variance_keepdims(%x: {t(['m', '5', 'n'])}) -> !relax.tensor<*, f32> {{
  %s = relax.variance %x {{axes = array<i64: 1>, keepdims = true}} : ({t(['m', '5', 'n'])}) -> !relax.tensor<*, f32>
  relax.return %s : !relax.tensor<*, f32>
}}
relax.func @argmax_keepdims(%x: {t(['m', '4', 'n'])}) -> !relax.tensor<*, i64> {{
  %r = relax.argmax %x {{axis = 1, keepdims = true}} : ({t(['m', '4', 'n'])}) -> !relax.tensor<*, i64>
  relax.return %r : !relax.tensor<*, i64>
}}
relax.func @mean_keepdims(%x: {t(['m', '5', 'n'])}) -> !relax.tensor<*, f32> {{
  %s = relax.mean %x {{axes = array<i64: 0, 1>, keepdims = true}} : ({t(['m', '5', 'n'])}) -> !relax.tensor<*, f32>
  relax.return %s : !relax.tensor<*, f32>
}}
"""
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write(MODEL)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


CASES = [
    ("less", lambda n: [f32(n, 37), f32(n, 37)], lambda a, b: a < b),
    ("select", lambda n: [rng.random((n, 16)) < 0.5, f32(n, 16), f32(16)],
     np.where),
    ("masked_matmul",
     lambda n: [f32(7 * n), f32(7 * n), np.float32(2.0), f32(8, 1), f32(8)],
     lambda a, b, s, p, v: np.where(a < b, s, p).T @ v),
    ("sum_keepdims", lambda n: [f32(n + 1, 4, 17 * n)],
     lambda x: x.sum(1, keepdims=True)),
    ("variance_keepdims", lambda n: [f32(n + 1, 5, 17 * n)],
     lambda x: x.var(1, keepdims=True)),
    ("argmax_keepdims", lambda n: [f32(n + 1, 4, 17 * n)],
     lambda x: x.argmax(1)[:, None, :]),
    ("mean_keepdims", lambda n: [f32(n + 2, 5, 9 * n + 1)],
     lambda x: x.mean((0, 1), keepdims=True)),
]

for name, make, reference in CASES:
    for n in (1, 3):
        inputs = make(n)
        args = []
        for i, array in enumerate(inputs):
            path = os.path.join(work, f"{name}{n}_{i}.npy")
            np.save(path, np.asarray(array))
            args += ["--input", path]
        expected = np.asarray(reference(*inputs))
        for fuse in ("1", "0"):
            out = os.path.join(work, f"out_{name}{n}_fuse{fuse}.npy")
            result = subprocess.run(
                ["relax-run", model, "--entry", name, f"--pipeline-options=fuse={fuse}",
                 "--output", out] + args, capture_output=True, text=True)
            if result.returncode:
                print(f"{name} n={n} fuse={fuse}: MISMATCH {result.stderr}")
                continue
            got = np.load(out)
            ok = got.shape == expected.shape and np.allclose(
                got, expected, rtol=1e-5, atol=1e-5)
            print(f"{name} n={n} fuse={fuse}:", "ok" if ok else
                  f"MISMATCH\n{got}\n{expected}")
