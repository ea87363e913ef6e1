# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# The register tiles of the CPU schedule against numpy: row-major and
# transposed right operands, reduction lengths that are and are not a
# multiple of the vector width, symbolic rows (a single row, a partial row
# tile, several full tiles) and columns, a batch, fused epilogues, and long
# row reductions whose partial results stay in vectors across their loop.
#
# CHECK-NOT: MISMATCH
# CHECK: all ops ok

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

rng = np.random.default_rng(5)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def t(dims):
    return "!relax.tensor<[" + ", ".join(dims) + "], f32>"


def model(params, body, result):
    args = ", ".join(f"%{name}: {t(dims)}" for name, dims in params)
    return (f"relax.func @main({args}) -> !relax.tensor<*, f32> {{\n"
            + "".join(f"  {line}\n" for line in body)
            + f"  relax.return {result} : !relax.tensor<*, f32>\n}}\n")


def matmul(name, a, b, transpose_b=False):
    attr = " {transpose_b = true}" if transpose_b else ""
    return (f"%{name} = relax.matmul %a, %b{attr} : ({t(a)}, {t(b)}) "
            f"-> !relax.tensor<*, f32>")


def gelu(x):
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / np.sqrt(2)))


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


CASES = []
# Transposed right operands (dot-product tiles): k of 40 ends in a partial
# vector; 22 columns end in a partial column tile.
for k, cols in ((16, 8), (40, 24), (64, 22)):
    CASES.append((f"matmul_t_k{k}_n{cols}",
                  model([("a", ["n", str(k)]), ("b", [str(cols), str(k)])],
                        [matmul("r", ["n", str(k)], [str(cols), str(k)], True)], "%r"),
                  lambda n, k=k, cols=cols: [f32(n, k), f32(cols, k)],
                  lambda a, b: a @ b.T))
# Symbolic columns, as in attention scores.
CASES.append(("matmul_t_symbolic_cols",
              model([("a", ["n", "48"]), ("b", ["m", "48"])],
                    [matmul("r", ["n", "48"], ["m", "48"], True)], "%r"),
              lambda n: [f32(n, 48), f32(n + 3, 48)], lambda a, b: a @ b.T))
CASES.append(("matmul_t_batched",
              model([("a", ["2", "3", "n", "32"]), ("b", ["2", "3", "m", "32"])],
                    [matmul("r", ["2", "3", "n", "32"], ["2", "3", "m", "32"], True)],
                    "%r"),
              lambda n: [f32(2, 3, n, 32), f32(2, 3, n + 2, 32)],
              lambda a, b: a @ np.swapaxes(b, -1, -2)))
# Row-major right operands (rank-1 update tiles).
CASES.append(("matmul_rows",
              model([("a", ["n", "24"]), ("b", ["24", "40"])],
                    [matmul("r", ["n", "24"], ["24", "40"])], "%r"),
              lambda n: [f32(n, 24), f32(24, 40)], lambda a, b: a @ b))
# Fused epilogues: bias and an activation on the register tile.
for transpose in (False, True):
    b_dims = ["40", "36"] if transpose else ["36", "40"]
    CASES.append((f"matmul{'_t' if transpose else ''}_bias_gelu",
                  model([("a", ["n", "36"]), ("b", b_dims), ("c", ["40"])],
                        [matmul("m", ["n", "36"], b_dims, transpose),
                         "%s = relax.add %m, %c : (!relax.tensor<*, f32>, "
                         f"{t(['40'])}) -> !relax.tensor<*, f32>",
                         "%r = relax.gelu %s : (!relax.tensor<*, f32>) "
                         "-> !relax.tensor<*, f32>"], "%r"),
                  lambda n, transpose=transpose: [
                      f32(n, 36), f32(40, 36) if transpose else f32(36, 40), f32(40)],
                  lambda a, b, c, transpose=transpose:
                      gelu((a @ (b.T if transpose else b)) + c)))
# Long rows: sums, maxima and softmax keep their partial results in vectors.
CASES.append(("sum_rows",
              model([("a", ["n", "m"])],
                    ["%r = relax.sum %a {axes = array<i64: 1>} : "
                     f"({t(['n', 'm'])}) -> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(n, 9 * n + 5)], lambda a: a.sum(1)))
CASES.append(("max_rows",
              model([("a", ["n", "m"])],
                    ["%r = relax.max %a {axes = array<i64: 1>} : "
                     f"({t(['n', 'm'])}) -> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(n, 9 * n + 5) - 10], lambda a: a.max(1)))
CASES.append(("softmax_rows",
              model([("a", ["n", "m"])],
                    ["%r = relax.softmax %a : "
                     f"({t(['n', 'm'])}) -> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(n, 9 * n + 5)], softmax))

sys.exit(e2e.run_cases(CASES, sys.argv, sizes=(1, 4, 9, 37)))
