#!/usr/bin/env python3
"""Benchmark: what fusion does to kernels per call and to CPU time.

Prints two tables:
  1. kernels per call of every shipped example before and after
     --relax-fuse (calls of tensor programs and library functions left after
     legalization; reshapes are views, counted apart);
  2. the Llama-style layer of examples/llama_layer.mlir on all cores
     (OpenMP) at each sequence length, unfused and fused, beside PyTorch on
     the CPU in the same run, and at seq 1 the decode bound: the bytes of the
     weights read once at 30 GB/s.
Each time is the best of --reps calls, which filters out the noise of a
shared machine.

Usage: bench/fusion.py [--build build] [--seq 1,32,512] [--past 0] [--reps 10]
"""

import argparse
import os
import re
import subprocess

import llama_layer as llama

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = ("mlp", "clip_vision_block", "gpt2_block", "llama_decoder_layer",
            "llama_layer", "whisper_encoder_block")
BANDWIDTH = 30e9


def count_kernels(build, model, fuse):
    passes = ["--relax-infer-shapes"] + (["--relax-fuse"] if fuse else []) + \
        ["--relax-legalize"]
    text = subprocess.run(
        [os.path.join(build, "bin", "relax-opt"),
         os.path.join(ROOT, "examples", model + ".mlir")] + passes,
        capture_output=True, text=True, check=True).stdout
    kernels = len(re.findall(r"= (?:relax\.)?call_(?:tir|library)\b", text))
    views = len(re.findall(r"= (?:relax\.)?view\b", text))
    return kernels, views


def relax_time(build, seq, past, reps, fuse):
    out = subprocess.run(
        [os.path.join(build, "bin", "relax-run"), llama.MODEL, "--size", "b=1",
         "--size", f"s={seq}", "--size", f"p={past}", "--reps", str(reps),
         f"--pipeline-options=parallel=true fuse={int(fuse)}"],
        capture_output=True, text=True, check=True).stdout
    return float(re.search(r"\(best ([\d.]+) ms\)", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seq", default="1,32,512")
    parser.add_argument("--past", type=int, default=0)
    parser.add_argument("--reps", type=int, default=10)
    opts = parser.parse_args()

    print("| example | kernels unfused | kernels fused | views |")
    print("|---|---:|---:|---:|")
    for model in EXAMPLES:
        before, views = count_kernels(opts.build, model, False)
        after, _ = count_kernels(opts.build, model, True)
        print(f"| {model} | {before} | {after} | {views} |")

    weights = 4 * (llama.HIDDEN * llama.HIDDEN * 2 +
                   llama.HIDDEN * 128 * 2 + llama.HIDDEN * llama.FFN * 3)
    bound = weights / BANDWIDTH * 1000
    print(f"\nLlama-style layer, batch 1, KV cache {opts.past}, f32, "
          f"{os.cpu_count()} CPUs, OpenMP; decode bound "
          f"{weights / 1e6:.1f} MB of weights at 30 GB/s = {bound:.2f} ms\n")
    rows = []
    for seq in (int(s) for s in opts.seq.split(",")):
        unfused = relax_time(opts.build, seq, opts.past, opts.reps, False)
        fused = relax_time(opts.build, seq, opts.past, opts.reps, True)
        peer, name = llama.peer_time(seq, opts.past, opts.reps)
        rows.append((seq, unfused, fused, peer))
    print(f"| seq | unfused | fused | {name} | fused / unfused "
          f"| fused / peer | fused / decode bound |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for seq, unfused, fused, peer in rows:
        to_bound = f"{fused / bound:.1f}x" if seq == 1 else ""
        print(f"| {seq} | {unfused:.2f} | {fused:.2f} | {peer:.2f} "
              f"| {fused / unfused:.2f}x | {fused / peer:.2f}x | {to_bound} |")
    print("\nTimes are ms per call.")


if __name__ == "__main__":
    main()
