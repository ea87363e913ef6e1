# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# Negative indices count from the end of their dim, as in PyTorch: a
# constant index list into a dim of known size (Falcon's x[..., [-2], :])
# is made positive at import; one into a symbolic dim, and a computed index,
# are taken modulo the dim (`wrap`). Two computed indices (x[i, j]) are
# each counted from the end and checked against their own dim: j past its
# dim is an error, not the next row's element. All run against PyTorch.
#
# CHECK-LABEL: ----- constant
# CHECK: %[[I:.*]] = relax.constant dense<3> : tensor<1xi64>
# CHECK: relax.take %{{.*}}, %[[I]] {axis = 1} :
# CHECK: constant: ok
# CHECK-LABEL: ----- symbolic
# CHECK: relax.take %x, %{{.*}} {axis = 1, mode = #relax.index_mode<wrap>}
# CHECK: symbolic: ok
# CHECK-LABEL: ----- computed
# CHECK: relax.take %x, %{{.*}} {axis = 0, mode = #relax.index_mode<wrap>}
# CHECK: computed: ok
# CHECK-LABEL: ----- pair
# CHECK: relax.take
# CHECK: pair: ok
# CHECK-LABEL: ----- pair_out_of_range
# CHECK: pair_out_of_range: relax-run failed: {{.*}}relax.take {{.*}}: an index is out of range

import os
import subprocess
import sys

import numpy as np
import torch
from torch.export import Dim, export

work = sys.argv[1]
os.makedirs(work, exist_ok=True)


class Constant(torch.nn.Module):
    def forward(self, x):
        return x[..., [-2], :] * 2


class Computed(torch.nn.Module):
    def forward(self, x, idx):
        return x[idx]


class Pair(torch.nn.Module):
    def forward(self, x, i, j):
        return x[i, j]


def check(name, module, inputs, dims):
    ep = export(module, inputs, dynamic_shapes=dims)
    program = os.path.join(work, f"{name}.pt2")
    torch.export.save(ep, program)
    mlir = os.path.join(work, f"{name}.mlir")
    result = subprocess.run(["relax-import", program, "-o", mlir],
                            capture_output=True, text=True)
    print(f"----- {name}")
    if result.returncode:
        print(result.stderr)
        return
    with open(mlir) as f:
        print(f.read())
    args = ["relax-run", mlir, "--output", os.path.join(work, "y.npy")]
    weights = os.path.join(work, f"{name}.safetensors")
    if os.path.exists(weights):
        args += ["--weights", weights]
    for i, t in enumerate(inputs):
        path = os.path.join(work, f"{name}{i}.npy")
        np.save(path, t.numpy())
        args += ["--input", path]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode:
        print(f"{name}: relax-run failed: {result.stderr}")
        return
    expected = module(*inputs).numpy()
    got = np.load(os.path.join(work, "y.npy"))
    same = got.shape == expected.shape and np.allclose(got, expected)
    print(f"{name}: {'ok' if same else f'MISMATCH {got.shape} {expected.shape}'}")


check("constant", Constant(), (torch.randn(2, 5, 3),),
      ({0: Dim("batch", min=1, max=8)},))
check("symbolic", Constant(), (torch.randn(2, 5, 3),),
      ({0: Dim("batch", min=1, max=8), 1: Dim("seq", min=2, max=64)},))
check("computed", Computed(), (torch.randn(6, 3), torch.tensor([-1, 0, -6, 5])),
      ({0: Dim("rows", min=1, max=64)}, {0: Dim("n", min=1, max=64)}))
n = Dim("n", min=1, max=64)
check("pair", Pair(), (torch.randn(4, 5, 3), torch.tensor([-1, 0, 3, -4]),
                      torch.tensor([-2, 4, -5, 0])),
      ({0: Dim("rows", min=1, max=64), 1: Dim("cols", min=1, max=64)}, {0: n}, {0: n}))
# j = 5 is past the 5 columns: the linear index 0 * 5 + 5 would be row 1's
# first element.
check("pair_out_of_range", Pair(), (torch.randn(4, 5, 3), torch.tensor([0, 1]),
                                    torch.tensor([5, 0])),
      ({0: Dim("rows", min=1, max=64), 1: Dim("cols", min=1, max=64)}, {0: n}, {0: n}))
