#!/usr/bin/env python3
"""Mutation fuzzing of relax-import's ONNX front end.

Small valid ONNX models (an MLP with a computed reshape, a CNN block, shape
arithmetic into Range, ConstantOfShape and Expand, Einsum, TopK and Split,
Resize, GatherND) are mutated at random: attribute values, input dims and
element types, node inputs and op types, initializer shapes, the opset, a
node removed, or bytes of the serialized file. Each mutant goes through the
relax-import command line in this process. It must either succeed (its
module then passed relax-opt's verifier, which relax-import runs itself) or
fail with one `relax-import: error: ...` message; any other exception is a
finding, written to OUT/finding-<n>.onnx with the traceback beside it.

    fuzz/import-mutations.py --count 2000 --seed 1 --out findings/

The verifier relax-import runs is $RELAX_OPT, else the relax-opt on PATH;
the package is python/ beside this script. ONNX's shape inference runs in
a child process (relax-import does that itself), so an abort inside ONNX
is an error message, not a finding.
"""

import argparse
import contextlib
import io
import os
import random
import shutil
import sys
import tempfile
import traceback

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from relax_import import cli  # noqa: E402

OPS = ["Add", "Mul", "MatMul", "Relu", "Reshape", "Transpose", "Softmax", "Gather", "Concat",
       "Slice", "Shape", "Unsqueeze", "Squeeze", "Conv", "MaxPool", "Einsum", "TopK", "Split",
       "Resize", "Range", "Expand", "Where", "Cast", "ReduceMean", "Flatten", "GatherND",
       "LayerNormalization", "BatchNormalization", "Pad", "CumSum", "ArgMax", "Clip"]
TYPES = [TensorProto.FLOAT, TensorProto.FLOAT16, TensorProto.DOUBLE, TensorProto.INT64,
         TensorProto.INT32, TensorProto.INT8, TensorProto.BOOL, TensorProto.STRING,
         TensorProto.COMPLEX64, TensorProto.BFLOAT16, TensorProto.UINT8]
INTS = [-(2 ** 40), -3, -1, 0, 1, 2, 3, 7, 64, 2 ** 31]


def _tensor(name, dims, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, dims)


def _model(nodes, inputs, outputs, inits=(), opset=18):
    rng = np.random.default_rng(0)
    initializers = []
    for name, value in inits:
        if isinstance(value, tuple):
            value = rng.standard_normal(value).astype(np.float32)
        initializers.append(numpy_helper.from_array(np.asarray(value), name))
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _const(name, value):
    return helper.make_node("Constant", [], [name],
                            value=numpy_helper.from_array(np.array(value, np.int64)))


