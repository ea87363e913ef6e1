# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# The ONNX ops of convolutional networks and common layers, as exporters
# write them (opset 20): BatchNormalization (inference), MaxPool with pads,
# InstanceNormalization, AveragePool, GlobalAveragePool, GlobalMaxPool,
# LeakyRelu, HardSigmoid, HardSwish, Softplus, ArgMax, CumSum, ReduceMin,
# ReduceProd, Pad (constant mode) and Resize (nearest and linear). Each model is imported, verified with relax-opt and run by
# relax-run at three sizes (symbolic batch and spatial dims) against ONNX's
# own reference implementation (onnx.reference). Unsupported forms are
# errors that say which.
#
# CHECK-LABEL: // ----- cnn
# CHECK: relax.rsqrt
# CHECK: relax.max_pool2d {{.*}}padding = array<i64: 1, 1, 1, 1>
# CHECK: relax.group_norm {{.*}}num_groups = 8
# CHECK: relax.avg_pool2d
# CHECK: relax.mean {{.*}}axes = array<i64: 2, 3>, keepdims = true
# CHECK: relax.max {{.*}}axes = array<i64: 2, 3>, keepdims = true
# CHECK: verify: ok
# CHECK: cnn [1, 8, 8]: ok
# CHECK: cnn [2, 12, 10]: ok
# CHECK: cnn [3, 17, 9]: ok
#
# CHECK-LABEL: // ----- layers
# CHECK: relax.argmax
# CHECK: relax.cumsum
# CHECK: relax.concat
# CHECK: verify: ok
# CHECK: layers [1]: ok
# CHECK: layers [4]: ok
# CHECK: layers [9]: ok
#
# CHECK-LABEL: // ----- resize
# CHECK: relax.take
# CHECK: verify: ok
# CHECK: resize [1, 4]: ok
# CHECK: resize [2, 6]: ok
# CHECK: resize [3, 9]: ok
#
# CHECK-LABEL: // ----- unsupported
# CHECK: exit 1: relax-import: error: cannot import the model: 5 unsupported ops:
# CHECK-NEXT: MaxPool (node 'ceil'): pooling with ceil_mode
# CHECK-NEXT: AveragePool (node 'padded'): average pooling with pads
# CHECK-NEXT: CumSum (node 'reverse'): an exclusive or reverse cumulative sum
# CHECK-NEXT: Pad (node 'reflect'): padding in reflect mode (only constant)
# CHECK-NEXT: Resize (node 'cubic'): resizing in cubic mode with half_pixel coordinates {{.*}}

import os
import subprocess
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import onnx_models  # noqa: E402
from onnx_models import model, tensor  # noqa: E402

work = sys.argv[1]
rng = np.random.default_rng(0)


def imported(name, m):
    return onnx_models.imported(work, name, m)


def run_sizes(name, m, mlir, sizes, make_input):
    onnx_models.run_sizes(work, name, m, mlir, sizes, make_input)


def randn(*shape):
    return rng.standard_normal(shape).astype(np.float32)


cnn = model(
    [helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
     helper.make_node("BatchNormalization", ["c", "s", "bb", "mean", "var"], ["bn"],
                      epsilon=1e-3),
     helper.make_node("Relu", ["bn"], ["r"]),
     helper.make_node("MaxPool", ["r"], ["mp"], kernel_shape=[3, 3], strides=[2, 2],
                      pads=[1, 1, 1, 1]),
     helper.make_node("InstanceNormalization", ["mp", "g", "beta"], ["inorm"]),
     helper.make_node("LeakyRelu", ["inorm"], ["lr"], alpha=0.1),
     helper.make_node("AveragePool", ["lr"], ["ap"], kernel_shape=[2, 2], strides=[1, 1]),
     helper.make_node("HardSwish", ["ap"], ["hs"]),
     helper.make_node("GlobalAveragePool", ["hs"], ["gap"]),
     helper.make_node("GlobalMaxPool", ["hs"], ["gmp"])],
    [tensor("x", ["batch", 3, "h", "w"])], [tensor("gap", None), tensor("gmp", None)],
    [("w", randn(8, 3, 3, 3)), ("b", randn(8)), ("s", randn(8)), ("bb", randn(8)),
     ("mean", randn(8)), ("var", np.abs(randn(8)) + 0.5), ("g", randn(8)),
     ("beta", randn(8))])
