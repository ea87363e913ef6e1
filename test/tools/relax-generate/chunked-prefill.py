# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers
#
# A prefill takes at most a chunk of tokens (the context window of this
# model, 128): two prompts of 100 and 90 tokens are prefilled in two calls,
# the second prompt split across them, and still generate what
# transformers does; the module bounds t by the chunk.
#
# CHECK: chunk 128, bound: #sym.range<t in [1, 128]>
# CHECK: batched: equal
# CHECK: prefill: 190 tokens

import json
import os
import random
import subprocess
import sys

import torch
import transformers

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hf_decoders import make  # noqa: E402

work = sys.argv[1]
hf, out = os.path.join(work, "llama"), os.path.join(work, "out")
make("llama", hf)
subprocess.run(["relax-import", hf, "-o", out], check=True, capture_output=True)
bound = next(line for line in open(os.path.join(out, "model.mlir"))
             if "#sym.range<t in" in line)
print(f"chunk {json.load(open(os.path.join(out, 'config.json')))['prefill_chunk_size']}, "
      f"bound: {bound[bound.index('#sym.range<t'):].split('>')[0]}>")
rng = random.Random(0)
prompts = [[rng.randrange(256) for _ in range(n)] for n in (100, 90)]
model = transformers.AutoModelForCausalLM.from_pretrained(hf)
eos = model.generation_config.eos_token_id
references = [model.generate(torch.tensor([p]), max_new_tokens=8, do_sample=False,
                             pad_token_id=eos)[0, len(p):].tolist() for p in prompts]
path = os.path.join(work, "prompts.txt")
with open(path, "w") as f:
    f.write("\n".join(" ".join(map(str, p)) for p in prompts) + "\n")
result = subprocess.run(["relax-generate", out, "--batch-prompts", path,
                         "--max-new-tokens", "8"], capture_output=True, text=True)
got = [[int(x) for x in row.split()] for row in result.stdout.splitlines()]
print("batched:", "equal" if got == references else f"DIFFERENT {got} {references} "
      f"{result.stderr}")
print(result.stderr.strip().splitlines()[-1])
