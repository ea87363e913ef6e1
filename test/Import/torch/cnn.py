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

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
torch.manual_seed(0)


def randomize_norms(module):
    # Running statistics and affine parameters away from 0 and 1, so that
    # a wrong scale or shift shows.
    for m in module.modules():
        if isinstance(m, (torch.nn.BatchNorm2d, torch.nn.GroupNorm)):
            with torch.no_grad():
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)
                if isinstance(m, torch.nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.5, 0.5)
                    m.running_var.uniform_(0.5, 2.0)
    return module.eval()


class Block(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(c)
        self.conv2 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(c)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(x + self.bn2(self.conv2(y)))


class ResNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 5, stride=2, padding=2, bias=False)
        self.bn = torch.nn.BatchNorm2d(8)
        self.block = Block(8)
        self.fc = torch.nn.Linear(8, 10)

    def forward(self, x):
        y = torch.relu(self.bn(self.stem(x)))
        y = torch.nn.functional.max_pool2d(y, 3, 2, 1)
        y = self.block(y)
        return self.fc(torch.nn.functional.adaptive_avg_pool2d(y, 1).flatten(1))


class MobileNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.expand = torch.nn.Conv2d(3, 16, 1)
        self.bn = torch.nn.BatchNorm2d(16)
        self.depthwise = torch.nn.Conv2d(16, 16, 3, padding=1, groups=16)
        self.gn = torch.nn.GroupNorm(4, 16)
        self.project = torch.nn.Conv2d(16, 6, 1)

    def forward(self, x):
        y = torch.nn.functional.relu6(self.bn(self.expand(x)))
        y = torch.nn.functional.hardtanh(self.gn(self.depthwise(y)), -2.0, 2.0)
        y = torch.nn.functional.avg_pool2d(self.project(y), 2)
        return y.argmax(1), y - y.mean()


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
