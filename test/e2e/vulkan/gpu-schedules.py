# RUN: %python %s | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Shapes that stress the GPU schedules of --relax-gpu-select-lowering-config,
# run
# by relax-run --device vulkan on Mesa's lavapipe against numpy: rows longer
# than a block (128 threads) and not a multiple of it, more rows than a grid
# dim holds (65535), reduction dims that are not a multiple of the matmul's
# chunk (16), outputs that are not a multiple of its tile (64), a batch, and
# decode steps (one row: a GEMV on [K, N] and on transposed [N, K] weights).
#
# CHECK-NOT: MISMATCH
# CHECK: == softmax
# CHECK: == matmul
# CHECK: == decode
# CHECK: all ops ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import e2e  # noqa: E402

f32 = e2e.f32_maker(7)
t = e2e.tensor_type
model = e2e.op_model




def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def rms_norm(x, w):
    return x / np.sqrt(np.mean(x * x, -1, keepdims=True) + 1e-5) * w


def layer_norm(x, g, b):
    m = x.mean(-1, keepdims=True)
    return (x - m) / np.sqrt(((x - m) ** 2).mean(-1, keepdims=True) + 1e-5) * g + b



# (name, op, parameter types, inputs for size n, reference); each runs at
# n = 1 and n = 3.
CASES = [
    ("softmax", f"relax.softmax %a : ({t(['r', 'c'])})", [t(["r", "c"])],
     lambda n: [f32(5 * n, 300 * n)], softmax),
    ("rms_norm", f"relax.rms_norm %a, %b : ({t(['r', 'c'])}, {t(['c'])})",
     [t(["r", "c"]), t(["c"])],
     lambda n: [f32(3 * n, 1000 * n + 1), f32(1000 * n + 1)], rms_norm),
    ("layer_norm",
     f"relax.layer_norm %a, %b, %c : ({t(['r', 'c'])}, {t(['c'])}, {t(['c'])})",
     [t(["r", "c"]), t(["c"]), t(["c"])],
     lambda n: [f32(4, 129 * n), f32(129 * n), f32(129 * n)], layer_norm),
    ("max over many rows",
     f"relax.max %a {{axes = array<i64: 1>}} : ({t(['r', 'c'])})",
     [t(["r", "c"])], lambda n: [f32(70000 * n, 40)], lambda x: x.max(1)),
    ("mean of a 3-d tensor",
     f"relax.mean %a {{axes = array<i64: 2>}} : ({t(['b', 'r', 'c'])})",
     [t(["b", "r", "c"])], lambda n: [f32(2, 3 * n, 200)],
     lambda x: x.mean(2)),
    ("matmul", f"relax.matmul %a, %b : ({t(['m', 'k'])}, {t(['k', 'n'])})",
     [t(["m", "k"]), t(["k", "n"])],
     lambda n: [f32(70 * n, 37 * n), f32(37 * n, 65 * n + 3)], np.matmul),
    ("batch matmul",
     f"relax.matmul %a, %b : ({t(['b', 'm', 'k'])}, {t(['b', 'k', 'n'])})",
     [t(["b", "m", "k"]), t(["b", "k", "n"])],
     lambda n: [f32(n + 1, 33, 17 * n), f32(n + 1, 17 * n, 100)], np.matmul),
    ("matmul with broadcast weights",
     f"relax.matmul %a, %b : ({t(['b', 'm', 'k'])}, {t(['k', 'n'])})",
     [t(["b", "m", "k"]), t(["k", "n"])],
     lambda n: [f32(2, 9 * n, 50), f32(50, 70)], np.matmul),
    ("decode", f"relax.matmul %a, %b : ({t(['1', 'k'])}, {t(['k', 'n'])})",
     [t(["1", "k"]), t(["k", "n"])],
     lambda n: [f32(1, 300 * n + 5), f32(300 * n + 5, 100 * n + 7)],
     np.matmul),
    ("decode with transposed weights",
     f"relax.matmul %a, %b {{transpose_b = true}} : "
     f"({t(['1', '1', 'k'])}, {t(['n', 'k'])})",
     [t(["1", "1", "k"]), t(["n", "k"])],
     lambda n: [f32(1, 1, 257 * n), f32(40 * n + 1, 257 * n)],
     lambda a, b: np.matmul(a, b.T)),
]

sys.exit(e2e.run_cases(
    [(name, model(op_line, params), make, reference)
     for name, op_line, params, make, reference in CASES],
    ["", "relax-opt", "", "", "--device", "vulkan"], sizes=(1, 3),
    tolerance=1e-3))
