# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# relax-run compiles a module once, runs it on .npy inputs and writes .npy
# outputs that match numpy; wrong inputs are errors with an exit code, not
# crashes.
#
# CHECK: n=3: max abs error {{.*}} ok
# CHECK: n=9: max abs error {{.*}} ok
# CHECK: n=40 openmp: max abs error {{.*}} ok
# CHECK: n=40 async: max abs error {{.*}} ok
# CHECK: two results: ok
# CHECK: f64, i32 and bool, tuple result: ok
# CHECK: f16 round trip: ok
# CHECK: random inputs: ok
# CHECK: wrong rank: exit 1: relax-run: error: argument #0 has rank 1 but @main expects 2 (!relax.tensor<[n, 4], f32>)
# CHECK: wrong dim: exit 1: relax-run: error: argument #1 dim 0 is 5 but must be n = 3
# CHECK: wrong dtype: exit 1: relax-run: error: argument #0 has dtype '<f8' but @main expects '<f4' (!relax.tensor<[n, 4], f32>)
# CHECK: unsupported dtype: exit 1: relax-run: error: {{.*}}dtype '<c8' is not supported
# CHECK: unsupported parameter: exit 1: relax-run: error: @half takes !relax.tensor<[2], bf16>: relax-run passes ranked tensors of f16, f32, f64, i1, i8, i16, i32 or i64
# CHECK: broken constraint: exit 1: relax-run: error: n = 5000 breaks the constraint #sym.range<n in [1, 4096]>
# CHECK: missing size: exit 1: relax-run: error: argument #0: give the size of dim n with --size
# CHECK: not a file: exit 1: relax-run: error: {{.*}}not a .npy file

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[n, 4], f32>,
                 %w: !relax.tensor<[4, 2], f32>) -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
  %a = relax.multiply %x, %y : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %m = relax.matmul %a, %w : (!relax.tensor<*, f32>, !relax.tensor<[4, 2], f32>) -> !relax.tensor<*, f32>
  %t = relax.tanh %m : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %t : !relax.tensor<*, f32>
}

relax.func @pair(%x: !relax.tensor<[n, 4], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>) {
  %a = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %b = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %a, %b : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}

relax.func @typed(%x: !relax.tensor<[n], f64>, %i: !relax.tensor<[n], i32>,
                  %m: !relax.tensor<[n], i1>)
    -> tuple<!relax.tensor<[n], f64>, !relax.tensor<[n], i32>> {
  %d = relax.multiply %x, %x : (!relax.tensor<[n], f64>, !relax.tensor<[n], f64>) -> !relax.tensor<[n], f64>
  %w = relax.where %m, %d, %x : (!relax.tensor<[n], i1>, !relax.tensor<[n], f64>, !relax.tensor<[n], f64>) -> !relax.tensor<[n], f64>
  %s = relax.add %i, %i : (!relax.tensor<[n], i32>, !relax.tensor<[n], i32>) -> !relax.tensor<[n], i32>
  %t = relax.tuple(%w, %s : !relax.tensor<[n], f64>, !relax.tensor<[n], i32>)
  relax.return %t : tuple<!relax.tensor<[n], f64>, !relax.tensor<[n], i32>>
}

