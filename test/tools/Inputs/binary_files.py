"""Files the tool tests write and patch byte by byte: safetensors files
(also truncated ones) and the dynamic symbols of an ELF library."""

import json
import struct

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
