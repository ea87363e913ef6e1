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
#
# A program edited after export: the node that does not deserialize is
# named, and torch's own warnings (a traceback each) are not printed.
# CHECK-LABEL: damaged node: exit 1
# CHECK-NEXT: relax-import: error: cannot load {{.*}}damaged.pt2 as a torch.export program: node 'softmax' (torch.ops.aten.not_an_op.default) does not deserialize: {{.+}}
# CHECK-NOT: Traceback
# CHECK-NOT: W1
#
# A node whose arguments its op does not take fails in torch's
# decompositions, which is said in one line.
# CHECK-LABEL: wrong arguments: exit 1
# CHECK-NEXT: relax-import: error: {{.+}}
# CHECK-NOT: Traceback
# CHECK-LABEL: done

import io
import json
import os
import subprocess
import sys
import zipfile

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


def edited(label, source, edit):
    """`source` (a .pt2) with its serialized graph changed by `edit`."""
    path = os.path.join(work, f"{label}.pt2")
    with zipfile.ZipFile(source) as z, zipfile.ZipFile(path, "w") as out:
        for info in z.infolist():
            data = z.read(info)
            if info.filename.endswith("models/model.json"):
                model = json.loads(data)
                edit(model["graph_module"]["graph"]["nodes"])
                data = json.dumps(model).encode()
            out.writestr(info, data)
    return path


class Softmax(torch.nn.Module):
    def forward(self, x):
        return (x * 2).softmax(-1)


good = os.path.join(work, "good.pt2")
torch.export.save(export(Softmax(), (torch.randn(3, 4),), dynamic_shapes=({0: batch},)),
                  good)


def rename(nodes):
    nodes[-1]["target"] = "torch.ops.aten.not_an_op.default"


def retarget(nodes):
    nodes[-1]["target"] = "torch.ops.aten.mul.Tensor"


check("damaged node", edited("damaged", good, rename))
check("wrong arguments", edited("wrong", good, retarget))
print("done")
