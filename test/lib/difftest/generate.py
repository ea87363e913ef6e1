"""Random, well-typed graph functions with symbolic shapes.

A graph is built one op at a time. Every candidate op is evaluated at once
with the numpy interpreter, at the graph's two sizes, in float64 and float32;
it is kept only when its values are tame: finite, at most `LIMIT` in
magnitude, not too many, and with float32 and float64 results within a tenth
of the comparison's tolerance (so that rounding alone cannot make a
mismatch). Comparisons keep a margin between their operands, for the same
reason: a `where` or `relax.if` must not flip on rounding. Domains are
respected by choosing operands by their values (a log of a positive value, a
division by one away from zero).

Shapes mix static dims and parameter variables with ranges
(`#sym.range<n in [lo, hi]>`), and grow symbolic expressions through concat
(`n + m`), reshapes (`4 * n` to `[2, 2 * n]`), strided slices
(`(n + 1) floordiv 2`) and match_casts that bind new variables.
"""

import random
import warnings

import numpy as np

from . import reference
from .expr import Expr, evaluate_shape
from .graph import Graph, Node, Value

ONE = Expr.const(1)
PARAM_VARS = ("n", "m", "k")
STATIC_DIMS = (1, 1, 2, 3, 4, 5, 6, 7, 8, 16, 17, 32)
LIMIT = 1e3
# The runner's tolerance is 1e-4 * (1 + |expected|); an op is kept when
# float32 rounding moves it by at most a tenth of that.
ROUNDING = 1e-5


def tame(node, values, a64, a32, max_elements):
    """Whether the result of `node` (a64 in float64, a32 in float32, with
    operands in `values`, float64) can be compared at the tolerance."""
    if a64.size == 0:
        return a32.size == 0   # nothing to compare, but it must compile and run
    if node.result.dtype in reference.INTEGERS:
        if not (0 < a64.size <= max_elements and np.array_equal(a64, a32)):
            return False
        if node.op == "astype":
            # A cast truncates: values near an integer could go either way.
            x = values[node.operands[0].name]
            return bool(np.all(np.abs(x) < 1e6) and
                        np.all(np.abs(x - np.round(x)) >= 1e-3 * (1 + np.abs(x))))
        return True
    if node.result.dtype == "i1":
        if not np.array_equal(a64, a32):
            return False
        if node.op in reference.COMPARE:
            lhs, rhs = (values[v.name] for v in node.operands)
            margin = 1e-3 * (1 + np.abs(lhs) + np.abs(rhs))
            return bool(np.all(np.abs(lhs - rhs) >= margin))
        return True
    if not 0 < a64.size <= max_elements:
        return False
    if not (np.all(np.isfinite(a64)) and np.all(np.isfinite(a32))):
        return False
    if np.max(np.abs(a64)) > LIMIT:
        return False
    if np.any(np.abs(a32 - a64) > ROUNDING * (1 + np.abs(a64))):
        return False
    if node.op == "group_norm":
        x = values[node.operands[0].name]
        g = x.reshape(x.shape[0], node.attrs["num_groups"], -1)
        mean = g.mean(axis=-1)
        return bool(np.all(g.var(axis=-1) >= 1e-3 * mean ** 2 + 1e-4))
    if node.op in ("variance", "layer_norm"):
        # A variance far below the squared mean cancels.
        x = values[node.operands[0].name]
        axes = node.attrs.get("axes")
        if node.op == "layer_norm":
            axes = reference.normalized_axes(node, x.ndim)
        axes = None if axes is None else tuple(axes)
        mean = x.mean(axis=axes)
        return bool(np.all(x.var(axis=axes) >= 1e-3 * mean ** 2 + 1e-4))
    return True


class Options:
    """What the generator may produce."""

    def __init__(self, max_ops=12, control_flow=True, match_cast=True,
                 max_elements=2048, keepdims_inner_reductions=True,
                 bool_outputs=True, conv=True, int64=True, zero_dims=True):
        self.max_ops = max_ops
        # Some graphs run once with a variable equal to 0 (its range starts
        # at 0): tensors without elements.
        self.zero_dims = zero_dims
        # i64 tensors (take's indices) besides i32 ones; WebGPU has none.
        self.int64 = int64
        # Convolutions (conv1d, conv2d) among the ops.
        self.conv = conv
        self.control_flow = control_flow
        self.match_cast = match_cast
        self.max_elements = max_elements
        # Reductions with keepdims that keep a dim before a reduced axis and
        # keep an innermost dim the vectors need a mask for (dynamic, or
        # static past 16 and not a multiple of 16: [m, 5, k] or [m, 4, 17]
        # over axis 1); relax-opt once failed on them.
        self.keepdims_inner_reductions = keepdims_inner_reductions
        # Comparison results among the graph's results; they were once
        # stored as packed bits and read back one byte per element.
        self.bool_outputs = bool_outputs


