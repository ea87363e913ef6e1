# RUN: %import_python %s | FileCheck %s
# REQUIRES: import-torch
#
# Each small program is exported with a dynamic batch (and sequence) and
# imported; the checks show the relax op each ATen op becomes. Every module
# is also verified with relax-opt --relax-infer-shapes.

import os
import subprocess
import sys

import torch
from torch.export import Dim, export

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
from relax_import import import_torch  # noqa: E402

batch, seq = Dim("batch", min=1, max=64), Dim("seq", min=3, max=512)


class Fn(torch.nn.Module):
    def __init__(self, fn, **params):
        super().__init__()
        self.fn = fn
        for name, value in params.items():
            self.register_parameter(name, torch.nn.Parameter(value))



def case(name, fn, inputs, dims, names=("x",), **params):
    """Exports `fn(module, *inputs)`, whose inputs are named `names`."""
    args = ", ".join(names)
    scope = {}
    exec(f"def forward(self, {args}):\n    return self.fn(self, {args})", scope)
    module = type("Case", (Fn,), {"forward": scope["forward"]})(fn, **params)
    ep = export(module, tuple(inputs), dynamic_shapes=tuple(dims))
    text, _ = import_torch(ep)
    print(f"// ----- {name}")
    print(text)
    check = subprocess.run(["relax-opt", "--relax-infer-shapes", "-o", os.devnull],
                           input=text, capture_output=True, text=True)
    if check.returncode:
        print(f"// relax-opt failed: {check.stderr}")
    sys.stdout.flush()


x3 = torch.randn(2, 5, 8)
bs = {0: batch, 1: seq}

# CHECK-LABEL: // ----- linear
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq, 8], f32>,
# CHECK-NEXT: %weight: !relax.tensor<[4, 8], f32> {relax.param_name = "weight"},
# CHECK-NEXT: %bias: !relax.tensor<[4], f32> {relax.param_name = "bias"})
# CHECK: attributes {sym.constraints = [#sym.range<batch in [1, 64]>,
# CHECK-NEXT: #sym.range<seq in [3, 512]>]}
# CHECK: relax.dataflow
# CHECK: %[[M:.*]] = relax.matmul %x, %weight {transpose_b = true}
# CHECK: relax.add %[[M]], %bias
case("linear", lambda m, x: torch.nn.functional.linear(x, m.weight, m.bias),
     [x3], [bs], weight=torch.randn(4, 8), bias=torch.randn(4))

# CHECK-LABEL: // ----- softmax-gelu-silu
# CHECK: relax.softmax %x {axis = -1}
# CHECK: relax.gelu %
# CHECK: relax.gelu_tanh %
# CHECK: relax.silu %
case("softmax-gelu-silu",
     lambda m, x: torch.nn.functional.silu(torch.nn.functional.gelu(
         torch.nn.functional.gelu(x.softmax(-1)), approximate="tanh")),
     [x3], [bs])

# CHECK-LABEL: // ----- layer_norm
# CHECK: relax.layer_norm %x, %weight, %bias {epsilon = 1.000000000e-05 : f64}
case("layer_norm", lambda m, x: torch.nn.functional.layer_norm(x, (8,), m.weight, m.bias),
     [x3], [bs], weight=torch.randn(8), bias=torch.randn(8))

# CHECK-LABEL: // ----- rms_norm_by_hand
# CHECK: relax.multiply %x, %x
# CHECK: relax.mean %{{.*}} {keepdims = true, axes = array<i64: -1>}
# CHECK: relax.add %{{.*}}, %c : (!relax.tensor<*, f32>, !relax.tensor<[], f32>)
# CHECK: relax.rsqrt
case("rms_norm_by_hand",
     lambda m, x: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6),
     [x3], [bs])

