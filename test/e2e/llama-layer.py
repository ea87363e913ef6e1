# RUN: %python %s relax-opt %mlir_runner %mlir_lib_dir | FileCheck %s
# REQUIRES: numpy
#
# A Llama-style decoder layer (RMS norm, grouped-query attention with rotary
# embedding and a KV cache, SwiGLU MLP) with symbolic batch, sequence and
# cache lengths, compiled once and run at sequence lengths 1, 7 and 128 and
# cache lengths 0 and 5, against an independent numpy implementation.
#
# CHECK: shape [2, 1, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
# CHECK: shape [1, 128, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
#
# The same on all cores, with OpenMP and with MLIR's async runtime:
# CHECK: parallel: openmp
# CHECK: shape [2, 1, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
# CHECK: shape [1, 128, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
# CHECK: parallel: async
# CHECK: shape [2, 1, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
# CHECK: shape [1, 128, 32]: {{.*}}: ok
# CHECK: shape [2, 7, 32]: {{.*}}: ok
#
# With matmuls offloaded to the CPU runtime library (library.test runs it):
# LIBRARY: library
# LIBRARY: shape [2, 1, 32]: {{.*}}: ok
# LIBRARY: shape [2, 7, 32]: {{.*}}: ok
# LIBRARY: shape [1, 128, 32]: {{.*}}: ok
# LIBRARY: shape [2, 7, 32]: {{.*}}: ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import e2e  # noqa: E402

HIDDEN, HEADS, KV_HEADS, HEAD_DIM, FFN = 32, 4, 2, 8, 48

MODEL = """
relax.func @main(%x: !relax.tensor<[b, s, 32], f32>,
                 %pk: !relax.tensor<[b, p, 2, 8], f32>, %pv: !relax.tensor<[b, p, 2, 8], f32>,
                 %cos: !relax.tensor<[s, 8], f32>, %sin: !relax.tensor<[s, 8], f32>,
                 %wn1: !relax.tensor<[32], f32>, %wq: !relax.tensor<[32, 32], f32>,
                 %wk: !relax.tensor<[32, 16], f32>, %wv: !relax.tensor<[32, 16], f32>,
                 %wo: !relax.tensor<[32, 32], f32>, %wn2: !relax.tensor<[32], f32>,
                 %wg: !relax.tensor<[32, 48], f32>, %wu: !relax.tensor<[32, 48], f32>,
                 %wd: !relax.tensor<[48, 32], f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %h = relax.rms_norm %x, %wn1 : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %q = relax.matmul %h, %wq : (!relax.tensor<*, f32>, !relax.tensor<[32, 32], f32>) -> !relax.tensor<*, f32>
    %k = relax.matmul %h, %wk : (!relax.tensor<*, f32>, !relax.tensor<[32, 16], f32>) -> !relax.tensor<*, f32>
    %v = relax.matmul %h, %wv : (!relax.tensor<*, f32>, !relax.tensor<[32, 16], f32>) -> !relax.tensor<*, f32>
    %q4 = relax.reshape %q {shape = #sym.shape<[b, s, 4, 8]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %k4 = relax.reshape %k {shape = #sym.shape<[b, s, 2, ?]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %v4 = relax.reshape %v {shape = #sym.shape<[b, s, 2, 8]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %qr = relax.rotary_embedding %q4, %cos, %sin : (!relax.tensor<*, f32>, !relax.tensor<[s, 8], f32>, !relax.tensor<[s, 8], f32>) -> !relax.tensor<*, f32>
    %kr = relax.rotary_embedding %k4, %cos, %sin : (!relax.tensor<*, f32>, !relax.tensor<[s, 8], f32>, !relax.tensor<[s, 8], f32>) -> !relax.tensor<*, f32>
    %kc = relax.concat %pk, %kr {axis = 1} : (!relax.tensor<[b, p, 2, 8], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vc = relax.concat %pv, %v4 {axis = 1} : (!relax.tensor<[b, p, 2, 8], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %a = relax.attention %qr, %kc, %vc {causal = true} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %a2 = relax.reshape %a {shape = #sym.shape<[b, s, 32]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %o = relax.matmul %a2, %wo : (!relax.tensor<*, f32>, !relax.tensor<[32, 32], f32>) -> !relax.tensor<*, f32>
    %x2 = relax.add %x, %o : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %h2 = relax.rms_norm %x2, %wn2 : (!relax.tensor<*, f32>, !relax.tensor<[32], f32>) -> !relax.tensor<*, f32>
    %g = relax.matmul %h2, %wg : (!relax.tensor<*, f32>, !relax.tensor<[32, 48], f32>) -> !relax.tensor<*, f32>
    %u = relax.matmul %h2, %wu : (!relax.tensor<*, f32>, !relax.tensor<[32, 48], f32>) -> !relax.tensor<*, f32>
    %sg = relax.silu %g : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %m = relax.multiply %sg, %u : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %d = relax.matmul %m, %wd : (!relax.tensor<*, f32>, !relax.tensor<[48, 32], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %x2, %d : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
"""


