#!/usr/bin/env python3
"""Generates the model of bench/gen_llama.py in upstream MLIR (func, linalg,
tensor, arith, math) for compilers that take linalg on tensors, such as
iree-compile.

Same shapes and the same computation as gen_llama.py: Llama-7B sizes
(hidden 4096, 32 heads of 128, SwiGLU MLP 11008, f32), L layers of RMSNorm,
RoPE, causal attention over a KV cache, SiLU-gated MLP and residuals, then a
final RMSNorm; batch, sequence and cache lengths are dynamic dims and every
weight is an argument of @main. Each op is a private function that @main
calls once per layer (compilers inline them), written with linalg.generic,
linalg.matmul and linalg.softmax.

Usage: bench/gen_llama_linalg.py [--layers L] [-o FILE]
"""

import argparse
import sys

HIDDEN, HEADS, HEAD_DIM, FFN = 4096, 32, 128, 11008
HALF = HEAD_DIM // 2

ACT = f"tensor<?x?x{HIDDEN}xf32>"
MLP = f"tensor<?x?x{FFN}xf32>"
HEADS4 = f"tensor<?x?x{HEADS}x{HEAD_DIM}xf32>"
TABLE = f"tensor<?x{HEAD_DIM}xf32>"

HELPERS = f"""
func.func private @rms_norm(%x: {ACT}, %w: tensor<{HIDDEN}xf32>) -> {ACT} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-06 : f32
  %n = arith.constant {float(HIDDEN)} : f32
  %b = tensor.dim %x, %c0 : {ACT}
  %s = tensor.dim %x, %c1 : {ACT}
  %ss0 = tensor.empty(%b, %s) : tensor<?x?xf32>
  %ss1 = linalg.fill ins(%zero : f32) outs(%ss0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ss = linalg.generic {{
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%x : {ACT}) outs(%ss1 : tensor<?x?xf32>) {{
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  }} -> tensor<?x?xf32>
  %out0 = tensor.empty(%b, %s) : {ACT}
  %out = linalg.generic {{
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%x, %ss, %w : {ACT}, tensor<?x?xf32>, tensor<{HIDDEN}xf32>)
      outs(%out0 : {ACT}) {{
  ^bb0(%v: f32, %sv: f32, %wv: f32, %o: f32):
    %mean = arith.divf %sv, %n : f32
    %t = arith.addf %mean, %eps : f32
    %inv = math.rsqrt %t : f32
    %y0 = arith.mulf %v, %inv : f32
    %y = arith.mulf %y0, %wv : f32
    linalg.yield %y : f32
  }} -> {ACT}
  return %out : {ACT}
}}
"""


def linear(k, n):
    """x[b, s, k] @ w[k, n] as one linalg.matmul on [b * s, k]."""
    x, y = f"tensor<?x?x{k}xf32>", f"tensor<?x?x{n}xf32>"
    return f"""
func.func private @linear_{k}_{n}(%x: {x}, %w: tensor<{k}x{n}xf32>) -> {y} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %b = tensor.dim %x, %c0 : {x}
  %s = tensor.dim %x, %c1 : {x}
  %x2 = tensor.collapse_shape %x [[0, 1], [2]] : {x} into tensor<?x{k}xf32>
  %m = arith.muli %b, %s : index
  %o0 = tensor.empty(%m) : tensor<?x{n}xf32>
  %o1 = linalg.fill ins(%zero : f32) outs(%o0 : tensor<?x{n}xf32>) -> tensor<?x{n}xf32>
  %o2 = linalg.matmul ins(%x2, %w : tensor<?x{k}xf32>, tensor<{k}x{n}xf32>)
                      outs(%o1 : tensor<?x{n}xf32>) -> tensor<?x{n}xf32>
  %o = tensor.expand_shape %o2 [[0, 1], [2]] output_shape [%b, %s, {n}]
      : tensor<?x{n}xf32> into {y}
  return %o : {y}
}}
"""


HELPERS += linear(HIDDEN, HIDDEN) + linear(HIDDEN, FFN) + linear(FFN, HIDDEN)

