"""The generator's description of a graph function, and its relax IR.

A `Graph` is a list of `Node`s over `Value`s: each node is one op of the
relax library (or a `relax.constant`, a `relax.match_cast`, a `relax.if`
whose branches are lists of nodes), with its attributes in Python form. The
numpy interpreter (reference.py) evaluates this description; `emit` prints
it as a `relax.func`, grouping the straight-line ops between `relax.if`s in
`relax.dataflow` regions so that fusion sees them.
"""

import numpy as np

from .expr import shape_str


class Value:
    """An SSA value: a tensor of `shape` (a tuple of Exprs) and `dtype`
    (`f32`; `i1` for comparisons; `i64` or `i32` for indices and integer
    casts; `f16` for half-precision inputs)."""

    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype="f32"):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype

    def type(self, shape=None):
        return f"!relax.tensor<{shape_str(self.shape if shape is None else shape)}, {self.dtype}>"

    def same_type(self, other):
        return self.shape == other.shape and self.dtype == other.dtype

    def __repr__(self):
        return f"%{self.name}: {self.type()}"


class Node:
    """One op: `op` names it (the relax op name without `relax.`, or
    `constant`, `match_cast`, `if`), `operands` are Values, `attrs` a dict,
    `result` the Value it defines. An `if` keeps its branches in
    `attrs["then"]` and `attrs["else"]` as (nodes, yielded Value)."""

    __slots__ = ("op", "operands", "attrs", "result")

    def __init__(self, op, operands, result, **attrs):
        self.op, self.operands, self.result, self.attrs = op, list(operands), result, attrs

    def branches(self):
        return [self.attrs["then"], self.attrs["else"]] if self.op == "if" else []

    def __repr__(self):
        return f"{self.result.name} = {self.op}({', '.join(v.name for v in self.operands)})"


class Graph:
    """A graph function: parameters, the variables they bind with their
    ranges, nodes, outputs, the sizes it is run at (one dict of variable
    values per run) and the inputs of each run (float32 arrays, one per
    parameter)."""

    def __init__(self, name, variables):
        self.name = name
        self.variables = dict(variables)   # name -> (lo, hi)
        self.params = []
        self.nodes = []
        self.outputs = []
        self.sizes = []
        self.inputs = []                   # per size: {param name: array}
        self.dataflow = True

    def walk(self):
        """Every node, branches included, in program order."""
        def visit(nodes):
            for node in nodes:
                yield node
                for branch, _ in node.branches():
                    yield from visit(branch)
        yield from visit(self.nodes)

    def size(self):
        return sum(1 for _ in self.walk())

    def input_arrays(self, run):
        return [self.inputs[run][p.name] for p in self.params]


# Printing.

def _array(values):
    return "array<i64: " + ", ".join(str(v) for v in values) + ">"


def _sym_shape(dims):
    return "#sym.shape<[" + ", ".join("?" if d is None else str(d) for d in dims) + "]>"


def _dense(array):
    array = np.asarray(array, dtype="<f4")
    dims = "x".join(str(d) for d in array.shape)
    return (f'dense<"0x{array.tobytes().hex().upper()}"> : '
            f"tensor<{dims + 'x' if dims else ''}f32>")


def _attr_text(node):
    """The attribute dictionary of a library op, `{...}` or empty."""
    a, op = node.attrs, node.op
    items = []
    if op == "astype":
        items.append(f"dtype = {a['dtype']}")
    elif op == "matmul":
        items += [f"{k} = true" for k in ("transpose_a", "transpose_b") if a.get(k)]
    elif op in ("sum", "mean", "max", "min", "prod", "variance"):
        if a.get("axes") is not None:
            items.append(f"axes = {_array(a['axes'])}")
        if a.get("keepdims"):
            items.append("keepdims = true")
    elif op in ("softmax", "log_softmax", "cumsum", "concat"):
        if a.get("axis") is not None:
            items.append(f"axis = {a['axis']}")
    elif op in ("rms_norm", "layer_norm"):
        if a.get("axes") is not None:
            items.append(f"axes = {_array(a['axes'])}")
        if a.get("epsilon") is not None:
            items.append(f"epsilon = {a['epsilon']:.1e}")
    elif op in ("reshape", "broadcast_to"):
        items.append(f"shape = {_sym_shape(a['shape'])}")
    elif op in ("permute_dims", "expand_dims", "squeeze"):
        if a.get("axes") is not None:
            items.append(f"axes = {_array(a['axes'])}")
    elif op == "strided_slice":
        items += [f"axes = {_array(a['axes'])}", f"begin = {_sym_shape(a['begin'])}",
                  f"end = {_sym_shape(a['end'])}"]
        if a.get("strides") is not None:
            items.append(f"strides = {_array(a['strides'])}")
    elif op == "take":
        if a.get("axis"):
            items.append(f"axis = {a['axis']}")
        if a.get("mode", "check") != "check":
            items.append(f"mode = #relax.index_mode<{a['mode']}>")
    elif op == "split":
        items += [f"axis = {a['axis']}", f"indices = {_sym_shape(a['indices'])}"]
    elif op in ("max_pool2d", "avg_pool2d"):
        items += [f"pool_size = {_array(a['pool_size'])}", f"strides = {_array(a['strides'])}",
                  f"padding = {_array(a['padding'])}"]
    elif op == "group_norm":
        items.append(f"num_groups = {a['num_groups']}")
        if a.get("epsilon") is not None:
            items.append(f"epsilon = {a['epsilon']:.1e}")
    elif op in ("conv1d", "conv2d"):
        items += [f"strides = {_array(a['strides'])}",
                  f"padding = {_array(a['padding'])}"]
    elif op == "attention":
        if a.get("causal"):
            items.append("causal = true")
        if a.get("scale") is not None:
            items.append(f"scale = {float(a['scale'])!r}")
    elif op in ("tril", "triu"):
        if a.get("k"):
            items.append(f"k = {a['k']}")
    elif op in ("zeros", "ones", "full"):
        items.append(f"shape = {_sym_shape(a['shape'])}")
        if op != "full":
            items.append("dtype = f32")
    elif op == "arange":
        items += [f"start = #sym.expr<{a['start']}>", f"end = #sym.expr<{a['end']}>",
                  f"step = #sym.expr<{a['step']}>", "dtype = f32"]
    return " {" + ", ".join(items) + "}" if items else ""


