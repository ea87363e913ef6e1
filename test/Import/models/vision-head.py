# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-onnx, import-onnxscript
#
# A model of the layers the importers lacked, through torch.export and both
# of torch's ONNX exporters (TorchScript, and dynamo with its opset 18
# graph): convolution, group norm (ONNX: instance norm
# between reshapes by computed shapes), ReLU, nearest upsampling by 2
# (ONNX: Resize), a 1x1 convolution, a flatten and a top-3 over the
# positions; symbolic batch and height, three sizes, against PyTorch:
# the values within 1e-5, and each index pointing at its value (upsampling
# repeats values, and torch orders ties its own way).
#
# CHECK: torch.export [2, 3, 6, 5]: ok
# CHECK: torch.export [1, 3, 9, 5]: ok
# CHECK: torch.export [3, 3, 4, 5]: ok
# CHECK: onnx [2, 3, 6, 5]: ok
# CHECK: onnx [1, 3, 9, 5]: ok
# CHECK: onnx [3, 3, 4, 5]: ok
# CHECK: onnx dynamo [2, 3, 6, 5]: ok
# CHECK: onnx dynamo [1, 3, 9, 5]: ok
# CHECK: onnx dynamo [3, 3, 4, 5]: ok

import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim, export

work = sys.argv[1]


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.norm = nn.GroupNorm(4, 8)
        self.out = nn.Conv2d(8, 4, 1)

    def forward(self, x):
        y = F.relu(self.norm(self.conv(x)))
        y = F.interpolate(y, scale_factor=2, mode="nearest")
        y = self.out(y).flatten(2)
        return torch.topk(y, 3, dim=-1)


torch.manual_seed(0)
model = Head().eval()
example = torch.randn(2, 3, 6, 5)
sizes = ((2, 3, 6, 5), (1, 3, 9, 5), (3, 3, 4, 5))

program = os.path.join(work, "head.pt2")
torch.export.save(export(model, (example,), dynamic_shapes=(
    {0: Dim("batch", min=1, max=8), 2: Dim("height", min=2, max=32)},)), program)
onnx_path = os.path.join(work, "head.onnx")
torch.onnx.export(model, (example,), onnx_path, dynamo=False, opset_version=17,
                  input_names=["x"], output_names=["values", "indices"],
                  dynamic_axes={"x": {0: "batch", 2: "height"}})

dynamo_path = os.path.join(work, "head-dynamo.onnx")
torch.onnx.export(model, (example,), dynamo_path, dynamo=True, input_names=["x"],
                  dynamic_shapes=({0: Dim("batch", min=1, max=8),
                                   2: Dim("height", min=2, max=32)},))

for label, source in (("torch.export", program), ("onnx", onnx_path),
                      ("onnx dynamo", dynamo_path)):
    stem = os.path.join(work, label.replace(".", "_").replace(" ", "_"))
    result = subprocess.run(["relax-import", source, "-o", stem + ".mlir"],
                            capture_output=True, text=True)
    if result.returncode:
        print(f"{label}: import failed: {result.stderr}")
        continue
    for shape in sizes:
        x = torch.randn(*shape)
        np.save(stem + ".x.npy", x.numpy())
        result = subprocess.run(["relax-run", stem + ".mlir", "--weights",
                                 stem + ".safetensors", "--input", stem + ".x.npy",
                                 "--output", stem + ".y.npy"], capture_output=True, text=True)
        if result.returncode:
            print(f"{label} {list(shape)}: relax-run failed: {result.stderr}")
            continue
        values, indices = np.load(stem + ".y.npy"), np.load(stem + ".y.1.npy")
        with torch.no_grad():
            want = model(x).values.numpy()
            flat = model.out(F.interpolate(F.relu(model.norm(model.conv(x))), scale_factor=2,
                                           mode="nearest")).flatten(2).numpy()
        pointed = np.take_along_axis(flat, indices, axis=-1)
        ok = values.shape == want.shape and np.allclose(values, want, atol=1e-5) \
            and np.allclose(pointed, values, atol=1e-5)
        print(f"{label} {list(shape)}: {'ok' if ok else 'MISMATCH'}")
