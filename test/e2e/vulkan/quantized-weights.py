# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %relax_src_root/test/e2e/quantized-weights.py --emit > %t/quantized.mlir
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Products by quantized weights and embedding lookups in them, every block
# layout, compiled for Vulkan and run by relax-run --device vulkan on
# lavapipe at odd sizes, against numpy on the dequantized weights: the
# dequantize fused into the product's kernel on the GPU too.
#
# CHECK: q4_0 matmul [1, 37]: ok
# CHECK: q4_0 matmul [13, 64]: ok
# CHECK: q4_0 embed: exact
# CHECK: q8_0 matmul [1, 37]: ok
# CHECK: q8_0 matmul [13, 64]: ok
# CHECK: q8_0 embed: exact
# CHECK: q4f16_1 matmul [1, 37]: ok
# CHECK: q4f16_1 matmul [13, 64]: ok
# CHECK: q4f16_1 embed: exact
# CHECK: q4f32_1 matmul [1, 37]: ok
# CHECK: q4f32_1 matmul [13, 64]: ok
# CHECK: q4f32_1 embed: exact

import os
import subprocess
import sys

import numpy as np

from relax_import.quantize import dequantize, quantize

work = sys.argv[1]
module = os.path.join(work, "quantized.mlir")
rng = np.random.default_rng(0)
K = 160


def run(entry, *arrays):
    paths = []
    for i, array in enumerate(arrays):
        paths += ["--input", os.path.join(work, f"{entry}.{i}.npy")]
        np.save(paths[-1], array)
    out = os.path.join(work, f"{entry}.out.npy")
    subprocess.run(["relax-run", module, "--entry", entry, "--device", "vulkan", *paths,
                    "--output", out], check=True, capture_output=True)
    return np.load(out)


for f in ("q4_0", "q8_0", "q4f16_1", "q4f32_1"):
    wt = np.float16 if f == "q4f16_1" else np.float32
    tolerance = 4e-3 if wt == np.float16 else 1e-5
    for m, n in ((1, 37), (13, 64)):
        data, scales = quantize(rng.standard_normal((n, K)).astype(np.float32), f)
        x = rng.standard_normal((m, K)).astype(wt)
        y = run(f"matmul_{f}", x, data, scales).astype(np.float64)
        ref = x.astype(np.float64) @ dequantize(data, scales, f).astype(np.float64).T
        error = np.abs(y - ref).max() / np.abs(ref).max()
        print(f"{f} matmul [{m}, {n}]: {'ok' if error < tolerance else f'error {error:.2e}'}")
    data, scales = quantize(rng.standard_normal((37, K)).astype(np.float32), f)
    ids = np.array([3, 0, 36, 3, 11], np.int32)
    e = run(f"embed_{f}", ids, data, scales)
    print(f"{f} embed: {'exact' if np.array_equal(e, dequantize(data, scales, f)[ids]) else 'differs'}")
