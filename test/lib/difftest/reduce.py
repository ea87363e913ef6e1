"""Shrinks a failing graph and writes it out as a reproducer.

The reducer is greedy: it tries smaller variants of the graph, most
promising first, keeps the first one that still fails the same way under the
same configuration, and starts over until no variant fails. The variants
keep one run (one input set) instead of two, drop a result, replace a
`relax.if` by one of its branches, delete an op (its uses take an earlier
value of the same type or a fresh parameter instead) and drop unused
parameters. A variant is only tried when it is valid and as tame as the
generator's graphs (generate.tame), so a numeric mismatch cannot shrink into
an ill-conditioned one.
"""

import copy
import os

import numpy as np

from . import generate, reference, runner
from .expr import evaluate_shape
from .graph import Value, emit

# relax-run's flags for each configuration.
RELAX_RUN_FLAGS = {"default": [], "fuse=0": ["--pipeline-options=fuse=false"],
                   "plan-memory=0": ["--pipeline-options=plan-memory=false"],
                   "parallel": ["--pipeline-options=parallel=true"], "library": ["--pipeline-options=library=true"],
                   "vulkan": ["--device", "vulkan"],
                   "webgpu": ["--device", "webgpu"]}


def _param_vars(graph):
    return {d.terms[0][0][0] for p in graph.params for d in p.shape if d.is_var()}


def check(graph, max_elements=1 << 16):
    """Whether `graph` is valid and every value it computes is tame."""
    bound = _param_vars(graph)
    if any(d.variables() - bound for p in graph.params for d in p.shape):
        return False
    if not graph.outputs or not graph.inputs:
        return False
    try:
        for run in range(len(graph.inputs)):
            env = reference.bind(graph, run)
            v64 = {p.name: reference.precision(graph.inputs[run][p.name], np.float64)
                   for p in graph.params}
            v32 = {p.name: graph.inputs[run][p.name] for p in graph.params}
            if not _check_nodes(graph.nodes, v64, v32, env, max_elements):
                return False
            if any(v.name not in v64 for v in graph.outputs):
                return False
    except (KeyError, ValueError, IndexError, TypeError):
        return False
    return True


def _check_nodes(nodes, v64, v32, env, max_elements):
    for node in nodes:
        if any(v.name not in v64 for v in node.operands):
            return False
        if node.op == "if":
            nodes_, result = node.attrs["then" if bool(v64[node.operands[0].name]) else "else"]
            b64, b32 = dict(v64), dict(v32)
            if not _check_nodes(nodes_, b64, b32, dict(env), max_elements) or \
                    result.name not in b64:
                return False
            a64, a32 = b64[result.name], b32[result.name]
        else:
            a64 = reference.apply(node, v64, env, np.float64)
            a32 = reference.apply(node, v32, dict(env), np.float32)
        if tuple(a64.shape) != evaluate_shape(node.result.shape, env):
            return False
        if not generate.tame(node, v64, a64, a32, max_elements):
            return False
        v64[node.result.name], v32[node.result.name] = a64, a32
    return True


def _blocks(graph):
    """Every node list of the graph with the values visible at its start:
    (nodes, visible values before it)."""
    out = [(graph.nodes, list(graph.params))]
    def visit(nodes, visible):
        seen = list(visible)
        for node in nodes:
            for branch, _ in node.branches():
                out.append((branch, list(seen)))
                visit(branch, seen)
            seen.append(node.result)
    visit(graph.nodes, graph.params)
    return out


def _replace_uses(graph, old, new):
    """Every use of value `old` reads `new`."""
    for node in graph.walk():
        node.operands = [new if v is old else v for v in node.operands]
        if node.op == "if":
            for key in ("then", "else"):
                nodes, result = node.attrs[key]
                if result is old:
                    node.attrs[key] = (nodes, new)
    graph.outputs = [new if v is old else v for v in graph.outputs]


def _uses(graph, value):
    return (any(value is v for n in graph.walk() for v in n.operands) or
            any(value is r for n in graph.walk() for _, r in n.branches()) or
            any(value is v for v in graph.outputs))


def _fresh_param(graph, value, seed):
    """A new parameter of `value`'s type, with random inputs."""
    names = {p.name for p in graph.params}
    i = len(graph.params)
    while f"p{i}" in names:
        i += 1
    p = Value(f"p{i}", value.shape, value.dtype)
    rng = np.random.default_rng(seed)
    for run in range(len(graph.inputs)):
        env = reference.bind(graph, run)
        dims = evaluate_shape(value.shape, env)
        graph.inputs[run][p.name] = np.asarray(rng.standard_normal(dims), np.float32)
    graph.params.append(p)
    return p


