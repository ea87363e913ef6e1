# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-onnx, import-onnxscript
#
# The ResNet-style and MobileNet-style CNNs (test/Import/Inputs/small_cnns.py)
# through both of torch's ONNX exporters (test/Import/torch/cnn.py runs them
# through torch.export), imported by relax-import and run by relax-run at
# three batch sizes against PyTorch:
# ONNX's BatchNormalization, MaxPool, GlobalAveragePool, Clip, grouped Conv,
# InstanceNormalization between reshapes (group norm), AveragePool, ArgMax,
# ReduceMean and Flatten, as each exporter writes them.
#
# CHECK-LABEL: ----- resnet
# CHECK: onnx [1, 3, 32, 32]: ok
# CHECK: onnx [2, 3, 32, 32]: ok
# CHECK: onnx [5, 3, 32, 32]: ok
# CHECK: onnx dynamo [1, 3, 32, 32]: ok
# CHECK: onnx dynamo [2, 3, 32, 32]: ok
# CHECK: onnx dynamo [5, 3, 32, 32]: ok
# CHECK-LABEL: ----- mobilenet
# CHECK: onnx [1, 3, 12, 12]: ok
# CHECK: onnx [2, 3, 12, 12]: ok
# CHECK: onnx [5, 3, 12, 12]: ok
# CHECK: onnx dynamo [1, 3, 12, 12]: ok
# CHECK: onnx dynamo [2, 3, 12, 12]: ok
# CHECK: onnx dynamo [5, 3, 12, 12]: ok

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from exporters import run_all  # noqa: E402
from small_cnns import MobileNet, ResNet, randomize_norms  # noqa: E402

work = sys.argv[1]
torch.manual_seed(0)
failed = 0
for name, module, shape in (("resnet", ResNet(), (3, 32, 32)),
                            ("mobilenet", MobileNet(), (3, 12, 12))):
    print(f"----- {name}")
    module = randomize_norms(module)
    failed |= run_all(module, torch.randn(2, *shape), {0: ("batch", 1, 16)},
                      lambda b: torch.randn(b, *shape), ((1,), (2,), (5,)), work, name,
                      routes=("onnx", "onnx dynamo"))
sys.exit(failed)
