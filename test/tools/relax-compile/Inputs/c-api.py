# Drives examples/c-api/run_model.c for c-api.test.
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
from binary_files import write_safetensors  # noqa: E402

work, run_model = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>,
                 %w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"},
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> !relax.tensor<*, f32> attributes {sym.constraints = [#sym.range<n in [0, 8]>]} {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %z = relax.add %y, %b : (!relax.tensor<*, f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
""")
library = os.path.join(work, "model.so")
result = subprocess.run(["relax-compile", model, "-o", library], capture_output=True, text=True)
print(f"compiled: exit {result.returncode}{result.stderr.strip()}")

rng = np.random.default_rng(1)
w = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
weights = write_safetensors(os.path.join(work, "w.safetensors"), {"w": w, "b": b})

def run(label, *args, lib=library):
    result = subprocess.run([run_model, lib, weights, *args], capture_output=True, text=True)
    return result, f"{label}: exit {result.returncode}: "


for n in (3, 0):
    result, prefix = run(f"n={n}", "main", f"{n}x2")
    if result.returncode:
        print(prefix + result.stderr.strip())
        continue
    head, values = result.stdout.strip().split("]:")
    x = (((7 * np.arange(n * 2)) % 11 - 5) / 4).astype(np.float32).reshape(n, 2)
    got = np.array([float(v) for v in values.split()], np.float32).reshape(n, 3)
    ok = np.allclose(got, x @ w + b, rtol=1e-5, atol=1e-5)
    print(prefix + head + "]: " + ("ok" if ok else f"MISMATCH {got} {x @ w + b}"))

for label, args, lib in [("unknown function", ("nope", "1x2"), library),
                         ("no library", ("main", "1x2"), os.path.join(work, "absent.so")),
                         ("wrong rank", ("main", "1x1x2"), library),
                         ("broken constraint", ("main", "9x2"), library)]:
    result, prefix = run(label, *args, lib=lib)
    print(prefix + result.stderr.strip())
