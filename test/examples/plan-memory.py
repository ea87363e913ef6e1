# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: numpy
#
# Memory planning changes where tensors live, never what is computed: every
# shipped example runs at two sizes of its symbolic dims with and without
# memory planning (`plan-memory=`) on the same seeded inputs, and the results are identical;
# so are they with `plan-results=true`, where the results live in the arena too.
#
# CHECK: mlp b=1: identical
# CHECK: mlp b=5: identical
# CHECK: clip_vision_block b=1 h=32 w=32: identical
# CHECK: clip_vision_block b=2 h=48 w=16: identical
# CHECK: gpt2_block b=1 s=3 p=0: identical
# CHECK: gpt2_block b=2 s=5 p=4: identical
# CHECK: llama_decoder_layer b=1 s=3: identical
# CHECK: llama_decoder_layer b=2 s=7: identical
# CHECK: llama_layer b=1 s=3 p=0: identical
# CHECK: llama_layer b=2 s=5 p=4: identical
# CHECK: whisper_encoder_block b=1 t=6: identical
# CHECK: whisper_encoder_block b=2 t=10: identical

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import examples as ex  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)

for model, sizes in ex.SIZES:
    for size in sizes:
        planned = ex.run(examples, work, model, size, "plan",
                         ["--pipeline-options=plan-memory=true"])
        unplanned = ex.run(examples, work, model, size, "noplan",
                           ["--pipeline-options=plan-memory=false"])
        results = ex.run(examples, work, model, size, "results",
                         ["--pipeline-options=plan-memory=true plan-results=true"])
        same = len(planned) == len(unplanned) == len(results) > 0 and all(
            a.shape == b.shape == c.shape
            and np.array_equal(a, b, equal_nan=True)
            and np.array_equal(a, c, equal_nan=True)
            for a, b, c in zip(planned, unplanned, results))
        print(f"{model} {size}: {'identical' if same else 'DIFFERENT'}")