def rms_norm(x, w, eps=1e-5):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * w


def rotary(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = np.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos[None, :, None, :] + rotated * sin[None, :, None, :]


def attention(q, k, v):
    b, s, heads, d = q.shape
    t, kv_heads = k.shape[1], k.shape[2]
    group = heads // kv_heads
    out = np.zeros((b, s, heads, v.shape[-1]))
    for h in range(heads):
        scores = np.einsum("bid,bjd->bij", q[:, :, h], k[:, :, h // group])
        scores = scores / np.sqrt(d)
        allowed = np.arange(t)[None, :] <= (t - s + np.arange(s))[:, None]
        scores = np.where(allowed[None], scores, -np.inf)
        p = np.exp(scores - scores.max(axis=-1, keepdims=True))
        p = p / p.sum(axis=-1, keepdims=True)
        out[:, :, h] = np.einsum("bij,bjd->bid", p, v[:, :, h // group])
    return out


def reference(x, pk, pv, cos, sin, wn1, wq, wk, wv, wo, wn2, wg, wu, wd):
    b, s, _ = x.shape
    h = rms_norm(x, wn1)
    q = (h @ wq).reshape(b, s, HEADS, HEAD_DIM)
    k = (h @ wk).reshape(b, s, KV_HEADS, HEAD_DIM)
    v = (h @ wv).reshape(b, s, KV_HEADS, HEAD_DIM)
    q, k = rotary(q, cos, sin), rotary(k, cos, sin)
    k = np.concatenate([pk, k], axis=1)
    v = np.concatenate([pv, v], axis=1)
    x2 = x + attention(q, k, v).reshape(b, s, HIDDEN) @ wo
    h2 = rms_norm(x2, wn2)
    g = h2 @ wg
    return x2 + ((g / (1 + np.exp(-g))) * (h2 @ wu)) @ wd


rng = np.random.default_rng(0)


def f32(*shape, scale=0.3):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


weights = (f32(HIDDEN, scale=1), f32(HIDDEN, HIDDEN), f32(HIDDEN, 16),
           f32(HIDDEN, 16), f32(HIDDEN, HIDDEN), f32(HIDDEN, scale=1),
           f32(HIDDEN, FFN), f32(HIDDEN, FFN), f32(FFN, HIDDEN))
inputs = []
for b, s, p in ((2, 1, 5), (2, 7, 0), (1, 128, 5), (2, 7, 5)):
    inputs.append((f32(b, s, HIDDEN, scale=1), f32(b, p, KV_HEADS, HEAD_DIM),
                   f32(b, p, KV_HEADS, HEAD_DIM), f32(s, HEAD_DIM, scale=1),
                   f32(s, HEAD_DIM, scale=1)) + weights)
if len(sys.argv) > 4:
    # With the CPU runtime library: matmuls offloaded to OpenBLAS.
    print("library")
    sys.exit(e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                     sys.argv[3], tolerance=1e-4, library=sys.argv[4]))
failed = e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                 sys.argv[3], tolerance=1e-4)
for runtime in ("openmp", "async"):
    print("parallel:", runtime)
    failed |= e2e.run(MODEL, inputs, reference, sys.argv[1], sys.argv[2],
                      sys.argv[3], tolerance=1e-4, parallel=runtime)
sys.exit(failed)
