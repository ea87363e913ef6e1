"""Decoder language models from a transformers model directory.

    relax-import DIR -o OUT/

reads what `save_pretrained` writes (`config.json` and safetensors weights)
for the Llama, Mistral, Qwen2, Phi-3, GPT-2 and GPT-NeoX architectures and
writes:

- `OUT/model.mlir`: `@prefill` and `@decode`, graph functions over a paged
  KV cache (`relax.paged_kv_append`, `relax.paged_attention`) that take the
  tables of a step of the runtime's cache (`Relax/Runtime/RelaxKVCache.h`)
  and return the logits of each sequence's last token;
- `OUT/model.safetensors`: the weights, f32, under the module's names
  (fused projections split, GPT-2's transposed layers as [out, in], the
  rotary tables computed); with `--quantize FORMAT` the projections, the
  embedding and the head as packed data and scales (`<name>.qweight`,
  `<name>.qscale`) that `relax.dequantize` reads;
- `OUT/config.json`: what a runtime needs to serve the model: the cache's
  geometry, the context window, the vocabulary, the end-of-sequence ids and
  the bounds of every symbolic size.

Every size is symbolic: tokens `t`, sequences `b`, pages per sequence `m`
and pages of the cache `n`.
"""

import json
import os
import shutil

import numpy as np

from .emitter import Deferred, Emitter, ImportError_, float_attr, shape_attr, write_weights
from .rope import Rope, read_rope, rope_tables

# transformers architecture -> the family of graphs below.
ARCHITECTURES = {
    "LlamaForCausalLM": "llama",
    "MistralForCausalLM": "llama",
    "Qwen2ForCausalLM": "llama",
    "Phi3ForCausalLM": "phi3",
    "GPT2LMHeadModel": "gpt2",
    "GPTNeoXForCausalLM": "gpt_neox",
}

# Copied to the output directory when the model directory has them.
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json")

PAGE_SIZE = 16
MAX_BATCH = 32
FORMAT_VERSION = 1


class Spec:
    """The shape of one model: everything the graph depends on."""

    # The ranks the model is split over (--tensor-parallel).
    tensor_parallel = 1
    # The rotary embedding (rope.Rope); None: the default one of rope_theta.
    rope = None


def prefill_chunk(s):
    """The most tokens one @prefill takes: the context window, at most
    2048 (as MLC-LLM caps its prefill chunk), which bounds the scratch a
    prefill plans."""
    return min(s.context, 2048)


