"""Symbolic dims as the generator sees them.

An `Expr` is a polynomial with integer coefficients over atoms: variable names
and `floordiv`s by constants (`(n + 1) floordiv 2`, kept whole). Two dims are
the same when their polynomials are; the compiler may know more equalities
(under the constraints), which only means that the generator misses some
pairings. `str()` gives the `#sym.expr` syntax.
"""

import functools
import math


@functools.total_ordering
class FloorDiv:
    """The atom `(expr) floordiv divisor` for a divisor > 1 that does not
    divide every coefficient of `expr`."""

    __slots__ = ("expr", "divisor")

    def __init__(self, expr, divisor):
        self.expr, self.divisor = expr, divisor

    def evaluate(self, env):
        return self.expr.evaluate(env) // self.divisor

    def variables(self):
        return self.expr.variables()

    def _key(self):
        return (str(self.expr), self.divisor)

    def __eq__(self, other):
        return isinstance(other, FloorDiv) and self._key() == other._key()

    def __lt__(self, other):
        return str(self) < str(other)

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        return f"({self.expr}) floordiv {self.divisor}"


def _atom_key(atom):
    return (isinstance(atom, FloorDiv), str(atom))


class Expr:
    """An immutable polynomial: a mapping from monomials (sorted tuples of
    atoms) to non-zero integer coefficients; the empty monomial is the
    constant."""

    __slots__ = ("terms",)

    def __init__(self, terms=None):
        cleaned = {m: c for m, c in (terms or {}).items() if c}
        self.terms = tuple(sorted(cleaned.items(),
                                  key=lambda t: [_atom_key(a) for a in t[0]]))

    @staticmethod
    def const(value):
        return Expr({(): int(value)})

    @staticmethod
    def var(name):
        return Expr({(name,): 1})

    @staticmethod
    def of(value):
        return value if isinstance(value, Expr) else Expr.const(value)

    # Arithmetic.
    def __add__(self, other):
        terms = dict(self.terms)
        for m, c in Expr.of(other).terms:
            terms[m] = terms.get(m, 0) + c
        return Expr(terms)

    __radd__ = __add__

    def __neg__(self):
        return Expr({m: -c for m, c in self.terms})

    def __sub__(self, other):
        return self + -Expr.of(other)

    def __mul__(self, other):
        terms = {}
        for ma, ca in self.terms:
            for mb, cb in Expr.of(other).terms:
                m = tuple(sorted(ma + mb, key=_atom_key))
                terms[m] = terms.get(m, 0) + ca * cb
        return Expr(terms)

    __rmul__ = __mul__

    def floordiv(self, divisor):
        """`self floordiv divisor` for a positive constant divisor: exact
        when it divides every coefficient, else a `FloorDiv` atom."""
        if divisor == 1:
            return self
        if self.is_const():
            return Expr.const(self.value() // divisor)
        if all(c % divisor == 0 for _, c in self.terms):
            return Expr({m: c // divisor for m, c in self.terms})
        return Expr({(FloorDiv(self, divisor),): 1})

    # Queries.
    def is_const(self):
        return all(not m for m, _ in self.terms)

    def value(self):
        assert self.is_const()
        return self.terms[0][1] if self.terms else 0

    def is_var(self):
        return (len(self.terms) == 1 and self.terms[0][1] == 1 and
                len(self.terms[0][0]) == 1 and
                isinstance(self.terms[0][0][0], str))

    def variables(self):
        names = set()
        for m, _ in self.terms:
            for atom in m:
                names |= {atom} if isinstance(atom, str) else atom.variables()
        return names

    def evaluate(self, env):
        total = 0
        for m, c in self.terms:
            product = c
            for atom in m:
                product *= env[atom] if isinstance(atom, str) else atom.evaluate(env)
            total += product
        return total

    def factors(self):
        """Splits the dim into factors for reshapes: the prime factors of a
        monomial's coefficient and its atoms, or the whole dim when it is a
        sum (which cannot be split)."""
        if self.is_const():
            return [Expr.const(p) for p in _prime_factors(self.value())]
        if len(self.terms) == 1:
            m, c = self.terms[0]
            return ([Expr.const(p) for p in _prime_factors(c)] +
                    [Expr({(a,): 1}) for a in m])
        g = math.gcd(*[c for _, c in self.terms])
        if g > 1:
            return ([Expr.const(p) for p in _prime_factors(g)] +
                    [Expr({m: c // g for m, c in self.terms})])
        return [self]

    # Comparison and printing.
    def __eq__(self, other):
        return isinstance(other, Expr) and self.terms == other.terms

    def __hash__(self):
        return hash(self.terms)

    def __str__(self):
        if not self.terms:
            return "0"
        parts = []
        for m, c in self.terms:
            atoms = [str(a) if isinstance(a, str) else f"({a})" for a in m]
            if not atoms:
                text = str(abs(c))
            elif abs(c) == 1:
                text = " * ".join(atoms)
            else:
                text = " * ".join([str(abs(c))] + atoms)
            if not parts:
                parts.append(text if c > 0 else f"-{text}")
            else:
                parts.append(("+ " if c > 0 else "- ") + text)
        return " ".join(parts)

    __repr__ = __str__


def _prime_factors(value):
    value, factors, p = abs(value), [], 2
    while value > 1 and p * p <= value:
        while value % p == 0:
            factors.append(p)
            value //= p
        p += 1
    if value > 1:
        factors.append(value)
    return factors


def shape_str(shape):
    return "[" + ", ".join(str(d) for d in shape) + "]"


def evaluate_shape(shape, env):
    return tuple(d.evaluate(env) for d in shape)
