"""Small transformers models with random weights, built offline from a
config, for the import tests and bench/models.py: each exported with
torch.export with a dynamic batch (and sequence length where the model
allows one), imported, compiled and run by relax-run, and compared with
PyTorch on the same weights. The decoders (Llama, GPT-2) also export as one
step over a KV cache whose length is dynamic too (`build_step`)."""

import inspect
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
        if self.kind == "causal-mask":
            # A mask of ones, as a tokenizer gives: TorchScript cannot export
            # the packed-sequence check (aten::diff) run without one.
            return self.model(input_ids=x, attention_mask=torch.ones_like(x),
                              use_cache=False).logits
        if self.kind == "ids":
            return self.model(input_ids=x).last_hidden_state
        if self.kind == "pixels":
            return self.model(pixel_values=x).last_hidden_state
        return self.model(x).last_hidden_state


class DecoderStep(torch.nn.Module):
    """One step of a causal LM over a KV cache held in tensors: takes the new
    tokens `x` ([batch, seq]) and `past`, a dict of each layer's keys and
    values (`key_0`, `value_0`, `key_1`, ...: [batch, kv_heads, past,
    head_dim]), and returns the logits and each layer's keys and values with
    the new tokens appended ([batch, kv_heads, past + seq, head_dim]). The
    cache the model sees is a transformers DynamicCache built from the
    inputs; `past` may be 0 (a prefill)."""

    def __init__(self, model):
        super().__init__()
        self.model = model
        self.layers = model.config.num_hidden_layers
        # transformers 5 renamed `past_key_values` to `cache`.
        params = inspect.signature(model.forward).parameters
        self.cache_arg = "cache" if "cache" in params else "past_key_values"

    def forward(self, x, past):
        from transformers import DynamicCache
        cache = DynamicCache([(past[f"key_{i}"], past[f"value_{i}"])
                              for i in range(self.layers)], config=self.model.config)
        out = self.model(input_ids=x, use_cache=True, **{self.cache_arg: cache})
        cache = out.cache if hasattr(out, "cache") else out.past_key_values
        return (out.logits,) + tuple(t for layer in cache.layers
                                     for t in (layer.keys, layer.values))


def _sizes(size):
    big = size == "full"
    return {"hidden": 768 if big else 64, "layers": 12 if big else 2,
            "heads": 12 if big else 4, "ffn": 3072 if big else 128,
            "vocab": 32000 if big else 128}


def _causal_lm(name, size):
    """The Llama or GPT-2 of `size`, and its KV heads."""
    import transformers as T
    torch.manual_seed(0)
    z = _sizes(size)
    if name == "llama":
        cfg = T.LlamaConfig(vocab_size=z["vocab"], hidden_size=z["hidden"],
                            intermediate_size=z["ffn"], num_hidden_layers=z["layers"],
                            num_attention_heads=z["heads"],
                            num_key_value_heads=z["heads"] // 2, max_position_embeddings=2048)
        return T.LlamaForCausalLM(cfg).eval(), z["heads"] // 2
    if name == "gpt2":
        cfg = T.GPT2Config(vocab_size=z["vocab"], n_embd=z["hidden"], n_layer=z["layers"],
                           n_head=z["heads"], n_positions=2048, bos_token_id=0, eos_token_id=0)
        return T.GPT2LMHeadModel(cfg).eval(), z["heads"]
    raise ValueError(f"{name} has no KV cache step: llama and gpt2 have")


STEP_MODELS = ("llama", "gpt2")


def build_step(name, size="small"):
    """A decoder step over a KV cache (`DecoderStep`): (module, example
    arguments, dynamic shapes, make_args(batch, seq, past)). Batch, new
    tokens and past tokens are `Dim`s: `batch`, `seq` (from 1, a decode
    step) and `past` (from 0, a prefill)."""
    model, kv_heads = _causal_lm(name, size)
    z = _sizes(size)
    head_dim = z["hidden"] // z["heads"]
    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=1, max=1024)
    past = Dim("past", min=0, max=1024)
    names = [f"{kind}_{i}" for i in range(z["layers"]) for kind in ("key", "value")]

    def make(b, s, p):
        ids = torch.randint(0, z["vocab"], (b, s))
        return ids, {n: torch.randn(b, kv_heads, p, head_dim) for n in names}

    # The example sizes are neither 0 nor 1, which torch.export would
    # specialize.
    dynamic = {"x": {0: batch, 1: seq}, "past": {n: {0: batch, 2: past} for n in names}}
    return DecoderStep(model), make(2, 8, 5), dynamic, make


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

    if name in STEP_MODELS:
        return Wrapper(_causal_lm(name, size)[0], "causal"), tokens(2, 8), ids, tokens
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


