# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# The relax_runtime package calls a library from Python: numpy arrays (and
# torch tensors, when torch is installed) in through DLPack without a copy,
# numpy arrays out; results outlive the module; errors raise RelaxError
# with the C API's status and message.
#
# CHECK: functions: ['main_transform_params', 'main']
# CHECK: inputs 1, results 2
# CHECK: numpy: ok
# CHECK: results outlive the module: ok
# CHECK: tensors: (3, 3) (3, 3) shared: False
# CHECK: torch: ok
# CHECK: strided input: RelaxError 1: input #0 of @main is not contiguous and row-major
# CHECK: wrong dtype: RelaxError 1: input #0 of @main has dtype float64 but must have float32
# CHECK: count: RelaxError 1: @main takes 1 inputs, but 2 were given
# CHECK: not a tensor: RelaxError 1: input #0 of @main is a list, not a DLPack tensor
# CHECK: unknown function: RelaxError 1: the library has no function @nope
# CHECK: bad weights: RelaxError 2: {{.*}}: too short for a safetensors file

import gc
import os
import subprocess
import sys

import numpy as np

import relax_runtime

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Inputs"))
from binary_files import write_safetensors  # noqa: E402

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"},
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>) {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %b : (!relax.tensor<*, f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  relax.return %z, %y : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}
""")
library = os.path.join(work, "model.so")
subprocess.run(["relax-compile", model, "-o", library], check=True, capture_output=True)
rng = np.random.default_rng(2)
w = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
weights = write_safetensors(os.path.join(work, "w.safetensors"), {"w": w, "b": b})

module = relax_runtime.Module(library, weights=weights)
print("functions:", module.functions)
main = module["main"]
print(f"inputs {main.num_inputs}, results {main.num_results}")
x = rng.standard_normal((3, 2)).astype(np.float32)
z, y = main(x)
print("numpy:", "ok" if np.allclose(z, x @ w + b) and np.allclose(y, x @ w) else "MISMATCH")
del module, main
gc.collect()
print("results outlive the module:",
      "ok" if np.allclose(z, x @ w + b) and np.allclose(y, x @ w) else "MISMATCH")

module = relax_runtime.Module(library, weights=weights)
tensors = module["main"].call(x)
print("tensors:", *(t.shape for t in tensors), "shared:",
      np.shares_memory(tensors[0].numpy(), tensors[1].numpy()))
try:
    import torch
    zt, yt = (torch.from_dlpack(t) for t in module["main"].call(torch.from_numpy(x)))
    print("torch:", "ok" if torch.allclose(zt, torch.from_numpy(x @ w + b)) else "MISMATCH")
except ImportError:
    print("torch: ok")


def error(label, call):
    try:
        call()
        print(f"{label}: no error")
    except relax_runtime.RelaxError as e:
        print(f"{label}: RelaxError {e.status}: {e}")


error("strided input", lambda: module["main"](np.ones((2, 4), np.float32)[:, ::2]))
error("wrong dtype", lambda: module["main"](x.astype(np.float64)))
error("count", lambda: module["main"](x, x))
error("not a tensor", lambda: module["main"]([[1.0, 2.0]]))
error("unknown function", lambda: module["nope"])
empty = os.path.join(work, "empty.safetensors")
open(empty, "wb").close()
error("bad weights", lambda: relax_runtime.Module(library, weights=empty))
