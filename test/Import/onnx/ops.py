# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# ONNX models built with onnx.helper (opset 20) go through the relax-import
# command: named dynamic dims become variables, initializers parameters
# named after them; the module verifies with relax-opt and, run by relax-run
# at three sizes, matches numpy. Shape subgraphs (Shape, Gather, Div,
# Unsqueeze, Concat, ...) fold into symbolic dims at import. An unnamed
# dynamic dim, unsupported ops and a shape that cannot become a tensor are
# errors listing every case.
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
# CHECK-NEXT: Det (node 'det'): no relax translation
# CHECK-NEXT: NonZero (node 'nz'): no relax translation
#
# Shape subgraphs fold into symbolic dims: no tensor is computed for them.
# CHECK-LABEL: // ----- heads
# CHECK-NOT: relax.constant
# CHECK: %[[R:.*]] = relax.reshape %x {shape = #sym.shape<[batch, seq, 2, 4]>}
# CHECK-NEXT: %[[T:.*]] = relax.permute_dims %[[R]] {axes = array<i64: 0, 2, 1, 3>}
# CHECK-NEXT: %[[Y:.*]] = relax.reshape %[[T]] {shape = #sym.shape<[batch, 2, ?]>}
# CHECK-NEXT: relax.output %[[Y]]
# CHECK: verify: ok
# CHECK: heads [1, 3]: ok
# CHECK: heads [2, 5]: ok
# CHECK: heads [3, 17]: ok
#
# CHECK-LABEL: // ----- simple
# CHECK: relax.reshape %x {shape = #sym.shape<[batch * seq, 4]>}
# CHECK: %[[ONE:.*]] = relax.constant dense<1.000000000e+00> : tensor<f32>
# CHECK: relax.divide %[[ONE]], %x
# CHECK: %[[LO:.*]] = relax.maximum %x, %lo
# CHECK: relax.minimum %[[LO]], %hi
# CHECK: %[[FALSE:.*]] = relax.constant dense<false> : tensor<i1>
# CHECK: relax.equal %m, %[[FALSE]] {{.*}} -> !relax.tensor<*, i1>
# CHECK: verify: ok
# CHECK: simple [1, 3]: ok
# CHECK: simple [2, 5]: ok
# CHECK: simple [3, 17]: ok
#
# CHECK-LABEL: // ----- expand
# CHECK: relax.broadcast_to %x {shape = #sym.shape<[n, m, 4]>} : (!relax.tensor<[1, 4], f32>)
# CHECK: verify: ok
# CHECK: expand [1, 3]: ok
# CHECK: expand [2, 5]: ok
# CHECK: expand [3, 17]: ok
#
# CHECK-LABEL: // ----- expand_torch
# CHECK-NOT: relax.where
# CHECK: relax.broadcast_to %x {shape = #sym.shape<[n, 4]>} : (!relax.tensor<[1, 4], f32>)
# CHECK-NOT: relax.where
# CHECK: verify: ok
# CHECK: expand_torch [1]: ok
# CHECK: expand_torch [2]: ok
# CHECK: expand_torch [17]: ok
#
# CHECK-LABEL: // ----- slice
# CHECK: relax.strided_slice %pos {axes = array<i64: 1>, begin = #sym.shape<[0]>, end = #sym.shape<[seq]>}
# CHECK: relax.strided_slice %x {axes = array<i64: 1, 2>, begin = #sym.shape<[seq - 2, 1]>, end = #sym.shape<[seq, 6]>, strides = array<i64: 1, 2>}
# CHECK: verify: ok
# CHECK: slice [1, 3]: ok
# CHECK: slice [2, 5]: ok
# CHECK: slice [3, 17]: ok
#
# CHECK-LABEL: // ----- fill
# CHECK: %[[V:.*]] = relax.constant dense<1.500000000e+00> : tensor<f32>
# CHECK: relax.full %[[V]] {shape = #sym.shape<[batch, seq, 4]>}
# CHECK: relax.arange {start = #sym.expr<0>, end = #sym.expr<seq>, step = #sym.expr<1>, dtype = i64}
# CHECK: %[[B:.*]] = relax.arange {start = #sym.expr<batch * batch>, end = #sym.expr<batch * batch + 1>, step = #sym.expr<1>, dtype = i64}
# CHECK: %[[S:.*]] = relax.arange {start = #sym.expr<seq * seq>, end = #sym.expr<seq * seq + 1>, step = #sym.expr<1>, dtype = i64}
# CHECK: %[[C:.*]] = relax.constant dense<16> : tensor<1xi64>
# CHECK: %[[SQ:.*]] = relax.concat %[[B]], %[[S]], %[[C]] {axis = 0}
# CHECK: relax.add %[[SQ]], %ids
# CHECK: verify: ok
# CHECK: fill [1, 3]: ok
# CHECK: fill [2, 5]: ok
# CHECK: fill [3, 17]: ok
#
# CHECK-LABEL: // ----- range_length
# CHECK: relax.full %{{.*}} {shape = #sym.shape<[batch]>}
# CHECK: relax.arange {start = #sym.expr<max(0, batch floordiv 2)>
# CHECK: verify: ok
# CHECK: range_length [1]: ok
# CHECK: range_length [4]: ok
# CHECK: range_length [7]: ok
#
# CHECK-LABEL: // ----- dropout
# CHECK: relax.dataflow
# CHECK-NEXT: relax.output %x
# CHECK: verify: ok
#
# CHECK-LABEL: // ----- dropout_training
# CHECK: exit 1: relax-import: error: cannot import the model: 2 unsupported ops:
# CHECK-NEXT: Dropout (node 'train'): training_mode that is not a constant false
# CHECK-NEXT: Dropout (node 'mask'): the mask output

