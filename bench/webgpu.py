#!/usr/bin/env python3
"""The webgpu target per shipped example: its kernels and their bindings,
and the time per call through wgpu-native next to --device vulkan.

For each example, `relax-opt --relax-fuse --relax-lower-to-gpu=target=webgpu`
gives one gpu.binary of WGSL per kernel; the table counts the kernels, the
storage buffers each binds (at most 8 under WebGPU's default limits), the
scalars of its uniform struct, the largest workgroup memory, and the WGSL
size. Then relax-run --device webgpu (wgpu-native over Mesa's lavapipe,
WebGPU's default limits) and --device vulkan (the same lavapipe, SPIR-V)
run the example on the same seeded inputs; the table gives the best time per
call of each and their ratio. A call includes copying the inputs to the
device and the results back (relax-run's contract on host memory).

Both devices run on the CPU: this measures correctness and the runtime's
overhead (WebGPU has no mapped storage buffers, so copies are staged
through queue writes and mapped read buffers), not a GPU's speed.

Usage: bench/webgpu.py [--build build] [--reps 5]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "test", "examples", "Inputs"))
import machine  # noqa: E402
from examples import SIZES  # noqa: E402

HEADER = re.compile(r"// relax\.webgpu\.kernel (\{.*?\})\\0A")


def kernels(build, example):
    """The header of every WGSL kernel of `example`."""
    out = subprocess.run(
        [os.path.join(build, "bin", "relax-opt"), "--relax-fuse",
         "--relax-lower-to-gpu=target=webgpu to-llvm=false",
         os.path.join(ROOT, "examples", example + ".mlir")],
        capture_output=True, text=True, check=True).stdout
    headers = []
    for line in out.splitlines():
        match = HEADER.search(line)
        if not match:
            continue
        header = json.loads(match.group(1).replace("\\22", '"'))
        header["wgsl_bytes"] = len(line)
        headers.append(header)
    return headers


def time_per_call(build, example, size, device, reps):
    args = [os.path.join(build, "bin", "relax-run"),
            os.path.join(ROOT, "examples", example + ".mlir"),
            "--device", device, "--reps", str(reps), "--seed", "1"]
    for s in size.split():
        args += ["--size", s]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode:
        return None
    match = re.search(r"best ([0-9.]+) ms", out.stdout)
    return float(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.gettempdir())

    print(machine.cpu_line())
    print("WebGPU: wgpu-native (PyPI wgpu) on Mesa lavapipe, WebGPU default "
          "limits; Vulkan: the same lavapipe\n")
    print("| example | sizes | kernels | storage buffers per kernel "
          "(mean / max) | scalars per kernel (max) | workgroup bytes (max) "
          "| WGSL KiB | webgpu ms | vulkan ms | webgpu / vulkan |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for example, sizes in SIZES:
        headers = kernels(args.build, example)
        buffers = [sum(b["type"] == "storage" for b in h["bindings"])
                   for h in headers]
        scalars = [sum(len(b.get("scalars", [])) for b in h["bindings"])
                   for h in headers]
        workgroup = max(h["workgroup_bytes"] for h in headers)
        wgsl = sum(h["wgsl_bytes"] for h in headers) / 1024
        size = sizes[-1]
        webgpu = time_per_call(args.build, example, size, "webgpu", args.reps)
        vulkan = time_per_call(args.build, example, size, "vulkan", args.reps)
        ratio = f"{webgpu / vulkan:.2f}x" if webgpu and vulkan else "-"
        fmt = lambda t: f"{t:.2f}" if t else "failed"  # noqa: E731
        print(f"| {example} | {size} | {len(headers)} | "
              f"{sum(buffers) / len(buffers):.1f} / {max(buffers)} | "
              f"{max(scalars)} | {workgroup} | {wgsl:.0f} | {fmt(webgpu)} | "
              f"{fmt(vulkan)} | {ratio} |")


if __name__ == "__main__":
    main()
