# RUN: rm -rf %t && mkdir -p %t
# RUN: env PYTHONPATH=%relax_obj_root/python %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers, import-gguf
#
# A random-weight llama GGUF (2 layers, grouped key/value heads), written
# with the gguf package as llama.cpp's converter writes one (query and key
# rows permuted for interleaved rotary pairs; projections and the
# embedding in q4_0, the head in q8_0, norms in f32, a vocabulary), is
# imported, compiled and generated: greedy tokens equal transformers' on
# the model with the dequantized weights, one prompt and batched. A Llama
# 3.1-style file (the llama3 rope type as llama.cpp's rope_freqs) generates
# what transformers' llama3 model does. Then bad
# files: another architecture, a tensor type it does not read, a row that
# is not whole blocks, a truncated file, all clear errors and exit 1.
#
# CHECK: import: relax-import: wrote {{.*}}: llama (GGUF), 2 layers, weights 85760 bytes
# CHECK: config: eos [2], context 128, q4_0+q8_0
# CHECK: prompt: equal
# CHECK: batched: equal
# CHECK: int8 kernels: compile exit 0, 24 tokens, the first {{[1-9][0-9]*}} as in f32
# CHECK-NOT: error
# CHECK: int8 text: exit 0, True
# CHECK: llama3 rope: equal
# CHECK: default rope: different
# CHECK: tokenizer: 'hello world' -> [1, {{.*}}] -> 'hello world'
# CHECK: gpt2 architecture: exit 1: relax-import: error: GGUF architecture 'gpt2' is not supported; relax-import reads llama
# CHECK: q4_1 tensor: exit 1: relax-import: error: GGUF tensor blk.0.attn_q.weight has type Q4_1; relax-import reads F32, F16, Q8_0 and Q4_0
# CHECK: partial block: exit 1: relax-import: error: cannot read {{.*}}partial_block.gguf as a GGUF file (truncated or corrupt): Quantized tensor row size (112) is not a multiple of Q4_0 block size (32)
# CHECK: truncated: exit 1: relax-import: error: cannot read {{.*}}truncated.gguf as a GGUF file (truncated or corrupt): {{.*}}

import json
import math
import os
import shutil
import subprocess
import sys

import numpy as np
import torch
from gguf import GGMLQuantizationType as Q
from gguf import GGUFWriter, quants

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hf_decoders import compare_batch, compare_prompt, make, references  # noqa: E402

work = sys.argv[1]
hf = os.path.join(work, "llama")
model = make("llama", hf)
config = model.config
heads, kv_heads = config.num_attention_heads, config.num_key_value_heads
PROMPTS = [[1, 3, 17, 42, 7, 99, 12, 200, 31, 5, 64, 77], [1, 5, 6]]
NEW = 24
# The vocabulary: specials, then single characters, then a few merges.
chars = list("▁abcdefghijklmnopqrstuvwxyz")
merged = ["▁h", "▁w", "he", "ll", "llo", "▁he", "▁hello", "or", "ld", "▁wor", "▁world"]
TOKENS = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256 - 3 - len(chars) -
                                                                  len(merged))]
TOKENS += chars + merged
SCORES = [0.0] * (len(TOKENS) - len(merged)) + [-float(i) for i in range(len(merged))]


