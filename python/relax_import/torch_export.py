"""Imports a `torch.export.ExportedProgram` as relax IR.

The program's graph of ATen ops (after `run_decompositions`, keeping the
high-level ops relax has: linear, attention, layer norm, softmax, GELU,
SiLU, embedding) is translated node by node. Torch's symbolic sizes become
`sym` variables, named after the `Dim`s of the export when known, with
their ranges as `sym.constraints`; a variable that torch only sees as a
multiple (`4 * frames`) becomes a variable of its own with a divisibility
constraint. Parameters, buffers and constant tensors become parameters of
`@main` after the user inputs (or constants), named after the state-dict
entry they come from.
"""

import contextlib
import json
import logging
import operator
import os
import re

import numpy as np

from .emitter import (Emitter, ImportError_, Value, float_attr, fresh_sym_var, i64_array,
                      shape_attr)

DIM_NAMES_FILE = "relax_dim_names.json"

_TORCH_ELEMENTS = {
    "torch.float32": "f32", "torch.float16": "f16", "torch.float64": "f64",
    "torch.bfloat16": "bf16", "torch.int64": "i64", "torch.int32": "i32",
    "torch.int16": "i16", "torch.int8": "i8", "torch.uint8": "ui8",
    "torch.bool": "i1",
}

_UNARY = {
    "aten.neg.default": "neg", "aten.exp.default": "exp", "aten.log.default": "log",
    "aten.sqrt.default": "sqrt", "aten.rsqrt.default": "rsqrt",
    "aten.tanh.default": "tanh", "aten.sigmoid.default": "sigmoid",
    "aten.silu.default": "silu", "aten.relu.default": "relu",
    "aten.abs.default": "abs", "aten.cos.default": "cos", "aten.sin.default": "sin",
    "aten.erf.default": "erf",
}

_BINARY = {
    "add": "add", "sub": "subtract", "mul": "multiply", "div": "divide",
    "maximum": "maximum", "minimum": "minimum", "pow": "power",
    "eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
    "gt": "greater", "ge": "greater_equal",
}
_COMPARISONS = {"eq", "ne", "lt", "le", "gt", "ge"}

_IDENTITY = {
    "aten.clone.default", "aten.alias.default", "aten.contiguous.default",
    "aten.detach.default", "aten.lift_fresh_copy.default", "aten.dropout.default",
    "aten.detach_.default",
}
_IGNORED = {
    "aten._assert_tensor_metadata.default", "aten._assert_scalar.default",
    "aten.sym_constrain_range_for_size.default", "aten.sym_constrain_range.default",
    "aten._assert_async.msg",
}

_BIG = 2 ** 62


def element_of(dtype):
    element = _TORCH_ELEMENTS.get(str(dtype))
    if element is None:
        raise ImportError_(f"element type {dtype} has no relax equivalent")
    return element


def _torch_dtype(element):
    import torch
    return {v: getattr(torch, k.split(".")[1]) for k, v in _TORCH_ELEMENTS.items()}[element]


class _Unsupported(Exception):
    pass


class _Empty:
    """A weight without elements (the empty tensors a transformers
    DynamicCache starts from): no parameter, but a `relax.zeros` where an op
    uses it."""

    def __init__(self, name, shape, element):
        self.name = name
        self.shape = shape
        self.element = element
        self.value = None


def save(ep, path):
    """`torch.export.save`, also recording the names of the program's `Dim`s
    so that an import of the file names its variables after them."""
    import torch
    torch.export.save(ep, path, extra_files={DIM_NAMES_FILE: json.dumps(dim_names(ep))})


class _Recorded(logging.Handler):
    """Keeps the exceptions torch logs instead of printing them."""

    def __init__(self):
        super().__init__()
        self.errors = []

    def emit(self, record):
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append(record.exc_info[1])


@contextlib.contextmanager
def _torch_logs():
    """Keeps what torch's loggers print (warnings with tracebacks about a
    program that does not load) from stderr while it runs; yields the
    handler that records the exceptions they carry."""
    recorded = _Recorded()
    names = ["torch"] + [name for name in logging.root.manager.loggerDict
                         if name.startswith("torch.")]
    saved = []
    for name in names:
        logger = logging.getLogger(name)
        saved.append((logger, logger.handlers, logger.propagate))
        logger.handlers, logger.propagate = [recorded], False
    try:
        yield recorded
    finally:
        for logger, handlers, propagate in saved:
            logger.handlers, logger.propagate = handlers, propagate


def _first_line(error):
    """The error's type and first line; for a node that does not
    deserialize, its name and target and the reason."""
    text = str(error).strip()
    match = re.match(r"Failed deserializing node Node\(target='([^']*)'.*"
                     r"name='([^']*)'\)$", text.splitlines()[0] if text else "")
    if match:
        cause = error.__cause__ or error.__context__
        reason = f": {_first_line(cause)}" if cause is not None else ""
        return f"node '{match.group(2)}' ({match.group(1)}) does not deserialize{reason}"
    line = text.splitlines()[0] if text else ""
    if len(line) > 300:
        line = line[:300] + "..."
    return f"{type(error).__name__}: {line}" if line else type(error).__name__


def load(path):
    """`torch.export.load`, with the `Dim` names `save` recorded. A program
    that does not deserialize raises ImportError_ naming the first error
    (torch logs it as a warning with its traceback and raises a generic
    one; the log is kept from stderr)."""
    import torch
    extra = {DIM_NAMES_FILE: ""}
    with _torch_logs() as recorded:
        try:
            ep = torch.export.load(path, extra_files=extra)
        except Exception as error:  # noqa: BLE001 - any load failure
            cause = recorded.errors[0] if recorded.errors else error
            raise ImportError_(f"cannot load {path} as a torch.export program: "
                               f"{_first_line(cause)}") from None
    try:
        names = json.loads(extra[DIM_NAMES_FILE]) if extra[DIM_NAMES_FILE] else {}
    except ValueError:
        raise ImportError_(f"{path}: the recorded dim names are not JSON") from None
    if not isinstance(names, dict):
        raise ImportError_(f"{path}: the recorded dim names are not a mapping")
    return ep, names


def dim_names(ep):
    """Torch symbol name -> the name of the user's `Dim`, where known."""
    names = {}
    for node in ep.graph.nodes:
        if node.op != "placeholder":
            continue
        val = node.meta.get("val")
        shape_env = getattr(getattr(val, "fake_mode", None), "shape_env", None)
        if shape_env is None:
            continue
        debug = getattr(shape_env, "source_name_to_debug_name", {})
        for symbol, sources in getattr(shape_env, "var_to_sources", {}).items():
            for source in sources:
                if source.name in debug:
                    names.setdefault(str(symbol), debug[source.name])
        break
    return names


