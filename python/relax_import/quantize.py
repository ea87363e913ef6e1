"""Group quantization of weights into the layouts of `relax.dequantize`
(`#relax.quant_format`): rows of K weights in groups of 32 that share a
scale, the packed data and the scales as two arrays.

- q4_0, q8_0: GGUF's blocks (ggml's reference quantizers, bit for bit), a
  block's f16 scale split from its packed weights.
- q4f16_1, q4f32_1: MLC-LLM's symmetric 4-bit groups, eight weights per
  32-bit word, the scale max|w| / 7.
"""

import numpy as np

FORMATS = ("q4_0", "q8_0", "q4f16_1", "q4f32_1")
GROUP = 32

# Format -> (packed element, weights per packed element, scale element), as
# relax.dequantize reads them.
IR_TYPES = {"q4_0": ("i8", 2, "f16"), "q8_0": ("i8", 1, "f16"),
            "q4f16_1": ("i32", 8, "f16"), "q4f32_1": ("i32", 8, "f32")}


def packed_names(name):
    """The names of weight `name`'s packed data and scales in a weights
    file: `<stem>.qweight` and `<stem>.qscale`, the stem without a
    `.weight` suffix."""
    stem = name[:-len(".weight")] if name.endswith(".weight") else name
    return stem + ".qweight", stem + ".qscale"


def _groups(w):
    w = np.ascontiguousarray(w, dtype=np.float32)
    if w.ndim == 0 or w.shape[-1] % GROUP:
        raise ValueError(f"a row of {w.shape[-1] if w.ndim else 0} weights is not "
                         f"a whole number of groups of {GROUP}")
    return w.reshape(w.shape[:-1] + (w.shape[-1] // GROUP, GROUP))


def _roundf(x):
    """C's roundf: halves away from zero (ggml rounds so)."""
    a = np.abs(x)
    floored = np.floor(a)
    return np.sign(x) * (floored + np.floor(2 * (a - floored)))


def quantize(w, fmt):
    """(data, scales) of `w` ([..., K], K a multiple of 32) in `fmt`."""
    g = _groups(w)
    lead = g.shape[:-2]
    if fmt == "q4_0":
        imax = np.abs(g).argmax(axis=-1)[..., None]
        d = np.take_along_axis(g, imax, axis=-1) / np.float32(-8)
        with np.errstate(divide="ignore"):
            inv = np.where(d == 0, np.float32(0), np.float32(1) / d)
        q = np.trunc(g * inv + np.float32(8.5), dtype=np.float32).astype(np.uint8).clip(0, 15)
        data = q[..., :16] | (q[..., 16:] << np.uint8(4))
        return (data.reshape(lead + (-1,)).view(np.int8),
                d[..., 0].astype(np.float16))
    if fmt == "q8_0":
        d = np.abs(g).max(axis=-1, keepdims=True) / np.float32(127)
        with np.errstate(divide="ignore"):
            inv = np.where(d == 0, np.float32(0), np.float32(1) / d)
        q = _roundf(g * inv).astype(np.int8)
        return q.reshape(lead + (-1,)), d[..., 0].astype(np.float16)
    if fmt in ("q4f16_1", "q4f32_1"):
        dtype = np.float16 if fmt == "q4f16_1" else np.float32
        d = (np.abs(g).max(axis=-1, keepdims=True) / np.float32(7)).astype(dtype)
        scale = d.astype(np.float32)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = np.where(scale == 0, 0, np.rint(g / scale))
        q = (q + 7).clip(0, 14).astype(np.uint32)
        words = q.reshape(lead + (-1, 8)) << (np.arange(8, dtype=np.uint32) * 4)
        data = np.bitwise_or.reduce(words, axis=-1).astype(np.uint32)
        return data.reshape(lead + (-1,)).view(np.int32), d[..., 0]
    raise ValueError(f"unknown quantization format '{fmt}' (one of {', '.join(FORMATS)})")


def dequantize(data, scales, fmt):
    """The f32 (q4f16_1: f16) weights that (data, scales) hold in `fmt`."""
    lead = data.shape[:-1]
    d = scales.astype(np.float32)[..., None]
    if fmt == "q4_0":
        b = data.view(np.uint8).reshape(lead + (-1, 16))
        q = np.concatenate([b & 15, b >> 4], axis=-1).astype(np.int8) - np.int8(8)
    elif fmt == "q8_0":
        q = data.reshape(lead + (-1, GROUP))
    elif fmt in ("q4f16_1", "q4f32_1"):
        words = data.view(np.uint32)[..., None] >> (np.arange(8, dtype=np.uint32) * 4)
        q = ((words & 15).astype(np.int8) - np.int8(7)).reshape(lead + (-1, GROUP))
        if fmt == "q4f16_1":
            w = q.astype(np.float16) * scales[..., None]
            return w.reshape(lead + (-1,))
    else:
        raise ValueError(f"unknown quantization format '{fmt}'")
    return (q.astype(np.float32) * d).reshape(lead + (-1,))


def to_gguf_blocks(data, scales, fmt):
    """The GGUF blocks of (data, scales): per group its f16 scale, then its
    packed weights ([..., K / 32 * block bytes] of uint8)."""
    if fmt not in ("q4_0", "q8_0"):
        raise ValueError(f"{fmt} has no GGUF block layout")
    lead = data.shape[:-1]
    packed = data.view(np.uint8).reshape(scales.shape + (-1,))
    d = scales.astype(np.float16).view(np.uint8).reshape(scales.shape + (2,))
    return np.concatenate([d, packed], axis=-1).reshape(lead + (-1,))


def from_gguf_blocks(blocks, fmt):
    """(data, scales) of GGUF blocks ([..., groups * block bytes] uint8)."""
    size = {"q4_0": 18, "q8_0": 34}.get(fmt)
    if size is None:
        raise ValueError(f"{fmt} has no GGUF block layout")
    blocks = np.ascontiguousarray(blocks, dtype=np.uint8)
    if blocks.shape[-1] % size:
        raise ValueError(f"{blocks.shape[-1]} bytes are not whole {fmt} blocks of {size}")
    lead = blocks.shape[:-1]
    b = blocks.reshape(lead + (-1, size))
    scales = np.ascontiguousarray(b[..., :2]).view(np.float16)[..., 0]
    data = np.ascontiguousarray(b[..., 2:]).reshape(lead + (-1,)).view(np.int8)
    return data, scales


def packed_bytes(data, scales):
    return data.nbytes + scales.nbytes
