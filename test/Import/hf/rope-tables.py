# RUN: env PYTHONPATH=%relax_obj_root/python %import_python %s | FileCheck %s
# REQUIRES: import-transformers
#
# The rotary tables relax_import.rope computes for each rope type, row by
# row against transformers' rotary embedding called as a decode step at
# that position (position_ids [[p]]): cos and sin bit for bit, past the
# original context length too (longrope's long factors, dynamic NTK's
# growing base, yarn's and longrope's attention scaling). Then the
# configuration errors.
#
# CHECK: default: 96 rows equal
# CHECK: linear: 96 rows equal
# CHECK: dynamic: 96 rows equal
# CHECK: yarn: 96 rows equal
# CHECK: longrope: 96 rows equal
# CHECK: llama3: 96 rows equal
# CHECK: partial llama3: 96 rows equal
# CHECK: unknown: rope type 'su' is not supported (relax-import reads default, linear, dynamic, yarn, longrope, llama3)
# CHECK: missing: rope type 'llama3' needs low_freq_factor, original_max_position_embeddings
# CHECK: factors: rope short_factor has 3 values for 8 rotary frequencies

import json

import torch
import transformers as t

from relax_import.emitter import ImportError_
from relax_import.rope import read_rope, rope_tables

SMALL = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=1,
             num_attention_heads=4, num_key_value_heads=2, vocab_size=32,
             max_position_embeddings=64)
CONTEXT = 96  # past max_position_embeddings, for dynamic NTK
PARAMS = {
    "default": dict(rope_type="default"),
    "linear": dict(rope_type="linear", factor=2.0),
    "dynamic": dict(rope_type="dynamic", factor=2.0),
    "yarn": dict(rope_type="yarn", factor=4.0, original_max_position_embeddings=16),
    "longrope": dict(rope_type="longrope", short_factor=[1.0 + 0.1 * i for i in range(8)],
                     long_factor=[2.0 + 0.5 * i for i in range(8)],
                     original_max_position_embeddings=16),
    "llama3": dict(rope_type="llama3", factor=8.0, low_freq_factor=1.0,
                   high_freq_factor=4.0, original_max_position_embeddings=16),
}


def compare(name, params, partial=None):
    extra = {"partial_rotary_factor": partial} if partial else {}
    phi3 = params["rope_type"] == "longrope"
    config = (t.Phi3Config if phi3 else t.LlamaConfig)(
        rope_parameters=dict(rope_theta=10000.0, **params, **extra),
        **(dict(pad_token_id=0) if phi3 else {}), **SMALL)
    model = t.AutoModelForCausalLM.from_config(config)
    rotary = model.model.rotary_emb
    # The importer reads config.json as save_pretrained writes it.
    rope = read_rope(json.loads(config.to_json_string()), 16, name)
    cos, sin = rope_tables(rope, CONTEXT)
    x = torch.zeros(1, 1, rope.dim)
    different = []
    for p in range(CONTEXT):
        c, s = rotary(x, torch.tensor([[p]]))
        if not (torch.equal(c[0, 0], torch.from_numpy(cos[p]))
                and torch.equal(s[0, 0], torch.from_numpy(sin[p]))):
            different.append(p)
    print(f"{name}: " + (f"{CONTEXT} rows equal" if not different else
                         f"rows {different[:8]} differ"))


for name, params in PARAMS.items():
    compare(name, params)
compare("partial llama3", PARAMS["llama3"], partial=0.5)

for name, config in [
        ("unknown", {"rope_scaling": {"type": "su", "factor": 2.0}}),
        ("missing", {"rope_scaling": {"rope_type": "llama3", "factor": 8.0,
                                      "high_freq_factor": 4.0}}),
        ("factors", {"rope_parameters": {"rope_type": "longrope", "short_factor": [1, 1, 1],
                                         "long_factor": [1] * 8,
                                         "original_max_position_embeddings": 8}})]:
    try:
        read_rope(config, 16, "config.json")
        print(f"{name}: accepted")
    except ImportError_ as error:
        print(f"{name}: {str(error).split(': ', 1)[1]}")
