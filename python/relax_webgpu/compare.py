"""Comparison of binding bytes by element type: floats within a tolerance,
everything else bit for bit."""

RTOL = 1e-4
ATOL = 1e-5

FLOAT_TYPES = {"f32": "float32", "f16": "float16", "f64": "float64"}


class Comparison:
    def __init__(self, ok, mismatches=0, count=0, max_abs=0.0, rel=0.0, first=None,
                 note="", is_float=False, values=None):
        self.ok = ok
        self.mismatches = mismatches
        self.count = count
        self.max_abs = max_abs
        self.rel = rel          # max |got - want| / max |want|
        self.first = first      # index of the first mismatching element
        self.note = note
        self.is_float = is_float
        self.values = values    # (got, recorded) at the first mismatch

    def describe(self):
        if self.note:
            return self.note
        text = f"{self.mismatches}/{self.count} elements differ"
        if self.first is not None:
            text += f" (first at {self.first}"
            if self.values is not None:
                text += f": got {self.values[0]}, recorded {self.values[1]}"
            text += ")"
        if not self.is_float:
            return text + " (bitwise)"
        return text + f", max abs err {self.max_abs:.3g}, rel err {self.rel:.3g}"


def compare_bytes(element_type, got, want, size=None, rtol=RTOL, atol=ATOL):
    """Compares the first `size` bytes (default: all of `want`)."""
    import numpy as np  # here: compiling shaders needs no numpy

    size = len(want) if size is None else size
    want = bytes(want[:size])
    got = bytes(got[:size])
    if len(got) < len(want):
        return Comparison(False, note=f"{len(got)} bytes read back, {len(want)} recorded")
    ftype = FLOAT_TYPES.get(element_type)
    if ftype is not None and size % np.dtype(ftype).itemsize == 0:
        g = np.frombuffer(got, dtype=ftype).astype(np.float64)
        w = np.frombuffer(want, dtype=ftype).astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            close = np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
            finite = np.isfinite(g) & np.isfinite(w)
            diff = np.abs(g - w)[finite]
            max_abs = float(diff.max()) if diff.size else 0.0
            scale = float(np.abs(w[finite]).max()) if diff.size else 0.0
        rel = max_abs / scale if scale > 0 else (0.0 if max_abs == 0 else float("inf"))
        bad = np.flatnonzero(~close)
        values = (f"{g[bad[0]]:.7g}", f"{w[bad[0]]:.7g}") if bad.size else None
        return Comparison(bad.size == 0, int(bad.size), int(g.size), max_abs, rel,
                          int(bad[0]) if bad.size else None, is_float=True, values=values)
    # Integers, booleans and packed bytes: exact.
    itemsize = {"i32": 4, "u32": 4, "i64": 8, "u64": 8, "i16": 2, "u16": 2,
                "bf16": 2}.get(element_type, 1)
    if size % itemsize:
        itemsize = 1
    g = np.frombuffer(got, dtype=np.uint8).reshape(-1, itemsize)
    w = np.frombuffer(want, dtype=np.uint8).reshape(-1, itemsize)
    bad = np.flatnonzero((g != w).any(axis=1))
    values = None
    if bad.size:
        values = (bytes(g[bad[0]]).hex(), bytes(w[bad[0]]).hex())
        itype = {"i32": "<i4", "u32": "<u4", "i64": "<i8", "u64": "<u8", "i16": "<i2",
                 "u16": "<u2", "i8": "i1", "u8": "u1", "i1": "u1"}.get(element_type)
        if itype and np.dtype(itype).itemsize == itemsize:
            values = tuple(str(int(np.frombuffer(bytes(x[bad[0]]), itype)[0])) for x in (g, w))
    return Comparison(bad.size == 0, int(bad.size), int(w.shape[0]), 0.0, 0.0,
                      int(bad[0]) if bad.size else None, values=values)