def variants(graph):
    """Smaller graphs, the biggest steps first."""
    if len(graph.inputs) > 1:
        for run in range(len(graph.inputs)):
            g = copy.deepcopy(graph)
            g.inputs, g.sizes = [g.inputs[run]], [g.sizes[run]]
            yield g
    if len(graph.outputs) > 1:
        for i in range(len(graph.outputs)):
            g = copy.deepcopy(graph)
            del g.outputs[i]
            yield g
    # A relax.if becomes one of its branches.
    for i, node in enumerate(graph.nodes):
        if node.op != "if":
            continue
        for key in ("then", "else"):
            g = copy.deepcopy(graph)
            target = g.nodes[i]
            nodes, result = target.attrs[key]
            g.nodes[i:i + 1] = nodes
            _replace_uses(g, target.result, result)
            yield g
    # Deleting an op, last ones first.
    for block_index, (nodes, visible) in enumerate(_blocks(graph)):
        for i in range(len(nodes) - 1, -1, -1):
            node = nodes[i]
            earlier = visible + [n.result for n in nodes[:i]]
            candidates = [v for v in node.operands if v.same_type(node.result)]
            candidates += [v for v in reversed(earlier)
                           if v.same_type(node.result) and v not in candidates][:3]
            options = [None] + candidates + ["param"]
            for option in options:
                g = copy.deepcopy(graph)
                g_nodes = _blocks(g)[block_index][0]
                target = g_nodes[i]
                del g_nodes[i]
                if option is None:
                    if _uses(g, target.result):
                        continue
                else:
                    if option == "param":
                        if target.result.dtype != "f32":
                            continue
                        try:
                            new = _fresh_param(g, target.result, i)
                        except KeyError:
                            continue
                    else:
                        new = next(v for v in _all_values(g) if v.name == option.name)
                    _replace_uses(g, target.result, new)
                yield g
                if option is None:
                    break
    for p in graph.params:
        if not _uses(graph, p):
            g = copy.deepcopy(graph)
            g.params = [q for q in g.params if q.name != p.name]
            for inputs in g.inputs:
                del inputs[p.name]
            yield g


def _all_values(graph):
    return list(graph.params) + [n.result for n in graph.walk()]


def reduce(tools, finding, log=None):
    """The smallest variant of the finding's graph that still fails the same
    way, and the finding for it."""
    graph = copy.deepcopy(finding.graph)
    graph.name = "main"
    current = finding
    tries = 0
    progress = True
    while progress:
        progress = False
        for g in variants(graph):
            if not check(g):
                continue
            tries += 1
            found = [f for f in runner.run_batch(tools, [g], finding.config)
                     if f.kind == finding.kind]
            if found:
                graph, current, progress = g, found[0], True
                if log:
                    log(f"  reduced to {graph.size()} ops, {len(graph.params)} parameters")
                break
    current.graph = graph
    current.tries = tries
    return current


def write(directory, finding, original):
    """Writes the reproducer of `finding` (reduced from `original`) into
    `directory`: repro.mlir, the inputs and expected outputs as .npy, and
    README.txt with the configuration and the command that reproduces it."""
    os.makedirs(directory, exist_ok=True)
    g = finding.graph
    flags = RELAX_RUN_FLAGS[finding.config]
    with open(os.path.join(directory, "repro.mlir"), "w") as f:
        f.write(f"// {finding.kind} under {runner.pipeline(finding.config)}\n")
        for line in finding.detail.strip().splitlines()[:12]:
            f.write(f"// {line}\n")
        f.write("\n" + emit(g, "main"))
    with open(os.path.join(directory, "original.mlir"), "w") as f:
        f.write(emit(original, "main"))
    commands = []
    for run in range(len(g.inputs)):
        args = []
        for i, array in enumerate(g.input_arrays(run)):
            name = f"input.{run}.{i}.npy"
            np.save(os.path.join(directory, name), array)
            args += ["--input", name]
        for k, expected in enumerate(reference.evaluate(g, run)):
            np.save(os.path.join(directory, f"expected.{run}.{k}.npy"), expected)
        commands.append(" ".join(["relax-run", "repro.mlir"] + flags + args +
                                 ["--output", f"output.{run}.npy"]))
    with open(os.path.join(directory, "README.txt"), "w") as f:
        f.write(f"kind: {finding.kind}\n")
        f.write(f"configuration: {finding.config} "
                f"({runner.pipeline(finding.config)})\n")
        f.write(f"graph: {original.name}, reduced from {original.size()} ops to "
                f"{g.size()}\n")
        f.write(f"sizes: {g.sizes}\n\n{finding.detail.strip()}\n\n")
        f.write("Reproduce (outputs are output.<run>.npy, output.<run>.1.npy, ...; "
                "compare with expected.<run>.<result>.npy, float64, at\n"
                f"|out - expected| <= {runner.ATOL} + {runner.RTOL} * |expected|):\n")
        for c in commands:
            f.write(f"  {c}\n")
