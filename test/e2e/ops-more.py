# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# The ops that test/e2e/ops.py does not reach directly: other element types
# (made f32 at the output), creation ops, split, group_norm, conv2d, rotary
# embedding and attention, each compiled once and run at two sizes against
# numpy.
#
# CHECK-NOT: MISMATCH
# CHECK: all ops ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "lib"))
import e2e  # noqa: E402
from difftest.reference import attention  # noqa: E402

rng = np.random.default_rng(4)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def t(dims, element="f32"):
    return "!relax.tensor<[" + ", ".join(dims) + f"], {element}>"


X = t(["n", "3"])
ANY = "!relax.tensor<*, f32>"


def body(lines, params, result="%r"):
    args = ", ".join(f"{name}: {ty}" for name, ty in params)
    text = "\n".join("  " + line for line in lines)
    return (f"relax.func @main({args}) -> {ANY} {{\n{text}\n"
            f"  relax.return {result} : {ANY}\n}}\n")


def compare(name):
    return body([f"%c = relax.{name} %a, %b : ({X}, {X}) -> !relax.tensor<*, i1>",
                 f"%r = relax.astype %c {{dtype = f32}} : (!relax.tensor<*, i1>) -> {ANY}"],
                [("%a", X), ("%b", X)])


def group_norm(x, gamma, beta, groups=2):
    n, c = x.shape[:2]
    g = x.reshape(n, groups, -1)
    g = (g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + 1e-5)
    return g.reshape(x.shape) * gamma[None, :, None, None] + beta[None, :, None, None]


def grouped_conv2d(x, w, groups=2):
    return np.concatenate([conv2d(xi, wi) for xi, wi in
                           zip(np.split(x, groups, axis=1),
                               np.split(w, groups, axis=0))], axis=1)


def conv2d(x, w, pad=1):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    kh, kw = w.shape[2:]
    oh, ow = x.shape[2] - kh + 1, x.shape[3] - kw + 1
    out = np.zeros((x.shape[0], w.shape[0], oh, ow))
    for i in range(oh):
        for j in range(ow):
            out[:, :, i, j] = np.einsum("bchw,ochw->bo", x[:, :, i:i + kh, j:j + kw], w)
    return out


def rotary(x, cos, sin):
    half = x.shape[-1] // 2
    rot = np.concatenate([-x[..., half:], x[..., :half]], -1)
    return x * cos[None, :, None, :] + rot * sin[None, :, None, :]


def padding_mask(b, t):
    """[b, 1, 1, t]: each batch sees its first keys, at least one."""
    mask = np.zeros((b, 1, 1, t), dtype=np.bool_)
    for i in range(b):
        mask[i, ..., :max(1, t - i)] = True
    return mask


def head_mask(heads, s):
    """[1, heads, s, s]: a different random pattern per head, with the
    diagonal kept so that no row is empty."""
    mask = rng.random((1, heads, s, s)) < 0.6
    mask[..., np.arange(s), np.arange(s)] = True
    return mask


COMPARISONS = {"equal": np.equal, "not_equal": np.not_equal, "less": np.less,
               "less_equal": np.less_equal, "greater": np.greater,
               "greater_equal": np.greater_equal}


def some_equal(n):
    a, b = f32(n, 3), f32(n, 3)
    b[0] = a[0]
    return [a, b]


