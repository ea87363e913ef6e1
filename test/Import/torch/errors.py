# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch
#
# relax-import on programs it cannot translate: one message lists every
# unsupported op with the line of the model that made it, the exit code is
# 1 and there is no traceback. A size that depends on tensor values (torch's
# unbacked symbol of nonzero) cannot be a relax size.
#
# CHECK-LABEL: unsupported: exit 1
# CHECK-NEXT: relax-import: error: cannot import the program: 2 unsupported ops:
# CHECK-NEXT: aten.cumprod.default at {{.*}}errors.py:[[#FIRST:]] (in forward): no relax translation
# CHECK-NEXT: aten.sort.default at {{.*}}errors.py:[[#FIRST+1]] (in forward): no relax translation
# CHECK-NOT: Traceback
#
# Ops on the result of an unsupported one are checked too.
# CHECK-LABEL: chained: exit 1
# CHECK-NEXT: relax-import: error: cannot import the program: 2 unsupported ops:
# CHECK-NEXT: aten.sort.default at {{.*}}errors.py:[[#CHAIN:]] (in forward): no relax translation
# CHECK-NEXT: aten.cumprod.default at {{.*}}errors.py:[[#CHAIN+1]] (in forward): no relax translation
# CHECK-NOT: Traceback
#
# CHECK-LABEL: data-dependent: exit 1
# CHECK-NEXT: relax-import: error: cannot import the program:
# CHECK: aten.nonzero.default at {{.*}}errors.py:{{[0-9]+}} (in forward): its result has a data-dependent shape (u{{[0-9]+}}), which relax sizes cannot express
# CHECK-NOT: Traceback
#
# CHECK-LABEL: no file: exit 1
# CHECK-NEXT: relax-import: error: no such file: {{.*}}missing.pt2

import os
import subprocess
import sys

import torch
from torch.export import Dim, export

work = sys.argv[1]
os.makedirs(work, exist_ok=True)


class Unsupported(torch.nn.Module):
    def forward(self, x):
        products = torch.cumprod(x, -1)
        ordered, _ = torch.sort(x)
        return products.sum() + ordered.sum() + x.softmax(-1).sum()


class Chained(torch.nn.Module):
    def forward(self, x):
        ordered, _ = torch.sort(x)
        products = ordered.cumprod(-1)
        return products.relu()


class NonZero(torch.nn.Module):
    def forward(self, x):
        return torch.nonzero(x).float().sum(0)


def check(label, path):
    result = subprocess.run(["relax-import", path, "-o", os.path.join(work, "out.mlir")],
                            capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}")
    print(result.stderr.strip())


batch = Dim("batch", min=1, max=8)
for label, module in (("unsupported", Unsupported()), ("chained", Chained()),
                      ("data-dependent", NonZero())):
    path = os.path.join(work, f"{label}.pt2")
    torch.export.save(export(module, (torch.randn(3, 4),),
                             dynamic_shapes=({0: batch},)), path)
    check(label, path)
check("no file", os.path.join(work, "missing.pt2"))
