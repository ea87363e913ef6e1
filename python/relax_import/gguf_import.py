"""Llama-architecture models from a GGUF file.

    relax-import model.gguf -o OUT/

reads the file's metadata (layers, heads, key/value heads, rope base, norm
epsilon, context length), its vocabulary and its tensors (f32, f16, and
q8_0 / q4_0 blocks, which stay packed: their scales and packed weights
split apart bit for bit) into the OUT/ layout of a transformers model
directory's import (`hf_decoder.write_model`), so relax-compile and
relax-generate run it unchanged.

GGUF stores the query and key projections of llama models with the rows of
each head permuted for interleaved rotary pairs (llama.cpp's converter
permutes them); they are permuted back here, rows of packed blocks as
they are, for the rotate-half embedding of the graph.
"""

import os

import numpy as np

from .emitter import ImportError_
from .hf_decoder import Spec, check_tensor_parallel, put_packed, rotary_tables, write_model
from .rope import Rope

# GGUF tensor names -> the module's, `{i}` the layer.
TENSORS = {
    "token_embd.weight": "embed",
    "output_norm.weight": "final_norm.weight",
    "output.weight": "lm_head",
    "blk.{i}.attn_norm.weight": "layers.{i}.attn_norm.weight",
    "blk.{i}.attn_q.weight": "layers.{i}.q.weight",
    "blk.{i}.attn_k.weight": "layers.{i}.k.weight",
    "blk.{i}.attn_v.weight": "layers.{i}.v.weight",
    "blk.{i}.attn_output.weight": "layers.{i}.o.weight",
    "blk.{i}.ffn_norm.weight": "layers.{i}.mlp_norm.weight",
    "blk.{i}.ffn_gate.weight": "layers.{i}.gate.weight",
    "blk.{i}.ffn_up.weight": "layers.{i}.up.weight",
    "blk.{i}.ffn_down.weight": "layers.{i}.down.weight",
}
# llama.cpp's per-frequency divisors of the rotary frequencies (what its
# converter writes for Llama 3.1's llama3 rope type).
ROPE_FREQS = "rope_freqs.weight"


def _read(path):
    try:
        from gguf import GGUFReader
    except ImportError:
        raise ImportError_("reading GGUF files needs the gguf package "
                           "(pip install gguf)") from None
    try:
        return GGUFReader(path)
    except Exception as error:  # noqa: BLE001 - any malformed file
        raise ImportError_(f"cannot read {path} as a GGUF file (truncated or "
                           f"corrupt): {error}") from None


def _field(reader, key, default=None, required=True):
    field = reader.fields.get(key)
    if field is None:
        if required and default is None:
            raise ImportError_(f"the GGUF file lacks {key}")
        return default
    try:
        return field.contents()
    except Exception as error:  # noqa: BLE001 - a malformed field
        raise ImportError_(f"the GGUF field {key} is malformed: {error}") from None


