# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# Rank-0 tensors go in and out of relax-run: read from and written to
# rank-0 .npy files, or drawn at random; results match numpy.
#
# CHECK: scalars: ok
# CHECK: scalar and vector: ok
# CHECK: i64 scalars: ok
# CHECK: random scalars: ok

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @scalars(%a: !relax.tensor<[], f32>, %b: !relax.tensor<[], f32>) -> !relax.tensor<[], f32> {
  %c = relax.multiply %a, %b : (!relax.tensor<[], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[], f32>
  relax.return %c : !relax.tensor<[], f32>
}

relax.func @scale(%s: !relax.tensor<[], f32>, %x: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n], f32>, !relax.tensor<[], f32>) {
  %y = relax.multiply %x, %s : (!relax.tensor<[n], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n], f32>
  %t = relax.sum %x {axes = array<i64: 0>} : (!relax.tensor<[n], f32>) -> !relax.tensor<[], f32>
  relax.return %y, %t : !relax.tensor<[n], f32>, !relax.tensor<[], f32>
}

relax.func @count(%a: !relax.tensor<[], i64>, %b: !relax.tensor<[], i64>) -> !relax.tensor<[], i64> {
  %c = relax.add %a, %b : (!relax.tensor<[], i64>, !relax.tensor<[], i64>) -> !relax.tensor<[], i64>
  relax.return %c : !relax.tensor<[], i64>
}
""")
rng = np.random.default_rng(11)


def save(name, array):
    path = os.path.join(work, name)
    np.save(path, array)
    return path


def run(*args):
    result = subprocess.run(["relax-run", model, *args], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    return result


a, b = rng.standard_normal(2).astype(np.float32)
out = os.path.join(work, "scalars.npy")
run("--entry", "scalars", "--input", save("a.npy", np.array(a)), "--input",
    save("b.npy", np.array(b)), "--output", out)
y = np.load(out)
print("scalars:", "ok" if y.shape == () and y.dtype == np.float32 and
      np.abs(y - a * b) < 1e-6 else f"BAD {y!r}")

s = np.array(rng.standard_normal(), np.float32)
x = rng.standard_normal(7).astype(np.float32)
out = os.path.join(work, "scale.npy")
run("--entry", "scale", "--input", save("s.npy", s), "--input",
    save("x.npy", x), "--output", out)
y, t = np.load(out), np.load(out[:-4] + ".1.npy")
print("scalar and vector:", "ok" if y.shape == (7,) and t.shape == () and
      np.abs(y - x * s).max() < 1e-6 and np.abs(t - x.sum()) < 1e-5 else "BAD")

out = os.path.join(work, "count.npy")
run("--entry", "count", "--input", save("i.npy", np.array(40, np.int64)),
    "--input", save("j.npy", np.array(2, np.int64)), "--output", out)
y = np.load(out)
print("i64 scalars:", "ok" if y.shape == () and y.dtype == np.int64 and
      y == 42 else f"BAD {y!r}")

# Random scalars need no --size; the same seed gives the same values.
outs = []
for name, seed in (("r1.npy", "3"), ("r2.npy", "3"), ("r3.npy", "4")):
    out = os.path.join(work, name)
    result = run("--entry", "scalars", "--seed", seed, "--output", out)
    assert "result #0 shape []" in result.stdout, result.stdout
    outs.append(np.load(out))
print("random scalars:", "ok" if all(o.shape == () for o in outs) and
      outs[0] == outs[1] and outs[0] != outs[2] else f"BAD {outs!r}")
