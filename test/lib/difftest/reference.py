"""A numpy interpreter of the generator's graphs.

It reads the `Graph` description (graph.py), not the relax IR, so it shares
nothing with the compiler: every op is written here from its definition in
docs/Dialects/RelaxOpLibrary.md. It runs in float64 for the expected results
and in float32 to estimate how much rounding alone can move a value (the
generator keeps only ops whose float32 and float64 results agree closely).
"""

import math

import warnings

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _gelu(x):
    return 0.5 * x * (1 + _erf(x.astype(np.float64) / math.sqrt(2)).astype(x.dtype))


def _gelu_tanh(x):
    c = x.dtype.type(math.sqrt(2 / math.pi))
    return 0.5 * x * (1 + np.tanh(c * (x + x.dtype.type(0.044715) * x ** 3)))


UNARY = {
    "exp": np.exp, "log": np.log, "sqrt": np.sqrt,
    "rsqrt": lambda x: 1 / np.sqrt(x), "tanh": np.tanh, "sigmoid": _sigmoid,
    "silu": lambda x: x * _sigmoid(x), "gelu": _gelu, "gelu_tanh": _gelu_tanh,
    "erf": lambda x: _erf(x.astype(np.float64)).astype(x.dtype),
    "sin": np.sin, "cos": np.cos, "relu": lambda x: np.maximum(x, 0),
    "neg": np.negative, "abs": np.abs,
}
BINARY = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "divide": np.divide, "power": np.power, "maximum": np.maximum,
    "minimum": np.minimum,
}
COMPARE = {
    "less": np.less, "less_equal": np.less_equal, "greater": np.greater,
    "greater_equal": np.greater_equal,
}
REDUCE = {
    "sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min,
    "prod": np.prod, "variance": np.var,
}
INTEGERS = {"i32": np.int32, "i64": np.int64}


def _axes(axes):
    return None if axes is None else tuple(axes)


def _axis(attrs):
    """The `axis` attribute; softmax's default is the last axis."""
    return -1 if attrs.get("axis") is None else attrs["axis"]


def _shape(dims, env):
    return tuple(-1 if d is None else d.evaluate(env) for d in dims)


def _softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis):
    s = x - x.max(axis=axis, keepdims=True)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def normalized_axes(node, rank):
    axes = node.attrs.get("axes")
    return tuple(range(rank - 1, rank)) if axes is None else tuple(
        a % rank for a in axes)


