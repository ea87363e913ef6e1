"""Builds the text of one relax module: a `relax.func @main` whose body is a
dataflow region of graph ops.

The importers translate a source graph op by op through `Emitter`: values
carry their relax type (parameters are fully typed, intermediate values
`!relax.tensor<*, dtype>` for `relax-opt --relax-infer-shapes` to fill in),
names are readable and unique, and constants are printed as dense
attributes.
"""

import re
import struct

import numpy as np


class ImportError_(Exception):
    """An error for the user: printed as one message, exit code 1."""


# numpy dtype name -> relax element type.
ELEMENT_TYPES = {
    "float32": "f32", "float16": "f16", "float64": "f64", "bfloat16": "bf16",
    "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8",
    "uint8": "ui8", "bool": "i1",
}

_MLIR_TO_NUMPY = {"f32": np.float32, "f16": np.float16, "f64": np.float64,
                  "i64": np.int64, "i32": np.int32, "i16": np.int16,
                  "i8": np.int8, "i1": np.bool_}


def is_float(element):
    return element.startswith("f") or element == "bf16"


class Value:
    """An SSA value: its name, element type and, where known, its shape as
    a list of symbolic dims in `#sym.expr` syntax."""

    def __init__(self, name, element, shape=None, typed=False):
        self.name = name
        self.element = element
        self.shape = shape
        # Whether the printed type carries the shape (parameters) or is
        # `!relax.tensor<*, element>` (values shape inference fills in).
        self.typed = typed

    @property
    def rank(self):
        return None if self.shape is None else len(self.shape)

    @property
    def type(self):
        if self.typed and self.shape is not None:
            return tensor_type(self.shape, self.element)
        return f"!relax.tensor<*, {self.element}>"

    def __repr__(self):
        return f"%{self.name}"


def tensor_type(shape, element):
    return f"!relax.tensor<[{', '.join(str(d) for d in shape)}], {element}>"


def shape_attr(shape):
    return f"#sym.shape<[{', '.join(str(d) for d in shape)}]>"


def i64_array(values):
    return "array<i64" + "".join(
        (": " if i == 0 else ", ") + str(int(v)) for i, v in enumerate(values)) + ">"


def float_attr(value):
    return f"{float(value):.9e} : f64"


def float_literal(value, element):
    """A float as MLIR prints it in a dense attribute: decimal with a
    point, or the bit pattern for infinities and NaN."""
    value = float(value)
    if np.isfinite(value):
        return f"{value:.9e}"
    if element == "f64":
        return "0x" + struct.pack(">d", value).hex().upper()
    if element == "f16":
        return "0x" + np.array(value, np.float16).tobytes()[::-1].hex().upper()
    return "0x" + struct.pack(">f", value).hex().upper()


_NAME_CHARS = re.compile(r"[^A-Za-z0-9_]")

# Words of the symbolic expression syntax, which no variable may be named.
SYM_KEYWORDS = frozenset({"min", "max", "floordiv", "mod"})


def fresh_sym_var(name, used):
    """A symbolic variable named after `name` (a dim's name in the model):
    characters outside [A-Za-z0-9_] replaced, a leading digit prefixed, and
    a number appended when that is a keyword of the expression syntax or
    already in `used` (which it joins), so that two dims of different names
    ("a-b", "a_b") stay two variables."""
    name = _NAME_CHARS.sub("_", name)
    if not re.match(r"[A-Za-z_]", name):
        name = "d" + name
    base, k = name, 1
    while name in used or name in SYM_KEYWORDS:
        k += 1
        name = f"{base}{k}"
    used.add(name)
    return name


def mlir_string(text):
    """`text` as an MLIR string literal: quotes and backslashes escaped,
    bytes outside printable ASCII as hex escapes."""
    out = []
    for byte in text.encode("utf-8"):
        c = chr(byte)
        if c in '"\\':
            out.append("\\" + c)
        elif 0x20 <= byte < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{byte:02X}")
    return '"' + "".join(out) + '"'


def sanitize(name):
    name = _NAME_CHARS.sub("_", name).strip("_") or "v"
    if name[0].isdigit():
        name = "v" + name
    return name


