"""Small random-weight transformers decoder LMs, saved with save_pretrained,
for the relax-generate tests: python3 hf_decoders.py ARCH DIR."""

import sys

import torch
import transformers as t

SMALL = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
             num_attention_heads=4, vocab_size=256, max_position_embeddings=128)
CONFIGS = {
    "llama": lambda: t.LlamaConfig(num_key_value_heads=2, **SMALL),
    "mistral": lambda: t.MistralConfig(num_key_value_heads=2, sliding_window=None, **SMALL),
    "qwen2": lambda: t.Qwen2Config(num_key_value_heads=2, **SMALL),
    "phi3": lambda: t.Phi3Config(num_key_value_heads=2, pad_token_id=0, eos_token_id=2,
                                 **SMALL),
    "gpt2": lambda: t.GPT2Config(n_embd=64, n_layer=2, n_head=4, vocab_size=256,
                                 n_positions=128, bos_token_id=1, eos_token_id=2),
    "gpt_neox": lambda: t.GPTNeoXConfig(**SMALL),
}


def make(arch, directory, seed=0):
    torch.manual_seed(seed)
    config = CONFIGS[arch]()
    model = t.AutoModelForCausalLM.from_config(config)
    # Weights larger than the default initialization, so that the logits
    # are far apart and greedy decoding does not hinge on rounding.
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0, 0.2)
    model.save_pretrained(directory)
    return model


if __name__ == "__main__":
    make(sys.argv[1], sys.argv[2])
