# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: numpy
#
# Every shipped example compiles for the CPU once per run and runs at two
# sizes of its symbolic dims with relax-run. The MLP, whose tensor programs
# are written by hand, is compared against numpy; the others (their graph
# ops legalized, or hand-written programs for the decoder layer) must run
# and return results of the shapes their signatures give.
#
# CHECK: mlp b=1: max abs error {{.*}} ok
# CHECK: mlp b=5: max abs error {{.*}} ok
# CHECK: clip_vision_block b=1 h=32 w=32: result #0 shape [1, 5, 768]
# CHECK: clip_vision_block b=2 h=48 w=16: result #0 shape [2, 4, 768]
# CHECK: gpt2_block b=1 s=3 p=0: result #0 shape [1, 3, 768]
# CHECK: gpt2_block b=2 s=5 p=4: result #0 shape [2, 5, 768]
# CHECK: llama_decoder_layer b=1 s=3: result #0 shape [1, 3, 512]
# CHECK: llama_decoder_layer b=2 s=7: result #0 shape [2, 7, 512]
# CHECK: llama_layer b=1 s=3 p=0: result #0 shape [1, 3, 512]
# CHECK: llama_layer b=2 s=5 p=4: result #0 shape [2, 5, 512]
# CHECK: whisper_encoder_block b=1 t=6: result #0 shape [1, 3, 384]
# CHECK: whisper_encoder_block b=2 t=10: result #0 shape [2, 5, 384]

import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import examples as ex  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(0)

for b in (1, 5):
    x, w1, b1 = rng.standard_normal((b, 784)), rng.standard_normal(
        (784, 256)) * 0.05, rng.standard_normal(256)
    w2, b2 = rng.standard_normal((256, 10)) * 0.1, rng.standard_normal(10)
    out = os.path.join(work, "mlp.npy")
    ex.relax_run(examples, "mlp.mlir", "--output", out,
                 *[arg for name, a in (("x", x), ("w1", w1), ("b1", b1),
                                       ("w2", w2), ("b2", b2))
                   for arg in ("--input", ex.save(work, name + ".npy", a))])
    args = [a.astype(np.float32) for a in (x, w1, b1, w2, b2)]
    logits = np.maximum(args[0] @ args[1] + args[2], 0) @ args[3] + args[4]
    shifted = logits - logits.max(axis=1, keepdims=True)
    expected = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    error = np.abs(np.load(out) - expected).max()
    print(f"mlp b={b}: max abs error {error:.1e}",
          "ok" if error < 1e-4 else "BAD")

for model, sizes in ex.SIZES:
    if model == "mlp":
        continue
    for size in sizes:
        out = ex.relax_run(examples, model + ".mlir",
                           *[a for s in size.split() for a in ("--size", s)])
        shape = re.search(r"result #0 shape \[[^\]]*\]", out).group(0)
        print(f"{model} {size}: {shape}")