class Emitter:
    def __init__(self):
        self.params = []  # (Value, attrs string or None)
        self.lines = []
        self._used = set()
        self.constraints = []
        # The shard.grid a tensor-parallel function is written for.
        self.grid = None

    def fresh(self, hint):
        base = sanitize(hint)
        name, k = base, 0
        while name in self._used:
            k += 1
            name = f"{base}_{k}"
        self._used.add(name)
        return name

    def param(self, hint, shape, element, param_name=None, split_axis=None):
        """A parameter; `param_name` names its weight, `split_axis` the dim
        cut over the ranks of a tensor-parallel function."""
        value = Value(self.fresh(hint), element, list(shape), typed=True)
        attrs = []
        if param_name is not None:
            attrs.append(f"relax.param_name = {mlir_string(param_name)}")
        if split_axis is not None:
            axes = ", ".join("[0]" if d == split_axis else "[]"
                             for d in range(split_axis + 1))
            attrs.append(f"relax.split_axes = #shard<axisarray[{axes}]>")
        self.params.append((value, "{" + ", ".join(attrs) + "}" if attrs else None))
        return value

    def op(self, name, operands, attrs=None, hint="t", element=None,
           shape=None, results=1):
        """Emits `relax.<name>` on `operands` with `attrs` (a dict of
        attribute name to printed value). The result's element type is
        `element` (default: the first operand's); `shape` records its shape
        for later decompositions. Returns one Value, or a list of
        `results` Values."""
        if element is None:
            element = operands[0].element
        outs = [Value(self.fresh(hint), element,
                      None if shape is None else list(shape))
                for _ in range(results)]
        text = "    "
        text += ", ".join(f"%{o.name}" for o in outs)
        text += f" = relax.{name}"
        if operands:
            text += " " + ", ".join(f"%{v.name}" for v in operands)
        if attrs:
            text += " {" + ", ".join(f"{k} = {v}" for k, v in attrs.items()) + "}"
        result_types = ", ".join(o.type for o in outs)
        if results > 1:
            result_types = f"({result_types})"
        text += (f" : ({', '.join(v.type for v in operands)}) -> "
                 f"{result_types}")
        self.lines.append(text)
        return outs[0] if results == 1 else outs

    def constant(self, array, hint="c", shape=None):
        """Emits a `relax.constant` holding `array` (a numpy array)."""
        array = np.asarray(array)
        element = ELEMENT_TYPES[array.dtype.name]
        dims = "x".join(str(d) for d in array.shape)
        tensor = f"tensor<{dims + 'x' if dims else ''}{element}>"
        if array.size == 1 or array.dtype == np.bool_:
            flat = array.reshape(-1)
            if array.dtype == np.bool_:
                items = ["true" if v else "false" for v in flat]
            elif is_float(element):
                items = [float_literal(v, element) for v in flat]
            else:
                items = [str(int(v)) for v in flat]
            body = items[0] if array.size == 1 else _nested(items, array.shape)
        else:
            data = np.ascontiguousarray(array, array.dtype.newbyteorder("<")).tobytes()
            body = f'"0x{data.hex().upper()}"'
        # A constant's type is known: it is printed in full.
        out = Value(self.fresh(hint), element, [int(d) for d in array.shape],
                    typed=True)
        self.lines.append(f"    %{out.name} = relax.constant dense<{body}> : {tensor}")
        return out

    def scalar(self, value, element, hint="c"):
        """A rank-0 constant of `element` type."""
        dtype = _MLIR_TO_NUMPY.get(element)
        if dtype is None:
            raise ImportError_(f"no constant of element type {element}")
        return self.constant(np.array(value, dtype=dtype), hint)

    def astype(self, v, element):
        if v.element == element:
            return v
        return self.op("astype", [v], {"dtype": element}, hint=v.name, element=element,
                       shape=v.shape)

    def size_scalar(self, size, element="i64", hint="size"):
        """A rank-0 tensor holding the value of `size` (in `#sym.expr`
        syntax)."""
        v = self.op("arange", [], {"start": f"#sym.expr<{size}>",
                                   "end": f"#sym.expr<{size} + 1>",
                                   "step": "#sym.expr<1>", "dtype": "i64"},
                    hint=hint, element="i64", shape=["1"])
        v = self.op("reshape", [v], {"shape": "#sym.shape<[]>"}, hint=hint, shape=[])
        return self.astype(v, element)

    def checked_index(self, index, size, out_of_range, hint="index"):
        """`index` (a tensor of indices into a dim of `size`, a rank-0
        tensor) counted from the end where negative, and `out_of_range`
        where it is still outside the dim. A component of a linear index
        gets `out_of_range` = -(product of the dims it spans), so that the
        linear index is negative, which the take's check reports, instead of
        reading another row."""
        zero = self.scalar(0, index.element, hint=hint)
        negative = self.op("less", [index, zero], hint=hint, element="i1")
        index = self.op("where", [negative, self.op("add", [index, size], hint=hint),
                                  index], hint=hint, element=index.element)
        for outside in (self.op("less", [index, zero], hint=hint, element="i1"),
                        self.op("greater_equal", [index, size], hint=hint, element="i1")):
            index = self.op("where", [outside, out_of_range, index], hint=hint,
                            element=index.element)
        return index

    def pad(self, x, widths, value, hint="pad"):
        """`x` (its shape known) padded with `value` (a rank-0 tensor of
        its element type): for each (axis, before, after) of `widths`, blocks
        of the value concatenated before and after (a negative width crops
        instead)."""
        dims = list(x.shape)
        for axis, before, after in widths:
            if before < 0 or after < 0:
                begin, end = max(-before, 0), f"{dims[axis]} - {max(-after, 0)}"
                dims[axis] = f"{end} - {begin}"
                x = self.op("strided_slice", [x], {
                    "axes": f"array<i64: {axis}>", "begin": f"#sym.shape<[{begin}]>",
                    "end": f"#sym.shape<[{end}]>"}, hint=hint, shape=list(dims))
                before, after = max(before, 0), max(after, 0)
            if not before and not after:
                continue
            parts = [self.op("full", [value], {"shape": "#sym.shape<[" + ", ".join(
                         dims[:axis] + [str(width)] + dims[axis + 1:]) + "]>"},
                         hint=hint, element=x.element) if width else None
                     for width in (before, after)]
            dims[axis] = f"{dims[axis]} + {before + after}"
            x = self.op("concat", [p for p in (parts[0], x, parts[1]) if p is not None],
                        {"axis": str(axis)}, hint=hint, element=x.element, shape=list(dims))
        return x

    def resize_axis(self, x, axis, out, mode, transform, scale=None, nearest="floor",
                    hint="resize"):
        """`x` resized along `axis` to `out` elements (sizes in `#sym.expr`
        syntax, `x.shape` known): each output position i reads the source
        coordinate `transform` gives (ONNX's coordinate transformation
        modes: `asymmetric` i * s, `half_pixel` (i + 0.5) * s - 0.5,
        `align_corners` i * (size - 1) / (out - 1); s is 1 / `scale` when
        given, else size / out), then the element there (`nearest`, rounded
        as ONNX's nearest modes say) or the linear blend of its two
        neighbours (`linear`), indices clamped into the input."""
        f32, size = "f32", x.shape[axis]
        rank = len(x.shape)
        shape = x.shape[:axis] + [out] + x.shape[axis + 1:]
        vector = [out]
        i = self.astype(self.op("arange", [], {
            "start": "#sym.expr<0>", "end": f"#sym.expr<{out}>", "step": "#sym.expr<1>",
            "dtype": "i64"}, hint=hint, element="i64", shape=vector), f32)
        if transform == "align_corners":
            s = self.op("divide", [self.size_scalar(f"{size} - 1", f32),
                                   self.size_scalar(f"max({out} - 1, 1)", f32)],
                        hint=hint + "_scale", element=f32, shape=[])
        elif scale:
            s = self.scalar(1.0 / scale, f32, hint=hint + "_scale")
        else:
            s = self.op("divide", [self.size_scalar(size, f32), self.size_scalar(out, f32)],
                        hint=hint + "_scale", element=f32, shape=[])
        half = self.scalar(0.5, f32, hint="half")
        if transform == "half_pixel":
            i = self.op("add", [i, half], hint=hint, element=f32, shape=vector)
        src = self.op("multiply", [i, s], hint=hint, element=f32, shape=vector)
        if transform == "half_pixel":
            src = self.op("subtract", [src, half], hint=hint, element=f32, shape=vector)
        # Coordinates left of the first element read it.
        src = self.op("maximum", [src, self.scalar(0.0, f32, hint="zero")], hint=hint,
                      element=f32, shape=vector)

        def index(value):
            """A non-negative f32 coordinate truncated, clamped to the last
            index."""
            last = self.size_scalar(f"{size} - 1")
            return self.op("minimum", [self.astype(value, "i64"), last], hint=hint,
                           element="i64", shape=vector)

        def gather(idx):
            return self.op("take", [x, idx], {"axis": str(axis)}, hint=hint,
                           element=x.element, shape=shape)

        if mode == "nearest":
            if nearest in ("round_prefer_ceil", "round_prefer_floor"):
                shifted = self.op("add", [src, half], hint=hint, element=f32, shape=vector)
                rounded = self.astype(shifted, "i64")
                if nearest == "round_prefer_floor":
                    # A coordinate halfway between two elements reads the first.
                    tie = self.op("equal", [self.astype(rounded, f32), shifted],
                                  hint=hint + "_tie", element="i1", shape=vector)
                    rounded = self.op("subtract", [rounded, self.astype(tie, "i64")],
                                      hint=hint, element="i64", shape=vector)
                src = self.astype(self.op("maximum", [rounded, self.scalar(0, "i64")],
                                          hint=hint, element="i64", shape=vector), f32)
            elif nearest == "ceil":
                floor = self.astype(self.astype(src, "i64"), f32)
                fraction = self.op("greater", [src, floor], hint=hint, element="i1",
                                   shape=vector)
                src = self.op("add", [floor, self.astype(fraction, f32)], hint=hint,
                              element=f32, shape=vector)
            return gather(index(src))
        first = self.astype(src, "i64")
        weight = self.op("subtract", [src, self.astype(first, f32)], hint=hint + "_w",
                         element=f32, shape=vector)
        weight = self.op("reshape", [self.astype(weight, x.element)], {
            "shape": "#sym.shape<[" + ", ".join([str(out)] + ["1"] * (rank - 1 - axis)) +
            "]>"}, hint=hint + "_w", element=x.element, shape=[out] + ["1"] * (rank - 1 - axis))
        a = gather(index(src))
        b = gather(self.op("minimum", [self.op("add", [first, self.scalar(1, "i64", "one")],
                                               hint=hint, element="i64", shape=vector),
                                       self.size_scalar(f"{size} - 1")],
                           hint=hint, element="i64", shape=vector))
        delta = self.op("multiply", [self.op("subtract", [b, a], hint=hint, shape=shape),
                                     weight], hint=hint, shape=shape)
        return self.op("add", [a, delta], hint=hint, shape=shape)

    def topk(self, x, axis, rank, k, largest=True, hint="topk"):
        """The `k` largest (or smallest) elements of `x` along `axis` and
        their indices (i64), in order, as `k` rounds of a max and an argmax
        over what the earlier rounds left (their element masked to -inf):
        k passes over the input, for the small k of top-k sampling and
        routing. Ties go to the first index; a NaN counts as the largest."""
        ninf = self.scalar(float("-inf"), x.element, hint="ninf")
        work = self.op("neg", [x], hint=hint) if not largest else x
        size = x.shape[axis] if x.shape is not None else None
        if size is not None:
            positions = self.op("arange", [], {
                "start": "#sym.expr<0>", "end": f"#sym.expr<{size}>",
                "step": "#sym.expr<1>", "dtype": "i64"}, hint=hint + "_pos", element="i64")
            positions = self.op("reshape", [positions], {"shape": "#sym.shape<[" + ", ".join(
                str(size) if d == axis else "1" for d in range(rank)) + "]>"},
                hint=hint + "_pos", element="i64")
        else:
            # A dim the importer cannot name: the positions counted along it
            # (a cumulative sum of ones shaped like x).
            one = self.scalar(1, "i64", hint="one")
            ones = self.op("where", [self.op("equal", [x, x], hint=hint + "_pos",
                                             element="i1"), one, one],
                           hint=hint + "_pos", element="i64")
            positions = self.op("subtract", [self.op("cumsum", [ones], {"axis": str(axis)},
                                                     hint=hint + "_pos", element="i64"),
                                             one], hint=hint + "_pos", element="i64")
        values, indices = [], []
        for i in range(k):
            keep = {"axes": f"array<i64: {axis}>", "keepdims": "true"}
            values.append(self.op("max", [work], keep, hint=hint))
            index = self.op("argmax", [work], {"axis": str(axis), "keepdims": "true"},
                            hint=hint + "_index", element="i64")
            indices.append(index)
            if i + 1 < k:
                taken = self.op("equal", [positions, index], hint=hint + "_taken",
                                element="i1")
                work = self.op("where", [taken, ninf, work], hint=hint, element=x.element)
        value = values[0] if k == 1 else self.op("concat", values, {"axis": str(axis)},
                                                 hint=hint)
        index = indices[0] if k == 1 else self.op("concat", indices, {"axis": str(axis)},
                                                  hint=hint + "_index", element="i64")
        if not largest:
            value = self.op("neg", [value], hint=hint)
        return value, index

    def einsum(self, equation, operands, ranks, hint="einsum"):
        """numpy.einsum(`equation`, *operands) for operands of `ranks`: an
        index of one operand only that the output lacks is summed first;
        two operands that share one contracted index, the right one with at
        most one index of its own and the left one too unless they share no
        batch index, are a `matmul` between permutations (attention's
        products, projections); anything else broadcasts every
        operand to all the indices, multiplies and sums the contracted
        ones. Raises ImportError_ for a repeated index within one operand
        (a diagonal)."""
        equation = equation.replace(" ", "")
        inputs, arrow, output = equation.partition("->")
        terms = inputs.split(",")
        if len(terms) != len(operands):
            raise ImportError_(f"einsum '{equation}' names {len(terms)} operands, "
                               f"but {len(operands)} are given")
        # An ellipsis becomes letters of its own, as many as the dims it
        # stands for (the most of any operand, broadcast from the right).
        free = [c for c in "ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba"
                if c not in equation]
        width = max((rank - (len(t) - 3) for t, rank in zip(terms, ranks) if "..." in t),
                    default=0)
        ellipsis = "".join(free[:width][::-1])
        terms = [t.replace("...", ellipsis[width - (rank - (len(t) - 3)):])
                 if "..." in t else t for t, rank in zip(terms, ranks)]
        for t, rank in zip(terms, ranks):
            if len(t) != rank:
                raise ImportError_(f"einsum '{equation}': '{t}' does not index "
                                   f"an operand of rank {rank}")
            if len(set(t)) != len(t):
                raise ImportError_(f"einsum '{equation}': a repeated index in one "
                                   f"operand (a diagonal) is not supported")
        if arrow:
            output = output.replace("...", ellipsis)
        else:
            counts = {c: sum(t.count(c) for t in terms) for c in set("".join(terms))}
            output = ellipsis + "".join(sorted(c for c, n in counts.items()
                                               if n == 1 and c not in ellipsis))

        def reduce(v, term, axes):
            if not axes:
                return v, term
            v = self.op("sum", [v], {"axes": i64_array(axes), "keepdims": "false"},
                        hint=hint)
            return v, "".join(c for i, c in enumerate(term) if i not in axes)

        def permute(v, term, order):
            if term == order:
                return v
            return self.op("permute_dims", [v], {"axes": i64_array(
                [term.index(c) for c in order])}, hint=hint)

        # Indices of one operand alone, absent from the output: summed.
        values = []
        for i, (v, t) in enumerate(zip(operands, terms)):
            others = output + "".join(terms[:i] + terms[i + 1:])
            v, t = reduce(v, t, [a for a, c in enumerate(t) if c not in others])
            values.append((v, t))

        if len(values) == 2:
            (a, ta), (b, tb) = values
            batch = [c for c in ta if c in tb and c in output]
            contract = [c for c in ta if c in tb and c not in output]
            left = [c for c in ta if c not in tb]
            right = [c for c in tb if c not in ta]
            # Without batch indices, the left operand's leading indices
            # broadcast as matmul's batch dims (a projection, "bij,jk").
            if len(contract) == 1 and len(right) <= 1 and (len(left) <= 1 or not batch):
                a = permute(a, ta, "".join(batch + left + contract))
                b = permute(b, tb, "".join(batch + contract + right))
                # A missing row or column is a dim of 1, squeezed after.
                if not left:
                    a = self.op("expand_dims", [a], {"axes": i64_array([len(batch)])},
                                hint=hint)
                if not right:
                    b = self.op("expand_dims", [b], {"axes": i64_array([len(batch) + 1])},
                                hint=hint)
                y = self.op("matmul", [a, b], hint=hint)
                squeezed = ([len(batch)] if not left else []) + (
                    [len(batch) + max(len(left), 1)] if not right else [])
                if squeezed:
                    y = self.op("squeeze", [y], {"axes": i64_array(squeezed)}, hint=hint)
                return permute(y, "".join(batch + left + right), output)

        # Every operand over all the indices (the output's first), the
        # product, and the sum over the rest.
        order = output + "".join(sorted(set("".join(t for _, t in values)) - set(output)))
        product = None
        for v, t in values:
            v = permute(v, t, "".join(c for c in order if c in t))
            missing = [a for a, c in enumerate(order) if c not in t]
            if missing:
                v = self.op("expand_dims", [v], {"axes": i64_array(missing)}, hint=hint)
            product = v if product is None else self.op("multiply", [product, v], hint=hint)
        y, _ = reduce(product, order, list(range(len(output), len(order))))
        return y

    def module(self, outputs, name="main", comment=None):
        """The module's text: @main returning `outputs`."""
        lines = []
        if comment:
            lines += [f"// {line}" if line else "//" for line in comment.splitlines()]
        params = []
        for value, attrs in self.params:
            params.append(f"%{value.name}: {value.type}" + (f" {attrs}" if attrs else ""))
        indent = " " * len(f"relax.func @{name}(")
        result_types = [o.type for o in outputs]
        rt = result_types[0] if len(outputs) == 1 else f"({', '.join(result_types)})"
        header = f"relax.func @{name}(" + f",\n{indent}".join(params) + f")\n    -> {rt}"
        func_attrs = [f"relax.grid = @{self.grid}"] if self.grid else []
        if self.constraints:
            sep = ",\n" + " " * 35
            func_attrs.append("sym.constraints = [" + sep.join(self.constraints) + "]")
        if func_attrs:
            header += "\n    attributes {" + ", ".join(func_attrs) + "}"
        lines.append(header + " {")
        # Results of the dataflow region; a value that is a parameter is
        # returned directly.
        outer = [self.fresh(o.name + "_out") for o in outputs]
        lines.append(f"  {', '.join('%' + n for n in outer)} = relax.dataflow"
                     f" -> {', '.join(result_types)} {{")
        lines += self.lines
        lines.append(f"    relax.output {', '.join('%' + o.name for o in outputs)}"
                     f" : {', '.join(result_types)}")
        lines.append("  }")
        lines.append(f"  relax.return {', '.join('%' + n for n in outer)}"
                     f" : {', '.join(result_types)}")
        lines.append("}")
        return "\n".join(lines) + "\n"


