#!/usr/bin/env python3
"""Benchmark: the Llama-style layer before and after a change of the lowering.

Compares two builds of relax-opt and relax-run (BEFORE and AFTER, each a
folder holding both binaries) on examples/llama_layer.mlir, the layer that
bench/llama_layer.py times, and prints one markdown table with, for each
sequence length:

  - kernels per call: the calls of the host function @main to generated
    kernels, counted in the IR that each relax-opt lowers to the host level
    (--kernel-args-before / --kernel-args-after: the passes that get there;
    a callee counts when it is marked `relax_codegen.kernel`, or, in a module where
    no function is, when it has a body, so that library functions do not);
  - allocations and bytes per call: the malloc, calloc, realloc,
    aligned_alloc, posix_memalign and memalign calls of the compiled code,
    counted by an LD_PRELOAD shim (bench/malloc_count.c, compiled here with
    cc) in a run of 1 call and a run of 1 + --count-reps calls, the
    difference divided by --count-reps, so that compile-time and one-time
    allocations cancel;
  - time per call: the best of --reps calls that relax-run reports, for
    each build, --rounds times in turn (the best is kept), and the same
    layer in PyTorch (numpy when PyTorch is not installed) in the same run,
    with the ratios to it and of AFTER to BEFORE; all on one thread, or,
    with --parallel, relax-run with OpenMP and PyTorch on all cores.

Usage: bench/llama_spine.py --before DIR --after DIR
           [--before-name 58e7feb] [--after-name HEAD] [--seq 1,32,512]
           [--reps 20] [--rounds 2] [--count-reps 4] [--parallel]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)

import llama_layer  # noqa: E402

MODEL = llama_layer.MODEL

# The passes that lower the layer to host functions calling kernels: the
# whole-module bufferization design (--relax-to-func on tensors) and the
# explicit-allocation design (the CPU pipeline without its LLVM part).
KERNEL_ARGS_BEFORE = ("--relax-infer-shapes --relax-legalize "
                      "--relax-to-non-dataflow --relax-to-func")
KERNEL_ARGS_AFTER = "--relax-infer-shapes --relax-lower-to-cpu=to-llvm=0"

FUNC = re.compile(r"^\s*(?:func\.func|tprog\.func)\s+(?:(?:private|public)\s+)?"
                  r"@([\w$.]+)\(")
CALL = re.compile(r"\bcall\s+@([\w$.]+)\(")


def functions(ir):
    """Top-level functions of a printed module: {name: (header, body
    lines)}; a declaration has no body lines."""
    funcs, current = {}, None
    for line in ir.splitlines():
        match = FUNC.match(line)
        if match and line.startswith("  ") and not line.startswith("    "):
            current = match.group(1)
            funcs[current] = (line, [])
        elif current is not None:
            if line.startswith("  }") and not line.startswith("   "):
                current = None
            else:
                funcs[current][1].append(line)
    return funcs


def count_kernels(relax_opt, args, entry="main"):
    """The calls of `entry` to kernels in the module that `relax_opt args`
    prints."""
    ir = subprocess.run([relax_opt, MODEL] + args.split(),
                        capture_output=True, text=True, check=True).stdout
    funcs = functions(ir)
    marked = {name for name, (header, _) in funcs.items()
              if "relax_codegen.kernel" in header}

    def is_kernel(name):
        if name not in funcs or name == entry:
            return False
        return name in marked if marked else bool(funcs[name][1])

    return sum(is_kernel(callee)
               for line in funcs[entry][1] for callee in CALL.findall(line))


def build_shim(workdir):
    shim = os.path.join(workdir, "malloc_count.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", shim,
                    os.path.join(BENCH, "malloc_count.c")], check=True)
    return shim


def relax_run(bin_dir, seq, past, reps, parallel=False, env=None):
    """Runs the layer; returns relax-run's best time per call in ms."""
    out = subprocess.run(
        [os.path.join(bin_dir, "relax-run"), MODEL, "--size", "b=1",
         "--size", f"s={seq}", "--size", f"p={past}", "--reps", str(reps)]
        + (["--parallel", "--runtime=openmp"] if parallel else []),
        capture_output=True, text=True, check=True,
        env=dict(os.environ, **(env or {}))).stdout
    return float(re.search(r"\(best ([\d.]+) ms\)", out).group(1))


