# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# Products by weights packed in column panels, against numpy: relax-run packs
# the weights it lifts (the panel is the host's contraction tile, 16 or 32
# columns) unless --pack-weights=false, and runs a module that relax-opt
# lifted with pack-weights=16 as it comes. The model reads a [K, N] weight
# (a fused bias and GELU epilogue), permute_dims of an [N, K] one, and one
# whose 72 columns are no multiple of a panel (padded with zero columns to
# the next multiple, and the product's padding sliced off; with panels of
# 32, left a product by the transposed weight), over a batch and symbolic
# rows: one row, a partial row tile, several full tiles and a partial one;
# on one thread and with parallel=true.
#
# CHECK-NOT: MISMATCH
# CHECK: packed: 5 sizes ok, weights transformed
# CHECK: not packed: 5 sizes ok, weights transformed
# CHECK: lifted with pack-weights=16: 5 sizes ok, weights transformed
# CHECK: parallel: 5 sizes ok, weights transformed
# CHECK: lifted module: packed_matmul x3, matmul x0, strided_slice x1

import math
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Inputs"))
from binary_files import write_safetensors  # noqa: E402

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[b, s, 40], f32>,
                 %w1: !relax.tensor<[40, 64], f32> {relax.param_name = "w1"},
                 %b1: !relax.tensor<[64], f32> {relax.param_name = "b1"},
                 %w2: !relax.tensor<[96, 64], f32> {relax.param_name = "w2"},
                 %w3: !relax.tensor<[96, 72], f32> {relax.param_name = "w3"})
    -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %h = relax.matmul %x, %w1 : (!relax.tensor<[b, s, 40], f32>, !relax.tensor<[40, 64], f32>) -> !relax.tensor<*, f32>
    %hb = relax.add %h, %b1 : (!relax.tensor<*, f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, f32>
    %g = relax.gelu %hb : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %w2t = relax.permute_dims %w2 : (!relax.tensor<[96, 64], f32>) -> !relax.tensor<*, f32>
    %y = relax.matmul %g, %w2t : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %z = relax.matmul %y, %w3 : (!relax.tensor<*, f32>, !relax.tensor<[96, 72], f32>) -> !relax.tensor<*, f32>
    relax.output %z : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
""")

rng = np.random.default_rng(0)
weights = {
    "w1": rng.standard_normal((40, 64)).astype(np.float32),
    "b1": rng.standard_normal(64).astype(np.float32),
    "w2": rng.standard_normal((96, 64)).astype(np.float32),
    "w3": rng.standard_normal((96, 72)).astype(np.float32),
}
weights_path = write_safetensors(os.path.join(work, "w.safetensors"), weights)
erf = np.vectorize(math.erf)


def reference(x):
    h = x.astype(np.float64) @ weights["w1"] + weights["b1"]
    g = 0.5 * h * (1 + erf(h / math.sqrt(2)))
    return (g @ weights["w2"].T) @ weights["w3"]


sizes = [(1, 1), (1, 3), (1, 7), (2, 33), (1, 257)]
inputs = []
for i, (b, s) in enumerate(sizes):
    x = rng.standard_normal((b, s, 40)).astype(np.float32)
    path = os.path.join(work, f"x{i}.npy")
    np.save(path, x)
    inputs.append((path, reference(x)))
out = os.path.join(work, "y.npy")


def check(label, *args, module=model):
    transformed = True
    for path, expected in inputs:
        result = subprocess.run(["relax-run", module, "--weights", weights_path, "--input", path,
                                 "--output", out, *args], capture_output=True, text=True)
        if result.returncode != 0:
            print(f"{label}: MISMATCH exit {result.returncode}: {result.stderr.strip()}")
            return
        transformed &= "weights transformed once" in result.stdout
        y = np.load(out)
        error = np.abs(y - expected).max() / max(1.0, np.abs(expected).max())
        if y.shape != expected.shape or error > 1e-5:
            print(f"{label}: MISMATCH at {y.shape}: {error}")
            return
    print(f"{label}: {len(inputs)} sizes ok" + (", weights transformed" if transformed else ""))


check("packed")
check("not packed", "--pack-weights=false")
lifted = os.path.join(work, "lifted.mlir")
subprocess.run(["relax-opt", model, "--relax-infer-shapes",
                "--relax-lift-transform-params=pack-weights=16", "-o", lifted], check=True)
check("lifted with pack-weights=16", module=lifted)
check("parallel", "--pipeline-options=parallel=true")
with open(lifted) as f:
    text = f.read()
print(f"lifted module: packed_matmul x{text.count('packed_matmul ')}, "
      f"matmul x{text.count(' matmul ')}, strided_slice x{text.count('strided_slice ')}")