def _nested(items, shape):
    if len(shape) <= 1:
        return "[" + ", ".join(items) + "]"
    step = len(items) // shape[0]
    return "[" + ", ".join(_nested(items[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + "]"


class Deferred:
    """A weight computed only when it is written: its shape and dtype are
    known up front (for the file's header), its data comes from `compute`,
    so that a writer holds one weight at a time."""

    def __init__(self, shape, dtype, compute):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = np.dtype(dtype)
        self.compute = compute

    @property
    def nbytes(self):
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize

    def materialize(self):
        array = np.asarray(self.compute(), dtype=self.dtype)
        if array.shape != self.shape:
            raise ImportError_(f"a weight computed as {list(array.shape)} was "
                               f"declared {list(self.shape)}")
        return array


def write_weights(path, weights):
    """Writes `weights` (name -> numpy array or `Deferred`) as .safetensors
    or .npz, after the file's extension. A .safetensors file is written one
    weight at a time: the header from the shapes, then each weight's bytes,
    computed (if deferred) and dropped in turn."""
    def materialize(array):
        return array.materialize() if isinstance(array, Deferred) else array

    if str(path).endswith(".npz"):
        np.savez(path, **{name: materialize(a) for name, a in weights.items()})
        return
    dtypes = {"float32": "F32", "float16": "F16", "float64": "F64",
              "int64": "I64", "int32": "I32", "int16": "I16", "int8": "I8",
              "uint8": "U8", "bool": "BOOL"}
    header, offset = {}, 0
    for name, array in weights.items():
        size = int(np.prod(array.shape, dtype=np.int64)) * array.dtype.itemsize
        header[name] = {"dtype": dtypes[array.dtype.name],
                        "shape": list(array.shape),
                        "data_offsets": [offset, offset + size]}
        offset += size
    import json
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for name, array in weights.items():
            # (np.ascontiguousarray makes a 0-d array 1-d.)
            array = np.require(materialize(array), requirements="C")
            array = array.astype(array.dtype.newbyteorder("<"), copy=False)
            if array.nbytes != header[name]["data_offsets"][1] - \
                    header[name]["data_offsets"][0]:
                raise ImportError_(f"weight {name} changed size while written")
            array.tofile(f)
