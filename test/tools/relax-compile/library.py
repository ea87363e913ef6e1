# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# relax-compile writes a library that relax-run loads without compiling:
# the same results as the compiled module for every size, its weights bound
# by name from a mapped .safetensors file, the product's [K, N] weight
# transposed once at load (@main_transform_params), and the metadata that
# describes it. Bad weights, inputs and libraries are errors, exit 1.
#
# CHECK: compile: exit 0: relax-compile: wrote {{.*}}model.so for {{.*}}: @main_transform_params @main; weights 36 bytes
# CHECK-NEXT: @main_transform_params: scratch 24 bytes (24 at the bounds)
# CHECK-NEXT: @main: scratch 24 * n bytes{{$}}
# CHECK: metadata: relax-library version 1, target cpu
# CHECK-SAME: @main_transform_params [w] -> (3, 2)
# CHECK-SAME: @main [x: n, 2] [b] [transformed 0] -> (n, 3)
# CHECK: n=1: exit 0: ok
# CHECK: n=5: exit 0: ok
# CHECK: n=0: exit 0: ok
# CHECK: same as the module: exit 0: equal
# CHECK: no weights: exit 1: relax-run: error: no weights file was loaded, which weight 'w' (parameter #0 of @main_transform_params) needs
# CHECK: missing: exit 1: relax-run: error: {{.*}}missing.safetensors has no tensor for weight 'b' (parameter #1 of @main)
# CHECK: wrong shape: exit 1: relax-run: error: {{.*}}shape.safetensors holds weight 'w' (parameter #0 of @main_transform_params) as float32 [3, 2], but the library takes float32 [2, 3]
# CHECK: wrong dtype: exit 1: relax-run: error: {{.*}}dtype.safetensors holds weight 'b' (parameter #1 of @main) as float64 [3], but the library takes float32 [3]
# CHECK: truncated: exit 1: relax-run: error: {{.*}}truncated.safetensors: entry '{{w|b}}' has data offsets that do not fit its shape or the file
# CHECK: deep header: exit 1: relax-run: error: {{.*}}deep.safetensors: bad JSON header: nested too deeply at offset 64
# CHECK: npz: exit 1: relax-run: error: a library takes its weights from a .safetensors file, not {{.*}}w.npz
# CHECK: wrong rank: exit 1: relax-run: error: input #0 of @main has rank 1 but must have rank 2
# CHECK: wrong dtype input: exit 1: relax-run: error: input #0 has dtype '<f8' but @main expects '<f4'
# CHECK: other version: exit 1: relax-run: error: {{.*}}other-version.so: library format version 7, but this runtime loads version 1: compile the model again with the relax-compile of this runtime
# CHECK: not a library: exit 1: relax-run: error: {{.*}}librelax_runtime.so: not a Relax library (no relax_library_version or relax_library_metadata)
# CHECK: compiler options: exit 1: relax-run: error: {{.*}}model.so is a compiled library: --device, --pipeline-options, --bind-weights, --time-transfers, --perf, --fill-allocations and --dump-object are the compiler's options

import os
import struct
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Inputs"))
from binary_files import (describe_functions, elf_symbol_offset, library_metadata,  # noqa: E402
                          run_tool, with_library_version, write_safetensors)

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"},
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> !relax.tensor<*, f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %b : (!relax.tensor<*, f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
""")




run = run_tool
library = os.path.join(work, "model.so")
result, prefix = run("compile", ["relax-compile", model, "-o", library])
print(prefix + (result.stdout + result.stderr).strip())

# The metadata record, as the runtime reads it.
meta = library_metadata(library)
print(f"metadata: {meta['format']} version {meta['version']}, target "
      f"{meta['target']['device']}" + describe_functions(meta))

rng = np.random.default_rng(0)
w = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
good = write_safetensors(os.path.join(work, "w.safetensors"), {"b": b, "w": w})
out = os.path.join(work, "y.npy")

for n in (1, 5, 0):
    x = rng.standard_normal((n, 2)).astype(np.float32)
    xpath = os.path.join(work, f"x{n}.npy")
    np.save(xpath, x)
    result, prefix = run(f"n={n}", ["relax-run", library, "--weights", good,
                                    "--input", xpath, "--output", out])
    if result.returncode == 0:
        error = np.abs(np.load(out) - (x @ w + b)).max(initial=0)
        print(prefix + ("ok" if error < 1e-5 else f"MISMATCH {error}"))
    else:
        print(prefix + result.stderr.strip())

# Random inputs of the same seed give the module's results.
jit = os.path.join(work, "jit.npy")
subprocess.run(["relax-run", model, "--weights", good, "--size", "n=3",
                "--output", jit], check=True, capture_output=True)
result, prefix = run("same as the module", ["relax-run", library, "--weights", good,
                                           "--size", "n=3", "--output", out])
print(prefix + ("equal" if np.allclose(np.load(out), np.load(jit), atol=1e-6)
                else result.stderr.strip()))


def check(label, *args):
    result, prefix = run(label, ["relax-run", *args])
    print(prefix + (result.stderr.strip() or result.stdout.strip()))


x1 = os.path.join(work, "x1.npy")
check("no weights", library, "--input", x1)
check("missing", library, "--input", x1, "--weights",
      write_safetensors(os.path.join(work, "missing.safetensors"), {"w": w}))
check("wrong shape", library, "--input", x1, "--weights",
      write_safetensors(os.path.join(work, "shape.safetensors"), {"w": w.T.copy(), "b": b}))
check("wrong dtype", library, "--input", x1, "--weights",
      write_safetensors(os.path.join(work, "dtype.safetensors"), {"w": w, "b": b.astype(np.float64)}))
check("truncated", library, "--input", x1, "--weights",
      write_safetensors(os.path.join(work, "truncated.safetensors"), {"w": w, "b": b}, cut=4))
deep = os.path.join(work, "deep.safetensors")
with open(deep, "wb") as f:
    text = b"[" * 100000 + b"]" * 100000
    f.write(struct.pack("<Q", len(text)) + text)
check("deep header", library, "--input", x1, "--weights", deep)
npz = os.path.join(work, "w.npz")
np.savez(npz, w=w, b=b)
check("npz", library, "--input", x1, "--weights", npz)
vector = os.path.join(work, "vector.npy")
np.save(vector, np.ones(2, np.float32))
check("wrong rank", library, "--weights", good, "--input", vector)
doubles = os.path.join(work, "doubles.npy")
np.save(doubles, np.ones((1, 2)))
check("wrong dtype input", library, "--weights", good, "--input", doubles)



# A library of another format version is refused.
other = os.path.join(work, "other-version.so")
data = open(library, "rb").read()
assert struct.unpack_from("<I", data, elf_symbol_offset(data, b"relax_library_version"))[0] == 1
with_library_version(library, other, 7)
check("other version", other, "--weights", good, "--input", x1)
runtime = os.path.join(os.path.dirname(os.path.dirname(
    subprocess.run(["which", "relax-run"], capture_output=True, text=True).stdout.strip())),
    "lib", "librelax_runtime.so")
check("not a library", runtime)
check("compiler options", library, "--pipeline-options", "parallel=true")
