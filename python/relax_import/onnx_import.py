"""Imports an ONNX model (opset 17 and later) as relax IR.

Graph inputs become the parameters of `@main`, then initializers (the
weights, named after the initializer, or constants). A dynamic dim must have
a name (`dim_param`): each name becomes a `sym` variable; an input with an
unnamed dynamic dim is an error that names it. Nodes are translated one by
one; the op types relax-import has no translation for are listed at once,
with their node names.

Shape subgraphs, as exporters write them (`Shape`, then `Gather`,
`Unsqueeze`, `Concat`, `Div`, ... to compute the target of a `Reshape`),
are folded at import: `Shape` gives no tensor but a shape value, one
`#sym.expr` per element (a constant such as `4` or a symbolic dim such as
`batch`, as ONNX shape inference, run with data propagation, or the
importer knows the dims). `Gather` (by a constant index), `Unsqueeze` and
`Squeeze` (0-d <-> 1-D), `Concat`, `Slice` (constant bounds), `Cast` (to
i64 or i32) and integer `Add`/`Sub`/`Mul`/`Div` (floor, which is ONNX's
division towards zero on dims) on shape values and integer constants give
shape values again, written as symbolic expressions; `Equal` and `Where`
fold too where the answer is known at import (the `Where(Equal(t, -1),
ones, t)` an exported `expand` writes). `Reshape` (0 copies a dim, -1 is
`?`), `Expand` (`relax.broadcast_to`), `ConstantOfShape` (`relax.full`),
`Range` (`relax.arange`) and `Slice` of a tensor (`relax.strided_slice`)
take them as symbolic shapes. Any other op that reaches a shape value gets
it as an i64 (or i32) tensor, made of constants and one-element
`relax.arange`s of its symbolic dims; a shape with a dim the importer
cannot name (the length of a `Range` to a symbolic end, say) is an error
that names the node. The constants only folded shape computations read are
left out of the module.
"""

import numpy as np

from .emitter import (Emitter, ImportError_, Value, float_attr, fresh_sym_var, i64_array,
                      shape_attr)

_ELEMENTS = {1: "f32", 10: "f16", 11: "f64", 7: "i64", 6: "i32", 5: "i16", 3: "i8",
             9: "i1"}

_UNARY = {"Relu": "relu", "Sigmoid": "sigmoid", "Tanh": "tanh", "Exp": "exp",
          "Log": "log", "Sqrt": "sqrt", "Neg": "neg", "Erf": "erf", "Abs": "abs",
          "Cos": "cos", "Sin": "sin"}
_BINARY = {"Add": "add", "Sub": "subtract", "Mul": "multiply", "Div": "divide",
           "Pow": "power", "Max": "maximum", "Min": "minimum", "Equal": "equal",
           "Less": "less", "Greater": "greater", "LessOrEqual": "less_equal",
           "GreaterOrEqual": "greater_equal"}
# Ops whose result has the shape of their first operand.
_SAME_SHAPE = {"Softmax", "Gelu", "LayerNormalization", "Cast", "Not", "Reciprocal",
               "Clip", "BatchNormalization", "InstanceNormalization", "LeakyRelu",
               "HardSigmoid", "HardSwish", "Softplus", "CumSum"}
_COMPARISONS = {"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual"}


# The ONNX element type of each numpy type relax has.
_NUMPY_ELEMENTS = {np.float32: 1, np.float16: 10, np.float64: 11, np.int64: 7,
                   np.int32: 6, np.int16: 5, np.int8: 3, np.bool_: 9}


class _Unsupported(Exception):
    pass


