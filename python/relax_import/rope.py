"""Rotary position embeddings of transformers' decoders: the configuration's
rope type read into a `Rope`, and the cos/sin tables the graphs take rows
of by position, computed as transformers computes them (its
`modeling_rope_utils`: f32 inverse frequencies, then the products with the
positions, cos and sin, times the attention scaling).

Every type is a table row per position. For the types whose frequencies
transformers recomputes from the length of a call (`dynamic`, `longrope`),
row p holds what a call whose last position is p computes: a decode step
at p gets exactly transformers' values, and so does a prefill that does not
cross the original context length (one that does gets, for its earlier
tokens, the frequencies of their own positions rather than of the call's
last one)."""

import math

from .emitter import ImportError_

TYPES = ("default", "linear", "dynamic", "yarn", "longrope", "llama3")


class Rope:
    """A model's rotary embedding: its type, base, rotated dims and the
    type's parameters (transformers' `rope_parameters`)."""

    def __init__(self, kind, theta, dim, params, max_positions):
        self.kind = kind
        self.theta = theta
        self.dim = dim
        self.params = params
        self.max_positions = max_positions


def read_rope(config, head_dim, path):
    """The `Rope` of a transformers config, from any of its spellings
    (`rope_parameters`, `rope_scaling` with `rope_type` or `type`,
    `rope_theta` or GPT-NeoX's `rotary_emb_base` at the top level)."""
    params = dict(config.get("rope_scaling") or {})
    params.update(config.get("rope_parameters") or {})
    theta = params.get("rope_theta", config.get("rope_theta",
                                                config.get("rotary_emb_base", 10000.0)))
    factor = params.get("partial_rotary_factor",
                        config.get("partial_rotary_factor", config.get("rotary_pct", 1.0)))
    kind = params.get("rope_type") or params.get("type") or "default"
    if kind not in TYPES:
        raise ImportError_(f"{path}: rope type {kind!r} is not supported "
                           f"(relax-import reads {', '.join(TYPES)})")
    if "original_max_position_embeddings" not in params and \
            config.get("original_max_position_embeddings") is not None:
        params["original_max_position_embeddings"] = config["original_max_position_embeddings"]
    required = {"linear": ["factor"], "dynamic": ["factor"], "yarn": ["factor"],
                "longrope": ["short_factor", "long_factor",
                             "original_max_position_embeddings"],
                "llama3": ["factor", "low_freq_factor", "high_freq_factor",
                           "original_max_position_embeddings"]}.get(kind, [])
    if kind == "yarn" and params.get("original_max_position_embeddings") is None:
        params["original_max_position_embeddings"] = config.get("max_position_embeddings")
    missing = [key for key in required if params.get(key) is None]
    if missing:
        raise ImportError_(f"{path}: rope type {kind!r} needs {', '.join(missing)}")
    try:
        dim = int(head_dim * float(factor))
        rope = Rope(kind, float(theta), dim, params,
                    int(config.get("max_position_embeddings") or 0))
    except (TypeError, ValueError) as error:
        raise ImportError_(f"{path}: a rope parameter is not a number: {error}") from None
    if rope.dim <= 0 or rope.dim % 2:
        raise ImportError_(f"{path}: the rotary dims ({rope.dim}) must be positive and even")
    if kind == "longrope":
        for key in ("short_factor", "long_factor"):
            if len(params[key]) != rope.dim // 2:
                raise ImportError_(f"{path}: rope {key} has {len(params[key])} values "
                                   f"for {rope.dim // 2} rotary frequencies")
    return rope


def _exponents(dim):
    import torch
    return torch.arange(0, dim, 2, dtype=torch.int64).to(torch.float32) / dim


