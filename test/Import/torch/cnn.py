# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# CNN layers through torch.export: eval-mode batch norm (a per-channel
# scale and shift), ReLU6 and hardtanh (clamps), max pooling (the values of
# max_pool2d_with_indices), average pooling, adaptive average pooling to 1x1
# (a mean), group norm, a depthwise convolution, mean over all dims and
# argmax. A ResNet-style and a MobileNet-style model, random weights, batch
# symbolic, run by relax-run at three batch sizes against PyTorch.
#
# CHECK-LABEL: ----- resnet
# CHECK: relax.conv2d
# CHECK: relax.rsqrt
# CHECK: relax.max_pool2d %{{.*}} {pool_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>}
# CHECK: relax.mean %{{.*}} {keepdims = true, axes = array<i64: -1, -2>}
# CHECK: resnet b=1: ok
# CHECK: resnet b=2: ok
# CHECK: resnet b=5: ok
# CHECK-LABEL: ----- mobilenet
# CHECK: relax.maximum
# CHECK: relax.minimum
# CHECK: relax.conv2d %{{.*}}, %depthwise_weight {strides{{.*}}groups = 16}
# CHECK: relax.group_norm %{{.*}} {num_groups = 4, channel_axis = 1, epsilon = 1.000000000e-05 : f64}
# CHECK: relax.avg_pool2d
# CHECK: relax.argmax %{{.*}} {keepdims = false, axis = 1}
# CHECK: mobilenet b=1: ok
# CHECK: mobilenet b=2: ok
# CHECK: mobilenet b=5: ok

import os
import subprocess
import sys

import numpy as np
import torch
from torch.export import Dim, export

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from small_cnns import MobileNet, ResNet, randomize_norms  # noqa: E402

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
torch.manual_seed(0)


def check(name, module, shape, batches):
    module = randomize_norms(module)
    example = torch.randn(2, *shape)
    ep = export(module, (example,), dynamic_shapes=({0: Dim("batch", min=1, max=16)},))
    program = os.path.join(work, f"{name}.pt2")
    torch.export.save(ep, program)
    mlir = os.path.join(work, f"{name}.mlir")
    result = subprocess.run(["relax-import", program, "-o", mlir], capture_output=True, text=True)
    print(f"----- {name}")
    if result.returncode:
        print(result.stderr)
        return
    with open(mlir) as f:
        print(f.read())
    for b in batches:
        x = torch.randn(b, *shape)
        path = os.path.join(work, f"{name}_x{b}.npy")
        np.save(path, x.numpy())
        out = os.path.join(work, f"{name}_y.npy")
        result = subprocess.run(
            ["relax-run", mlir, "--weights", os.path.join(work, f"{name}.safetensors"),
             "--input", path, "--output", out], capture_output=True, text=True)
        if result.returncode:
            print(f"{name} b={b}: relax-run failed: {result.stderr}")
            continue
        with torch.no_grad():
            expected = module(x)
        expected = expected if isinstance(expected, tuple) else (expected,)
        stem = out[:-len(".npy")]
        ok = True
        for i, e in enumerate(expected):
            got = np.load(out if i == 0 else f"{stem}.{i}.npy")
            e = e.numpy()
            ok &= got.shape == e.shape and (np.array_equal(got, e) if e.dtype == np.int64
                                            else np.allclose(got, e, rtol=1e-4, atol=1e-4))
        print(f"{name} b={b}: {'ok' if ok else 'MISMATCH'}")


check("resnet", ResNet(), (3, 32, 32), (1, 2, 5))
check("mobilenet", MobileNet(), (3, 12, 12), (1, 2, 5))
