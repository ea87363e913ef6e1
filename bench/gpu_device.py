#!/usr/bin/env python3
"""Benchmark and check on a GPU: the device axis of the benchmarks.

1. Every example in examples/ runs with relax-run --device DEVICE at two
   sizes of its symbolic dims, on relax-run's seeded random inputs, and is
   compared with the same module on the CPU (max difference relative to the
   largest magnitude, every result); on cuda and rocm once more with the
   matmuls in the vendor's BLAS (library=true: cuBLAS, hipBLAS).
2. The Llama-style layer (examples/llama_layer.mlir, and an f16 copy of it)
   is timed on the device for decode (s=1 with a 512-token cache) and prefill
   (s=512), best of --reps calls, next to the same layer in PyTorch on the
   matching device in the same run (CUDA for cuda and rocm; the CPU
   otherwise, marked so), in f32 on cuda and rocm with library=true too, and
   prefill once more with scalar accesses in elementwise kernels
   (vector-width=1) to compare with the default vectors of 4.
   For decode, the bandwidth column is the bytes of weights and cache read
   per call over the time.

On lavapipe (--device vulkan, no GPU) only the first table means anything.

Usage: bench/gpu_device.py [--build build] [--device cuda] [--chip sm_90]
                           [--reps 20]
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from llama_layer import (FFN, HEAD_DIM, HIDDEN, KV_HEADS,  # noqa: E402
                         peer_layer)

EXAMPLES = (
    ("mlp", ("b=1", "b=7")),
    ("clip_vision_block", ("b=1 h=32 w=32", "b=2 h=48 w=16")),
    ("gpt2_block", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
    ("llama_decoder_layer", ("b=1 s=3", "b=2 s=7")),
    ("llama_layer", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
    ("whisper_encoder_block", ("b=1 t=6", "b=2 t=10")),
)


def relax_run(build, model, args):
    proc = subprocess.run([os.path.join(build, "bin", "relax-run"), model]
                          + args, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def results(prefix):
    paths = [prefix + ".npy"] + sorted(
        glob.glob(prefix + ".[0-9]*.npy"),
        key=lambda p: int(p[len(prefix) + 1:-4]))
    return [np.load(p) for p in paths]


def check_examples(build, device, chip, work, library=False):
    label = f"{device} with library=true" if library else device
    print(f"Examples on {label} against the CPU (relative max difference)")
    print(f"{'model':24} {'sizes':18} {'results':>7} {'difference':>11}")
    failures = 0
    for model, sizes in EXAMPLES:
        path = os.path.join(ROOT, "examples", model + ".mlir")
        for size in sizes:
            flags = [a for s in size.split() for a in ("--size", s)]
            outs = {}
            for dev in ("cpu", device):
                prefix = os.path.join(work, f"{model}_{dev}")
                extra = [f"--pipeline-options=chip={chip}"] if chip and dev != "cpu" else []
                if library and dev != "cpu":
                    extra.append("--pipeline-options=library=true")
                rc, text = relax_run(build, path, flags + extra + [
                    "--device", dev, "--seed", "1", "--output",
                    prefix + ".npy"])
                if rc:
                    outs = None
                    print(f"{model:24} {size:18} failed on {dev}: "
                          f"{text.strip().splitlines()[-1]}")
                    break
                outs[dev] = results(prefix)
            if outs is None:
                failures += 1
                continue
            worst = 0.0
            for a, b in zip(outs["cpu"], outs[device]):
                scale = max(float(np.abs(a).max()), 1e-30)
                worst = max(worst, float(np.abs(a - b).max()) / scale)
            ok = worst < 1e-3 and len(outs["cpu"]) == len(outs[device])
            failures += not ok
            print(f"{model:24} {size:18} {len(outs[device]):7} "
                  f"{worst:11.1e} {'ok' if ok else 'BAD'}")
    return failures


def peer_time(seq, past, reps, dtype, device):
    """PyTorch's time for the layer on `device` (or why it has none)."""
    try:
        import torch
    except ImportError:
        return None, "PyTorch not installed"
    cuda = device in ("cuda", "rocm") and torch.cuda.is_available()
    where = "cuda" if cuda else "cpu"
    torch.set_grad_enabled(False)
    rng = np.random.default_rng(0)
    shapes = [(1, seq, HIDDEN), (1, past, KV_HEADS, HEAD_DIM),
              (1, past, KV_HEADS, HEAD_DIM), (seq, HEAD_DIM), (seq, HEAD_DIM),
              (HIDDEN,), (HIDDEN, HIDDEN), (HIDDEN, 128), (HIDDEN, 128),
              (HIDDEN, HIDDEN), (HIDDEN,), (HIDDEN, FFN), (HIDDEN, FFN),
              (FFN, HIDDEN)]
    kind = torch.float16 if dtype == "f16" else torch.float32
    args = [torch.from_numpy(rng.standard_normal(s).astype(np.float32))
            .to(where, kind) for s in shapes]
    layer = peer_layer(torch)
    layer(*args)
    best = float("inf")
    for _ in range(reps):
        if cuda:
            torch.cuda.synchronize()
        start = time.perf_counter()
        layer(*args)
        if cuda:
            torch.cuda.synchronize()
        best = min(best, time.perf_counter() - start)
    return best * 1000, f"PyTorch {torch.__version__} {where}"