def default_decompositions():
    """The decomposition table: torch's defaults, less the ops relax has."""
    import torch
    table = torch.export.default_decompositions()
    keep = [torch.ops.aten.linear.default,
            torch.ops.aten.scaled_dot_product_attention.default,
            torch.ops.aten.layer_norm.default, torch.ops.aten.softmax.int,
            torch.ops.aten.log_softmax.int, torch.ops.aten.gelu.default,
            torch.ops.aten.silu.default, torch.ops.aten.embedding.default,
            torch.ops.aten.matmul.default]
    for op in keep:
        table.pop(op, None)
    return table


def _origins(node):
    """The names of `node` and of the nodes it was decomposed from."""
    names = [node.name]
    for source in node.meta.get("from_node") or []:
        while source is not None:
            names.append(getattr(source, "name", None))
            parents = getattr(source, "from_node", None) or []
            source = parents[0] if parents else None
    return [n for n in names if n]


def source_location(node, traces=None):
    """The innermost frame of `node`'s stack trace outside torch, as
    `file:line`, or the node's name. `traces` holds the stack traces of the
    program before decomposition, which decomposition drops, by node name."""
    trace = node.meta.get("stack_trace")
    for name in _origins(node):
        if trace:
            break
        trace = (traces or {}).get(name)
    trace = trace or ""
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', trace)
    import torch
    library = os.path.dirname(torch.__file__) + os.sep
    user = [f for f in frames if not f[0].startswith(library)]
    if user:
        path, line, func = user[-1]
        return f"{path}:{line} (in {func})"
    return f"node {node.name}"


