# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# The f32 ops of the library, each compiled once with symbolic dims and run
# at two sizes against numpy (ops-more.py has the others).
#
# CHECK-NOT: MISMATCH
# CHECK: all ops ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

rng = np.random.default_rng(2)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def pos(*shape):
    return (rng.random(shape) + 0.5).astype(np.float32)


def t(dims):
    return "!relax.tensor<[" + ", ".join(dims) + "], f32>"


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def erf(x):
    # Abramowitz and Stegun 7.1.26 is too coarse; use the series via math.
    import math
    return np.vectorize(math.erf)(x)


def gelu(x):
    return 0.5 * x * (1 + erf(x / np.sqrt(2)))


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def rms_norm(x, w):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + 1e-5) * w


def layer_norm(x, g, b):
    m = x.mean(-1, keepdims=True)
    return (x - m) / np.sqrt(((x - m) ** 2).mean(-1, keepdims=True) + 1e-5) * g + b


def conv1d(x, w, stride=2, pad=1):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad)))
    out_len = (x.shape[2] - w.shape[2]) // stride + 1
    out = np.zeros((x.shape[0], w.shape[0], out_len))
    for i in range(out_len):
        window = x[:, :, i * stride:i * stride + w.shape[2]]
        out[:, :, i] = np.einsum("bck,ock->bo", window, w)
    return out


UNARY = {
    "exp": np.exp, "log": np.log, "sqrt": np.sqrt,
    "rsqrt": lambda x: 1 / np.sqrt(x), "tanh": np.tanh,
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "silu": lambda x: x / (1 + np.exp(-x)), "gelu": gelu,
    "gelu_tanh": gelu_tanh, "erf": erf, "sin": np.sin, "cos": np.cos,
    "relu": lambda x: np.maximum(x, 0), "neg": np.negative, "abs": np.abs,
}
BINARY = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "divide": np.divide, "power": np.power, "maximum": np.maximum,
    "minimum": np.minimum,
}

# Each case: op line (operands %a, %b, ... with their types), parameter
# types, input makers for a size n, and the numpy reference.
CASES = []
for name, fn in UNARY.items():
    CASES.append((name, f"relax.{name} %a : ({t(['n', '3'])})",
                  [t(["n", "3"])], lambda n: [pos(n, 3)], fn))
for name, fn in BINARY.items():
    CASES.append((name, f"relax.{name} %a, %b : ({t(['n', '3'])}, {t(['3'])})",
                  [t(["n", "3"]), t(["3"])], lambda n: [pos(n, 3), pos(3)], fn))
