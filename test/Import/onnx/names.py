# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# Names a model may hold that the module's syntax gives a meaning to: a
# weight named with a quote and a backslash is written escaped and bound by
# its own name; dims named after keywords of the symbolic expressions
# (`min`, `mod`) get variables of other names; dims whose names differ only
# in characters a variable cannot hold ("a-b", "a_b") stay two variables,
# whose equality is checked at run time. relax-run computes what numpy does.
#
# CHECK: import: exit 0
# CHECK: param_name = "w\"x\\y"
# CHECK: variables: a_b, a_b2, min2, mod2
# CHECK: run: equal
# CHECK: a-b != a_b: exit 1: relax-run: error: run-time check failed: {{.*}}expected a_b2 == a_b

import os
import re
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

work = sys.argv[1]
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["a-b", "min"])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a_b", "min"])
s = helper.make_tensor_value_info("s", TensorProto.FLOAT, ["mod"])
z = helper.make_tensor_value_info("z", TensorProto.FLOAT, None)
r = helper.make_tensor_value_info("r", TensorProto.FLOAT, None)
weight = np.arange(1, 4, dtype=np.float32).reshape(1, 3)
nodes = [helper.make_node("Mul", ["x", 'w"x\\y'], ["t"]),
         helper.make_node("Add", ["t", "y"], ["z"]),
         helper.make_node("Neg", ["s"], ["r"])]
graph = helper.make_graph(nodes, "names", [x, y, s], [z, r],
                          [numpy_helper.from_array(weight, name='w"x\\y')])
model = os.path.join(work, "names.onnx")
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), model)
out = os.path.join(work, "names.mlir")
result = subprocess.run(["relax-import", model, "-o", out], capture_output=True, text=True)
print(f"import: exit {result.returncode} {result.stderr.strip()}")
text = open(out).read()
print(re.search(r'param_name = "(\\.|[^"\\])*"', text).group(0))
print("variables: " + ", ".join(sorted(set(re.findall(r"#sym.range<(\w+) in", text)))))

rng = np.random.default_rng(0)
xs, ys, ss = (rng.standard_normal(shape).astype(np.float32) for shape in ((2, 3), (2, 3), (5,)))
inputs = []
for name, array in (("x", xs), ("y", ys), ("s", ss)):
    inputs += ["--input", os.path.join(work, name + ".npy")]
    np.save(os.path.join(work, name + ".npy"), array)
weights = os.path.join(work, "names.safetensors")
result = subprocess.run(["relax-run", out, "--weights", weights, *inputs, "--output",
                         os.path.join(work, "z.npy")], capture_output=True, text=True)
got = (np.load(os.path.join(work, "z.npy")), np.load(os.path.join(work, "z.1.npy"))) \
    if result.returncode == 0 else None
equal = got is not None and np.allclose(got[0], xs * weight + ys) and np.allclose(got[1], -ss)
print("run: " + ("equal" if equal else f"DIFFERENT {result.stderr}"))
np.save(os.path.join(work, "y.npy"), rng.standard_normal((4, 3)).astype(np.float32))
result = subprocess.run(["relax-run", out, "--weights", weights, *inputs],
                        capture_output=True, text=True)
print(f"a-b != a_b: exit {result.returncode}: {result.stderr.strip()}")
