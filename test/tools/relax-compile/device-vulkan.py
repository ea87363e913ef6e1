# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t %S/../../../examples | FileCheck %s
# REQUIRES: numpy, vulkan
#
# relax-compile --device vulkan writes a library that runs on a Vulkan
# device (lavapipe here) through librelax_vulkan_runtime, which it links:
# its metadata names the device, its weights are copied to the device once
# when a function is bound, with what depends on weights alone
# (@main_transform_params, here 2 * w) computed on the device and kept
# there; relax-run and the relax_runtime package call it
# as they call a CPU library, with the same results as numpy and as the CPU
# library, for every size. The memory budget is the GPU plan's. A GPU
# target in the pipeline options is an error.
#
# CHECK: compile: exit 0: relax-compile: wrote {{.*}}vulkan.so for vulkan in {{.*}}: @main_transform_params @main; weights 36 bytes
# CHECK-NEXT: @main_transform_params: scratch 24 bytes (24 at the bounds)
# CHECK-NEXT: @main: scratch 24 * n bytes{{$}}
# CHECK: metadata: target vulkan, @main_transform_params [w] -> (2, 3) @main [x: n, 2] [b] [transformed 0] -> (n, 3)
# CHECK: n=1: exit 0: ok
# CHECK: n=5: exit 0: ok
# CHECK: n=0: exit 0: ok
# CHECK: python: ok; again: ok
# CHECK: llama layer: exit 0: equal to the CPU library
# CHECK: target option: exit 1: relax-compile: error: --pipeline-options: the target is --device's
# CHECK: blas: exit 1: relax-compile: error: library=true needs --device cpu, cuda or rocm: there is no BLAS for Vulkan or WebGPU

import os
import subprocess
import sys

import numpy as np

import relax_runtime

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Inputs"))
from binary_files import describe_functions, library_metadata, run_tool, write_safetensors  # noqa: E402

work, examples = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"},
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> !relax.tensor<*, f32> {
  %w2 = relax.add %w, %w : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %y = relax.matmul %x, %w2 : (!relax.tensor<[n, 2], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %b : (!relax.tensor<*, f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
""")


run = run_tool
library = os.path.join(work, "vulkan.so")
result, prefix = run("compile", ["relax-compile", model, "--device", "vulkan", "-o", library])
print(prefix + (result.stdout + result.stderr).strip())
meta = library_metadata(library)
print(f"metadata: target {meta['target']['device']}," + describe_functions(meta))

rng = np.random.default_rng(0)
w = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
weights = write_safetensors(os.path.join(work, "w.safetensors"), {"b": b, "w": w})
out = os.path.join(work, "y.npy")
for n in (1, 5, 0):
    x = rng.standard_normal((n, 2)).astype(np.float32)
    xpath = os.path.join(work, f"x{n}.npy")
    np.save(xpath, x)
    result, prefix = run(f"n={n}", ["relax-run", library, "--weights", weights,
                                    "--input", xpath, "--output", out])
    if result.returncode == 0:
        error = np.abs(np.load(out) - (x @ (2 * w) + b)).max(initial=0)
        print(prefix + ("ok" if error < 1e-5 else f"MISMATCH {error}"))
    else:
        print(prefix + result.stderr.strip())

# From Python, twice (the weights stay on the device between calls).
module = relax_runtime.Module(library, weights)
statuses = []
for n in (4, 7):
    x = rng.standard_normal((n, 2)).astype(np.float32)
    y = module["main"](x)
    statuses.append("ok" if np.abs(y - (x @ (2 * w) + b)).max() < 1e-5 else f"MISMATCH {y}")
print(f"python: {statuses[0]}; again: {statuses[1]}")

# A model with many kernels and a weight-free entry: the Vulkan library
# against the CPU library on the same random inputs.
layer = os.path.join(examples, "llama_layer.mlir")
cpu = os.path.join(work, "layer-cpu.so")
gpu = os.path.join(work, "layer-vulkan.so")
subprocess.run(["relax-compile", layer, "-o", cpu], check=True, capture_output=True)
subprocess.run(["relax-compile", layer, "--device", "vulkan", "-o", gpu], check=True,
               capture_output=True)
outs = {}
for name, lib in (("cpu", cpu), ("vulkan", gpu)):
    path = os.path.join(work, f"layer-{name}.npy")
    result, prefix = run("llama layer", ["relax-run", lib, "--size", "b=1", "--size", "s=6",
                                         "--size", "p=4", "--output", path])
    outs[name] = path
if result.returncode == 0:
    a, c = np.load(outs["cpu"]), np.load(outs["vulkan"])
    # Random weights make activations of ~5e4: compared relative to them.
    error = np.abs(a - c).max() / np.abs(a).max()
    print(prefix + ("equal to the CPU library" if error < 1e-4 else f"DIFFERENT {error}"))
else:
    print(prefix + result.stderr.strip())

result, prefix = run("target option", ["relax-compile", model, "--device", "vulkan",
                                       "--pipeline-options", "target=cuda", "-o", library])
print(prefix + result.stderr.strip())
result, prefix = run("blas", ["relax-compile", model, "--device", "vulkan",
                              "--pipeline-options", "library=true", "-o", library])
print(prefix + result.stderr.strip())
