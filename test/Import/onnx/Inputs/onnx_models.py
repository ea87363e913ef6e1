"""What the ONNX import tests share: small models built with onnx.helper
(opset 20), their import by the relax-import command, printed and verified
with relax-opt, and their runs by relax-run against onnx.reference."""

import os
import subprocess

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator


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


def run_sizes(work, name, m, mlir, sizes, make_input):
    """relax-run of `mlir` (weights in WORK/NAME.safetensors) against
    onnx.reference on `m`, output by output, for the input `make_input(size)`
    of each size; prints a line per size."""
    reference = ReferenceEvaluator(m)
    weights = os.path.join(work, f"{name}.safetensors")
    for size in sizes:
        x = make_input(size)
        path, out = os.path.join(work, f"{name}.x.npy"), os.path.join(work, f"{name}.y.npy")
        np.save(path, x)
        args = ["--weights", weights] if os.path.exists(weights) else []
        result = subprocess.run(["relax-run", mlir, *args, "--input", path,
                                 "--output", out], capture_output=True, text=True)
        if result.returncode:
            print(f"{name} {list(size)}: FAILED {result.stderr}")
            continue
        bad = []
        for i, want in enumerate(reference.run(None, {"x": x})):
            got = np.load(out if i == 0 else out[:-4] + f".{i}.npy")
            if got.shape != want.shape or not np.allclose(got, want, atol=1e-4, rtol=1e-4):
                bad.append(f"output {i}: {got.shape} vs {want.shape}")
        print(f"{name} {list(size)}: {'ok' if not bad else 'MISMATCH ' + '; '.join(bad)}")
