# RUN: %python %s %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# relax.take on Vulkan checks its indices as on the CPU: a kernel cannot
# stop the program, so an index outside the axis (also one that only a
# 64-bit comparison sees: 2^40 is 0 in 32 bits) is recorded by the kernel
# in a device word that the host checks after the launch, an error and
# exit 1, and the read itself is clamped in bounds. In modes `clip` and
# `wrap`, 64-bit indices clip and wrap as numpy does.
#
# CHECK: in range: ok
# CHECK: too large: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}}model.mlir:3:8 (axis 0): an index is out of range
# CHECK: 2^40: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CHECK: negative: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CHECK: host-memory entry: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CHECK: clip: ok
# CHECK: wrap: ok

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%w: !relax.tensor<[v, 4], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  %r = relax.take %w, %i : (!relax.tensor<[v, 4], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
relax.func @clip(%w: !relax.tensor<[v, 4], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  %r = relax.take %w, %i {mode = #relax.index_mode<clip>} : (!relax.tensor<[v, 4], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
relax.func @wrap(%w: !relax.tensor<[v, 4], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  %r = relax.take %w, %i {mode = #relax.index_mode<wrap>} : (!relax.tensor<[v, 4], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
""")


def save(name, array):
    path = os.path.join(work, name)
    np.save(path, array)
    return path


w = np.arange(12, dtype=np.float32).reshape(3, 4)
w_path = save("w.npy", w)
out = os.path.join(work, "out.npy")


def run(name, indices, *extra):
    return subprocess.run(
        ["relax-run", model, "--device", "vulkan", "--input", w_path,
         "--input", save(name + ".npy", np.array(indices, np.int64)),
         "--output", out, *extra],
        capture_output=True, text=True)


result = run("ok", [2, 0, 1, 2])
ok = result.returncode == 0 and np.array_equal(np.load(out), w[[2, 0, 1, 2]])
print("in range:", "ok" if ok else "MISMATCH " + result.stderr)
for name, indices, extra in [("too large", [0, 3, 1], []),
                             ("2^40", [0, 1 << 40, 1], []),
                             ("negative", [-1], []),
                             ("host-memory entry", [5], ["--time-transfers"])]:
    result = run(name.replace(" ", "_").replace("^", ""), indices, *extra)
    print(f"{name}: exit {result.returncode}: {result.stderr.strip()}")

indices = [-9, -5, -1, 0, 2, 3, 7, 1 << 40, -(1 << 40), (1 << 40) + 1]
for mode in ("clip", "wrap"):
    result = run(mode, indices, "--entry", mode)
    wrapped = (np.clip(indices, 0, len(w) - 1) if mode == "clip"
               else np.mod(indices, len(w)))
    ok = result.returncode == 0 and np.array_equal(np.load(out), w[wrapped])
    print(f"{mode}:", "ok" if ok else "MISMATCH " + result.stderr)
