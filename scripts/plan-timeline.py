#!/usr/bin/env python3
"""Draws the memory plan of a graph function as an SVG timeline.

Reads IR after --relax-explicit-alloc and --relax-plan-memory (a file, or
stdin) and, at the sizes given with --size, draws each tensor as a bar over
its live range (from its relax.alloc_tensor to its relax.kill_tensor, or to
the return) at its byte offset, labelled with the op that writes it. The
storages of the function are stacked bottom-up, the arena first, each in its
own band; the lowest band is offset 0.

  relax-opt model.mlir --relax-infer-shapes --relax-legalize \\
      --relax-to-non-dataflow --relax-explicit-alloc --relax-plan-memory |
    scripts/plan-timeline.py --size b=1 --size s=128 -o plan.svg
"""

import argparse
import re
import sys
from xml.sax.saxutils import escape

BYTES = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "f16": 2, "bf16": 2,
         "i16": 2, "i8": 1, "i1": 1}


def evaluate(expr, sizes):
    """The value of a `#sym.expr` in text at `sizes`."""
    text = expr.replace("floordiv", "//").replace("ceildiv", "/-/")
    text = re.sub(r"\bmod\b", "%", text)
    if "/-/" in text:  # a ceildiv b == -(-a // b)
        text = re.sub(r"(\S+) /-/ (\S+)", r"-(-\1 // \2)", text)
    return int(eval(text, {"max": max, "min": min}, dict(sizes)))


def parse(ir, func):
    """Storages and tensors of `func`, with positions in its body."""
    start = ir.find(f"relax.func @{func}(")
    if start < 0:
        sys.exit(f"no relax.func @{func}")
    body = ir[ir.index("{\n", start) + 2:]
    storages, tensors, writers = {}, {}, {}
    position = 0
    for line in body.splitlines():
        line = line.strip()
        if line == "}" or line.startswith("return"):
            break
        position += 1
        if m := re.match(r"(%\S+) = (?:relax\.)?alloc_storage size\((.*)\)"
                         r"(?: \{.*\})?$", line):
            storages[m.group(1)] = {"size": m.group(2), "tensors": []}
        elif m := re.match(r"(%\S+) = (?:relax\.)?alloc_tensor (%\S+)\[(.*)\]"
                           r" : (?:!relax\.tensor)?<\[(.*)\], (\w+)>", line):
            name = m.group(1)
            tensors[name] = {"storage": m.group(2), "offset": m.group(3),
                             "dims": [d.strip() for d in
                                      m.group(4).split(",") if d.strip()],
                             "dtype": m.group(5), "start": position,
                             "end": None, "label": "?"}
            storages[m.group(2)]["tensors"].append(name)
        elif m := re.match(r"(?:relax\.)?call_tir_dps @(\w+)\(.*outs\((.*)$",
                           line):
            for out in re.findall(r"%[\w#]+", m.group(2)):
                writers.setdefault(out, m.group(1))
        elif m := re.match(r"(?:relax\.)?kill_tensor (%\S+)", line):
            if m.group(1) in tensors:
                tensors[m.group(1)]["end"] = position
    for name, tensor in tensors.items():
        tensor["label"] = writers.get(name, "?")
        if tensor["end"] is None:
            tensor["end"] = position + 1
    return storages, tensors, position + 1


def draw(storages, tensors, steps, sizes, title):
    width, height, left, top = 960, 480, 90, 40
    bands = []  # (storage, base, size)
    base = 0
    for name, storage in storages.items():
        size = evaluate(storage["size"], sizes)
        bands.append((name, base, size))
        base += size
    total = max(base, 1)
    x = lambda step: left + (step - 1) * (width - left - 10) / max(steps, 1)
    y = lambda byte: top + height - byte * height / total
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height + top + 40}" font-family="sans-serif" '
           f'font-size="11">',
           f'<text x="{left}" y="20" font-size="14">{escape(title)}; '
           f'{total:,} bytes in {len(bands)} storages</text>']
    colours = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
               "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    for index, (name, base, size) in enumerate(bands):
        out.append(f'<g class="storage" id="storage{index}" '
                   f'data-size="{size}">')
        out.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(base):.1f}" '
                   f'y2="{y(base):.1f}" stroke="#888" stroke-dasharray="4"/>')
        out.append(f'<text x="4" y="{y(base + size / 2):.1f}">storage '
                   f'{index}</text>')
        out.append(f'<text x="4" y="{y(base + size / 2) + 12:.1f}">'
                   f'{size:,} B</text>')
        for t, tname in enumerate(storages[name]["tensors"]):
            tensor = tensors[tname]
            offset = evaluate(tensor["offset"], sizes)
            count = 1
            for d in tensor["dims"]:
                count *= evaluate(d, sizes)
            nbytes = count * BYTES.get(tensor["dtype"], 4)
            x0, x1 = x(tensor["start"]), x(tensor["end"])
            y0, y1 = y(base + offset + nbytes), y(base + offset)
            label = tensor["label"]
            out.append(
                f'<rect class="tensor" x="{x0:.1f}" y="{y0:.1f}" '
                f'width="{max(x1 - x0, 1):.1f}" height="{max(y1 - y0, 1):.1f}"'
                f' fill="{colours[sum(map(ord, label)) % len(colours)]}" '
                f'fill-opacity="0.8" stroke="#222" data-op="{escape(label)}" '
                f'data-offset="{offset}" data-bytes="{nbytes}" '
                f'data-live="{tensor["start"]}-{tensor["end"]}">'
                f'<title>{escape(tname)} = {escape(label)}: {nbytes:,} bytes '
                f'at offset {offset:,}, ops {tensor["start"]} to '
                f'{tensor["end"]}</title></rect>')
            if y1 - y0 > 12:
                out.append(f'<text x="{x0 + 3:.1f}" y="{y1 - 4:.1f}" '
                           f">{escape(label)}</text>")
        out.append("</g>")
    out.append(f'<text x="{left}" y="{height + top + 20}">op position in '
               f'the function (1 to {steps})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", nargs="?", default="-")
    parser.add_argument("--func", default="main")
    parser.add_argument("--size", action="append", default=[],
                        help="name=value of a symbolic variable")
    parser.add_argument("-o", "--output", default="-")
    opts = parser.parse_args()
    ir = sys.stdin.read() if opts.input == "-" else open(opts.input).read()
    sizes = {}
    for entry in opts.size:
        name, value = entry.split("=")
        sizes[name.strip()] = int(value)
    storages, tensors, steps = parse(ir, opts.func)
    title = f"@{opts.func}" + (" at " + ", ".join(
        f"{k}={v}" for k, v in sizes.items()) if sizes else "")
    svg = draw(storages, tensors, steps, sizes, title)
    if opts.output == "-":
        sys.stdout.write(svg)
    else:
        with open(opts.output, "w") as file:
            file.write(svg)


if __name__ == "__main__":
    main()