relax.func @halve(%x: !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16> {
  %y = relax.add %x, %x : (!relax.tensor<[n], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
  relax.return %y : !relax.tensor<[n], f16>
}

relax.func @half(%x: !relax.tensor<[2], bf16>) -> !relax.tensor<[2], bf16> {
  relax.return %x : !relax.tensor<[2], bf16>
}
""")
rng = np.random.default_rng(3)


def save(name, array):
    path = os.path.join(work, name)
    np.save(path, array)
    return path


def run(*args):
    return subprocess.run(["relax-run", model, *args], capture_output=True,
                          text=True)


for n in (3, 9):
    x, y = rng.standard_normal((2, n, 4)).astype(np.float32)
    w = rng.standard_normal((4, 2)).astype(np.float32)
    out = os.path.join(work, f"out{n}.npy")
    result = run("--input", save("x.npy", x), "--input", save("y.npy", y),
                 "--input", save("w.npy", w), "--output", out, "--reps", "2")
    assert result.returncode == 0, result.stderr
    error = np.abs(np.load(out) - np.tanh((x * y) @ w)).max()
    print(f"n={n}: max abs error {error:.1e}", "ok" if error < 1e-5 else "BAD")

# On all cores, with each runtime.
for runtime in ("openmp", "async"):
    x, y = rng.standard_normal((2, 40, 4)).astype(np.float32)
    w = rng.standard_normal((4, 2)).astype(np.float32)
    out = os.path.join(work, f"out-{runtime}.npy")
    result = run("--input", save("x.npy", x), "--input", save("y.npy", y),
                 "--input", save("w.npy", w), "--output", out, f"--pipeline-options=parallel=true runtime={runtime}")
    assert result.returncode == 0, result.stderr
    error = np.abs(np.load(out) - np.tanh((x * y) @ w)).max()
    print(f"n=40 {runtime}: max abs error {error:.1e}",
          "ok" if error < 1e-5 else "BAD")

x = rng.standard_normal((5, 4)).astype(np.float32)
out = os.path.join(work, "pair.npy")
result = run("--entry", "pair", "--input", save("x.npy", x), "--output", out)
assert result.returncode == 0, result.stderr
ok = (np.abs(np.load(out) - np.exp(x)).max() < 1e-5 and
      np.abs(np.load(out[:-4] + ".1.npy") - x.sum(1)).max() < 1e-5)
print("two results:", "ok" if ok else "BAD")

x = rng.standard_normal(6)
i = rng.integers(-100, 100, 6).astype(np.int32)
m = rng.standard_normal(6) > 0
out = os.path.join(work, "typed.npy")
result = run("--entry", "typed", "--input", save("x64.npy", x), "--input",
             save("i32.npy", i), "--input", save("b.npy", m), "--output", out)
assert result.returncode == 0, result.stderr
w, s = np.load(out), np.load(out[:-4] + ".1.npy")
ok = (w.dtype == np.float64 and s.dtype == np.int32 and
      np.array_equal(w, np.where(m, x * x, x)) and np.array_equal(s, i + i))
print("f64, i32 and bool, tuple result:", "ok" if ok else "BAD")

x = rng.standard_normal(5).astype(np.float16)
out = os.path.join(work, "half.npy")
result = run("--entry", "halve", "--input", save("x16.npy", x), "--output",
             out)
assert result.returncode == 0, result.stderr
y = np.load(out)
print("f16 round trip:", "ok" if y.dtype == np.float16 and
      np.array_equal(y, x + x) else "BAD")

result = run("--size", "n=17", "--seed", "7")
print("random inputs:", "ok" if result.returncode == 0 and
      "result #0 shape [17, 2]" in result.stdout else "BAD " + result.stderr)


def expect_error(label, *args):
    result = run(*args)
    print(f"{label}: exit {result.returncode}: {result.stderr.strip()}")


w = rng.standard_normal((4, 2)).astype(np.float32)
expect_error("wrong rank", "--input", save("bad.npy", np.zeros(4, np.float32)),
             "--input", save("y3.npy", np.zeros((3, 4), np.float32)),
             "--input", save("w.npy", w))
expect_error("wrong dim", "--input", save("x3.npy", np.zeros((3, 4), np.float32)),
             "--input", save("y5.npy", np.zeros((5, 4), np.float32)),
             "--input", save("w.npy", w))
expect_error("wrong dtype", "--input", save("x64.npy", np.zeros((3, 4))),
             "--input", save("y3.npy", np.zeros((3, 4), np.float32)),
             "--input", save("w.npy", w))
expect_error("unsupported dtype", "--input",
             save("c64.npy", np.zeros((3, 4), np.complex64)),
             "--input", save("y3.npy", np.zeros((3, 4), np.float32)),
             "--input", save("w.npy", w))
expect_error("unsupported parameter", "--entry", "half")
expect_error("broken constraint", "--size", "n=5000")
expect_error("missing size")
with open(os.path.join(work, "text.npy"), "w") as f:
    f.write("hello")
expect_error("not a file", "--input", os.path.join(work, "text.npy"),
             "--input", save("y3.npy", np.zeros((3, 4), np.float32)),
             "--input", save("w.npy", w))
