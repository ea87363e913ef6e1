# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-onnx
#
# ONNX Einsum, as exporters write torch.einsum: batched products whose
# operands share one contracted index (attention's "bij,bkj->bik", a
# row-wise dot, a projection "bij,jk") become a `matmul` between
# permutations; other products (an outer product, three operands)
# broadcast, multiply and sum; single operands transpose (with an ellipsis) and reduce; an
# implicit output is the indices that appear once, in order. Imported,
# verified and run by relax-run at three batch sizes against onnx.reference.
# A diagonal ("bii->bi") is an error that says so.
#
# CHECK-LABEL: // ----- products
# CHECK-COUNT-4: relax.matmul
# CHECK-NOT: relax.matmul
# CHECK: verify: ok
# CHECK: products [1]: ok
# CHECK: products [3]: ok
# CHECK: products [7]: ok
#
# CHECK-LABEL: // ----- unsupported
# CHECK: exit 1: relax-import: error: cannot import the model: 1 unsupported op:
# CHECK-NEXT: Einsum (node 'diagonal'): einsum 'bii->bi': a repeated index in one operand (a diagonal) is not supported

import os
import sys

import numpy as np
from onnx import helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import onnx_models  # noqa: E402
from onnx_models import model, tensor  # noqa: E402

work = sys.argv[1]
rng = np.random.default_rng(0)


def randn(*shape):
    return rng.standard_normal(shape).astype(np.float32)


equations = [
    ("attention", ["x", "x"], "bij,bkj->bik"),
    ("rowdot", ["x", "x"], "bij,bij->bi"),
    ("project", ["x", "w"], "bij,jk->bik"),
    ("implicit", ["x", "w"], "bij,jk"),
    ("outer", ["x", "v"], "bij,k->bijk"),
    ("transpose", ["x"], "...ij->...ji"),
    ("total", ["x"], "bij->b"),
    ("three", ["x", "w", "v"], "bij,jk,k->bi"),
]
products = model(
    [helper.make_node("Einsum", inputs, [name], equation=eq)
     for name, inputs, eq in equations],
    [tensor("x", ["batch", 4, 6])], [tensor(name, None) for name, _, _ in equations],
    [("w", randn(6, 5)), ("v", randn(5))])
onnx_models.run_sizes(work, "products", products,
                      onnx_models.imported(work, "products", products), ((1,), (3,), (7,)),
                      lambda size: randn(size[0], 4, 6))

onnx_models.imported(work, "unsupported", model(
    [helper.make_node("Einsum", ["x"], ["d"], equation="bii->bi", name="diagonal")],
    [tensor("x", ["batch", 4, 4])], [tensor("d", None)]))
