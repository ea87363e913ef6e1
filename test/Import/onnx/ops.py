# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# ONNX models built with onnx.helper (opset 20) go through the relax-import
# command: named dynamic dims become variables, initializers parameters
# named after them; the module verifies with relax-opt and, run by relax-run
# at three sizes, matches numpy. An unnamed dynamic dim and unsupported ops
# are errors listing every case.
#
# CHECK-LABEL: // ----- mlp
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq, 8], f32>,
# CHECK-NEXT: %w: !relax.tensor<[8, 6], f32> {relax.param_name = "w"},
# CHECK-NEXT: %b: !relax.tensor<[6], f32> {relax.param_name = "b"},
# CHECK: attributes {sym.constraints = [#sym.range<batch in [1, ?]>,
# CHECK: %[[MM:.*]] = relax.matmul %x, %w
# CHECK: %[[ADD:.*]] = relax.add %[[MM]], %b
# CHECK: %[[ACT:.*]] = relax.gelu %[[ADD]]
# CHECK: %[[R:.*]] = relax.reshape %[[ACT]] {shape = #sym.shape<[batch, seq, 2, 3]>}
# CHECK: %[[T:.*]] = relax.permute_dims %[[R]] {axes = array<i64: 0, 2, 1, 3>}
# CHECK: relax.softmax %[[T]] {axis = -1}
# CHECK: relax.layer_norm
# CHECK: verify: ok
# CHECK: mlp [1, 2, 3, 3]: ok
# CHECK: mlp [2, 2, 5, 3]: ok
# CHECK: mlp [3, 2, 17, 3]: ok
#
# CHECK-LABEL: // ----- conv
# CHECK: relax.conv1d %x, %w {strides = array<i64: 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1>, groups = 1}
# CHECK: verify: ok
#
# CHECK-LABEL: // ----- gather
# CHECK: relax.take %table, %ids {axis = 0, mode = #relax.index_mode<wrap>}
# CHECK: verify: ok
# CHECK: gather [4, 3]: ok
#
# CHECK-LABEL: // ----- compare
# CHECK: %[[GT:.*]] = relax.greater %x, %y : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<{{.*}}, i1>
# CHECK: relax.less_equal {{.*}} -> !relax.tensor<{{.*}}, i1>
# CHECK: relax.where %[[GT]], %x, %y
# CHECK: verify: ok
# CHECK: compare [3, 4]: ok
#
# CHECK-LABEL: // ----- unnamed
# CHECK: exit 1: relax-import: error: cannot import the model:
# CHECK-NEXT: input 'x' dim 0 is dynamic without a name
#
# CHECK-LABEL: // ----- unsupported
# CHECK: exit 1: relax-import: error: cannot import the model: 2 unsupported ops:
# CHECK-NEXT: TopK (node 'top'): no relax translation
# CHECK-NEXT: NonZero (node 'nz'): no relax translation

import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(0)


def model(nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs,
                              [numpy_helper.from_array(a, n) for n, a in inits])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


def tensor(name, dims, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, dims)


def imported(name, m):
    path = os.path.join(work, f"{name}.onnx")
    onnx.save(m, path)
    mlir = os.path.join(work, f"{name}.mlir")
    result = subprocess.run(["relax-import", path, "-o", mlir], capture_output=True,
                            text=True)
    print(f"// ----- {name}")
    if result.returncode:
        print(f"exit {result.returncode}: {result.stderr.strip()}")
        return None
    with open(mlir) as f:
        print(f.read())
    verify = subprocess.run(["relax-opt", mlir, "--relax-infer-shapes", "-o", os.devnull],
                            capture_output=True, text=True)
    print("verify: " + ("ok" if verify.returncode == 0 else verify.stderr))
    return mlir


w = rng.standard_normal((8, 6)).astype(np.float32)
b = rng.standard_normal(6).astype(np.float32)
g = rng.standard_normal(3).astype(np.float32)
shape = np.array([0, 0, 2, 3], np.int64)
mlp = imported("mlp", model(
    [helper.make_node("MatMul", ["x", "w"], ["mm"]),
     helper.make_node("Add", ["mm", "b"], ["h"]),
     helper.make_node("Gelu", ["h"], ["act"]),
     helper.make_node("Reshape", ["act", "shape"], ["r"]),
     helper.make_node("Transpose", ["r"], ["t"], perm=[0, 2, 1, 3]),
     helper.make_node("Softmax", ["t"], ["s"], axis=-1),
     helper.make_node("LayerNormalization", ["s", "g"], ["y"], axis=-1)],
    [tensor("x", ["batch", "seq", 8])], [tensor("y", None)],
    [("w", w), ("b", b), ("shape", shape), ("g", g)]))


