# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: numpy
#
# Memory planning changes where tensors live, never what is computed: every
# shipped example runs at two sizes of its symbolic dims with and without
# --plan-memory on the same seeded inputs, and the results are identical.
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

import glob
import os
import subprocess
import sys

import numpy as np

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)


def run(model, size, plan):
    out = os.path.join(work, f"{model}.{'plan' if plan else 'noplan'}.npy")
    for old in glob.glob(out[:-4] + "*.npy"):
        os.remove(old)
    args = ["relax-run", os.path.join(examples, model + ".mlir"), "--seed", "1",
            "--output", out, f"--plan-memory={int(plan)}"]
    for s in size.split():
        args += ["--size", s]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"{model} {size}: relax-run failed:\n{result.stderr}")
    return [np.load(f) for f in sorted(glob.glob(out[:-4] + "*.npy"))]


for model, sizes in (
        ("mlp", ("b=1", "b=5")),
        ("clip_vision_block", ("b=1 h=32 w=32", "b=2 h=48 w=16")),
        ("gpt2_block", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
        ("llama_decoder_layer", ("b=1 s=3", "b=2 s=7")),
        ("llama_layer", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
        ("whisper_encoder_block", ("b=1 t=6", "b=2 t=10"))):
    for size in sizes:
        planned, unplanned = run(model, size, True), run(model, size, False)
        same = len(planned) == len(unplanned) > 0 and all(
            a.shape == b.shape and np.array_equal(a, b, equal_nan=True)
            for a, b in zip(planned, unplanned))
        print(f"{model} {size}: {'identical' if same else 'DIFFERENT'}")
