#!/usr/bin/env python3
"""The GPU schedules against the generic one, kernel by kernel.

Each case is one op in a module of its own, run with relax-run --device
DEVICE --reps N on seeded random inputs twice: with the schedules that
--relax-gpu-select-lowering-config picks, and with --gpu-schedule generic (one
thread per output element, reductions sequential in it). The table gives the
best time per call of each and their ratio. A call includes copying the
inputs to the device and the result back (relax-run's contract on host
memory), the same in both columns.

On lavapipe (--device vulkan, Vulkan on the CPU) only the ratios mean
anything, and less than on a GPU: lavapipe runs a workgroup's invocations as
SIMD lanes on a few cores, so it rewards fewer, fuller workgroups, not
memory coalescing or occupancy.

Usage: bench/gpu_schedules.py [--build build] [--device vulkan] [--reps 5]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def t(dims):
    return "!relax.tensor<[" + ", ".join(dims) + "], f32>"


# (kernel, size, schedule chosen, op, parameter types, --size flags)
CASES = [
    ("softmax", "rows 512 x 4096", "row_reduction",
     f"relax.softmax %a : ({t(['r', 'c'])})", [t(["r", "c"])],
     ["r=512", "c=4096"]),
    ("softmax", "rows 4096 x 512", "row_reduction",
     f"relax.softmax %a : ({t(['r', 'c'])})", [t(["r", "c"])],
     ["r=4096", "c=512"]),
    ("rms_norm", "rows 512 x 4096", "row_reduction",
     f"relax.rms_norm %a, %b : ({t(['r', 'c'])}, {t(['c'])})",
     [t(["r", "c"]), t(["c"])], ["r=512", "c=4096"]),
    ("matmul", "256 x 512 x 512", "tiled_matmul",
     f"relax.matmul %a, %b : ({t(['m', 'k'])}, {t(['k', 'n'])})",
     [t(["m", "k"]), t(["k", "n"])], ["m=256", "k=512", "n=512"]),
    ("decode GEMV", "1 x 4096 x 4096", "gemv",
     f"relax.matmul %a, %b : ({t(['1', 'k'])}, {t(['k', 'n'])})",
     [t(["1", "k"]), t(["k", "n"])], ["k=4096", "n=4096"]),
    ("decode GEMV, [N, K]", "1 x 4096 x 4096", "gemv (rows)",
     f"relax.matmul %a, %b {{transpose_b = true}} : "
     f"({t(['1', 'k'])}, {t(['n', 'k'])})",
     [t(["1", "k"]), t(["n", "k"])], ["k=4096", "n=4096"]),
]


def model(op_line, params):
    names = ["%a", "%b", "%c"][: len(params)]
    args = ", ".join(f"{n}: {p}" for n, p in zip(names, params))
    return (f"relax.func @main({args}) -> !relax.tensor<*, f32> {{\n"
            f"  %r = {op_line} -> !relax.tensor<*, f32>\n"
            f"  relax.return %r : !relax.tensor<*, f32>\n}}\n")


def best_ms(build, path, device, reps, sizes, schedule):
    cmd = [os.path.join(build, "bin", "relax-run"), path, "--device", device,
           "--reps", str(reps)]
    for size in sizes:
        cmd += ["--size", size]
    if schedule:
        cmd += ["--gpu-schedule", schedule]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    match = re.search(r"\(best ([\d.]+) ms\)", proc.stdout)
    if proc.returncode or not match:
        sys.exit(f"{' '.join(cmd)} failed:\n{proc.stdout}{proc.stderr}")
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--device", default="vulkan")
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    print(f"{'kernel':20} {'size':16} {'schedule':14} {'chosen ms':>10} "
          f"{'generic ms':>11} {'speedup':>8}")
    with tempfile.TemporaryDirectory() as work:
        for kernel, size, schedule, op_line, params, sizes in CASES:
            path = os.path.join(work, "case.mlir")
            with open(path, "w") as f:
                f.write(model(op_line, params))
            chosen = best_ms(args.build, path, args.device, args.reps, sizes,
                             None)
            generic = best_ms(args.build, path, args.device, args.reps, sizes,
                              "generic")
            print(f"{kernel:20} {size:16} {schedule:14} {chosen:10.3f} "
                  f"{generic:11.3f} {generic / chosen:7.2f}x")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
