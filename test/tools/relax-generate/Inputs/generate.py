"""Drives the relax-generate tests against transformers: for each
architecture named, a small random-weight model saved with save_pretrained
is imported (relax-import DIR -o OUT/), compiled on first use and generated
with relax-generate, one prompt at a time and batched; prints whether the
greedy tokens equal transformers' generate(do_sample=False) (both stop at an
end-of-sequence token). python3 generate.py WORK ARCH..."""

import os
import subprocess
import sys

import torch
import transformers

sys.path.insert(0, os.path.dirname(__file__))
from hf_decoders import make  # noqa: E402

work = sys.argv[1]
PROMPTS = [[3, 17, 42, 7, 99, 12, 200, 31, 5, 64, 77], [5, 6]]
NEW = 32

for arch in sys.argv[2:]:
    hf, out = os.path.join(work, arch), os.path.join(work, arch + "-out")
    make(arch, hf)
    # The reference is the model as saved (and as relax-import reads it).
    model = transformers.AutoModelForCausalLM.from_pretrained(hf)
    result = subprocess.run(["relax-import", hf, "-o", out], capture_output=True, text=True)
    status = "ok" if result.returncode == 0 else result.stderr.strip()
    eos = model.generation_config.eos_token_id
    references = []
    for prompt in PROMPTS:
        ids = model.generate(torch.tensor([prompt]), max_new_tokens=NEW, do_sample=False,
                             pad_token_id=eos)[0, len(prompt):].tolist()
        references.append(ids)
    line = f"{arch}: import {status}"
    for i, prompt in enumerate(PROMPTS):
        result = subprocess.run(["relax-generate", out, "--prompt-ids",
                                 ",".join(map(str, prompt)), "--max-new-tokens", str(NEW)],
                                capture_output=True, text=True)
        got = [int(x) for x in result.stdout.split()] if result.returncode == 0 else None
        line += f"; prompt {i}: " + ("equal" if got == references[i]
                                     else f"DIFFERENT {got} {references[i]} {result.stderr}")
    prompts = os.path.join(work, arch + "-prompts.txt")
    with open(prompts, "w") as f:
        f.write("\n".join(",".join(map(str, p)) for p in PROMPTS) + "\n")
    result = subprocess.run(["relax-generate", out, "--batch-prompts", prompts,
                             "--max-new-tokens", str(NEW)], capture_output=True, text=True)
    got = [[int(x) for x in row.split()] for row in result.stdout.splitlines()]
    line += "; batched: " + ("equal" if got == references
                             else f"DIFFERENT {got} {references} {result.stderr}")
    print(line)