def count_allocations(bin_dir, seq, past, reps, shim, workdir):
    """Allocations and bytes per call of the compiled code."""
    counts = []
    for calls in (1, 1 + reps):
        path = os.path.join(workdir, "counts")
        relax_run(bin_dir, seq, past, calls,
                  env={"LD_PRELOAD": shim, "MALLOC_COUNT_OUT": path})
        with open(path) as file:
            counts.append([int(n) for n in file.read().split()])
    (calls1, bytes1, _, _), (callsn, bytesn, _, _) = counts
    return (callsn - calls1) / reps, (bytesn - bytes1) / reps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True,
                        help="folder with relax-opt and relax-run of BEFORE")
    parser.add_argument("--after", default=os.path.join(ROOT, "build", "bin"),
                        help="folder with relax-opt and relax-run of AFTER")
    parser.add_argument("--before-name", default="before")
    parser.add_argument("--after-name", default="after")
    parser.add_argument("--kernel-args-before", default=KERNEL_ARGS_BEFORE)
    parser.add_argument("--kernel-args-after", default=KERNEL_ARGS_AFTER)
    parser.add_argument("--seq", default="1,32,512")
    parser.add_argument("--past", type=int, default=0)
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--count-reps", type=int, default=4)
    parser.add_argument("--parallel", action="store_true",
                        help="relax-run with OpenMP and PyTorch on all cores "
                             "(default: both on one thread)")
    opts = parser.parse_args()
    if not opts.parallel:
        try:
            import torch
            torch.set_num_threads(1)
        except ImportError:
            pass

    builds = [(opts.before_name, opts.before, opts.kernel_args_before),
              (opts.after_name, opts.after, opts.kernel_args_after)]
    kernels = [count_kernels(os.path.join(path, "relax-opt"), args)
               for _, path, args in builds]
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        shim = build_shim(workdir)
        for seq in (int(s) for s in opts.seq.split(",")):
            allocs = [count_allocations(path, seq, opts.past,
                                        opts.count_reps, shim, workdir)
                      for _, path, _ in builds]
            times = [float("inf")] * len(builds)
            peer = float("inf")
            for _ in range(opts.rounds):
                for i, (_, path, _) in enumerate(builds):
                    times[i] = min(times[i], relax_run(
                        path, seq, opts.past, opts.reps, opts.parallel))
                ms, name = llama_layer.peer_time(seq, opts.past, opts.reps)
                peer = min(peer, ms)
            rows.append((seq, allocs, times, peer))
            print(f"seq {seq}: " + ", ".join(
                f"{n:g} allocations, {b:.0f} bytes, {t:.2f} ms"
                for (n, b), t in zip(allocs, times)) + f"; peer {peer:.2f} ms",
                file=sys.stderr)

    before, after = opts.before_name, opts.after_name
    threads = (f"OpenMP on {os.cpu_count()} cores" if opts.parallel
               else "one thread")
    print(f"Llama-style layer (examples/llama_layer.mlir), batch 1, KV cache "
          f"{opts.past}, f32, {threads}; BEFORE = {before}, AFTER = {after}"
          f"\n")
    print(f"| seq | kernels per call | allocations per call "
          f"| MB allocated per call | BEFORE ms | AFTER ms | {name} ms "
          f"| BEFORE / peer | AFTER / peer | AFTER / BEFORE |")
    print("|---:" * 10 + "|")
    for seq, allocs, times, peer in rows:
        print(f"| {seq} | {kernels[0]} -> {kernels[1]} "
              f"| {allocs[0][0]:g} -> {allocs[1][0]:g} "
              f"| {allocs[0][1] / 1e6:.3f} -> {allocs[1][1] / 1e6:.3f} "
              f"| {times[0]:.2f} | {times[1]:.2f} | {peer:.2f} "
              f"| {times[0] / peer:.2f}x | {times[1] / peer:.2f}x "
              f"| {times[1] / times[0]:.2f}x |")
    print(f"\nTimes are the best of {opts.reps} calls in each of "
          f"{opts.rounds} rounds.")


if __name__ == "__main__":
    main()
