#!/usr/bin/env python3
"""Generates a Llama-7B-shaped decoder stack in relax IR text.

Sizes follow Llama-7B: hidden 4096, 32 attention heads of dim 128 (plain
multi-head attention, 32 KV heads), SwiGLU MLP 11008, f32. Each layer is

    h   = x + Wo * attention(rope(Wq * rms_norm(x)),
                             concat(past_k, rope(Wk * rms_norm(x))),
                             concat(past_v, Wv * rms_norm(x)))   (causal)
    out = h + Wdown * (silu(Wgate * rms_norm(h)) * (Wup * rms_norm(h)))

and a final RMSNorm follows the last layer. There is no token embedding and
no LM head: the input is the hidden state [b, s, 4096]. Batch `b`, new
tokens `s` and cached tokens `p` are symbolic (ranges in `sym.constraints`);
every weight is a parameter of @main. @main returns the normalized hidden
state and, per layer, the updated key and value caches [b, p + s, 32, 128].

The ops are the high-level graph ops of examples/llama_layer.mlir; only the
parameters carry shapes, so run `--relax-infer-shapes` first:

    bench/gen_llama.py --layers 8 -o /tmp/llama8.mlir
    relax-opt /tmp/llama8.mlir --relax-infer-shapes

`generate` also takes other sizes (grouped-query attention with fewer KV
heads), and `--ranks N` annotates the stack for N ranks as
examples/llama_layer_tp.mlir is (q/k/v/gate/up by columns, o/down by rows,
the caches by heads).

Usage: bench/gen_llama.py [--layers L] [--ranks N] [-o FILE]
"""

import argparse
import sys

HIDDEN, HEADS, HEAD_DIM, FFN = 4096, 32, 128, 11008
KV_HEADS = 32
LLAMA_7B = {"hidden": HIDDEN, "heads": HEADS, "kv_heads": KV_HEADS,
            "head_dim": HEAD_DIM, "ffn": FFN}
EPS = "1.0e-06"
DYN = "!relax.tensor<*, f32>"


def tensor(*dims):
    return f"!relax.tensor<[{', '.join(str(d) for d in dims)}], f32>"


def split(dim):
    """relax.split_axes cutting dim `dim` over grid axis 0."""
    axes = ", ".join("[0]" if d == dim else "[]" for d in range(dim + 1))
    return f"{{relax.split_axes = #shard<axisarray[{axes}]>}}"


# Megatron-LM's placement: projections into the heads and the MLP by their
# columns, out of them by their rows, the caches by their heads.
COLUMNS, ROWS, KV_HEADS_DIM = split(1), split(0), split(2)


def layer_params(i, shape=LLAMA_7B):
    """(name, type, split when annotated) of the parameters of layer `i`, in
    order."""
    hidden, heads, kv_heads, head_dim, ffn = (
        shape[k] for k in ("hidden", "heads", "kv_heads", "head_dim", "ffn"))
    kv = kv_heads * head_dim
    return [
        (f"past_k{i}", tensor("b", "p", kv_heads, head_dim), KV_HEADS_DIM),
        (f"past_v{i}", tensor("b", "p", kv_heads, head_dim), KV_HEADS_DIM),
        (f"attn_norm{i}", tensor(hidden), None),
        (f"wq{i}", tensor(hidden, heads * head_dim), COLUMNS),
        (f"wk{i}", tensor(hidden, kv), COLUMNS),
        (f"wv{i}", tensor(hidden, kv), COLUMNS),
        (f"wo{i}", tensor(heads * head_dim, hidden), ROWS),
        (f"mlp_norm{i}", tensor(hidden), None),
        (f"w_gate{i}", tensor(hidden, ffn), COLUMNS),
        (f"w_up{i}", tensor(hidden, ffn), COLUMNS),
        (f"w_down{i}", tensor(ffn, hidden), ROWS),
    ]