# CHECK-LABEL: // ----- reshape-permute
# CHECK: relax.reshape %x {shape = #sym.shape<[batch, seq, 2, 4]>}
# CHECK: relax.permute_dims %{{.*}} {axes = array<i64: 0, 2, 1, 3>}
# CHECK: relax.reshape %{{.*}} {shape = #sym.shape<[{{batch \* seq|seq \* batch}}, 8]>}
case("reshape-permute",
     lambda m, x: x.view(x.shape[0], x.shape[1], 2, 4).transpose(1, 2).reshape(-1, 8),
     [x3], [bs])

# CHECK-LABEL: // ----- slice-cat
# CHECK: relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[1]>, end = #sym.shape<[seq]>, strides = array<i64: 1>}
# CHECK: relax.concat %{{.*}}, %x {axis = 1}
case("slice-cat", lambda m, x: torch.cat([x[:, 1:], x], dim=1), [x3], [bs])

# CHECK-LABEL: // ----- embedding
# CHECK: relax.func @main(%ids: !relax.tensor<[batch, seq], i64>,
# CHECK: relax.take %weight, %ids
case("embedding", lambda m, ids: torch.nn.functional.embedding(ids, m.weight),
     [torch.randint(0, 10, (2, 5))], [bs], names=("ids",), weight=torch.randn(10, 8))

# CHECK-LABEL: // ----- attention
# CHECK-COUNT-3: relax.permute_dims %{{.*}} {axes = array<i64: 0, 2, 1, 3>}
# CHECK: relax.attention %{{.*}}, %{{.*}}, %{{.*}} {causal = true}
case("attention",
     lambda m, q, k, v: torch.nn.functional.scaled_dot_product_attention(
         q, k, v, is_causal=True),
     [torch.randn(2, 4, 5, 8) for _ in range(3)], [{0: batch, 2: seq}] * 3, names=("q", "k", "v"))

# A mask is attention's fourth operand, in PyTorch's layout; a float mask of
# another type than the queries is cast.
# CHECK-LABEL: // ----- masked-attention
# CHECK-COUNT-3: relax.permute_dims %{{.*}} {axes = array<i64: 0, 2, 1, 3>}
# CHECK: relax.attention %{{.*}}, %{{.*}}, %{{.*}}, %mask {causal = false} : ({{.*}}, !relax.tensor<[seq, seq], i1>)
# CHECK-NOT: relax.softmax
case("masked-attention",
     lambda m, q, k, v, mask: torch.nn.functional.scaled_dot_product_attention(
         q, k, v, attn_mask=mask),
     [torch.randn(2, 4, 5, 8) for _ in range(3)] + [torch.ones(5, 5, dtype=torch.bool)],
     [{0: batch, 2: seq}] * 3 + [{0: seq, 1: seq}], names=("q", "k", "v", "mask"))

# CHECK-LABEL: // ----- float-masked-attention
# CHECK: %[[M:.*]] = relax.astype %mask {dtype = f32}
# CHECK: relax.attention %{{.*}}, %{{.*}}, %{{.*}}, %[[M]]
case("float-masked-attention",
     lambda m, q, k, v, mask: torch.nn.functional.scaled_dot_product_attention(
         q, k, v, attn_mask=mask.to(torch.float32)),
     [torch.randn(2, 4, 5, 8) for _ in range(3)] + [torch.zeros(2, 1, 1, 5, dtype=torch.float16)],
     [{0: batch, 2: seq}] * 3 + [{0: batch, 3: seq}], names=("q", "k", "v", "mask"))

# CHECK-LABEL: // ----- conv2d
# CHECK: relax.conv2d %x, %weight {strides = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1}
# CHECK: relax.reshape %bias {shape = #sym.shape<[4, 1, 1]>}
case("conv2d", lambda m, x: torch.nn.functional.conv2d(x, m.weight, m.bias, stride=2, padding=1),
     [torch.randn(2, 3, 8, 8)], [{0: batch}], weight=torch.randn(4, 3, 3, 3),
     bias=torch.randn(4))

