# RUN: rm -rf %t && mkdir -p %t
# RUN: env PYTHONPATH=%relax_obj_root/python %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers
#
# relax-import DIR --quantize FORMAT packs a Llama's projections, embedding
# and head; relax-compile and relax-generate run it unchanged. Greedy tokens
# equal transformers' on the same model with the dequantized weights
# loaded, one prompt and batched, in every format; the weights file holds
# the packed bytes, and the compiled library's budget says so.
#
# CHECK: q4_0: import ok; weights 77568 bytes (f32 427264); prompt: equal; batched: equal
# CHECK: q8_0: import ok; weights 130816 bytes (f32 427264); prompt: equal; batched: equal
# CHECK: q4f16_1: import ok; weights 77568 bytes (f32 427264); prompt: equal; batched: equal
# CHECK: q4f32_1: import ok; weights 84224 bytes (f32 427264); prompt: equal; batched: equal
# CHECK: library: weights 77568 bytes
# CHECK: relax-import: error: --quantize q8_0: rows of embed hold 48 weights, not a multiple of 32

import json
import os
import subprocess
import sys

import torch
import transformers

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hf_decoders import CONFIGS, compare_batch, compare_prompt, make, references  # noqa: E402,E501

from relax_import.quantize import dequantize, quantize  # noqa: E402

work = sys.argv[1]
hf = os.path.join(work, "llama")
make("llama", hf)
PROMPTS = [[3, 17, 42, 7, 99, 12, 200, 31, 5, 64, 77], [5, 6]]
NEW = 24
PACKED = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj",
          "embed_tokens", "lm_head")

for fmt in ("q4_0", "q8_0", "q4f16_1", "q4f32_1"):
    out = os.path.join(work, fmt)
    result = subprocess.run(["relax-import", hf, "-o", out, "--quantize", fmt],
                            capture_output=True, text=True)
    status = "ok" if result.returncode == 0 else result.stderr.strip()
    config = json.load(open(os.path.join(out, "config.json")))
    # The reference: the saved model with each packed weight replaced by
    # what its packed form holds.
    model = transformers.AutoModelForCausalLM.from_pretrained(hf)
    f32_bytes = 0
    with torch.no_grad():
        for name, param in model.named_parameters():
            f32_bytes += param.numel() * 4
            if any(part in name for part in PACKED):
                data, scales = quantize(param.numpy(), fmt)
                param.copy_(torch.from_numpy(dequantize(data, scales, fmt).astype("float32")))
    refs = references(model, PROMPTS, NEW)
    line = f"{fmt}: import {status}; weights {config['weight_bytes']} bytes (f32 {f32_bytes})"
    line += "; prompt: " + compare_prompt(out, PROMPTS[0], refs[0], NEW)
    line += "; batched: " + compare_batch(out, PROMPTS, refs, NEW,
                                          os.path.join(work, fmt + "-prompts.txt"))
    print(line)

result = subprocess.run(["relax-compile", os.path.join(work, "q4_0", "model.mlir"), "-o",
                         os.path.join(work, "q4_0.so")], capture_output=True, text=True)
print("library: " + result.stdout.split("; ")[1].splitlines()[0] if result.returncode == 0
      else result.stderr)

# A row that is not whole groups: a clear error.
odd = os.path.join(work, "odd")
config = CONFIGS["llama"]()
config.hidden_size, config.head_dim = 48, 12
transformers.AutoModelForCausalLM.from_config(config).save_pretrained(odd)
result = subprocess.run(["relax-import", odd, "-o", os.path.join(work, "odd-out"),
                         "--quantize", "q8_0"], capture_output=True, text=True)
print(result.stderr.strip())
