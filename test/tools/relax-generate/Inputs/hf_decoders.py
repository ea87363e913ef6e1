"""Small random-weight transformers decoder LMs, saved with save_pretrained,
for the relax-generate tests: python3 hf_decoders.py ARCH DIR; and the
tests' comparison of relax-generate's greedy tokens with transformers'."""

import subprocess
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
    # Rotary embeddings other than the default one. Generation passes the
    # original context of llama3 and yarn; longrope's stays below it
    # (transformers' Phi-3 recomputes its whole cache when a sequence
    # crosses it, see docs/design.md).
    "llama-llama3": lambda: t.LlamaConfig(num_key_value_heads=2, rope_parameters=dict(
        rope_type="llama3", rope_theta=10000.0, factor=8.0, low_freq_factor=1.0,
        high_freq_factor=4.0, original_max_position_embeddings=16), **SMALL),
    "llama-linear": lambda: t.LlamaConfig(num_key_value_heads=2, rope_parameters=dict(
        rope_type="linear", rope_theta=10000.0, factor=2.0), **SMALL),
    "qwen2-yarn": lambda: t.Qwen2Config(num_key_value_heads=2, rope_parameters=dict(
        rope_type="yarn", rope_theta=10000.0, factor=4.0,
        original_max_position_embeddings=32), **SMALL),
    "phi3-longrope": lambda: t.Phi3Config(
        num_key_value_heads=2, pad_token_id=0, eos_token_id=2,
        original_max_position_embeddings=64, rope_parameters=dict(
            rope_type="longrope", rope_theta=10000.0,
            short_factor=[1.0 + 0.1 * i for i in range(8)],
            long_factor=[2.0 + 0.5 * i for i in range(8)]), **SMALL),
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


def references(model, prompts, new):
    """transformers' greedy continuations of `prompts` (lists of ids)."""
    eos = model.generation_config.eos_token_id
    return [model.generate(torch.tensor([p]), max_new_tokens=new, do_sample=False,
                           pad_token_id=eos)[0, len(p):].tolist() for p in prompts]


def compare_prompt(out, prompt, reference, new, extra=()):
    """relax-generate OUT --prompt-ids PROMPT (and `extra` arguments) against
    `reference`: "equal" or what differs."""
    result = subprocess.run(["relax-generate", out, "--prompt-ids", ",".join(map(str, prompt)),
                             "--max-new-tokens", str(new), *extra],
                            capture_output=True, text=True)
    got = [int(x) for x in result.stdout.split()] if result.returncode == 0 else None
    return "equal" if got == reference else f"DIFFERENT {got} {reference} {result.stderr}"


def compare_batch(out, prompts, references, new, path, extra=()):
    """relax-generate OUT --batch-prompts (written to `path`, and `extra`
    arguments) against `references`: "equal" or what differs."""
    with open(path, "w") as f:
        f.write("\n".join(",".join(map(str, p)) for p in prompts) + "\n")
    result = subprocess.run(["relax-generate", out, "--batch-prompts", path,
                             "--max-new-tokens", str(new), *extra],
                            capture_output=True, text=True)
    got = [[int(x) for x in row.split()] for row in result.stdout.splitlines()]
    return "equal" if got == references else f"DIFFERENT {got} {references} {result.stderr}"


if __name__ == "__main__":
    make(sys.argv[1], sys.argv[2])
