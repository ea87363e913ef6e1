"""Drives the relax-generate tests against transformers: for each
architecture named, a small random-weight model saved with save_pretrained
is imported (relax-import DIR -o OUT/), compiled on first use and generated
with relax-generate, one prompt at a time and batched; prints whether the
greedy tokens equal transformers' generate(do_sample=False) (both stop at an
end-of-sequence token). With --device DEV first, the library is compiled
for that GPU (relax-compile --device DEV) and given to relax-generate with
--library. python3 generate.py [--device DEV] WORK ARCH..."""

import os
import subprocess
import sys

import transformers

sys.path.insert(0, os.path.dirname(__file__))
from hf_decoders import compare_batch, compare_prompt, make, references  # noqa: E402

args = sys.argv[1:]
device = None
if args[0] == "--device":
    device, args = args[1], args[2:]
work, archs = args[0], args[1:]
PROMPTS = [[3, 17, 42, 7, 99, 12, 200, 31, 5, 64, 77], [5, 6]]
NEW = 32

for arch in archs:
    hf, out = os.path.join(work, arch), os.path.join(work, arch + "-out")
    make(arch, hf)
    # The reference is the model as saved (and as relax-import reads it).
    model = transformers.AutoModelForCausalLM.from_pretrained(hf)
    result = subprocess.run(["relax-import", hf, "-o", out], capture_output=True, text=True)
    status = "ok" if result.returncode == 0 else result.stderr.strip()
    extra = []
    if device and result.returncode == 0:
        library = os.path.join(out, f"model-{device}.so")
        result = subprocess.run(["relax-compile", os.path.join(out, "model.mlir"), "--device",
                                 device, "-o", library], capture_output=True, text=True)
        status += f", {device} library " + ("ok" if result.returncode == 0
                                            else result.stderr.strip())
        extra = ["--library", library]
    refs = references(model, PROMPTS, NEW)
    line = f"{arch}: import {status}"
    for i, prompt in enumerate(PROMPTS):
        line += f"; prompt {i}: " + compare_prompt(out, prompt, refs[i], NEW, extra)
    line += "; batched: " + compare_batch(out, PROMPTS, refs, NEW,
                                          os.path.join(work, arch + "-prompts.txt"), extra)
    print(line)