def apply(node, values, env, dtype):
    """The result of `node` with operands read from `values` (a dict from
    value names to arrays) and variables from `env`, which a match_cast
    extends. Arrays are of `dtype`."""
    op, a = node.op, node.attrs
    args = [values[v.name] for v in node.operands]
    x = args[0] if args else None
    # Empty tensors make numpy warn (the mean of an empty slice is NaN).
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if op in UNARY:
            return UNARY[op](x).astype(dtype)
        if op in BINARY:
            return BINARY[op](x, args[1]).astype(dtype)
        if op in COMPARE:
            return COMPARE[op](x, args[1])
        if op == "where":
            return np.where(x, args[1], args[2]).astype(dtype)
        if op == "astype":
            target = a.get("dtype", "f32")
            if target == "f16":
                return x.astype(np.float16).astype(dtype)
            if target in INTEGERS:
                return x.astype(INTEGERS[target])
            return x.astype(dtype)
        if op == "take":
            mode = a.get("mode", "check")
            return np.take(x, args[1], axis=a.get("axis", 0),
                           mode="raise" if mode == "check" else mode)
        if op == "split":
            cuts = [i.evaluate(env) for i in a["indices"]]
            return np.split(x, cuts, axis=a.get("axis", 0))[a["part"]]
        if op in ("max_pool2d", "avg_pool2d"):
            return _pool(x, op == "max_pool2d", a["pool_size"], a["strides"],
                         a["padding"]).astype(dtype)
        if op == "rotary_embedding":
            half = x.shape[-1] // 2
            rotated = np.concatenate([-x[..., half:], x[..., :half]], -1)
            return (x * args[1][None, :, None, :]
                    + rotated * args[2][None, :, None, :]).astype(dtype)
        if op == "group_norm":
            eps = dtype(a.get("epsilon") or 1e-5)
            g = x.reshape(x.shape[0], a["num_groups"], -1)
            g = (g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + eps)
            channels = (1, x.shape[1]) + (1,) * (x.ndim - 2)
            return (g.reshape(x.shape) * args[1].reshape(channels)
                    + args[2].reshape(channels)).astype(dtype)
        if op == "matmul":
            lhs, rhs = x, args[1]
            if a.get("transpose_a") and lhs.ndim >= 2:
                lhs = np.swapaxes(lhs, -1, -2)
            if a.get("transpose_b") and rhs.ndim >= 2:
                rhs = np.swapaxes(rhs, -1, -2)
            return np.asarray(np.matmul(lhs, rhs), dtype=dtype)
        if op == "attention":
            return attention(x, args[1], args[2], args[3] if len(args) > 3 else None,
                             bool(a.get("causal")), a.get("scale")).astype(dtype)
        if op in ("conv1d", "conv2d"):
            return _conv(x, args[1], a["strides"], a["padding"]).astype(dtype)
        if op in REDUCE:
            return np.asarray(REDUCE[op](x, axis=_axes(a.get("axes")),
                                         keepdims=bool(a.get("keepdims"))), dtype=dtype)
        if op == "softmax":
            return _softmax(x, _axis(a)).astype(dtype)
        if op == "log_softmax":
            return _log_softmax(x, _axis(a)).astype(dtype)
        if op == "cumsum":
            return np.cumsum(x, axis=_axis(a)).astype(dtype)
        if op == "rms_norm":
            axes = normalized_axes(node, x.ndim)
            eps = dtype(a.get("epsilon") or 1e-5)
            return (x / np.sqrt(np.mean(x * x, axis=axes, keepdims=True) + eps)
                    * args[1]).astype(dtype)
        if op == "layer_norm":
            axes = normalized_axes(node, x.ndim)
            eps = dtype(a.get("epsilon") or 1e-5)
            m = x.mean(axis=axes, keepdims=True)
            v = ((x - m) ** 2).mean(axis=axes, keepdims=True)
            return ((x - m) / np.sqrt(v + eps) * args[1] + args[2]).astype(dtype)
        if op == "reshape":
            return x.reshape(_shape(a["shape"], env))
        if op == "permute_dims":
            return np.transpose(x, _axes(a.get("axes")))
        if op == "expand_dims":
            return np.expand_dims(x, tuple(a["axes"]))
        if op == "squeeze":
            axes = a.get("axes")
            if axes is None:
                # Only dims of literal size 1 in the operand's type.
                axes = [i for i, d in enumerate(node.operands[0].shape)
                        if d.is_const() and d.value() == 1]
            return np.squeeze(x, tuple(axes)) if axes else x
        if op == "concat":
            return np.concatenate(args, axis=a.get("axis", 0))
        if op == "strided_slice":
            index = [slice(None)] * x.ndim
            strides = a.get("strides") or [1] * len(a["axes"])
            for axis, b, e, s in zip(a["axes"], a["begin"], a["end"], strides):
                dim = x.shape[axis]
                index[axis] = slice(min(b.evaluate(env), dim), min(e.evaluate(env), dim), s)
            return x[tuple(index)]
        if op == "broadcast_to":
            return np.broadcast_to(x, _shape(a["shape"], env)).copy()
        if op in ("tril", "triu"):
            return getattr(np, op)(x, a.get("k", 0)).astype(dtype)
        if op == "constant":
            return a["value"].astype(dtype)
        if op in ("zeros", "ones"):
            return getattr(np, op)(_shape(a["shape"], env), dtype)
        if op == "full":
            return np.full(_shape(a["shape"], env), x, dtype)
        if op == "arange":
            return np.arange(a["start"].evaluate(env), a["end"].evaluate(env),
                             a["step"].evaluate(env)).astype(dtype)
        if op == "match_cast":
            for d, size in zip(node.result.shape, x.shape):
                if d.is_var() and d.terms[0][0][0] not in env:
                    env[d.terms[0][0][0]] = size
            return x
        if op == "if":
            branch = a["then"] if bool(x) else a["else"]
            return run(branch[0], branch[1], dict(values), env, dtype)
    raise ValueError(f"no reference for {op}")


