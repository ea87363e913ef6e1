# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# Random inputs (--size without --input) are floats of mean 0 and variance
# 1, integers in [-3, 3] and booleans, the same for the same --seed and
# different for another one.
#
# CHECK: f32: ok
# CHECK: f16: ok
# CHECK: f64: ok
# CHECK: i32: ok
# CHECK: i8: ok
# CHECK: bool: ok
# CHECK: same seed: ok
# CHECK: other seed: ok

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
types = ["f32", "f16", "f64", "i32", "i8", "i1"]
with open(model, "w") as f:
    params = ", ".join(f"%p{i}: !relax.tensor<[n], {t}>"
                       for i, t in enumerate(types))
    results = ", ".join(f"!relax.tensor<[n], {t}>" for t in types)
    names = ", ".join(f"%p{i}" for i in range(len(types)))
    f.write(f"""
relax.func @main({params}) -> ({results}) {{
  relax.return {names} : {results}
}}
""")

n = 200000


def run(seed):
    out = os.path.join(work, f"seed{seed}.npy")
    result = subprocess.run(["relax-run", model, "--size", f"n={n}", "--seed",
                             str(seed), "--output", out],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return [np.load(out)] + [np.load(out[:-4] + f".{i}.npy")
                             for i in range(1, len(types))]


first = run(1)
for name, dtype, array in zip(("f32", "f16", "f64"),
                              (np.float32, np.float16, np.float64), first):
    values = array.astype(np.float64)
    ok = (array.dtype == dtype and array.shape == (n,) and
          abs(values.mean()) < 0.02 and abs(values.std() - 1) < 0.02 and
          np.abs(values).max() <= 3.47 and len(np.unique(array)) > 1000)
    print(f"{name}:", "ok" if ok else f"BAD {values.mean()} {values.std()}")
for name, dtype, array in zip(("i32", "i8"), (np.int32, np.int8), first[3:]):
    ok = (array.dtype == dtype and
          np.array_equal(np.unique(array), np.arange(-3, 4)) and
          abs(array.mean()) < 0.05)
    print(f"{name}:", "ok" if ok else f"BAD {np.unique(array)}")
mask = first[5]
print("bool:", "ok" if mask.dtype == np.bool_ and
      abs(mask.mean() - 0.5) < 0.01 else f"BAD {mask.mean()}")

again, other = run(1), run(2)
print("same seed:", "ok" if all(np.array_equal(a, b)
                                for a, b in zip(first, again)) else "BAD")
print("other seed:", "ok" if not any(np.array_equal(a, b)
                                     for a, b in zip(first, other)) else "BAD")