def seeds():
    """Valid models that relax-import translates."""
    yield _model(
        [helper.make_node("MatMul", ["x", "w"], ["mm"]),
         helper.make_node("Add", ["mm", "b"], ["h"]),
         helper.make_node("Gelu", ["h"], ["act"]),
         helper.make_node("Shape", ["act"], ["s"]),
         _const("i0", [0]), _const("two", [2]), _const("minus", [-1]),
         helper.make_node("Gather", ["s", "i0"], ["batch"]),
         helper.make_node("Concat", ["batch", "two", "minus"], ["target"], axis=0),
         helper.make_node("Reshape", ["act", "target"], ["r"]),
         helper.make_node("Transpose", ["r"], ["t"], perm=[0, 2, 1]),
         helper.make_node("Softmax", ["t"], ["y"], axis=-1)],
        [_tensor("x", ["batch", "seq", 8])], [_tensor("y", None)],
        [("w", (8, 6)), ("b", (6,))])
    yield _model(
        [helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1], strides=[1, 1]),
         helper.make_node("BatchNormalization", ["c", "g", "beta", "mean", "var"], ["n"]),
         helper.make_node("Clip", ["n", "lo", "hi"], ["r"]),
         helper.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2], strides=[2, 2]),
         helper.make_node("GlobalAveragePool", ["p"], ["g2"]),
         helper.make_node("Flatten", ["g2"], ["y"], axis=1)],
        [_tensor("x", ["n", 3, 8, 8])], [_tensor("y", None)],
        [("w", (4, 3, 3, 3)), ("b", (4,)), ("g", (4,)), ("beta", (4,)), ("mean", (4,)),
         ("var", np.ones(4, np.float32)), ("lo", np.float32(0)), ("hi", np.float32(6))])
    yield _model(
        [helper.make_node("Shape", ["x"], ["s"]),
         _const("i1", 1), _const("zero", 0), _const("one", 1),
         helper.make_node("Gather", ["s", "i1"], ["seq"]),
         helper.make_node("Range", ["zero", "seq", "one"], ["pos"]),
         helper.make_node("Shape", ["pos"], ["ps"]),
         helper.make_node("ConstantOfShape", ["ps"], ["c"],
                          value=numpy_helper.from_array(np.array([2], np.int64))),
         helper.make_node("Add", ["pos", "c"], ["p2"]),
         helper.make_node("Expand", ["p2", "s2"], ["e"]),
         helper.make_node("CumSum", ["e", "axis"], ["y"])],
        [_tensor("x", ["b", "n", 4])], [_tensor("y", None, TensorProto.INT64)],
        [("s2", np.array([3, 1], np.int64)), ("axis", np.array(0, np.int64))])
    yield _model(
        [helper.make_node("Einsum", ["a", "b"], ["e"], equation="bij,bkj->bik"),
         helper.make_node("TopK", ["e", "k"], ["v", "i"], axis=-1),
         helper.make_node("Split", ["v"], ["v0", "v1"], axis=-1, num_outputs=2),
         helper.make_node("ArgMax", ["v0"], ["y"], axis=1, keepdims=0)],
        [_tensor("a", ["b", 4, 8]), _tensor("b", ["b", 5, 8])],
        [_tensor("y", None, TensorProto.INT64), _tensor("v1", None), _tensor("i", None,
                                                                           TensorProto.INT64)],
        [("k", np.array([4], np.int64))])
    yield _model(
        [helper.make_node("Resize", ["x", "", "scales"], ["r"], mode="nearest"),
         helper.make_node("Pad", ["r", "pads"], ["p"]),
         helper.make_node("ReduceMean", ["p", "axes"], ["y"], keepdims=1)],
        [_tensor("x", ["n", 2, 4, 4])], [_tensor("y", None)],
        [("scales", np.array([1, 1, 2, 2], np.float32)),
         ("pads", np.array([0, 0, 1, 1, 0, 0, 1, 1], np.int64)),
         ("axes", np.array([2, 3], np.int64))])
    yield _model(
        [helper.make_node("GatherND", ["x", "idx"], ["g"]),
         helper.make_node("Unsqueeze", ["g", "ax"], ["u"]),
         helper.make_node("Squeeze", ["u", "ax"], ["s"]),
         helper.make_node("Where", ["m", "s", "zero"], ["y"])],
        [_tensor("x", [5, 6, 3]), _tensor("idx", ["n", 2], TensorProto.INT64),
         _tensor("m", ["n", 3], TensorProto.BOOL)],
        [_tensor("y", None)],
        [("ax", np.array([0], np.int64)), ("zero", np.float32(0))])


def _value_infos(model):
    return list(model.graph.input) + list(model.graph.output)


