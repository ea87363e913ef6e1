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


def relax_run(examples, model, *args):
    """Runs relax-run on the example file `model` with `args`; returns its
    stdout, or exits with its stderr."""
    result = subprocess.run(["relax-run", os.path.join(examples, model),
                             *args], capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"{model}: relax-run failed:\n{result.stderr}")
    return result.stdout


def save(work, name, array):
    """Writes `array` as f32 to `work`/`name`; returns the path."""
    path = os.path.join(work, name)
    np.save(path, array.astype(np.float32))
    return path


def results(prefix):
    """The .npy results relax-run wrote for --output prefix.npy, in order."""
    paths = [prefix + ".npy"] + sorted(
        glob.glob(prefix + ".[0-9]*.npy"),
        key=lambda p: int(p[len(prefix) + 1:-4]))
    return [np.load(p) for p in paths]


def run(examples, work, model, size, tag, flags):
    """Runs `model` at `size` on seeded inputs with relax-run `flags`;
    returns its results as arrays."""
    prefix = os.path.join(work, f"{model}.{tag}")
    for old in glob.glob(prefix + ".*npy"):
        os.remove(old)
    args = ["--seed", "1", "--output", prefix + ".npy"] + flags
    for s in size.split():
        args += ["--size", s]
    relax_run(examples, model + ".mlir", *args)
    return results(prefix)