def layer_body(i, x, x_type, types, shape=LLAMA_7B):
    """The ops of layer `i` reading hidden state `x`; returns (lines, out,
    new_k, new_v)."""
    t = types
    heads, kv_heads, head_dim = shape["heads"], shape["kv_heads"], shape["head_dim"]
    lines = [f"    // Layer {i}: attention."]

    def op(name, text):
        lines.append(f"    %{name}{i} = {text}")
        return f"%{name}{i}"

    xn = op("xn", f"relax.rms_norm {x}, %attn_norm{i} {{epsilon = {EPS} : f64}}"
                  f" : ({x_type}, {t[f'attn_norm{i}']}) -> {DYN}")
    q = op("q", f"relax.matmul {xn}, %wq{i} : ({DYN}, {t[f'wq{i}']}) -> {DYN}")
    k = op("k", f"relax.matmul {xn}, %wk{i} : ({DYN}, {t[f'wk{i}']}) -> {DYN}")
    v = op("v", f"relax.matmul {xn}, %wv{i} : ({DYN}, {t[f'wv{i}']}) -> {DYN}")
    qh = op("qh", f"relax.reshape {q} {{shape = #sym.shape<[b, s, {heads}, "
                  f"{head_dim}]>}} : ({DYN}) -> {DYN}")
    kh = op("kh", f"relax.reshape {k} {{shape = #sym.shape<[b, s, {kv_heads}, "
                  f"{head_dim}]>}} : ({DYN}) -> {DYN}")
    vh = op("vh", f"relax.reshape {v} {{shape = #sym.shape<[b, s, {kv_heads}, "
                  f"{head_dim}]>}} : ({DYN}) -> {DYN}")
    table = t["cos"]
    qr = op("qr", f"relax.rotary_embedding {qh}, %cos, %sin : "
                  f"({DYN}, {table}, {table}) -> {DYN}")
    kr = op("kr", f"relax.rotary_embedding {kh}, %cos, %sin : "
                  f"({DYN}, {table}, {table}) -> {DYN}")
    keys = op("keys", f"relax.concat %past_k{i}, {kr} {{axis = 1 : i64}} : "
                      f"({t[f'past_k{i}']}, {DYN}) -> {DYN}")
    values = op("values", f"relax.concat %past_v{i}, {vh} {{axis = 1 : i64}} : "
                          f"({t[f'past_v{i}']}, {DYN}) -> {DYN}")
    attn = op("attn", f"relax.attention {qr}, {keys}, {values} "
                      f"{{causal = true}} : ({DYN}, {DYN}, {DYN}) -> {DYN}")
    merged = op("merged", f"relax.reshape {attn} {{shape = #sym.shape<[b, s, "
                          f"{heads * head_dim}]>}} : ({DYN}) -> {DYN}")
    o = op("o", f"relax.matmul {merged}, %wo{i} : "
                f"({DYN}, {t[f'wo{i}']}) -> {DYN}")
    h = op("h", f"relax.add {x}, {o} : ({x_type}, {DYN}) -> {DYN}")
    lines.append(f"    // Layer {i}: SwiGLU MLP.")
    hn = op("hn", f"relax.rms_norm {h}, %mlp_norm{i} {{epsilon = {EPS} : f64}}"
                  f" : ({DYN}, {t[f'mlp_norm{i}']}) -> {DYN}")
    gate = op("gate", f"relax.matmul {hn}, %w_gate{i} : "
                      f"({DYN}, {t[f'w_gate{i}']}) -> {DYN}")
    up = op("up", f"relax.matmul {hn}, %w_up{i} : "
                  f"({DYN}, {t[f'w_up{i}']}) -> {DYN}")
    act = op("act", f"relax.silu {gate} : ({DYN}) -> {DYN}")
    prod = op("prod", f"relax.multiply {act}, {up} : ({DYN}, {DYN}) -> {DYN}")
    down = op("down", f"relax.matmul {prod}, %w_down{i} : "
                      f"({DYN}, {t[f'w_down{i}']}) -> {DYN}")
    y = op("y", f"relax.add {h}, {down} : ({DYN}, {DYN}) -> {DYN}")
    return lines, y, keys, values


def generate(layers, shape=LLAMA_7B, ranks=1):
    """The stack of `layers` layers of `shape`, split over `ranks` ranks
    (annotated for --relax-tensor-parallel) when more than one."""
    hidden, head_dim = shape["hidden"], shape["head_dim"]
    params = [("x", tensor("b", "s", hidden), None),
              ("cos", tensor("s", head_dim), None),
              ("sin", tensor("s", head_dim), None)]
    for i in range(layers):
        params += layer_params(i, shape)
    params.append(("final_norm", tensor(hidden), None))
    types = {name: ty for name, ty, _ in params}

    body, caches = [], []
    x, x_type = "%x", types["x"]
    for i in range(layers):
        lines, x, keys, values = layer_body(i, x, x_type, types, shape)
        x_type = DYN
        body += lines
        caches += [keys, values]
    body.append("    // Final norm.")
    body.append(f"    %out = relax.rms_norm {x}, %final_norm "
                f"{{epsilon = {EPS} : f64}} : ({x_type}, {types['final_norm']})"
                f" -> {DYN}")
    results = ["%out"] + caches
    n = len(results)
    result_types = ", ".join([DYN] * n)
    names = ["%r_out"] + [f"%r_{kind}{i}" for i in range(layers)
                          for kind in ("k", "v")]
    split = ranks > 1
    # The caches stay split: each rank keeps its heads.
    declared = ", ".join([DYN] + [f"{DYN} {KV_HEADS_DIM}" if split else DYN] * (n - 1))

    pad = " " * len("relax.func @main(")
    param_text = (",\n" + pad).join(
        f"%{name}: {ty}" + (f" {attr}" if split and attr else "")
        for name, ty, attr in params)
    kind = ("Llama-7B-shaped" if shape == LLAMA_7B else "Llama-style")
    out = [
        f"// {kind} decoder stack, {layers} layer(s): hidden {hidden}, "
        f"{shape['heads']} heads ({shape['kv_heads']} KV heads) of {head_dim},",
        f"// SwiGLU MLP {shape['ffn']}, f32, KV cache of symbolic length p. Generated by "
        "bench/gen_llama.py" + (f", split over {ranks} ranks." if split else "."),
        "",
    ]
    if split:
        out += [f"shard.grid @tp(shape = {ranks})", ""]
    out += [
        f"relax.func @main({param_text})",
        f"    -> ({declared})",
        "    attributes {" + ("relax.grid = @tp, " if split else "")
        + "sym.constraints = [#sym.range<b in [1, 64]>,",
        "                                   #sym.range<s in [1, 4096]>,",
        "                                   #sym.range<p in [0, 4096]>]} {",
        f"  {', '.join(names)} = relax.dataflow -> {result_types} {{",
    ]
    out += body
    out.append(f"    relax.output {', '.join(results)} : {result_types}")
    out.append("  }")
    out.append(f"  relax.return {', '.join(names)} : {result_types}")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=1)
    parser.add_argument("--ranks", type=int, default=1,
                        help="annotate the stack for this many ranks")
    parser.add_argument("-o", "--output", default="-")
    opts = parser.parse_args()
    if opts.layers < 1:
        parser.error("--layers must be at least 1")
    if opts.ranks < 1:
        parser.error("--ranks must be at least 1")
    text = generate(opts.layers, ranks=opts.ranks)
    if opts.output == "-":
        sys.stdout.write(text)
    else:
        with open(opts.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