def permute(w, n_head):
    """llama.cpp's convert_hf_to_gguf permutation of query / key rows."""
    return w.reshape(n_head, 2, w.shape[0] // n_head // 2, *w.shape[1:]).swapaxes(1, 2) \
        .reshape(w.shape)


def tensors(types, model):
    """(GGUF name, numpy array, type) of the model's weights."""
    config = model.config
    sd = {k: v.detach().numpy() for k, v in model.state_dict().items()}
    out = [("token_embd.weight", sd["model.embed_tokens.weight"], types["embed"]),
           ("output_norm.weight", sd["model.norm.weight"], Q.F32),
           ("output.weight", sd["lm_head.weight"], types["head"])]
    for i in range(config.num_hidden_layers):
        p = f"model.layers.{i}."
        out += [(f"blk.{i}.attn_norm.weight", sd[p + "input_layernorm.weight"], Q.F32),
                (f"blk.{i}.ffn_norm.weight", sd[p + "post_attention_layernorm.weight"], Q.F32),
                (f"blk.{i}.attn_q.weight", permute(sd[p + "self_attn.q_proj.weight"], heads),
                 types.get("q", types["proj"])),
                (f"blk.{i}.attn_k.weight", permute(sd[p + "self_attn.k_proj.weight"], kv_heads),
                 types["proj"]),
                (f"blk.{i}.attn_v.weight", sd[p + "self_attn.v_proj.weight"], types["proj"]),
                (f"blk.{i}.attn_output.weight", sd[p + "self_attn.o_proj.weight"], types["proj"]),
                (f"blk.{i}.ffn_gate.weight", sd[p + "mlp.gate_proj.weight"], types["proj"]),
                (f"blk.{i}.ffn_up.weight", sd[p + "mlp.up_proj.weight"], types["proj"]),
                (f"blk.{i}.ffn_down.weight", sd[p + "mlp.down_proj.weight"], types["proj"])]
    return out


def llama3_rope_freqs(config):
    """llama.cpp's converter's rope_freqs for the llama3 rope type: the
    divisor of each rotary frequency."""
    p = config.rope_parameters
    dim = config.head_dim
    freqs = 1.0 / (p["rope_theta"] ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim))
    low_wavelen = p["original_max_position_embeddings"] / p["low_freq_factor"]
    high_wavelen = p["original_max_position_embeddings"] / p["high_freq_factor"]
    factors = []
    for freq in freqs.tolist():
        wavelen = 2 * math.pi / freq
        if wavelen < high_wavelen:
            factors.append(1.0)
        elif wavelen > low_wavelen:
            factors.append(p["factor"])
        else:
            smooth = (p["original_max_position_embeddings"] / wavelen - p["low_freq_factor"]) \
                / (p["high_freq_factor"] - p["low_freq_factor"])
            factors.append(1 / ((1 - smooth) / p["factor"] + smooth))
    return np.array(factors, dtype=np.float32)


def write(path, arch="llama", types=None, model=None):
    model = model or globals()["model"]
    config = model.config
    types = types or {"embed": Q.Q4_0, "head": Q.Q8_0, "proj": Q.Q4_0}
    w = GGUFWriter(path, arch)
    w.add_block_count(config.num_hidden_layers)
    w.add_context_length(config.max_position_embeddings)
    w.add_embedding_length(config.hidden_size)
    w.add_feed_forward_length(config.intermediate_size)
    w.add_head_count(heads)
    w.add_head_count_kv(kv_heads)
    w.add_rope_freq_base(config.rope_parameters["rope_theta"])
    w.add_layer_norm_rms_eps(config.rms_norm_eps)
    w.add_rope_dimension_count(config.head_dim)
    w.add_tokenizer_model("llama")
    w.add_token_list(TOKENS)
    w.add_token_scores(SCORES)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    if config.rope_parameters["rope_type"] == "llama3":
        w.add_tensor("rope_freqs.weight", llama3_rope_freqs(config))
    for name, array, kind in tensors(types, model):
        array = np.ascontiguousarray(array, np.float32)
        if kind == Q.F32:
            w.add_tensor(name, array)
        else:
            w.add_tensor(name, quants.quantize(array, kind), raw_dtype=kind)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


path = os.path.join(work, "model.gguf")
write(path)
out = os.path.join(work, "out")
result = subprocess.run(["relax-import", path, "-o", out], capture_output=True, text=True)
print("import: " + (result.stdout.strip() or result.stderr.strip()))
cfg = json.load(open(os.path.join(out, "config.json")))
print(f"config: eos {cfg['eos_token_ids']}, context {cfg['context_window_size']}, "
      f"{cfg['quantization']}")



def dequantized(model):
    """The model with every weight the GGUF quantizes replaced by what its
    blocks hold (rows permute with their blocks, so unpermuting commutes
    with it)."""
    kinds = {"embed_tokens": Q.Q4_0, "lm_head": Q.Q8_0}
    with torch.no_grad():
        for name, param in model.named_parameters():
            if "norm" in name:
                continue
            kind = next((k for part, k in kinds.items() if part in name), Q.Q4_0)
            deq = quants.dequantize(quants.quantize(param.numpy(), kind), kind)
            param.copy_(torch.from_numpy(np.ascontiguousarray(deq, np.float32)))
    return model


refs = references(dequantized(model), PROMPTS, NEW)
print("prompt: " + compare_prompt(out, PROMPTS[0], refs[0], NEW))
print("batched: " + compare_batch(out, PROMPTS, refs, NEW, os.path.join(work, "prompts.txt")))