import os
import subprocess
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import onnx_models  # noqa: E402
from onnx_models import model, tensor  # noqa: E402

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(0)


def imported(name, m):
    return onnx_models.imported(work, name, m)


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
    [helper.make_node("Det", ["x"], ["v"], name="det"),
     helper.make_node("NonZero", ["x"], ["n"], name="nz"),
     helper.make_node("Relu", ["v"], ["y"])],
    [tensor("x", ["batch", 4, 4])], [tensor("y", None)]))


def run_sizes(name, mlir, sizes, make_inputs, reference):
    """Runs `mlir` by relax-run on the inputs `make_inputs(size)` gives and
    compares each output with `reference(*inputs)`."""
    weights = os.path.join(work, f"{name}.safetensors")
    for size in sizes:
        inputs = make_inputs(size)
        args = ["relax-run", mlir]
        if os.path.exists(weights):
            args += ["--weights", weights]
        for i, array in enumerate(inputs):
            path = os.path.join(work, f"{name}.in{i}.npy")
            np.save(path, array)
            args += ["--input", path]
        out = os.path.join(work, f"{name}.out.npy")
        args += ["--output", out]
        result = subprocess.run(args, capture_output=True, text=True)
        expected = reference(*inputs)
        if result.returncode:
            print(f"{name} {list(size)}: FAILED {result.stderr}")
            continue
        bad = []
        for i, want in enumerate(expected):
            got = np.load(out if i == 0 else out[:-4] + f".{i}.npy")
            if got.shape != want.shape or not np.allclose(got, want, atol=1e-5):
                bad.append(f"output {i}: {got.shape} vs {want.shape}")
        print(f"{name} {list(size)}: {'ok' if not bad else 'MISMATCH ' + '; '.join(bad)}")


def const(name, value):
    return helper.make_node("Constant", [], [name],
                            value=numpy_helper.from_array(np.array(value, np.int64)))


# The attention head split the TorchScript exporter writes: the new shape
# is computed from Shape(x) by Gather, Div, Unsqueeze and Concat, which
# relax-import folds into symbolic dims.
heads = imported("heads", model(
    [helper.make_node("Shape", ["x"], ["s"]),
     const("i0", 0), const("i1", 1), const("i2", 2), const("axes", [0]),
     const("two", 2), const("minus1", [-1]), const("nh", [2]),
     helper.make_node("Gather", ["s", "i0"], ["b"]),
     helper.make_node("Gather", ["s", "i1"], ["q"]),
     helper.make_node("Gather", ["s", "i2"], ["hidden"]),
     helper.make_node("Div", ["hidden", "two"], ["hd"]),
     helper.make_node("Unsqueeze", ["b", "axes"], ["ub"]),
     helper.make_node("Unsqueeze", ["q", "axes"], ["uq"]),
     helper.make_node("Unsqueeze", ["hd", "axes"], ["uhd"]),
     helper.make_node("Concat", ["ub", "uq", "nh", "uhd"], ["split"], axis=0),
     helper.make_node("Reshape", ["x", "split"], ["r"]),
     helper.make_node("Transpose", ["r"], ["t"], perm=[0, 2, 1, 3]),
     helper.make_node("Shape", ["t"], ["ts"]),
     helper.make_node("Gather", ["ts", "i0"], ["tb"]),
     helper.make_node("Gather", ["ts", "i1"], ["th"]),
     helper.make_node("Unsqueeze", ["tb", "axes"], ["utb"]),
     helper.make_node("Unsqueeze", ["th", "axes"], ["uth"]),
     helper.make_node("Concat", ["utb", "uth", "minus1"], ["merge"], axis=0),
     helper.make_node("Reshape", ["t", "merge"], ["y"])],
    [tensor("x", ["batch", "seq", 8])], [tensor("y", None)]))
