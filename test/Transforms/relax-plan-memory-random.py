# RUN: %python %s 150 | FileCheck %s
#
# Random graph functions with symbolic sizes go through --relax-explicit-alloc
# and --relax-plan-memory (with and without static-arena, arenas and the
# results in the arena); a checker that shares nothing with the planner
# reads the output and, at several concrete sizes, requires that no two
# tensors of one storage that are live at the same time overlap, that every
# tensor lies inside its storage at an aligned offset, and that no tensor is
# used after its storage is killed.
#
# CHECK: plan-memory: checked 150 functions in 4 configurations: ok

import random
import re
import subprocess
import sys

COUNT = int(sys.argv[1])
rng = random.Random(7)
BYTES = {"f32": 4, "i32": 4, "f16": 2, "i1": 1, "i64": 8}
# Shapes over the parameter variables n and m, and k, which a match_cast
# binds halfway through.
SHAPES = ["[n, 16]", "[n, 8]", "[m, n]", "[2 * n, 4]", "[n]", "[m]",
          "[n + 1, 3]", "[n, m, 2]", "[4, 4]", "[3]", "[m, 2 * n]"]
LATE_SHAPES = ["[k]", "[k, n]", "[2 * k]"]


def dims_of(shape):
    inner = shape[1:-1]
    return [d.strip() for d in inner.split(",")] if inner else []


def tensor(shape, dtype):
    return f"!relax.tensor<{shape}, {dtype}>"


def generate(index):
    """A graph function of random calls, views and a match_cast, and the
    tensor programs it calls."""
    programs, body = [], []
    values = [("%x", "[n, m]", "f32")]
    bound_k = False
    steps = rng.randint(3, 14)
    cast_at = rng.randint(1, steps) if rng.random() < 0.4 else None
    for step in range(steps):
        if step == cast_at:
            body.append(f"  %k{index} = relax.match_cast %z : "
                        f"!relax.tensor<*, f32> -> {tensor('[k]', 'f32')}")
            values.append((f"%k{index}", "[k]", "f32"))
            bound_k = True
            continue
        name = f"%v{step}"
        source = rng.choice(values[-3:] if rng.random() < 0.7 else values)
        if rng.random() < 0.2 and len(dims_of(source[1])) > 1:
            flat = "[" + " * ".join(f"({d})" for d in dims_of(source[1])) + "]"
            body.append(f"  {name} = relax.view {source[0]} : "
                        f"{tensor(source[1], source[2])} -> "
                        f"{tensor(flat, source[2])}")
            values.append((name, flat, source[2]))
            continue
        args = [source] + ([rng.choice(values)] if rng.random() < 0.4 else [])
        shape = rng.choice(SHAPES + (LATE_SHAPES if bound_k else []))
        dtype = rng.choice(["f32", "f32", "f32", "i32", "f16", "i1", "i64"])
        callee = f"@p{index}_{step}"
        params, counter = [], 0
        for _, s, t in args + [(None, shape, dtype)]:
            ds = []
            for _ in dims_of(s):
                ds.append(f"d{counter}")
                counter += 1
            builtin = "tensor<" + "".join("?x" for _ in ds) + t + ">"
            params.append((builtin, f"#sym.shape<[{', '.join(ds)}]>"))
        sig = ", ".join(f"%a{i}: {b} {{sym.shape = {s}"
                        + (", tprog.output}" if i == len(params) - 1 else "}")
                        for i, (b, s) in enumerate(params))
        programs.append(f"tprog.func private {callee}({sig}) -> "
                        f"{params[-1][0]} {{\n"
                        f"  tprog.return %a{len(params) - 1} : {params[-1][0]}\n}}")
        operand_types = ", ".join(tensor(s, t) for _, s, t in args)
        body.append(f"  {name} = relax.call_tir {callee}("
                    f"{', '.join(a for a, _, _ in args)}) : ({operand_types}) "
                    f"-> {tensor(shape, dtype)}")
        values.append((name, shape, dtype))
    # Results may only use parameter variables.
    returnable = [v for v in values[1:] if "k" not in v[1]] or [values[0]]
    results = [returnable[-1]]
    if rng.random() < 0.3:
        results.append(rng.choice(returnable))
    constraints = ""
    if rng.random() < 0.5:
        constraints = (" attributes {sym.constraints = [#sym.range<n in [1, 40]>,"
                       " #sym.range<m in [1, 30]>]}")
    types = ", ".join(tensor(s, t) for _, s, t in results)
    func = (f"relax.func @f{index}(%x: {tensor('[n, m]', 'f32')}, "
            f"%z: !relax.tensor<*, f32>) -> ({types}){constraints} {{\n"
            + "\n".join(body) + "\n"
            f"  relax.return {', '.join(r for r, _, _ in results)} : {types}\n}}")
    return "\n".join(programs) + "\n" + func, bool(constraints)