CASES = [
    (name, compare(name), some_equal,
     lambda a, b, f=fn: f(a, b).astype(np.float32))
    for name, fn in COMPARISONS.items()
] + [
    ("where", body([f"%c = relax.less %a, %b : ({X}, {X}) -> !relax.tensor<*, i1>",
                    f"%r = relax.where %c, %a, %b : (!relax.tensor<*, i1>, {X}, {X}) -> {ANY}"],
                   [("%a", X), ("%b", X)]),
     lambda n: [f32(n, 3), f32(n, 3)], np.minimum),
    ("take", body([f"%r = relax.take %a, %i : ({t(['5', '3'])}, {t(['n'], 'i64')}) -> {ANY}"],
                  [("%a", t(["5", "3"])), ("%i", t(["n"], "i64"))]),
     lambda n: [f32(5, 3), rng.integers(0, 5, n).astype(np.int64)],
     lambda a, i: a[i]),
    ("astype", body([f"%h = relax.astype %a {{dtype = f16}} : ({X}) -> !relax.tensor<*, f16>",
                     f"%r = relax.astype %h {{dtype = f32}} : (!relax.tensor<*, f16>) -> {ANY}"],
                    [("%a", X)]),
     lambda n: [f32(n, 3)], lambda a: a.astype(np.float16).astype(np.float32)),
    # A take from a one-row table in clip mode: every index becomes 0, and
    # the gather under a mask stays scalar (MLIR 22 masks it wrongly).
    ("take clip from one row",
     body([f"%r = relax.take %a, %i {{mode = #relax.index_mode<clip>}} : ({t(['1', 'n'])}, {t(['n', '1'], 'i64')}) -> {ANY}"],
          [("%a", t(["1", "n"])), ("%i", t(["n", "1"], "i64"))]),
     lambda n: [f32(1, n), rng.integers(-3, 3, (n, 1)).astype(np.int64)],
     lambda a, i: np.take(a, i, axis=0, mode="clip")),
    # A gather from a slice with a step reads a strided view: upstream's
    # gather lowering takes only unit-stride buffers (once, the JIT failed
    # on an unlowered vector.gather).
    ("take wrap from a stepped slice",
     # In one dataflow block, the slice is fused into the take's kernel.
     body([f"%f = relax.dataflow -> {ANY} {{",
           f"  %s = relax.strided_slice %a {{axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[5]>, strides = array<i64: 3>}} : ({t(['5'])}) -> {t(['2'])}",
           f"  %r = relax.take %s, %i {{axis = -1, mode = #relax.index_mode<wrap>}} : ({t(['2'])}, {t(['n', '2'], 'i64')}) -> {ANY}",
           f"  relax.output %r : {ANY}",
           "}"],
          [("%a", t(["5"])), ("%i", t(["n", "2"], "i64"))], result="%f"),
     lambda n: [f32(5), rng.integers(-5, 5, (n, 2)).astype(np.int64)],
     lambda a, i: np.take(a[::3], i, mode="wrap")),
    # Integer abs on a 2-D tile (T5's relative positions): its vectors are
    # n-D, which math.absi's LLVM lowering does not take.
    ("abs_i64", body([f"%m = relax.abs %a : ({t(['n', '8'], 'i64')}) -> !relax.tensor<*, i64>",
                      f"%r = relax.astype %m {{dtype = f32}} : (!relax.tensor<*, i64>) -> {ANY}"],
                     [("%a", t(["n", "8"], "i64"))]),
     lambda n: [rng.integers(-9, 9, (n, 8)).astype(np.int64)],
     lambda a: np.abs(a).astype(np.float32)),
    ("argmax", body([f"%m = relax.argmax %a {{axis = 1}} : ({X}) -> !relax.tensor<*, i64>",
                     f"%r = relax.astype %m {{dtype = f32}} : (!relax.tensor<*, i64>) -> {ANY}"],
                    [("%a", X)]),
     lambda n: [f32(n, 3)], lambda a: a.argmax(1).astype(np.float32)),
    # The first NaN of a row wins, as in numpy (and as max propagates it):
    # the square roots of negative elements are NaN.
    ("argmax of NaN", body([f"%s = relax.sqrt %a : ({X}) -> {ANY}",
                            f"%m = relax.argmax %s {{axis = 1}} : ({ANY}) -> !relax.tensor<*, i64>",
                            f"%r = relax.astype %m {{dtype = f32}} : (!relax.tensor<*, i64>) -> {ANY}"],
                           [("%a", X)]),
     lambda n: [f32(n, 3)],
     lambda a: np.sqrt(np.where(a < 0, np.nan, a)).argmax(1).astype(np.float32)),
    ("ones", body([f"%z = relax.ones {{shape = #sym.shape<[n, 3]>, dtype = f32}} : () -> {ANY}",
                   f"%r = relax.add %a, %z : ({X}, {ANY}) -> {ANY}"],
                  [("%a", X)]),
     lambda n: [f32(n, 3)], lambda a: a + 1),
    ("zeros", body([f"%z = relax.zeros {{shape = #sym.shape<[n, 3]>, dtype = f32}} : () -> {ANY}",
                    f"%r = relax.add %a, %z : ({X}, {ANY}) -> {ANY}"],
                   [("%a", X)]),
     lambda n: [f32(n, 3)], lambda a: a),
    ("full", body([f"%z = relax.full %v {{shape = #sym.shape<[n, 3]>}} : ({t([])}) -> {ANY}",
                   f"%r = relax.multiply %a, %z : ({X}, {ANY}) -> {ANY}"],
                  [("%a", X), ("%v", t([]))]),
     lambda n: [f32(n, 3), np.array(2.5, np.float32)], lambda a, v: a * v),
    ("arange", body([f"%z = relax.arange {{start = #sym.expr<0>, end = #sym.expr<n>, step = #sym.expr<1>, dtype = f32}} : () -> {ANY}",
                     f"%r = relax.add %a, %z : ({t(['n'])}, {ANY}) -> {ANY}"],
                    [("%a", t(["n"]))]),
     lambda n: [f32(n)], lambda a: a + np.arange(a.shape[0])),
    ("split", body([f"%p, %q = relax.split %a {{axis = 1, sections = 2}} : ({t(['n', '4'])}) -> ({ANY}, {ANY})"],
                   [("%a", t(["n", "4"]))], result="%q"),
     lambda n: [f32(n, 4)], lambda a: a[:, 2:]),
    ("group_norm", body([f"%r = relax.group_norm %a, %g, %b {{num_groups = 2 : i64}} : ({t(['n', '4', 'h', '3'])}, {t(['4'])}, {t(['4'])}) -> {ANY}"],
                        [("%a", t(["n", "4", "h", "3"])), ("%g", t(["4"])), ("%b", t(["4"]))]),
     lambda n: [f32(2, 4, n, 3), f32(4), f32(4)], group_norm),
    # A group per channel (an instance norm).
    ("group_norm_per_channel", body([f"%r = relax.group_norm %a, %g, %b {{num_groups = 4 : i64}} : ({t(['n', '4', 'h', '3'])}, {t(['4'])}, {t(['4'])}) -> {ANY}"],
                        [("%a", t(["n", "4", "h", "3"])), ("%g", t(["4"])), ("%b", t(["4"]))]),
     lambda n: [f32(2, 4, n, 3), f32(4), f32(4)],
     lambda a, g, b: group_norm(a, g, b, groups=4)),
    # A symbolic channel count: the channels split into groups in the program.
    ("group_norm_symbolic_channels", body([f"%r = relax.group_norm %a, %g, %b {{num_groups = 2 : i64}} : ({t(['n', 'c', '3', '2'])}, {t(['c'])}, {t(['c'])}) -> {ANY}"],
                        [("%a", t(["n", "c", "3", "2"])), ("%g", t(["c"])), ("%b", t(["c"]))]),
     lambda n: [f32(2, 2 * n, 3, 2), f32(2 * n), f32(2 * n)], group_norm),
    ("conv2d", body([f"%r = relax.conv2d %a, %w {{padding = array<i64: 1, 1>}} : ({t(['1', '2', 'n', 'n'])}, {t(['3', '2', '3', '3'])}) -> {ANY}"],
                    [("%a", t(["1", "2", "n", "n"])), ("%w", t(["3", "2", "3", "3"]))]),
     lambda n: [f32(1, 2, n, n), f32(3, 2, 3, 3)], conv2d),
    # Grouped, with symbolic weight dims: channels split into groups.
    ("conv2d_grouped_symbolic", body([f"%r = relax.conv2d %a, %w {{padding = array<i64: 1, 1>, groups = 2 : i64}} : ({t(['1', 'c', '4', '4'])}, {t(['o', 'k', '3', '3'])}) -> {ANY}"],
                    [("%a", t(["1", "c", "4", "4"])), ("%w", t(["o", "k", "3", "3"]))]),
     lambda n: [f32(1, 2 * n, 4, 4), f32(2 * n, n, 3, 3)], grouped_conv2d),
    # An outer product (K = 1) of a broadcast row, both operands
    # transposed: the broadcast must stay a copy rather than be read
    # through the product's map, which would drop the summed dim.
    ("outer_of_broadcast", body([f"%e = relax.broadcast_to %a {{shape = #sym.shape<[1, 2]>}} : ({t(['2'])}) -> {t(['1', '2'])}",
                                 f"%r = relax.matmul %e, %b {{transpose_a = true, transpose_b = true}} : ({t(['1', '2'])}, {t(['n', '1'])}) -> {ANY}"],
                                [("%a", t(["2"])), ("%b", t(["n", "1"]))]),
     lambda n: [f32(2), f32(n, 1)], lambda a, b: np.outer(a, b[:, 0])),
    ("rotary_embedding", body([f"%r = relax.rotary_embedding %a, %c, %s : ({t(['1', 's', '2', '4'])}, {t(['s', '4'])}, {t(['s', '4'])}) -> {ANY}"],
                              [("%a", t(["1", "s", "2", "4"])), ("%c", t(["s", "4"])), ("%s", t(["s", "4"]))]),
     lambda n: [f32(1, n, 2, 4), f32(n, 4), f32(n, 4)], rotary),
    ("attention", body([f"%r = relax.attention %q, %k, %v {{causal = true}} : ({t(['1', 's', '4', '8'])}, {t(['1', 'k', '2', '8'])}, {t(['1', 'k', '2', '8'])}) -> {ANY}"],
                       [("%q", t(["1", "s", "4", "8"])), ("%k", t(["1", "k", "2", "8"])), ("%v", t(["1", "k", "2", "8"]))]),
     lambda n: [f32(1, n, 4, 8), f32(1, n + 3, 2, 8), f32(1, n + 3, 2, 8)],
     lambda q, k, v: attention(q, k, v, causal=True)),
    # A padding mask of i1, as a BERT encoder has: [b, 1, 1, s].
    ("attention_padding_mask", body([f"%r = relax.attention %q, %k, %v, %m : ({t(['b', 's', '4', '8'])}, {t(['b', 's', '2', '8'])}, {t(['b', 's', '2', '8'])}, {t(['b', '1', '1', 's'], 'i1')}) -> {ANY}"],
                                    [("%q", t(["b", "s", "4", "8"])), ("%k", t(["b", "s", "2", "8"])), ("%v", t(["b", "s", "2", "8"])), ("%m", t(["b", "1", "1", "s"], "i1"))]),
     lambda n: [f32(2, n + 2, 4, 8), f32(2, n + 2, 2, 8), f32(2, n + 2, 2, 8),
                padding_mask(2, n + 2)],
     lambda q, k, v, m: attention(q, k, v, m, causal=False)),
    # An additive mask over positions [s, t] together with causal, keys
    # longer than queries.
    ("attention_float_mask_causal", body([f"%r = relax.attention %q, %k, %v, %m {{causal = true}} : ({t(['1', 's', '4', '8'])}, {t(['1', 'k', '2', '8'])}, {t(['1', 'k', '2', '8'])}, {t(['s', 'k'])}) -> {ANY}"],
                                         [("%q", t(["1", "s", "4", "8"])), ("%k", t(["1", "k", "2", "8"])), ("%v", t(["1", "k", "2", "8"])), ("%m", t(["s", "k"]))]),
     lambda n: [f32(1, n, 4, 8), f32(1, n + 3, 2, 8), f32(1, n + 3, 2, 8),
                f32(n, n + 3)],
     lambda q, k, v, m: attention(q, k, v, m, causal=True)),
    # A mask per query head with grouped key heads: head h reads mask head
    # h, kv head h / 2.
    ("attention_head_mask", body([f"%r = relax.attention %q, %k, %v, %m : ({t(['1', 's', '4', '8'])}, {t(['1', 's', '2', '8'])}, {t(['1', 's', '2', '8'])}, {t(['1', '4', 's', 's'], 'i1')}) -> {ANY}"],
                                 [("%q", t(["1", "s", "4", "8"])), ("%k", t(["1", "s", "2", "8"])), ("%v", t(["1", "s", "2", "8"])), ("%m", t(["1", "4", "s", "s"], "i1"))]),
     lambda n: [f32(1, n, 4, 8), f32(1, n, 2, 8), f32(1, n, 2, 8),
                head_mask(4, n)],
     lambda q, k, v, m: attention(q, k, v, m, causal=False)),
]

sys.exit(e2e.run_cases(CASES, sys.argv))