def broadcast(*shapes):
    """The broadcast of symbolic shapes, or None when two dims differ and
    neither is a literal 1."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(1, rank + 1):
        dims = {s[-i] for s in shapes if len(s) >= i} - {ONE}
        if len(dims) > 1:
            return None
        out.append(dims.pop() if dims else ONE)
    return tuple(reversed(out))


def matmul_shape(a, b, transpose_a=False, transpose_b=False):
    """The result shape of relax.matmul, or None when it does not apply."""
    if not a or not b:
        return None
    if len(a) >= 2 and transpose_a:
        a = a[:-2] + (a[-1], a[-2])
    if len(b) >= 2 and transpose_b:
        b = b[:-2] + (b[-1], b[-2])
    ka, batch_a, m = (a[0], (), ()) if len(a) == 1 else (a[-1], a[:-2], (a[-2],))
    kb, batch_b, n = (b[0], (), ()) if len(b) == 1 else (b[-2], b[:-2], (b[-1],))
    batch = broadcast(batch_a, batch_b)
    if ka != kb or batch is None:
        return None
    return batch + m + n


class _Builder:
    def __init__(self, rng, name, options):
        self.rng, self.options = rng, options
        self.np_rng = np.random.default_rng(rng.getrandbits(32))
        variables = {}
        for v in PARAM_VARS[:rng.choice([1, 2, 2, 3])]:
            lo = rng.choice([1, 1, 2, 3, 4])
            variables[v] = (lo, lo + rng.choice([3, 6, 10, 16, 30]))
        self.graph = Graph(name, variables)
        self.graph.dataflow = rng.random() < 0.85
        self.envs = [{v: rng.randint(lo, hi) for v, (lo, hi) in variables.items()}
                     for _ in range(2)]
        for v, (lo, hi) in variables.items():
            if self.envs[0][v] == self.envs[1][v] and hi > lo:
                self.envs[1][v] = lo + (self.envs[0][v] - lo + 1) % (hi - lo + 1)
        if options.zero_dims and rng.random() < 0.15:
            v = rng.choice(sorted(variables))
            variables[v] = (0, variables[v][1])
            self.graph.variables[v] = variables[v]
            self.envs[1][v] = 0
        self.graph.sizes = [dict(e) for e in self.envs]
        self.graph.inputs = [{}, {}]
        # values[run][precision]: value name -> array.
        self.values = [[{}, {}] for _ in range(2)]
        self.scopes = [[]]           # visible values, per nested block
        self.blocks = [self.graph.nodes]
        self.pending = []            # parameters made for the op being built
        self.counter = 0
        self.casts = 0

    # Values.
    def visible(self):
        return [v for scope in self.scopes for v in scope]

    def arrays(self, v, precision=0):
        return [self.values[run][precision][v.name] for run in range(2)]

    def holds(self, v, predicate):
        return all(predicate(a) for a in self.arrays(v))

    def pick(self, predicate=None, dtype="f32"):
        """A visible value, recent ones more likely."""
        candidates = [v for v in self.visible() if v.dtype == dtype and
                      (predicate is None or predicate(v))]
        if not candidates:
            return None
        weights = [(i + 1) ** 2 for i in range(len(candidates))]
        return self.rng.choices(candidates, weights)[0]

    def dim(self):
        if self.graph.variables and self.rng.random() < 0.5:
            return Expr.var(self.rng.choice(sorted(self.graph.variables)))
        return Expr.const(self.rng.choice(STATIC_DIMS))

    def shape(self, rank=None):
        rank = self.rng.choice([1, 2, 2, 3, 3, 4]) if rank is None else rank
        return tuple(self.dim() for _ in range(rank))

    def numel_ok(self, shape):
        try:
            sizes = [evaluate_shape(shape, env) for env in self.envs]
        except KeyError:
            return False
        # Empty only where a variable is 0.
        return all(0 < int(np.prod(s)) <= self.options.max_elements
                   or (int(np.prod(s)) == 0 and 0 in env.values())
                   for s, env in zip(sizes, self.envs))

    def param(self, shape, positive=False):
        """A fresh parameter, or None when the shape names variables that
        parameters cannot bind or is too large."""
        shape = tuple(shape)
        if any(d.variables() - set(self.graph.variables) for d in shape):
            return None
        if not self.numel_ok(shape):
            return None
        v = Value(f"p{len(self.graph.params) + len(self.pending)}", shape)
        for run, env in enumerate(self.envs):
            dims = evaluate_shape(shape, env)
            if positive:
                a = self.np_rng.uniform(0.5, 2.0, dims)
            else:
                a = self.np_rng.standard_normal(dims)
            a = np.asarray(a, np.float32)
            self.values[run][0][v.name] = a.astype(np.float64)
            self.values[run][1][v.name] = a
        self.pending.append(v)
        return v

    def index_param(self, shape, low, high, dtype="i64"):
        """A fresh integer parameter with values in [low, high), or None."""
        shape = tuple(shape)
        if any(d.variables() - set(self.graph.variables) for d in shape):
            return None
        if not self.numel_ok(shape):
            return None
        v = Value(f"p{len(self.graph.params) + len(self.pending)}", shape, dtype)
        for run, env in enumerate(self.envs):
            a = self.np_rng.integers(low, high, evaluate_shape(shape, env))
            a = a.astype(reference.INTEGERS[dtype])
            self.values[run][0][v.name] = self.values[run][1][v.name] = a
        self.pending.append(v)
        return v

    def half_param(self, shape):
        """A fresh f16 parameter (normal values rounded to f16), or None."""
        v = self.param(shape)
        if v is None:
            return None
        v.dtype = "f16"
        for run in range(2):
            a = self.values[run][1][v.name].astype(np.float16)
            self.values[run][0][v.name] = a.astype(np.float64)
            self.values[run][1][v.name] = a
        return v

    def constant(self, shape, positive=False):
        """A relax.constant of a static shape."""
        if not all(d.is_const() for d in shape):
            return None
        dims = tuple(d.value() for d in shape)
        if int(np.prod(dims)) > 64:
            return None
        a = (self.np_rng.uniform(0.5, 2.0, dims) if positive
             else self.np_rng.standard_normal(dims))
        return self.add("constant", [], shape, value=np.asarray(a, np.float32))

    def partner(self, shape, predicate=None, positive=False):
        """A value of exactly `shape`: an existing one, a constant or a
        fresh parameter."""
        if self.rng.random() < 0.4:
            v = self.pick(lambda v: v.shape == shape and
                          (predicate is None or predicate(v)))
            if v is not None:
                return v
        if self.rng.random() < 0.15:
            v = self.constant(shape, positive)
            if v is not None:
                return v
        return self.param(shape, positive)

    def partner_shape(self, shape, extra=True):
        """A shape that broadcasts against `shape` (to `shape` itself unless
        `extra`, which allows leading dims and stretching literal 1s)."""
        rank = len(shape)
        new_rank = self.rng.randint(0, rank)
        if extra and self.rng.random() < 0.15:
            new_rank = rank + 1
        dims = []
        for i in range(1, new_rank + 1):
            if i > rank:
                dims.append(self.dim())
            elif shape[-i] == ONE:
                dims.append(self.dim() if extra and self.rng.random() < 0.5 else ONE)
            else:
                dims.append(ONE if self.rng.random() < 0.3 else shape[-i])
        return tuple(reversed(dims))

    # Adding an op.
    def add(self, op, operands, result_shape, result_dtype="f32", **attrs):
        """Adds the op when its values are tame; returns its result or
        None (then the parameters made for it are dropped)."""
        shape = tuple(result_shape)
        bound = {name for p in self.graph.params + self.pending for d in p.shape
                 for name in d.variables()} | set(self.envs[0]) - set(self.graph.variables)
        if op == "match_cast":
            bound |= {name for d in shape for name in d.variables()
                      if name not in self.graph.variables}
        if any(d.variables() - bound for d in shape):
            # A variable that no parameter binds.
            self.drop_pending()
            return None
        result = Value(f"v{self.counter}", shape, result_dtype)
        node = Node(op, operands, result, **attrs)
        envs = [dict(e) for e in self.envs]
        computed = []
        for run in range(2):
            try:
                a64 = reference.apply(node, self.values[run][0], envs[run], np.float64)
                a32 = reference.apply(node, self.values[run][1], dict(envs[run]),
                                      np.float32)
            except (ValueError, IndexError, ZeroDivisionError):
                # What numpy refuses (an empty axis to reduce or split)
                # is no graph.
                self.drop_pending()
                return None
            expected = evaluate_shape(shape, envs[run])
            if tuple(a64.shape) != expected:
                raise AssertionError(f"generator: {node} has shape {a64.shape}, "
                                     f"its type says {expected}")
            computed.append((a64, a32))
        if not all(self.tame(node, run, a64, a32) for run, (a64, a32) in enumerate(computed)):
            self.drop_pending()
            return None
        self.counter += 1
        for run, (a64, a32) in enumerate(computed):
            self.values[run][0][result.name] = a64
            self.values[run][1][result.name] = a32
        self.envs = envs
        self.commit_pending()
        self.blocks[-1].append(node)
        self.scopes[-1].append(result)
        return result

    def drop_pending(self):
        for v in self.pending:
            for run in range(2):
                del self.values[run][0][v.name], self.values[run][1][v.name]
        self.pending = []

    def commit_pending(self):
        for v in self.pending:
            self.graph.params.append(v)
            self.scopes[0].append(v)
            for run in range(2):
                self.graph.inputs[run][v.name] = self.values[run][1][v.name]
        self.pending = []

    def tame(self, node, run, a64, a32):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return tame(node, self.values[run][0], a64, a32, self.options.max_elements)

    # Op builders: each returns a Value or None.
    def unary(self, x=None):
        op = self.rng.choice(list(reference.UNARY))
        domain = {
            "log": lambda a: a.min() > 0.1, "sqrt": lambda a: a.min() > 0.1,
            "rsqrt": lambda a: a.min() > 0.1, "exp": lambda a: a.max() < 6,
        }.get(op)
        ok = (lambda v: self.holds(v, domain)) if domain else None
        if x is None:
            x = self.pick(ok)
            if x is None and domain and self.rng.random() < 0.5:
                x = self.param(self.shape(), positive=True)
        elif ok and not ok(x):
            return None
        return x and self.add(op, [x], x.shape)

    def binary(self, x=None):
        op = self.rng.choice(list(reference.BINARY))
        keep = x is not None
        a_ok = (lambda v: self.holds(v, lambda a: a.min() > 0.1)) if op == "power" else None
        b_domain = {"divide": lambda a: np.abs(a).min() > 0.2,
                    "power": lambda a: np.abs(a).max() < 2}.get(op)
        b_ok = (lambda v: self.holds(v, b_domain)) if b_domain else None
        a = x if keep else self.pick(a_ok)
        if a is None or (a_ok and not a_ok(a)):
            return None
        b = None
        if not keep and self.rng.random() < 0.5:
            b = self.pick(lambda v: broadcast(a.shape, v.shape) is not None and
                          (b_ok is None or b_ok(v)))
        if b is None:
            b = self.partner(self.partner_shape(a.shape, extra=not keep), b_ok,
                             positive=op in ("divide", "power"))
        if b is None:
            return None
        if op in ("add", "multiply", "maximum", "minimum", "subtract") and \
                self.rng.random() < 0.4:
            a, b = b, a
        return self.add(op, [a, b], broadcast(a.shape, b.shape))

    def matmul(self, x=None):
        """A matmul of x (picked, or the given left operand) with an
        existing value or a new one."""
        x_is_lhs = x is not None or self.rng.random() < 0.7
        x = x or self.pick(lambda v: len(v.shape) >= 1)
        if x is None or not x.shape:
            return None
        tx = len(x.shape) >= 2 and self.rng.random() < 0.3
        ty = self.rng.random() < 0.4
        # The contraction dim of x.
        if len(x.shape) == 1:
            k = x.shape[0]
        else:
            k = x.shape[-1] if x_is_lhs != tx else x.shape[-2]
        y = None
        if self.rng.random() < 0.4:
            def fits(v):
                a, b = (x, v) if x_is_lhs else (v, x)
                ta, tb = (tx, ty) if x_is_lhs else (ty, tx)
                return matmul_shape(a.shape, b.shape, ta, tb) is not None
            y = self.pick(fits)
        if y is None:
            rank = self.rng.choice([1, 2, 2, 2, 3])
            other = self.dim()
            if rank == 1:
                shape = (k,)
            elif x_is_lhs:   # y is [K, N], or [N, K] transposed
                shape = (other, k) if ty else (k, other)
            else:            # y is [M, K], or [K, M] transposed
                shape = (k, other) if ty else (other, k)
            if rank == 3:
                batch = x.shape[:-2] if len(x.shape) > 2 else ()
                shape = (self.partner_shape(batch) if batch else (self.dim(),)) + shape
            y = self.partner(shape)
        if y is None:
            return None
        if len(y.shape) < 2:
            ty = False
        a, b, ta, tb = (x, y, tx, ty) if x_is_lhs else (y, x, ty, tx)
        shape = matmul_shape(a.shape, b.shape, ta, tb)
        if shape is None:
            return None
        attrs = {"transpose_a": ta, "transpose_b": tb}
        return self.add("matmul", [a, b], shape, **attrs)

    def reduce(self):
        op = self.rng.choice(["sum", "sum", "mean", "mean", "max", "min", "prod",
                              "variance"])
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        rank = len(x.shape)
        keepdims = self.rng.random() < 0.4
        if self.rng.random() < 0.15:
            axes, reduced = None, set(range(rank))
        else:
            reduced = set(self.rng.sample(range(rank), self.rng.randint(1, rank)))
            axes = sorted(a - rank if self.rng.random() < 0.3 else a for a in reduced)
            axes = sorted(axes, key=lambda a: a % rank)
        if keepdims and not self.options.keepdims_inner_reductions:
            leading = set(range(len(reduced))) == reduced
            inner = x.shape[-1]
            masked = not inner.is_const() or (inner.value() > 16 and inner.value() % 16)
            if not leading and rank - 1 not in reduced and masked:
                keepdims = False
        shape = tuple(ONE if i in reduced else d for i, d in enumerate(x.shape)
                      if keepdims or i not in reduced)
        return self.add(op, [x], shape, axes=axes, keepdims=keepdims)

    def along_axis(self, x=None):
        """softmax, log_softmax or cumsum along one axis."""
        op = self.rng.choice(["softmax", "softmax", "log_softmax", "cumsum"])
        x = x or self.pick(lambda v: len(v.shape) >= 1)
        if x is None or not x.shape:
            return None
        rank = len(x.shape)
        axis = self.rng.randrange(-rank, rank)
        if op != "cumsum" and axis == -1 and self.rng.random() < 0.5:
            axis = None
        return self.add(op, [x], x.shape, axis=axis)

    def norm(self, x=None):
        op = self.rng.choice(["rms_norm", "layer_norm"])
        x = x or self.pick(lambda v: len(v.shape) >= 1)
        if x is None or not x.shape:
            return None
        rank = len(x.shape)
        count = 1 if rank == 1 or self.rng.random() < 0.7 else 2
        dims = x.shape[rank - count:]
        operands = [x]
        for _ in range(1 if op == "rms_norm" else 2):
            w = self.partner(dims)
            if w is None:
                return None
            operands.append(w)
        axes = None
        if count == 2 or self.rng.random() < 0.4:
            axes = (list(range(-count, 0)) if self.rng.random() < 0.5
                    else list(range(rank - count, rank)))
        epsilon = self.rng.choice([None, None, 1e-6])
        return self.add(op, operands, x.shape, axes=axes, epsilon=epsilon)

    def triangle(self, x=None):
        x = x or self.pick(lambda v: len(v.shape) >= 2)
        if x is None or len(x.shape) < 2:
            return None
        return self.add(self.rng.choice(["tril", "triu"]), [x], x.shape,
                        k=self.rng.choice([-1, 0, 0, 1]))

    def reshape(self):
        x = self.pick()
        if x is None:
            return None
        factors = [f for d in x.shape for f in d.factors()]
        rank = self.rng.randint(1, 4)
        bins = [[] for _ in range(rank)]
        for f in factors:
            bins[self.rng.randrange(rank)].append(f)
        shape = []
        for b in bins:
            d = ONE
            for f in b:
                d = d * f
            shape.append(d)
        shape = tuple(shape)
        attr = list(shape)
        if self.rng.random() < 0.3:
            attr[self.rng.randrange(rank)] = None
        return self.add("reshape", [x], shape, shape=attr)

    def permute(self):
        x = self.pick(lambda v: len(v.shape) >= 2)
        if x is None:
            return None
        rank = len(x.shape)
        if self.rng.random() < 0.2:
            axes, perm = None, list(reversed(range(rank)))
        else:
            perm = list(range(rank))
            while perm == sorted(perm):
                self.rng.shuffle(perm)
            axes = perm
        return self.add("permute_dims", [x], tuple(x.shape[i] for i in perm), axes=axes)

    def expand(self):
        x = self.pick(lambda v: len(v.shape) <= 3)
        if x is None:
            return None
        count = self.rng.choice([1, 1, 2])
        out_rank = len(x.shape) + count
        positions = sorted(self.rng.sample(range(out_rank), count))
        dims = iter(x.shape)
        shape = tuple(ONE if i in positions else next(dims) for i in range(out_rank))
        axes = [p - out_rank if self.rng.random() < 0.3 else p for p in positions]
        return self.add("expand_dims", [x], shape, axes=axes)

    def squeeze(self):
        x = self.pick(lambda v: ONE in v.shape)
        if x is None:
            return None
        ones = [i for i, d in enumerate(x.shape) if d == ONE]
        if self.rng.random() < 0.3:
            axes, removed = None, set(ones)
        else:
            removed = set(self.rng.sample(ones, self.rng.randint(1, len(ones))))
            axes = sorted(removed)
        shape = tuple(d for i, d in enumerate(x.shape) if i not in removed)
        return self.add("squeeze", [x], shape, axes=axes)

    def concat(self):
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        rank = len(x.shape)
        axis = self.rng.randrange(rank)
        inputs = [x]
        for _ in range(self.rng.choice([1, 1, 2])):
            shape = list(x.shape)
            shape[axis] = self.dim() if self.rng.random() < 0.7 else x.shape[axis]
            y = self.partner(tuple(shape))
            if y is None:
                return None
            inputs.append(y)
        if self.rng.random() < 0.5:
            self.rng.shuffle(inputs)
        total = inputs[0].shape[axis]
        for v in inputs[1:]:
            total = total + v.shape[axis]
        shape = x.shape[:axis] + (total,) + x.shape[axis + 1:]
        if not self.numel_ok(shape):
            return None
        attr = axis - rank if self.rng.random() < 0.3 else axis
        return self.add("concat", inputs, shape, axis=attr)

    def slice(self):
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        rank = len(x.shape)
        axes = sorted(self.rng.sample(range(rank), self.rng.choice([1, 1, 2]) if rank > 1 else 1))
        begins, ends, strides, shape = [], [], [], list(x.shape)
        for axis in axes:
            d = x.shape[axis]
            smallest = min(a.shape[axis] for a in self.arrays(x))
            stride = self.rng.choice([1, 1, 1, 2, 3])
            begin = Expr.const(self.rng.randint(0, min(smallest - 1, 3)))
            kind = self.rng.choice(["dim", "dim", "below", "const", "past", "last"])
            end, effective = d, d
            if kind == "below" and smallest - begin.value() > 1:
                c = self.rng.randint(1, smallest - begin.value() - 1)
                end = effective = d - c
            elif kind == "const":
                end = effective = Expr.const(self.rng.randint(begin.value() + 1, smallest))
            elif kind == "past":
                end = d + self.rng.randint(1, 3)
            elif kind == "last" and not d.is_const():
                c = self.rng.randint(1, smallest)
                begin, stride = d - c, 1
            begins.append(begin)
            ends.append(end)
            strides.append(stride)
            shape[axis] = (effective - begin + (stride - 1)).floordiv(stride)
        attrs = dict(axes=axes, begin=begins, end=ends,
                     strides=strides if any(s != 1 for s in strides) or
                     self.rng.random() < 0.3 else None)
        return self.add("strided_slice", [x], tuple(shape), **attrs)

    def broadcast_to(self):
        x = self.pick()
        if x is None:
            return None
        shape = [self.dim() if d == ONE and self.rng.random() < 0.6 else d for d in x.shape]
        lead = self.rng.choice([0, 0, 1, 2])
        if lead == 0 and tuple(shape) == x.shape:
            lead = 1
        shape = tuple([self.dim() for _ in range(lead)] + shape)
        if not self.numel_ok(shape):
            return None
        return self.add("broadcast_to", [x], shape, shape=list(shape))

    def compare(self):
        op = self.rng.choice(list(reference.COMPARE))
        a = self.pick()
        if a is None:
            return None
        b = None
        if self.rng.random() < 0.5:
            b = self.pick(lambda v: v is not a and broadcast(a.shape, v.shape) is not None)
        b = b or self.partner(self.partner_shape(a.shape))
        if b is None:
            return None
        return self.add(op, [a, b], broadcast(a.shape, b.shape), result_dtype="i1")

    def where(self):
        cond = self.pick(dtype="i1") if self.rng.random() < 0.5 else None
        cond = cond or self.compare()
        if cond is None:
            return None
        x = self.pick(lambda v: broadcast(cond.shape, v.shape) is not None)
        if x is None or self.rng.random() < 0.3:
            x = self.partner(self.partner_shape(cond.shape))
        if x is None:
            return None
        both = broadcast(cond.shape, x.shape)
        y = self.partner(self.partner_shape(both))
        if y is None:
            return None
        if self.rng.random() < 0.5:
            x, y = y, x
        return self.add("where", [cond, x, y], broadcast(cond.shape, x.shape, y.shape))

    def astype(self):
        c = self.pick(dtype="i1")
        return c and self.add("astype", [c], c.shape, dtype="f32")

    def create(self):
        op = self.rng.choice(["zeros", "ones", "full", "arange", "arange"])
        if op == "arange":
            x = self.pick(lambda v: len(v.shape) >= 1)
            end = self.dim()
            if x is not None and self.rng.random() < 0.5:
                end = self.rng.choice(x.shape)
            smallest = min(end.evaluate(env) for env in self.envs)
            start = self.rng.randint(0, min(2, smallest - 1))
            step = self.rng.choice([1, 1, 2])
            shape = ((end - start + (step - 1)).floordiv(step),)
            return self.add("arange", [], shape, start=Expr.const(start), end=end,
                            step=Expr.const(step))
        shape = self.shape()
        if not self.numel_ok(shape) or any(d.variables() - set(self.graph.variables)
                                           for d in shape):
            return None
        if op == "full":
            v = self.pick(lambda v: v.shape == ()) if self.rng.random() < 0.5 else None
            v = v or self.partner(())
            return v and self.add("full", [v], shape, shape=list(shape))
        return self.add(op, [], shape, shape=list(shape))

    def match_cast(self):
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        positions = self.rng.sample(range(len(x.shape)),
                                    self.rng.randint(1, min(2, len(x.shape))))
        shape = list(x.shape)
        for i in positions:
            shape[i] = Expr.var(f"q{self.casts}")
            self.casts += 1
        return self.add("match_cast", [x], tuple(shape))

    def branch(self, x):
        """The nodes of one branch of a relax.if, which yields a value of
        x's type: a chain of ops that keep the shape."""
        self.scopes.append([])
        self.blocks.append([])
        current = x
        for _ in range(self.rng.choice([0, 1, 1, 2, 3])):
            builder = self.rng.choice([self.unary, self.unary, self.binary,
                                       self.along_axis, self.norm, self.triangle])
            current = builder(current) or current
        nodes = self.blocks.pop()
        self.scopes.pop()
        return nodes, current

    def if_(self):
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        scalar = self.add(self.rng.choice(["sum", "mean", "max"]), [x], (), axes=None)
        if scalar is None:
            return None
        s0, s1 = (a.item() for a in self.arrays(scalar))
        # A threshold between the two runs' values takes one branch in each.
        threshold = (s0 + s1) / 2 if abs(s0 - s1) > 0.1 else s0 + self.rng.choice([-1, 1])
        t = self.add("constant", [], (), value=np.asarray(threshold, np.float32))
        cond = t and self.add("greater", [scalar, t], (), result_dtype="i1")
        if cond is None:
            return None
        y = self.pick(lambda v: len(v.shape) >= 1)
        then_branch = self.branch(y)
        else_branch = self.branch(y)
        return self.add("if", [cond], y.shape, **{"then": then_branch, "else": else_branch})

    def motif(self):
        """A pattern the fusion rules look for: a matmul with an elementwise
        epilogue, two matmuls of one left operand (horizontal fusion, SwiGLU),
        a normalization feeding a matmul (prologue), or softmax(q k^T) v."""
        kind = self.rng.choice(["epilogue", "horizontal", "prologue", "attention"])
        if kind == "epilogue":
            y = self.matmul()
            for _ in range(self.rng.randint(1, 3)):
                y = y and (self.rng.choice([self.unary, self.binary])(y) or y)
            return y
        if kind == "horizontal":
            x = self.pick(lambda v: len(v.shape) >= 2)
            a = x and self.matmul(x)
            b = a and self.matmul(x)
            if b is None:
                return a
            if a.shape == b.shape:
                gate = self.add("silu", [a], a.shape)
                return gate and self.add("multiply", [gate, b], a.shape)
            return b
        if kind == "prologue":
            n = self.norm()
            return n and self.matmul(n)
        if self.rng.random() < 0.5:
            return self.attention()
        q = self.pick(lambda v: len(v.shape) >= 2)
        if q is None:
            return None
        t = self.dim()
        k = self.partner(q.shape[:-2] + (t, q.shape[-1]))
        scores = k and self.add("matmul", [q, k], q.shape[:-1] + (t,), transpose_b=True)
        if scores is None:
            return None
        scale = self.constant((), positive=True)
        scaled = scale and self.add("multiply", [scores, scale], scores.shape)
        p = scaled and self.add("softmax", [scaled], scaled.shape)
        v = p and self.partner(q.shape[:-2] + (t, self.dim()))
        return v and self.add("matmul", [p, v], p.shape[:-1] + (v.shape[-1],))

    def attention(self):
        """relax.attention of new or existing [b, s, heads, d] queries and
        [b, t, kv_heads, d] keys and values (heads a multiple of kv_heads),
        causal or not, with a given scale or the default, and a mask or
        none: additive over [s, t] or [b, 1, 1, t], or of i1 from a
        comparison over [b, 1, s, t]."""
        kv = self.rng.choice([1, 1, 2])
        heads = Expr.const(kv * self.rng.choice([1, 2, 3]))
        b, s = self.dim(), self.dim()
        t = s if self.rng.random() < 0.5 else self.dim()
        d = Expr.const(self.rng.choice([2, 4, 8, 16]))
        q = self.partner((b, s, heads, d))
        k = q and self.partner((b, t, Expr.const(kv), d))
        v = k and self.partner((b, t, Expr.const(kv), self.dim()))
        if v is None:
            return None
        operands = [q, k, v]
        kind = self.rng.choice(["none", "none", "positions", "padding", "bool"])
        one = Expr.const(1)
        mask = None
        if kind == "positions":
            mask = self.partner((s, t))
        elif kind == "padding":
            mask = self.partner((b, one, one, t))
        elif kind == "bool":
            scores = self.partner((b, one, s, t))
            zero = scores and self.constant(())
            mask = zero and self.add(self.rng.choice(["greater", "less"]),
                                     [scores, zero], scores.shape,
                                     result_dtype="i1")
        if kind != "none" and mask is None:
            return None
        if mask is not None:
            operands.append(mask)
        attrs = {"causal": self.rng.random() < 0.5}
        if self.rng.random() < 0.3:
            attrs["scale"] = self.rng.choice([0.125, 0.5, 1.0])
        return self.add("attention", operands, (b, s, heads, v.shape[3]),
                        **attrs)

    def conv(self):
        """A conv1d or conv2d of a [n, c, w] or [n, c, h, w] value (picked,
        or a new parameter) with new weights: 1 to 12 output channels,
        windows of 1 to 3, strides of 1 to 3, and padding enough that every
        output size is at least 1."""
        rank = self.rng.choice([3, 3, 4])
        x = self.pick(lambda v: len(v.shape) == rank)
        if x is None:
            x = self.param(self.shape(rank))
        if x is None:
            return None
        spatial = rank - 2
        window = self.rng.randint(1, 3)
        stride = self.rng.randint(1, 3)
        pad = self.rng.randint((window - 1 + 1) // 2, window - 1) if window > 1 else 0
        channels = self.rng.randint(1, 12)
        w = self.partner((Expr.const(channels), x.shape[1]) +
                         (Expr.const(window),) * spatial)
        if w is None:
            return None
        sizes = tuple((d + (2 * pad - window + stride)).floordiv(stride)
                      for d in x.shape[2:])
        return self.add(f"conv{spatial}d", [x, w], (x.shape[0], w.shape[0]) + sizes,
                        strides=[stride] * spatial, padding=[pad] * spatial)

    def take(self):
        """relax.take of a picked value along one axis, by new i64 indices
        (in range, or also out of range with the wrap and clip modes), or
        by i32 indices cast from a float value."""
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        axis = self.rng.randrange(len(x.shape))
        size = min(a.shape[axis] for a in self.arrays(x))
        mode = self.rng.choice(["check", "check", "wrap", "clip"])
        low, high = (0, size) if mode == "check" else (-2 * size, 2 * size)
        shape = self.shape(self.rng.choice([1, 1, 2]))
        indices = None
        if mode != "check" and self.rng.random() < 0.3:
            source = self.partner(shape)
            scaled = source and self.constant((), positive=True)
            product = scaled and self.add("multiply", [source, scaled], shape)
            indices = product and self.add("astype", [product], shape, result_dtype="i32",
                                           dtype="i32")
        index_type = self.rng.choice(["i64", "i32"]) if self.options.int64 else "i32"
        indices = indices or self.index_param(shape, low, high, index_type)
        if indices is None:
            return None
        result = x.shape[:axis] + indices.shape + x.shape[axis + 1:]
        if not self.numel_ok(result):
            return None
        attr = axis - len(x.shape) if self.rng.random() < 0.3 else axis
        return self.add("take", [x, indices], result, axis=attr, mode=mode)

    def split(self):
        """One part of relax.split at constant positions of an axis."""
        x = self.pick(lambda v: len(v.shape) >= 1)
        if x is None:
            return None
        axis = self.rng.randrange(len(x.shape))
        d = x.shape[axis]
        size = min(a.shape[axis] for a in self.arrays(x))
        if size < 2:
            return None
        cuts = sorted(self.rng.sample(range(1, size), min(size - 1, self.rng.choice([1, 1, 2]))))
        bounds = [Expr.const(0)] + [Expr.const(c) for c in cuts] + [d]
        parts = [x.shape[:axis] + (bounds[i + 1] - bounds[i],) + x.shape[axis + 1:]
                 for i in range(len(cuts) + 1)]
        part = self.rng.randrange(len(parts))
        return self.add("split", [x], parts[part], axis=axis,
                        indices=[Expr.const(c) for c in cuts], part=part, parts=parts)

    def pool(self):
        """max_pool2d or avg_pool2d of a [n, c, h, w] value: windows of 1 to
        3, strides of 1 or 2, padding at most half the window."""
        x = self.pick(lambda v: len(v.shape) == 4) or self.param(self.shape(4))
        if x is None:
            return None
        window = [self.rng.randint(1, 3) for _ in range(2)]
        strides = [self.rng.randint(1, 2) for _ in range(2)]
        padding = [self.rng.randint(0, k // 2) for k in window]
        sizes = tuple((d + (2 * p - k + s)).floordiv(s)
                      for d, k, s, p in zip(x.shape[2:], window, strides, padding))
        if any(min(size.evaluate(env) for env in self.envs) < 1 for size in sizes):
            return None
        op = self.rng.choice(["max_pool2d", "avg_pool2d"])
        return self.add(op, [x], x.shape[:2] + sizes, pool_size=window, strides=strides,
                        padding=padding)

    def rotary(self):
        """relax.rotary_embedding of [b, s, heads, d] (d even) by [s, d]
        tables."""
        x = self.pick(lambda v: len(v.shape) == 4 and v.shape[3].is_const() and
                      v.shape[3].value() % 2 == 0)
        if x is None:
            x = self.param(self.shape(3) + (Expr.const(self.rng.choice([2, 4, 8, 16])),))
        if x is None:
            return None
        cos = self.partner((x.shape[1], x.shape[3]))
        sin = cos and self.partner((x.shape[1], x.shape[3]))
        return sin and self.add("rotary_embedding", [x, cos, sin], x.shape)

    def group_norm(self):
        """relax.group_norm over a static channel dim (axis 1) of a value of
        rank 3 or 4."""
        x = self.pick(lambda v: len(v.shape) in (3, 4) and v.shape[1].is_const())
        if x is None:
            return None
        channels = x.shape[1].value()
        groups = self.rng.choice([g for g in range(1, channels + 1) if channels % g == 0])
        gamma = self.partner((x.shape[1],))
        beta = gamma and self.partner((x.shape[1],))
        return beta and self.add("group_norm", [x, gamma, beta], x.shape, num_groups=groups,
                                 epsilon=self.rng.choice([None, 1e-6]))

    def half(self):
        """An f16 input cast to f32."""
        h = self.half_param(self.shape())
        return h and self.add("astype", [h], h.shape, dtype="f32")

    def integer(self):
        """A value truncated to i32 and cast back."""
        x = self.pick()
        i = x and self.add("astype", [x], x.shape, result_dtype="i32", dtype="i32")
        return i and self.add("astype", [i], i.shape, dtype="f32")

    def build(self):
        first = self.param(self.shape())
        while first is None:
            first = self.param(self.shape())
        self.commit_pending()
        builders = [
            (self.unary, 14), (self.binary, 16), (self.matmul, 8), (self.reduce, 8),
            (self.along_axis, 5), (self.norm, 4), (self.reshape, 6), (self.permute, 4),
            (self.expand, 3), (self.squeeze, 3), (self.concat, 4), (self.slice, 5),
            (self.broadcast_to, 3), (self.where, 4), (self.compare, 2), (self.astype, 1),
            (self.triangle, 1), (self.create, 2), (self.motif, 6),
            (self.attention, 2), (self.take, 3), (self.split, 2), (self.rotary, 1),
            (self.group_norm, 1), (self.half, 1), (self.integer, 1),
        ]
        if self.options.conv:
            builders += [(self.conv, 3), (self.pool, 2)]
        if self.options.match_cast:
            builders.append((self.match_cast, 2))
        if self.options.control_flow:
            builders.append((self.if_, 3))
        functions, weights = zip(*builders)
        target = self.rng.randint(2, self.options.max_ops)
        attempts = 0
        while len(self.graph.nodes) < target and attempts < 20 * target:
            attempts += 1
            try:
                self.rng.choices(functions, weights)[0]()
            except (ValueError, IndexError, ZeroDivisionError):
                pass   # a builder's choice that an empty tensor leaves none of
            self.drop_pending()
        self.choose_outputs()
        return self.graph

    def choose_outputs(self):
        g = self.graph
        used = {v.name for n in g.walk() for v in n.operands}
        for n in g.walk():
            for _, result in n.branches():
                used.add(result.name)
        # Results of f32, and of i1 when allowed (the driver prints f32,
        # booleans converted); integer casts and f16 inputs stay inside.
        results = [n.result for n in g.nodes if n.result.dtype == "f32" or
                   (n.result.dtype == "i1" and self.options.bool_outputs)]
        sinks = [v for v in results if v.name not in used]
        outputs = sinks[-3:] or results[-1:] or g.params[:1]
        if self.rng.random() < 0.1:
            outputs.append(self.rng.choice([p for p in g.params if p.dtype == "f32"] + results))
        g.outputs = outputs


def generate(seed, index, options=None):
    """The graph `index` of the batch with `seed`, named `g<index>`."""
    rng = random.Random(f"difftest-{seed}-{index}")
    return _Builder(rng, f"g{index}", options or Options()).build()
