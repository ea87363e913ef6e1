# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# relax-import checks every module it translates with relax-opt (parser,
# verifiers, shape inference) before writing it: a model whose ops are
# invalid (an axis out of range, a product whose contraction dims differ)
# is an error that quotes the op, exit 1, and no module is written.
#
# CHECK-LABEL: softmax axis: exit 1, written: no
# CHECK-NEXT: relax-import: error: the translated module does not verify (a bug of relax-import or an invalid model):
# CHECK-NEXT: error: 'relax.softmax' op axis 5 is out of range for rank 2
# CHECK-NEXT: at: %y = relax.softmax %x {axis = 5}
# CHECK-LABEL: contraction: exit 1, written: no
# CHECK: error: 'relax.matmul' op contraction dim: operand #1 dim 0 is 3 but must equal 4
# CHECK-NEXT: at: %y = relax.matmul %x, %w
# CHECK-LABEL: valid: exit 0, written: yes
#
# Models that are not valid ONNX are one error message each, never a
# traceback: a node reading a value nothing defines (ONNX's checker), an
# initializer whose data is not its shape, a node whose attributes do not
# fit its inputs (pads of a 2-d convolution given for one dim), an output
# no node computes.
#
# CHECK-LABEL: undefined input: exit 1, written: no
# CHECK-NEXT: relax-import: error: not a valid ONNX model: {{.*}}'missing'{{.*}}
# CHECK-LABEL: initializer data: exit 1, written: no
# CHECK-NEXT: relax-import: error: not a valid ONNX model: {{.*}}tensor name: w{{.*}} too small for the declared shape
# CHECK-LABEL: conv pads: exit 1, written: no
# CHECK-NEXT: relax-import: error: cannot import the model: 1 unsupported op:
# CHECK-NEXT: Conv (node 'conv'): invalid node (IndexError: list index out of range)
# CHECK-LABEL: uncomputed output: exit 1, written: no
# CHECK-NEXT: relax-import: error: {{.*}}'y'{{.*}}

import os
import subprocess
import sys

import numpy as np
import onnx
import onnx.numpy_helper
from onnx import TensorProto, helper

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 4])
w = helper.make_tensor_value_info("w", TensorProto.FLOAT, [3, 6])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)


def check(label, nodes, inputs, inits=(), outputs=(y,)):
    graph = helper.make_graph(nodes, "g", inputs, list(outputs), list(inits))
    path = os.path.join(work, label.replace(" ", "_") + ".onnx")
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)]), path)
    out = path[:-len(".onnx")] + ".mlir"
    result = subprocess.run(["relax-import", path, "-o", out], capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}, written: {'yes' if os.path.exists(out) else 'no'}")
    print(result.stderr.strip())


check("softmax axis", [helper.make_node("Softmax", ["x"], ["y"], axis=5)], [x])
check("contraction", [helper.make_node("MatMul", ["x", "w"], ["y"])], [x, w])
check("valid", [helper.make_node("Softmax", ["x"], ["y"], axis=1)], [x])

check("undefined input", [helper.make_node("Add", ["x", "missing"], ["y"])], [x])
bad = onnx.numpy_helper.from_array(np.zeros(2, np.float32), "w")
bad.dims[:] = [3, 6]
check("initializer data", [helper.make_node("MatMul", ["x", "w"], ["y"])], [x], [bad])
image = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 3, 8, 8])
kernel = onnx.numpy_helper.from_array(np.zeros((4, 3, 3, 3), np.float32), "k")
check("conv pads", [helper.make_node("Conv", ["x", "k"], ["y"], name="conv", pads=[1, 1])],
      [image], [kernel])
z = helper.make_tensor_value_info("z", TensorProto.FLOAT, None)
check("uncomputed output", [helper.make_node("Relu", ["x"], ["z"])], [x], outputs=(z, y))