def _first_line(error):
    """The first line of an exception's message (ONNX's carry a C++ trace)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class ShapeValue:
    """A shape computed at import time (`Shape` and the integer arithmetic
    on its result): one `#sym.expr` string per element, or None where the
    importer does not know the dim. `scalar` marks a 0-d value (one
    element). `element` is the integer type its tensor has."""

    def __init__(self, dims, scalar=False, element="i64"):
        self.dims = list(dims)
        self.scalar = scalar
        self.element = element  # the integer type of its tensor
        self.tensor = None  # the relax tensor made of it, once one is

    def __repr__(self):
        return f"ShapeValue({self.dims}{', scalar' if self.scalar else ''})"


def _number(text):
    """The integer a dim string is, or None if it is symbolic."""
    if text is None:
        return None
    body = text[1:] if text.startswith("-") else text
    return int(text) if body.isdigit() else None


def _paren(text):
    """`text` as an operand of `*`, `floordiv` or `mod`: parenthesized
    unless it is a number or a variable's name (all three bind alike and
    group from the left)."""
    atomic = text.lstrip("-").isdigit() or text.isidentifier()
    return text if atomic else f"({text})"


def _sym_add(a, b):
    x, y = _number(a), _number(b)
    if x is not None and y is not None:
        return str(x + y)
    if x == 0:
        return b
    if y == 0:
        return a
    if y is not None and y < 0:
        return f"{a} - {-y}"
    return f"{a} + {b}"


def _sym_sub(a, b):
    x, y = _number(a), _number(b)
    if x is not None and y is not None:
        return str(x - y)
    if y == 0:
        return a
    if y is not None and y < 0:
        return f"{a} + {-y}"
    if a == b:
        return "0"
    return f"{a} - {b if b.isidentifier() or y is not None else '(' + b + ')'}"


def _sym_mul(a, b):
    x, y = _number(a), _number(b)
    if x is not None and y is not None:
        return str(x * y)
    if x == 1:
        return b
    if y == 1:
        return a
    if x == 0 or y == 0:
        return "0"
    return f"{_paren(a)} * {_paren(b)}"


def _sym_floordiv(a, b):
    x, y = _number(a), _number(b)
    if y == 0:
        raise _Unsupported("an integer division by zero in a shape computation")
    if x is not None and y is not None:
        # ONNX divides integers towards zero (the same as floor on dims).
        return str(abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1))
    if y == 1:
        return a
    if (x is not None and x < 0) or (y is not None and y < 0):
        # Towards zero and floor differ on a negative operand.
        raise _Unsupported("a shape division with a negative operand")
    return f"{_paren(a)} floordiv {_paren(b)}"


_SHAPE_ARITHMETIC = {"Add": _sym_add, "Sub": _sym_sub, "Mul": _sym_mul,
                     "Div": _sym_floordiv}


def _product(dims):
    """The symbolic product of `dims` (strings), constants folded."""
    constant, rest = 1, []
    for d in dims:
        n = _number(d)
        if n is None:
            rest.append(d)
        else:
            constant *= n
    if constant == 0 or not rest:
        return str(constant)
    return " * ".join(([str(constant)] if constant != 1 else []) + [_paren(d) for d in rest])


def _quotient(dims, divisor):
    """`product(dims) / product(divisor)` (the dim a -1 of Reshape stands
    for) where every dim is a number or a variable and the variables of
    `divisor` cancel against those of `dims`; None otherwise."""
    if not dims or any(d is None or not (_number(d) is not None or d.isidentifier())
                       for d in list(dims) + list(divisor)):
        return None
    names = [d for d in dims if _number(d) is None]
    numerator = 1
    for d in dims:
        numerator *= _number(d) if _number(d) is not None else 1
    denominator = 1
    for d in divisor:
        n = _number(d)
        if n is None:
            if d not in names:
                return None
            names.remove(d)
        else:
            denominator *= n
    if denominator <= 0 or numerator % denominator:
        return None
    return _product([str(numerator // denominator)] + names)


def _broadcast(shapes):
    """The numpy broadcast of `shapes` (lists of dim strings), None for a
    dim that is not known (or a shape of unknown rank: None)."""
    if any(d is None for d in shapes):
        return None
    rank = max((len(d) for d in shapes), default=0)
    out = []
    for i in range(rank):
        column = {d[i - rank + len(d)] for d in shapes if i - rank + len(d) >= 0}
        column.discard("1")
        out.append(column.pop() if len(column) == 1 and None not in column else
                   "1" if not column else None)
    return out


class OnnxImporter:
    def __init__(self, model, weights_as_constants=False):
        import onnx
        import onnx.numpy_helper
        self.onnx = onnx
        self.model = _with_inferred_shapes(model)
        self.graph = self.model.graph
        self.constants = weights_as_constants
        self.e = Emitter()
        self.env = {}
        self.arrays = {}  # names of constant tensors -> numpy arrays
        self.weights = {}
        for init in self.graph.initializer:
            try:
                array = onnx.numpy_helper.to_array(init)
            except Exception as error:  # noqa: BLE001 - data that is not its shape
                raise ImportError_(f"initializer '{init.name}' is invalid: "
                                   f"{_first_line(error)}") from None
            if array.dtype.type not in _NUMPY_ELEMENTS:
                raise ImportError_(f"initializer '{init.name}' has element type "
                                   f"{array.dtype}, which relax lacks")
            self.arrays[init.name] = array
        # Each dim name is one variable, named apart from every other (and
        # from the expression syntax's keywords), the inputs' first.
        self.var_names, used = {}, set()
        for info in list(self.graph.input) + list(self.graph.value_info) + \
                list(self.graph.output):
            for d in info.type.tensor_type.shape.dim:
                if d.dim_param and d.dim_param not in self.var_names:
                    self.var_names[d.dim_param] = fresh_sym_var(d.dim_param, used)
        # The dims shape inference gives each value, where it knows them: a
        # named dim is kept only if it is an input's (a variable of @main).
        variables = {self._var(d.dim_param) for i in self.graph.input
                     for d in i.type.tensor_type.shape.dim if d.dim_param}
        self.dims = {}
        for info in list(self.graph.value_info) + list(self.graph.input):
            if not info.type.tensor_type.HasField("shape"):
                continue
            dims = []
            for d in info.type.tensor_type.shape.dim:
                if d.HasField("dim_value"):
                    dims.append(str(d.dim_value))
                elif d.dim_param and self._var(d.dim_param) in variables:
                    dims.append(self._var(d.dim_param))
                else:
                    dims.append(None)
            self.dims[info.name] = dims

    def _var(self, dim_param):
        """The variable of a dim name (shape inference may name dims
        that no input, value or output declared)."""
        if dim_param not in self.var_names:
            self.var_names[dim_param] = fresh_sym_var(dim_param,
                                                      set(self.var_names.values()))
        return self.var_names[dim_param]

    def run(self):
        errors = []
        variables = []
        initializers = set(self.arrays)
        for inp in self.graph.input:
            if inp.name in initializers:
                continue
            t = inp.type.tensor_type
            element = _ELEMENTS.get(t.elem_type)
            if element is None:
                errors.append(f"input '{inp.name}' has an element type relax lacks")
                continue
            dims = []
            for i, d in enumerate(t.shape.dim):
                if d.HasField("dim_value"):
                    dims.append(str(d.dim_value))
                elif d.HasField("dim_param") and d.dim_param:
                    name = self._var(d.dim_param)
                    dims.append(name)
                    if name not in variables:
                        variables.append(name)
                else:
                    errors.append(f"input '{inp.name}' dim {i} is dynamic without a name: "
                                  "give it a dim_param so that it becomes a symbolic variable")
            self.env[inp.name] = self.e.param(inp.name, dims, element)
        if errors:
            raise ImportError_("cannot import the model:\n  " + "\n  ".join(errors))
        self.e.constraints = [f"#sym.range<{v} in [1, ?]>" for v in variables]
        for name, array in self.arrays.items():
            if self.constants:
                self.env[name] = self.e.constant(array, hint=name)
            else:
                self.env[name] = self.e.param(name, [str(d) for d in array.shape],
                                              _ELEMENTS[self._onnx_dtype(array)],
                                              param_name=name)
                self.weights[name] = array
        unsupported = []
        for node in self.graph.node:
            # A node on the result of one that failed reports nothing.
            if any(i and i not in self.env for i in node.input):
                continue
            handler = getattr(self, "op_" + node.op_type, None)
            if node.op_type in _UNARY or node.op_type in _BINARY:
                handler = self.elementwise
            label = f"{node.op_type} (node '{node.name or node.output[0]}')"
            if handler is None:
                unsupported.append(f"{label}: no relax translation")
                continue
            try:
                attrs = self._attrs(node)
                outs = handler(node, attrs)
                outs = outs if isinstance(outs, list) else [outs]
                if (len(outs) == 1 and isinstance(outs[0], Value) and outs[0].shape is None
                        and outs[0] is not self.env.get(node.input[0] if node.input else "")):
                    outs[0].shape = self._result_dims(node, attrs)
            except _Unsupported as error:
                unsupported.append(f"{label}: {error}")
                continue
            except ImportError_ as error:
                unsupported.append(f"{label}: {error}")
                continue
            except (KeyError, IndexError, ValueError, TypeError, AttributeError,
                    ZeroDivisionError) as error:
                # A node the translation cannot read (an input or attribute
                # missing or of another kind than the op takes): the model is
                # invalid there.
                unsupported.append(f"{label}: invalid node ({type(error).__name__}: "
                                   f"{_first_line(error)})")
                continue
            for name, value in zip(node.output, outs):
                self.env[name] = value
        if unsupported:
            raise ImportError_(
                f"cannot import the model: {len(unsupported)} unsupported "
                f"op{'s' if len(unsupported) > 1 else ''}:\n  " + "\n  ".join(unsupported))
        outputs = []
        for o in self.graph.output:
            value = self.env.get(o.name)
            if value is None:
                raise ImportError_(f"cannot import the model: output '{o.name}' is not "
                                   "an input, an initializer or a node's output")
            if isinstance(value, ShapeValue):
                try:
                    value = self._tensor(value)
                except _Unsupported as error:
                    raise ImportError_(f"cannot import the model: output '{o.name}': "
                                       f"{error}") from None
            outputs.append(value)
        self._drop_unused_constants(outputs)
        return outputs

    def _drop_unused_constants(self, outputs):
        """Removes the constants nothing reads (those of shape computations
        folded at import)."""
        import re
        defines = re.compile(r"^    %(\w+) = relax\.constant ")
        used = {o.name for o in outputs}
        for line in self.e.lines:
            if not defines.match(line):
                used.update(re.findall(r"%(\w+)", line))
        self.e.lines = [line for line in self.e.lines
                        if not defines.match(line) or defines.match(line).group(1) in used]

    @staticmethod
    def _onnx_dtype(array):
        return _NUMPY_ELEMENTS[array.dtype.type]

    def _attrs(self, node):
        return {a.name: self.onnx.helper.get_attribute_value(a) for a in node.attribute}

    def _in(self, node, i):
        """Input `i` as a tensor (a shape value becomes one)."""
        if i >= len(node.input) or not node.input[i]:
            return None
        value = self.env[node.input[i]]
        if isinstance(value, ShapeValue):
            value = self._tensor(value, f"input {i}")
        return value

    def _const(self, node, i):
        """The value of input `i`, which must be a constant."""
        name = node.input[i] if i < len(node.input) else ""
        if name not in self.arrays:
            raise _Unsupported(f"input {i} must be a constant")
        return self.arrays[name]

    def _op(self, name, operands, attrs=None, node=None, **kw):
        return self.e.op(name, operands, attrs, hint=node.output[0] if node else "t", **kw)

    # ----- shapes computed at import --------------------------------------

    def _dims_of(self, name):
        """The dims of value `name` as far as the importer knows them (a
        list with None for an unknown dim), or None if its rank is unknown."""
        value = self.env.get(name)
        if isinstance(value, ShapeValue):
            return [] if value.scalar else [str(len(value.dims))]
        inferred = self.dims.get(name)
        mine = None
        if isinstance(value, Value) and value.shape is not None:
            mine = [None if d is None else str(d) for d in value.shape]
        if mine is None:
            return inferred
        if inferred is None or len(inferred) != len(mine):
            return mine
        return [m if m is not None else i for m, i in zip(mine, inferred)]

    def _result_dims(self, node, attrs):
        """The dims of the result of `node` where the importer can tell
        them (for a later Shape), else None."""
        if node.op_type in _SAME_SHAPE or node.op_type in _UNARY:
            return self._dims_of(node.input[0])
        if node.op_type == "Transpose":
            dims = self._dims_of(node.input[0])
            if dims is None:
                return None
            perm = attrs.get("perm") or list(range(len(dims)))[::-1]
            return [dims[p] for p in perm]
        if node.op_type == "Gather":
            data, indices = self._dims_of(node.input[0]), self._dims_of(node.input[1])
            if data is None or indices is None:
                return None
            axis = attrs.get("axis", 0)
            axis = axis + len(data) if axis < 0 else axis
            return data[:axis] + indices + data[axis + 1:]
        if node.op_type in ("MatMul", "Gemm"):
            a, b = self._dims_of(node.input[0]), self._dims_of(node.input[1])
            if a is None or b is None or len(a) < 2 or len(b) < 2:
                return None
            if node.op_type == "Gemm":
                a = a[::-1] if attrs.get("transA") else a
                b = b[::-1] if attrs.get("transB") else b
                return [a[0], b[1]]
            batch = _broadcast([a[:-2], b[:-2]])
            return None if batch is None else batch + [a[-2], b[-1]]
        if node.op_type in _BINARY or node.op_type in ("Where", "And", "Or", "Xor"):
            return _broadcast([self._dims_of(n) for n in node.input])
        if node.op_type == "Concat":
            parts = [self._dims_of(n) for n in node.input]
            if any(p is None or len(p) != len(parts[0]) for p in parts) or not parts[0]:
                return None
            axis = attrs.get("axis", 0) % len(parts[0])
            out = []
            for i, dims in enumerate(zip(*parts)):
                if i == axis:
                    total = "0"
                    for d in dims:
                        total = None if d is None or total is None else _sym_add(total, d)
                    out.append(total)
                else:
                    out.append(next((d for d in dims if d is not None), None))
            return out
        if node.op_type in ("Unsqueeze", "Squeeze"):
            dims, axes = self._dims_of(node.input[0]), self._axes(node, attrs)
            if dims is None or (axes is None and node.op_type == "Unsqueeze"):
                return None
            if node.op_type == "Squeeze":
                rank = len(dims)
                gone = {a % rank for a in axes} if axes else {
                    i for i, d in enumerate(dims) if d == "1"}
                if axes is None and None in dims:
                    return None
                return [d for i, d in enumerate(dims) if i not in gone]
            rank = len(dims) + len(axes)
            rest = iter(dims)
            put = {a % rank for a in axes}
            if len(put) != len(axes):
                return None   # repeated axes: the op itself rejects them
            return ["1" if i in put else next(rest) for i in range(rank)]
        if node.op_type in ("Conv", "MaxPool", "AveragePool"):
            return self._window_dims(node, attrs)
        if node.op_type in ("GlobalAveragePool", "GlobalMaxPool"):
            dims = self._dims_of(node.input[0])
            return None if dims is None else dims[:2] + ["1"] * (len(dims) - 2)
        return None

    def _window_dims(self, node, attrs):
        """The dims of a convolution's or pooling's result: each spatial dim
        `(in + pads - dilation * (window - 1) - 1) floordiv stride + 1`."""
        dims = self._dims_of(node.input[0])
        if dims is None:
            return None
        if node.op_type == "Conv":
            weight = self._dims_of(node.input[1])
            if weight is None or len(weight) != len(dims):
                return None
            channels, window = weight[0], weight[2:]
        else:
            channels, window = dims[1], [str(k) for k in attrs.get("kernel_shape", [])]
        spatial = len(dims) - 2
        if len(window) != spatial or any(_number(k) is None for k in window):
            return None
        pads = list(attrs.get("pads", [0] * 2 * spatial))
        strides = list(attrs.get("strides", [1] * spatial))
        dilations = list(attrs.get("dilations", [1] * spatial))
        out = []
        for i, size in enumerate(dims[2:]):
            if size is None:
                return None
            reach = pads[i] + pads[spatial + i] - dilations[i] * (int(window[i]) - 1)
            if strides[i] == 1:
                out.append(_sym_add(size, str(reach)))
            elif _number(size) is not None:
                out.append(str((int(size) + reach - 1) // strides[i] + 1))
            else:
                out.append(f"({_sym_add(size, str(reach - 1))}) floordiv {strides[i]} + 1")
        return dims[:1] + [channels] + out

    def _int_constant(self, name):
        """The integer constant `name` is, or None."""
        array = self.arrays.get(name)
        if array is None or array.dtype.kind not in "iu":
            return None
        return array

    def _shape(self, node, i):
        """Input `i` as a ShapeValue: a computed shape, or an integer
        constant of rank 0 or 1. None otherwise."""
        name = node.input[i] if i < len(node.input) else ""
        value = self.env.get(name)
        if isinstance(value, ShapeValue):
            return value
        array = self._int_constant(name)
        if array is not None and array.ndim <= 1 and array.dtype in (np.int64, np.int32):
            return ShapeValue([str(int(v)) for v in array.reshape(-1)], scalar=array.ndim == 0,
                              element=_ELEMENTS[self._onnx_dtype(array)])
        return None

    def _tensor(self, shape, what="a value"):
        """The i64 tensor holding a ShapeValue: constants as they are, each
        symbolic dim as a one-element `relax.arange`, concatenated."""
        if shape.tensor is not None:
            return shape.tensor
        for i, d in enumerate(shape.dims):
            if d is None:
                raise _Unsupported(f"{what} is a shape whose dim {i} relax-import "
                                   "cannot name, so it cannot become a tensor")
        if all(_number(d) is not None for d in shape.dims):
            dtype = np.int32 if shape.element == "i32" else np.int64
            array = np.array([int(d) for d in shape.dims], dtype)
            shape.tensor = self.e.constant(array.reshape(()) if shape.scalar else array,
                                           hint="shape")
            return shape.tensor
        pieces, run = [], []
        for d in shape.dims + [None]:
            if d is not None and _number(d) is not None:
                run.append(int(d))
                continue
            if run:
                pieces.append(self.e.constant(np.array(run, np.int64), hint="shape"))
                run = []
            if d is not None:
                pieces.append(self.e.op("arange", [], {
                    "start": f"#sym.expr<{d}>", "end": f"#sym.expr<{_sym_add(d, '1')}>",
                    "step": "#sym.expr<1>", "dtype": "i64"},
                    hint="dim", element="i64", shape=["1"]))
        value = pieces[0]
        if len(pieces) > 1:
            value = self.e.op("concat", pieces, {"axis": "0"}, hint="shape",
                              shape=[str(len(shape.dims))])
        if shape.scalar:
            value = self.e.op("reshape", [value], {"shape": shape_attr([])}, hint="shape",
                              shape=[])
        if shape.element != "i64":
            value = self.e.op("astype", [value], {"dtype": shape.element}, hint="shape",
                              element=shape.element, shape=value.shape)
        shape.tensor = value
        return value

    def _fold_arithmetic(self, node):
        """Add/Sub/Mul/Div on computed shapes as symbolic dims, or None
        where that cannot be done (the op then runs on tensors)."""
        if not self._shape_operands(node):
            return None
        a, b = self._shape(node, 0), self._shape(node, 1)
        if len(a.dims) != len(b.dims):
            if len(a.dims) == 1:
                a = ShapeValue(a.dims * len(b.dims), a.scalar, a.element)
            elif len(b.dims) == 1:
                b = ShapeValue(b.dims * len(a.dims), b.scalar, b.element)
            else:
                return None
        function = _SHAPE_ARITHMETIC[node.op_type]
        try:
            dims = [None if x is None or y is None else function(x, y)
                    for x, y in zip(a.dims, b.dims)]
        except _Unsupported:
            return None
        return ShapeValue(dims, scalar=a.scalar and b.scalar, element=a.element)

    def _shape_operands(self, node):
        """Whether the two operands of `node` are shapes (computed, or
        integer constants of rank 0 or 1, at least one of them computed or
        both small) that can be folded at import."""
        if len(node.input) != 2:
            return False
        a, b = self._shape(node, 0), self._shape(node, 1)
        if a is None or b is None or a.element != b.element:
            return False
        return (any(isinstance(self.env.get(n), ShapeValue) for n in node.input)
                or len(a.dims) + len(b.dims) <= 16)

    def _fold_equal(self, node):
        """Equal on a computed shape, where the answer is known at import
        (equal numbers or names; a dim is never negative): a bool array."""
        if not self._shape_operands(node):
            return None
        a, b = self._shape(node, 0), self._shape(node, 1)
        n = max(len(a.dims), len(b.dims))
        if len(a.dims) not in (1, n) or len(b.dims) not in (1, n):
            return None
        flags = []
        for x, y in zip(a.dims * (n // len(a.dims)), b.dims * (n // len(b.dims))):
            if x is None or y is None:
                return None
            if x == y:
                flags.append(True)
            elif _number(x) is not None and _number(y) is not None:
                flags.append(False)
            elif min(_number(x) or 0, _number(y) or 0) < 0 and all(
                    _number(d) is not None or "-" not in d for d in (x, y)):
                # A sum or product of dims against a negative number.
                flags.append(False)
            else:
                return None
        flags = np.array(flags, np.bool_)
        return flags.reshape(()) if a.scalar and b.scalar else flags

    def op_Shape(self, node, attrs):
        dims = self._dims_of(node.input[0])
        if dims is None:
            raise _Unsupported("the shape of a value of unknown rank")
        start, end = attrs.get("start", 0), attrs.get("end")
        return ShapeValue(dims[start:end])

    def op_Slice(self, node, attrs):
        x = self.env[node.input[0]]
        if not isinstance(x, ShapeValue) or x.scalar:
            return self._slice_tensor(node)
        bounds = []
        for i in range(1, 5):
            if i < len(node.input) and node.input[i]:
                array = self._int_constant(node.input[i])
                if array is None:
                    raise _Unsupported(f"input {i} must be an integer constant")
                bounds.append([int(v) for v in array.reshape(-1)])
            else:
                bounds.append(None)
        starts, ends, axes, steps = bounds
        if axes not in (None, [0], [-1]) or len(starts) != 1 or len(ends) != 1:
            raise _Unsupported("a Slice of a shape along an axis other than 0")
        step = steps[0] if steps else 1
        if step == 0:
            raise _Unsupported("a Slice with step 0")
        return ShapeValue(x.dims[starts[0]:ends[0]:step], element=x.element)

    def _slice_tensor(self, node):
        """Slice of a tensor -> relax.strided_slice, with bounds that are
        constants or computed shapes (normalized against the input's dims)."""
        x = self._in(node, 0)
        dims = self._dims_of(node.input[0])
        if dims is None:
            raise _Unsupported("an input of unknown rank")
        bounds = []
        for i in range(1, 5):
            if i >= len(node.input) or not node.input[i]:
                bounds.append(None)
                continue
            shape = self._shape(node, i)
            if shape is None or None in shape.dims:
                raise _Unsupported(f"input {i} must be a constant or computed from "
                                   "input shapes")
            bounds.append(shape.dims)
        starts, ends, axes, steps = bounds
        if axes and any(_number(a) is None for a in axes):
            raise _Unsupported("input 3 (the axes) must be constant")
        axes = [int(a) for a in axes] if axes else list(range(len(starts)))
        axes = [a + len(dims) if a < 0 else a for a in axes]
        steps = steps or ["1"] * len(starts)
        if not (len(starts) == len(ends) == len(axes) == len(steps)) or not all(
                0 <= a < len(dims) for a in axes):
            raise _Unsupported("bounds, axes and steps that do not match the input")
        begin, end, strides, out = [], [], [], list(dims)
        for k, axis in enumerate(axes):
            dim, step = dims[axis], _number(steps[k])
            if step is None or step <= 0:
                raise _Unsupported("a step that is not a positive constant")
            bound = []
            for value in (starts[k], ends[k]):
                n = _number(value)
                if n is not None and (n < 0 or n >= 2 ** 31):
                    if dim is None:
                        raise _Unsupported(f"a bound from the end of dim {axis}, "
                                           "which is not known at import")
                    n_dim = _number(dim)
                    if n >= 2 ** 31:
                        value = dim
                    elif n_dim is not None:
                        value = str(max(0, n_dim + n))
                    else:
                        value = _sym_add(dim, str(n))
                elif n is not None and _number(dim) is not None:
                    value = str(min(n, _number(dim)))
                bound.append(value)
            begin.append(bound[0])
            end.append(bound[1])
            strides.append(step)
            if _number(bound[0]) is not None and _number(bound[1]) is not None:
                out[axis] = str(max(0, (_number(bound[1]) - _number(bound[0]) + step - 1)
                                    // step))
            elif bound[1] == dim and bound[0] == "0" and step == 1:
                out[axis] = dim
            elif step == 1 and bound[1] != dim:
                # A symbolic end is taken to be within the dim (as exporters
                # write `x[:, :n]`); relax's own inference says min(end, dim).
                out[axis] = _sym_sub(bound[1], bound[0])
            else:
                out[axis] = None
        attrs = {"axes": i64_array(axes), "begin": shape_attr(begin), "end": shape_attr(end)}
        if any(st != 1 for st in strides):
            attrs["strides"] = i64_array(strides)
        return self._op("strided_slice", [x], attrs, node=node,
                        shape=None if None in out else out)

    def _target(self, node, i):
        """Input `i` as a list of dim strings, all known."""
        target = self._shape(node, i)
        if target is None or target.scalar:
            raise _Unsupported(f"input {i} (the shape) must be a 1-D constant or "
                               "computed from input shapes")
        for k, d in enumerate(target.dims):
            if d is None:
                raise _Unsupported(f"dim {k} of the target shape is not known at import")
            if _number(d) is not None and _number(d) < 0:
                raise _Unsupported(f"dim {k} of the target shape is negative ({d})")
        return target.dims

    def op_Expand(self, node, attrs):
        x = self._in(node, 0)
        target = self._target(node, 1)
        dims = self._dims_of(node.input[0])
        if dims is None:
            raise _Unsupported("an input of unknown rank")
        rank = max(len(dims), len(target))
        dims = ["1"] * (rank - len(dims)) + dims
        target = ["1"] * (rank - len(target)) + target
        out = []
        for i, (d, t) in enumerate(zip(dims, target)):
            # numpy broadcasting: a 1 takes the other dim; otherwise the
            # two are equal and the input's is kept.
            if d is None:
                raise _Unsupported(f"dim {i} of the input is not known at import")
            out.append(d if _number(t) == 1 or _number(d) != 1 else t)
        return self._op("broadcast_to", [x], {"shape": shape_attr(out)}, node=node, shape=out)

    def op_ConstantOfShape(self, node, attrs):
        target = self._target(node, 0)
        if "value" in attrs:
            value = self.onnx.numpy_helper.to_array(attrs["value"]).reshape(())
        else:
            value = np.array(0, np.float32)
        if all(_number(d) is not None for d in target) and np.prod(
                [int(d) for d in target]) <= 64:
            # A small constant (the ones of an Expand pattern, say) stays
            # one, for the shape computations that take it.
            array = np.full([int(d) for d in target], value, value.dtype)
            self.arrays[node.output[0]] = array
            return self.e.constant(array, hint=node.output[0])
        scalar = self.e.constant(value, hint="fill")
        return self._op("full", [scalar], {"shape": shape_attr(target)}, node=node,
                        shape=target)

    def op_Range(self, node, attrs):
        bounds, element = [], None
        for i in range(3):
            name = node.input[i]
            shape = self._shape(node, i)
            if shape is not None and len(shape.dims) == 1 and shape.dims[0] is not None:
                bounds.append(shape.dims[0])
                element = shape.element
                continue
            array = self.arrays.get(name)
            item = array.reshape(()).item() if array is not None and array.size == 1 else None
            if item is not None and float(item) == int(item):
                bounds.append(str(int(item)))
                element = _ELEMENTS[self._onnx_dtype(array)]
                continue
            raise _Unsupported(f"input {i} must be an integral constant or computed "
                               "from input shapes")
        start, limit, delta = bounds
        if _number(delta) is None or _number(delta) <= 0:
            raise _Unsupported("a step that is not a positive constant")
        step = _number(delta)
        if _number(start) is not None and _number(limit) is not None:
            shape = [str(max(0, (_number(limit) - _number(start) + step - 1) // step))]
        else:
            # The length as relax.arange's shape rule writes it, so that a
            # shape taken of the range (T5's relative positions) is known.
            span = (_sym_add(limit, str(step - 1 - _number(start)))
                    if _number(start) is not None
                    else _sym_add(_sym_sub(limit, start), str(step - 1)))
            atom = span.isidentifier() or _number(span) is not None
            length = span if step == 1 else (
                f"{span} floordiv {step}" if atom else f"({span}) floordiv {step}")
            shape = [length if _number(start) == 0 else f"max(0, {length})"]
        return self._op("arange", [], {"start": f"#sym.expr<{start}>",
                                       "end": f"#sym.expr<{limit}>",
                                       "step": f"#sym.expr<{delta}>", "dtype": element},
                        node=node, element=element, shape=shape)

    # ----- simple ops ------------------------------------------------------

    def op_Flatten(self, node, attrs):
        x = self._in(node, 0)
        dims = self._dims_of(node.input[0])
        if dims is None:
            raise _Unsupported("an input of unknown rank")
        axis = attrs.get("axis", 1)
        axis = axis + len(dims) if axis < 0 else axis
        left, right = dims[:axis], dims[axis:]
        out = ["?" if None in part else _product(part) for part in (left, right)]
        if out == ["?", "?"]:
            raise _Unsupported("an input whose dims are not known at import")
        return self._op("reshape", [x], {"shape": shape_attr(out)}, node=node,
                        shape=None if "?" in out else out)

    def op_Reciprocal(self, node, attrs):
        x = self._in(node, 0)
        return self._op("divide", [self.e.scalar(1, x.element, hint="one"), x], node=node,
                        element=x.element)

    def op_Clip(self, node, attrs):
        x, low, high = self._in(node, 0), self._in(node, 1), self._in(node, 2)
        y = x
        if low is not None:
            y = self._op("maximum", [y, low], node=node, element=x.element)
        if high is not None:
            y = self._op("minimum", [y, high], node=node, element=x.element)
        return y

    def op_Not(self, node, attrs):
        x = self._in(node, 0)
        return self._op("equal", [x, self.e.scalar(False, "i1", hint="false")], node=node,
                        element="i1")

    def op_And(self, node, attrs):
        a, b = self._in(node, 0), self._in(node, 1)
        return self._op("where", [a, b, self.e.scalar(False, "i1", hint="false")], node=node,
                        element="i1")

    def op_Or(self, node, attrs):
        a, b = self._in(node, 0), self._in(node, 1)
        return self._op("where", [a, self.e.scalar(True, "i1", hint="true"), b], node=node,
                        element="i1")

    def op_Xor(self, node, attrs):
        return self._op("not_equal", [self._in(node, 0), self._in(node, 1)], node=node,
                        element="i1")

    def op_IsNaN(self, node, attrs):
        x = self._in(node, 0)
        return self._op("not_equal", [x, x], node=node, element="i1")

    def op_IsInf(self, node, attrs):
        x = self._in(node, 0)
        if not attrs.get("detect_negative", 1) or not attrs.get("detect_positive", 1):
            raise _Unsupported("detecting infinities of one sign")
        inf = self.e.scalar(float("inf"), x.element, hint="inf")
        return self._op("equal", [self._op("abs", [x], node=node), inf], node=node,
                        element="i1")

    def op_Split(self, node, attrs):
        """Parts of the sizes input 1 gives (a constant), or `num_outputs`
        parts (opset 18; as many as the node has outputs before it) of
        ceil(dim / parts) elements, the last one the rest; of a symbolic dim,
        equal parts, which a run-time check requires to divide it (ONNX's
        shorter last part would need the dim's value)."""
        dims = self._dims_of(node.input[0])
        if dims is None:
            raise _Unsupported("an input of unknown rank")
        axis = attrs.get("axis", 0) % len(dims)
        count = len(node.output)
        if len(node.input) > 1 and node.input[1]:
            sizes = [int(v) for v in np.asarray(self._const(node, 1)).reshape(-1)]
        else:
            dim = _number(dims[axis])
            parts = int(attrs.get("num_outputs", count))
            if dim is None:
                if parts != count:
                    raise _Unsupported("num_outputs differs from the outputs")
                outs = self._op("split", [self._in(node, 0)], {
                    "axis": str(axis), "sections": str(parts)}, node=node, results=parts)
                return outs if isinstance(outs, list) else [outs]
            chunk = -(-dim // parts)
            sizes = [min(chunk, dim - i * chunk) for i in range(parts)]
        if len(sizes) != count:
            raise _Unsupported(f"{len(sizes)} parts for {count} outputs")
        if count == 1:
            return [self._in(node, 0)]
        indices = list(np.cumsum(sizes[:-1]))
        outs = self._op("split", [self._in(node, 0)], {
            "axis": str(axis), "indices": shape_attr(indices)}, node=node, results=count)
        return outs

    def elementwise(self, node, attrs):
        if node.op_type in _SHAPE_ARITHMETIC and len(node.input) == 2:
            folded = self._fold_arithmetic(node)
            if folded is not None:
                return folded
        if node.op_type == "Equal":
            flags = self._fold_equal(node)
            if flags is not None:
                self.arrays[node.output[0]] = flags
                return self.e.constant(flags, hint=node.output[0])
        args = [self._in(node, i) for i in range(len(node.input))]
        if node.op_type in _UNARY:
            return self._op(_UNARY[node.op_type], args, node=node)
        # Comparisons give booleans whatever their operands are.
        element = "i1" if node.op_type in _COMPARISONS else None
        return self._op(_BINARY[node.op_type], args, node=node, element=element)

    def op_Identity(self, node, attrs):
        return self.env[node.input[0]]  # a shape value stays one

    def op_Dropout(self, node, attrs):
        """Inference's dropout (the dynamo exporter writes it with
        `training_mode` false): the input. Training mode, and the mask
        output, are errors."""
        if len(node.input) > 2 and node.input[2]:
            training = self._const(node, 2)
            if training is None or bool(np.asarray(training).reshape(())):
                raise _Unsupported("training_mode that is not a constant false")
        if len(node.output) > 1 and node.output[1]:
            raise _Unsupported("the mask output")
        return self.env[node.input[0]]

    def op_Constant(self, node, attrs):
        array = self.onnx.numpy_helper.to_array(attrs["value"])
        self.arrays[node.output[0]] = array
        return self.e.constant(array, hint=node.output[0])

    def op_MatMul(self, node, attrs):
        return self._op("matmul", [self._in(node, 0), self._in(node, 1)], node=node)

    def op_Einsum(self, node, attrs):
        equation = attrs.get("equation", b"")
        equation = equation.decode() if isinstance(equation, bytes) else equation
        operands = [self._in(node, i) for i in range(len(node.input))]
        ranks = [self._rank(node, i) for i in range(len(node.input))]
        try:
            return self.e.einsum(equation, operands, ranks, hint=node.output[0])
        except ImportError_ as error:
            raise _Unsupported(str(error)) from None

    def op_Gemm(self, node, attrs):
        if attrs.get("alpha", 1.0) != 1.0 or attrs.get("beta", 1.0) != 1.0:
            raise _Unsupported("alpha or beta other than 1")
        mm = {}
        if attrs.get("transA"):
            mm["transpose_a"] = "true"
        if attrs.get("transB"):
            mm["transpose_b"] = "true"
        y = self._op("matmul", [self._in(node, 0), self._in(node, 1)], mm, node=node)
        c = self._in(node, 2)
        return self._op("add", [y, c], node=node) if c is not None else y

    def op_Softmax(self, node, attrs):
        return self._op("softmax", [self._in(node, 0)], {"axis": str(attrs.get("axis", -1))},
                        node=node)

    def op_Gelu(self, node, attrs):
        approximate = attrs.get("approximate", b"none")
        name = "gelu_tanh" if approximate in (b"tanh", "tanh") else "gelu"
        return self._op(name, [self._in(node, 0)], node=node)

    def op_LayerNormalization(self, node, attrs):
        x, g, b = self._in(node, 0), self._in(node, 1), self._in(node, 2)
        axis = attrs.get("axis", -1)
        if b is None:
            b = self.e.constant(np.zeros(self._const(node, 1).shape, np.float32))
        out = {"epsilon": float_attr(attrs.get("epsilon", 1e-5))}
        if axis != -1:
            if axis >= 0:
                raise _Unsupported("a non-negative axis")
            out["axes"] = i64_array(range(axis, 0))
        return self._op("layer_norm", [x, g, b], out, node=node)

    def op_Transpose(self, node, attrs):
        x = self._in(node, 0)
        perm = attrs.get("perm")
        return self._op("permute_dims", [x], {"axes": i64_array(perm)} if perm else None,
                        node=node)

    def op_Reshape(self, node, attrs):
        data, target = self.env[node.input[0]], self._shape(node, 1)
        if isinstance(data, ShapeValue) and target is not None and not target.scalar:
            # A shape made 1-D (exporters write Reshape(shape, [-1])) or 0-d.
            size = len(data.dims)
            if [_number(d) for d in target.dims] in ([-1], [size]):
                return ShapeValue(data.dims, element=data.element)
            if not target.dims and size == 1:
                return ShapeValue(data.dims, scalar=True, element=data.element)
        x = self._in(node, 0)
        if target is None:
            raise _Unsupported("input 1 (the shape) must be a constant or computed "
                               "from input shapes")
        known = self._dims_of(node.input[0]) or []
        dims = []
        for i, d in enumerate(target.dims):
            if d is None:
                raise _Unsupported(f"dim {i} of the target shape is not known at import")
            if _number(d) == -1:
                dims.append("?")
            elif _number(d) is not None and _number(d) < -1:
                raise _Unsupported(f"dim {i} of the target shape is {d}")
            elif _number(d) == 0 and not attrs.get("allowzero"):
                if i >= len(known) or known[i] is None:
                    raise _Unsupported("a 0 (copied) dim of an input of unknown shape")
                dims.append(known[i])
            else:
                dims.append(d)
        if dims.count("?") > 1:
            raise _Unsupported("more than one -1 dim in the target shape")
        shape = dims
        if "?" in dims:
            inferred = _quotient(known, [d for d in dims if d != "?"])
            shape = None if inferred is None else [inferred if d == "?" else d
                                                   for d in dims]
        return self._op("reshape", [x], {"shape": shape_attr(dims)}, node=node,
                        shape=shape)

    def op_Concat(self, node, attrs):
        parts = [self._shape(node, i) for i in range(len(node.input))]
        if (attrs.get("axis", 0) in (0, -1) and all(p is not None and not p.scalar for p in parts)
                and len({p.element for p in parts}) == 1
                and any(isinstance(self.env.get(n), ShapeValue) for n in node.input)):
            return ShapeValue([d for p in parts for d in p.dims], element=parts[0].element)
        values = [self._in(node, i) for i in range(len(node.input))]
        return self._op("concat", values, {"axis": str(attrs.get("axis", 0))}, node=node)

    def op_Gather(self, node, attrs):
        data = self.env[node.input[0]]
        if (isinstance(data, ShapeValue) and not data.scalar and attrs.get("axis", 0) in (0, -1)
                and self._int_constant(node.input[1]) is not None):
            index = self._int_constant(node.input[1])
            if index.ndim <= 1:
                picked = []
                for i in index.reshape(-1).tolist():
                    if not -len(data.dims) <= i < len(data.dims):
                        raise _Unsupported(f"index {i} is outside the shape "
                                           f"of {len(data.dims)} dims")
                    picked.append(data.dims[i])
                return ShapeValue(picked, scalar=index.ndim == 0, element=data.element)
        # ONNX indices may be negative, counting from the end of the axis.
        return self._op("take", [self._in(node, 0), self._in(node, 1)],
                        {"axis": str(attrs.get("axis", 0)),
                         "mode": "#relax.index_mode<wrap>"}, node=node)

    def op_GatherND(self, node, attrs):
        """The first k dims of data indexed by the last dim of indices (k,
        static): one linear index per row of indices (each component
        wrapped when negative, an out-of-range one made a negative index
        that take's check reports), then a take from data viewed as
        [product of the k dims, rest...]."""
        if attrs.get("batch_dims", 0):
            raise _Unsupported("batch_dims other than 0")
        ddims, idims = self._dims_of(node.input[0]), self._dims_of(node.input[1])
        if ddims is None or idims is None:
            raise _Unsupported("an input of unknown rank")
        k = _number(idims[-1])
        if k is None or not 1 <= k <= len(ddims):
            raise _Unsupported(f"indices whose last dim ({idims[-1]}) is not a constant "
                               f"between 1 and the data's rank {len(ddims)}")
        if None in ddims:
            raise _Unsupported("data with a dim the importer cannot name")
        data, indices = self._in(node, 0), self._in(node, 1)
        hint = node.output[0]
        element = indices.element
        leading = " * ".join(f"({d})" for d in ddims[:k])
        out_of_range = self.e.op("neg", [self.e.size_scalar(leading, element, hint=hint)],
                                 hint=hint)
        linear = None
        for j in range(k):
            comp = self.e.op("take", [indices, self.e.scalar(j, "i64", hint=hint)],
                             {"axis": str(len(idims) - 1)}, hint=hint)
            size = self.e.size_scalar(str(ddims[j]), element, hint=hint)
            comp = self.e.checked_index(comp, size, out_of_range, hint)
            linear = comp if linear is None else self.e.op(
                "add", [self.e.op("multiply", [linear, size], hint=hint), comp], hint=hint)
        rows = self.e.op("reshape", [data], {"shape": shape_attr(
            [leading] + [str(d) for d in ddims[k:]])}, hint=hint)
        return self.e.op("take", [rows, linear], {"axis": "0"}, hint=hint)

    def op_GatherElements(self, node, attrs):
        """data[..., indices[p], ...] along `axis` at every position p of
        indices: one linear index per position into the flattened data
        (indices along `axis`, positions elsewhere), then a take; an
        out-of-range index becomes a negative one, which the take's check
        reports."""
        ddims, idims = self._dims_of(node.input[0]), self._dims_of(node.input[1])
        if ddims is None or idims is None or len(ddims) != len(idims):
            raise _Unsupported("inputs of unknown or different ranks")
        if None in ddims or None in idims:
            raise _Unsupported("an input with a dim the importer cannot name")
        rank = len(ddims)
        axis = attrs.get("axis", 0) % rank
        data, indices = self._in(node, 0), self._in(node, 1)
        hint, element = node.output[0], indices.element
        total = " * ".join(f"({d})" for d in ddims)
        out_of_range = self.e.op("neg", [self.e.size_scalar(total, element, hint=hint)],
                                 hint=hint)
        linear = None
        for d in range(rank):
            if d == axis:
                comp = self.e.checked_index(indices, self.e.size_scalar(
                    ddims[d], element, hint=hint), out_of_range, hint)
            else:
                comp = self.e.op("arange", [], {
                    "start": "#sym.expr<0>", "end": f"#sym.expr<{idims[d]}>",
                    "step": "#sym.expr<1>", "dtype": element}, hint=hint, element=element)
                comp = self.e.op("reshape", [comp], {"shape": shape_attr(
                    [idims[d] if i == d else 1 for i in range(rank)])}, hint=hint)
                # Indices longer than the data along a dim would read the
                # next row.
                comp = self.e.checked_index(comp, self.e.size_scalar(
                    ddims[d], element, hint=hint), out_of_range, hint)
            linear = comp if linear is None else self.e.op("add", [self.e.op(
                "multiply", [linear, self.e.size_scalar(ddims[d], element, hint=hint)],
                hint=hint), comp], hint=hint)
        flat = self.e.op("reshape", [data], {"shape": shape_attr([total])}, hint=hint)
        return self.e.op("take", [flat, linear], {"axis": "0"}, hint=hint)

    def _axes(self, node, attrs):
        if "axes" in attrs:
            return [int(a) for a in attrs["axes"]]
        if len(node.input) > 1 and node.input[1]:
            return [int(a) for a in self._const(node, 1)]
        return None

    def op_Unsqueeze(self, node, attrs):
        x = self.env[node.input[0]]
        if isinstance(x, ShapeValue) and x.scalar and self._axes(node, attrs) in ([0], [-1]):
            return ShapeValue(x.dims, element=x.element)
        return self._op("expand_dims", [self._in(node, 0)],
                        {"axes": i64_array(self._axes(node, attrs))}, node=node)

    def op_Squeeze(self, node, attrs):
        axes = self._axes(node, attrs)
        x = self.env[node.input[0]]
        if (isinstance(x, ShapeValue) and not x.scalar and len(x.dims) == 1
                and axes in (None, [0], [-1])):
            return ShapeValue(x.dims, scalar=True, element=x.element)
        return self._op("squeeze", [self._in(node, 0)],
                        {"axes": i64_array(axes)} if axes else None, node=node)

    def op_Cast(self, node, attrs):
        element = _ELEMENTS.get(attrs["to"])
        x = self.env[node.input[0]]
        if isinstance(x, ShapeValue) and element in ("i64", "i32"):
            return ShapeValue(x.dims, x.scalar, element)
        if element is None:
            raise _Unsupported("a cast to an element type relax lacks")
        return self._op("astype", [self._in(node, 0)], {"dtype": element}, node=node,
                        element=element)

    def _reduce(self, name, node, attrs):
        axes = self._axes(node, attrs)
        out = {"keepdims": "true" if attrs.get("keepdims", 1) else "false"}
        if axes:
            out["axes"] = i64_array(axes)
        return self._op(name, [self._in(node, 0)], out, node=node)

    def op_ReduceMean(self, node, attrs):
        return self._reduce("mean", node, attrs)

    def op_ReduceSum(self, node, attrs):
        return self._reduce("sum", node, attrs)

    def op_ReduceMax(self, node, attrs):
        return self._reduce("max", node, attrs)

    def op_ReduceMin(self, node, attrs):
        return self._reduce("min", node, attrs)

    def op_ReduceProd(self, node, attrs):
        return self._reduce("prod", node, attrs)

    # ----- convolutional networks -------------------------------------------

    def _rank(self, node, i=0):
        dims = self._dims_of(node.input[i])
        if dims is None:
            raise _Unsupported(f"input {i} has an unknown rank")
        return len(dims)

    def _per_channel(self, node, value, channels, rank):
        """`value` ([C]) reshaped to [C, 1, ...] against a rank-`rank` input
        whose channels are dim 1."""
        return self._op("reshape", [value], {"shape": shape_attr(
            [str(channels)] + ["1"] * (rank - 2))}, node=node)

    def _channels(self, node, i):
        """The static length of the per-channel input `i`."""
        dims = self._dims_of(node.input[i])
        if not dims or len(dims) != 1 or _number(dims[0]) is None:
            raise _Unsupported(f"input {i} must be a vector of a known length")
        return int(dims[0])

    def op_BatchNormalization(self, node, attrs):
        # Inference: x * scale + shift per channel, where scale = s / sqrt(var
        # + eps) and shift = b - mean * scale depend on the weights alone
        # (relax-run's lifting computes them once).
        if attrs.get("training_mode", 0) or any(node.output[1:]):
            raise _Unsupported("batch normalization in training mode")
        x = self._in(node, 0)
        s, b, mean, var = (self._in(node, i) for i in range(1, 5))
        rank, channels = self._rank(node), self._channels(node, 1)
        eps = self.e.scalar(attrs.get("epsilon", 1e-5), x.element, hint="eps")
        scale = self._op("multiply", [self._op("rsqrt", [self._op(
            "add", [var, eps], node=node)], node=node), s], node=node)
        shift = self._op("subtract", [b, self._op("multiply", [mean, scale], node=node)],
                         node=node)
        y = self._op("multiply", [x, self._per_channel(node, scale, channels, rank)], node=node)
        return self._op("add", [y, self._per_channel(node, shift, channels, rank)], node=node)

    def op_InstanceNormalization(self, node, attrs):
        # Per sample and channel over the spatial dims: a group norm with a
        # group per channel.
        x = self._in(node, 0)
        channels = self._channels(node, 1)
        return self._op("group_norm", [x, self._in(node, 1), self._in(node, 2)],
                        {"num_groups": str(channels), "channel_axis": "1",
                         "epsilon": float_attr(attrs.get("epsilon", 1e-5))}, node=node)

    def _pool(self, name, node, attrs):
        if self._rank(node) != 4 or len(attrs["kernel_shape"]) != 2:
            raise _Unsupported("pooling other than 2-D")
        if attrs.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
            raise _Unsupported("pooling with auto_pad")
        if attrs.get("ceil_mode", 0):
            raise _Unsupported("pooling with ceil_mode")
        if any(node.output[1:]):
            raise _Unsupported("max pooling's indices")
        pads = list(attrs.get("pads", [0, 0, 0, 0]))
        if name == "avg_pool2d" and any(pads):
            raise _Unsupported("average pooling with pads")
        out = {"pool_size": i64_array(attrs["kernel_shape"]),
               "strides": i64_array(attrs.get("strides", [1, 1])),
               "padding": i64_array(pads)}
        if name == "max_pool2d":
            out["dilation"] = i64_array(attrs.get("dilations", [1, 1]))
        return self._op(name, [self._in(node, 0)], out, node=node)

    def op_MaxPool(self, node, attrs):
        return self._pool("max_pool2d", node, attrs)

    def op_AveragePool(self, node, attrs):
        return self._pool("avg_pool2d", node, attrs)

    def _global_pool(self, name, node):
        axes = list(range(2, self._rank(node)))
        return self._op(name, [self._in(node, 0)], {"axes": i64_array(axes),
                                                    "keepdims": "true"}, node=node)

    def op_GlobalAveragePool(self, node, attrs):
        return self._global_pool("mean", node)

    def op_GlobalMaxPool(self, node, attrs):
        return self._global_pool("max", node)

    def op_TopK(self, node, attrs):
        x = self._in(node, 0)
        dims = self._dims_of(node.input[0])
        k = self._const(node, 1)
        if k is None or np.asarray(k).size != 1:
            raise _Unsupported("input 1 (k) must be a constant")
        if dims is None or x.element not in ("f16", "f32", "f64"):
            raise _Unsupported("top-k of a tensor of unknown rank or not float")
        axis = attrs.get("axis", -1) % len(dims)
        x = Value(x.name, x.element, list(dims), x.typed)
        return list(self.e.topk(x, axis, len(dims), int(np.asarray(k).reshape(-1)[0]),
                                bool(attrs.get("largest", 1)), hint=node.output[0]))

    def op_ArgMax(self, node, attrs):
        if attrs.get("select_last_index", 0):
            raise _Unsupported("select_last_index")
        return self._op("argmax", [self._in(node, 0)], {
            "axis": str(attrs.get("axis", 0)),
            "keepdims": "true" if attrs.get("keepdims", 1) else "false"}, node=node,
            element="i64")

    def op_CumSum(self, node, attrs):
        if attrs.get("exclusive", 0) or attrs.get("reverse", 0):
            raise _Unsupported("an exclusive or reverse cumulative sum")
        axis = self._const(node, 1)
        if axis is None or np.asarray(axis).size != 1:
            raise _Unsupported("input 1 (the axis) must be a constant")
        x = self._in(node, 0)
        return self._op("cumsum", [x], {"axis": str(int(np.asarray(axis).reshape(-1)[0]))},
                        node=node, element=x.element)

    def op_Pad(self, node, attrs):
        # Constant mode: per padded axis, a block of the value concatenated
        # before and after (a negative pad crops instead).
        mode = attrs.get("mode", b"constant")
        if mode not in (b"constant", "constant"):
            raise _Unsupported(f"padding in {mode.decode() if isinstance(mode, bytes) else mode} "
                               "mode (only constant)")
        x = self._in(node, 0)
        dims = self._dims_of(node.input[0])
        pads = self._const(node, 1)
        if dims is None or pads is None or None in dims:
            raise _Unsupported("padding of unknown dims or by computed widths")
        rank = len(dims)
        pads = [int(p) for p in np.asarray(pads).reshape(-1)]
        axes = list(range(rank))
        if len(node.input) > 3 and node.input[3]:
            axes = [int(a) % rank for a in np.asarray(self._const(node, 3)).reshape(-1)]
        if len(pads) != 2 * len(axes):
            raise _Unsupported(f"{len(pads)} pad widths for {len(axes)} axes")
        value = self._in(node, 2) if len(node.input) > 2 and node.input[2] else \
            self.e.scalar(0, x.element, hint="zero")
        value = self.e.astype(value, x.element)
        value = self._op("reshape", [value], {"shape": shape_attr([])}, node=node,
                         element=x.element)
        widths = [(axis, pads[k], pads[len(axes) + k]) for k, axis in enumerate(axes)]
        return self.e.pad(Value(x.name, x.element, list(dims), x.typed), widths, value,
                          hint=node.output[0])

    def op_Resize(self, node, attrs):
        def text(name, default):
            value = attrs.get(name, default)
            return value.decode() if isinstance(value, bytes) else value
        mode = text("mode", "nearest")
        transform = text("coordinate_transformation_mode", "half_pixel")
        nearest = text("nearest_mode", "round_prefer_floor")
        if transform == "pytorch_half_pixel":
            transform = "half_pixel"  # the same, but for an output of one element
        if mode not in ("nearest", "linear") or transform not in (
                "half_pixel", "asymmetric", "align_corners") or attrs.get("antialias", 0) \
                or "axes" in attrs or text("keep_aspect_ratio_policy", "stretch") != "stretch":
            raise _Unsupported(f"resizing in {mode} mode with {transform} coordinates "
                               "(relax-import reads nearest and linear with half_pixel, "
                               "asymmetric or align_corners, over every axis)")
        x = self._in(node, 0)
        dims = self._dims_of(node.input[0])
        if dims is None or None in dims or x.element not in ("f16", "f32", "f64"):
            raise _Unsupported("resizing a tensor of unknown dims or not float")
        scales = self._const(node, 2) if len(node.input) > 2 and node.input[2] else None
        sizes = self._shape(node, 3) if len(node.input) > 3 and node.input[3] else None
        scales = None if scales is None or np.asarray(scales).size == 0 else \
            [float(v) for v in np.asarray(scales).reshape(-1)]
        if scales is None and (sizes is None or None in sizes.dims):
            raise _Unsupported("resizing to sizes the importer cannot name")
        x = Value(x.name, x.element, list(dims), x.typed)
        for axis, size in enumerate(dims):
            if scales is not None:
                scale = scales[axis]
                if scale == 1:
                    continue
                if scale != int(scale) and _number(size) is None:
                    raise _Unsupported(f"a fractional scale ({scale}) of the symbolic dim {size}")
                out = str(int(np.floor(int(size) * scale))) if _number(size) is not None \
                    else f"{size} * {int(scale)}"
            else:
                out = sizes.dims[axis]
                if out == size:
                    continue
            x = self.e.resize_axis(x, axis, out, mode, transform, scale=scales[axis]
                                   if scales is not None else None, nearest=nearest,
                                   hint=node.output[0])
        return x

    # ----- activations ----------------------------------------------------

    def op_LeakyRelu(self, node, attrs):
        x = self._in(node, 0)
        zero = self.e.scalar(0, x.element, hint="zero")
        alpha = self.e.scalar(attrs.get("alpha", 0.01), x.element, hint="alpha")
        return self._op("where", [
            self._op("greater_equal", [x, zero], node=node, element="i1"), x,
            self._op("multiply", [x, alpha], node=node)], node=node, element=x.element)

    def _hard_sigmoid(self, node, x, alpha, beta):
        """max(0, min(1, alpha * x + beta))."""
        y = self._op("add", [self._op("multiply", [x, self.e.scalar(alpha, x.element)],
                                      node=node), self.e.scalar(beta, x.element)], node=node)
        y = self._op("minimum", [y, self.e.scalar(1, x.element, hint="one")], node=node)
        return self._op("maximum", [y, self.e.scalar(0, x.element, hint="zero")], node=node)

    def op_HardSigmoid(self, node, attrs):
        return self._hard_sigmoid(node, self._in(node, 0), attrs.get("alpha", 0.2),
                                  attrs.get("beta", 0.5))

    def op_HardSwish(self, node, attrs):
        x = self._in(node, 0)
        return self._op("multiply", [x, self._hard_sigmoid(node, x, 1 / 6, 0.5)], node=node)

    def op_Softplus(self, node, attrs):
        x = self._in(node, 0)
        return self._op("log", [self._op("add", [self._op("exp", [x], node=node),
                                                 self.e.scalar(1, x.element, hint="one")],
                                         node=node)], node=node)

    def op_Where(self, node, attrs):
        # Where(Equal(shape, -1), ones, shape), as exporters write an
        # Expand's target, picks from shapes by a condition known at import.
        condition = self.arrays.get(node.input[0])
        a, b = self._shape(node, 1), self._shape(node, 2)
        if (condition is not None and condition.dtype == np.bool_ and condition.ndim <= 1
                and a is not None and b is not None and a.element == b.element
                and any(isinstance(self.env.get(n), ShapeValue) for n in node.input[1:])):
            n = max(condition.size, len(a.dims), len(b.dims))
            if all(k in (1, n) for k in (condition.size, len(a.dims), len(b.dims))):
                flags = condition.reshape(-1).tolist() * (n // condition.size)
                da, db = a.dims * (n // len(a.dims)), b.dims * (n // len(b.dims))
                return ShapeValue([x if f else y for f, x, y in zip(flags, da, db)],
                                  scalar=condition.ndim == 0 and a.scalar and b.scalar,
                                  element=a.element)
        return self._op("where", [self._in(node, i) for i in range(3)], node=node,
                        element=self._in(node, 1).element)

    def op_Conv(self, node, attrs):
        x, w, b = self._in(node, 0), self._in(node, 1), self._in(node, 2)
        kernel = self._const(node, 1).shape
        rank = len(kernel)
        if rank not in (3, 4) or attrs.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
            raise _Unsupported("a convolution other than 1-D or 2-D with explicit pads")
        spatial = rank - 2
        pads = list(attrs.get("pads", [0] * 2 * spatial))
        y = self._op("conv1d" if rank == 3 else "conv2d", [x, w], {
            "strides": i64_array(attrs.get("strides", [1] * spatial)),
            "padding": i64_array(pads),
            "dilation": i64_array(attrs.get("dilations", [1] * spatial)),
            "groups": str(attrs.get("group", 1))}, node=node)
        if b is not None:
            b = self._op("reshape", [b], {"shape": shape_attr(
                [str(kernel[0])] + ["1"] * spatial)}, node=node)
            y = self._op("add", [y, b], node=node)
        return y


def _light_copy(model):
    """The model without the data of its large initializers, which become
    typed graph inputs: what shape inference needs (small constants feed
    shape computations) without a copy of the weights."""
    import onnx
    light = onnx.ModelProto()
    light.ir_version = model.ir_version
    light.opset_import.extend(model.opset_import)
    light.functions.extend(model.functions)
    g, lg = model.graph, light.graph
    lg.name = g.name
    lg.node.extend(g.node)
    lg.input.extend(g.input)
    lg.output.extend(g.output)
    lg.value_info.extend(g.value_info)
    inputs = {i.name for i in g.input}
    for init in g.initializer:
        if int(np.prod(init.dims)) <= 64:
            lg.initializer.append(init)
        elif init.name not in inputs:
            lg.input.append(onnx.helper.make_tensor_value_info(init.name, init.data_type,
                                                               list(init.dims)))
    return light


def _infer_in_child(light):
    """Serialized shape inference of `light` (data propagation first, so
    that the dims of a Reshape by a computed shape are known), run in a
    forked process: ONNX's C++ inference can abort on an invalid model,
    which must be an error, not the end of relax-import."""
    import os

    import onnx
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            try:
                out = b"\0" + onnx.shape_inference.infer_shapes(
                    light, data_prop=True).SerializeToString()
            except Exception:  # noqa: BLE001 - plain inference then
                out = b"\0" + onnx.shape_inference.infer_shapes(light).SerializeToString()
        except Exception as error:  # noqa: BLE001 - the model is invalid
            out = b"\1" + _first_line(error).encode()
        with os.fdopen(write_end, "wb") as f:
            f.write(out)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as f:
        out = f.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or not out:
        raise ImportError_("ONNX shape inference crashed on the model (signal "
                           f"{os.WTERMSIG(status) if os.WIFSIGNALED(status) else '?'}): "
                           "the model is invalid there or meets an ONNX bug")
    if out[:1] == b"\1":
        raise ImportError_(f"ONNX shape inference rejects the model: {out[1:].decode()}")
    return onnx.ModelProto.FromString(out[1:])


def _with_inferred_shapes(model):
    """`model` with the value_info and output types that shape inference
    gives (inferred on a light copy, in a child process)."""
    inferred = _infer_in_child(_light_copy(model)).graph
    del model.graph.value_info[:]
    model.graph.value_info.extend(inferred.value_info)
    types = {o.name: o.type for o in inferred.output}
    for o in model.graph.output:
        if o.name in types:
            o.type.CopyFrom(types[o.name])
    return model


def _check(model, path):
    """ONNX's checker on the model's structure: every value defined before
    its use, known ops and attributes of the opset. A model past protobuf's
    2 GB is checked from its file. The checker requires a shape on every
    graph input and output, which hand-written models often leave out (a
    result of any shape): such a model is checked again with empty shapes
    put in."""
    import onnx
    missing = "Field 'shape' of 'type' is required but missing"
    try:
        onnx.checker.check_model(path if path and model.ByteSize() > 2 ** 31 - 1 else model)
        return
    except Exception as error:  # noqa: BLE001 - the checker's ValidationError
        message = _first_line(error)
    if missing in message and model.ByteSize() <= 2 ** 31 - 1:
        patched = onnx.ModelProto()
        patched.CopyFrom(model)
        for info in list(patched.graph.input) + list(patched.graph.output):
            if info.type.HasField("tensor_type"):
                info.type.tensor_type.shape.SetInParent()
        try:
            onnx.checker.check_model(patched)
            return
        except Exception as error:  # noqa: BLE001 - as above
            message = _first_line(error)
    raise ImportError_(f"not a valid ONNX model: {message}")


def import_model(model, *, weights_as_constants=False, source=None):
    """Translates an ONNX model (a ModelProto or a path). Returns (module
    text, weights by initializer name)."""
    import onnx
    path = model if isinstance(model, str) else None
    if path is not None:
        try:
            model = onnx.load(path)
        except Exception as error:  # noqa: BLE001 - any load failure
            raise ImportError_(f"cannot load {path} as an ONNX model: {error}") from None
    opset = max((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")),
                default=0)
    if opset < 17:
        raise ImportError_(f"the model has opset {opset}; relax-import takes 17 and later")
    _check(model, path)
    importer = OnnxImporter(model, weights_as_constants)
    outputs = importer.run()
    comment = f"Imported from {source} by relax-import." if source else None
    return importer.e.module(outputs, comment=comment), importer.weights
