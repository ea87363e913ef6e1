# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-onnx
#
# torch.topk and ONNX TopK: k rounds of a max and an argmax over what the
# earlier rounds left, their values and indices concatenated in order,
# largest or smallest, along a symbolic dim; against PyTorch (exactly:
# values and indices) at two sizes. A k that is not a constant is an
# error naming it.
#
# CHECK: torch [4, 9]: values equal, indices equal; values equal, indices equal
# CHECK: torch [6, 20]: values equal, indices equal; values equal, indices equal
# CHECK: onnx [4, 9]: values equal, indices equal
# CHECK: onnx [6, 20]: values equal, indices equal
# CHECK: onnx computed k: exit 1: {{.*}}TopK (node 'dynamic'): input 1 must be a constant

import os
import subprocess
import sys

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper
from torch.export import Dim, export

work = sys.argv[1]


class TopK(torch.nn.Module):
    def forward(self, x):
        v, i = torch.topk(x, 3, dim=-1)
        w, j = torch.topk(x, 2, dim=0, largest=False)
        return v, i, w, j


def run(mlir, weights, x):
    path, out = os.path.join(work, "x.npy"), os.path.join(work, "y.npy")
    np.save(path, x)
    result = subprocess.run(["relax-run", mlir, "--weights", weights, "--input", path,
                             "--output", out], capture_output=True, text=True)
    if result.returncode:
        sys.exit(result.stderr)
    return [np.load(out)] + [np.load(out[:-4] + f".{i}.npy") for i in range(1, 4)
                             if os.path.exists(out[:-4] + f".{i}.npy")]


def verdict(got, want):
    return "; ".join(
        f"values {'equal' if np.array_equal(got[i], want[i]) else 'DIFFERENT'}, "
        f"indices {'equal' if np.array_equal(got[i + 1], want[i + 1]) else 'DIFFERENT'}"
        for i in range(0, len(want), 2))


module = TopK()
program = os.path.join(work, "topk.pt2")
torch.export.save(export(module, (torch.randn(4, 9),), dynamic_shapes=(
    {0: Dim("n", min=2, max=16), 1: Dim("v", min=3, max=64)},)), program)
subprocess.run(["relax-import", program, "-o", os.path.join(work, "topk.mlir")], check=True)
for shape in ((4, 9), (6, 20)):
    x = torch.randn(*shape)
    got = run(os.path.join(work, "topk.mlir"), os.path.join(work, "topk.safetensors"),
              x.numpy())
    print(f"torch {list(shape)}: " + verdict(got, [t.numpy() for t in module(x)]))


def onnx_model(k_node):
    graph = helper.make_graph(
        [k_node, helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=1, name="dynamic")],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", "v"])],
        [helper.make_tensor_value_info("v", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("i", TensorProto.INT64, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


path = os.path.join(work, "topk.onnx")
onnx.save(onnx_model(helper.make_node("Constant", [], ["k"], value=numpy_helper.from_array(
    np.array([3], np.int64)))), path)
subprocess.run(["relax-import", path, "-o", os.path.join(work, "onnx.mlir")], check=True)
for shape in ((4, 9), (6, 20)):
    x = torch.randn(*shape)
    got = run(os.path.join(work, "onnx.mlir"), os.path.join(work, "onnx.safetensors"),
              x.numpy())
    v, i = torch.topk(x, 3, dim=1)
    print(f"onnx {list(shape)}: " + verdict(got, [v.numpy(), i.numpy()]))

onnx.save(onnx_model(helper.make_node("Shape", ["x"], ["k"], start=0, end=1)), path)
result = subprocess.run(["relax-import", path, "-o", os.path.join(work, "bad.mlir")],
                        capture_output=True, text=True)
print(f"onnx computed k: exit {result.returncode}: {' '.join(result.stderr.split())}")
