# RUN: env PYTHONPATH=%relax_obj_root/python %import_python %s | FileCheck %s
# REQUIRES: import-gguf
#
# The quantizers of relax_import.quantize, bit for bit: q4_0 and q8_0
# against the gguf package's (ggml's reference quantizers), as GGUF blocks,
# both ways, dequantized alike; q4f16_1 / q4f32_1 against a plain numpy
# model of MLC's layout (weight 8 w + j in bits 4 j of word w, max|w| / 7
# scales, zero at 7). Rows with a zero group, huge and tiny values.
#
# CHECK: q4_0: blocks equal; split back equal; dequantized equal
# CHECK: q8_0: blocks equal; split back equal; dequantized equal
# CHECK: q4f16_1: packed equal; dequantized equal; error within half a step
# CHECK: q4f32_1: packed equal; dequantized equal; error within half a step
# CHECK: row of 40: ValueError: a row of 40 weights is not a whole number of groups of 32
# CHECK: q4_0 blocks of 19 bytes: ValueError: 19 bytes are not whole q4_0 blocks of 18

import numpy as np
from gguf import GGMLQuantizationType, quants

from relax_import.quantize import dequantize, from_gguf_blocks, quantize, to_gguf_blocks

rng = np.random.default_rng(0)
w = (rng.standard_normal((9, 128)) * rng.uniform(1e-3, 30, (9, 1))).astype(np.float32)
w[0, :32] = 0
w[1, 32:64] = 1e-30
w[2, 5] = 6e4

for fmt in ("q4_0", "q8_0"):
    kind = getattr(GGMLQuantizationType, fmt.upper())
    data, scales = quantize(w, fmt)
    blocks = quants.quantize(w, kind)
    mine = to_gguf_blocks(data, scales, fmt)
    back = from_gguf_blocks(blocks, fmt)
    print(f"{fmt}: blocks {'equal' if np.array_equal(blocks, mine) else 'differ'}; "
          f"split back {'equal' if np.array_equal(back[0], data) and np.array_equal(back[1].view(np.uint16), scales.view(np.uint16)) else 'differs'}; "
          f"dequantized {'equal' if np.array_equal(dequantize(data, scales, fmt), quants.dequantize(blocks, kind)) else 'differs'}")

for fmt, dtype in (("q4f16_1", np.float16), ("q4f32_1", np.float32)):
    data, scales = quantize(w, fmt)
    # The reference: one weight at a time.
    groups = w.reshape(9, -1, 32)
    ref_scales = (np.abs(groups).max(-1) / np.float32(7)).astype(dtype)
    ref_words = np.zeros((9, 128 // 8), np.uint32)
    for r in range(9):
        for k in range(128):
            s = np.float32(ref_scales[r, k // 32])
            q = 7 if s == 0 else int(np.clip(np.rint(w[r, k] / s) + 7, 0, 14))
            ref_words[r, k // 8] |= np.uint32(q << (4 * (k % 8)))
    packed = np.array_equal(data.view(np.uint32), ref_words) and np.array_equal(scales, ref_scales)
    ref_w = np.zeros((9, 128), np.float32)
    for r in range(9):
        for k in range(128):
            q = (int(ref_words[r, k // 8]) >> (4 * (k % 8))) & 15
            ref_w[r, k] = np.float32(ref_scales[r, k // 32]) * (q - 7)
    deq = dequantize(data, scales, fmt).astype(np.float32)
    step = np.repeat(ref_scales.astype(np.float32), 32, axis=1)
    print(f"{fmt}: packed {'equal' if packed else 'differs'}; "
          f"dequantized {'equal' if np.allclose(deq, ref_w, rtol=1e-3, atol=0) else 'differs'}; "
          f"error {'within half a step' if np.all(np.abs(deq - w) <= step * 0.5 + 1e-3 * np.abs(w) + 1e-30) else 'too large'}")

for label, call in (("row of 40", lambda: quantize(np.zeros((2, 40), np.float32), "q8_0")),
                    ("q4_0 blocks of 19 bytes",
                     lambda: from_gguf_blocks(np.zeros((2, 19), np.uint8), "q4_0"))):
    try:
        call()
        print(f"{label}: accepted")
    except ValueError as e:
        print(f"{label}: ValueError: {e}")