def time_layer(build, device, chip, reps, work):
    print(f"\nLlama-style layer on {device} (best of {reps} calls)")
    print(f"{'case':22} {'dtype':5} {'relax ms':>9} {'GB/s':>7} "
          f"{'peer ms':>8} {'peer/relax':>10}  peer")
    source = open(os.path.join(ROOT, "examples", "llama_layer.mlir")).read()
    for dtype in ("f32", "f16"):
        path = os.path.join(work, f"llama_layer_{dtype}.mlir")
        with open(path, "w") as f:
            f.write(source.replace("f32", dtype))
        cases = [("decode s=1 p=512", 1, 512, []),
                 ("prefill s=512", 512, 0, [])]
        if dtype == "f32" and device in ("cuda", "rocm"):
            cases += [("decode s=1 p=512 BLAS", 1, 512, ["--pipeline-options=library=true"]),
                      ("prefill s=512 BLAS", 512, 0, ["--library"])]
        # The elementwise kernels without vector loads, to compare.
        cases += [("prefill s=512 scalar", 512, 0, ["--pipeline-options=vector-width=1"])]
        for case, seq, past, extra in cases:
            flags = ["--device", device, "--reps", str(reps), "--size",
                     "b=1", "--size", f"s={seq}", "--size", f"p={past}"]
            flags += extra
            if chip:
                flags += [f"--pipeline-options=chip={chip}"]
            rc, text = relax_run(build, path, flags)
            match = re.search(r"\(best ([\d.]+) ms\)", text)
            if rc or not match:
                print(f"{case:22} {dtype:5} failed: "
                      f"{text.strip().splitlines()[-1] if text else rc}")
                continue
            ms = float(match.group(1))
            element = 2 if dtype == "f16" else 4
            weights = (2 * HIDDEN * HIDDEN + 2 * HIDDEN * 128 +
                       3 * HIDDEN * FFN + 2 * HIDDEN) * element
            cache = 2 * past * KV_HEADS * HEAD_DIM * element
            bandwidth = (weights + cache) / (ms / 1000) / 1e9
            peer_ms, peer = peer_time(seq, past, reps, dtype, device)
            ratio = f"{peer_ms / ms:10.2f}" if peer_ms else f"{'n/a':>10}"
            peer_text = f"{peer_ms:8.3f}" if peer_ms else f"{'n/a':>8}"
            band = f"{bandwidth:7.1f}" if seq == 1 else f"{'':>7}"
            print(f"{case:22} {dtype:5} {ms:9.3f} {band} {peer_text} "
                  f"{ratio}  {peer}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--device", default="cuda",
                        choices=["cuda", "rocm", "vulkan"])
    parser.add_argument("--chip", default="")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        failures = check_examples(args.build, args.device, args.chip, work)
        if args.device in ("cuda", "rocm"):
            failures += check_examples(args.build, args.device, args.chip,
                                       work, library=True)
        if not args.skip_timing:
            time_layer(args.build, args.device, args.chip, args.reps, work)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
