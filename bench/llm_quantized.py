"""Decodes and prefills a Llama-7B-shaped model in quantized GGUF formats
with relax (relax-import model.gguf, relax-compile, the runtime's paged KV
cache) and with llama.cpp on the same file and thread count, against the
bandwidth bound of the packed weights, in one run.

    python3 bench/llm_quantized.py [--work-dir build-bench/quantized] [--small]
        [--formats q4_0,q8_0] [--prompt 512] [--context 128] [--steps 8]
        [--kernels unpack,int8] [--llama-bench PATH[,PATH]] [--markdown FILE]
        [--json FILE]

The model: hidden 4096, 32 layers, 32 heads (and key/value heads), MLP
11008, vocabulary 32000 (--small: hidden 256, 2 layers, 8 heads, 2
key/value heads, MLP 704, vocabulary 1000), random weights (normal, 0.02;
numpy's generator, seed 0; the tensors of one shape hold the same values)
written with the gguf package: every projection,
the embedding and the output head in FORMAT, norms in f32; kept in WORK and
reused while its sizes are the same (writing it is not measured).

Everything runs on one thread (OMP_NUM_THREADS=1, llama.cpp's -t 1; the
library relax-compile writes is single-threaded). Measured, in order:

1. The machine: CPU model and flags; the one-thread read bandwidth of
   1 GiB of f32 (bench/llm_decode.py's three readers, best of 5), which
   gives the bound: packed weight bytes read once per token over it.
2. `relax-import WORK/FMT.gguf -o WORK/FMT` and `relax-compile` of its
   model.mlir: wall seconds each (the goal: the 32-layer q4_0 model
   compiles in at most 10 s), once per --kernels variant: `unpack` (the
   default pipeline: products in f32 on weights unpacked in registers) and
   `int8` (`--pipeline-options=quantized-kernels=true`: q4_0 and q8_0
   products on the CPU's micro-kernels, activations quantized to 8 bits
   and integer dot products, as llama.cpp computes them).
3. relax, through relax_runtime, each variant: prefill of --prompt tokens (one call,
   after one warm-up call of 16 tokens), then --steps greedy decode steps
   at contexts --context + 1, ... after a prefill of --context tokens;
   tokens/s of the best step (and the median).
4. llama.cpp: `llama-bench -m WORK/FMT.gguf -t 1 -p PROMPT -n STEPS -r 1
   -o json` (built from the llama-cpp-python source package into the bench
   environment, never part of the setup): its pp and tg tokens/s, for each
   build --llama-bench names (say, with and without AMX); the ratios are
   against the best of them. llama.cpp quantizes activations to 8 bits and
   multiplies with integer dot products (on AMX tiles where built for it).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from llm_decode import (emit, log, peak_rss_mb, read_bandwidth, read_bytes,  # noqa: E402
                        run_child, safetensors_bytes, worker_result)
from machine import cpu_info, cpu_line, flags_text  # noqa: E402

LARGE = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "intermediate": 11008,
         "vocab": 32000}
SMALL = {"layers": 2, "hidden": 256, "heads": 8, "kv_heads": 2, "intermediate": 704,
         "vocab": 1000}
CONTEXT = 4096


def write_gguf(path, sizes, fmt):
    """A random-weight llama GGUF in `fmt`, one tensor at a time."""
    import numpy as np
    from gguf import GGMLQuantizationType as Q
    from gguf import GGUFWriter, quants
    kind = {"q4_0": Q.Q4_0, "q8_0": Q.Q8_0}[fmt]
    rng = np.random.default_rng(0)
    E, I, H = sizes["hidden"], sizes["intermediate"], sizes["heads"]
    D = E // H
    KV = sizes["kv_heads"] * D
    w = GGUFWriter(path + ".part", "llama")
    w.add_block_count(sizes["layers"])
    w.add_context_length(CONTEXT)
    w.add_embedding_length(E)
    w.add_feed_forward_length(I)
    w.add_head_count(H)
    w.add_head_count_kv(sizes["kv_heads"])
    w.add_rope_freq_base(10000.0)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_rope_dimension_count(D)
    w.add_tokenizer_model("llama")
    w.add_token_list(["<unk>", "<s>", "</s>"] + [f"t{i}" for i in range(sizes["vocab"] - 3)])
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)

    # Quantizing 7B weights in numpy takes hours: every tensor of one shape
    # holds the same random blocks. Each is still its own bytes of the file,
    # read from its own place at every step, so the measurement is the same.
    blocks = {}

    def packed(shape):
        if shape not in blocks:
            blocks[shape] = quants.quantize(rng.standard_normal(shape, np.float32) * 0.02,
                                            kind)
        return blocks[shape]

    w.add_tensor("token_embd.weight", packed((sizes["vocab"], E)), raw_dtype=kind)
    w.add_tensor("output_norm.weight", np.ones(E, np.float32))
    w.add_tensor("output.weight", packed((sizes["vocab"], E)), raw_dtype=kind)
    for i in range(sizes["layers"]):
        for name, shape in (("attn_q", (E, E)), ("attn_k", (KV, E)), ("attn_v", (KV, E)),
                            ("attn_output", (E, E)), ("ffn_gate", (I, E)), ("ffn_up", (I, E)),
                            ("ffn_down", (E, I))):
            w.add_tensor(f"blk.{i}.{name}.weight", packed(shape), raw_dtype=kind)
        w.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(E, np.float32))
        w.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(E, np.float32))
        log(f"  wrote layer {i + 1}/{sizes['layers']}")
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    os.replace(path + ".part", path)


def relax_worker(args):
    import numpy as np
    sys.path.insert(0, os.path.join(args.build, "python"))
    import relax_runtime
    out = args.model_dir
    cfg = json.load(open(os.path.join(out, "config.json")))
    res = {}
    t = time.perf_counter()
    module = relax_runtime.Module(os.path.join(out, args.library),
                                  weights=os.path.join(out, "model.safetensors"))
    prefill, decode = module["prefill"], module["decode"]
    res["load_s"] = time.perf_counter() - t
    page = cfg["page_size"]
    pages = 2 * -(-(max(args.prompt, args.context) + args.steps + 32) // page)
    cache = relax_runtime.KVCache(cfg["num_layers"], cfg["num_kv_heads"], cfg["head_dim"],
                                  pages=pages, page_size=page)
    rng = np.random.default_rng(0)

    def run_prefill(sid, ids):
        st = cache.begin_step([sid], [len(ids)])
        return prefill(ids, st.pages, st.page_table, st.q_seq, st.q_pos, st.slots,
                       st.last_tokens)

    ids = rng.integers(3, cfg["vocab_size"], args.prompt).astype(np.int32)
    cache.add(1)
    run_prefill(1, ids[:16])
    cache.remove(1)
    cache.add(2)
    t = time.perf_counter()
    run_prefill(2, ids)
    res["prefill_s"] = time.perf_counter() - t
    cache.remove(2)
    log(f"  relax prefill {args.prompt}: {res['prefill_s']:.2f} s")

    cache.add(3)
    logits = run_prefill(3, ids[:args.context])
    token = np.array([int(logits[0].argmax())], np.int32)
    times = []
    for _ in range(args.steps):
        t = time.perf_counter()
        st = cache.begin_step([3], [1])
        logits = decode(token, st.pages, st.page_table, st.q_pos, st.slots)
        times.append(time.perf_counter() - t)
        token = logits.argmax(-1).astype(np.int32)
        log(f"  relax decode step: {times[-1] * 1e3:.1f} ms")
    res["decode_s"] = times
    res["peak_rss_mb"] = peak_rss_mb()
    emit(res)


def llama_build_label(binary):
    """A llama-bench's name in the tables: the ISA extensions its build
    enabled that matter here (from the CMakeCache.txt beside its bin/)."""
    cache = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(binary))),
                         "CMakeCache.txt")
    try:
        text = open(cache).read()
    except OSError:
        return os.path.abspath(binary)
    on = [name for name, var in (("AVX-512 VNNI", "GGML_AVX512_VNNI"),
                                 ("AMX", "GGML_AMX_INT8"), ("native", "GGML_NATIVE"))
          if f"{var}:BOOL=ON" in text]
    return "llama.cpp (" + (", ".join(on) or "default") + ")"


def llama_bench_best(args, path):
    """Each llama-bench of --llama-bench on `path`: {label: result}, and the
    best prefill and decode rates among them, each with its label."""
    runs = {}
    for binary in filter(None, (args.llama_bench or "").split(",")):
        res = llama_bench(binary, args, path)
        if res:
            runs[llama_build_label(binary)] = res
    best = {}
    for key in ("pp_tok_s", "tg_tok_s"):
        rated = [(res[key], label) for label, res in runs.items() if res.get(key)]
        if rated:
            best[key], best[key + "_by"] = max(rated)
    return runs, best


def llama_bench(binary, args, path):
    cmd = [binary, "-m", path, "-t", "1", "-p", str(args.prompt), "-n",
           str(args.steps), "-r", "1", "-o", "json"]
    log("  " + " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log(proc.stderr[-2000:])
        return None
    runs = json.loads(proc.stdout)
    res = {}
    for run in runs:
        if run.get("n_prompt"):
            res["pp_tok_s"] = run["avg_ts"]
        elif run.get("n_gen"):
            res["tg_tok_s"] = run["avg_ts"]
    res["version"] = runs[0].get("build_commit", "?") if runs else "?"
    return res


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work-dir")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--formats", default="q4_0,q8_0")
    parser.add_argument("--prompt", type=int, default=512)
    parser.add_argument("--context", type=int, default=128)
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--kernels", default="unpack,int8")
    parser.add_argument("--llama-bench", default=shutil.which("llama-bench"),
                        help="llama-bench binaries, comma-separated (builds with "
                             "different ISA extensions); ratios are against the best")
    parser.add_argument("--markdown")
    parser.add_argument("--json")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--model-dir", help=argparse.SUPPRESS)
    parser.add_argument("--library", default="model.so", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return relax_worker(args)
    sizes = SMALL if args.small else LARGE
    work = args.work_dir or os.path.join(ROOT, "build-bench",
                                         "quantized-small" if args.small else "quantized")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1",
               PATH=os.path.join(args.build, "bin") + os.pathsep + os.environ["PATH"])

    import torch
    torch.set_num_threads(1)
    _, flags = cpu_info()
    rates = read_bandwidth()
    gbs = max(rates.values())
    lines = ["# Quantized decoder LM, one thread", "",
             cpu_line(), "", "Flags: " + flags_text(flags), "",
             "Memory read of 1 GiB f32 (best of 5): "
             + ", ".join(f"{k} {v:.2f} GB/s" for k, v in rates.items()), "",
             f"Model: Llama, hidden {sizes['hidden']}, {sizes['layers']} layers, "
             f"{sizes['heads']} heads ({sizes['kv_heads']} key/value), MLP "
             f"{sizes['intermediate']}, vocabulary {sizes['vocab']}, random weights; "
             f"prefill {args.prompt} tokens, decode {args.steps} steps after a "
             f"{args.context}-token prompt.", ""]
    table = ["| format | kernels | packed weights | bound tok/s | relax decode tok/s (best / median) "
             "| llama.cpp decode tok/s | relax / llama.cpp | relax / bound "
             "| relax prefill tok/s | llama.cpp prefill tok/s | relax / llama.cpp "
             "| relax-import s | relax-compile s |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    results = {"rates": rates, "sizes": sizes, "formats": {}}
    builds = ["| format | llama.cpp build | commit | decode tok/s | prefill tok/s |",
              "|---|---|---|---:|---:|"]
    for fmt in args.formats.split(","):
        tag = "-".join(str(sizes[k]) for k in sorted(sizes))
        path = os.path.join(work, f"{fmt}-{tag}.gguf")
        if not os.path.exists(path):
            log(f"writing {path}")
            write_gguf(path, sizes, fmt)
        out = os.path.join(work, fmt)
        import_s, _, code, _ = run_child(["relax-import", path, "-o", out], env=env)
        if code:
            sys.exit(f"relax-import failed ({code})")
        cfg = json.load(open(os.path.join(out, "config.json")))
        llama_runs, theirs = llama_bench_best(args, path)
        for label, res in llama_runs.items():
            builds.append(f"| {fmt} | {label} | {res.get('version', '?')} "
                          f"| {res.get('tg_tok_s', 0):.2f} | {res.get('pp_tok_s', 0):.2f} |")
        packed = cfg["weight_bytes"]
        bound = gbs * 1e9 / read_bytes(safetensors_bytes(
            os.path.join(out, "model.safetensors")))
        results["formats"][fmt] = {"llama.cpp": llama_runs, "import_s": import_s,
                                   "packed_bytes": packed, "bound_tok_s": bound}
        for kernels in args.kernels.split(","):
            library = f"model-{kernels}.so"
            options = {"unpack": [], "int8": ["--pipeline-options=quantized-kernels=true"]}
            compile_s, _, code, _ = run_child(
                ["relax-compile", os.path.join(out, "model.mlir"), "-o",
                 os.path.join(out, library)] + options[kernels], env=env)
            if code:
                sys.exit(f"relax-compile failed ({code})")
            _, _, code, stdout = run_child(
                [sys.executable, os.path.abspath(__file__), "--worker", "--build", args.build,
                 "--model-dir", out, "--library", library, "--prompt", str(args.prompt),
                 "--context", str(args.context), "--steps", str(args.steps)], env=env)
            ours = worker_result(stdout)
            if code or ours is None:
                sys.exit(f"the relax worker failed ({code})")
            best = 1 / min(ours["decode_s"])
            median = 1 / sorted(ours["decode_s"])[len(ours["decode_s"]) // 2]
            prefill = args.prompt / ours["prefill_s"]

            def ratio(a, b):
                return f"{a / b:.2f}x" if a and b else "-"

            def num(x, digits=2):
                return f"{x:.{digits}f}" if x else "-"

            table.append(
                f"| {fmt} | {kernels} | {packed / 1e6:.1f} MB | {bound:.2f} "
                f"| {best:.2f} / {median:.2f} "
                f"| {num(theirs.get('tg_tok_s'))} | {ratio(best, theirs.get('tg_tok_s'))} "
                f"| {best / bound:.2f} | {prefill:.2f} | {num(theirs.get('pp_tok_s'))} "
                f"| {ratio(prefill, theirs.get('pp_tok_s'))} | {import_s:.1f} "
                f"| {compile_s:.1f} |")
            results["formats"][fmt][kernels] = {"relax": ours, "compile_s": compile_s}
            log(table[-1])
    lines += table
    if not args.llama_bench:
        lines += ["", "llama.cpp: not run (no llama-bench; pass --llama-bench PATH)."]
    else:
        lines += ["", "llama.cpp's columns are the best of its builds:", ""] + builds
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        open(args.markdown, "w").write(text)
    if args.json:
        json.dump(results, open(args.json, "w"), indent=2)


if __name__ == "__main__":
    main()
