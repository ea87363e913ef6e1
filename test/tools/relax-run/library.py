# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy, blas
#
# relax-run --pipeline-options=library=true offloads matmuls to the CPU runtime library (OpenBLAS)
# and finds the library next to its own lib directory; results match numpy
# for every transpose combination and for batched left operands, and a
# missing library is an error.
#
# CHECK: nn: max abs error {{.*}} ok
# CHECK: nt: max abs error {{.*}} ok
# CHECK: tn: max abs error {{.*}} ok
# CHECK: tt: max abs error {{.*}} ok
# CHECK: batched: max abs error {{.*}} ok
# CHECK: vector: max abs error {{.*}} ok
# CHECK: missing library: exit 1: relax-run: error: no CPU runtime library at /nonexistent/lib.so (it is built when OpenBLAS is installed)

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(5)


def save(name, array):
    path = os.path.join(work, name)
    np.save(path, array)
    return path


def matmul_model(a_dims, b_dims, out_dims, ta, tb):
    attrs = []
    if ta:
        attrs.append("transpose_a = true")
    if tb:
        attrs.append("transpose_b = true")
    attr = " {" + ", ".join(attrs) + "}" if attrs else ""
    t = lambda dims: "!relax.tensor<[" + ", ".join(dims) + "], f32>"
    return f"""
relax.func @main(%a: {t(a_dims)}, %b: {t(b_dims)}) -> {t(out_dims)} {{
  %y = relax.matmul %a, %b{attr} : ({t(a_dims)}, {t(b_dims)}) -> {t(out_dims)}
  relax.return %y : {t(out_dims)}
}}
"""


def check(label, a, b, a_dims, b_dims, out_dims, ta=False, tb=False):
    model = os.path.join(work, label + ".mlir")
    with open(model, "w") as f:
        f.write(matmul_model(a_dims, b_dims, out_dims, ta, tb))
    out = os.path.join(work, label + ".npy")
    result = subprocess.run(
        ["relax-run", model, "--pipeline-options=library=true", "--input", save("a.npy", a),
         "--input", save("b.npy", b), "--output", out],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    expected = (a.T if ta else a) @ (b.T if tb else b)
    error = np.abs(np.load(out) - expected).max()
    print(f"{label}: max abs error {error:.1e}", "ok" if error < 1e-4 else "BAD")


f32 = lambda *shape: rng.standard_normal(shape).astype(np.float32)
check("nn", f32(5, 7), f32(7, 3), ["m", "k"], ["k", "n"], ["m", "n"])
check("nt", f32(5, 7), f32(3, 7), ["m", "k"], ["n", "k"], ["m", "n"], tb=True)
check("tn", f32(7, 5), f32(7, 3), ["k", "m"], ["k", "n"], ["m", "n"], ta=True)
check("tt", f32(7, 5), f32(3, 7), ["k", "m"], ["n", "k"], ["m", "n"], True,
      True)
check("batched", f32(2, 4, 7), f32(7, 3), ["b", "m", "k"], ["k", "n"],
      ["b", "m", "n"])
check("vector", f32(7), f32(7, 3), ["k"], ["k", "n"], ["n"])

result = subprocess.run(
    ["relax-run", os.path.join(work, "nn.mlir"), "--pipeline-options=library=true",
     "--runtime-library", "/nonexistent/lib.so", "--size", "m=2",
     "--size", "k=3", "--size", "n=4"], capture_output=True, text=True)
print(f"missing library: exit {result.returncode}: {result.stderr.strip()}")