def _import(name, module, args, dynamic, work, cli):
    """Exports `module` on `args`, imports it (through the relax-import
    command with `cli`) and verifies it with relax-opt. Returns the paths of
    the module and its weights, or None after printing why."""
    os.makedirs(work, exist_ok=True)
    ep = export(module, args, dynamic_shapes=dynamic)
    mlir = os.path.join(work, f"{name}.mlir")
    weights = os.path.join(work, f"{name}.safetensors")
    if cli:
        pt2 = os.path.join(work, f"{name}.pt2")
        save(ep, pt2)
        result = subprocess.run(["relax-import", pt2, "-o", mlir], capture_output=True,
                                text=True)
        if result.returncode:
            print(f"relax-import failed: {result.stderr}")
            return None
    else:
        text, arrays = import_torch(ep, source=name)
        with open(mlir, "w") as f:
            f.write(text)
        write_weights(weights, arrays)
    # The signature's inputs (the parameters that are no weights) and the
    # constraints on its variables.
    with open(mlir) as f:
        header = f.read().split(" {\n", 1)[0].splitlines()
    print("\n".join(line for line in header
                    if "relax.param_name" not in line and not line.startswith("//")))
    verify = subprocess.run(["relax-opt", mlir, "--relax-infer-shapes", "-o", os.devnull],
                            capture_output=True, text=True)
    if verify.returncode:
        print(f"relax-opt failed: {verify.stderr}")
        return None
    return mlir, weights


def run_relax(mlir, weights, inputs, work):
    """Runs `mlir` with relax-run on `inputs` (tensors). Returns its
    results as numpy arrays, or None after printing why."""
    args = []
    for k, x in enumerate(inputs):
        path = os.path.join(work, f"x{k}.npy")
        np.save(path, x.numpy())
        args += ["--input", path]
    out = os.path.join(work, "y.npy")
    result = subprocess.run(["relax-run", mlir, "--weights", weights, *args, "--output", out],
                            capture_output=True, text=True)
    if result.returncode:
        print(f"relax-run failed: {result.stderr}")
        return None
    # More results are y.npy, y.1.npy, y.2.npy, ...
    paths = [out] + [os.path.join(work, f"y.{k}.npy") for k in range(1, 1024)]
    results = []
    for path in paths:
        if not os.path.exists(path):
            break
        results.append(np.load(path))
        os.remove(path)
    return results


def _error(got, expected):
    """The largest difference of `got` from `expected`, or None when their
    shapes differ."""
    if got.shape != expected.shape:
        return None
    return float(np.abs(got - expected).max()) if got.size else 0.0


def run_model(name, sizes, work, cli=False, tolerance=1e-4):
    """Exports, imports (through the relax-import command with `cli`),
    verifies with relax-opt and runs `name` at each (batch, seq) of `sizes`
    with relax-run, printing one line per size. Returns the exit code."""
    module, example, dynamic, make = build(name)
    paths = _import(name, module, (example,), dynamic, work, cli)
    if paths is None:
        return 1
    failed = 0
    for batch, seq in sizes:
        x = make(batch, seq)
        with torch.no_grad():
            expected = module(x).numpy()
        results = run_relax(*paths, [x], work)
        if results is None:
            return 1
        error = _error(results[0], expected)
        ok = error is not None and error <= tolerance
        failed |= not ok
        print(f"{name} {list(expected.shape)}: max abs error {error:.1e}: "
              f"{'ok' if ok else 'MISMATCH'}")
        sys.stdout.flush()
    return 1 if failed else 0


def run_step(name, sizes, work, cli=False, tolerance=1e-4):
    """As `run_model`, for the decoder step of `name` over a KV cache
    (`build_step`) at each (batch, seq, past) of `sizes`: compares the
    logits and every layer's new keys and values with PyTorch's."""
    module, example, dynamic, make = build_step(name)
    paths = _import(f"{name}_step", module, example, dynamic, work, cli)
    if paths is None:
        return 1
    failed = 0
    for batch, seq, past in sizes:
        x, cache = make(batch, seq, past)
        with torch.no_grad():
            expected = [t.numpy() for t in module(x, cache)]
        results = run_relax(*paths, [x, *cache.values()], work)
        if results is None:
            return 1
        errors = [_error(g, e) for g, e in zip(results, expected)]
        ok = len(results) == len(expected) and None not in errors and max(errors) <= tolerance
        failed |= not ok
        logits, keys = expected[0], expected[1]
        print(f"{name} step batch={batch} seq={seq} past={past}: logits {list(logits.shape)} "
              f"max abs error {errors[0] if errors[0] is not None else float('nan'):.1e}, "
              f"{len(expected) - 1} cache tensors {list(keys.shape)} max abs error "
              f"{max((e for e in errors[1:] if e is not None), default=float('nan')):.1e}: "
              f"{'ok' if ok else 'MISMATCH'}")
        sys.stdout.flush()
    return 1 if failed else 0
