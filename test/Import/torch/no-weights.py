# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# A model without weights still gets its (empty) weights file beside the
# module, so that the command every imported model runs with works.
#
# CHECK: weights file: yes
# CHECK: run: ok

import os
import subprocess
import sys

import numpy as np
import torch
from torch.export import Dim, export

work = sys.argv[1]
os.makedirs(work, exist_ok=True)


class Softplus(torch.nn.Module):
    def forward(self, x):
        return torch.log(1 + torch.exp(x)) * 2


x = torch.randn(3, 4)
program = os.path.join(work, "model.pt2")
torch.export.save(export(Softplus(), (x,), dynamic_shapes=({0: Dim("n", min=1, max=8)},)),
                  program)
mlir = os.path.join(work, "model.mlir")
weights = os.path.join(work, "model.safetensors")
subprocess.run(["relax-import", program, "-o", mlir], check=True)
print("weights file:", "yes" if os.path.exists(weights) else "no")
np.save(os.path.join(work, "x.npy"), x.numpy())
out = os.path.join(work, "y.npy")
result = subprocess.run(["relax-run", mlir, "--weights", weights, "--input",
                         os.path.join(work, "x.npy"), "--output", out],
                        capture_output=True, text=True)
ok = result.returncode == 0 and np.allclose(np.load(out), Softplus()(x).numpy(), atol=1e-5)
print("run:", "ok" if ok else "FAILED " + result.stderr)