def _unpermute(rows, heads):
    """Inverts llama.cpp's permutation of a query or key projection's rows
    (per head: the two halves of the rotary pairs interleaved)."""
    n = rows.shape[0]
    if n % (2 * heads):
        raise ImportError_(f"a projection of {n} rows does not split into {heads} heads")
    return np.ascontiguousarray(
        rows.reshape(heads, n // heads // 2, 2, *rows.shape[1:]).swapaxes(1, 2)
        .reshape(rows.shape))


def import_gguf(path, out_dir, verify, tensor_parallel=1):
    from gguf import GGMLQuantizationType as Q

    from .quantize import from_gguf_blocks
    reader = _read(path)
    arch = _field(reader, "general.architecture")
    if arch != "llama":
        raise ImportError_(f"GGUF architecture {arch!r} is not supported; relax-import "
                           f"reads llama")
    s = Spec()
    s.architecture = "llama (GGUF)"
    s.family = "llama"
    try:
        s.layers = int(_field(reader, "llama.block_count"))
        s.hidden = int(_field(reader, "llama.embedding_length"))
        s.intermediate = int(_field(reader, "llama.feed_forward_length"))
        s.heads = int(_field(reader, "llama.attention.head_count"))
        s.kv_heads = int(_field(reader, "llama.attention.head_count_kv", s.heads))
        s.context = int(_field(reader, "llama.context_length"))
        s.eps = float(_field(reader, "llama.attention.layer_norm_rms_epsilon", 1e-5))
        s.rope_theta = float(_field(reader, "llama.rope.freq_base", 10000.0))
        s.head_dim = int(_field(reader, "llama.attention.key_length",
                                s.hidden // max(s.heads, 1)))
        s.rotary_dim = int(_field(reader, "llama.rope.dimension_count", s.head_dim))
    except (TypeError, ValueError) as error:
        raise ImportError_(f"a GGUF size is not a number: {error}") from None
    if min(s.layers, s.hidden, s.intermediate, s.heads, s.kv_heads, s.context,
           s.head_dim) <= 0 or s.heads % s.kv_heads:
        raise ImportError_("GGUF sizes must be positive and the attention heads a "
                           "multiple of the key/value heads")
    if s.rotary_dim != s.head_dim:
        raise ImportError_(f"rotary embedding over {s.rotary_dim} of {s.head_dim} dims "
                           f"is not supported")
    scaling = _field(reader, "llama.rope.scaling.type", "none", required=False)
    if scaling not in ("none", None):
        raise ImportError_(f"rope scaling {scaling!r} is not supported")
    s.activation, s.norm = "silu", "rms"
    s.learned_positions = s.parallel_residual = False
    s.qkv_bias = s.o_bias = s.mlp_bias = False
    eos = _field(reader, "tokenizer.ggml.eos_token_id", None, required=False)
    s.eos = [int(eos)] if eos is not None else []
    s.source_dtype = "gguf"
    s.quantized = {}

    expected = {}
    for key, ours in TENSORS.items():
        for i in range(s.layers) if "{i}" in key else [None]:
            expected[key.format(i=i)] = ours.format(i=i)
    weights = {}
    formats = {Q.F32: "f32", Q.F16: "f16", Q.Q8_0: "q8_0", Q.Q4_0: "q4_0"}
    for tensor in reader.tensors:
        name = tensor.name
        if name == ROPE_FREQS:
            factors = np.asarray(tensor.data, dtype=np.float32).reshape(-1)
            if tensor.tensor_type != Q.F32 or factors.size != s.rotary_dim // 2:
                raise ImportError_(f"GGUF tensor {name} holds {factors.size} "
                                   f"{tensor.tensor_type.name} values; the rope needs "
                                   f"{s.rotary_dim // 2} F32 factors")
            s.rope = Rope("factors", s.rope_theta, s.rotary_dim,
                          {"factors": factors.tolist()}, s.context)
            continue
        ours = expected.get(name)
        if ours is None:
            raise ImportError_(f"GGUF tensor {name} is not one of a llama model's")
        kind = formats.get(tensor.tensor_type)
        if kind is None:
            raise ImportError_(f"GGUF tensor {name} has type {tensor.tensor_type.name}; "
                               f"relax-import reads F32, F16, Q8_0 and Q4_0")
        shape = [int(d) for d in reversed(tensor.shape.tolist())]
        if kind in ("q8_0", "q4_0"):
            if shape[-1] % 32:
                raise ImportError_(f"GGUF tensor {name}: rows of {shape[-1]} weights are "
                                   f"not whole {kind} blocks of 32")
            try:
                data, scales = from_gguf_blocks(
                    np.asarray(tensor.data).reshape(shape[:-1] + [-1]), kind)
            except ValueError as error:
                raise ImportError_(f"GGUF tensor {name}: {error}") from None
            stored = (data, scales)
        else:
            stored = np.asarray(tensor.data, dtype=np.float32).reshape(shape)
        weights[ours] = (kind, shape, stored)

    missing = sorted(set(expected.values()) - set(weights) - {"lm_head"})
    if missing:
        raise ImportError_(f"the GGUF file lacks the tensors of {', '.join(missing[:4])}"
                           f"{' ...' if len(missing) > 4 else ''}")
    s.vocab = weights["embed"][1][0]
    s.tied = "lm_head" not in weights
    H, KV, E, I = s.heads * s.head_dim, s.kv_heads * s.head_dim, s.hidden, s.intermediate
    shapes = {"embed": [s.vocab, E], "final_norm.weight": [E], "lm_head": [s.vocab, E]}
    for i in range(s.layers):
        o = f"layers.{i}."
        shapes.update({o + "attn_norm.weight": [E], o + "mlp_norm.weight": [E],
                       o + "q.weight": [H, E], o + "k.weight": [KV, E],
                       o + "v.weight": [KV, E], o + "o.weight": [E, H],
                       o + "gate.weight": [I, E], o + "up.weight": [I, E],
                       o + "down.weight": [E, I]})

    out = {}
    for ours, (kind, shape, stored) in weights.items():
        if shape != shapes[ours]:
            raise ImportError_(f"GGUF tensor of {ours} has shape {shape}, the metadata "
                               f"gives {shapes[ours]}")
        heads = s.heads if ours.endswith(".q.weight") else \
            s.kv_heads if ours.endswith(".k.weight") else None
        if kind in ("q8_0", "q4_0"):
            data, scales = stored
            if heads:
                data, scales = _unpermute(data, heads), _unpermute(scales, heads)
            put_packed(s, out, ours, kind, data, scales)
        else:
            out[ours] = _unpermute(stored, heads) if heads else stored
    cos, sin = rotary_tables(s)
    out["rope.cos"], out["rope.sin"] = cos, sin

    check_tensor_parallel(s, tensor_parallel)
    config = write_model(s, out, out_dir, verify, os.path.basename(path))
    write_tokenizer(reader, out_dir)
    return config


def write_tokenizer(reader, out_dir):
    """OUT/tokenizer.json from the file's vocabulary, for relax-generate
    --prompt: a SentencePiece-style BPE ("llama": merges ranked by the
    tokens' scores, bytes as <0xXX> tokens) or a byte-level BPE ("gpt2":
    the file's merges). Files without a vocabulary get none."""
    model = _field(reader, "tokenizer.ggml.model", None, required=False)
    tokens = _field(reader, "tokenizer.ggml.tokens", None, required=False)
    if model is None or tokens is None:
        return
    try:
        from tokenizers import (AddedToken, Tokenizer, decoders, models, normalizers,
                                pre_tokenizers, processors)
    except ImportError:
        return
    vocab = {token: i for i, token in enumerate(tokens)}
    unk = _field(reader, "tokenizer.ggml.unknown_token_id", None, required=False)
    bos = _field(reader, "tokenizer.ggml.bos_token_id", None, required=False)
    if model == "llama":
        scores = _field(reader, "tokenizer.ggml.scores", [0.0] * len(tokens), required=False)
        # Every pair of tokens whose concatenation is a token, ranked by that
        # token's score (transformers' LlamaConverter does so).
        merges = []
        for merged, index in vocab.items():
            for cut in range(1, len(merged)):
                left, right = merged[:cut], merged[cut:]
                if left in vocab and right in vocab:
                    merges.append((scores[index], index, (left, right)))
        merges.sort(key=lambda m: (-m[0], m[1]))
        tokenizer = Tokenizer(models.BPE(
            vocab, [m[2] for m in merges], fuse_unk=True, byte_fallback=True,
            unk_token=tokens[unk] if unk is not None and 0 <= unk < len(tokens) else None))
        tokenizer.normalizer = normalizers.Sequence([
            normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
        tokenizer.decoder = decoders.Sequence([
            decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
            decoders.Strip(" ", 1, 0)])
    elif model == "gpt2":
        merges = _field(reader, "tokenizer.ggml.merges", [], required=False)
        tokenizer = Tokenizer(models.BPE(vocab, [tuple(m.split(" ", 1)) for m in merges]))
        tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tokenizer.decoder = decoders.ByteLevel()
    else:
        return
    eos = _field(reader, "tokenizer.ggml.eos_token_id", None, required=False)
    specials = [tokens[i] for i in (unk, bos, eos) if i is not None and 0 <= i < len(tokens)]
    tokenizer.add_special_tokens([AddedToken(t, special=True) for t in specials])
    if bos is not None and model == "llama" and _field(
            reader, "tokenizer.ggml.add_bos_token", True, required=False):
        tokenizer.post_processor = processors.TemplateProcessing(
            single=f"{tokens[bos]} $A", special_tokens=[(tokens[bos], bos)])
    tokenizer.save(os.path.join(out_dir, "tokenizer.json"))
