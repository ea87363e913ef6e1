# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# ONNX GatherND (batch_dims 0): the rows of indices' last dim index the
# data's first k dims, negative components counting from the end; imported
# as one linear index per row and a take from the data viewed as
# [product of the k dims, rest...]. GatherElements (along dims 1 and 0) the
# same way, with one linear index per element of indices. Run by relax-run at three batch sizes
# against onnx.reference, for k = 1, 2 and 3 (whole elements); an index out
# of range, also a component that a linear index would carry into the next
# row, is a run-time error; batch_dims is reported unsupported.
#
# CHECK-LABEL: // ----- gathers
# CHECK: relax.reshape
# CHECK: relax.take
# CHECK: verify: ok
# CHECK: gathers [1]: ok
# CHECK: gathers [3]: ok
# CHECK: gathers [6]: ok
# CHECK-LABEL: // ----- elements
# CHECK-COUNT-2: relax.take
# CHECK: verify: ok
# CHECK: elements [2]: ok
# CHECK: elements [3]: ok
# CHECK: elements [5]: ok
# CHECK: out of range row: exit 1: {{.*}}an index is out of range
# CHECK: out of range column: exit 1: {{.*}}an index is out of range
# CHECK: out of range elements: exit 1: {{.*}}an index is out of range
#
# CHECK-LABEL: // ----- unsupported
# CHECK: exit 1: relax-import: error: cannot import the model: 1 unsupported op:
# CHECK-NEXT: GatherND (node 'batched'): batch_dims other than 0

import os
import subprocess
import sys

import numpy as np
from onnx import TensorProto, helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import onnx_models  # noqa: E402
from onnx_models import model, tensor  # noqa: E402

work = sys.argv[1]
rng = np.random.default_rng(0)

# x is [batch, 4, 5]; the indices are weights (constant at run time), in
# range at every batch size.
rows = np.array([[0], [-1], [0]], np.int64)                          # k = 1
pairs = np.array([[[0, 3], [-1, -4]], [[0, 0], [-1, 2]]], np.int64)  # k = 2
points = np.array([[0, 3, 4], [-1, -4, -1]], np.int64)               # k = 3
gathers = model(
    [helper.make_node("GatherND", ["x", "rows"], ["r"]),
     helper.make_node("GatherND", ["x", "pairs"], ["p"]),
     helper.make_node("GatherND", ["x", "points"], ["q"])],
    [tensor("x", ["batch", 4, 5])], [tensor(n, None) for n in ("r", "p", "q")],
    [("rows", rows), ("pairs", pairs), ("points", points)])
onnx_models.run_sizes(work, "gathers", gathers, onnx_models.imported(work, "gathers", gathers),
                      ((1,), (3,), (6,)),
                      lambda size: rng.standard_normal((size[0], 4, 5)).astype(np.float32))

# Indices computed from x (onnx.reference takes indices shaped like the
# data but along the axis): {-1, 0} along dim 1, {0} along dim 0, and
# {0, 5} along dim 1 (out of range where x > 0).
elements = model(
    [helper.make_node("Greater", ["x", "zero"], ["pos"]),
     helper.make_node("Cast", ["pos"], ["flag"], to=TensorProto.INT64),
     helper.make_node("Sub", ["flag", "one"], ["along1"]),
     helper.make_node("Mul", ["flag", "zero_i"], ["along0"]),
     helper.make_node("GatherElements", ["x", "along1"], ["e1"], axis=1),
     helper.make_node("GatherElements", ["x", "along0"], ["e0"], axis=0)],
    [tensor("x", ["batch", 4, 5])], [tensor("e1", None), tensor("e0", None)],
    [("zero", np.array(0, np.float32)), ("one", np.array(1, np.int64)),
     ("zero_i", np.array(0, np.int64))])
onnx_models.run_sizes(work, "elements", elements,
                      onnx_models.imported(work, "elements", elements), ((2,), (3,), (5,)),
                      lambda size: rng.standard_normal((size[0], 4, 5)).astype(np.float32))
outside = model(
    [helper.make_node("Greater", ["x", "zero"], ["pos"]),
     helper.make_node("Cast", ["pos"], ["flag"], to=TensorProto.INT64),
     helper.make_node("Mul", ["flag", "five"], ["far"]),
     helper.make_node("GatherElements", ["x", "far"], ["y"], axis=1)],
    [tensor("x", ["batch", 4, 5])], [tensor("y", None)],
    [("zero", np.array(0, np.float32)), ("five", np.array(5, np.int64))])
onnx_models.imported(work, "outside", outside)

# Row 2 of a batch of 2, and a column of -5 of 4: each an error, where a
# linear index alone would read another row.
for name, index in (("row", [[2, 0]]), ("column", [[0, -5]])):
    bad = model([helper.make_node("GatherND", ["x", "i"], ["y"])],
                [tensor("x", ["batch", 4, 5])], [tensor("y", None)],
                [("i", np.array(index, np.int64))])
    mlir = onnx_models.imported(work, name, bad)
    x = os.path.join(work, f"{name}.npy")
    np.save(x, rng.standard_normal((2, 4, 5)).astype(np.float32))
    result = subprocess.run(["relax-run", mlir, "--weights", os.path.join(work, f"{name}.safetensors"),
                             "--input", x], capture_output=True, text=True)
    print(f"out of range {name}: exit {result.returncode}: {result.stderr.strip()}")
x = os.path.join(work, "two.npy")
np.save(x, rng.standard_normal((2, 4, 5)).astype(np.float32))
result = subprocess.run(["relax-run", os.path.join(work, "outside.mlir"), "--weights",
                         os.path.join(work, "outside.safetensors"), "--input", x],
                        capture_output=True, text=True)
print(f"out of range elements: exit {result.returncode}: {result.stderr.strip()}")

onnx_models.imported(work, "unsupported", model(
    [helper.make_node("GatherND", ["x", "i"], ["y"], batch_dims=1, name="batched")],
    [tensor("x", ["batch", 4]), tensor("i", ["batch", 1], TensorProto.INT64)],
    [tensor("y", None)]))
