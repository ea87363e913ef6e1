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

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import examples as ex  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
ex.check_mlp(examples, work)

for model, sizes in ex.SIZES:
    if model == "mlp":
        continue
    for size in sizes:
        out = ex.relax_run(examples, model + ".mlir",
                           *[a for s in size.split() for a in ("--size", s)])
        shape = re.search(r"result #0 shape \[[^\]]*\]", out).group(0)
        print(f"{model} {size}: {shape}")
