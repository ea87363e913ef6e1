# RUN: %python %s %t cpu | FileCheck %s --check-prefixes=CHECK,CPU
# REQUIRES: numpy
#
# relax.take checks its indices at run time: an index outside the axis,
# read from a .npy input, is an error on stderr and exit code 1 (also from
# parallel loops, and one that only a 64-bit comparison sees: 2^40 is 0 in
# 32 bits), and nothing is read out of bounds; indices in range give
# numpy's result. In modes `clip` and `wrap`, indices out of range give
# numpy's np.take(..., mode='clip' or 'wrap'), 64-bit ones included, and
# `wrap` of an empty axis is the error. test/e2e/vulkan/take-indices.test
# runs the same cases on Vulkan (`vulkan` as the second argument), where a
# kernel records a failed check for the host to report.
#
# CHECK: in range: ok
# CHECK: too large: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}}model.mlir:3:8 (axis 0): an index is out of range
# CHECK: 2^40: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CHECK: negative: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CPU: too large, parallel: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# VULKAN: host-memory entry: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index is out of range
# CHECK: clip: ok
# CHECK: wrap: ok
# CPU: wrap, parallel: ok
# CPU: wrap, empty axis: exit 1: relax-run: error: run-time check failed: relax.take at {{.*}} an index into an empty axis

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
device = sys.argv[2]
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


def run(name, indices, *extra, table=w_path):
    result = subprocess.run(
        ["relax-run", model, "--device", device, "--input", table,
         "--input", save(name + ".npy", np.array(indices, np.int64)),
         "--output", out, *extra],
        capture_output=True, text=True)
    return result


result = run("ok", [2, 0, 1, 2])
ok = result.returncode == 0 and np.array_equal(np.load(out), w[[2, 0, 1, 2]])
print("in range:", "ok" if ok else "MISMATCH " + result.stderr)
cases = [("too large", [0, 3, 1], []), ("2^40", [0, 1 << 40, 1], []), ("negative", [-1], [])]
if device == "cpu":
    cases.append(("too large, parallel", [3] * 64, ["--pipeline-options=parallel=true"]))
else:
    cases.append(("host-memory entry", [5], ["--time-transfers"]))
for name, indices, extra in cases:
    result = run(name.replace(" ", "_").replace(",", "").replace("^", ""), indices, *extra)
    print(f"{name}: exit {result.returncode}: {result.stderr.strip()}")

indices = [-9, -5, -1, 0, 2, 3, 7, 1 << 40, -(1 << 40), (1 << 40) + 1]
modes = [("clip", []), ("wrap", [])]
if device == "cpu":
    modes.append(("wrap", ["--pipeline-options=parallel=true"]))
for mode, extra in modes:
    result = run(mode, indices, "--entry", mode, *extra)
    # np.take(mode='wrap') wraps one size at a time: index numpy itself.
    wrapped = (np.clip(indices, 0, len(w) - 1) if mode == "clip"
               else np.mod(indices, len(w)))
    expected = w[wrapped]
    ok = result.returncode == 0 and np.array_equal(np.load(out), expected)
    name = mode + (", parallel" if extra else "")
    print(f"{name}:", "ok" if ok else "MISMATCH " + result.stderr)
if device == "cpu":
    empty = save("empty.npy", np.zeros((0, 4), np.float32))
    result = run("wrap_empty", [0], "--entry", "wrap", table=empty)
    print(f"wrap, empty axis: exit {result.returncode}: {result.stderr.strip()}")
