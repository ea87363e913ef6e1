# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers
#
# relax-import DIR reads and writes the weights one at a time, so that a
# model larger than memory imports (a 7B model in f32 is 28 GB): the peak
# memory of importing a 287 MB model, in f32 and packed as q4_0, is that of
# a 1 MB model of the same architecture, give or take a quarter of the
# weights (reading them all first took 457 MB more). Sharded checkpoints
# read the same way.
#
# CHECK: f32: ok, peak within a quarter of the weights of the small model's
# CHECK: q4_0: ok, peak within a quarter of the weights of the small model's
# CHECK: sharded: ok, the same weights file

import os
import subprocess
import sys

import torch
import transformers as t

work = sys.argv[1]


def make(name, big, shard=None):
    torch.manual_seed(0)
    config = t.LlamaConfig(
        hidden_size=1024 if big else 64, intermediate_size=2816 if big else 128,
        num_hidden_layers=6 if big else 2, num_attention_heads=16 if big else 4,
        num_key_value_heads=4 if big else 2, vocab_size=2048, max_position_embeddings=128)
    model = t.AutoModelForCausalLM.from_config(config)
    path = os.path.join(work, name)
    model.save_pretrained(path, **({"max_shard_size": shard} if shard else {}))
    return path, sum(p.numel() for p in model.parameters()) * 4


def peak(path, out, *options):
    """relax-import's peak resident memory (bytes), in a process of its
    own so that no earlier child counts."""
    probe = ("import resource, subprocess, sys\n"
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
             "sys.stderr.write(r.stderr)\n"
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    result = subprocess.run([sys.executable, "-c", probe, "relax-import", path, "-o", out,
                             *options], capture_output=True, text=True)
    code, kib = result.stdout.split()
    if code != "0":
        sys.exit(f"relax-import failed: {result.stderr}")
    return int(kib) * 1024


small, _ = make("small", big=False)
large, weight_bytes = make("large", big=True)
for label, options in (("f32", []), ("q4_0", ["--quantize", "q4_0"])):
    base = peak(small, os.path.join(work, "small-" + label), *options)
    grown = peak(large, os.path.join(work, "large-" + label), *options) - base
    verdict = "within a quarter of the weights of" if grown < weight_bytes / 4 else \
        f"{grown / 2**20:.0f} MB above"
    print(f"{label}: ok, peak {verdict} the small model's")

sharded, _ = make("sharded", big=True, shard="50MB")
out = os.path.join(work, "large-sharded")
subprocess.run(["relax-import", sharded, "-o", out], check=True, capture_output=True)
same = open(os.path.join(out, "model.safetensors"), "rb").read() == \
    open(os.path.join(work, "large-f32", "model.safetensors"), "rb").read()
print("sharded: ok, " + ("the same weights file" if same else "DIFFERENT weights"))
