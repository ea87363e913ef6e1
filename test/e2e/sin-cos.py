# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# relax.sin and relax.cos on the CPU against the exact values (numpy in
# f64) over arguments as large as the positions rotary embeddings feed
# them: within 1e-6 for |x| <= 1e5, near multiples of pi/2 and near the
# quadrant boundaries too, where an argument reduction with a short pi/2
# loses most. Past the accurate range results stay in [-1, 1]; infinities
# and NaN give NaN. f16 is computed in f32.
#
# CHECK: sin f32, |x| <= 1e5: max abs error {{.*}}: ok
# CHECK: cos f32, |x| <= 1e5: max abs error {{.*}}: ok
# CHECK: sin f32, |x| <= 1e9: max abs error {{.*}}: ok
# CHECK: cos f32, |x| <= 1e9: max abs error {{.*}}: ok
# CHECK: sin f32, |x| up to 3e38: in [-1, 1]: ok
# CHECK: cos f32, |x| up to 3e38: in [-1, 1]: ok
# CHECK: sin f32, inf and nan: nan: ok
# CHECK: cos f32, inf and nan: nan: ok
# CHECK: sin f16: max abs error {{.*}}: ok
# CHECK: cos f16: max abs error {{.*}}: ok

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    for op in ("sin", "cos"):
        for dtype in ("f32", "f16"):
            t = f"!relax.tensor<[n], {dtype}>"
            f.write(f"""
relax.func @{op}_{dtype}(%x: {t}) -> {t} {{
  %y = relax.{op} %x : ({t}) -> {t}
  relax.return %y : {t}
}}
""")

rng = np.random.default_rng(5)


def run(op, x):
    dtype = {np.float32: "f32", np.float16: "f16"}
    name = f"{op}_{dtype[x.dtype.type]}"
    source = os.path.join(work, f"{name}-x.npy")
    out = os.path.join(work, f"{name}-y.npy")
    np.save(source, x)
    result = subprocess.run(["relax-run", model, "--entry", name, "--input",
                             source, "--output", out],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return np.load(out)


def report(label, output, x, op, tolerance):
    expected = getattr(np, op)(x.astype(np.float64))
    error = float(np.max(np.abs(output.astype(np.float64) - expected)))
    print(f"{op} {label}: max abs error {error:.2e}: "
          f"{'ok' if error <= tolerance else 'MISMATCH'}")


def near(values, dtype=np.float32, ulps=2):
    """The floats of `dtype` nearest to `values` and `ulps` neighbours on
    each side."""
    points = [values.astype(dtype)]
    for direction in (np.inf, -np.inf):
        p = points[0]
        for _ in range(ulps):
            p = np.nextafter(p, dtype(direction))
            points.append(p)
    return np.concatenate(points)


# Multiples of pi/2 and of pi/4 (quadrant boundaries) up to 1e5, the
# largest ones among them.
k = np.concatenate([rng.integers(-63662, 63663, 2000),
                    np.arange(63650, 63663), -np.arange(63650, 63663),
                    np.arange(-8, 9), [2608, 2607, -2608]])
x = np.concatenate([
    rng.uniform(-1e5, 1e5, 30000),
    rng.uniform(-8, 8, 3000),
    near(k * (np.pi / 2)).astype(np.float64),
    near((k + 0.5) * (np.pi / 2)).astype(np.float64),
    near(np.array([4096.0, -4096.0, 1e5, -1e5]), ulps=64).astype(np.float64),
    4096 + rng.uniform(-8, 8, 1000),
    [0.0, -0.0, 1e-30, -1e-30, 1e-45, np.pi / 4, -np.pi / 4],
]).astype(np.float32)
for op in ("sin", "cos"):
    report("f32, |x| <= 1e5", run(op, x), x, op, 1e-6)

x = np.concatenate([rng.uniform(-1e9, 1e9, 5000),
                    rng.uniform(-1e6, 1e6, 5000)]).astype(np.float32)
for op in ("sin", "cos"):
    report("f32, |x| <= 1e9", run(op, x), x, op, 1e-6)

x = np.concatenate([10.0 ** rng.uniform(10, 38.5, 2000),
                    -(10.0 ** rng.uniform(10, 38.5, 2000))]).astype(np.float32)
for op in ("sin", "cos"):
    y = run(op, x)
    ok = np.all(np.abs(y) <= 1)
    print(f"{op} f32, |x| up to 3e38: in [-1, 1]: {'ok' if ok else 'BAD'}")

x = np.array([np.inf, -np.inf, np.nan], np.float32)
for op in ("sin", "cos"):
    ok = np.all(np.isnan(run(op, x)))
    print(f"{op} f32, inf and nan: nan: {'ok' if ok else 'BAD'}")

# f16 rounds the f32 result: within an f16 ulp of 1 (2^-10).
x = np.concatenate([rng.uniform(-65504, 65504, 4000),
                    rng.uniform(-8, 8, 1000)]).astype(np.float16)
for op in ("sin", "cos"):
    report("f16", run(op, x), x, op, 2.0 ** -10)
