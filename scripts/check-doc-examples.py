#!/usr/bin/env python3
"""Runs `relax-opt --verify-roundtrip` on every ```mlir block of a Markdown
file. Prints one line per block and exits non-zero if any block fails.

A block is either a complete module, or a list of bare op lines such as

    %y = relax.softmax %x {axis = 1} : (!relax.tensor<[n, 10], f32>) -> !relax.tensor<[n, 10], f32>

which is checked inside a `relax.func` whose parameters are the operands that
the block uses without defining, with the types of the op's functional type.
Symbolic variables that no parameter binds (in result types and attributes)
are bound by one more parameter of type `!relax.shape<[...]>`.

Options:
  --exact-types  also require `--relax-infer-shapes` to leave every block as it
                 is: written result types are the ones the shape rules give,
                 and no run-time check is needed.
  --ops          the file is generated op documentation (`### `relax.op``
                 sections): every op's section needs an example of that op.
"""

import argparse
import re
import subprocess
import sys

# Keywords of #sym.expr that are not variables.
SYM_KEYWORDS = {"floordiv", "mod", "min", "max"}


def split_top_level(text, sep=","):
    """Splits `text` at `sep` outside of (), [], <> and {}."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([<{":
            depth += 1
        elif c in ")]>}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def find_top_level(text, char):
    """Index of the first `char` outside of brackets, or -1."""
    depth = 0
    for i, c in enumerate(text):
        if c in "([<{":
            depth += 1
        elif c in ")]>}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        elif c == char and depth == 0:
            return i
    return -1


def used_vars(text):
    """Symbolic variables used in dim lists and #sym.expr attributes."""
    found = []
    for group in re.findall(r"\[([^\[\]]*)\]", text) + re.findall(
            r"#sym\.expr<([^<>]*)>", text):
        for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", group):
            if name not in SYM_KEYWORDS and name not in found:
                found.append(name)
    return found


def bound_vars(type_text):
    """Variables that appear alone as a dim of a type."""
    found = []
    for group in re.findall(r"<\[([^\[\]]*)\]", type_text):
        for dim in split_top_level(group):
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", dim):
                found.append(dim)
    return found


OP_LINE = re.compile(r"(?P<results>%[^=]*?)\s*=\s*(?P<op>[a-z_]+\.[a-z_0-9.]+)"
                     r"(?P<rest>.*)")


def wrap_op_lines(block):
    """(module, None) with the op lines of `block` in a relax.func, or
    (None, error message)."""
    defined, params, lines = set(), {}, []
    for line in block.splitlines():
        if not line.strip() or line.strip().startswith("//"):
            continue
        match = OP_LINE.fullmatch(line.strip())
        if not match:
            return None, f"not an op line: {line}"
        rest = match["rest"]
        colon = find_top_level(rest, ":")
        if colon < 0:
            return None, f"no functional type: {line}"
        head, signature = rest[:colon], rest[colon + 1:].strip()
        brace = head.find("{")
        operands = split_top_level(head if brace < 0 else head[:brace])
        arrow = signature.find("->")
        if not signature.startswith("(") or arrow < 0:
            return None, f"no functional type: {line}"
        inputs = split_top_level(signature[:arrow].strip()[1:-1])
        if len(inputs) != len(operands):
            return None, f"{len(operands)} operands but {len(inputs)} types: {line}"
        for name, type_text in zip(operands, inputs):
            if name not in defined and name not in params:
                params[name] = type_text
        for result in split_top_level(match["results"]):
            defined.add(result.split(":")[0])
        lines.append(line.strip())
    bound = [v for t in params.values() for v in bound_vars(t)]
    unbound = [v for v in used_vars("\n".join(lines)) if v not in bound]
    args = [f"{name}: {type_text}" for name, type_text in params.items()]
    if unbound:
        args.append(f"%sizes: !relax.shape<[{', '.join(unbound)}]>")
    body = "\n".join("  " + line for line in lines)
    return (f"relax.func @example({', '.join(args)}) {{\n{body}\n"
            f"  relax.return\n}}\n"), None


def is_op_lines(block):
    lines = [l.strip() for l in block.splitlines()
             if l.strip() and not l.strip().startswith("//")]
    return bool(lines) and all(l.startswith("%") for l in lines)


def run(relax_opt, args, text):
    return subprocess.run([relax_opt] + args + ["-"], input=text,
                          capture_output=True, text=True)


def check_block(relax_opt, block, exact_types):
    """An error message, or None when the block verifies."""
    module = block
    if is_op_lines(block):
        module, error = wrap_op_lines(block)
        if error:
            return error
    proc = run(relax_opt, ["--verify-roundtrip"], module)
    if proc.returncode != 0:
        return proc.stderr
    if exact_types:
        inferred = run(relax_opt, ["--relax-infer-shapes"], module)
        if inferred.returncode != 0:
            return inferred.stderr
        if inferred.stdout != proc.stdout:
            return ("--relax-infer-shapes changes the example:\n" +
                    inferred.stdout)
    return None


def sections(text):
    """(op name, section text) for each `### `relax.op`` section."""
    parts = re.split(r"^### `([a-z_]+\.[a-z_0-9]+)`.*$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("relax_opt")
    parser.add_argument("path")
    parser.add_argument("--exact-types", action="store_true")
    parser.add_argument("--ops", action="store_true")
    args = parser.parse_args()
    text = open(args.path, encoding="utf-8").read()
    blocks = list(re.finditer(r"```mlir\n(.*?)```", text, re.S))
    failed = 0
    for i, match in enumerate(blocks):
        block = match[1]
        # Generated op docs describe each attribute's type in a <details>
        # element; those texts belong to the attribute definitions.
        before = text[:match.start()]
        if before.count("<details>") > before.count("</details>"):
            print(f"block {i}: skipped (attribute type description)")
            continue
        error = check_block(args.relax_opt, block, args.exact_types)
        print(f"block {i}: {'ok' if error is None else 'FAILED'}")
        if error is not None:
            failed += 1
            print(block + error)
    if not blocks:
        print("no mlir blocks found")
        return 1
    if args.ops:
        for op, section in sections(text):
            examples = re.findall(r"```mlir\n(.*?)```", section, re.S)
            if not any(re.search(rf"= {re.escape(op)}\b", e) for e in examples):
                failed += 1
                print(f"FAILED: no example of {op}")
    print(f"{len(blocks)} blocks, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
