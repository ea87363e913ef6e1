"""Imports an ONNX model (opset 17 and later) as relax IR.

Graph inputs become the parameters of `@main`, then initializers (the
weights, named after the initializer, or constants). A dynamic dim must have
a name (`dim_param`): each name becomes a `sym` variable; an input with an
unnamed dynamic dim is an error that names it. Nodes are translated one by
one; the op types relax-import has no translation for are listed at once,
with their node names.
"""

import numpy as np

from .emitter import Emitter, ImportError_, Value, float_attr, i64_array, shape_attr

_ELEMENTS = {1: "f32", 10: "f16", 11: "f64", 7: "i64", 6: "i32", 5: "i16", 3: "i8",
             9: "i1"}

_UNARY = {"Relu": "relu", "Sigmoid": "sigmoid", "Tanh": "tanh", "Exp": "exp",
          "Log": "log", "Sqrt": "sqrt", "Neg": "neg", "Erf": "erf", "Abs": "abs",
          "Cos": "cos", "Sin": "sin"}
_BINARY = {"Add": "add", "Sub": "subtract", "Mul": "multiply", "Div": "divide",
           "Pow": "power", "Max": "maximum", "Min": "minimum", "Equal": "equal",
           "Less": "less", "Greater": "greater", "LessOrEqual": "less_equal",
           "GreaterOrEqual": "greater_equal"}
_COMPARISONS = {"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual"}


class _Unsupported(Exception):
    pass


def _var(name):
    import re
    name = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return name if re.match(r"[A-Za-z_]", name) else "d" + name


class OnnxImporter:
    def __init__(self, model, weights_as_constants=False):
        import onnx
        import onnx.numpy_helper
        self.onnx = onnx
        self.model = onnx.shape_inference.infer_shapes(model)
        self.graph = self.model.graph
        self.constants = weights_as_constants
        self.e = Emitter()
        self.env = {}
        self.arrays = {}  # names of constant tensors -> numpy arrays
        self.weights = {}
        for init in self.graph.initializer:
            self.arrays[init.name] = onnx.numpy_helper.to_array(init)
        # The dims shape inference gives each value, where it knows them.
        self.dims = {}
        for info in list(self.graph.value_info) + list(self.graph.input):
            dims = []
            for d in info.type.tensor_type.shape.dim:
                if d.HasField("dim_value"):
                    dims.append(str(d.dim_value))
                elif d.dim_param and not d.dim_param.startswith("unk__"):
                    dims.append(_var(d.dim_param))
                else:
                    dims.append(None)
            self.dims[info.name] = dims

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
                    name = _var(d.dim_param)
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
                outs = handler(node, self._attrs(node))
            except _Unsupported as error:
                unsupported.append(f"{label}: {error}")
                continue
            outs = outs if isinstance(outs, list) else [outs]
            for name, value in zip(node.output, outs):
                self.env[name] = value
        if unsupported:
            raise ImportError_(
                f"cannot import the model: {len(unsupported)} unsupported "
                f"op{'s' if len(unsupported) > 1 else ''}:\n  " + "\n  ".join(unsupported))
        return [self.env[o.name] for o in self.graph.output]

    @staticmethod
    def _onnx_dtype(array):
        return {v: k for k, v in {1: np.float32, 10: np.float16, 11: np.float64,
                                  7: np.int64, 6: np.int32, 5: np.int16, 3: np.int8,
                                  9: np.bool_}.items()}[array.dtype.type]

    def _attrs(self, node):
        return {a.name: self.onnx.helper.get_attribute_value(a) for a in node.attribute}

    def _in(self, node, i):
        if i >= len(node.input) or not node.input[i]:
            return None
        return self.env[node.input[i]]

    def _const(self, node, i):
        """The value of input `i`, which must be a constant."""
        name = node.input[i] if i < len(node.input) else ""
        if name not in self.arrays:
            raise _Unsupported(f"input {i} must be a constant")
        return self.arrays[name]

    def _op(self, name, operands, attrs=None, node=None, **kw):
        return self.e.op(name, operands, attrs, hint=node.output[0] if node else "t", **kw)

    def elementwise(self, node, attrs):
        args = [self._in(node, i) for i in range(len(node.input))]
        if node.op_type in _UNARY:
            return self._op(_UNARY[node.op_type], args, node=node)
        # Comparisons give booleans whatever their operands are.
        element = "i1" if node.op_type in _COMPARISONS else None
        return self._op(_BINARY[node.op_type], args, node=node, element=element)

    def op_Identity(self, node, attrs):
        return self._in(node, 0)

    def op_Constant(self, node, attrs):
        array = self.onnx.numpy_helper.to_array(attrs["value"])
        self.arrays[node.output[0]] = array
        return self.e.constant(array, hint=node.output[0])

    def op_MatMul(self, node, attrs):
        return self._op("matmul", [self._in(node, 0), self._in(node, 1)], node=node)

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
        x = self._in(node, 0)
        shape = [int(d) for d in self._const(node, 1)]
        dims = []
        for i, d in enumerate(shape):
            if d == -1:
                dims.append("?")
            elif d == 0 and not attrs.get("allowzero"):
                known = self.dims.get(node.input[0]) or x.shape or []
                if i >= len(known) or known[i] is None:
                    raise _Unsupported("a 0 (copied) dim of an input of unknown shape")
                dims.append(known[i])
            else:
                dims.append(str(d))
        return self._op("reshape", [x], {"shape": shape_attr(dims)}, node=node,
                        shape=None if "?" in dims else dims)

    def op_Concat(self, node, attrs):
        values = [self._in(node, i) for i in range(len(node.input))]
        return self._op("concat", values, {"axis": str(attrs.get("axis", 0))}, node=node)

    def op_Gather(self, node, attrs):
        # ONNX indices may be negative, counting from the end of the axis.
        return self._op("take", [self._in(node, 0), self._in(node, 1)],
                        {"axis": str(attrs.get("axis", 0)),
                         "mode": "#relax.index_mode<wrap>"}, node=node)

    def _axes(self, node, attrs):
        if "axes" in attrs:
            return [int(a) for a in attrs["axes"]]
        if len(node.input) > 1 and node.input[1]:
            return [int(a) for a in self._const(node, 1)]
        return None

    def op_Unsqueeze(self, node, attrs):
        return self._op("expand_dims", [self._in(node, 0)],
                        {"axes": i64_array(self._axes(node, attrs))}, node=node)

    def op_Squeeze(self, node, attrs):
        axes = self._axes(node, attrs)
        return self._op("squeeze", [self._in(node, 0)],
                        {"axes": i64_array(axes)} if axes else None, node=node)

    def op_Cast(self, node, attrs):
        element = _ELEMENTS.get(attrs["to"])
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

    def op_Where(self, node, attrs):
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


def import_model(model, *, weights_as_constants=False, source=None):
    """Translates an ONNX model (a ModelProto or a path). Returns (module
    text, weights by initializer name)."""
    import onnx
    if isinstance(model, str):
        try:
            model = onnx.load(model)
        except Exception as error:  # noqa: BLE001 - any load failure
            raise ImportError_(f"cannot load {model} as an ONNX model: {error}") from None
    opset = max((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")),
                default=0)
    if opset < 17:
        raise ImportError_(f"the model has opset {opset}; relax-import takes 17 and later")
    importer = OnnxImporter(model, weights_as_constants)
    outputs = importer.run()
    comment = f"Imported from {source} by relax-import." if source else None
    return importer.e.module(outputs, comment=comment), importer.weights
