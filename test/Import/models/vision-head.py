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
import sys

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from exporters import run_all  # noqa: E402


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.norm = nn.GroupNorm(4, 8)
        self.out = nn.Conv2d(8, 4, 1)

    def scores(self, x):
        y = F.relu(self.norm(self.conv(x)))
        y = F.interpolate(y, scale_factor=2, mode="nearest")
        return self.out(y).flatten(2)

    def forward(self, x):
        return torch.topk(self.scores(x), 3, dim=-1)


torch.manual_seed(0)
model = Head().eval()


def agrees(x, results):
    """The top values as PyTorch's, and each index pointing at its value
    (upsampling repeats values, and torch orders ties its own way)."""
    if len(results) != 2:
        return False
    values, indices = results
    with torch.no_grad():
        want = model(x).values.numpy()
        scores = model.scores(x).numpy()
    pointed = np.take_along_axis(scores, indices, axis=-1)
    return (values.shape == want.shape and np.allclose(values, want, atol=1e-5)
            and np.allclose(pointed, values, atol=1e-5))


sys.exit(run_all(model, torch.randn(2, 3, 6, 5), {0: ("batch", 1, 8), 2: ("height", 2, 32)},
                 lambda b, h: torch.randn(b, 3, h, 5), ((2, 6), (1, 9), (3, 4)), sys.argv[1],
                 "head", compare=agrees))