def read_spec(directory):
    path = os.path.join(directory, "config.json")
    if not os.path.isfile(path):
        raise ImportError_(f"{directory} is not a transformers model directory "
                           f"(it has no config.json)")
    try:
        with open(path) as f:
            config = json.load(f)
    except (OSError, ValueError) as error:
        raise ImportError_(f"cannot read {path}: {error}") from None
    if not isinstance(config, dict):
        raise ImportError_(f"{path} is not a JSON object")
    names = config.get("architectures") or []
    known = [n for n in names if n in ARCHITECTURES]
    if not known:
        shown = ", ".join(names) if names else f"model_type {config.get('model_type')!r}"
        raise ImportError_(f"architecture {shown} is not supported; relax-import "
                           f"reads {', '.join(sorted(ARCHITECTURES))}")
    s = Spec()
    s.architecture = known[0]
    s.family = ARCHITECTURES[s.architecture]

    def get(*keys, default=None):
        for key in keys:
            if config.get(key) is not None:
                return config[key]
        if default is None:
            raise ImportError_(f"{path} lacks {keys[0]}")
        return default

    try:
        if s.family == "gpt2":
            s.hidden = int(get("n_embd"))
            s.layers = int(get("n_layer"))
            s.heads = int(get("n_head"))
            s.kv_heads = s.heads
            s.intermediate = int(get("n_inner", default=4 * s.hidden))
            s.context = int(get("n_positions"))
            s.eps = float(get("layer_norm_epsilon", default=1e-5))
            activation = get("activation_function", default="gelu_new")
        else:
            s.hidden = int(get("hidden_size"))
            s.layers = int(get("num_hidden_layers"))
            s.heads = int(get("num_attention_heads"))
            s.kv_heads = int(get("num_key_value_heads", default=s.heads))
            s.intermediate = int(get("intermediate_size"))
            s.context = int(get("max_position_embeddings"))
            s.eps = float(get("rms_norm_eps", "layer_norm_eps", default=1e-5))
            activation = get("hidden_act", default="silu")
        s.vocab = int(get("vocab_size"))
        s.head_dim = int(get("head_dim", default=s.hidden // s.heads))
    except (TypeError, ValueError) as error:
        raise ImportError_(f"{path}: a size is not a number: {error}") from None
    if min(s.hidden, s.layers, s.heads, s.kv_heads, s.intermediate, s.context,
           s.vocab, s.head_dim) <= 0 or s.heads % s.kv_heads:
        raise ImportError_(f"{path}: sizes must be positive and the attention "
                           f"heads a multiple of the key/value heads")
    s.activation = {"silu": "silu", "gelu": "gelu", "gelu_new": "gelu_tanh",
                    "gelu_pytorch_tanh": "gelu_tanh"}.get(activation)
    if s.activation is None:
        raise ImportError_(f"{path}: activation {activation!r} is not supported")
    s.norm = "layer" if s.family in ("gpt2", "gpt_neox") else "rms"
    s.learned_positions = s.family == "gpt2"
    s.parallel_residual = s.family == "gpt_neox" and bool(
        config.get("use_parallel_residual", True))
    s.tied = bool(config.get("tie_word_embeddings", s.family == "gpt2"))
    s.qkv_bias = s.family in ("gpt2", "gpt_neox") or config.get("model_type") == "qwen2" \
        or bool(config.get("attention_bias", False))
    s.o_bias = s.family in ("gpt2", "gpt_neox") or (
        s.family == "llama" and config.get("model_type") == "llama"
        and bool(config.get("attention_bias", False)))
    s.mlp_bias = s.family in ("gpt2", "gpt_neox") or bool(config.get("mlp_bias", False))
    s.rotary_dim = 0
    if not s.learned_positions:
        s.rope = read_rope(config, s.head_dim, path)
        s.rope_theta = s.rope.theta
        s.rotary_dim = s.rope.dim
    window = config.get("sliding_window")
    if window and config.get("use_sliding_window", True) and int(window) < s.context:
        # Attention over the whole context is the model's up to the window.
        s.context = int(window)
    eos = get("eos_token_id", default=[])
    s.eos = [int(e) for e in (eos if isinstance(eos, list) else [eos])]
    generation = os.path.join(directory, "generation_config.json")
    if os.path.isfile(generation):
        try:
            with open(generation) as f:
                gen_eos = json.load(f).get("eos_token_id")
            if gen_eos is not None:
                s.eos = [int(e) for e in (gen_eos if isinstance(gen_eos, list) else [gen_eos])]
        except (OSError, ValueError, TypeError):
            pass
    dtype = config.get("torch_dtype", config.get("dtype", "float32"))
    s.source_dtype = dtype
    return s


class Checkpoint:
    """The tensors of a directory's safetensors files, by name, read one at
    a time (as f32 numpy arrays, bf16 and f16 widened) when a weight is
    written: a model larger than memory imports."""

    def __init__(self, directory):
        files = sorted(f for f in os.listdir(directory) if f.endswith(".safetensors"))
        if not files:
            others = [f for f in os.listdir(directory)
                      if f.endswith((".bin", ".pt", ".pth"))]
            hint = f" ({', '.join(others)} are not read: save with safe_serialization)" \
                if others else ""
            raise ImportError_(f"{directory} has no .safetensors weights{hint}")
        from safetensors import safe_open
        self.files, self.shapes = {}, {}
        for name in files:
            path = os.path.join(directory, name)
            try:
                with safe_open(path, framework="pt") as f:
                    for key in f.keys():
                        self.files[key] = path
                        self.shapes[key] = tuple(f.get_slice(key).get_shape())
            except Exception as error:  # noqa: BLE001 - any unreadable file
                raise ImportError_(f"cannot read {path}: {error}") from None
        # The last tensor read: a fused one is split into several weights
        # written one after another.
        self.last = (None, None)

    def __contains__(self, name):
        return name in self.files

    def read(self, name):
        if self.last[0] != name:
            import torch
            from safetensors import safe_open
            self.last = (None, None)
            try:
                with safe_open(self.files[name], framework="pt") as f:
                    array = f.get_tensor(name).to(torch.float32).numpy()
            except Exception as error:  # noqa: BLE001 - any unreadable file
                raise ImportError_(f"cannot read {name} from {self.files[name]}: "
                                   f"{error}") from None
            self.last = (name, array)
        return self.last[1]


class Tensor:
    """A checkpoint tensor with the views taken of it (slices, transposes,
    reshapes), applied when it is read. Its shape comes from the views
    applied to a broadcast scalar of the tensor's shape, which holds no
    data."""

    def __init__(self, checkpoint, name, views=()):
        self.checkpoint, self.name, self.views = checkpoint, name, views

    def _view(self, view):
        return Tensor(self.checkpoint, self.name, self.views + (view,))

    def __getitem__(self, index):
        return self._view(lambda a: a[index])

    @property
    def T(self):  # noqa: N802 - numpy's name
        return self._view(lambda a: a.T)

    def reshape(self, *shape):
        return self._view(lambda a: a.reshape(*shape))

    def apply(self, array):
        for view in self.views:
            array = view(array)
        return array

    @property
    def shape(self):
        return self.apply(np.broadcast_to(np.float32(0),
                                          self.checkpoint.shapes[self.name])).shape

    def read(self):
        return self.apply(self.checkpoint.read(self.name))


class Weights:
    """The weights of the module, by the module's names, taken from the
    checkpoint's tensors by their transformers names; those are read when
    written (`Deferred`)."""

    def __init__(self, checkpoint, directory):
        self.checkpoint = checkpoint
        self.directory = directory
        self.out = {}

    def take(self, name):
        if name not in self.checkpoint:
            raise ImportError_(f"the weights in {self.directory} lack {name}")
        return Tensor(self.checkpoint, name)

    def put(self, name, value, shape):
        got = value.shape if isinstance(value, Tensor) else np.shape(value)
        if list(got) != list(shape):
            raise ImportError_(f"weight {name} has shape {list(got)}, "
                               f"the configuration gives {list(shape)}")
        if isinstance(value, Tensor):
            self.out[name] = Deferred(shape, np.float32, value.read)
        else:
            self.out[name] = np.ascontiguousarray(value, np.float32)


def convert_weights(s, checkpoint, directory):
    """The module's weights from a transformers checkpoint."""
    w = Weights(checkpoint, directory)
    H, KV, D, E, I = s.heads * s.head_dim, s.kv_heads * s.head_dim, s.head_dim, \
        s.hidden, s.intermediate
    if s.family in ("llama", "phi3"):
        prefix = "model."
        w.put("embed", w.take("model.embed_tokens.weight"), [s.vocab, E])
        for i in range(s.layers):
            p, o = f"model.layers.{i}.", f"layers.{i}."
            w.put(o + "attn_norm.weight", w.take(p + "input_layernorm.weight"), [E])
            w.put(o + "mlp_norm.weight", w.take(p + "post_attention_layernorm.weight"), [E])
            if s.family == "phi3":
                qkv = w.take(p + "self_attn.qkv_proj.weight")
                w.put(o + "q.weight", qkv[:H], [H, E])
                w.put(o + "k.weight", qkv[H:H + KV], [KV, E])
                w.put(o + "v.weight", qkv[H + KV:], [KV, E])
                gate_up = w.take(p + "mlp.gate_up_proj.weight")
                w.put(o + "gate.weight", gate_up[:I], [I, E])
                w.put(o + "up.weight", gate_up[I:], [I, E])
            else:
                for part, size in (("q", H), ("k", KV), ("v", KV)):
                    w.put(o + part + ".weight", w.take(p + f"self_attn.{part}_proj.weight"),
                          [size, E])
                    if s.qkv_bias:
                        w.put(o + part + ".bias", w.take(p + f"self_attn.{part}_proj.bias"),
                              [size])
                w.put(o + "gate.weight", w.take(p + "mlp.gate_proj.weight"), [I, E])
                w.put(o + "up.weight", w.take(p + "mlp.up_proj.weight"), [I, E])
                if s.mlp_bias:
                    for part in ("gate", "up", "down"):
                        w.put(o + part + ".bias", w.take(p + f"mlp.{part}_proj.bias"),
                              [E if part == "down" else I])
            w.put(o + "o.weight", w.take(p + "self_attn.o_proj.weight"), [E, H])
            if s.o_bias:
                w.put(o + "o.bias", w.take(p + "self_attn.o_proj.bias"), [E])
            w.put(o + "down.weight", w.take(p + "mlp.down_proj.weight"), [E, I])
        w.put("final_norm.weight", w.take(prefix + "norm.weight"), [E])
        head = "lm_head.weight"
    elif s.family == "gpt2":
        w.put("embed", w.take("transformer.wte.weight"), [s.vocab, E])
        w.put("pos_embed", w.take("transformer.wpe.weight"), [s.context, E])
        for i in range(s.layers):
            p, o = f"transformer.h.{i}.", f"layers.{i}."
            for ours, theirs in (("attn_norm", "ln_1"), ("mlp_norm", "ln_2")):
                w.put(o + ours + ".weight", w.take(p + theirs + ".weight"), [E])
                w.put(o + ours + ".bias", w.take(p + theirs + ".bias"), [E])
            # Conv1D layers are [in, out].
            qkv = w.take(p + "attn.c_attn.weight").T
            qkv_bias = w.take(p + "attn.c_attn.bias")
            for j, part in enumerate(("q", "k", "v")):
                w.put(o + part + ".weight", qkv[j * E:(j + 1) * E], [E, E])
                w.put(o + part + ".bias", qkv_bias[j * E:(j + 1) * E], [E])
            w.put(o + "o.weight", w.take(p + "attn.c_proj.weight").T, [E, E])
            w.put(o + "o.bias", w.take(p + "attn.c_proj.bias"), [E])
            w.put(o + "up.weight", w.take(p + "mlp.c_fc.weight").T, [I, E])
            w.put(o + "up.bias", w.take(p + "mlp.c_fc.bias"), [I])
            w.put(o + "down.weight", w.take(p + "mlp.c_proj.weight").T, [E, I])
            w.put(o + "down.bias", w.take(p + "mlp.c_proj.bias"), [E])
        w.put("final_norm.weight", w.take("transformer.ln_f.weight"), [E])
        w.put("final_norm.bias", w.take("transformer.ln_f.bias"), [E])
        head = "lm_head.weight"
    else:  # gpt_neox
        w.put("embed", w.take("gpt_neox.embed_in.weight"), [s.vocab, E])
        for i in range(s.layers):
            p, o = f"gpt_neox.layers.{i}.", f"layers.{i}."
            for ours, theirs in (("attn_norm", "input_layernorm"),
                                 ("mlp_norm", "post_attention_layernorm")):
                w.put(o + ours + ".weight", w.take(p + theirs + ".weight"), [E])
                w.put(o + ours + ".bias", w.take(p + theirs + ".bias"), [E])
            # Rows of query_key_value are [heads, q | k | v, head_dim].
            qkv = w.take(p + "attention.query_key_value.weight").reshape(s.heads, 3, D, E)
            qkv_bias = w.take(p + "attention.query_key_value.bias").reshape(s.heads, 3, D)
            for j, part in enumerate(("q", "k", "v")):
                w.put(o + part + ".weight", qkv[:, j].reshape(H, E), [H, E])
                w.put(o + part + ".bias", qkv_bias[:, j].reshape(H), [H])
            w.put(o + "o.weight", w.take(p + "attention.dense.weight"), [E, H])
            w.put(o + "o.bias", w.take(p + "attention.dense.bias"), [E])
            w.put(o + "up.weight", w.take(p + "mlp.dense_h_to_4h.weight"), [I, E])
            w.put(o + "up.bias", w.take(p + "mlp.dense_h_to_4h.bias"), [I])
            w.put(o + "down.weight", w.take(p + "mlp.dense_4h_to_h.weight"), [E, I])
            w.put(o + "down.bias", w.take(p + "mlp.dense_4h_to_h.bias"), [E])
        w.put("final_norm.weight", w.take("gpt_neox.final_layer_norm.weight"), [E])
        w.put("final_norm.bias", w.take("gpt_neox.final_layer_norm.bias"), [E])
        head = "embed_out.weight"
    if not s.tied:
        w.put("lm_head", w.take(head), [s.vocab, E])
    if s.rotary_dim:
        cos, sin = rotary_tables(s)
        w.put("rope.cos", cos, [s.context, s.rotary_dim])
        w.put("rope.sin", sin, [s.context, s.rotary_dim])
    return w.out


def rotary_tables(s):
    """cos and sin of every position, [context, rotary_dim] (rope.py)."""
    rope = s.rope or Rope("default", s.rope_theta, s.rotary_dim, {}, s.context)
    return rope_tables(rope, s.context)


class Graph:
    """One function of the module: `@prefill` (tokens of several sequences,
    packed) or `@decode` (one token per sequence)."""

    def __init__(self, s, decode):
        self.s = s
        self.e = Emitter()
        self.decode = decode
        self.t = "b" if decode else "t"
        self.weights = {}

    def weight(self, name, shape):
        if name not in self.weights:
            fmt = self.s.quantized.get(name)
            split = split_axis(self.s, name)
            if fmt is None:
                self.weights[name] = self.e.param(name.replace(".", "_"), shape, "f32",
                                                  param_name=name, split_axis=split)
            else:
                self.weights[name] = self.dequantize(name, shape, fmt, split)
        return self.weights[name]

    def dequantize(self, name, shape, fmt, split=None):
        """The f32 weights `name` from its packed data and scales."""
        from .quantize import IR_TYPES, packed_names
        element, per, scale_element = IR_TYPES[fmt]
        rows, k = shape[:-1], shape[-1]
        data_name, scale_name = packed_names(name)
        data = self.e.param(data_name.replace(".", "_"), rows + [k // per], element,
                            param_name=data_name, split_axis=split)
        scale = self.e.param(scale_name.replace(".", "_"), rows + [k // 32],
                             scale_element, param_name=scale_name, split_axis=split)
        weight_element = "f16" if fmt == "q4f16_1" else "f32"
        w = self.op("dequantize", [data, scale],
                    {"format": f"#relax.quant_format<{fmt}>"}, hint="w",
                    element=weight_element)
        if weight_element != "f32":
            w = self.op("astype", [w], {"dtype": "f32"}, hint="w", element="f32")
        return w

    def op(self, name, operands, attrs=None, hint="t", element=None, results=1):
        return self.e.op(name, operands, attrs, hint=hint, element=element,
                         results=results)

    def linear(self, x, name, out_features, in_features, bias):
        w = self.weight(name + ".weight", [out_features, in_features])
        y = self.op("matmul", [x, w], {"transpose_b": "true"}, hint=name.split(".")[-1])
        if bias:
            y = self.op("add", [y, self.weight(name + ".bias", [out_features])])
        return y

    def norm(self, x, name):
        s = self.s
        eps = {"epsilon": float_attr(s.eps)}
        if s.norm == "rms":
            return self.op("rms_norm", [x, self.weight(name + ".weight", [s.hidden])], eps,
                           hint="norm")
        return self.op("layer_norm", [x, self.weight(name + ".weight", [s.hidden]),
                                      self.weight(name + ".bias", [s.hidden])], eps,
                       hint="norm")

    def reshape(self, x, shape, hint="r"):
        return self.op("reshape", [x], {"shape": shape_attr(shape)}, hint=hint)

    def rotate(self, x, heads):
        """The rotary embedding of x, [t, heads, head_dim], on its first
        rotary_dim dims."""
        s, t = self.s, self.t
        rot = x
        if s.rotary_dim < s.head_dim:
            rot, rest = self.op("split", [x], {"axis": "-1", "indices":
                                               shape_attr([s.rotary_dim])},
                                hint="rot", results=2)
        rot = self.reshape(rot, [1, t, heads, s.rotary_dim])
        rot = self.op("rotary_embedding", [rot, self.cos, self.sin], hint="rot")
        rot = self.reshape(rot, [t, heads, s.rotary_dim])
        if s.rotary_dim < s.head_dim:
            rot = self.op("concat", [rot, rest], {"axis": "-1"}, hint="rot")
        return rot

    def attention(self, x, i):
        s, t = self.s, self.t
        o = f"layers.{i}."
        H, KV, D = s.heads * s.head_dim, s.kv_heads * s.head_dim, s.head_dim
        q = self.reshape(self.linear(x, o + "q", H, s.hidden, s.qkv_bias), [t, s.heads, D], "q")
        k = self.reshape(self.linear(x, o + "k", KV, s.hidden, s.qkv_bias),
                         [t, s.kv_heads, D], "k")
        v = self.reshape(self.linear(x, o + "v", KV, s.hidden, s.qkv_bias),
                         [t, s.kv_heads, D], "v")
        if s.rotary_dim:
            q = self.rotate(q, s.heads)
            k = self.rotate(k, s.kv_heads)
        layer = {"layer": f"{i} : i64"}
        self.pages = self.op("paged_kv_append", [self.pages, k, v, self.slots], layer,
                             hint="pages")
        a = self.op("paged_attention", [q, self.pages, self.table, self.q_seq, self.q_pos],
                    layer, hint="attn")
        a = self.reshape(a, [t, H], "attn")
        return self.linear(a, o + "o", s.hidden, H, s.o_bias)

    def mlp(self, x, i):
        s = self.s
        o = f"layers.{i}."
        act = lambda y: self.op(s.activation, [y], hint="act")  # noqa: E731
        up = self.linear(x, o + "up", s.intermediate, s.hidden, s.mlp_bias)
        if s.family in ("llama", "phi3"):
            gate = self.linear(x, o + "gate", s.intermediate, s.hidden, s.mlp_bias)
            up = self.op("multiply", [act(gate), up], hint="mlp")
        else:
            up = act(up)
        return self.linear(up, o + "down", s.hidden, s.intermediate, s.mlp_bias)

    def build(self):
        s, e, t = self.s, self.e, self.t
        ids = e.param("input_ids", [t], "i32")
        # With tensor parallelism each rank's cache holds its kv heads.
        if s.tensor_parallel > 1:
            e.grid = "tp"
        self.pages = e.param("pages", [s.layers, "n", 2, s.kv_heads, PAGE_SIZE, s.head_dim],
                             "f32", split_axis=3 if s.tensor_parallel > 1 else None)
        self.table = e.param("page_table", ["b", "m"], "i32")
        if not self.decode:
            self.q_seq = e.param("q_seq", [t], "i32")
        self.q_pos = e.param("q_pos", [t], "i32")
        self.slots = e.param("slots", [t], "i32")
        if not self.decode:
            last = e.param("last_tokens", ["b"], "i32")
        else:
            self.q_seq = self.op("arange", [], {
                "start": "#sym.expr<0>", "end": "#sym.expr<b>", "step": "#sym.expr<1>",
                "dtype": "i32"}, hint="q_seq", element="i32")
        pages_per_seq = (s.context + PAGE_SIZE - 1) // PAGE_SIZE
        e.constraints = [f"#sym.range<b in [1, {MAX_BATCH}]>",
                         f"#sym.range<m in [1, {pages_per_seq}]>",
                         "#sym.range<n in [1, ?]>"]
        if not self.decode:
            # A prefill takes at most a chunk of tokens; longer prompts (and
            # batches of prompts) are prefilled a chunk at a time.
            e.constraints.insert(0, f"#sym.range<t in [1, {prefill_chunk(s)}]>")

        embed = self.weight("embed", [s.vocab, s.hidden])
        h = self.op("take", [embed, ids], hint="h")
        if s.learned_positions:
            h = self.op("add", [h, self.op("take", [self.weight("pos_embed",
                                                                [s.context, s.hidden]),
                                                    self.q_pos], hint="pos")], hint="h")
        if s.rotary_dim:
            self.cos = self.op("take", [self.weight("rope.cos", [s.context, s.rotary_dim]),
                                        self.q_pos], hint="cos")
            self.sin = self.op("take", [self.weight("rope.sin", [s.context, s.rotary_dim]),
                                        self.q_pos], hint="sin")
        for i in range(s.layers):
            o = f"layers.{i}."
            if s.parallel_residual:
                attn = self.attention(self.norm(h, o + "attn_norm"), i)
                mlp = self.mlp(self.norm(h, o + "mlp_norm"), i)
                h = self.op("add", [self.op("add", [h, attn], hint="h"), mlp], hint="h")
            else:
                h = self.op("add", [h, self.attention(self.norm(h, o + "attn_norm"), i)],
                            hint="h")
                h = self.op("add", [h, self.mlp(self.norm(h, o + "mlp_norm"), i)], hint="h")
        h = self.norm(h, "final_norm")
        if not self.decode:
            h = self.op("take", [h, last], hint="last")
        head = embed if s.tied else self.weight("lm_head", [s.vocab, s.hidden])
        logits = self.op("matmul", [h, head], {"transpose_b": "true"}, hint="logits")
        name = "decode" if self.decode else "prefill"
        return e.module([logits], name=name)


def split_axis(s, name):
    """The dim of weight `name` that --tensor-parallel cuts over the ranks
    (Megatron-LM's placement, as MLC-LLM's presets have it), or None: the
    q, k, v, gate and up projections ([out, in]) and their biases by their
    outputs, the o and down projections by their inputs; the embedding,
    norms, rotary tables and the output head stay whole."""
    if s.tensor_parallel <= 1 or not name.startswith("layers."):
        return None
    parts = name.split(".")
    if parts[-2] in ("q", "k", "v", "gate", "up"):
        return 0
    if parts[-2] in ("o", "down") and parts[-1] == "weight":
        return 1
    return None


def check_tensor_parallel(s, ranks):
    """Records --tensor-parallel `ranks` in `s`; an error names what does
    not divide."""
    s.tensor_parallel = ranks
    if ranks <= 1:
        return
    sizes = [("attention heads", s.heads), ("key/value heads", s.kv_heads),
             ("MLP hidden units", s.intermediate)]
    for what, size in sizes:
        if size % ranks:
            raise ImportError_(f"--tensor-parallel {ranks}: the {size} {what} are not a "
                               f"multiple of {ranks}")
    for fmt in set(s.quantized.values()):
        for what, size in (("attention", s.heads * s.head_dim),
                           ("MLP hidden", s.intermediate)):
            if size % (32 * ranks):
                raise ImportError_(f"--tensor-parallel {ranks} with {fmt}: the {size} "
                                   f"{what} inputs of the row-split projections are not "
                                   f"whole groups of 32 per rank")


def is_quantizable(name):
    """The weights that --quantize packs: every projection's, the embedding
    and the output head (not norms, biases or rotary tables)."""
    return name in ("embed", "lm_head") or (
        name.startswith("layers.") and name.endswith(".weight") and
        name.split(".")[-2] in ("q", "k", "v", "o", "up", "gate", "down"))


def quantize_weights(s, weights, fmt):
    """Packs the quantizable weights in `fmt`; records which in s.quantized.
    A deferred weight is packed when its packed data is written (its
    scales, written next, come from the same packing)."""
    from . import quantize
    out = {}
    for name, array in weights.items():
        if not is_quantizable(name):
            out[name] = array
            continue
        if array.shape[-1] % 32:
            raise ImportError_(f"--quantize {fmt}: rows of {name} hold "
                               f"{array.shape[-1]} weights, not a multiple of 32")
        if not isinstance(array, Deferred):
            put_packed(s, out, name, fmt, *quantize.quantize(array, fmt))
            continue
        # The packed shapes and dtypes: those of one row, for every row.
        row_data, row_scales = quantize.quantize(
            np.zeros((1, array.shape[-1]), np.float32), fmt)
        lead = array.shape[:-1]
        packed = {}

        def data(array=array, packed=packed):
            data, packed["scales"] = quantize.quantize(array.materialize(), fmt)
            return data

        def scales(packed=packed):
            return packed.pop("scales")
        put_packed(s, out, name, fmt,
                   Deferred(lead + row_data.shape[1:], row_data.dtype, data),
                   Deferred(lead + row_scales.shape[1:], row_scales.dtype, scales))
    return out


def put_packed(s, weights, name, fmt, data, scales):
    """Puts weight `name`, packed in `fmt`, into `weights` under its packed
    names; the graph of `s` then reads it through a dequantize."""
    from .quantize import packed_names
    data_name, scale_name = packed_names(name)
    weights[data_name], weights[scale_name] = data, scales
    s.quantized[name] = fmt


def import_directory(directory, out_dir, verify, quantize=None, tensor_parallel=1):
    s = read_spec(directory)
    weights = convert_weights(s, Checkpoint(directory), directory)
    s.quantized = {}
    if quantize:
        weights = quantize_weights(s, weights, quantize)
    check_tensor_parallel(s, tensor_parallel)
    source = os.path.basename(os.path.normpath(directory))
    return write_model(s, weights, out_dir, verify, source, tokenizer_dir=directory)


def write_model(s, weights, out_dir, verify, source, tokenizer_dir=None):
    """Writes OUT/model.mlir, model.safetensors and config.json of a model
    `s` with `weights` (quantized ones by s.quantized)."""
    formats = sorted(set(s.quantized.values()))
    comment = (f"{s.architecture} from {source}: "
               f"{s.layers} layers, hidden {s.hidden}, {s.heads} heads "
               f"({s.kv_heads} key/value heads of {s.head_dim}), vocabulary {s.vocab}.\n"
               f"@prefill takes the new tokens of several sequences, packed; @decode one "
               f"token of each sequence.\nBoth take the step's tables of a paged KV cache "
               f"(Relax/Runtime/RelaxKVCache.h) and return the\nlogits of each "
               f"sequence's last token.")
    if formats:
        comment += (f"\nWeights quantized as {', '.join(formats)}: packed data and scales, "
                    f"unpacked by relax.dequantize.")
    prefill = Graph(s, decode=False).build()
    decode = Graph(s, decode=True).build()
    if s.tensor_parallel > 1:
        comment += (f"\nSplit over {s.tensor_parallel} ranks (tensor parallelism): "
                    f"run it under `mpiexec -n {s.tensor_parallel}`.")
    lines = [f"// {line}" for line in comment.splitlines()]
    grid = f"shard.grid @tp(shape = {s.tensor_parallel})\n" if s.tensor_parallel > 1 else ""
    text = "\n".join(lines) + "\n" + grid + prefill + "\n" + decode
    verify(text)
    pages_per_seq = (s.context + PAGE_SIZE - 1) // PAGE_SIZE
    config = {
        "format": "relax-llm",
        "version": FORMAT_VERSION,
        "architecture": s.architecture,
        "num_layers": s.layers,
        "hidden_size": s.hidden,
        "num_heads": s.heads,
        "num_kv_heads": s.kv_heads,
        "head_dim": s.head_dim,
        "vocab_size": s.vocab,
        "dtype": "float32",
        "context_window_size": s.context,
        "page_size": PAGE_SIZE,
        "max_batch_size": MAX_BATCH,
        # Enough for one sequence of the whole context window by default.
        "num_pages": pages_per_seq,
        "eos_token_ids": s.eos,
        "prefill_chunk_size": prefill_chunk(s),
        "bounds": {"t": [1, prefill_chunk(s)], "b": [1, MAX_BATCH],
                   "m": [1, pages_per_seq], "n": [1, None]},
        "kv_bytes_per_token": 2 * s.layers * s.kv_heads * s.head_dim * 4,
        "weight_bytes": int(sum(a.nbytes for a in weights.values())),
        "quantization": "+".join(formats) if formats else None,
        "tensor_parallel": s.tensor_parallel,
    }
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "model.mlir"), "w") as f:
        f.write(text)
    write_weights(os.path.join(out_dir, "model.safetensors"), weights)
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    # The tokenizer, for relax-generate --prompt.
    for name in TOKENIZER_FILES if tokenizer_dir else ():
        if os.path.isfile(os.path.join(tokenizer_dir, name)):
            shutil.copyfile(os.path.join(tokenizer_dir, name), os.path.join(out_dir, name))
    return config
