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

import os
import subprocess
import sys

import onnx
from onnx import TensorProto, helper

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 4])
w = helper.make_tensor_value_info("w", TensorProto.FLOAT, [3, 6])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)


def check(label, nodes, inputs):
    graph = helper.make_graph(nodes, "g", inputs, [y])
    path = os.path.join(work, label.replace(" ", "_") + ".onnx")
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)]), path)
    out = path[:-len(".onnx")] + ".mlir"
    result = subprocess.run(["relax-import", path, "-o", out], capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}, written: {'yes' if os.path.exists(out) else 'no'}")
    print(result.stderr.strip())


check("softmax axis", [helper.make_node("Softmax", ["x"], ["y"], axis=5)], [x])
check("contraction", [helper.make_node("MatMul", ["x", "w"], ["y"])], [x, w])
check("valid", [helper.make_node("Softmax", ["x"], ["y"], axis=1)], [x])