# CHECK-LABEL: // ----- arange-compare-where
# CHECK: relax.arange {start = #sym.expr<0>, end = #sym.expr<seq>, step = #sym.expr<1>, dtype = i64}
# CHECK: relax.less_equal
# CHECK: relax.where
case("arange-compare-where",
     lambda m, x: torch.where(torch.arange(x.shape[1])[:, None] <= torch.arange(x.shape[1]),
                              x[0], 0.0),
     [torch.randn(2, 5, 5)], [{0: batch, 1: seq, 2: seq}])

# CHECK-LABEL: // ----- symbolic-scalar
# CHECK: relax.arange {start = #sym.expr<seq>, end = #sym.expr<seq + 1>
# CHECK: relax.astype %{{.*}} {dtype = f32}
# CHECK: relax.divide %x,
case("symbolic-scalar", lambda m, x: x / x.shape[1], [x3], [bs])

# CHECK-LABEL: // ----- divisible
# CHECK: relax.func @main(%x: !relax.tensor<[batch, x_1], f32>)
# CHECK: #sym.range<x_1 in [8, 128]>,
# CHECK-NEXT: #sym.divisible<x_1, 4>
# CHECK: relax.reshape %x {shape = #sym.shape<[batch, (x_1 floordiv 4), 4]>}
frames = Dim("frames", min=1, max=32)
case("divisible", lambda m, x: x.reshape(x.shape[0], -1, 4),
     [torch.randn(2, 16)], [{0: batch, 1: 4 * frames}])

# A transformers DynamicCache starts each layer from an empty 1-D tensor and
# concatenates the keys to it: torch skips such a tensor whatever the rank
# of the others, and so does the import; the unused constant is no
# parameter.
# CHECK-LABEL: // ----- cat-empty
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq, 8], f32>)
# CHECK-NOT: relax.concat
# CHECK: relax.output %x
case("cat-empty", lambda m, x: torch.cat([torch.tensor([]), x], dim=-2), [x3], [bs])

# A weight without elements is no parameter either, but zeros where it is
# used.
# CHECK-LABEL: // ----- empty-weight
# CHECK: relax.func @main(%x: !relax.tensor<[seq, 8], f32>)
# CHECK: %[[E:.*]] = relax.zeros {shape = #sym.shape<[0, 8]>, dtype = f32}
# CHECK: relax.concat %[[E]], %x {axis = 0}
case("empty-weight", lambda m, x: torch.cat([m.empty, x]), [torch.randn(5, 8)], [{0: seq}],
     empty=torch.zeros(0, 8))

# Symbols named alike are one variable, within both ranges: torch.export may
# keep two symbols for one Dim (the past length of each layer of a
# transformers KV cache) related only by a run-time guard. Here the second
# symbol is an automatic dim, named `past` as `--dim-name` would.
# CHECK-LABEL: // ----- one-variable-per-name
# CHECK: relax.func @main(%a: !relax.tensor<[2, past, 3], f32>,
# CHECK-NEXT: %b: !relax.tensor<[2, past, 3], f32>)
# CHECK: attributes {sym.constraints = [#sym.range<past in [2, 64]>]}
class TwoInputs(torch.nn.Module):
    def forward(self, a, b):
        return a.sum(1), b.sum(1)


past = Dim("past", min=0, max=64)
ep = export(TwoInputs(), (torch.randn(2, 5, 3), torch.randn(2, 5, 3)),
            dynamic_shapes=({1: past}, {1: Dim.DYNAMIC}))
second = [n for n in ep.graph.nodes if n.name == "b"][0].meta["val"].shape[1]
text, _ = import_torch(ep, names={str(second): "past"})
print("// ----- one-variable-per-name")
print(text)
check = subprocess.run(["relax-opt", "--relax-infer-shapes", "-o", os.devnull],
                       input=text, capture_output=True, text=True)
if check.returncode:
    print(f"// relax-opt failed: {check.stderr}")

# CHECK-NOT: relax-opt failed
