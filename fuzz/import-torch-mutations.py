#!/usr/bin/env python3
"""Mutation fuzzing of relax-import's torch.export front end.

Small valid programs saved with torch.export.save (an MLP with a computed
reshape, a convolution block with pooling, attention with a causal mask and
softmax, an embedding lookup with layer norm) are mutated at random in the
.pt2 archive: the serialized graph (models/model.json) gets an op target
replaced, an integer, a list of integers, a dtype, a tensor size or a symbol
changed, a node or a node input removed, or bytes of the JSON changed; or
bytes of a weight file or of the archive itself change. Each mutant goes
through the relax-import command line in this process (the ONNX runner's
`drive`, fuzz/import-mutations.py): it must import (and verify) or fail
with one `relax-import: error: ...` message; anything else is a finding,
written to OUT/finding-<n>.pt2 with the traceback beside it.

    fuzz/import-torch-mutations.py --count 500 --seed 1 --out findings/
"""

import importlib.util
import io
import json
import os
import sys
import tempfile
import zipfile

import torch

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "import_mutations", os.path.join(_here, "import-mutations.py"))
import_mutations = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(import_mutations)

TARGETS = ["torch.ops.aten.add.Tensor", "torch.ops.aten.mul.Tensor",
           "torch.ops.aten.linear.default", "torch.ops.aten.relu.default",
           "torch.ops.aten.view.default", "torch.ops.aten.permute.default",
           "torch.ops.aten.softmax.int", "torch.ops.aten.conv2d.default",
           "torch.ops.aten.max_pool2d.default", "torch.ops.aten.embedding.default",
           "torch.ops.aten.layer_norm.default", "torch.ops.aten.matmul.default",
           "torch.ops.aten.sum.dim_IntList", "torch.ops.aten.slice.Tensor",
           "torch.ops.aten.cat.default", "torch.ops.aten.sort.default",
           "torch.ops.aten.nonexistent.default", "builtins.getattr", ""]
INTS = [-(2 ** 40), -3, -1, 0, 1, 2, 3, 7, 64, 2 ** 31]
SYMBOLS = ["Symbol('s77', positive=True, integer=True)", "s77 + 1", "2*s77",
           "Symbol('min', integer=True)", "s77**2", "", "(", "1/0"]


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 8)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.fc1(x))
        return self.fc2(h).reshape(x.shape[0], 2, -1).transpose(1, 2)


class ConvBlock(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.norm = torch.nn.BatchNorm2d(4)

    def forward(self, x):
        y = torch.relu(self.norm(self.conv(x)))
        return torch.nn.functional.max_pool2d(y, 2).flatten(1)


class Attention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = torch.nn.Linear(16, 48)

    def forward(self, x):
        b, s, _ = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, 2, 8).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / 8 ** 0.5
        mask = torch.ones(s, s, dtype=torch.bool).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        return (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, s, 16)


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.table = torch.nn.Embedding(50, 8)
        self.norm = torch.nn.LayerNorm(8)

    def forward(self, ids):
        return self.norm(self.table(ids)).sum(-1)


def seeds(work):
    """The seed programs, each as the bytes of its .pt2 archive."""
    batch = torch.export.Dim("b", min=1, max=64)
    seq = torch.export.Dim("s", min=2, max=64)
    programs = [
        (MLP(), (torch.randn(3, 8),), ({0: batch},)),
        (ConvBlock().eval(), (torch.randn(2, 3, 8, 8),), ({0: batch},)),
        (Attention(), (torch.randn(2, 5, 16),), ({0: batch, 1: seq},)),
        (Embed(), (torch.randint(0, 50, (2, 5)),), ({0: batch, 1: seq},)),
    ]
    archives = []
    for i, (module, args, dims) in enumerate(programs):
        program = torch.export.export(module, args, dynamic_shapes=dims)
        path = os.path.join(work, f"seed{i}.pt2")
        torch.export.save(program, path)
        with open(path, "rb") as f:
            archives.append(f.read())
    return archives


def _leaves(node, path=()):
    """(container, key) of every int, str and list of ints in a JSON tree."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        if node and all(isinstance(v, int) for v in node):
            return
        items = enumerate(node)
    else:
        return
    for key, value in items:
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            yield node, key
        elif isinstance(value, list) and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            yield node, key
        else:
            yield from _leaves(value, path + (key,))


def _mutate_graph(model, rng):
    graph = model["graph_module"]["graph"]
    nodes = graph["nodes"]
    kind = rng.choice(["target", "leaf", "leaf", "dtype", "size", "remove",
                       "input", "symbol"])
    if kind == "target" and nodes:
        rng.choice(nodes)["target"] = rng.choice(TARGETS)
    elif kind == "remove" and nodes:
        nodes.pop(rng.randrange(len(nodes)))
    elif kind == "input" and nodes:
        node = rng.choice(nodes)
        if node["inputs"]:
            node["inputs"].pop(rng.randrange(len(node["inputs"])))
    elif kind in ("dtype", "size", "symbol") and graph["tensor_values"]:
        value = rng.choice(list(graph["tensor_values"].values()))
        if kind == "dtype":
            value["dtype"] = rng.choice([0, 1, 4, 5, 6, 7, 12, 99])
        elif value["sizes"]:
            i = rng.randrange(len(value["sizes"]))
            if kind == "size":
                value["sizes"][i] = {"as_int": rng.choice(INTS)}
            else:
                value["sizes"][i] = {"as_expr": {"expr_str": rng.choice(SYMBOLS),
                                                 "hint": {"as_int": 2}}}
    else:
        leaves = list(_leaves(model))
        if leaves:
            container, key = rng.choice(leaves)
            value = container[key]
            if isinstance(value, str):
                container[key] = rng.choice(TARGETS + ["", "x", "\u00ff"])
            elif isinstance(value, list):
                value = list(value)
                choice = rng.choice(["drop", "add", "change"])
                if choice == "drop":
                    value.pop(rng.randrange(len(value)))
                elif choice == "add":
                    value.append(rng.choice(INTS))
                else:
                    value[rng.randrange(len(value))] = rng.choice(INTS)
                container[key] = value
            else:
                container[key] = rng.choice(INTS)


def mutate(archive, rng):
    """A mutant of the .pt2 archive `archive` (bytes)."""
    kind = rng.choice(["graph", "graph", "graph", "json-bytes", "weights",
                       "archive"])
    if kind == "archive":
        data = bytearray(archive)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    source = zipfile.ZipFile(io.BytesIO(archive))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            data = source.read(info)
            if kind in ("graph", "json-bytes") and info.filename.endswith("models/model.json"):
                if kind == "graph":
                    model = json.loads(data)
                    _mutate_graph(model, rng)
                    data = json.dumps(model).encode()
                else:
                    data = bytearray(data)
                    for _ in range(rng.randint(1, 4)):
                        data[rng.randrange(len(data))] = rng.randrange(32, 127)
                    data = bytes(data)
            elif kind == "weights" and "/weights/weight_" in info.filename and data:
                data = bytearray(data)
                if rng.random() < 0.5:
                    del data[rng.randrange(len(data)):]
                else:
                    data[rng.randrange(len(data))] = rng.randrange(256)
                data = bytes(data)
            target.writestr(info, data)
    return out.getvalue()


def main():
    args = import_mutations.parse_args(__doc__.split("\n\n")[0])
    with tempfile.TemporaryDirectory() as work:
        archives = seeds(work)
    return import_mutations.drive(archives, mutate, args.count, args.seed, args.out,
                                  "model.pt2", "import mutations (torch.export)",
                                  unit="programs")


if __name__ == "__main__":
    sys.exit(main())
