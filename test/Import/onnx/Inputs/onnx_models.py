"""What the ONNX import tests share: small models built with onnx.helper
(opset 20) and their import by the relax-import command, printed and
verified with relax-opt."""

import os
import subprocess

import onnx
from onnx import TensorProto, helper, numpy_helper


def model(nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs,
                              [numpy_helper.from_array(a, n) for n, a in inits])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


def tensor(name, dims, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, dims)


def imported(work, name, m):
    """Imports model `m` as WORK/NAME.mlir, prints the module (or the error)
    and whether relax-opt verifies it; the module's path, or None."""
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
