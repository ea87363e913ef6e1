"""The shipped examples, two sizes of each one's symbolic dims, and a runner
that returns what relax-run computes for them, for tests that compare
builds with and without an optimization."""

import glob
import os
import subprocess
import sys

import numpy as np

SIZES = (
    ("mlp", ("b=1", "b=5")),
    ("clip_vision_block", ("b=1 h=32 w=32", "b=2 h=48 w=16")),
    ("gpt2_block", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
    ("llama_decoder_layer", ("b=1 s=3", "b=2 s=7")),
    ("llama_layer", ("b=1 s=3 p=0", "b=2 s=5 p=4")),
    ("whisper_encoder_block", ("b=1 t=6", "b=2 t=10")),
)


def run(examples, work, model, size, tag, flags):
    """Runs `model` at `size` on seeded inputs with relax-run `flags`;
    returns its results as arrays."""
    out = os.path.join(work, f"{model}.{tag}.npy")
    for old in glob.glob(out[:-4] + "*.npy"):
        os.remove(old)
    args = ["relax-run", os.path.join(examples, model + ".mlir"), "--seed", "1",
            "--output", out] + flags
    for s in size.split():
        args += ["--size", s]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"{model} {size}: relax-run failed:\n{result.stderr}")
    return [np.load(f) for f in sorted(glob.glob(out[:-4] + "*.npy"))]