class _Printer:
    def __init__(self, graph):
        self.graph = graph
        self.names = {p.name: f"%{p.name}" for p in graph.params}
        self.lines = []

    def ref(self, value):
        return self.names[value.name]

    def node(self, node, indent):
        pad = " " * indent
        r = f"%{node.result.name}"
        self.names[node.result.name] = r
        rtype = node.result.type()
        if node.op == "constant":
            self.lines.append(f"{pad}{r} = relax.constant {_dense(node.attrs['value'])}")
            return
        operands = " " + ", ".join(self.ref(v) for v in node.operands) if node.operands else ""
        if node.op == "match_cast":
            src = node.operands[0]
            self.lines.append(f"{pad}{r} = relax.match_cast{operands} : {src.type()} -> {rtype}")
            return
        if node.op == "if":
            cond = node.operands[0]
            self.lines.append(f"{pad}{r} = relax.if{operands} : {cond.type()} -> {rtype} {{")
            for i, (nodes, result) in enumerate(node.branches()):
                if i:
                    self.lines.append(f"{pad}}} else {{")
                saved = dict(self.names)
                for inner in nodes:
                    self.node(inner, indent + 2)
                self.lines.append(f"{pad}  relax.yield {self.ref(result)} : {result.type()}")
                self.names = saved
            self.lines.append(f"{pad}}}")
            self.names[node.result.name] = r
            return
        types = ", ".join(v.type() for v in node.operands)
        if node.op == "split":
            # Every part is a result; the node's value is one of them.
            parts = node.attrs["parts"]
            rtype = "(" + ", ".join(node.result.type(shape) for shape in parts) + ")"
            self.names[node.result.name] = f"{r}_parts#{node.attrs['part']}"
            r = f"{r}_parts:{len(parts)}"
        self.lines.append(f"{pad}{r} = relax.{node.op}{operands}{_attr_text(node)} : "
                          f"({types}) -> {rtype}")


def _used_after(graph):
    """For each top-level position i, the names used by nodes after i or
    returned."""
    used = [set() for _ in graph.nodes] + [{v.name for v in graph.outputs}]
    for i in range(len(graph.nodes) - 1, -1, -1):
        names = set(used[i + 1])
        node = graph.nodes[i]
        stack = [node]
        while stack:
            n = stack.pop()
            names |= {v.name for v in n.operands}
            for nodes, result in n.branches():
                names.add(result.name)
                stack += nodes
        used[i] = names
    return used


def result_type(graph, value):
    """The type a function result is declared with: dims over variables that
    a match_cast binds are `?` (results may only name parameter variables)."""
    dims = ["?" if d.variables() - set(graph.variables) else str(d) for d in value.shape]
    return f"!relax.tensor<[{', '.join(dims)}], {value.dtype}>"


def emit(graph, name=None):
    """The relax.func text of `graph`, named `name` (default: its own)."""
    p = _Printer(graph)
    params = ", ".join(f"%{v.name}: {v.type()}" for v in graph.params)
    results = [result_type(graph, v) for v in graph.outputs]
    rtypes = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    bound = {name for p in graph.params for d in p.shape for name in d.variables()}
    constraints = ", ".join(f"#sym.range<{v} in [{lo}, {hi}]>"
                            for v, (lo, hi) in sorted(graph.variables.items()) if v in bound)
    attrs = f" attributes {{sym.constraints = [{constraints}]}}" if constraints else ""
    p.lines.append(f"relax.func @{name or graph.name}({params}) -> {rtypes}{attrs} {{")
    used_after = _used_after(graph)
    i = 0
    while i < len(graph.nodes):
        if graph.nodes[i].op == "if" or not graph.dataflow:
            p.node(graph.nodes[i], 2)
            i += 1
            continue
        j = i
        while j < len(graph.nodes) and graph.nodes[j].op != "if":
            j += 1
        segment = graph.nodes[i:j]
        defined = [n.result for n in segment]
        escaping = [v for v in defined if v.name in used_after[j]]
        if not escaping:
            for node in segment:
                p.node(node, 2)
        else:
            outer = ", ".join(f"%{v.name}_" for v in escaping)
            types = ", ".join(v.type() for v in escaping)
            p.lines.append(f"  {outer} = relax.dataflow -> {types} {{")
            for node in segment:
                p.node(node, 4)
            p.lines.append(f"    relax.output {', '.join(p.ref(v) for v in escaping)} : {types}")
            p.lines.append("  }")
            for v in escaping:
                p.names[v.name] = f"%{v.name}_"
        i = j
    outs = ", ".join(p.ref(v) for v in graph.outputs)
    types = ", ".join(v.type() for v in graph.outputs)
    p.lines.append(f"  relax.return {outs} : {types}")
    p.lines.append("}")
    return "\n".join(p.lines) + "\n"
