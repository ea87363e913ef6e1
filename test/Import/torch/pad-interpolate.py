# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# F.pad in constant mode (aten.constant_pad_nd): blocks of the value
# concatenated before and after each padded dim, from the last; a negative
# width crops. Symbolic dims are padded too. Each model runs against
# PyTorch at two sizes; the reflect mode, which torch decomposes into an
# index computation (abs of an arange) and a gather, runs too.
#
# F.interpolate, nearest and bilinear (half-pixel centers, and aligned
# corners), by a scale factor and to a size, over a symbolic height:
# gathers of the source rows and columns (torch's source coordinates,
# clamped into the input) and, for bilinear, their weighted sum. A scale
# factor that makes a symbolic size fractional is an error naming it.
#
# CHECK-LABEL: ----- constant
# CHECK: relax.full
# CHECK: relax.concat
# CHECK: constant [2, 3, 5]: ok
# CHECK: constant [5, 3, 5]: ok
# CHECK-LABEL: ----- symbolic_crop
# CHECK: relax.strided_slice
# CHECK: symbolic_crop [2, 7]: ok
# CHECK: symbolic_crop [3, 12]: ok
# CHECK-LABEL: ----- reflect
# CHECK: relax.abs
# CHECK: reflect [2, 3, 5]: ok
# CHECK: reflect [4, 3, 5]: ok
# CHECK-LABEL: ----- nearest_scale
# CHECK: relax.take
# CHECK: nearest_scale [2, 3, 4, 5]: ok
# CHECK: nearest_scale [3, 3, 7, 5]: ok
# CHECK-LABEL: ----- nearest_size
# CHECK: nearest_size [2, 3, 4, 5]: ok
# CHECK: nearest_size [3, 3, 7, 5]: ok
# CHECK-LABEL: ----- bilinear_scale
# CHECK: bilinear_scale [2, 3, 4, 5]: ok
# CHECK: bilinear_scale [3, 3, 7, 5]: ok
# CHECK-LABEL: ----- bilinear_size
# CHECK: bilinear_size [2, 3, 4, 5]: ok
# CHECK: bilinear_size [3, 3, 7, 5]: ok
# CHECK-LABEL: ----- bilinear_corners
# CHECK: bilinear_corners [2, 3, 4, 5]: ok
# CHECK: bilinear_corners [3, 3, 7, 5]: ok
# CHECK-LABEL: ----- fractional
# CHECK: exit 1: relax-import: error: cannot import the program: 1 unsupported op:
# CHECK-NEXT: aten.upsample_nearest2d.vec {{.*}}: the size expression {{.*}} has no sym equivalent

import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F
from torch.export import Dim, export

work = sys.argv[1]
os.makedirs(work, exist_ok=True)


class Constant(torch.nn.Module):
    def forward(self, x):
        return F.pad(x, (1, 2, 0, 3), value=0.5) * 2


class SymbolicCrop(torch.nn.Module):
    def forward(self, x):
        # The last (symbolic) dim: one cropped before, two added after; the
        # first: two added before.
        return F.pad(x, (-1, 2, 2, 0))


class Interpolate(torch.nn.Module):
    def __init__(self, **options):
        super().__init__()
        self.options = options

    def forward(self, x):
        return F.interpolate(x, **self.options)


class Reflect(torch.nn.Module):
    def forward(self, x):
        return F.pad(x, (1, 1), mode="reflect")


def check(name, module, shapes, dims):
    ep = export(module, (torch.randn(*shapes[0]),), dynamic_shapes=dims)
    program = os.path.join(work, f"{name}.pt2")
    torch.export.save(ep, program)
    mlir = os.path.join(work, f"{name}.mlir")
    result = subprocess.run(["relax-import", program, "-o", mlir],
                            capture_output=True, text=True)
    print(f"----- {name}")
    if result.returncode:
        print(f"exit {result.returncode}: {result.stderr.strip()}")
        return
    with open(mlir) as f:
        print(f.read())
    for shape in shapes:
        x = torch.randn(*shape)
        path, out = os.path.join(work, "x.npy"), os.path.join(work, "y.npy")
        np.save(path, x.numpy())
        result = subprocess.run(["relax-run", mlir, "--weights",
                                 os.path.join(work, f"{name}.safetensors"), "--input", path,
                                 "--output", out], capture_output=True, text=True)
        if result.returncode:
            print(f"{name} {list(shape)}: relax-run failed: {result.stderr}")
            continue
        expected, got = module(x).numpy(), np.load(out)
        same = got.shape == expected.shape and np.allclose(got, expected, atol=1e-5)
        print(f"{name} {list(shape)}: {'ok' if same else f'MISMATCH {got.shape}'}")


check("constant", Constant(), [(2, 3, 5), (5, 3, 5)], ({0: Dim("batch", min=1, max=8)},))
check("symbolic_crop", SymbolicCrop(), [(2, 7), (3, 12)],
      ({0: Dim("rows", min=1, max=8), 1: Dim("cols", min=2, max=64)},))
check("reflect", Reflect(), [(2, 3, 5), (4, 3, 5)], ({0: Dim("batch", min=1, max=8)},))

image = ({0: Dim("batch", min=1, max=8), 2: Dim("height", min=2, max=32)},)
for name, options in (
        ("nearest_scale", dict(scale_factor=2, mode="nearest")),
        ("nearest_size", dict(size=(7, 3), mode="nearest")),
        ("bilinear_scale", dict(scale_factor=2, mode="bilinear")),
        ("bilinear_size", dict(size=(9, 4), mode="bilinear")),
        ("bilinear_corners", dict(scale_factor=2, mode="bilinear", align_corners=True)),
        ("fractional", dict(scale_factor=1.5, mode="nearest"))):
    check(name, Interpolate(**options), [(2, 3, 4, 5), (3, 3, 7, 5)], image)
