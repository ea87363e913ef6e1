# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# ONNX ops the dynamo exporter writes into transformers models (GPT-2's
# causal mask and its fused QKV): And, Or and Xor on booleans, IsNaN and
# IsInf, and Split by constant sizes, into num_outputs parts of a static
# dim that they do not divide (the last one shorter), and into equal parts
# of a symbolic dim. Imported, verified and run by relax-run at three batch
# sizes against onnx.reference.
#
# CHECK-LABEL: // ----- logic
# CHECK: verify: ok
# CHECK: logic [1]: ok
# CHECK: logic [4]: ok
# CHECK: logic [7]: ok
#
# CHECK-LABEL: // ----- splits
# CHECK: relax.split {{.*}}indices = #sym.shape<[2, 5]>
# CHECK: relax.split {{.*}}indices = #sym.shape<[3, 6]>
# CHECK: relax.split {{.*}}sections = 2
# CHECK: verify: ok
# CHECK: splits [2]: ok
# CHECK: splits [4]: ok
# CHECK: splits [8]: ok

import os
import sys

import numpy as np
from onnx import TensorProto, helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import onnx_models  # noqa: E402
from onnx_models import model, tensor  # noqa: E402

work = sys.argv[1]
rng = np.random.default_rng(0)
BOOL = TensorProto.BOOL

# x: [batch, 6] with NaNs and infinities.
logic = model(
    [helper.make_node("Greater", ["x", "zero"], ["pos"]),
     helper.make_node("Less", ["x", "one"], ["small"]),
     helper.make_node("And", ["pos", "small"], ["and"]),
     helper.make_node("Or", ["pos", "small"], ["or"]),
     helper.make_node("Xor", ["pos", "small"], ["xor"]),
     helper.make_node("IsNaN", ["x"], ["nan"]),
     helper.make_node("IsInf", ["x"], ["inf"])],
    [tensor("x", ["batch", 6])],
    [tensor(n, None, BOOL) for n in ("and", "or", "xor", "nan", "inf")],
    [("zero", np.array(0, np.float32)), ("one", np.array(1, np.float32))])


def special(size):
    x = rng.standard_normal((size[0], 6)).astype(np.float32)
    x[0, 0], x[-1, 1], x[0, 2] = np.nan, np.inf, -np.inf
    return x


onnx_models.run_sizes(work, "logic", logic, onnx_models.imported(work, "logic", logic),
                      ((1,), (4,), (7,)), special)

splits = model(
    [helper.make_node("Split", ["x", "sizes"], ["a", "b", "c"], axis=1),
     helper.make_node("Split", ["x"], ["d", "e", "f"], axis=1, num_outputs=3),
     helper.make_node("Split", ["x"], ["g", "h"], axis=0, num_outputs=2)],
    [tensor("x", ["batch", 8])], [tensor(n, None) for n in "abcdefgh"],
    [("sizes", np.array([2, 3, 3], np.int64))])
onnx_models.run_sizes(work, "splits", splits, onnx_models.imported(work, "splits", splits),
                      ((2,), (4,), (8,)),
                      lambda size: rng.standard_normal((size[0], 8)).astype(np.float32))
