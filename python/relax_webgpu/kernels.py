"""Kernel blobs, binding plans and output comparison.

A kernel blob is WGSL text whose first line is

    // relax.webgpu.kernel {"kernel": ..., "entry": ..., "bindings": [...], ...}

Every binding is in @group(0): storage bindings first (access "read" or
"read_write"), then at most one uniform binding holding the scalars. The
header gives the explicit bind group layout that every backend uses.

A dispatch is turned into a *plan* (`plan_dispatch`): the GPU buffers to
create with their initial contents, the bind group entries (buffer, offset,
size) and the ranges to read back. Bindings of one allocation whose byte
ranges overlap share one buffer, so that aliasing behaves as in the
recording; every other binding gets a buffer of its own.
"""

import json

HEADER_PREFIX = "// relax.webgpu.kernel "

# What requestDevice() gives without requiredLimits (the compute-relevant
# subset, in wgpu-py's spelling). Every backend runs under these.
WEBGPU_DEFAULTS = {
    "max-storage-buffers-per-shader-stage": 8,
    "max-uniform-buffers-per-shader-stage": 12,
    "max-bindings-per-bind-group": 1000,
    "max-bind-groups": 4,
    "max-compute-workgroup-size-x": 256,
    "max-compute-workgroup-size-y": 256,
    "max-compute-workgroup-size-z": 64,
    "max-compute-invocations-per-workgroup": 256,
    "max-compute-workgroup-storage-size": 16384,
    "max-compute-workgroups-per-dimension": 65535,
    "max-storage-buffer-binding-size": 134217728,
    "max-uniform-buffer-binding-size": 65536,
    "max-buffer-size": 268435456,
    "min-storage-buffer-offset-alignment": 256,
    "min-uniform-buffer-offset-alignment": 256,
}

OFFSET_ALIGNMENT = 256


class KernelError(Exception):
    """A malformed kernel blob or dispatch description."""


def round_up(n, m):
    return (n + m - 1) // m * m


def parse_header(text):
    """The JSON header of a kernel blob, or None when the text has none."""
    first = text.split("\n", 1)[0].strip()
    if not first.startswith(HEADER_PREFIX):
        return None
    try:
        header = json.loads(first[len(HEADER_PREFIX):])
    except ValueError as e:
        raise KernelError(f"bad kernel header: {e}") from None
    if not isinstance(header, dict) or "bindings" not in header:
        raise KernelError("bad kernel header: no bindings")
    return header


def layout_kind(binding):
    """The bind group layout type of a binding description."""
    if binding.get("type") == "uniform":
        return "uniform"
    return "storage" if binding.get("access") == "read_write" else "read-only-storage"


def layout_of(bindings):
    """[(binding, kind)], sorted by binding number."""
    return sorted((int(b["binding"]), layout_kind(b)) for b in bindings)


def binding_size(binding):
    """Bytes a binding covers in the bind group (uniforms rounded up to 16,
    storage to 4)."""
    size = int(binding.get("size", 0))
    if binding.get("type") == "uniform":
        return max(16, round_up(size, 16))
    return max(4, round_up(size, 4))


def plan_dispatch(bindings, inputs):
    """The buffers, bind group entries and read-backs of one dispatch.

    bindings: dicts with "binding", "type", "access", "size" and optionally
    "buffer" (an allocation id) and "offset" (a byte offset into it).
    inputs: {binding: bytes} (missing: zeros).
    Returns {"buffers": [{"size", "init": [(offset, bytes)]}],
             "entries": [{"binding", "kind", "buffer", "offset", "size"}],
             "reads": [{"binding", "buffer", "offset", "size"}]}.
    """
    items = []
    for b in bindings:
        n = int(b["binding"])
        size = binding_size(b)
        data = bytes(inputs.get(n, b""))
        if len(data) > size:
            data = data[:size]
        offset = int(b.get("offset", 0) or 0)
        items.append({"binding": n, "kind": layout_kind(b), "size": size,
                      "data": data, "alloc": b.get("buffer"), "offset": offset,
                      "element_size": int(b.get("size", size))})

    # Union of bindings of one allocation whose ranges overlap (uniforms keep
    # a buffer of their own: a uniform cannot share a dispatch with a
    # writable view of its memory anyway).
    parent = list(range(len(items)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(items):
        for j in range(i):
            b = items[j]
            if (a["alloc"] is None or a["alloc"] != b["alloc"]
                    or "uniform" in (a["kind"], b["kind"])):
                continue
            if a["offset"] < b["offset"] + b["size"] and b["offset"] < a["offset"] + a["size"]:
                parent[find(i)] = find(j)

    groups = {}
    for i in range(len(items)):
        groups.setdefault(find(i), []).append(i)

    buffers, entries, reads = [], [], []
    buffer_of = {}
    for root in sorted(groups):
        members = groups[root]
        if len(members) == 1:
            base = items[members[0]]["offset"]
        else:
            # Keep each offset's remainder modulo the required alignment.
            base = min(items[i]["offset"] for i in members) // OFFSET_ALIGNMENT * OFFSET_ALIGNMENT
        end = max(items[i]["offset"] + items[i]["size"] for i in members)
        index = len(buffers)
        buffers.append({"size": round_up(end - base, 16), "init": []})
        for i in members:
            buffer_of[i] = (index, items[i]["offset"] - base)

    for i, it in enumerate(items):
        index, offset = buffer_of[i]
        if it["data"]:
            buffers[index]["init"].append((offset, it["data"]))
        entries.append({"binding": it["binding"], "kind": it["kind"], "buffer": index,
                        "offset": offset, "size": it["size"]})
        if it["kind"] == "storage":
            reads.append({"binding": it["binding"], "buffer": index, "offset": offset,
                          "size": it["size"]})
    entries.sort(key=lambda e: e["binding"])
    reads.sort(key=lambda r: r["binding"])
    return {"buffers": buffers, "entries": entries, "reads": reads}


class Dispatch:
    """One dispatch to run: shader text, entry point, grid (workgroup counts,
    or None to only compile), bindings and their input bytes."""

    def __init__(self, shader, entry, grid, bindings, inputs, name=None, key=None):
        self.shader = shader
        self.entry = entry
        self.grid = None if grid is None else [int(g) for g in grid]
        self.bindings = bindings
        self.inputs = inputs
        self.name = name
        self.key = key

    def layout(self):
        """[(binding, kind)]: from the blob's header when it has one (the
        header decides the types), else from the bindings."""
        if not hasattr(self, "_layout"):
            header = parse_header(self.shader)
            self._layout = layout_of(header["bindings"] if header else self.bindings)
        return self._layout

    def plan(self):
        layout = dict(self.layout())
        bindings = []
        for b in self.bindings:
            b = dict(b)
            kind = layout.get(int(b["binding"]))
            if kind == "uniform":
                b["type"] = "uniform"
            elif kind is not None:
                b["type"] = "storage"
                b["access"] = "read_write" if kind == "storage" else "read"
            bindings.append(b)
        return plan_dispatch(bindings, self.inputs)