run_sizes("cnn", cnn, imported("cnn", cnn), ((1, 8, 8), (2, 12, 10), (3, 17, 9)),
          lambda size: randn(size[0], 3, size[1], size[2]))

layers = model(
    [helper.make_node("ArgMax", ["x"], ["am"], axis=1, keepdims=0),
     helper.make_node("CumSum", ["x", "axis"], ["cs"]),
     helper.make_node("ReduceMin", ["x", "one"], ["mn"], keepdims=1),
     helper.make_node("ReduceProd", ["x", "zero"], ["pr"], keepdims=0),
     helper.make_node("HardSigmoid", ["x"], ["hsig"], alpha=0.3, beta=0.4),
     helper.make_node("Softplus", ["x"], ["sp"]),
     helper.make_node("Pad", ["x", "pads", "pad_value"], ["pad"])],
    [tensor("x", ["n", 5])],
    [tensor("am", None, TensorProto.INT64), tensor("cs", None), tensor("mn", None),
     tensor("pr", None), tensor("hsig", None), tensor("sp", None), tensor("pad", None)],
    [("axis", np.array(1, np.int64)), ("one", np.array([1], np.int64)),
     ("zero", np.array([0], np.int64)),
     # One row before, none after; two columns before, one after (onnx.reference
     # takes no negative width; the torch import test crops).
     ("pads", np.array([1, 2, 0, 1], np.int64)), ("pad_value", np.array(0.25, np.float32))])
run_sizes("layers", layers, imported("layers", layers), ((1,), (4,), (9,)),
          lambda size: randn(size[0], 5))

# Resize as torch's exporters write F.interpolate (nearest: asymmetric
# coordinates, floor; bilinear: half-pixel or aligned corners), and ONNX's
# defaults (half-pixel, round_prefer_floor), by scales and to sizes computed
# from the input's shape.
resize = model(
    [helper.make_node("Resize", ["x", "", "up"], ["nearest"], mode="nearest",
                      coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
     helper.make_node("Resize", ["x", "", "up"], ["linear"], mode="linear",
                      coordinate_transformation_mode="pytorch_half_pixel"),
     helper.make_node("Resize", ["x", "", "up"], ["corners"], mode="linear",
                      coordinate_transformation_mode="align_corners"),
     helper.make_node("Shape", ["x"], ["lead"], start=0, end=2),
     helper.make_node("Concat", ["lead", "hw"], ["sizes"], axis=0),
     helper.make_node("Resize", ["x", "", "", "sizes"], ["sized"], mode="linear"),
     helper.make_node("Resize", ["x", "", "", "sizes"], ["rounded"])],
    [tensor("x", ["batch", 3, "h", 5])],
    [tensor(name, None) for name in ("nearest", "linear", "corners", "sized", "rounded")],
    [("up", np.array([1, 1, 2, 2], np.float32)), ("hw", np.array([7, 3], np.int64))])
run_sizes("resize", resize, imported("resize", resize), ((1, 4), (2, 6), (3, 9)),
          lambda size: randn(size[0], 3, size[1], 5))

imported("unsupported", model(
    [helper.make_node("MaxPool", ["x"], ["a"], kernel_shape=[2, 2], ceil_mode=1,
                      name="ceil"),
     helper.make_node("AveragePool", ["x"], ["b"], kernel_shape=[2, 2], pads=[1, 1, 1, 1],
                      name="padded"),
     helper.make_node("CumSum", ["x", "axis"], ["c"], reverse=1, name="reverse"),
     helper.make_node("Pad", ["x", "pads"], ["d"], mode="reflect", name="reflect"),
     helper.make_node("Resize", ["x", "", "up"], ["e"], mode="cubic", name="cubic")],
    [tensor("x", ["batch", 3, 8, 8])], [tensor("a", None), tensor("b", None),
                                        tensor("c", None), tensor("d", None),
                                        tensor("e", None)],
    [("axis", np.array(1, np.int64)), ("pads", np.array([0, 0, 1, 1, 0, 0, 1, 1], np.int64)),
     ("up", np.array([1, 1, 2, 2], np.float32))]))
