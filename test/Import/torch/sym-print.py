# RUN: %import_python %s | FileCheck %s
# REQUIRES: import-torch
#
# The size expressions torch.export gives (sympy, with torch's FloorDiv and
# PythonMod) print in `#sym.expr` syntax so that relax-opt parses back the
# same value: random expressions of two variables are printed by the
# importer, evaluated by `sym.eval` folded under --canonicalize at several
# values, and compared with sympy's values. `*`, `floordiv` and `mod` bind
# alike and group from the left, so every operand that is not a number or a
# name is parenthesized (`2 * ((s - 1) floordiv 2)` once printed as
# `2 * (s - 1) floordiv (2)`, which is `(2 * (s - 1)) floordiv 2`).
#
# CHECK: 2000 expressions at 3 points each: 0 differ

import os
import random
import re
import subprocess
import sys

import sympy
from torch.utils._sympy.functions import FloorDiv, PythonMod

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
from relax_import.torch_export import TorchImporter  # noqa: E402

s0, s1 = sympy.symbols("s0 s1", integer=True, positive=True)
printer = TorchImporter.__new__(TorchImporter)
printer.sym_names = {s0: "n", s1: "m"}
printer.expr_names = {}

rng = random.Random(7)


def divisor():
    """A positive divisor: a constant, a variable or a variable plus one."""
    kind = rng.randrange(3)
    if kind == 0:
        return sympy.Integer(rng.randint(1, 5))
    v = rng.choice([s0, s1])
    return v if kind == 1 else v + 1


def gen(depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice([s0, s1, sympy.Integer(rng.randint(1, 7))])
    op = rng.randrange(7)
    a = gen(depth - 1)
    if op == 0:
        return a + gen(depth - 1)
    if op == 1:
        return a - gen(depth - 1)
    if op == 2:
        return a * gen(depth - 1)
    if op == 3:
        return FloorDiv(a, divisor())
    if op == 4:
        return PythonMod(a, divisor())
    if op == 5:
        return sympy.Max(a, gen(depth - 1))
    return sympy.Min(a, gen(depth - 1))


points = [(1, 1), (6, 4), (17, 5)]
cases = []
while len(cases) < 2000:
    try:
        expr = gen(4)
    except RecursionError:
        # Some nestings of PythonMod recurse in torch's own simplification.
        continue
    if expr.is_Integer:
        continue
    cases.append((expr, printer.sym(expr)))

lines = []
for i, (expr, text) in enumerate(cases):
    names = [(v, name) for v, name in ((s0, "n"), (s1, "m"))
             if re.search(rf"\b{name}\b", text)]
    for j, (v0, v1) in enumerate(points):
        values = {s0: v0, s1: v1}
        lines.append(f"func.func @e{i}_{j}() -> index {{")
        binds = []
        for v, name in names:
            lines.append(f"  %{name} = arith.constant {values[v]} : index")
            binds.append(f"{name} = %{name}")
        lines.append(f"  %r = sym.eval <{text}> ({', '.join(binds)})")
        lines.append("  return %r : index")
        lines.append("}")
result = subprocess.run(["relax-opt", "--canonicalize"], input="\n".join(lines),
                        capture_output=True, text=True)
if result.returncode:
    sys.exit("relax-opt failed: " + result.stderr[:2000])
folded = dict(re.findall(
    r"func\.func @(e\d+_\d+)\(\) -> index \{\n\s*%\S+ = arith\.constant (-?\d+) : index",
    result.stdout))

differ = 0
for i, (expr, text) in enumerate(cases):
    for j, (v0, v1) in enumerate(points):
        expected = int(expr.subs({s0: v0, s1: v1}))
        got = folded.get(f"e{i}_{j}")
        if got is None or int(got) != expected:
            differ += 1
            if differ <= 10:
                print(f"{expr} printed as <{text}> at n={v0}, m={v1}: "
                      f"expected {expected}, relax-opt gives {got}")
print(f"{len(cases)} expressions at {len(points)} points each: {differ} differ")
