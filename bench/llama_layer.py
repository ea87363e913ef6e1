#!/usr/bin/env python3
"""Benchmark: the Llama-style layer of examples/llama_layer.mlir on the CPU.

For each sequence length, times a call of the module compiled by relax-run
(--relax-lower-to-cpu, compiled once per run) on one thread, on all cores
with OpenMP, on all cores with MLIR's async runtime and (when the CPU
runtime library is built) with OpenMP and matmuls in OpenBLAS, and a call of the
same layer in PyTorch on the CPU, in the same run, and prints a table with
the ratio of the best of the three to PyTorch. Each time is the best of
--reps calls, which filters out the noise of a shared machine.
Also times relax-opt compiling the module. Falls back to numpy as the peer
when PyTorch is not installed.

Usage: bench/llama_layer.py [--build build] [--seq 1,32,512] [--reps 3]
"""

import argparse
import os
import re
import subprocess
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "examples", "llama_layer.mlir")
HIDDEN, HEADS, KV_HEADS, HEAD_DIM, FFN = 512, 8, 2, 64, 1376


def relax_time(build, seq, past, reps, runtime, library=False):
    out = subprocess.run(
        [os.path.join(build, "bin", "relax-run"), MODEL, "--size", "b=1",
         "--size", f"s={seq}", "--size", f"p={past}", "--reps", str(reps)]
        + ([f"--pipeline-options=parallel=true runtime={runtime}"] if runtime else [])
        + (["--pipeline-options=library=true"] if library else []),
        capture_output=True, text=True, check=True).stdout
    return float(re.search(r"\(best ([\d.]+) ms\)", out).group(1))


def peer_layer(xp):
    """The layer in PyTorch (or numpy), written independently."""

    def rms_norm(x, w):
        return x / xp.sqrt((x * x).mean(-1, keepdims=True) + 1e-5) * w

    def rotary(x, cos, sin):
        half = x.shape[-1] // 2
        rot = xp.concatenate([-x[..., half:], x[..., :half]], -1) \
            if xp is np else xp.cat([-x[..., half:], x[..., :half]], -1)
        return x * cos[None, :, None, :] + rot * sin[None, :, None, :]

    def layer(x, pk, pv, cos, sin, n1, wq, wk, wv, wo, n2, wg, wu, wd):
        b, s, _ = x.shape
        cat = np.concatenate if xp is np else xp.cat
        h = rms_norm(x, n1)
        q = rotary((h @ wq).reshape(b, s, HEADS, HEAD_DIM), cos, sin)
        k = rotary((h @ wk).reshape(b, s, KV_HEADS, HEAD_DIM), cos, sin)
        v = (h @ wv).reshape(b, s, KV_HEADS, HEAD_DIM)
        k, v = cat([pk, k], 1), cat([pv, v], 1)
        t = k.shape[1]
        group = HEADS // KV_HEADS
        k = k.repeat(group, 2) if xp is np else k.repeat_interleave(group, 2)
        v = v.repeat(group, 2) if xp is np else v.repeat_interleave(group, 2)
        scores = (q.transpose(0, 2, 1, 3) if xp is np else q.transpose(1, 2)) @ \
            (k.transpose(0, 2, 3, 1) if xp is np else k.permute(0, 2, 3, 1))
        scores = scores / np.sqrt(HEAD_DIM)
        allowed = np.arange(t)[None, :] <= (t - s + np.arange(s))[:, None]
        mask = allowed if xp is np else xp.from_numpy(allowed)
        scores = xp.where(mask, scores, -np.inf) if xp is np else \
            scores.masked_fill(~mask, float("-inf"))
        p = xp.exp(scores - scores.max(-1, keepdims=True)) if xp is np else \
            xp.softmax(scores, -1)
        if xp is np:
            p = p / p.sum(-1, keepdims=True)
        a = p @ (v.transpose(0, 2, 1, 3) if xp is np else v.transpose(1, 2))
        a = a.transpose(0, 2, 1, 3) if xp is np else a.transpose(1, 2)
        x2 = x + a.reshape(b, s, HIDDEN) @ wo
        h2 = rms_norm(x2, n2)
        g = h2 @ wg
        return x2 + (g / (1 + xp.exp(-g)) * (h2 @ wu)) @ wd

    return layer


def peer_time(seq, past, reps):
    rng = np.random.default_rng(0)
    shapes = [(1, seq, HIDDEN), (1, past, KV_HEADS, HEAD_DIM),
              (1, past, KV_HEADS, HEAD_DIM), (seq, HEAD_DIM), (seq, HEAD_DIM),
              (HIDDEN,), (HIDDEN, HIDDEN), (HIDDEN, 128), (HIDDEN, 128),
              (HIDDEN, HIDDEN), (HIDDEN,), (HIDDEN, FFN), (HIDDEN, FFN),
              (FFN, HIDDEN)]
    args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    try:
        import torch
        torch.set_grad_enabled(False)
        xp, name = torch, f"PyTorch {torch.__version__}"
        args = [torch.from_numpy(a) for a in args]
    except ImportError:
        xp, name = np, f"numpy {np.__version__}"
    layer = peer_layer(xp)
    layer(*args)
    best = float("inf")
    for _ in range(reps):
        start = time.perf_counter()
        layer(*args)
        best = min(best, time.perf_counter() - start)
    return best * 1000, name


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seq", default="1,32,512")
    parser.add_argument("--past", type=int, default=0)
    parser.add_argument("--reps", type=int, default=3)
    opts = parser.parse_args()

    start = time.perf_counter()
    subprocess.run([os.path.join(opts.build, "bin", "relax-opt"), MODEL,
                    "--relax-infer-shapes", "--relax-lower-to-cpu",
                    "-o", os.devnull], check=True)
    compile_ms = (time.perf_counter() - start) * 1000

    print(f"Llama-style layer (hidden {HIDDEN}, {HEADS} heads, {KV_HEADS} KV "
          f"heads, MLP {FFN}), batch 1, KV cache {opts.past}, f32, "
          f"{os.cpu_count()} CPUs")
    print(f"relax-opt --relax-lower-to-cpu: {compile_ms:.0f} ms\n")
    # The CPU runtime library is built when OpenBLAS is installed.
    has_library = os.path.exists(
        os.path.join(opts.build, "lib", "librelax_cpu_runtime.so"))
    rows = []
    for seq in (int(s) for s in opts.seq.split(",")):
        times = [relax_time(opts.build, seq, opts.past, opts.reps, runtime)
                 for runtime in (None, "openmp", "async")]
        if has_library:
            times.append(relax_time(opts.build, seq, opts.past, opts.reps,
                                    "openmp", library=True))
        peer, name = peer_time(seq, opts.past, opts.reps)
        rows.append((seq, times, peer))
    library_column = " relax-mlir OpenMP + OpenBLAS |" if has_library else ""
    print(f"| seq | relax-mlir 1 thread | relax-mlir OpenMP "
          f"| relax-mlir async |{library_column} {name} "
          f"| ratio (best / peer) |")
    print("|---:" * (6 + has_library) + "|")
    for seq, times, peer in rows:
        cells = " | ".join(f"{t:.2f}" for t in times)
        print(f"| {seq} | {cells} | {peer:.2f} | {min(times) / peer:.1f}x |")
    print("\nTimes are ms per call.")


if __name__ == "__main__":
    main()
