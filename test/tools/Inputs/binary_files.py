"""Files the tool tests write and patch byte by byte: safetensors files
(also truncated ones), the dynamic symbols of an ELF library and the
metadata record of a compiled one; and a tool run as the tests print it."""

import json
import struct
import subprocess

SAFETENSORS_DTYPES = {"float32": "F32", "float64": "F64", "int32": "I32", "int64": "I64"}


def write_safetensors(path, arrays, cut=0):
    """Writes `arrays` (name -> numpy array) as a safetensors file at `path`,
    its data `cut` bytes short; returns `path`."""
    header, blobs, offset = {}, [], 0
    for name, a in arrays.items():
        data = a.tobytes()
        header[name] = {"dtype": SAFETENSORS_DTYPES[a.dtype.name], "shape": list(a.shape),
                        "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        blobs.append(data)
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs)[:offset - cut])
    return path


def elf_symbol_offset(elf, name):
    """The file offset of the dynamic symbol `name` (bytes) of the ELF64
    image `elf`, or None."""
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize)
                for i in range(shnum)]
    dynsym = next(s for s in sections if s[1] == 11)  # SHT_DYNSYM
    strtab = sections[dynsym[6]]
    for at in range(dynsym[4], dynsym[4] + dynsym[5], 24):
        st_name, _, _, shndx, value = struct.unpack_from("<IBBHQ", elf, at)
        end = elf.index(b"\0", strtab[4] + st_name)
        if elf[strtab[4] + st_name:end] == name:
            section = sections[shndx]
            return value - section[3] + section[4]
    return None


def with_library_version(path, out, version):
    """Copies the library at `path` to `out` with its format version word
    (`relax_library_version`) set to `version`."""
    data = bytearray(open(path, "rb").read())
    struct.pack_into("<I", data, elf_symbol_offset(data, b"relax_library_version"), version)
    with open(out, "wb") as f:
        f.write(data)
    return out


def library_metadata(path):
    """The metadata record of the library relax-compile wrote at `path`,
    read from the file as the runtime reads it."""
    data = open(path, "rb").read()
    start = data.index(b'{"format":"relax-library"')
    return json.loads(data[start:data.index(b"\0", start)])


def describe_functions(meta):
    """Each function of library metadata `meta` as `@name params -> (result
    shapes)`, a parameter as [weight], [transformed i] or [x: dims]."""
    def describe(param):
        if "weight" in param:
            return f"[{param['weight']}]"
        if "transformed" in param:
            return f"[transformed {param['transformed']}]"
        return "[x: " + ", ".join(str(d) for d in param["shape"]) + "]"

    return "".join(
        f" @{fn['name']} " + " ".join(describe(p) for p in fn["params"]) + " -> "
        + " ".join("(" + ", ".join(str(d) for d in r["shape"]) + ")" for r in fn["results"])
        for fn in meta["functions"])


def run_tool(label, cmd):
    """Runs `cmd`; its result and the line prefix `label: exit N: `."""
    result = subprocess.run(cmd, capture_output=True, text=True)
    return result, f"{label}: exit {result.returncode}: "