def _inverse_frequencies(rope, length=None):
    """(inverse frequencies, attention scaling) of a call whose last
    position is `length - 1` (None: at load, as transformers starts)."""
    import torch
    p, dim, base = rope.params, rope.dim, rope.theta
    if rope.kind == "default":
        return 1.0 / (base ** _exponents(dim)), 1.0
    if rope.kind == "factors":  # llama.cpp's rope_freqs (GGUF only)
        return 1.0 / (base ** _exponents(dim)) / torch.tensor(p["factors"]), 1.0
    if rope.kind == "linear":
        return 1.0 / (base ** _exponents(dim)) / float(p["factor"]), 1.0
    if rope.kind == "dynamic":
        # At load transformers computes in double, in a call in f32 (the
        # length is a tensor there).
        factor = float(p["factor"])
        if length is None:
            length = rope.max_positions
        else:
            length = torch.maximum(torch.tensor(length),
                                   torch.tensor(rope.max_positions))
        base = base * ((factor * length / rope.max_positions) - (factor - 1)) \
            ** (dim / (dim - 2))
        return 1.0 / (base ** _exponents(dim)), 1.0
    if rope.kind == "llama3":
        inv_freq = 1.0 / (base ** _exponents(dim))
        factor = float(p["factor"])
        low, high = float(p["low_freq_factor"]), float(p["high_freq_factor"])
        old = float(p["original_max_position_embeddings"])
        low_wavelen, high_wavelen = old / low, old / high
        wavelen = 2 * math.pi / inv_freq
        scaled = torch.where(wavelen > low_wavelen, inv_freq / factor, inv_freq)
        smooth = (old / wavelen - low) / (high - low)
        smoothed = (1 - smooth) * scaled / factor + smooth * scaled
        medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
        return torch.where(medium, smoothed, scaled), 1.0
    original = int(p["original_max_position_embeddings"])
    factor = p.get("factor")
    if factor is None:
        factor = rope.max_positions / original
    factor = float(factor)
    attention = p.get("attention_factor")
    if rope.kind == "longrope":
        if attention is None:
            attention = 1.0 if factor <= 1.0 else \
                math.sqrt(1 + math.log(factor) / math.log(original))
        key = "long_factor" if length and length > original else "short_factor"
        ext = torch.tensor(p[key], dtype=torch.float32)
        return 1.0 / (ext * base ** _exponents(dim)), float(attention)
    # yarn
    def mscale(scale, m=1.0):
        return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0
    if attention is None:
        if p.get("mscale") and p.get("mscale_all_dim"):
            attention = mscale(factor, p["mscale"]) / mscale(factor, p["mscale_all_dim"])
        else:
            attention = mscale(factor)
    beta_fast = p.get("beta_fast") or 32
    beta_slow = p.get("beta_slow") or 1

    def correction_dim(rotations):
        return (dim * math.log(original / (rotations * 2 * math.pi))) / (2 * math.log(base))
    lo, hi = correction_dim(beta_fast), correction_dim(beta_slow)
    if p.get("truncate", True):
        lo, hi = math.floor(lo), math.ceil(hi)
    lo, hi = max(lo, 0), min(hi, dim - 1)
    if lo == hi:
        hi += 0.001
    ramp = torch.clamp((torch.arange(dim // 2, dtype=torch.float32) - lo) / (hi - lo), 0, 1)
    pos_freqs = base ** (torch.arange(0, dim, 2).to(torch.float32) / dim)
    extrapolation = 1 - ramp
    inv_freq = (1.0 / (factor * pos_freqs)) * (1 - extrapolation) + \
        (1.0 / pos_freqs) * extrapolation
    return inv_freq, float(attention)


def _rows(inv_freq, scaling, positions):
    import torch
    freqs = positions[:, None].to(torch.float32) @ inv_freq[None, :].to(torch.float32)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos() * scaling, emb.sin() * scaling


def rope_tables(rope, context):
    """cos and sin of every position below `context`, [context, rope.dim]."""
    import torch
    positions = torch.arange(context, dtype=torch.int64)
    if rope.kind == "longrope":
        original = int(rope.params["original_max_position_embeddings"])
        parts = [_rows(*_inverse_frequencies(rope, original), positions[:original]),
                 _rows(*_inverse_frequencies(rope, original + 1), positions[original:])]
    elif rope.kind == "dynamic":
        parts = [_rows(*_inverse_frequencies(rope), positions[:rope.max_positions])]
        parts += [_rows(*_inverse_frequencies(rope, int(q) + 1), positions[q:q + 1])
                  for q in range(rope.max_positions, context)]
    else:
        parts = [_rows(*_inverse_frequencies(rope), positions)]
    cos = torch.cat([c for c, _ in parts])[:context]
    sin = torch.cat([s for _, s in parts])[:context]
    return cos.numpy(), sin.numpy()