run_sizes("heads", heads, ((1, 3), (2, 5), (3, 17)),
          lambda size: [rng.standard_normal((*size, 8)).astype(np.float32)],
          lambda x: [x.reshape(*x.shape[:2], 2, 4).transpose(0, 2, 1, 3)
                     .reshape(x.shape[0], 2, -1)])

simple = imported("simple", model(
    [helper.make_node("Flatten", ["x"], ["f"], axis=2),
     helper.make_node("Reciprocal", ["x"], ["r"]),
     helper.make_node("Clip", ["x", "lo", "hi"], ["c"]),
     helper.make_node("Not", ["m"], ["n"])],
    [tensor("x", ["batch", "seq", 4]), tensor("m", ["batch", 3], TensorProto.BOOL)],
    [tensor("f", None), tensor("r", None), tensor("c", None),
     tensor("n", None, TensorProto.BOOL)],
    [("lo", np.array(-0.5, np.float32)), ("hi", np.array(0.5, np.float32))]))
run_sizes("simple", simple, ((1, 3), (2, 5), (3, 17)),
          lambda size: [rng.standard_normal((*size, 4)).astype(np.float32) + 0.1,
                        rng.standard_normal((size[0], 3)) > 0],
          lambda x, m: [x.reshape(x.shape[0] * x.shape[1], 4), 1 / x,
                        np.clip(x, -0.5, 0.5), ~m])

# Expand by the shape of another input (numpy broadcasting: [1, 4] and
# [n, m, 1] give [n, m, 4]).
expand = imported("expand", model(
    [helper.make_node("Shape", ["y"], ["s"], end=2),
     const("four", [4]),
     helper.make_node("Concat", ["s", "four"], ["target"], axis=0),
     helper.make_node("Expand", ["x", "target"], ["e"]),
     helper.make_node("Add", ["e", "y"], ["z"])],
    [tensor("x", [1, 4]), tensor("y", ["n", "m", 1])], [tensor("z", None)]))
run_sizes("expand", expand, ((1, 3), (2, 5), (3, 17)),
          lambda size: [rng.standard_normal((1, 4)).astype(np.float32),
                        rng.standard_normal((*size, 1)).astype(np.float32)],
          lambda x, y: [np.broadcast_to(x, (*y.shape[:2], 4)) + y])

# x.expand(n, -1) as the TorchScript exporter writes it: the -1 entries of
# the target become 1 by Where(Equal(target, -1), ones, target), which
# relax-import folds too.
expand_torch = imported("expand_torch", model(
    [helper.make_node("Shape", ["y"], ["s"]),
     const("i0", 0), const("axes", [0]), const("minus1", [-1]), const("two", [2]),
     const("neg", -1),
     helper.make_node("Gather", ["s", "i0"], ["n"]),
     helper.make_node("Unsqueeze", ["n", "axes"], ["un"]),
     helper.make_node("Concat", ["un", "minus1"], ["target"], axis=0),
     helper.make_node("ConstantOfShape", ["two"], ["ones"],
                      value=numpy_helper.from_array(np.array([1], np.int64))),
     helper.make_node("Mul", ["ones", "neg"], ["negs"]),
     helper.make_node("Equal", ["target", "negs"], ["is_neg"]),
     helper.make_node("Where", ["is_neg", "ones", "target"], ["fixed"]),
     helper.make_node("Expand", ["x", "fixed"], ["e"]),
     helper.make_node("Add", ["e", "y"], ["z"])],
    [tensor("x", [1, 4]), tensor("y", ["n", 1])], [tensor("z", None)]))
run_sizes("expand_torch", expand_torch, ((1,), (2,), (17,)),
          lambda size: [rng.standard_normal((1, 4)).astype(np.float32),
                        rng.standard_normal((*size, 1)).astype(np.float32)],
          lambda x, y: [x + y])

