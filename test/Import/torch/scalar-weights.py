# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# A 0-d parameter (a learned scale, as Gemma's and Mistral's norms have)
# keeps shape [] in the weights file, .safetensors and .npz alike, so that
# relax-run binds it to the module's 0-d parameter; the result matches
# PyTorch.
#
# CHECK: relax.func @main(%x: !relax.tensor<[{{.*}}, 4], f32>,
# CHECK-NEXT: %scale: !relax.tensor<[], f32> {relax.param_name = "scale"}
# CHECK: model.safetensors: scale shape []
# CHECK: model.safetensors: ok
# CHECK: model.npz: scale shape []
# CHECK: model.npz: ok

import json
import os
import struct
import subprocess
import sys

import numpy as np
import torch
from torch.export import Dim, export

work = sys.argv[1]
os.makedirs(work, exist_ok=True)


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.tensor(2.5))

    def forward(self, x):
        return x * self.scale


module = Scaled()
x = torch.randn(3, 4)
ep = export(module, (x,), dynamic_shapes=({0: Dim("batch", min=1, max=64)},))
program = os.path.join(work, "model.pt2")
torch.export.save(ep, program)
mlir = os.path.join(work, "model.mlir")
np.save(os.path.join(work, "x.npy"), x.numpy())
expected = module(x).detach().numpy()
for weights in ("model.safetensors", "model.npz"):
    path = os.path.join(work, weights)
    result = subprocess.run(["relax-import", program, "-o", mlir, "--weights-file", path],
                            capture_output=True, text=True)
    if result.returncode:
        print(result.stderr)
        continue
    if weights == "model.safetensors":
        with open(mlir) as f:
            print(f.read())
        with open(path, "rb") as f:
            size = struct.unpack("<Q", f.read(8))[0]
            shape = json.loads(f.read(size))["scale"]["shape"]
    else:
        shape = list(np.load(path)["scale"].shape)
    print(f"{weights}: scale shape {shape}")
    out = os.path.join(work, "y.npy")
    result = subprocess.run(["relax-run", mlir, "--weights", path, "--input",
                             os.path.join(work, "x.npy"), "--output", out],
                            capture_output=True, text=True)
    if result.returncode:
        print(f"{weights}: relax-run failed: {result.stderr}")
        continue
    error = np.abs(np.load(out) - expected).max()
    print(f"{weights}: {'ok' if error < 1e-6 else f'MISMATCH {error}'}")