def gelu(x):
    from math import erf
    return 0.5 * x * (1 + np.vectorize(erf)(x / np.sqrt(2)))


def reference(x):
    h = gelu(x @ w + b).reshape(x.shape[0], x.shape[1], 2, 3).transpose(0, 2, 1, 3)
    s = np.exp(h - h.max(-1, keepdims=True))
    s /= s.sum(-1, keepdims=True)
    mean, var = s.mean(-1, keepdims=True), s.var(-1, keepdims=True)
    return (s - mean) / np.sqrt(var + 1e-5) * g


for batch, seq in ((1, 3), (2, 5), (3, 17)):
    x = rng.standard_normal((batch, seq, 8)).astype(np.float32)
    inp, out = os.path.join(work, "x.npy"), os.path.join(work, "y.npy")
    np.save(inp, x)
    result = subprocess.run(["relax-run", mlp, "--weights", os.path.join(work, "mlp.safetensors"),
                             "--input", inp, "--output", out], capture_output=True, text=True)
    if result.returncode:
        print(result.stderr)
        continue
    error = np.abs(np.load(out) - reference(x)).max()
    print(f"mlp {list(reference(x).shape)}: {'ok' if error < 1e-4 else f'MISMATCH {error}'}")

imported("conv", model(
    [helper.make_node("Conv", ["x", "w", "b"], ["y"], strides=[2], pads=[1, 1])],
    [tensor("x", ["batch", 4, "frames"])], [tensor("y", None)],
    [("w", rng.standard_normal((8, 4, 3)).astype(np.float32)),
     ("b", rng.standard_normal(8).astype(np.float32))]))

# ONNX Gather indices may count from the end of the axis.
table = rng.standard_normal((5, 3)).astype(np.float32)
gather = imported("gather", model(
    [helper.make_node("Gather", ["table", "ids"], ["y"], axis=0)],
    [tensor("table", [5, 3]), tensor("ids", ["n"], TensorProto.INT64)],
    [tensor("y", None)]))
ids = np.array([-1, 0, -5, 4], np.int64)
paths = [os.path.join(work, n) for n in ("table.npy", "ids.npy", "g.npy")]
np.save(paths[0], table)
np.save(paths[1], ids)
result = subprocess.run(["relax-run", gather, "--input", paths[0], "--input", paths[1],
                         "--output", paths[2]], capture_output=True, text=True)
ok = result.returncode == 0 and np.array_equal(np.load(paths[2]), table[ids])
print(f"gather [4, 3]: {'ok' if ok else 'MISMATCH ' + result.stderr}")

# Comparisons give booleans, which Where and the outputs take as they are.
compare = imported("compare", model(
    [helper.make_node("Greater", ["x", "y"], ["gt"]),
     helper.make_node("LessOrEqual", ["x", "y"], ["le"]),
     helper.make_node("Where", ["gt", "x", "y"], ["m"])],
    [tensor("x", ["n", 4]), tensor("y", ["n", 4])],
    [tensor("m", None), tensor("le", None, TensorProto.BOOL)]))
xs = rng.standard_normal((3, 4)).astype(np.float32)
ys = rng.standard_normal((3, 4)).astype(np.float32)
paths = [os.path.join(work, n) for n in ("cx.npy", "cy.npy", "cm.npy")]
np.save(paths[0], xs)
np.save(paths[1], ys)
result = subprocess.run(["relax-run", compare, "--input", paths[0], "--input", paths[1],
                         "--output", paths[2]], capture_output=True, text=True)
ok = (result.returncode == 0 and np.array_equal(np.load(paths[2]), np.maximum(xs, ys))
      and np.array_equal(np.load(paths[2][:-4] + ".1.npy"), xs <= ys))
print(f"compare [3, 4]: {'ok' if ok else 'MISMATCH ' + result.stderr}")

imported("unnamed", model([helper.make_node("Relu", ["x"], ["y"])],
                          [tensor("x", [None, 4])], [tensor("y", None)]))

imported("unsupported", model(
    [helper.make_node("TopK", ["x", "k"], ["v", "i"], name="top"),
     helper.make_node("NonZero", ["x"], ["n"], name="nz"),
     helper.make_node("Relu", ["v"], ["y"])],
    [tensor("x", ["batch", 4])], [tensor("y", None)],
    [("k", np.array([2], np.int64))]))