def attention(q, k, v, mask=None, causal=False, scale=None):
    """relax.attention: q [b, s, h, d], k and v [b, t, kv, *], a mask that
    broadcasts to [b, h, s, t] (i1 keeps, a float is added)."""
    s, t, d = q.shape[1], k.shape[1], q.shape[-1]
    group = q.shape[2] // k.shape[2]
    k, v = np.repeat(k, group, 2), np.repeat(v, group, 2)
    scale = 1.0 / np.sqrt(d) if scale is None else scale
    scores = np.einsum("bihd,bjhd->bhij", q, k) * scale
    if mask is not None and mask.dtype == np.bool_:
        scores = np.where(mask, scores, -np.inf)
    elif mask is not None:
        scores = scores + mask
    if causal:
        allowed = np.arange(t)[None, :] <= (t - s + np.arange(s))[:, None]
        scores = np.where(allowed, scores, -np.inf)
    p = np.exp(scores - scores.max(-1, keepdims=True))
    return np.einsum("bhij,bjhd->bihd", p / p.sum(-1, keepdims=True), v)


def _conv(x, w, strides, padding):
    """A convolution of [n, c, *spatial] by [f, c, *window] with symmetric
    zero padding, as a sum over the window's taps."""
    spatial = x.ndim - 2
    x = np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in padding])
    window = w.shape[2:]
    sizes = [(x.shape[2 + i] - window[i]) // strides[i] + 1 for i in range(spatial)]
    out = np.zeros((x.shape[0], w.shape[0], *sizes), np.result_type(x, w))
    for tap in np.ndindex(*window):
        index = (slice(None), slice(None)) + tuple(
            slice(tap[i], tap[i] + (sizes[i] - 1) * strides[i] + 1, strides[i])
            for i in range(spatial))
        out += np.einsum("nc...,fc->nf...", x[index], w[(slice(None), slice(None)) + tap])
    return out


def _pool(x, is_max, window, strides, padding):
    """max_pool2d / avg_pool2d of [n, c, h, w] with symmetric padding: -inf
    for the maximum, zeros counted in the average."""
    fill = -np.inf if is_max else 0.0
    x = np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in padding], constant_values=fill)
    sizes = [(x.shape[2 + i] - window[i]) // strides[i] + 1 for i in range(2)]
    taps = [x[:, :, i:i + (sizes[0] - 1) * strides[0] + 1:strides[0],
              j:j + (sizes[1] - 1) * strides[1] + 1:strides[1]]
            for i in range(window[0]) for j in range(window[1])]
    return np.max(taps, axis=0) if is_max else np.mean(taps, axis=0)


def precision(array, dtype):
    """A parameter's array as the interpreter reads it: floats in `dtype`,
    integers (indices) as they are."""
    return array.astype(dtype) if array.dtype.kind == "f" else array


def run(nodes, result, values, env, dtype):
    """Evaluates `nodes` in order into `values`; returns `result`'s array."""
    for node in nodes:
        values[node.result.name] = apply(node, values, env, dtype)
    return values[result.name]


def bind(graph, run_index):
    """The variables the parameters bind for run `run_index`."""
    env = {}
    for p in graph.params:
        array = graph.inputs[run_index][p.name]
        for d, size in zip(p.shape, array.shape):
            if d.is_var():
                env[d.terms[0][0][0]] = size
    return env


def evaluate(graph, run_index, dtype=np.float64):
    """The outputs of `graph` on the inputs of run `run_index`."""
    env = bind(graph, run_index)
    values = {p.name: precision(graph.inputs[run_index][p.name], dtype) for p in graph.params}
    for node in graph.nodes:
        values[node.result.name] = apply(node, values, env, dtype)
    return [values[v.name] for v in graph.outputs]