# The user guide's commands for the CPU's micro-kernels (8-bit activations):
# the model compiles and generates; its tokens follow the f32 reference's
# while the activations' rounding does not change an argmax.
int8 = os.path.join(work, "out-int8")
shutil.copytree(out, int8, ignore=shutil.ignore_patterns("model.so"))
compiled = subprocess.run(["relax-compile", os.path.join(int8, "model.mlir"), "-o",
                           os.path.join(int8, "model.so"),
                           "--pipeline-options=quantized-kernels=true"],
                          capture_output=True, text=True)
generated = subprocess.run(["relax-generate", int8, "--prompt-ids",
                            ",".join(map(str, PROMPTS[0])), "--max-new-tokens", str(NEW)],
                           capture_output=True, text=True)
tokens = [int(t) for t in generated.stdout.split()] if generated.returncode == 0 else []
agree = next((i for i, (a, b) in enumerate(zip(tokens, refs[0])) if a != b), len(tokens))
print(f"int8 kernels: compile exit {compiled.returncode}, {len(tokens)} tokens, "
      f"the first {agree} as in f32 {generated.stderr.strip()}")
text = subprocess.run(["relax-generate", int8, "--prompt", "hello world", "--print-text"],
                      capture_output=True, text=True)
print(f"int8 text: exit {text.returncode}, {bool(text.stdout.strip())}")

# Llama 3.1's rope type: the file holds llama.cpp's rope_freqs, against
# transformers' llama3 frequencies. In f32: with these random weights in
# q4_0 both rope types give the same tokens.
llama3 = make("llama-llama3", os.path.join(work, "llama3"))
path3, out3 = os.path.join(work, "llama3.gguf"), os.path.join(work, "out3")
write(path3, model=llama3, types={"embed": Q.F32, "head": Q.F32, "proj": Q.F32})
result = subprocess.run(["relax-import", path3, "-o", out3], capture_output=True, text=True)
refs3 = references(llama3, PROMPTS, NEW)
print("llama3 rope: " + (compare_prompt(out3, PROMPTS[0], refs3[0], NEW)
                         if result.returncode == 0 else result.stderr.strip()))
# The rope type shows in the tokens: the default rope's differ.
default = make("llama", os.path.join(work, "llama-default"))
default.load_state_dict(llama3.state_dict())
print("default rope: " + ("equal" if references(default, PROMPTS, NEW)[0] == refs3[0]
                          else "different"))

from tokenizers import Tokenizer  # noqa: E402
tokenizer = Tokenizer.from_file(os.path.join(out, "tokenizer.json"))
ids = tokenizer.encode("hello world").ids
print(f"tokenizer: 'hello world' -> {ids} -> {tokenizer.decode(ids)!r}")

# Bad files.
bad = {"gpt2 architecture": dict(arch="gpt2"),
       "q4_1 tensor": dict(types={"embed": Q.Q4_0, "head": Q.Q8_0, "proj": Q.Q4_0,
                                  "q": Q.Q4_1}),
       }
for label, kwargs in bad.items():
    bad_path = os.path.join(work, label.replace(" ", "_") + ".gguf")
    try:
        write(bad_path, **kwargs)
    except Exception as error:  # noqa: BLE001
        print(f"{label}: the gguf package refuses to write it: {error}")
        continue
    result = subprocess.run(["relax-import", bad_path, "-o", os.path.join(work, "bad")],
                            capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}: {result.stderr.strip()}")
# Rows of blk.0.ffn_down.weight declared 112 weights long: 3.5 blocks (the
# gguf package writes no such file; its tensor info is patched).
data = open(path, "rb").read()
name = b"blk.0.ffn_down.weight"
at = data.index(name) + len(name) + 4  # past the name and the dim count
partial = os.path.join(work, "partial_block.gguf")
with open(partial, "wb") as f:
    f.write(data[:at] + (112).to_bytes(8, "little") + data[at + 8:])
result = subprocess.run(["relax-import", partial, "-o", os.path.join(work, "bad")],
                        capture_output=True, text=True)
print(f"partial block: exit {result.returncode}: {result.stderr.strip()}")
truncated = os.path.join(work, "truncated.gguf")
with open(truncated, "wb") as f:
    f.write(data[:len(data) // 2])
result = subprocess.run(["relax-import", truncated, "-o", os.path.join(work, "bad")],
                        capture_output=True, text=True)
print(f"truncated: exit {result.returncode}: {result.stderr.strip()}")
