# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# The register tiles of the CPU schedule against numpy: row-major and
# transposed right operands, reduction lengths that are and are not a
# multiple of the vector width, symbolic rows (a single row, a partial row
# tile, several full tiles) and columns, a batch, fused epilogues, long
# row reductions whose partial results stay in vectors across their loop,
# and convolutions (windowed tiles: strided rows of the input against rows
# of output channels) with strides, padding, symbolic widths, channel counts
# that leave a partial tile, and a fused epilogue.
#
# CHECK-NOT: MISMATCH
# CHECK: all ops ok

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

f32 = e2e.f32_maker(5)
t = e2e.tensor_type


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
# Reductions longer than a dot tile's operand rows can keep in L1 (2048 and
# 1536 on both AVX2 and AVX-512 hosts): computed a block of the reduction at
# a time from 16 rows on (37 here), whole below; with a bias and an
# activation fused into the last block, and two products (SwiGLU's gate and
# up) read by one epilogue; and 32 static rows, blocked without a branch.
# Weights are scaled by 1 / sqrt(k), as models initialize them, so that the
# products are of order 1 and the absolute tolerance means what it does
# elsewhere.
CASES.append(("matmul_t_blocked_bias_gelu",
              model([("a", ["n", "2048"]), ("b", ["24", "2048"]), ("c", ["24"])],
                    [matmul("m", ["n", "2048"], ["24", "2048"], True),
                     "%s = relax.add %m, %c : (!relax.tensor<*, f32>, "
                     f"{t(['24'])}) -> !relax.tensor<*, f32>",
                     "%r = relax.gelu %s : (!relax.tensor<*, f32>) "
                     "-> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(n, 2048), f32(24, 2048) / 45, f32(24)],
              lambda a, b, c: gelu(a @ b.T + c)))
CASES.append(("matmul_t_blocked_swiglu",
              model([("a", ["n", "1536"]), ("g", ["20", "1536"]), ("u", ["20", "1536"])],
                    [f"%x = relax.matmul %a, %g {{transpose_b = true}} : ({t(['n', '1536'])}, "
                     f"{t(['20', '1536'])}) -> !relax.tensor<*, f32>",
                     f"%y = relax.matmul %a, %u {{transpose_b = true}} : ({t(['n', '1536'])}, "
                     f"{t(['20', '1536'])}) -> !relax.tensor<*, f32>",
                     "%z = relax.silu %x : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>",
                     "%r = relax.multiply %z, %y : (!relax.tensor<*, f32>, "
                     "!relax.tensor<*, f32>) -> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(n, 1536), f32(20, 1536) / 39, f32(20, 1536) / 39],
              lambda a, g, u: (a @ g.T) / (1 + np.exp(-(a @ g.T))) * (a @ u.T)))
CASES.append(("matmul_t_blocked_static_rows",
              model([("a", ["32", "2048"]), ("b", ["m", "2048"])],
                    [matmul("r", ["32", "2048"], ["m", "2048"], True)], "%r"),
              lambda n: [f32(32, 2048), f32(n + 3, 2048) / 45], lambda a, b: a @ b.T))
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



def conv1d(x, w, stride, pad):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad)))
    width = (x.shape[2] - w.shape[2]) // stride + 1
    return np.stack([np.einsum("bck,ock->bo", x[:, :, i * stride:i * stride + w.shape[2]], w)
                     for i in range(width)], axis=2)


def conv2d(x, w, stride, pad):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    kh, kw = w.shape[2:]
    h = (x.shape[2] - kh) // stride + 1
    v = (x.shape[3] - kw) // stride + 1
    out = np.zeros((x.shape[0], w.shape[0], h, v))
    for i in range(h):
        for j in range(v):
            window = x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
            out[:, :, i, j] = np.einsum("bcij,ocij->bo", window, w)
    return out


# Output channels 12 (a full tile of 8 and a partial one of 4), input
# channels 5, widths 4n + 3 (a partial vector of columns).
for stride, pad in ((1, 1), (2, 1), (3, 0)):
    CASES.append((f"conv1d_s{stride}_p{pad}",
                  model([("a", ["2", "5", "w"]), ("b", ["12", "5", "3"])],
                        [f"%r = relax.conv1d %a, %b {{strides = array<i64: {stride}>, "
                         f"padding = array<i64: {pad}>}} : ({t(['2', '5', 'w'])}, "
                         f"{t(['12', '5', '3'])}) -> !relax.tensor<*, f32>"], "%r"),
                  lambda n: [f32(2, 5, 4 * n + 3), f32(12, 5, 3)],
                  lambda x, w, stride=stride, pad=pad: conv1d(x, w, stride, pad)))
CASES.append(("conv1d_bias_gelu",
              model([("a", ["1", "8", "w"]), ("b", ["16", "8", "3"]), ("c", ["16", "1"])],
                    ["%m = relax.conv1d %a, %b {strides = array<i64: 2>, padding = array<i64: 1>} : "
                     f"({t(['1', '8', 'w'])}, {t(['16', '8', '3'])}) -> !relax.tensor<*, f32>",
                     "%s = relax.add %m, %c : (!relax.tensor<*, f32>, "
                     f"{t(['16', '1'])}) -> !relax.tensor<*, f32>",
                     "%r = relax.gelu %s : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>"],
                    "%r"),
              lambda n: [f32(1, 8, 4 * n + 3), f32(16, 8, 3), f32(16, 1)],
              lambda x, w, c: gelu(conv1d(x, w, 2, 1) + c)))
# Patches, as in a vision transformer's embedding: stride = kernel.
CASES.append(("conv2d_patches",
              model([("a", ["1", "3", "h", "h"]), ("b", ["10", "3", "4", "4"])],
                    ["%r = relax.conv2d %a, %b {strides = array<i64: 4, 4>} : "
                     f"({t(['1', '3', 'h', 'h'])}, {t(['10', '3', '4', '4'])}) "
                     "-> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(1, 3, 4 * n, 4 * n), f32(10, 3, 4, 4)],
              lambda x, w: conv2d(x, w, 4, 0)))
CASES.append(("conv2d_same",
              model([("a", ["2", "3", "h", "h"]), ("b", ["9", "3", "3", "3"])],
                    ["%r = relax.conv2d %a, %b {padding = array<i64: 1, 1>} : "
                     f"({t(['2', '3', 'h', 'h'])}, {t(['9', '3', '3', '3'])}) "
                     "-> !relax.tensor<*, f32>"], "%r"),
              lambda n: [f32(2, 3, n + 2, n + 2), f32(9, 3, 3, 3)],
              lambda x, w: conv2d(x, w, 1, 1)))

sys.exit(e2e.run_cases(CASES, sys.argv, sizes=(1, 4, 9, 37)))
