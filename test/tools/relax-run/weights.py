# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# --weights binds the parameters that have a `relax.param_name` attribute
# by that name, from a .safetensors file (written here by hand: a header
# size, a JSON header, raw data) or an .npz file; --input fills the other
# parameters in order. --bind-weights compiles them in as constants. The
# product by the [K, N] weight reads it transposed, which relax-run computes
# once before the calls (@main_transform_params), also when the module comes
# lifted by relax-opt; --lift-transform-params=false leaves it as it is. A
# square weight that a product reads transposed and an add reads as it is
# binds both. A
# missing weight, a weight of another shape or dtype, a compressed .npz
# entry, a truncated file and entries that share bytes are errors.
#
# CHECK: safetensors: exit 0: ok, weights transformed
# CHECK: npz: exit 0: ok, weights transformed
# CHECK: bind-weights: exit 0: ok{{$}}
# CHECK: bind-weights npz: exit 0: ok{{$}}
# CHECK: not lifted: exit 0: ok{{$}}
# CHECK: lifted module: exit 0: ok, weights transformed
# CHECK: lifted module, bind-weights: exit 1: relax-run: error: @main takes the results of @main_transform_params (relax.transform_params): --bind-weights cannot bind them
# CHECK: shared square weight: exit 0: ok, weights transformed
# CHECK: lifted module, missing: exit 1: relax-run: error: no weight in {{.*}}missing.safetensors for the parameter b of @main{{$}}
# CHECK: lifted module, missing transform weight: exit 1: relax-run: error: no weight in {{.*}}nw.safetensors for the parameter w of @main_transform_params
# CHECK: too many inputs: exit 1: relax-run: error: @main takes 1 arguments besides its weights but 2 were given
# CHECK: missing: exit 1: relax-run: error: no weight in {{.*}}missing.safetensors for the parameter b of @main{{$}}
# CHECK: wrong shape: exit 1: relax-run: error: weight 'w' in {{.*}} has shape [3, 2] and dtype '<f4' but @main_transform_params parameter #0 is !relax.tensor<[2, 3], f32>
# CHECK: wrong dtype: exit 1: relax-run: error: weight 'b' in {{.*}} has shape [3] and dtype '<f8' but @main parameter #1 is !relax.tensor<[3], f32>
# CHECK: compressed: exit 1: relax-run: error: {{.*}}compressed.npz: entry 'w.npy' is compressed; relax-run reads stored entries only
# CHECK: truncated: exit 1: relax-run: error: {{.*}}truncated.safetensors: entry '{{w|b}}' has data offsets that do not fit its shape or the file
# CHECK: deep header: exit 1: relax-run: error: {{.*}}deep.safetensors: the JSON header nests 100000 levels deep, more than the 64 a safetensors header may
# CHECK: overlapping: exit 1: relax-run: error: {{.*}}overlap.safetensors: entries 'b' and 'w' share data bytes

import os
import struct
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
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"},
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> !relax.tensor<*, f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %b : (!relax.tensor<*, f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
""")




rng = np.random.default_rng(0)
x = rng.standard_normal((4, 2)).astype(np.float32)
w = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
xpath = os.path.join(work, "x.npy")
np.save(xpath, x)
good = write_safetensors(os.path.join(work, "w.safetensors"), {"b": b, "w": w})
npz = os.path.join(work, "w.npz")
np.savez(npz, w=w, b=b)
compressed = os.path.join(work, "compressed.npz")
np.savez_compressed(compressed, w=w, b=b)
out = os.path.join(work, "y.npy")


def check(label, weights, *args, inputs=(xpath,), module=model, expected=None):
    if os.path.exists(out):
        os.remove(out)
    cmd = ["relax-run", module, "--weights", weights, "--output", out, *args]
    for i in inputs:
        cmd += ["--input", i]
    result = subprocess.run(cmd, capture_output=True, text=True)
    message = result.stderr.strip()
    if result.returncode == 0:
        error = np.abs(np.load(out) - (x @ w + b if expected is None else expected)).max()
        message = "ok" if error < 1e-5 else f"MISMATCH {error}"
        if "weights transformed once" in result.stdout:
            message += ", weights transformed"
    print(f"{label}: exit {result.returncode}: {message}")


check("safetensors", good)
check("npz", npz)
check("bind-weights", good, "--bind-weights")
check("bind-weights npz", npz, "--bind-weights")
check("not lifted", good, "--lift-transform-params=false")
lifted = os.path.join(work, "lifted.mlir")
subprocess.run(["relax-opt", model, "--relax-infer-shapes",
                "--relax-lift-transform-params=transpose-weights", "-o", lifted], check=True)
check("lifted module", good, module=lifted)
check("lifted module, bind-weights", good, "--bind-weights", module=lifted)
shared = os.path.join(work, "shared.mlir")
with open(shared, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %v: !relax.tensor<[2, 2], f32> {relax.param_name = "v"})
    -> !relax.tensor<*, f32> {
  %y = relax.matmul %x, %v : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2, 2], f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %v : (!relax.tensor<*, f32>, !relax.tensor<[2, 2], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
""")
v = rng.standard_normal((2, 2)).astype(np.float32)
xs = rng.standard_normal((2, 2)).astype(np.float32)
xs_path = os.path.join(work, "xs.npy")
np.save(xs_path, xs)
check("shared square weight", write_safetensors(os.path.join(work, "v.safetensors"), {"v": v}),
      module=shared, inputs=(xs_path,), expected=xs @ v + v)
check("lifted module, missing",
      write_safetensors(os.path.join(work, "missing.safetensors"), {"c": b}), module=lifted)
check("lifted module, missing transform weight",
      write_safetensors(os.path.join(work, "nw.safetensors"), {"b": b}), module=lifted)
check("too many inputs", good, inputs=(xpath, xpath))
check("missing", write_safetensors(os.path.join(work, "missing.safetensors"), {"c": b}))
check("wrong shape", write_safetensors(os.path.join(work, "shape.safetensors"),
                                 {"w": w.T.copy(), "b": b}))
check("wrong dtype", write_safetensors(os.path.join(work, "dtype.safetensors"),
                                 {"w": w, "b": b.astype(np.float64)}))
check("compressed", compressed)
check("truncated", write_safetensors(os.path.join(work, "truncated.safetensors"),
                               {"w": w, "b": b}, cut=4))
# A header nested far deeper than any safetensors header is refused before
# the JSON parser, which recurses once per level, sees it.
deep = os.path.join(work, "deep.safetensors")
with open(deep, "wb") as f:
    text = b"[" * 100000 + b"]" * 100000
    f.write(struct.pack("<Q", len(text)) + text)
check("deep header", deep)
# Two entries whose data offsets overlap: w's 24 bytes start inside b's 12.
overlap = os.path.join(work, "overlap.safetensors")
with open(overlap, "wb") as f:
    header = ('{"b": {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]}, '
              '"w": {"dtype": "F32", "shape": [2, 3], "data_offsets": [8, 32]}}').encode()
    f.write(struct.pack("<Q", len(header)) + header + bytes(32))
check("overlapping", overlap)
