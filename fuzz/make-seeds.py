#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into DIR/<target>/, taken
from the tests: the bodies of #sym.expr attributes, the split chunks of the
graph-level tests (and, for the GPU pipeline, the e2e and tool tests'
programs), .npy headers of every element type relax-run reads,
`--size` entries, and small .safetensors and .npz weights files."""

import hashlib
import io
import json
import pathlib
import re
import struct
import sys
import zipfile

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])


def write(target, data):
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


tests = sorted((root / "test").rglob("*.mlir"))
for path in tests:
    text = path.read_text(errors="replace")
    for body in re.findall(r"#sym\.expr<([^<>]*)>", text):
        write("sym-expr", body)
    if path.parent.name in ("Relax", "Transforms") or "Legalize" in str(path):
        for chunk in text.split("// -----"):
            if "relax." in chunk and len(chunk) < 4096:
                write("pipeline", chunk)
                write("gpu-pipeline", chunk)
    # Whole programs that the GPU pipeline compiles: the e2e and tool tests'.
    if ("e2e" in path.parts or "tools" in path.parts) and "RUN:" in text:
        body = "\n".join(l for l in text.splitlines()
                         if not l.lstrip().startswith("//"))
        if "relax.func" in body and len(body) < 4096:
            write("gpu-pipeline", body)


def npy(descr, shape, data, version=1):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d, " % d for d in shape))
    header += " " * (-(len(header) + 11) % 64) + "\n"
    if version == 1:
        prefix = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header))
    else:
        prefix = b"\x93NUMPY\x02\x00" + struct.pack("<I", len(header))
    return prefix + header.encode() + data


for descr, size in [("<f2", 2), ("<f4", 4), ("<f8", 8), ("|b1", 1),
                    ("|i1", 1), ("<i2", 2), ("<i4", 4), ("<i8", 8)]:
    write("npy", npy(descr, [2, 3], bytes(6 * size)))
write("npy", npy("<f4", [], bytes(4)))
write("npy", npy("<f4", [0, 5], b""))
write("npy", npy("<i8", [3], bytes(24), version=2))

# --size entries, one per line, for the function of fuzz/SizesFuzzer.cpp
# (variables n, m, k; m in [1, 1000000]; k a multiple of 3).
for entries in (["n=2", "m=3", "k=9"], ["n=0", "m=1", "k=0"],
                ["n=3037000499", "m=1", "k=3"], ["n=-1"], ["m=1000001"],
                ["k=4"], ["n=1", "n=2"], ["x=1"], ["n="],
                ["n=9223372036854775807", "m=2", "k=9223372036854775806"]):
    write("sizes", "\n".join(entries))


# Weights files: safetensors (a little-endian header size, a JSON header,
# the data) and .npz archives of .npy entries, stored as np.savez writes them.
def safetensors(entries, metadata=None):
    header, data = {}, b""
    for name, (dtype, shape, raw) in entries.items():
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header).encode()
    return struct.pack("<Q", len(text)) + text + data


def npz(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, blob in entries.items():
            archive.writestr(name + ".npy", blob)
    return buffer.getvalue()


write("weights", safetensors({"w": ("F32", [2, 3], bytes(24)),
                              "b": ("F16", [3], bytes(6)),
                              "ids": ("I64", [2], bytes(16))},
                             {"format": "pt"}))
write("weights", safetensors({"scalar": ("F32", [], bytes(4)),
                              "empty": ("F32", [0, 4], b"")}))
write("weights", safetensors({"q": ("I8", [4, 16], bytes(64)),
                              "d": ("BF16", [4, 1], bytes(8)),
                              "m": ("BOOL", [3], bytes(3))}))
write("weights", npz({"w": npy("<f4", [2, 3], bytes(24)),
                      "b": npy("<i8", [3], bytes(24))}))
write("weights", npz({"x": npy("<f2", [], bytes(2))}))
