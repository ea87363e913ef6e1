# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# Programs that take symbolic values their tensors cannot give: a decoder
# slicing its rotary table at [p, p + s) where the table's length is not p,
# and positions from arange(p, p + s). The start p is bound by another
# argument (the KV cache); results match numpy at several sizes.
#
# CHECK: p=0 s=1: ok
# CHECK: p=5 s=3: ok
# CHECK: p=17 s=7: ok

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%table: !relax.tensor<[t, 8], f32>, %x: !relax.tensor<[s, 8], f32>,
                 %cache: !relax.tensor<[p, 8], f32>)
    -> (!relax.tensor<[s, 8], f32>, !relax.tensor<[s], f32>) {
  %c = relax.strided_slice %table {axes = array<i64: 0>, begin = #sym.shape<[p]>, end = #sym.shape<[p + s]>} : (!relax.tensor<[t, 8], f32>) -> !relax.tensor<[s, 8], f32>
  %y = relax.multiply %x, %c : (!relax.tensor<[s, 8], f32>, !relax.tensor<[s, 8], f32>) -> !relax.tensor<[s, 8], f32>
  %r = relax.arange {start = #sym.expr<p>, end = #sym.expr<p + s>, step = #sym.expr<1>, dtype = f32} : () -> !relax.tensor<[s], f32>
  relax.return %y, %r : !relax.tensor<[s, 8], f32>, !relax.tensor<[s], f32>
}
""")
rng = np.random.default_rng(3)
failed = False
for p, s in [(0, 1), (5, 3), (17, 7)]:
    table = rng.standard_normal((64, 8)).astype(np.float32)
    x = rng.standard_normal((s, 8)).astype(np.float32)
    cache = rng.standard_normal((p, 8)).astype(np.float32)
    args = []
    for name, array in [("table", table), ("x", x), ("cache", cache)]:
        path = os.path.join(work, f"{name}.npy")
        np.save(path, array)
        args += ["--input", path]
    out = os.path.join(work, "y.npy")
    result = subprocess.run(["relax-run", model, *args, "--output", out],
                            capture_output=True, text=True)
    if result.returncode:
        print(f"p={p} s={s}: failed\n{result.stderr}")
        failed = True
        continue
    y = np.load(out)
    r = np.load(os.path.join(work, "y.1.npy"))
    ok = (np.allclose(y, x * table[p:p + s], atol=1e-6) and
          np.array_equal(r, np.arange(p, p + s, dtype=np.float32)))
    failed |= not ok
    print(f"p={p} s={s}: {'ok' if ok else 'MISMATCH'}")
sys.exit(1 if failed else 0)