HELPERS += f"""
// Rotate-half RoPE on [b, s, h, d] with [s, d] tables.
func.func private @rope(%x: {HEADS4}, %cos: {TABLE}, %sin: {TABLE}) -> {HEADS4} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant {HALF} : index
  %b = tensor.dim %x, %c0 : {HEADS4}
  %s = tensor.dim %x, %c1 : {HEADS4}
  %out0 = tensor.empty(%b, %s) : {HEADS4}
  %out = linalg.generic {{
      indexing_maps = [affine_map<(b, s, h, i) -> (b, s, h, i)>,
                       affine_map<(b, s, h, i) -> (s, i)>,
                       affine_map<(b, s, h, i) -> (s, i)>,
                       affine_map<(b, s, h, i) -> (b, s, h, i)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%x, %cos, %sin : {HEADS4}, {TABLE}, {TABLE}) outs(%out0 : {HEADS4}) {{
  ^bb0(%xv: f32, %cv: f32, %sv: f32, %o: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %lo = arith.cmpi ult, %i3, %half : index
    %up = arith.addi %i3, %half : index
    %dn = arith.subi %i3, %half : index
    %j = arith.select %lo, %up, %dn : index
    %xo = tensor.extract %x[%i0, %i1, %i2, %j] : {HEADS4}
    %xn = arith.negf %xo : f32
    %rot = arith.select %lo, %xn, %xo : f32
    %a = arith.mulf %xv, %cv : f32
    %bb = arith.mulf %rot, %sv : f32
    %y = arith.addf %a, %bb : f32
    linalg.yield %y : f32
  }} -> {HEADS4}
  return %out : {HEADS4}
}}

// Causal attention: q [b, s, h, d], k and v [b, t, h, d] with t = p + s;
// query i sees keys j <= t - s + i.
func.func private @attention(%q: {HEADS4}, %k: {HEADS4}, %v: {HEADS4}) -> {HEADS4} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant {HEAD_DIM ** -0.5!r} : f32
  %b = tensor.dim %q, %c0 : {HEADS4}
  %s = tensor.dim %q, %c1 : {HEADS4}
  %t = tensor.dim %k, %c1 : {HEADS4}
  %off = arith.subi %t, %s : index
  %sc0 = tensor.empty(%b, %s, %t) : tensor<?x{HEADS}x?x?xf32>
  %sc1 = linalg.fill ins(%zero : f32) outs(%sc0 : tensor<?x{HEADS}x?x?xf32>) -> tensor<?x{HEADS}x?x?xf32>
  %qk = linalg.generic {{
      indexing_maps = [affine_map<(b, h, i, j, c) -> (b, i, h, c)>,
                       affine_map<(b, h, i, j, c) -> (b, j, h, c)>,
                       affine_map<(b, h, i, j, c) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}}
      ins(%q, %k : {HEADS4}, {HEADS4}) outs(%sc1 : tensor<?x{HEADS}x?x?xf32>) {{
  ^bb0(%qv: f32, %kv: f32, %acc: f32):
    %m = arith.mulf %qv, %kv : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  }} -> tensor<?x{HEADS}x?x?xf32>
  %masked = linalg.generic {{
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      outs(%qk : tensor<?x{HEADS}x?x?xf32>) {{
  ^bb0(%x: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %last = arith.addi %i, %off : index
    %hide = arith.cmpi ugt, %j, %last : index
    %y0 = arith.mulf %x, %scale : f32
    %y = arith.select %hide, %ninf, %y0 : f32
    linalg.yield %y : f32
  }} -> tensor<?x{HEADS}x?x?xf32>
  %pr0 = tensor.empty(%b, %s, %t) : tensor<?x{HEADS}x?x?xf32>
  %probs = linalg.softmax dimension(3) ins(%masked : tensor<?x{HEADS}x?x?xf32>)
      outs(%pr0 : tensor<?x{HEADS}x?x?xf32>) -> tensor<?x{HEADS}x?x?xf32>
  %o0 = tensor.empty(%b, %s) : {HEADS4}
  %o1 = linalg.fill ins(%zero : f32) outs(%o0 : {HEADS4}) -> {HEADS4}
  %o = linalg.generic {{
      indexing_maps = [affine_map<(b, i, h, c, j) -> (b, h, i, j)>,
                       affine_map<(b, i, h, c, j) -> (b, j, h, c)>,
                       affine_map<(b, i, h, c, j) -> (b, i, h, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}}
      ins(%probs, %v : tensor<?x{HEADS}x?x?xf32>, {HEADS4}) outs(%o1 : {HEADS4}) {{
  ^bb0(%pv: f32, %vv: f32, %acc: f32):
    %m = arith.mulf %pv, %vv : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  }} -> {HEADS4}
  return %o : {HEADS4}
}}

func.func private @silu_mul(%g: {MLP}, %u: {MLP}) -> {MLP} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %b = tensor.dim %g, %c0 : {MLP}
  %s = tensor.dim %g, %c1 : {MLP}
  %out0 = tensor.empty(%b, %s) : {MLP}
  %out = linalg.generic {{
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%g, %u : {MLP}, {MLP}) outs(%out0 : {MLP}) {{
  ^bb0(%gv: f32, %uv: f32, %o: f32):
    %ng = arith.negf %gv : f32
    %e = math.exp %ng : f32
    %den = arith.addf %one, %e : f32
    %sl = arith.divf %gv, %den : f32
    %y = arith.mulf %sl, %uv : f32
    linalg.yield %y : f32
  }} -> {MLP}
  return %out : {MLP}
}}

func.func private @add(%a: {ACT}, %b: {ACT}) -> {ACT} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : {ACT}
  %d1 = tensor.dim %a, %c1 : {ACT}
  %out0 = tensor.empty(%d0, %d1) : {ACT}
  %out = linalg.generic {{
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%a, %b : {ACT}, {ACT}) outs(%out0 : {ACT}) {{
  ^bb0(%av: f32, %bv: f32, %o: f32):
    %y = arith.addf %av, %bv : f32
    linalg.yield %y : f32
  }} -> {ACT}
  return %out : {ACT}
}}
"""