# Slice of a tensor: by a computed end (BERT's position ids up to the
# sequence length), and from the end of a dim.
positions = np.arange(64, dtype=np.int64).reshape(1, 64)
sliced = imported("slice", model(
    [helper.make_node("Shape", ["x"], ["s"]),
     const("i1", 1), const("axes", [0]), const("zero", [0]), const("one", [1]),
     helper.make_node("Gather", ["s", "i1"], ["seq"]),
     helper.make_node("Unsqueeze", ["seq", "axes"], ["useq"]),
     helper.make_node("Slice", ["pos", "zero", "useq", "one"], ["p"]),
     helper.make_node("Slice", ["x", "starts", "ends", "sliced_axes", "steps"], ["xs"])],
    [tensor("x", ["batch", "seq", 6])],
    [tensor("p", None, TensorProto.INT64), tensor("xs", None)],
    [("pos", positions), ("starts", np.array([-2, 1], np.int64)),
     ("ends", np.array([2 ** 63 - 1, 6], np.int64)),
     ("sliced_axes", np.array([1, -1], np.int64)), ("steps", np.array([1, 2], np.int64))]))
run_sizes("slice", sliced, ((1, 3), (2, 5), (3, 17)),
          lambda size: [rng.standard_normal((*size, 6)).astype(np.float32)],
          lambda x: [positions[:, :x.shape[1]], x[:, -2:, 1:6:2]])

# ConstantOfShape and Range on computed shapes; a shape that is added to a
# tensor becomes one.
fill = imported("fill", model(
    [helper.make_node("Shape", ["x"], ["s"]),
     helper.make_node("ConstantOfShape", ["s"], ["c"],
                      value=numpy_helper.from_array(np.array([1.5], np.float32))),
     const("i1", 1), const("zero", 0), const("one", 1),
     helper.make_node("Gather", ["s", "i1"], ["seq"]),
     helper.make_node("Range", ["zero", "seq", "one"], ["pos"]),
     helper.make_node("Mul", ["s", "s"], ["sq"]),
     helper.make_node("Add", ["sq", "ids"], ["shifted"])],
    [tensor("x", ["batch", "seq", 4]), tensor("ids", [3], TensorProto.INT64)],
    [tensor("c", None), tensor("pos", None, TensorProto.INT64),
     tensor("shifted", None, TensorProto.INT64)]))
run_sizes("fill", fill, ((1, 3), (2, 5), (3, 17)),
          lambda size: [rng.standard_normal((*size, 4)).astype(np.float32),
                        np.array([1, 2, 3], np.int64)],
          lambda x, ids: [np.full(x.shape, 1.5, np.float32), np.arange(x.shape[1]),
                          np.array(x.shape, np.int64) ** 2 + ids])

# The length of a Range up to a symbolic end is known at import, so a shape
# taken of it is one too (T5's relative positions: ConstantOfShape(Shape(r))).
range_length = imported("range_length", model(
    [const("zero", 0), const("one", 1), const("two", 2), const("i0", 0),
     helper.make_node("Shape", ["x"], ["s"]),
     helper.make_node("Gather", ["s", "i0"], ["n"]),
     helper.make_node("Range", ["zero", "n", "one"], ["r"]),
     helper.make_node("Range", ["one", "n", "two"], ["odd"]),
     helper.make_node("Shape", ["r"], ["rs"]),
     helper.make_node("ConstantOfShape", ["rs"], ["c"],
                      value=numpy_helper.from_array(np.array([3], np.int64))),
     helper.make_node("Add", ["r", "c"], ["y"]),
     helper.make_node("Shape", ["odd"], ["os"]),
     helper.make_node("Add", ["os", "ids"], ["z"])],
    [tensor("x", ["batch", 4]), tensor("ids", [1], TensorProto.INT64)],
    [tensor("y", None, TensorProto.INT64), tensor("z", None, TensorProto.INT64)]))
run_sizes("range_length", range_length, ((1,), (4,), (7,)),
          lambda size: [np.zeros((size[0], 4), np.float32), np.array([10], np.int64)],
          lambda x, ids: [np.arange(x.shape[0]) + 3,
                          np.array([len(range(1, x.shape[0], 2))]) + ids])

# Inference's Dropout is its input; training mode and the mask are errors.
imported("dropout", model(
    [helper.make_node("Constant", [], ["off"],
                      value=numpy_helper.from_array(np.array(False))),
     helper.make_node("Dropout", ["x", "", "off"], ["d"]),
     helper.make_node("Dropout", ["d"], ["y"])],
    [tensor("x", ["n", 4])], [tensor("y", None)]))
imported("dropout_training", model(
    [helper.make_node("Constant", [], ["on"],
                      value=numpy_helper.from_array(np.array(True))),
     helper.make_node("Dropout", ["x", "", "on"], ["d"], name="train"),
     helper.make_node("Dropout", ["x"], ["z", "m"], name="mask")],
    [tensor("x", ["n", 4])],
    [tensor("d", None), tensor("z", None), tensor("m", None, TensorProto.BOOL)]))
