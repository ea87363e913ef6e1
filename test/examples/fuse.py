# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: numpy
#
# Fusion merges programs and fuses loops, which may reassociate nothing but
# the order in which a kernel runs its parts: every shipped example runs at
# two sizes of its symbolic dims with and without fusion (`fuse=`) on the same seeded
# inputs, and the results agree to float rounding; so do they with softmax
# and norms computed in tiles of rows (`reduction-rows=`).
#
# CHECK: mlp b=1: same
# CHECK: mlp b=5: same
# CHECK: clip_vision_block b=1 h=32 w=32: same
# CHECK: clip_vision_block b=2 h=48 w=16: same
# CHECK: gpt2_block b=1 s=3 p=0: same
# CHECK: gpt2_block b=2 s=5 p=4: same
# CHECK: llama_decoder_layer b=1 s=3: same
# CHECK: llama_decoder_layer b=2 s=7: same
# CHECK: llama_layer b=1 s=3 p=0: same
# CHECK: llama_layer b=2 s=5 p=4: same
# CHECK: whisper_encoder_block b=1 t=6: same
# CHECK: whisper_encoder_block b=2 t=10: same

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import examples as ex  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)

for model, sizes in ex.SIZES:
    for size in sizes:
        fused = ex.run(examples, work, model, size, "fused", ["--pipeline-options=fuse=true"])
        unfused = ex.run(examples, work, model, size, "unfused", ["--pipeline-options=fuse=false"])
        rows = ex.run(examples, work, model, size, "rows",
                      ["--pipeline-options=fuse=true reduction-rows=16"])
        same = len(fused) == len(unfused) == len(rows) > 0 and all(
            a.shape == b.shape == c.shape and
            np.allclose(a, b, rtol=1e-4, atol=1e-5) and
            np.allclose(c, b, rtol=1e-4, atol=1e-5)
            for a, b, c in zip(fused, unfused, rows))
        error = max(max(float(np.max(np.abs(a - b))), float(np.max(np.abs(c - b))))
                    if a.size else 0.0
                    for a, b, c in zip(fused, unfused, rows)) if same else float("nan")
        print(f"{model} {size}: {'same' if same else 'DIFFERENT'}"
              f" (max abs difference {error:.1e})")
