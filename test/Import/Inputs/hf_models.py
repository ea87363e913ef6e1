"""Small transformers models with random weights, built offline from a
config, for the import tests and bench/models.py: each exported with
torch.export with a dynamic batch (and sequence length where the model
allows one), imported, compiled and run by relax-run, and compared with
PyTorch on the same weights."""

import os
import subprocess
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch.export import Dim, export  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
from relax_import import import_torch, write_weights  # noqa: E402
from relax_import.torch_export import save  # noqa: E402


class Wrapper(torch.nn.Module):
    """Calls a transformers model on one tensor and returns one tensor."""

    def __init__(self, model, kind):
        super().__init__()
        self.model = model
        self.kind = kind

    def forward(self, x):
        if self.kind == "causal":
            return self.model(input_ids=x, use_cache=False).logits
        if self.kind == "ids":
            return self.model(input_ids=x).last_hidden_state
        if self.kind == "pixels":
            return self.model(pixel_values=x).last_hidden_state
        return self.model(x).last_hidden_state


def build(name, size="small"):
    """(module, example input, dynamic shapes, make_input(batch, seq))."""
    import transformers as T
    torch.manual_seed(0)
    big = size == "full"
    hidden = 768 if big else 64
    layers = 12 if big else 2
    heads = 12 if big else 4
    ffn = 4 * hidden if big else 128
    vocab = 32000 if big else 128
    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=1024)
    ids = {"x": {0: batch, 1: seq}}

    def tokens(b, s):
        return torch.randint(0, vocab, (b, s))

    if name == "llama":
        cfg = T.LlamaConfig(vocab_size=vocab, hidden_size=hidden, intermediate_size=ffn,
                            num_hidden_layers=layers, num_attention_heads=heads,
                            num_key_value_heads=heads // 2, max_position_embeddings=2048)
        return Wrapper(T.LlamaForCausalLM(cfg).eval(), "causal"), tokens(2, 8), ids, tokens
    if name == "gpt2":
        cfg = T.GPT2Config(vocab_size=vocab, n_embd=hidden, n_layer=layers, n_head=heads,
                           n_positions=2048, bos_token_id=0, eos_token_id=0)
        return Wrapper(T.GPT2LMHeadModel(cfg).eval(), "causal"), tokens(2, 8), ids, tokens
    if name == "bert":
        cfg = T.BertConfig(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                           num_attention_heads=heads, intermediate_size=ffn,
                           max_position_embeddings=2048)
        return Wrapper(T.BertModel(cfg).eval(), "ids"), tokens(2, 8), ids, tokens
    if name == "clip":
        image = 224 if big else 32
        patch = 16 if big else 8
        cfg = T.CLIPVisionConfig(hidden_size=hidden, intermediate_size=ffn,
                                 num_hidden_layers=layers, num_attention_heads=heads,
                                 image_size=image, patch_size=patch)
        # The image size is fixed by the position embeddings: batch only.
        return (Wrapper(T.CLIPVisionModel(cfg).eval(), "pixels"),
                torch.randn(2, 3, image, image), {"x": {0: batch}},
                lambda b, s: torch.randn(b, 3, image, image))
    if name == "whisper":
        mels, positions = (80, 1500) if big else (16, 64)
        cfg = T.WhisperConfig(d_model=hidden, encoder_layers=layers,
                              encoder_attention_heads=heads, encoder_ffn_dim=ffn,
                              num_mel_bins=mels, max_source_positions=positions,
                              decoder_layers=1, decoder_attention_heads=heads,
                              decoder_ffn_dim=ffn, vocab_size=vocab, pad_token_id=0,
                              bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
        encoder = T.WhisperModel(cfg).eval().get_encoder()
        # The encoder checks that the input has 2 * max_source_positions
        # frames: batch only.
        return (Wrapper(encoder, "features"), torch.randn(2, mels, 2 * positions),
                {"x": {0: batch}}, lambda b, s: torch.randn(b, mels, 2 * positions))
    raise ValueError(name)


def run_model(name, sizes, work, cli=False, tolerance=1e-4):
    """Exports, imports (through the relax-import command with `cli`),
    verifies with relax-opt and runs `name` at each (batch, seq) of `sizes`
    with relax-run, printing one line per size. Returns the exit code."""
    os.makedirs(work, exist_ok=True)
    module, example, dynamic, make = build(name)
    ep = export(module, (example,), dynamic_shapes=dynamic)
    mlir = os.path.join(work, f"{name}.mlir")
    weights = os.path.join(work, f"{name}.safetensors")
    if cli:
        pt2 = os.path.join(work, f"{name}.pt2")
        save(ep, pt2)
        result = subprocess.run(["relax-import", pt2, "-o", mlir], capture_output=True,
                                text=True)
        if result.returncode:
            print(f"relax-import failed: {result.stderr}")
            return 1
    else:
        text, arrays = import_torch(ep, source=name)
        with open(mlir, "w") as f:
            f.write(text)
        write_weights(weights, arrays)
    with open(mlir) as f:
        print(f.read().split("{", 1)[0].strip().splitlines()[1])
    verify = subprocess.run(["relax-opt", mlir, "--relax-infer-shapes", "-o", os.devnull],
                            capture_output=True, text=True)
    if verify.returncode:
        print(f"relax-opt failed: {verify.stderr}")
        return 1
    failed = 0
    for batch, seq in sizes:
        x = make(batch, seq)
        inp, out = os.path.join(work, "x.npy"), os.path.join(work, "y.npy")
        np.save(inp, x.numpy())
        with torch.no_grad():
            expected = module(x).numpy()
        result = subprocess.run(["relax-run", mlir, "--weights", weights, "--input", inp,
                                 "--output", out],
                                capture_output=True, text=True)
        if result.returncode:
            print(f"relax-run failed: {result.stderr}")
            return 1
        got = np.load(out)
        error = float(np.abs(got - expected).max()) if got.shape == expected.shape else None
        ok = error is not None and error <= tolerance
        failed |= not ok
        print(f"{name} {list(expected.shape)}: max abs error {error:.1e}: "
              f"{'ok' if ok else 'MISMATCH'}")
        sys.stdout.flush()
    return 1 if failed else 0