CASES += [
    ("matmul", f"relax.matmul %a, %b : ({t(['2', 'n', '4'])}, {t(['4', '5'])})",
     [t(["2", "n", "4"]), t(["4", "5"])], lambda n: [f32(2, n, 4), f32(4, 5)],
     np.matmul),
    ("matmul_t", f"relax.matmul %a, %b {{transpose_b = true}} : ({t(['n', '4'])}, {t(['m', '4'])})",
     [t(["n", "4"]), t(["m", "4"])], lambda n: [f32(n, 4), f32(n + 1, 4)],
     lambda a, b: a @ b.T),
    ("softmax", f"relax.softmax %a : ({t(['n', '5'])})", [t(["n", "5"])],
     lambda n: [f32(n, 5)], softmax),
    ("log_softmax", f"relax.log_softmax %a {{axis = 0}} : ({t(['n', '5'])})",
     [t(["n", "5"])], lambda n: [f32(n, 5)],
     lambda x: np.log(softmax(x, 0))),
    ("sum", f"relax.sum %a {{axes = array<i64: 1>}} : ({t(['n', '5'])})",
     [t(["n", "5"])], lambda n: [f32(n, 5)], lambda x: x.sum(1)),
    ("mean", f"relax.mean %a {{axes = array<i64: 0>, keepdims = true}} : ({t(['n', '5'])})",
     [t(["n", "5"])], lambda n: [f32(n, 5)], lambda x: x.mean(0, keepdims=True)),
    ("max", f"relax.max %a {{axes = array<i64: 1>}} : ({t(['n', '5'])})",
     [t(["n", "5"])], lambda n: [f32(n, 5)], lambda x: x.max(1)),
    ("min", f"relax.min %a : ({t(['n', '5'])})", [t(["n", "5"])],
     lambda n: [f32(n, 5)], lambda x: np.array(x.min())),
    ("prod", f"relax.prod %a {{axes = array<i64: 1>}} : ({t(['n', '3'])})",
     [t(["n", "3"])], lambda n: [pos(n, 3)], lambda x: x.prod(1)),
    ("variance", f"relax.variance %a {{axes = array<i64: 1>}} : ({t(['n', '5'])})",
     [t(["n", "5"])], lambda n: [f32(n, 5)], lambda x: x.var(1)),
    ("cumsum", f"relax.cumsum %a {{axis = 0}} : ({t(['n', '3'])})",
     [t(["n", "3"])], lambda n: [f32(n, 3)], lambda x: np.cumsum(x, 0)),
    ("rms_norm", f"relax.rms_norm %a, %b : ({t(['n', '8'])}, {t(['8'])})",
     [t(["n", "8"]), t(["8"])], lambda n: [f32(n, 8), f32(8)], rms_norm),
    ("layer_norm", f"relax.layer_norm %a, %b, %c : ({t(['n', '8'])}, {t(['8'])}, {t(['8'])})",
     [t(["n", "8"]), t(["8"]), t(["8"])],
     lambda n: [f32(n, 8), f32(8), f32(8)], layer_norm),
    ("reshape", f"relax.reshape %a {{shape = #sym.shape<[?]>}} : ({t(['n', '3'])})",
     [t(["n", "3"])], lambda n: [f32(n, 3)], lambda x: x.reshape(-1)),
    ("permute_dims", f"relax.permute_dims %a {{axes = array<i64: 1, 2, 0>}} : ({t(['n', '3', '2'])})",
     [t(["n", "3", "2"])], lambda n: [f32(n, 3, 2)],
     lambda x: x.transpose(1, 2, 0)),
    ("expand_dims", f"relax.expand_dims %a {{axes = array<i64: 1>}} : ({t(['n', '3'])})",
     [t(["n", "3"])], lambda n: [f32(n, 3)], lambda x: x[:, None]),
    ("squeeze", f"relax.squeeze %a : ({t(['n', '1', '3'])})",
     [t(["n", "1", "3"])], lambda n: [f32(n, 1, 3)], lambda x: x[:, 0]),
    ("broadcast_to", f"relax.broadcast_to %a {{shape = #sym.shape<[2, n, 3]>}} : ({t(['n', '1'])})",
     [t(["n", "1"])], lambda n: [f32(n, 1)],
     lambda x: np.broadcast_to(x, (2, x.shape[0], 3))),
    ("concat", f"relax.concat %a, %b {{axis = 0}} : ({t(['n', '3'])}, {t(['m', '3'])})",
     [t(["n", "3"]), t(["m", "3"])], lambda n: [f32(n, 3), f32(2 * n, 3)],
     lambda a, b: np.concatenate([a, b])),
    ("strided_slice", f"relax.strided_slice %a {{axes = array<i64: 0>, begin = #sym.shape<[1]>, end = #sym.shape<[n]>, strides = array<i64: 2>}} : ({t(['n', '3'])})",
     [t(["n", "3"])], lambda n: [f32(n, 3)], lambda x: x[1::2]),
    ("tril", f"relax.tril %a : ({t(['n', 'n'])})", [t(["n", "n"])],
     lambda n: [f32(n, n)], np.tril),
    ("triu", f"relax.triu %a {{k = 1}} : ({t(['n', 'n'])})", [t(["n", "n"])],
     lambda n: [f32(n, n)], lambda x: np.triu(x, 1)),
    ("conv1d", f"relax.conv1d %a, %b {{strides = array<i64: 2>, padding = array<i64: 1>}} : ({t(['1', '2', 'n'])}, {t(['3', '2', '3'])})",
     [t(["1", "2", "n"]), t(["3", "2", "3"])],
     lambda n: [f32(1, 2, n), f32(3, 2, 3)], conv1d),
    ("max_pool2d", f"relax.max_pool2d %a {{pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2>}} : ({t(['1', '2', 'n', 'n'])})",
     [t(["1", "2", "n", "n"])], lambda n: [f32(1, 2, 2 * n, 2 * n)],
     lambda x: x.reshape(1, 2, x.shape[2] // 2, 2, x.shape[3] // 2, 2).max((3, 5))),
    ("avg_pool2d", f"relax.avg_pool2d %a {{pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2>}} : ({t(['1', '2', 'n', 'n'])})",
     [t(["1", "2", "n", "n"])], lambda n: [f32(1, 2, 2 * n, 2 * n)],
     lambda x: x.reshape(1, 2, x.shape[2] // 2, 2, x.shape[3] // 2, 2).mean((3, 5))),
]


def model(op_line, params):
    names = ["%a", "%b", "%c"][: len(params)]
    args = ", ".join(f"{n}: {p}" for n, p in zip(names, params))
    return (f"relax.func @main({args}) -> !relax.tensor<*, f32> {{\n"
            f"  %r = {op_line} -> !relax.tensor<*, f32>\n"
            f"  relax.return %r : !relax.tensor<*, f32>\n}}\n")


sys.exit(e2e.run_cases(
    [(name, model(op_line, params), make, reference)
     for name, op_line, params, make, reference in CASES], sys.argv))