def mutate(model, rng):
    """`model` changed in one to three random ways (serialized bytes, or
    None when a byte mutation was chosen and bytes are returned instead)."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["attr", "attr", "dim", "dtype", "input", "op", "init", "remove",
                           "opset", "bytes"])
        nodes = list(g.node)
        if kind == "attr":
            attrs = [(n, a) for n in nodes for a in n.attribute]
            if not attrs:
                continue
            _, a = rng.choice(attrs)
            if a.type == onnx.AttributeProto.INT:
                a.i = rng.choice(INTS)
            elif a.type == onnx.AttributeProto.INTS and a.ints:
                values = list(a.ints)
                choice = rng.choice(["drop", "add", "change"])
                if choice == "drop":
                    values.pop(rng.randrange(len(values)))
                elif choice == "add":
                    values.append(rng.choice(INTS))
                else:
                    values[rng.randrange(len(values))] = rng.choice(INTS)
                del a.ints[:]
                a.ints.extend(values)
            elif a.type == onnx.AttributeProto.STRING:
                a.s = rng.choice([b"", b"cubic", b"i,j->", b"bij,bjk", b"...ij->ji", b"\xff"])
            elif a.type == onnx.AttributeProto.FLOAT:
                a.f = rng.choice([0.0, -1.0, float("nan"), 1e30])
        elif kind == "dim":
            infos = [v for v in _value_infos(m) if v.type.tensor_type.shape.dim]
            if not infos:
                continue
            dims = rng.choice(infos).type.tensor_type.shape.dim
            d = dims[rng.randrange(len(dims))]
            choice = rng.choice(["zero", "neg", "num", "sym", "none"])
            if choice == "zero":
                d.dim_value = 0
            elif choice == "neg":
                d.dim_value = -1
            elif choice == "num":
                d.dim_value = rng.choice([1, 3, 17])
            elif choice == "sym":
                d.dim_param = rng.choice(["n", "min", "a-b", "x y", "9z"])
            else:
                d.Clear()
        elif kind == "dtype":
            rng.choice(_value_infos(m)).type.tensor_type.elem_type = rng.choice(TYPES)
        elif kind == "input" and nodes:
            node = rng.choice(nodes)
            if node.input:
                names = [i for n in nodes for i in n.output] + [i.name for i in g.input]
                node.input[rng.randrange(len(node.input))] = rng.choice(
                    names + ["", "missing"])
        elif kind == "op" and nodes:
            rng.choice(nodes).op_type = rng.choice(OPS)
        elif kind == "init" and g.initializer:
            init = rng.choice(list(g.initializer))
            if init.dims:
                init.dims[rng.randrange(len(init.dims))] = rng.choice([0, 1, 2, 5])
            else:
                init.dims.append(rng.choice([0, 2]))
        elif kind == "remove" and nodes:
            g.node.remove(rng.choice(nodes))
        elif kind == "opset":
            m.opset_import[0].version = rng.choice([1, 7, 11, 13, 17, 21, 99])
        elif kind == "bytes":
            data = bytearray(m.SerializeToString())
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
    return m.SerializeToString()


def run_one(data, work, name="model.onnx"):
    """None when relax-import handled `data`, written to WORK/`name` (a
    success or one clean error message), else the traceback or the stray
    output."""
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli.main([path, "-o", os.path.join(work, "model.mlir")])
    except SystemExit as exit_:  # argparse
        return f"SystemExit {exit_.code}: {err.getvalue()}"
    except Exception:  # noqa: BLE001 - any other exception is the finding
        return traceback.format_exc()
    text = err.getvalue()
    if code == 0:
        return None
    if code == 1 and text.startswith("relax-import: error: ") and "Traceback" not in text:
        return None
    return f"exit {code}: {text}"


def drive(seed_inputs, mutate_one, count, seed, out, name, label, unit="models"):
    """Imports each of `seed_inputs` (bytes, each of which must import), then
    `count` mutants of them (`mutate_one(data, rng)`), written to WORK/`name`;
    prints each finding and a summary line starting with `label`. Returns the
    exit code: 1 when there were findings."""
    rng = random.Random(seed)
    findings = accepted = 0
    suffix = os.path.splitext(name)[1]
    with tempfile.TemporaryDirectory() as work:
        for data in seed_inputs:
            why = run_one(data, work, name)
            if why:
                print(f"seed input fails: {why}")
                findings += 1
        for i in range(count):
            data = mutate_one(rng.choice(seed_inputs), rng)
            why = run_one(data, work, name)
            if why is None:
                accepted += os.path.exists(os.path.join(work, "model.mlir"))
            else:
                findings += 1
                print(f"finding {i}: {why.strip().splitlines()[-1]}")
                if out:
                    os.makedirs(out, exist_ok=True)
                    with open(os.path.join(out, f"finding-{i}{suffix}"), "wb") as f:
                        f.write(data)
                    with open(os.path.join(out, f"finding-{i}.txt"), "w") as f:
                        f.write(why)
            for stale in ("model.mlir", "model.safetensors"):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(os.path.join(work, stale))
    print(f"{label}: {count} {unit}, {accepted} imported, {findings} findings")
    return 1 if findings else 0


def parse_args(description):
    # The verifier relax-import runs: $RELAX_OPT, else relax-opt on PATH.
    if not os.environ.get("RELAX_OPT") and shutil.which("relax-opt"):
        os.environ["RELAX_OPT"] = shutil.which("relax-opt")
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="where findings are written")
    return parser.parse_args()


def main():
    args = parse_args(__doc__.split("\n\n")[0])
    return drive([m.SerializeToString() for m in seeds()],
                 lambda data, rng: mutate(onnx.load_from_string(data), rng),
                 args.count, args.seed, args.out, "model.onnx", "import mutations")


if __name__ == "__main__":
    sys.exit(main())