class TorchImporter:
    def __init__(self, ep, names=None, weights_as_constants=False, traces=None):
        self.ep = ep
        self.traces = traces or {}
        self.user_names = dict(names or {})
        self.user_names.update(dim_names(ep))
        self.constants = weights_as_constants
        self.e = Emitter()
        self.env = {}
        self.errors = []
        self.weights = {}
        self.sym_names = {}
        # Whole size expressions that are variables of their own (`4 * s`).
        self.expr_names = {}
        # The values of the program's constant tensors (lifted by export).
        self.constant_arrays = {}

    # ----- symbolic sizes -------------------------------------------------

    def _setup_symbols(self, user_inputs):
        import sympy
        ranges = {str(k): v for k, v in self.ep.range_constraints.items()}
        used = set()
        # Variables: a dim of a user input that is a plain symbol names that
        # symbol; a dim `c * s` whose symbol appears nowhere alone becomes a
        # variable of its own, and `s` is that variable floordiv c.
        alone, scaled = {}, {}
        for node in user_inputs:
            for d, dim in enumerate(self._dims(node)):
                if isinstance(dim, sympy.Symbol):
                    alone.setdefault(dim, (node.name, d))
                elif isinstance(dim, sympy.Mul) and len(dim.free_symbols) == 1:
                    coeff, rest = dim.as_coeff_Mul()
                    if isinstance(rest, sympy.Symbol) and coeff > 1:
                        scaled.setdefault(rest, (node.name, d, int(coeff)))
        # Torch may keep two symbols for one `Dim` (the past length of every
        # layer of a KV cache, say), related by a run-time guard only; inputs
        # that share a `Dim` have equal sizes, so symbols named alike are one
        # variable, within the intersection of their ranges.
        by_dim, var_ranges = {}, {}
        for symbol, (inp, d) in alone.items():
            dim = self.user_names.get(str(symbol))
            vr = ranges.get(str(symbol))
            if dim in by_dim:
                name = by_dim[dim]
                self.sym_names[symbol] = name
                if vr is not None:
                    var_ranges[name] = vr if var_ranges[name] is None else var_ranges[name] & vr
                continue
            name = self._fresh_var(dim or f"{inp}_{d}", used)
            self.sym_names[symbol] = name
            if dim:
                by_dim[dim] = name
            var_ranges[name] = vr
        constraints = [self._range(name, vr, 1) for name, vr in var_ranges.items()]
        for symbol, (inp, d, coeff) in scaled.items():
            if symbol in alone:
                continue
            base = self.user_names.get(str(symbol))
            name = self._fresh_var(f"{base}_x{coeff}" if base else f"{inp}_{d}", used)
            self.sym_names[symbol] = f"({name} floordiv {coeff})"
            self.expr_names[coeff * symbol] = name
            constraints.append(self._range(name, ranges.get(str(symbol)), coeff))
            constraints.append(f"#sym.divisible<{name}, {coeff}>")
        self.e.constraints = [c for c in constraints if c]

    @staticmethod
    def _fresh_var(name, used):
        return fresh_sym_var(name, used)

    @staticmethod
    def _range(name, vr, scale):
        if vr is None:
            return None
        def bound(b):
            try:
                return str(int(b) * scale)
            except (TypeError, ValueError, OverflowError):
                return "?"
        lo, hi = bound(vr.lower), bound(vr.upper)
        if hi != "?" and int(hi) >= _BIG:
            hi = "?"
        if lo == "?" and hi == "?":
            return None
        return f"#sym.range<{name} in [{lo}, {hi}]>"

    def sym(self, expr):
        """A torch size (int, SymInt or sympy expression) in `#sym.expr`
        syntax."""
        import sympy
        import torch
        from torch.utils._sympy import functions as F
        if isinstance(expr, torch.SymInt):
            expr = expr.node.expr
        if isinstance(expr, (int, np.integer)):
            return str(int(expr))
        if isinstance(expr, bool):
            return str(int(expr))
        expr = sympy.sympify(expr)
        if expr in self.expr_names:
            return self.expr_names[expr]
        if expr.is_Integer:
            return str(int(expr))
        if isinstance(expr, sympy.Symbol):
            name = self.sym_names.get(expr)
            if name is None:
                if str(expr).startswith("u"):
                    raise _Unsupported(
                        f"a data-dependent size ({expr}): relax-import takes "
                        "shapes that depend on the input shapes only")
                raise _Unsupported(f"the size {expr} is no input's dim")
            return name
        if isinstance(expr, sympy.Add):
            terms = sorted(expr.args, key=lambda t: bool(t.as_coeff_Mul()[0] < 0))
            text = ""
            for t in terms:
                coeff, rest = t.as_coeff_Mul()
                if bool(coeff < 0):
                    part = self.sym(-t)
                    text = f"{text or '0'} - {self._paren(-t, part)}"
                else:
                    part = self.sym(t)
                    text = f"{text} + {part}" if text else part
            return text
        if isinstance(expr, sympy.Mul):
            return " * ".join(self._paren(a, self.sym(a)) for a in expr.args)
        if isinstance(expr, sympy.Pow) and expr.exp.is_Integer and expr.exp > 0:
            base = self._paren(expr.base, self.sym(expr.base))
            return " * ".join([base] * int(expr.exp))
        if isinstance(expr, F.FloorDiv) or type(expr).__name__ in ("FloorDiv", "CleanDiv"):
            a, b = expr.args
            return (f"{self._paren(a, self.sym(a))} floordiv "
                    f"{self._paren(b, self.sym(b))}")
        if type(expr).__name__ in ("Mod", "PythonMod"):
            a, b = expr.args
            return (f"{self._paren(a, self.sym(a))} mod "
                    f"{self._paren(b, self.sym(b))}")
        if isinstance(expr, (sympy.Max, sympy.Min)):
            op = "max" if isinstance(expr, sympy.Max) else "min"
            args = [self.sym(a) for a in expr.args]
            text = args[0]
            for a in args[1:]:
                text = f"{op}({text}, {a})"
            return text
        raise _Unsupported(f"the size expression {expr} has no sym equivalent")

    @staticmethod
    def _paren(expr, text):
        """`text` as an operand of `*`, `floordiv` or `mod`: parenthesized
        unless it is a number or a variable's name, since all three bind
        alike and group from the left (`2 * (a floordiv 2)` is not
        `2 * a floordiv 2`)."""
        atomic = text.lstrip("-").isdigit() or text.isidentifier()
        return text if atomic else f"({text})"

    @staticmethod
    def _dims(node):
        import torch
        val = node.meta.get("val")
        out = []
        for d in val.shape:
            out.append(d.node.expr if isinstance(d, torch.SymInt) else int(d))
        return out

    # ----- values ----------------------------------------------------------

    def arg(self, a):
        import torch.fx
        if isinstance(a, torch.fx.Node):
            value = self.env[a]
            if isinstance(value, _Empty):
                if value.value is None:
                    value.value = self.e.op("zeros", [], {
                        "shape": shape_attr(value.shape), "dtype": value.element},
                        hint=value.name, element=value.element, shape=value.shape)
                value = value.value
            return value
        if isinstance(a, (list, tuple)):
            return [self.arg(x) for x in a]
        return a

    def shape_of(self, node):
        return [self.sym(d) for d in self._dims(node)]

    def sym_scalar(self, expr, element="i64"):
        """A rank-0 tensor holding the value of a symbolic size."""
        return self.e.size_scalar(self.sym(expr) if not isinstance(expr, str) else expr,
                                  element)

    def astype(self, v, element):
        return self.e.astype(v, element)

    def operand(self, x, element):
        """`x` (a Value, a Python number or a symbolic size) as a tensor of
        `element` type."""
        import sympy
        import torch
        if isinstance(x, Value):
            return self.astype(x, element)
        if isinstance(x, (bool, int, float, np.number)):
            return self.e.scalar(x, element)
        if isinstance(x, (sympy.Expr, torch.SymInt)):
            return self.sym_scalar(x, element)
        raise _Unsupported(f"an operand {x!r}")

    def _promote(self, a, b):
        import torch
        def probe(x):
            if isinstance(x, Value):
                return torch.empty((1,) if x.rank else (), dtype=_torch_dtype(x.element))
            if isinstance(x, (bool, int, float)):
                return x
            return 1
        return element_of(torch.result_type(probe(a), probe(b)))

    # ----- the graph ---------------------------------------------------------

    def run(self):
        import torch
        ep = self.ep
        sig = ep.graph_signature
        specs = {s.arg.name: s for s in sig.input_specs}
        placeholders = [n for n in ep.graph.nodes if n.op == "placeholder"]
        from torch.export.graph_signature import InputKind
        user = [n for n in placeholders if specs[n.name].kind == InputKind.USER_INPUT]
        weights = [n for n in placeholders if specs[n.name].kind != InputKind.USER_INPUT]
        self._setup_symbols(user)
        for node in user:
            val = node.meta.get("val")
            if not isinstance(val, torch.Tensor):
                self.errors.append(f"input '{node.name}': a {type(val).__name__}; "
                                   "relax-import takes tensor inputs only")
                continue
            try:
                self.env[node] = self.e.param(node.name, self.shape_of(node),
                                              element_of(val.dtype))
            except _Unsupported as error:
                self.errors.append(f"input '{node.name}': {error}")
        state = dict(ep.state_dict)
        state.update(getattr(ep, "constants", {}) or {})
        weight_nodes = []
        for node in weights:
            spec = specs[node.name]
            target = spec.target
            tensor = state.get(target)
            if tensor is None or not isinstance(tensor, torch.Tensor):
                self.errors.append(f"input '{node.name}' ({spec.kind.name}): no tensor value")
                continue
            array = tensor.detach().cpu()
            if array.dtype == torch.bfloat16:
                array = array.float()
            array = array.contiguous().numpy()
            weight_nodes.append((node, target, array))
            if spec.kind == InputKind.CONSTANT_TENSOR:
                self.constant_arrays[node] = array
        for node, target, array in weight_nodes:
            if array.size == 0:
                self.env[node] = _Empty(target, list(array.shape),
                                        element_of(node.meta["val"].dtype))
                continue
            if self.constants:
                continue
            self.env[node] = self.e.param(target, [str(d) for d in array.shape],
                                          element_of(node.meta["val"].dtype),
                                          param_name=target)
            self.weights[target] = array
        if self.constants:
            for node, target, array in weight_nodes:
                if array.size:
                    self.env[node] = self.e.constant(array, hint=target)
        outputs = []
        failed = {}  # node -> the message of its problem
        for node in ep.graph.nodes:
            if node.op == "call_function":
                # An op on the result of one that failed is translated on a
                # placeholder of its type, so that it reports its own
                # problems too; one that the placeholder itself trips up
                # reports nothing.
                causes = {failed[i] for i in node.all_input_nodes if i in failed}
                try:
                    self.env[node] = self.convert(node)
                except _Unsupported as error:
                    # (An input's problem repeated is not reported again.)
                    if str(error) not in causes:
                        self.errors.append(
                            f"{node.target} at {source_location(node, self.traces)}: {error}")
                    self.env[node] = self._placeholder(node)
                    failed[node] = str(error)
                except Exception:
                    if not causes:
                        raise
                    self.env[node] = self._placeholder(node)
                    failed[node] = ""
                else:
                    if causes:
                        failed[node] = ""
            elif node.op == "output":
                for out in torch.utils._pytree.tree_leaves(node.args[0]):
                    if out is None:
                        continue
                    value = self.arg(out) if out in self.env else None
                    if not isinstance(value, Value):
                        self.errors.append(f"output '{out}' is not a tensor")
                        continue
                    outputs.append(value)
        if self.errors:
            raise ImportError_(
                f"cannot import the program: {len(self.errors)} unsupported "
                f"op{'s' if len(self.errors) > 1 else ''}:\n  " + "\n  ".join(self.errors))
        return outputs

    def _placeholder(self, node):
        import torch
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor):
            return Value("unsupported", element_of(val.dtype), list(val.shape))
        if isinstance(val, (list, tuple)):
            return [Value("unsupported", "f32", []) for _ in val]
        return 0

    def convert(self, node):
        import torch
        target = str(node.target)
        val = node.meta.get("val")
        for leaf in torch.utils._pytree.tree_leaves(val):
            if isinstance(leaf, (torch.Tensor, torch.SymInt)):
                shape = leaf.shape if isinstance(leaf, torch.Tensor) else [leaf]
                for d in shape:
                    if isinstance(d, torch.SymInt):
                        free = {str(s) for s in d.node.expr.free_symbols}
                        if any(s.startswith("u") for s in free):
                            raise _Unsupported(
                                "its result has a data-dependent shape "
                                f"({', '.join(sorted(free))}), which relax "
                                "sizes cannot express: they depend on the "
                                "input shapes only")
        if target in _IGNORED:
            return None
        if not target.startswith("aten.") and isinstance(val, (torch.SymInt, torch.SymBool,
                                                               int, bool)) \
                or target == "aten.sym_size.int":
            return val.node.expr if isinstance(val, (torch.SymInt, torch.SymBool)) else val
        if target in _IDENTITY:
            x = node.args[0]
            return self.env[x] if isinstance(x, torch.fx.Node) else self.arg(x)
        if target in _UNARY:
            x = self.arg(node.args[0])
            out = element_of(val.dtype)
            return self.e.op(_UNARY[target], [self.astype(x, out)], hint=node.name,
                             shape=self._dims(node))
        if node.target is operator.getitem:
            return self.arg(node.args[0])[node.args[1]]
        packet = target.split(".")[1] if target.startswith("aten.") else None
        if packet in _BINARY or packet == "rsub":
            return self.binary(node, packet)
        handler = getattr(self, "op_" + target.replace(".", "_"), None)
        if handler is None:
            raise _Unsupported("no relax translation")
        return handler(node, *node.args, **node.kwargs)

    def emit(self, name, operands, attrs=None, node=None, **kw):
        if node is not None:
            kw.setdefault("hint", node.name)
            kw.setdefault("shape", self._dims(node))
            val = node.meta.get("val")
            if "element" not in kw and hasattr(val, "dtype"):
                kw["element"] = element_of(val.dtype)
        return self.e.op(name, operands, attrs, **kw)

    def binary(self, node, packet):
        args = [self.arg(a) for a in node.args]
        a, b = args[0], args[1]
        alpha = node.kwargs.get("alpha", args[2] if len(args) > 2 else 1)
        if packet == "rsub":
            a, b, packet = b, a, "sub"
            if alpha != 1:
                b = self.e.op("multiply", [b, self.e.scalar(alpha, b.element)], hint=node.name)
        elif alpha != 1 and packet in ("add", "sub"):
            out = element_of(node.meta["val"].dtype)
            b = self.e.op("multiply", [self.operand(b, out), self.e.scalar(alpha, out)],
                          hint=node.name)
        out = element_of(node.meta["val"].dtype)
        if packet in _COMPARISONS:
            compute = self._promote(a, b)
        else:
            compute = out
        if packet == "pow" and isinstance(b, (int, float)):
            x = self.operand(a, compute)
            if b == 2:
                return self.emit("multiply", [x, x], node=node)
            if b == 0.5:
                return self.emit("sqrt", [x], node=node)
            if b == 1:
                return x
        if packet == "div" and compute.startswith("i"):
            raise _Unsupported("integer division")
        return self.emit(_BINARY[packet], [self.operand(a, compute), self.operand(b, compute)],
                         node=node)

    # ----- ops ---------------------------------------------------------------

    def op_aten_linear_default(self, node, x, w, b=None):
        y = self.emit("matmul", [self.arg(x), self.arg(w)], {"transpose_b": "true"},
                      node=node, hint=node.name + ("_mm" if b is not None else ""))
        if b is not None:
            y = self.emit("add", [y, self.arg(b)], node=node)
        return y

    def op_aten_addmm_default(self, node, bias, a, b, beta=1, alpha=1):
        if beta != 1 or alpha != 1:
            raise _Unsupported("beta or alpha other than 1")
        y = self.emit("matmul", [self.arg(a), self.arg(b)], node=node, hint=node.name + "_mm")
        return self.emit("add", [y, self.arg(bias)], node=node)

    def _matmul(self, node, a, b):
        return self.emit("matmul", [self.arg(a), self.arg(b)], node=node)

    op_aten_mm_default = op_aten_bmm_default = op_aten_matmul_default = _matmul

    def op_aten_embedding_default(self, node, w, ids, padding_idx=-1, *rest):
        return self.emit("take", [self.arg(w), self.arg(ids)], node=node)

    def op_aten_layer_norm_default(self, node, x, normalized_shape, w=None, b=None,
                                   eps=1e-5, cudnn_enable=True):
        x = self.arg(x)
        norm = [int(d) for d in normalized_shape]
        def ones(v):
            return self.e.constant(np.full(norm, v, dtype=np.float32).astype(
                {"f32": np.float32, "f16": np.float16, "f64": np.float64}[x.element]))
        gamma = self.arg(w) if w is not None else ones(1)
        beta = self.arg(b) if b is not None else ones(0)
        attrs = {"epsilon": float_attr(eps)}
        if len(norm) > 1:
            attrs["axes"] = i64_array(range(-len(norm), 0))
        return self.emit("layer_norm", [x, gamma, beta], attrs, node=node)

    def _softmax(self, node, x, dim, *rest):
        x = self.astype(self.arg(x), element_of(node.meta["val"].dtype))
        return self.emit("softmax", [x], {"axis": str(dim)}, node=node)

    op_aten_softmax_int = op_aten__softmax_default = _softmax

    def _log_softmax(self, node, x, dim, *rest):
        x = self.astype(self.arg(x), element_of(node.meta["val"].dtype))
        return self.emit("log_softmax", [x], {"axis": str(dim)}, node=node)

    op_aten_log_softmax_int = op_aten__log_softmax_default = _log_softmax

    def op_aten_gelu_default(self, node, x, approximate="none"):
        return self.emit("gelu_tanh" if approximate == "tanh" else "gelu",
                         [self.arg(x)], node=node)

    def op_aten_reciprocal_default(self, node, x):
        x = self.arg(x)
        return self.emit("divide", [self.e.scalar(1.0, x.element), x], node=node)

    def op_aten_where_self(self, node, cond, a, b):
        out = element_of(node.meta["val"].dtype)
        return self.emit("where", [self.operand(self.arg(cond), "i1"),
                                   self.operand(self.arg(a), out),
                                   self.operand(self.arg(b), out)], node=node)

    def op_aten_masked_fill_Scalar(self, node, x, mask, value):
        x = self.arg(x)
        return self.emit("where", [self.arg(mask), self.e.scalar(value, x.element), x],
                         node=node)

    def op_aten_logical_not_default(self, node, x):
        x = self.operand(self.arg(x), "i1")
        return self.emit("equal", [x, self.e.scalar(False, "i1")], node=node)

    op_aten_bitwise_not_default = op_aten_logical_not_default

    def op_aten_bitwise_and_Tensor(self, node, a, b):
        if node.meta["val"].dtype != __import__("torch").bool:
            raise _Unsupported("bitwise and of integers")
        return self.emit("where", [self.operand(self.arg(a), "i1"),
                                   self.operand(self.arg(b), "i1"),
                                   self.e.scalar(False, "i1")], node=node)

    op_aten_logical_and_default = op_aten_bitwise_and_Tensor

    def op_aten_bitwise_or_Tensor(self, node, a, b):
        if node.meta["val"].dtype != __import__("torch").bool:
            raise _Unsupported("bitwise or of integers")
        return self.emit("where", [self.operand(self.arg(a), "i1"),
                                   self.e.scalar(True, "i1"),
                                   self.operand(self.arg(b), "i1")], node=node)

    op_aten_logical_or_default = op_aten_bitwise_or_Tensor

    def op_aten_clamp_default(self, node, x, lo=None, hi=None):
        x = self.arg(x)
        if lo is not None:
            x = self.emit("maximum", [x, self.e.scalar(lo, x.element)], node=node)
        if hi is not None:
            x = self.emit("minimum", [x, self.e.scalar(hi, x.element)], node=node)
        return x

    def op_aten_clamp_min_default(self, node, x, lo):
        return self.op_aten_clamp_default(node, x, lo)

    def op_aten_hardtanh_default(self, node, x, lo=-1.0, hi=1.0):
        # F.relu6 and nn.ReLU6 export as hardtanh(x, 0, 6).
        return self.op_aten_clamp_default(node, x, lo, hi)

    def op_aten__native_batch_norm_legit_no_training_default(
            self, node, x, w, b, mean, var, momentum, eps):
        # Eval-mode batch norm: x * scale + shift per channel (dim 1), where
        # scale = w / sqrt(var + eps) and shift = b - mean * scale, which
        # depend on the weights alone (computed once when they load).
        xv = self.arg(x)
        dims = self._dims(node.args[0])
        channels = dims[1]
        per_channel = [str(channels)] + ["1"] * (len(dims) - 2)
        values = {name: self.arg(v) for name, v in
                  (("w", w), ("b", b), ("mean", mean), ("var", var)) if v is not None}
        std = self.e.op("add", [values["var"], self.e.scalar(eps, xv.element)],
                        hint=node.name + "_var", shape=[channels])
        scale = self.e.op("rsqrt", [std], hint=node.name + "_rstd", shape=[channels])
        if "w" in values:
            scale = self.e.op("multiply", [scale, values["w"]], hint=node.name + "_scale",
                              shape=[channels])
        shift = self.e.op("neg", [self.e.op("multiply", [values["mean"], scale],
                                             hint=node.name + "_ms", shape=[channels])],
                          hint=node.name + "_shift", shape=[channels])
        if "b" in values:
            shift = self.e.op("add", [shift, values["b"]], hint=node.name + "_shift",
                              shape=[channels])
        scale = self.e.op("reshape", [scale], {"shape": shape_attr(per_channel)},
                          hint=node.name + "_scale", shape=per_channel)
        shift = self.e.op("reshape", [shift], {"shape": shape_attr(per_channel)},
                          hint=node.name + "_shift", shape=per_channel)
        y = self.e.op("multiply", [xv, scale], hint=node.name, shape=dims)
        y = self.e.op("add", [y, shift], hint=node.name, shape=dims)
        # The saved mean and inverse std of training; eval graphs read only y.
        return [y, values["mean"], values["var"]]

    def op_aten_native_group_norm_default(self, node, x, w, b, n, c, hw, groups, eps):
        xv = self.arg(x)
        dims = self._dims(node.args[0])
        def fill(v):
            return self.e.constant(np.full([int(c)], v, dtype=np.float32).astype(
                {"f32": np.float32, "f16": np.float16, "f64": np.float64}[xv.element]))
        gamma = self.arg(w) if w is not None else fill(1)
        beta = self.arg(b) if b is not None else fill(0)
        y = self.e.op("group_norm", [xv, gamma, beta],
                      {"num_groups": str(groups), "channel_axis": "1",
                       "epsilon": float_attr(eps)}, hint=node.name, shape=dims)
        return [y, None, None]

    def _pool(self, name, node, x, kernel, stride, padding, dilation=(1, 1)):
        kernel = list(kernel) * (2 // len(kernel))
        stride = list(stride or kernel) * (2 // len(stride or kernel))
        padding = list(padding) * (2 // len(padding)) if padding else [0, 0]
        dilation = list(dilation) * (2 // len(dilation))
        attrs = {"pool_size": i64_array(kernel), "strides": i64_array(stride),
                 "padding": i64_array(padding), "dilation": i64_array(dilation)}
        import torch
        val = node.meta["val"]
        val = val[0] if isinstance(val, (tuple, list)) else val
        shape = [d.node.expr if isinstance(d, torch.SymInt) else int(d) for d in val.shape]
        return self.e.op(name, [self.arg(x)], attrs, hint=node.name, shape=shape)

    def op_aten_max_pool2d_with_indices_default(self, node, x, kernel, stride=(), padding=(0,),
                                                dilation=(1,), ceil_mode=False):
        if ceil_mode:
            raise _Unsupported("max pooling with ceil_mode")
        return [self._pool("max_pool2d", node, x, kernel, stride, padding, dilation), None]

    def op_aten_max_pool2d_default(self, node, x, kernel, stride=(), padding=(0,),
                                   dilation=(1,), ceil_mode=False):
        if ceil_mode:
            raise _Unsupported("max pooling with ceil_mode")
        return self._pool("max_pool2d", node, x, kernel, stride, padding, dilation)

    def op_aten_avg_pool2d_default(self, node, x, kernel, stride=(), padding=(0,),
                                   ceil_mode=False, count_include_pad=True,
                                   divisor_override=None):
        if ceil_mode or divisor_override is not None or any(padding):
            raise _Unsupported("average pooling with padding, ceil_mode or a divisor")
        return self._pool("avg_pool2d", node, x, kernel, stride, padding)

    def op_aten_mean_default(self, node, x, dtype=None):
        return self._reduce("mean", node, x)

    def op_aten_sum_default(self, node, x, dtype=None):
        return self._reduce("sum", node, x)

    def op_aten_topk_default(self, node, x, k, dim=-1, largest=True, sorted=True):
        xv = self.arg(x)
        dims = self._dims(node.args[0])
        if not isinstance(k, int):
            raise _Unsupported("a k that is not a constant")
        if xv.element not in ("f16", "f32", "f64"):
            raise _Unsupported("top-k of a tensor that is not float")
        xv = Value(xv.name, xv.element, [self.sym(d) for d in dims], xv.typed)
        return list(self.e.topk(xv, dim % len(dims), len(dims), k, largest, hint=node.name))

    def op_aten_argmax_default(self, node, x, dim=None, keepdim=False):
        attrs = {"keepdims": "true" if keepdim else "false"}
        if dim is not None:
            attrs["axis"] = str(dim)
        return self.emit("argmax", [self.arg(x)], attrs, node=node)

    def _reduce(self, name, node, x, dims=None, keepdim=False, *rest, **kw):
        x = self.arg(x)
        attrs = {"keepdims": "true" if keepdim else "false"}
        if dims is not None and len(dims):
            attrs["axes"] = i64_array(dims)
        if x.element != element_of(node.meta["val"].dtype):
            x = self.astype(x, element_of(node.meta["val"].dtype))
        return self.emit(name, [x], attrs, node=node)

    def op_aten_mean_dim(self, node, x, dims, keepdim=False, dtype=None):
        return self._reduce("mean", node, x, dims, keepdim)

    def op_aten_sum_dim_IntList(self, node, x, dims, keepdim=False, dtype=None):
        return self._reduce("sum", node, x, dims, keepdim)

    def op_aten_amax_default(self, node, x, dims=(), keepdim=False):
        return self._reduce("max", node, x, dims, keepdim)

    def op_aten_amin_default(self, node, x, dims=(), keepdim=False):
        return self._reduce("min", node, x, dims, keepdim)

    def op_aten_var_correction(self, node, x, dims=None, correction=None, keepdim=False):
        if correction not in (0, None) and correction != 0.0:
            raise _Unsupported("a variance with a correction")
        return self._reduce("variance", node, x, dims, keepdim)

    def _reshape(self, node, x, *rest):
        return self.emit("reshape", [self.arg(x)],
                         {"shape": shape_attr(self.shape_of(node))}, node=node)

    op_aten_view_default = op_aten_reshape_default = op_aten__unsafe_view_default = _reshape

    def op_aten_permute_default(self, node, x, axes):
        x = self.arg(x)
        axes = [a % len(axes) for a in axes]
        if axes == list(range(len(axes))):
            return x
        return self.emit("permute_dims", [x], {"axes": i64_array(axes)}, node=node)

    def op_aten_t_default(self, node, x):
        return self.op_aten_permute_default(node, x, [1, 0])

    def op_aten_transpose_int(self, node, x, d0, d1):
        rank = len(self._dims(node))
        axes = list(range(rank))
        axes[d0 % rank], axes[d1 % rank] = axes[d1 % rank], axes[d0 % rank]
        return self.op_aten_permute_default(node, x, axes)

    def op_aten_unsqueeze_default(self, node, x, dim):
        return self.emit("expand_dims", [self.arg(x)], {"axes": i64_array([dim])}, node=node)

    def _squeeze(self, node, x, dims=None):
        x = self.arg(x)
        in_dims = self._dims(node.args[0])
        if dims is None:
            dims = [i for i, d in enumerate(in_dims) if d == 1]
        elif isinstance(dims, int):
            dims = [dims]
        dims = [d % len(in_dims) for d in dims if in_dims[d] == 1 or not isinstance(in_dims[d], int)]
        if not dims:
            return x
        return self.emit("squeeze", [x], {"axes": i64_array(dims)}, node=node)

    op_aten_squeeze_dim = op_aten_squeeze_dims = op_aten_squeeze_default = _squeeze

    def op_aten_expand_default(self, node, x, sizes, *rest):
        x = self.arg(x)
        out = self._dims(node)
        if out == self._dims(node.args[0]):
            return x
        return self.emit("broadcast_to", [x], {"shape": shape_attr(self.shape_of(node))},
                         node=node)

    def op_aten_slice_Tensor(self, node, x, dim=0, start=None, end=None, step=1):
        import sympy
        xv = self.arg(x)
        dims = self._dims(node.args[0])
        dim = dim % len(dims)
        size = dims[dim]
        start, end = self.arg(start), self.arg(end)
        if start is None:
            start = 0
        if end is None or (isinstance(end, int) and end >= _BIG):
            end = size
        if isinstance(start, int) and start < 0:
            start = size + start
        if isinstance(end, int) and end < 0:
            end = size + end
        if isinstance(end, int) and isinstance(size, int):
            end = min(end, size)
        if isinstance(start, int) and start == 0 and step == 1 and \
                sympy.simplify(sympy.sympify(end) - sympy.sympify(size)) == 0:
            return xv
        return self.emit("strided_slice", [xv], {
            "axes": i64_array([dim]), "begin": shape_attr([self.sym(start)]),
            "end": shape_attr([self.sym(end)]), "strides": i64_array([step])}, node=node)

    def op_aten_select_int(self, node, x, dim, index):
        xv = self.arg(x)
        dims = self._dims(node.args[0])
        dim = dim % len(dims)
        index = self.arg(index)
        if isinstance(index, int) and index < 0:
            index = dims[dim] + index
        s = self.emit("strided_slice", [xv], {
            "axes": i64_array([dim]), "begin": shape_attr([self.sym(index)]),
            "end": shape_attr([self.sym(index + 1)])}, node=node)
        return self.emit("squeeze", [s], {"axes": i64_array([dim])}, node=node)

    def op_aten_cat_default(self, node, tensors, dim=0):
        # Torch skips 1-D empty tensors whatever the rank of the others (the
        # empty cache a transformers DynamicCache starts from).
        tensors = [t for t in tensors if self._dims(t) != [0]] or tensors[:1]
        values = [self.arg(t) for t in tensors]
        out = element_of(node.meta["val"].dtype)
        values = [self.astype(v, out) for v in values]
        if len(values) == 1:
            return values[0]
        return self.emit("concat", values, {"axis": str(dim)}, node=node)

    def op_aten_constant_pad_nd_default(self, node, x, pad, value=0):
        # F.pad in constant mode: widths from the last dim.
        if len(pad) % 2 or not all(isinstance(p, int) for p in pad):
            raise _Unsupported("pad widths that are not constant pairs")
        xv = self.arg(x)
        dims = [self.sym(d) for d in self._dims(node.args[0])]
        widths = [(len(dims) - 1 - k, pad[2 * k], pad[2 * k + 1])
                  for k in range(len(pad) // 2)]
        return self.e.pad(Value(xv.name, xv.element, dims, xv.typed), widths,
                          self.operand(self.arg(value), xv.element), hint=node.name)

    # ----- F.interpolate ----------------------------------------------------

    def _resize(self, node, x, output_size, scale_factors, mode, align_corners=False):
        # torch's nearest reads floor(i / scale); bilinear the half-pixel
        # centers, or the aligned corners.
        xv = self.arg(x)
        dims = [self.sym(d) for d in self._dims(node.args[0])]
        outs = [self.sym(d) for d in self._dims(node)]
        if len(dims) != 4 or xv.element not in ("f32", "f16", "f64"):
            raise _Unsupported("resizing other than the 2-D spatial dims of a float tensor")
        xv = Value(xv.name, xv.element, dims, xv.typed)
        transform = "asymmetric" if mode == "nearest" else \
            "align_corners" if align_corners else "half_pixel"
        for k, axis in enumerate((2, 3)):
            xv = self.e.resize_axis(xv, axis, outs[axis], mode, transform,
                                    scale_factors[k] if scale_factors else None,
                                    hint=f"{node.name}_{axis}")
        return xv

    def op_aten_upsample_nearest2d_vec(self, node, x, output_size, scale_factors=None):
        return self._resize(node, x, output_size, scale_factors, "nearest")

    def op_aten_upsample_bilinear2d_vec(self, node, x, output_size, align_corners,
                                        scale_factors=None):
        return self._resize(node, x, output_size, scale_factors, "linear", align_corners)

    def op_aten_split_with_sizes_default(self, node, x, sizes, dim=0):
        xv = self.arg(x)
        sizes = [self.arg(s) for s in sizes]
        if len(sizes) == 1:
            return [xv]
        indices, acc = [], 0
        for s in sizes[:-1]:
            acc = acc + s
            indices.append(self.sym(acc))
        outs = self.e.op("split", [xv], {"axis": str(dim), "indices": shape_attr(indices)},
                         hint=node.name, results=len(sizes))
        for o, v in zip(outs, node.meta["val"]):
            o.shape = [d for d in v.shape]
        return outs

    def op_aten_split_Tensor(self, node, x, size, dim=0):
        return self.op_aten_split_with_sizes_default(
            node, x, [v.shape[dim] for v in node.meta["val"]], dim)

    def op_aten_unbind_int(self, node, x, dim=0):
        parts = self.op_aten_split_with_sizes_default(
            node, x, [1] * len(node.meta["val"]), dim)
        return [self.e.op("squeeze", [p], {"axes": i64_array([dim])}, hint=node.name)
                for p in parts]

    def _arange(self, node, start, end=None, step=1, **kw):
        if end is None:
            start, end = 0, start
        start, end, step = self.arg(start), self.arg(end), self.arg(step)
        if not isinstance(step, int) or step <= 0:
            raise _Unsupported("a step that is not a positive integer")
        for b in (start, end):
            if isinstance(b, float):
                raise _Unsupported("float bounds")
        element = element_of(node.meta["val"].dtype)
        return self.emit("arange", [], {
            "start": f"#sym.expr<{self.sym(start)}>", "end": f"#sym.expr<{self.sym(end)}>",
            "step": f"#sym.expr<{step}>", "dtype": element}, node=node)

    op_aten_arange_start_step = op_aten_arange_default = op_aten_arange_start = _arange

    def op_aten_full_default(self, node, size, value, **kw):
        element = element_of(node.meta["val"].dtype)
        v = self.operand(self.arg(value), element)
        if not size:
            return v
        return self.emit("full", [v], {"shape": shape_attr(self.shape_of(node))}, node=node)

    def op_aten_full_like_default(self, node, x, value, **kw):
        return self.op_aten_full_default(node, list(node.meta["val"].shape), value)

    def op_aten_scalar_tensor_default(self, node, value, **kw):
        return self.operand(self.arg(value), element_of(node.meta["val"].dtype))

    def _zeros_ones(self, name, node):
        element = element_of(node.meta["val"].dtype)
        return self.emit(name, [], {"shape": shape_attr(self.shape_of(node)),
                                    "dtype": element}, node=node)

    def op_aten_zeros_default(self, node, *a, **kw):
        return self._zeros_ones("zeros", node)

    def op_aten_ones_default(self, node, *a, **kw):
        return self._zeros_ones("ones", node)

    def op_aten_zeros_like_default(self, node, *a, **kw):
        return self._zeros_ones("zeros", node)

    def op_aten_ones_like_default(self, node, *a, **kw):
        return self._zeros_ones("ones", node)

    def _to_copy(self, node, x, *a, **kw):
        return self.astype(self.arg(x), element_of(node.meta["val"].dtype))

    op_aten__to_copy_default = op_aten_to_dtype = _to_copy

    def op_aten_cumsum_default(self, node, x, dim, dtype=None):
        x = self.astype(self.arg(x), element_of(node.meta["val"].dtype))
        return self.emit("cumsum", [x], {"axis": str(dim)}, node=node)

    def _flat_take(self, node, x, x_dims, first, count, lin):
        """Takes along `count` dims of `x` from `first` on, merged into one,
        at the linear indices `lin`."""
        merged = x_dims[:first] + [self._prod(x_dims[first:first + count])] + \
            x_dims[first + count:]
        flat = x
        if count != 1:
            flat = self.emit("reshape", [x], {"shape": shape_attr([self.sym(d) for d in merged])},
                             node=node)
        return self.emit("take", [flat, lin], {"axis": str(first)}, node=node)

    @staticmethod
    def _prod(dims):
        out = 1
        for d in dims:
            out = out * d
        return out

    def _times_size(self, v, size, node):
        if isinstance(size, int) and size == 1:
            return v
        return self.emit("multiply", [v, self.operand(size, v.element)], node=node,
                         element=v.element, shape=None)

    def _constant_array(self, node):
        """The value of `node` when it is a constant tensor of the program
        (through the copies export puts around them), else None."""
        import torch
        copies = (torch.ops.aten.lift_fresh_copy.default, torch.ops.aten.clone.default,
                  torch.ops.aten.detach.default, torch.ops.aten.alias.default)
        while getattr(node, "op", None) == "call_function" and node.target in copies:
            node = node.args[0]
        return self.constant_arrays.get(node)

    def op_aten_index_Tensor(self, node, x, indices):
        xv = self.arg(x)
        x_dims = self._dims(node.args[0])
        indices = list(indices)
        first = 0
        while first < len(indices) and indices[first] is None:
            first += 1
        used = indices[first:]
        if any(i is None for i in used) or not used:
            raise _Unsupported("indices that are not adjacent")
        values = [self.arg(i) for i in used]
        if any(v.element == "i1" for v in values):
            raise _Unsupported("a boolean mask index, whose result has a data-dependent shape")
        # Negative indices count from the end of their dim, as in PyTorch:
        # constant ones into a dim of known size are made positive here; a
        # single index that may still be negative (computed, or into a
        # symbolic dim) is taken modulo its dim.
        maybe_negative, arrays = [], []
        for j, index in enumerate(used):
            array = self._constant_array(index)
            size = x_dims[first + j]
            if array is not None and (array < 0).any() and isinstance(size, int):
                array = np.where(array < 0, array + size, array)
                values[j] = self.e.constant(array, hint=index.name)
            maybe_negative.append(array is None or bool((array < 0).any()))
            arrays.append(array)
        values = [self.astype(v, "i64") for v in values]
        if len(values) == 1 and maybe_negative[0]:
            return self.emit("take", [xv, values[0]], {
                "axis": str(first), "mode": "#relax.index_mode<wrap>"}, node=node)
        # Several indices make one linear index: each is counted from the
        # end where negative and checked against its own dim, since the
        # take's check sees only the linear index.
        spanned = x_dims[first:first + len(values)]
        if len(values) > 1:
            out_of_range = self.emit("neg", [self.operand(self._prod(spanned), "i64")],
                                     node=node, element="i64", shape=[])
        for j, v in enumerate(values if len(values) > 1 else []):
            array, size = arrays[j], spanned[j]
            if array is not None and isinstance(size, int) and (
                    (array >= 0) & (array < size)).all():
                continue
            values[j] = self.e.checked_index(v, self.operand(size, "i64"), out_of_range,
                                             hint=node.name)
        lin = values[0]
        for j, v in enumerate(values[1:], start=1):
            lin = self._times_size(lin, x_dims[first + j], node)
            lin = self.emit("add", [lin, v], node=node, element="i64", shape=None)
        return self._flat_take(node, xv, x_dims, first, len(values), lin)

    def op_aten_gather_default(self, node, x, dim, index, sparse_grad=False):
        xv = self.arg(x)
        x_dims = self._dims(node.args[0])
        idx_dims = self._dims(node.args[2])
        rank = len(x_dims)
        dim = dim % rank
        lin = None
        for d in range(rank):
            if d == dim:
                coord = self.astype(self.arg(index), "i64")
            else:
                coord = self.emit("arange", [], {
                    "start": "#sym.expr<0>", "end": f"#sym.expr<{self.sym(idx_dims[d])}>",
                    "step": "#sym.expr<1>", "dtype": "i64"}, node=node, element="i64",
                    shape=None)
                shape = [1] * rank
                shape[d] = self.sym(idx_dims[d])
                coord = self.emit("reshape", [coord], {"shape": shape_attr(shape)},
                                  node=node, element="i64", shape=None)
            stride = self._prod(x_dims[d + 1:])
            term = self._times_size(coord, stride, node)
            lin = term if lin is None else self.emit("add", [lin, term], node=node,
                                                     element="i64", shape=None)
        flat = self.emit("reshape", [xv], {"shape": "#sym.shape<[?]>"}, node=node)
        return self.emit("take", [flat, lin], node=node)

    def op_aten_convolution_default(self, node, x, w, b, stride, padding, dilation,
                                    transposed, output_padding, groups):
        if transposed:
            raise _Unsupported("a transposed convolution")
        rank = len(self._dims(node))
        if rank not in (3, 4):
            raise _Unsupported(f"a convolution of rank {rank}")
        y = self.emit("conv1d" if rank == 3 else "conv2d", [self.arg(x), self.arg(w)], {
            "strides": i64_array(stride), "padding": i64_array(padding),
            "dilation": i64_array(dilation), "groups": str(groups)}, node=node)
        if b is not None:
            bias = self.arg(b)
            channels = self._dims(node.args[2])[0]
            bias = self.emit("reshape", [bias], {"shape": shape_attr(
                [str(channels)] + ["1"] * (rank - 2))}, node=node)
            y = self.emit("add", [y, bias], node=node)
        return y

    def op_aten_scaled_dot_product_attention_default(
            self, node, q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False,
            scale=None, enable_gqa=False):
        qv, kv, vv = self.arg(q), self.arg(k), self.arg(v)
        q_dims = self._dims(node.args[0])
        if len(q_dims) != 4:
            raise _Unsupported("attention on tensors of rank other than 4")
        swap = {"axes": i64_array([0, 2, 1, 3])}
        # relax.attention takes [batch, seq, heads, dim] and a mask that
        # broadcasts to [batch, heads, seq, kv_seq], PyTorch's mask layout.
        attrs = {"causal": "true" if is_causal else "false"}
        if scale is not None:
            attrs["scale"] = float_attr(scale)
        operands = [self.emit("permute_dims", [t], swap, node=node)
                    for t in (qv, kv, vv)]
        if attn_mask is not None:
            mask = self.arg(attn_mask)
            if mask.element != "i1" and mask.element != qv.element:
                mask = self.emit("astype", [mask], {"dtype": qv.element},
                                 node=node)
            operands.append(mask)
        o = self.emit("attention", operands, attrs, node=node)
        return self.emit("permute_dims", [o], swap, node=node)


def import_program(ep, *, names=None, weights_as_constants=False, decompose=True,
                   source=None):
    """Translates `ep` (a torch.export.ExportedProgram). Returns (module text,
    weights): weights maps each parameter's `relax.param_name` to its numpy
    array (empty with `weights_as_constants`)."""
    names = dict(names or {})
    names.update(dim_names(ep))
    traces = {n.name: n.meta.get("stack_trace") for n in ep.graph.nodes
              if n.meta.get("stack_trace")}
    if decompose:
        # A graph whose ops do not take their arguments (a program edited or
        # damaged after export) fails here, inside torch.
        try:
            with _torch_logs():
                ep = ep.run_decompositions(default_decompositions())
        except Exception as error:  # noqa: BLE001 - any failure of torch's
            raise ImportError_("the program does not run torch's "
                               f"decompositions: {_first_line(error)}") from None
    importer = TorchImporter(ep, names, weights_as_constants, traces)
    outputs = importer.run()
    comment = f"Imported from {source} by relax-import." if source else None
    return importer.e.module(outputs, comment=comment), importer.weights
