# RUN: %python %s 40 | FileCheck %s
#
# Random facts over random expressions (sums, products, floordiv, mod, min
# and max of variables with small ranges) go to --test-sym-prover; every
# answer is compared with the truth found by evaluating the fact at every
# value of the variables. "proven" must hold everywhere and "disproven"
# nowhere; "unknown" is always allowed.
#
# CHECK: prover-random: {{[0-9]+}} facts, {{[0-9]+}} decided, 0 wrong

import itertools
import random
import re
import subprocess
import sys

FUNCS = int(sys.argv[1])
FACTS = 80
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
VARS = ["n", "m", "k"]


def expr(depth):
    """A random expression as (text, evaluator)."""
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.7:
            v = rng.choice(VARS)
            return v, lambda env, v=v: env[v]
        c = rng.randint(0, 9)
        return str(c), lambda env, c=c: c
    kind = rng.choice(["add", "sub", "mul", "cmul", "div", "mod", "min", "max"])
    if kind in ("div", "mod"):
        (a, fa), d = expr(depth - 1), rng.randint(1, 6)
        op = "floordiv" if kind == "div" else "mod"
        f = (lambda env: fa(env) // d) if kind == "div" else (lambda env: fa(env) % d)
        return f"({a}) {op} {d}", f
    if kind == "cmul":
        (a, fa), c = expr(depth - 1), rng.randint(2, 64)
        return f"{c} * ({a})", lambda env: c * fa(env)
    (a, fa), (b, fb) = expr(depth - 1), expr(depth - 1)
    if kind == "add":
        return f"({a}) + ({b})", lambda env: fa(env) + fb(env)
    if kind == "sub":
        return f"({a}) - ({b})", lambda env: fa(env) - fb(env)
    if kind == "mul":
        return f"({a}) * ({b})", lambda env: fa(env) * fb(env)
    if kind == "min":
        return f"min({a}, {b})", lambda env: min(fa(env), fb(env))
    return f"max({a}, {b})", lambda env: max(fa(env), fb(env))


def fact():
    kind = rng.choice(["le", "le", "lt", "eq", "positive"])
    a, fa = expr(3)
    if kind == "positive":
        return f'["positive", #sym.expr<{a}>]', lambda env: fa(env) > 0
    b, fb = expr(3)
    test = {"le": lambda env: fa(env) <= fb(env),
            "lt": lambda env: fa(env) < fb(env),
            "eq": lambda env: fa(env) == fb(env)}[kind]
    return f'["{kind}", #sym.expr<{a}>, #sym.expr<{b}>]', test


functions, truths = [], []
for i in range(FUNCS):
    ranges = {}
    for v in VARS:
        lo = rng.choice([0, 1, 1, 2, 3])
        ranges[v] = (lo, lo + rng.randint(0, 12))
    constraints = ", ".join(f"#sym.range<{v} in [{lo}, {hi}]>"
                            for v, (lo, hi) in ranges.items())
    envs = [dict(zip(VARS, values)) for values in itertools.product(
        *(range(lo, hi + 1) for lo, hi in ranges.values()))]
    texts, outcomes = [], []
    for _ in range(FACTS):
        text, test = fact()
        results = {test(env) for env in envs}
        texts.append(text)
        outcomes.append(results)
    functions.append(f"func.func @f{i}() attributes {{\n"
                     f"  sym.constraints = [{constraints}],\n"
                     f"  test.facts = [\n    " + ",\n    ".join(texts)
                     + "\n]} {\n  return\n}\n")
    truths.append(outcomes)

result = subprocess.run(["relax-opt", "-", "--test-sym-prover",
                         "-split-input-file", "-o", "/dev/null"],
                        input="// -----\n".join(functions),
                        capture_output=True, text=True)
answers = {}
function = -1
for line in result.stderr.splitlines():
    # The remarks of one function come in order; a new fact #0 starts the
    # next function.
    m = re.search(r"remark: fact #(\d+): (\w+)", line)
    if not m:
        continue
    index = int(m.group(1))
    if index == 0:
        function += 1
    answers[(function, index)] = m.group(2)

total = decided = 0
wrong = []
for f, outcomes in enumerate(truths):
    for i, results in enumerate(outcomes):
        answer = answers.get((f, i))
        if answer is None:
            wrong.append(f"@f{f} fact #{i}: no answer")
            continue
        total += 1
        if answer == "unknown":
            continue
        decided += 1
        if (answer == "proven" and False in results) or \
           (answer == "disproven" and True in results):
            wrong.append(f"@f{f} fact #{i}: {answer}, but the fact is "
                         f"{'sometimes' if len(results) > 1 else 'never' if answer == 'proven' else 'always'} true")
for line in wrong[:20]:
    print(line)
print(f"prover-random: {total} facts, {decided} decided, {len(wrong)} wrong")
