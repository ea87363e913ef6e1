# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# A GPT-2 block (layer norm, fused QKV projection split in three, causal
# attention over a KV cache, GELU MLP) with symbolic batch, sequence and
# cache lengths, compiled once and run at sequence lengths 1, 7 and 128 and
# cache lengths 0 and 6, against an independent numpy implementation.
#
# CHECK: shape [2, 1, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
# CHECK: shape [1, 128, 32]: {{.*}}: ok
# CHECK: shape [1, 7, 32]: {{.*}}: ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

HIDDEN, HEADS, HEAD_DIM, FFN = 32, 4, 8, 64

MODEL = """
relax.func @main(%x: !relax.tensor<[b, s, 32], f32>,
                 %pk: !relax.tensor<[b, p, 4, 8], f32>, %pv: !relax.tensor<[b, p, 4, 8], f32>,
                 %g1: !relax.tensor<[32], f32>, %b1: !relax.tensor<[32], f32>,
                 %wqkv: !relax.tensor<[32, 96], f32>, %bqkv: !relax.tensor<[96], f32>,
                 %wo: !relax.tensor<[32, 32], f32>, %bo: !relax.tensor<[32], f32>,
                 %g2: !relax.tensor<[32], f32>, %b2: !relax.tensor<[32], f32>,
                 %wfc: !relax.tensor<[32, 64], f32>, %bfc: !relax.tensor<[64], f32>,
                 %wp: !relax.tensor<[64, 32], f32>, %bp: !relax.tensor<[32], f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %h = relax.layer_norm %x, %g1, %b1 : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[32], f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %qkv0 = relax.matmul %h, %wqkv : (!relax.tensor<*, f32>, !relax.tensor<[32, 96], f32>) -> !relax.tensor<*, f32>
    %qkv = relax.add %qkv0, %bqkv : (!relax.tensor<*, f32>, !relax.tensor<[96], f32>) -> !relax.tensor<*, f32>
    %q, %k, %v = relax.split %qkv {axis = -1, sections = 3} : (!relax.tensor<*, f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
    %q4 = relax.reshape %q {shape = #sym.shape<[b, s, 4, 8]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %k4 = relax.reshape %k {shape = #sym.shape<[b, s, 4, 8]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %v4 = relax.reshape %v {shape = #sym.shape<[b, s, 4, 8]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %kc = relax.concat %pk, %k4 {axis = 1} : (!relax.tensor<[b, p, 4, 8], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vc = relax.concat %pv, %v4 {axis = 1} : (!relax.tensor<[b, p, 4, 8], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %a = relax.attention %q4, %kc, %vc {causal = true} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %a2 = relax.reshape %a {shape = #sym.shape<[b, s, 32]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %o0 = relax.matmul %a2, %wo : (!relax.tensor<*, f32>, !relax.tensor<[32, 32], f32>) -> !relax.tensor<*, f32>
    %o = relax.add %o0, %bo : (!relax.tensor<*, f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %x2 = relax.add %x, %o : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %h2 = relax.layer_norm %x2, %g2, %b2 : (!relax.tensor<*, f32>, !relax.tensor<[32], f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %f0 = relax.matmul %h2, %wfc : (!relax.tensor<*, f32>, !relax.tensor<[32, 64], f32>) -> !relax.tensor<*, f32>
    %f1 = relax.add %f0, %bfc : (!relax.tensor<*, f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, f32>
    %f = relax.gelu_tanh %f1 : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %p0 = relax.matmul %f, %wp : (!relax.tensor<*, f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<*, f32>
    %p1 = relax.add %p0, %bp : (!relax.tensor<*, f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %x2, %p1 : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
"""


def layer_norm(x, g, b, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * g + b


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def causal_attention(q, k, v):
    s, t, d = q.shape[1], k.shape[1], q.shape[-1]
    scores = np.einsum("bihd,bjhd->bhij", q, k) / np.sqrt(d)
    allowed = np.arange(t)[None, :] <= (t - s + np.arange(s))[:, None]
    scores = np.where(allowed, scores, -np.inf)
    p = np.exp(scores - scores.max(axis=-1, keepdims=True))
    p = p / p.sum(axis=-1, keepdims=True)
    return np.einsum("bhij,bjhd->bihd", p, v)


def reference(x, pk, pv, g1, b1, wqkv, bqkv, wo, bo, g2, b2, wfc, bfc, wp, bp):
    b, s, _ = x.shape
    qkv = layer_norm(x, g1, b1) @ wqkv + bqkv
    q, k, v = (t.reshape(b, s, HEADS, HEAD_DIM) for t in np.split(qkv, 3, -1))
    k = np.concatenate([pk, k], axis=1)
    v = np.concatenate([pv, v], axis=1)
    a = causal_attention(q, k, v).reshape(b, s, HIDDEN)
    x2 = x + a @ wo + bo
    return x2 + gelu_tanh(layer_norm(x2, g2, b2) @ wfc + bfc) @ wp + bp


rng = np.random.default_rng(1)


def f32(*shape, scale=0.3):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


weights = (f32(HIDDEN, scale=1), f32(HIDDEN), f32(HIDDEN, 3 * HIDDEN),
           f32(3 * HIDDEN), f32(HIDDEN, HIDDEN), f32(HIDDEN),
           f32(HIDDEN, scale=1), f32(HIDDEN), f32(HIDDEN, FFN), f32(FFN),
           f32(FFN, HIDDEN), f32(HIDDEN))
inputs = []
for b, s, p in ((2, 1, 6), (2, 7, 0), (1, 128, 6), (1, 7, 6)):
    inputs.append((f32(b, s, HIDDEN, scale=1), f32(b, p, HEADS, HEAD_DIM),
                   f32(b, p, HEADS, HEAD_DIM)) + weights)
sys.exit(e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                 sys.argv[3], tolerance=1e-4))