def generate(layers):
    params = [("x", ACT), ("cos", TABLE), ("sin", TABLE)]
    for i in range(layers):
        params += [
            (f"past_k{i}", HEADS4), (f"past_v{i}", HEADS4),
            (f"attn_norm{i}", f"tensor<{HIDDEN}xf32>"),
            (f"wq{i}", f"tensor<{HIDDEN}x{HIDDEN}xf32>"),
            (f"wk{i}", f"tensor<{HIDDEN}x{HIDDEN}xf32>"),
            (f"wv{i}", f"tensor<{HIDDEN}x{HIDDEN}xf32>"),
            (f"wo{i}", f"tensor<{HIDDEN}x{HIDDEN}xf32>"),
            (f"mlp_norm{i}", f"tensor<{HIDDEN}xf32>"),
            (f"w_gate{i}", f"tensor<{HIDDEN}x{FFN}xf32>"),
            (f"w_up{i}", f"tensor<{HIDDEN}x{FFN}xf32>"),
            (f"w_down{i}", f"tensor<{FFN}x{HIDDEN}xf32>"),
        ]
    params.append(("final_norm", f"tensor<{HIDDEN}xf32>"))

    lin = {(HIDDEN, HIDDEN): f"@linear_{HIDDEN}_{HIDDEN}",
           (HIDDEN, FFN): f"@linear_{HIDDEN}_{FFN}",
           (FFN, HIDDEN): f"@linear_{FFN}_{HIDDEN}"}
    wt = {k: f"tensor<{k[0]}x{k[1]}xf32>" for k in lin}
    body = [
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %b = tensor.dim %x, %c0 : {ACT}",
        f"  %s = tensor.dim %x, %c1 : {ACT}",
    ]
    x, caches = "%x", []
    sq = (HIDDEN, HIDDEN)
    for i in range(layers):
        def call(name, text):
            body.append(f"  %{name}{i} = {text}")
            return f"%{name}{i}"

        def linear_call(name, a, w, shape):
            k, n = shape
            return call(name, f"call {lin[shape]}({a}, %{w}{i}) : "
                              f"(tensor<?x?x{k}xf32>, {wt[shape]}) -> "
                              f"tensor<?x?x{n}xf32>")

        def split(name, a):
            return call(name, f"tensor.expand_shape {a} [[0], [1], [2, 3]] "
                              f"output_shape [%b, %s, {HEADS}, {HEAD_DIM}] : "
                              f"{ACT} into {HEADS4}")

        body.append(f"  // Layer {i}.")
        xn = call("xn", f"call @rms_norm({x}, %attn_norm{i}) : "
                        f"({ACT}, tensor<{HIDDEN}xf32>) -> {ACT}")
        q = split("qh", linear_call("q", xn, "wq", sq))
        k = split("kh", linear_call("k", xn, "wk", sq))
        v = split("vh", linear_call("v", xn, "wv", sq))
        qr = call("qr", f"call @rope({q}, %cos, %sin) : "
                        f"({HEADS4}, {TABLE}, {TABLE}) -> {HEADS4}")
        kr = call("kr", f"call @rope({k}, %cos, %sin) : "
                        f"({HEADS4}, {TABLE}, {TABLE}) -> {HEADS4}")
        keys = call("keys", f"tensor.concat dim(1) %past_k{i}, {kr} : "
                            f"({HEADS4}, {HEADS4}) -> {HEADS4}")
        values = call("values", f"tensor.concat dim(1) %past_v{i}, {v} : "
                                f"({HEADS4}, {HEADS4}) -> {HEADS4}")
        a = call("attn", f"call @attention({qr}, {keys}, {values}) : "
                         f"({HEADS4}, {HEADS4}, {HEADS4}) -> {HEADS4}")
        merged = call("merged", f"tensor.collapse_shape {a} [[0], [1], [2, 3]]"
                                f" : {HEADS4} into {ACT}")
        o = linear_call("o", merged, "wo", sq)
        h = call("h", f"call @add({x}, {o}) : ({ACT}, {ACT}) -> {ACT}")
        hn = call("hn", f"call @rms_norm({h}, %mlp_norm{i}) : "
                        f"({ACT}, tensor<{HIDDEN}xf32>) -> {ACT}")
        g = linear_call("gate", hn, "w_gate", (HIDDEN, FFN))
        u = linear_call("up", hn, "w_up", (HIDDEN, FFN))
        act = call("act", f"call @silu_mul({g}, {u}) : ({MLP}, {MLP}) -> {MLP}")
        d = linear_call("down", act, "w_down", (FFN, HIDDEN))
        x = call("y", f"call @add({h}, {d}) : ({ACT}, {ACT}) -> {ACT}")
        caches += [keys, values]
    body.append(f"  %out = call @rms_norm({x}, %final_norm) : "
                f"({ACT}, tensor<{HIDDEN}xf32>) -> {ACT}")
    results = ["%out"] + caches
    types = [ACT] + [HEADS4] * len(caches)
    body.append(f"  return {', '.join(results)} : {', '.join(types)}")

    pad = " " * len("func.func @main(")
    param_text = (",\n" + pad).join(f"%{n}: {t}" for n, t in params)
    return "\n".join(
        [f"// Llama-7B-shaped decoder stack, {layers} layer(s), in linalg. "
         "Generated by bench/gen_llama_linalg.py.",
         "module {", HELPERS,
         f"func.func @main({param_text})\n    -> ({', '.join(types)}) {{"]
        + body + ["}", "}"]) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=1)
    parser.add_argument("-o", "--output", default="-")
    opts = parser.parse_args()
    if opts.layers < 1:
        parser.error("--layers must be at least 1")
    text = generate(opts.layers)
    if opts.output == "-":
        sys.stdout.write(text)
    else:
        with open(opts.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