def evaluate(expr, env):
    text = expr.replace("floordiv", "//").replace("mod", "%")
    return eval(text, {"max": max, "min": min}, dict(env))


def check(output, bounded, config):
    """Checks every function of the planned module; returns the errors."""
    errors = []
    for func in re.finditer(r"relax\.func @(f\d+)\((.*?)\n  \}", output, re.S):
        name, lines = func.group(1), func.group(2).split("\n")[1:]
        storages, tensors, alias, killed = {}, {}, {}, {}
        for i, line in enumerate(lines):
            line = line.strip()
            if m := re.match(r"(%\d+) = alloc_storage size\((.*)\)(?: \{alignment = (\d+))?", line):
                storages[m.group(1)] = (m.group(2), int(m.group(3) or 64))
            elif m := re.match(r"(%\d+) = alloc_tensor (%\d+)\[(.*)\] : <\[(.*)\], (\w+)>$", line):
                dims = [d for d in m.group(4).split(", ") if d]
                size = " * ".join([str(BYTES[m.group(5)])] + [f"({d})" for d in dims])
                tensors[m.group(1)] = dict(storage=m.group(2), offset=m.group(3),
                                           size=size, start=i, end=i)
                alias[m.group(1)] = m.group(1)
            elif m := re.match(r"(%\d+) = (?:view|match_cast) (%\w+)", line):
                if m.group(2) in alias:
                    alias[m.group(1)] = alias[m.group(2)]
            elif m := re.match(r"kill_storage (%\d+)", line):
                killed[m.group(1)] = i
                continue
            for used in re.findall(r"%\w+", line.split(" = ", 1)[-1]):
                if used in alias:
                    t = tensors[alias[used]]
                    t["end"] = len(lines) if line.startswith("return") else max(t["end"], i)
        for t, info in tensors.items():
            s = info["storage"]
            if s in killed and info["end"] > killed[s]:
                errors.append(f"{config} {name}: {t} used after kill_storage {s}")
        envs = []
        for _ in range(4):
            # Within the constraints, which the compiled code checks.
            n, m = ((rng.randint(1, 40), rng.randint(1, 30)) if bounded else
                    (rng.randint(0, 200), rng.randint(0, 200)))
            envs.append({"n": n, "m": m, "k": rng.randint(0, 150)})
        items = list(tensors.items())
        for env in envs:
            placed = {t: (evaluate(i["offset"], env), evaluate(i["size"], env))
                      for t, i in items}
            for t, info in items:
                size_expr, alignment = storages[info["storage"]]
                offset, size = placed[t]
                if offset % min(alignment, 64) or offset + size > evaluate(size_expr, env):
                    errors.append(f"{config} {name} {env}: {t} at {offset} + {size} "
                                  f"outside or misaligned in {info['storage']}")
            for a, (ta, ia) in enumerate(items):
                for tb, ib in items[a + 1:]:
                    if ia["storage"] != ib["storage"]:
                        continue
                    if ia["start"] > ib["end"] or ib["start"] > ia["end"]:
                        continue
                    (oa, sa), (ob, sb) = placed[ta], placed[tb]
                    if sa and sb and oa < ob + sb and ob < oa + sa:
                        errors.append(f"{config} {name} {env}: {ta} [{oa}, {oa + sa}) "
                                      f"overlaps {tb} [{ob}, {ob + sb})")
    return errors


functions = [generate(i) for i in range(COUNT)]
errors = []
for config in ("", "static-arena=1", "arena=0", "plan-results=1"):
    for text, bounded in functions:
        result = subprocess.run(
            ["relax-opt", "-", "--relax-explicit-alloc",
             f"--relax-plan-memory={config}" if config else "--relax-plan-memory"],
            input=text, capture_output=True, text=True)
        if result.returncode:
            errors.append(f"{config}: relax-opt failed:\n{result.stderr}\n{text}")
            continue
        errors += check(result.stdout, bounded, config)
for error in errors[:20]:
    print(error)
print(f"plan-memory: checked {COUNT} functions in 4 configurations: "
      + ("ok" if not errors else f"{len(errors)} errors"))
