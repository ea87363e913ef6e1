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


def check_mlp(examples, work, flags=(), before_run=None):
    """Runs the MLP at batch 1 and 5 on seeded inputs with relax-run `flags`
    and prints its max abs error against numpy, `ok` or `BAD`;
    `before_run(size)` is called before each run."""
    rng = np.random.default_rng(0)
    for b in (1, 5):
        x, w1, b1 = rng.standard_normal((b, 784)), rng.standard_normal(
            (784, 256)) * 0.05, rng.standard_normal(256)
        w2, b2 = rng.standard_normal((256, 10)) * 0.1, rng.standard_normal(10)
        out = os.path.join(work, "mlp.npy")
        if before_run:
            before_run(f"b={b}")
        relax_run(examples, "mlp.mlir", *flags, "--output", out,
                  *[arg for name, a in (("x", x), ("w1", w1), ("b1", b1),
                                        ("w2", w2), ("b2", b2))
                    for arg in ("--input", save(work, name + ".npy", a))])
        args = [a.astype(np.float32) for a in (x, w1, b1, w2, b2)]
        logits = np.maximum(args[0] @ args[1] + args[2], 0) @ args[3] + args[4]
        shifted = logits - logits.max(axis=1, keepdims=True)
        expected = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        error = np.abs(np.load(out) - expected).max()
        print(f"mlp b={b}: max abs error {error:.1e}",
              "ok" if error < 1e-4 else "BAD")
