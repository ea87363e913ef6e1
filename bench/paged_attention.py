"""One layer's relax.paged_attention on the CPU in both of its forms, in one
run: `gather` (the products read every key through the page table) and
`pages` (the CPU pipeline's default: loops over each token's pages read
contiguous blocks), compiled with relax-compile and called through
relax_runtime on one thread, against numpy's attention and the machine's
read bandwidth.

    python3 bench/paged_attention.py [--build build] [--markdown FILE]

The layer: 32 query heads, 8 kv heads of 64 (the 1B Llama of
bench/llm_decode.py), pages of 16 tokens, f32; the pages of each sequence
are scattered over the pool at random. Rows: decode of one sequence at
context 128 and 2048, decode of 8 sequences at 512, and a prefill chunk of
64 tokens at the end of a 512-token sequence. Time per call is the best of
7 after one untimed call; GB/s is the keys and values the call attends
over (each read once) divided by that time.
"""

import argparse
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import best_time, cpu_info, cpu_line, flags_text  # noqa: E402
from llm_decode import read_bandwidth, rates_text  # noqa: E402

HEADS, KV_HEADS, HEAD_DIM, PAGE = 32, 8, 64, 16
ROWS = [("decode, 1 sequence @128", 1, 128, 1),
        ("decode, 1 sequence @2048", 1, 2048, 1),
        ("decode, 8 sequences @512", 8, 512, 1),
        ("prefill 64 tokens @512", 1, 512, 64)]

MODULE = f"""relax.func @attn(%q: !relax.tensor<[t, {HEADS}, {HEAD_DIM}], f32>, %pages: !relax.tensor<[1, n, 2, {KV_HEADS}, {PAGE}, {HEAD_DIM}], f32>, %table: !relax.tensor<[b, m], i32>, %qseq: !relax.tensor<[t], i32>, %qpos: !relax.tensor<[t], i32>) -> !relax.tensor<[t, {HEADS}, {HEAD_DIM}], f32> {{
  %o = relax.paged_attention %q, %pages, %table, %qseq, %qpos {{layer = 0 : i64}} : (!relax.tensor<[t, {HEADS}, {HEAD_DIM}], f32>, !relax.tensor<[1, n, 2, {KV_HEADS}, {PAGE}, {HEAD_DIM}], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, {HEADS}, {HEAD_DIM}], f32>
  relax.return %o : !relax.tensor<[t, {HEADS}, {HEAD_DIM}], f32>
}}
"""


def make_case(rng, seqs, context, tokens):
    """Pages for `seqs` sequences of `context` tokens, scattered; queries for
    the last `tokens` positions of each."""
    per_seq = -(-context // PAGE)
    pages = rng.standard_normal((1, seqs * per_seq, 2, KV_HEADS, PAGE, HEAD_DIM)).astype(np.float32)
    table = rng.permutation(seqs * per_seq).astype(np.int32).reshape(seqs, per_seq)
    q = rng.standard_normal((seqs * tokens, HEADS, HEAD_DIM)).astype(np.float32)
    q_seq = np.repeat(np.arange(seqs, dtype=np.int32), tokens)
    q_pos = np.tile(np.arange(context - tokens, context, dtype=np.int32), seqs)
    return q, pages, table, q_seq, q_pos


def reference(q, pages, table, q_seq, q_pos, t):
    """numpy's attention of token t over its sequence's keys 0 .. q_pos[t]."""
    seen = q_pos[t] + 1
    blocks = pages[0, table[q_seq[t]]]  # [pages, 2, KVH, S, D]
    keys = blocks[:, 0].transpose(1, 0, 2, 3).reshape(KV_HEADS, -1, HEAD_DIM)[:, :seen]
    values = blocks[:, 1].transpose(1, 0, 2, 3).reshape(KV_HEADS, -1, HEAD_DIM)[:, :seen]
    out = np.zeros((HEADS, HEAD_DIM), np.float32)
    for h in range(HEADS):
        c = h // (HEADS // KV_HEADS)
        scores = keys[c] @ q[t, h] / np.sqrt(HEAD_DIM)
        w = np.exp(scores - scores.max())
        out[h] = (w / w.sum()) @ values[c]
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "python"))
    import relax_runtime

    _, flags = cpu_info()
    rates = read_bandwidth()
    gbs = max(rates.values())
    lines = [cpu_line(), "Flags: " + flags_text(flags),
             "One thread; memory read of 1 GiB f32 (best of 5): " + rates_text(rates)]

    functions = {}
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "attn.mlir")
        with open(source, "w") as f:
            f.write(MODULE)
        for form in ("gather", "pages"):
            library = os.path.join(work, f"{form}.so")
            subprocess.run([os.path.join(build, "bin", "relax-compile"), source, "-o", library,
                            "--pipeline-options", f"paged-attention={form}"],
                           check=True, stdout=subprocess.DEVNULL)
            functions[form] = relax_runtime.Module(library)["attn"]

        rng = np.random.default_rng(0)
        table = ["| call | keys and values read | gather ms | pages ms | gather / pages "
                 "| pages GB/s | max abs err vs numpy (gather / pages) |",
                 "|---|---:|---:|---:|---:|---:|---:|"]
        for name, seqs, context, tokens in ROWS:
            case = make_case(rng, seqs, context, tokens)
            kv_bytes = seqs * context * KV_HEADS * HEAD_DIM * 2 * 4
            times, errors = {}, {}
            for form, fn in functions.items():
                out = np.asarray(fn(*case))
                errors[form] = max(np.abs(out[t] - reference(*case, t)).max()
                                   for t in (0, len(case[0]) - 1))
                times[form] = best_time(lambda: fn(*case), repeat=7)
            table.append(f"| {name} | {kv_bytes / 1e6:.1f} MB | {times['gather'] * 1e3:.3f} "
                         f"| {times['pages'] * 1e3:.3f} | {times['gather'] / times['pages']:.1f}x "
                         f"| {kv_bytes / times['pages'] / 1e9:.1f} "
                         f"| {errors['gather']:.1e} / {errors['pages']:.1e} |")
    lines += ["", *table, "",
              f"Read bandwidth bound of the 2048 row: {2048 * KV_HEADS * HEAD_DIM * 8 / gbs / 1e6:.2f} ms "
              f"at {gbs:.1f} GB/s (a decode step's keys and values fit no cache level of "
              "a 1B model's 16 layers, though this benchmark's single layer may stay in L2/L3)."]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
