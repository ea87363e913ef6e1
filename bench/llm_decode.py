"""Serves a ~1B-parameter Llama through relax-import, relax-compile and the
runtime's paged KV cache on one CPU thread, and measures prefill, decode
and batched decode against transformers' generate with its static cache
and against the machine's memory bandwidth, in one run.

    python3 bench/llm_decode.py [--work-dir build-bench/llm] [--small]
        [--layers 16 --hidden 2048 --heads 32 --kv-heads 8
         --intermediate 5632 --vocab 32000]
        [--prefill 128,512] [--context 128] [--long-context 2048]
        [--batch 8] [--steps 10] [--reps 3] [--prefill-budget 60]
        [--no-transformers]
        [--markdown FILE] [--json FILE]

The model: transformers' LlamaConfig with the sizes above (defaults: the
0.85 B-parameter Llama of bench/cpu_models.py, untied LM head, f32),
max_position_embeddings 4096, weights drawn by
AutoModelForCausalLM.from_config under torch.manual_seed(0), saved with
save_pretrained into WORK/hf (kept and reused while its sizes are the same:
building it is not measured). --small is hidden 256, 2 layers, 8 heads, 2
key/value heads, MLP 688, vocabulary 1000 (WORK defaults to
build-bench/llm-small): the whole harness in under a minute.

Everything runs on one thread: OMP_NUM_THREADS=1 in every process,
torch.set_num_threads(1), and the library relax-compile writes by default
(no parallel=true) is single-threaded. Each part runs in a process of its
own, one after the other, so that at most one copy of the weights is held
by a measured process at a time.

Measured, in order:

1. The machine: /proc/cpuinfo's model name and the flags that matter to
   kernels; torch's sgemm rate (2048^3 f32, best of 5) and the one-thread
   memory read bandwidth of 1 GiB of f32 by three readers (torch's sum,
   numpy's sum, torch.mv of a [16384, 16384] matrix: a GEMV, as decode's),
   best of 5 each, measured again after everything else (this 2-core VM's
   bandwidth drifts by 10-20% between runs); the bounds take the best rate
   of all, so that they are the lower.
2. `relax-import WORK/hf -o WORK/relax` and
   `relax-compile WORK/relax/model.mlir -o WORK/relax/model.so`: wall
   seconds and the peak RSS of each process.
3. relax, through relax_runtime (build/python) in one process: the
   library's load time and the first lookup of @prefill and @decode (which
   runs the lifted weight transforms); one KVCache for every measurement,
   of ceil((long context + steps + 16) / 16) pages (or what the batch
   needs, if more).
   - Prefill of 128 and 512 tokens (one sequence, fresh in the cache each
     call): tokens/s of the best of --reps calls after one warm-up call,
     fewer (at least one) where the warm-up says they would take more than
     --prefill-budget seconds; the output says where. The time is
     begin_step plus the call.
   - Decode at context 128: the sequence prefilled with the 128-token
     prompt, then one warm-up step and --steps timed steps, each at
     positions 128, 129, ... (greedy: each step feeds the argmax of the
     last logits); each step's time is begin_step plus the call. Best and
     median ms.
   - Decode at context 2048: a fresh sequence whose first 2048 positions
     are reserved with `cache.begin_step([s], [2048])` without calling the
     model (the pages hold zeros: attention reads and multiplies them as it
     would real keys and values, so the step costs what it would after a
     real 2048-token prefill), then the same warm-up and timed steps.
   - Batched decode: --batch sequences, each with 128 positions reserved
     the same way, then one warm-up step and --steps timed steps of all of
     them at once (one @decode call with --batch tokens); tokens/s = batch
     / step time (best and median), and its ratio to the single-sequence
     decode tokens/s at context 128 (goal >= 5x).
4. transformers (the same directory, from_pretrained, f32, sdpa attention,
   torch.no_grad, one thread), in one process:
   - Prefill of 128 and 512 tokens: model(ids, past_key_values=a fresh
     StaticCache, logits_to_keep=1) (the LM head on the last token only,
     as relax's @prefill and generate's prefill do), best of --reps after
     one warm-up (fewer as for relax).
   - Decode at context 128 through generate: `generate(prompt,
     cache_implementation="static", do_sample=False, max_new_tokens=N,
     min_new_tokens=N)` timed for N = 1 and N = 1 + 16; the decode ms per
     token is the difference over 16 (the prefill and the first token
     cancel), each of the two the best of --reps (at most 2) after one
     warm-up. On the CPU generate does not torch.compile the static-cache
     forward (transformers compiles automatically only on GPUs): this is
     eager PyTorch.
   - Decode per step (model(...) with a StaticCache and explicit
     cache_position, one step at a time, timed as relax's: one warm-up and
     --steps timed steps, best and median) at context 128, at the long
     context (positions reserved as for relax: the cache's rows hold zeros;
     a StaticCache attends over all its max_cache_len rows, masked,
     whatever the position) and batched (--batch rows at position 128).
   - The logits of the prefill of the 128-token prompt against relax's
     (max abs difference) and the greedy tokens of generate against
     relax's decode steps.
5. The bounds. A decode step reads every weight but the gathered tables
   (the embedding, the rotary tables) once: weight bytes / read bandwidth
   is the least ms per token unless the weights stay in the caches; at
   context C attention also reads its keys and values, 2 * layers *
   kv_heads * head_dim * 4 bytes * C. The goals: relax decode within 1.2x
   of the bound at context 128; the step at 2048 no slower than the step
   at 128 plus the extra keys and values it reads, at the measured
   bandwidth; batched decode >= 5x the tokens/s of one sequence. Prefill's
   bound is the matmuls' and attention's FLOPs (2 per multiply-add, the
   causal half of attention) at the machine's sgemm rate.

The table's ratio column says, per row, what it divides. The whole run of
the 1B model takes about 5 minutes on a 2-core Xeon, plus half a minute to
create the model the first time (relax's prefill of 512 tokens alone takes
about 40 s a call, so it gets one timed call after its warm-up: see
--prefill-budget); --no-transformers leaves the transformers column empty.
--markdown FILE writes the header and table; --json FILE all numbers.
"""

import argparse
import json
import os
import shlex
import statistics
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from machine import best_time, cpu_info, cpu_line, flags_text, sgemm_gflops  # noqa: E402

LARGE = {"layers": 16, "hidden": 2048, "heads": 32, "kv_heads": 8, "intermediate": 5632,
         "vocab": 32000}
SMALL = {"layers": 2, "hidden": 256, "heads": 8, "kv_heads": 2, "intermediate": 688,
         "vocab": 1000}
POSITIONS = 4096
SEED = 0


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def emit(result):
    """A worker's result: one line on stdout."""
    print("RESULT " + json.dumps(result), flush=True)


def run_child(cmd, env=None, capture=True):
    """Runs `cmd`; (wall seconds, peak RSS in MB, return code, stdout, or
    None when not captured). Its stderr goes to ours."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE if capture else None,
                            text=True)
    out = proc.stdout.read() if capture else None
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, proc.returncode, out


def worker_result(out):
    for line in (out or "").splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    return None


def prompt_ids(vocab, n, seed=SEED):
    import numpy as np
    rng = np.random.default_rng(seed)
    return rng.integers(3, vocab, n).astype(np.int32)


def loadavg():
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "?"


def reps_for(args, times):
    """Timed prefill calls after the warm-up call times[0]: --reps, fewer
    when they would take more than --prefill-budget seconds (at least 1)."""
    if not times:
        return 0
    return max(1, min(args.reps, int(args.prefill_budget // times[0])))


def best_median(times):
    return min(times), statistics.median(times)


# --- The machine ---------------------------------------------------------------

def machine():
    """Lines describing the CPU, its sgemm rate and read bandwidth, and
    (GFLOP/s, GB/s)."""
    import numpy as np
    import torch
    torch.set_num_threads(1)
    _, flags = cpu_info()
    n = 2048
    gflops = sgemm_gflops(n)
    rates = read_bandwidth()
    gbs = max(rates.values())
    lines = [cpu_line(),
             "Flags: " + flags_text(flags),
             f"torch {torch.__version__}, numpy {np.__version__}, one thread: sgemm {n}x{n}x{n} "
             f"f32 {gflops:.1f} GFLOP/s (best of 5); memory read of 1 GiB f32 (best of 5): "
             + rates_text(rates)]
    return lines, gflops, gbs


def read_bandwidth():
    """GB/s of one thread reading 1 GiB of f32, best of 5 after one untimed
    read, by three readers: torch's sum, numpy's sum and torch.mv (a GEMV of
    a [16384, 16384] matrix, what a decode step does with its weights)."""
    import torch
    torch.set_num_threads(1)
    x = torch.ones(1 << 28)
    size = x.numel() * 4
    a, v = x.view(1 << 14, 1 << 14), torch.ones(1 << 14)
    y = x.numpy()
    return {"torch sum": size / best_time(lambda: x.sum()) / 1e9,
            "numpy sum": size / best_time(lambda: y.sum()) / 1e9,
            "torch mv": size / best_time(lambda: torch.mv(a, v)) / 1e9}


def rates_text(rates):
    return ", ".join(f"{k} {v:.2f} GB/s" for k, v in rates.items())


# --- The model -----------------------------------------------------------------

def hf_config(sizes):
    import transformers as T
    return T.LlamaConfig(vocab_size=sizes["vocab"], hidden_size=sizes["hidden"],
                         intermediate_size=sizes["intermediate"],
                         num_hidden_layers=sizes["layers"],
                         num_attention_heads=sizes["heads"],
                         num_key_value_heads=sizes["kv_heads"],
                         max_position_embeddings=POSITIONS, tie_word_embeddings=False)


def create_worker(args):
    """Writes WORK/hf: the random-weight model, save_pretrained."""
    import torch
    import transformers as T
    sizes = json.loads(args.sizes_json)
    torch.manual_seed(SEED)
    model = T.AutoModelForCausalLM.from_config(hf_config(sizes), dtype=torch.float32)
    params = sum(p.numel() for p in model.parameters())
    model.save_pretrained(os.path.join(args.work_dir, "hf"))
    with open(os.path.join(args.work_dir, "hf", "bench_sizes.json"), "w") as f:
        json.dump(sizes, f)
    emit({"params": params})


def safetensors_bytes(path):
    """{name: bytes} from a .safetensors header."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
    return {k: v["data_offsets"][1] - v["data_offsets"][0] for k, v in header.items()
            if k != "__metadata__"}


def read_bytes(weights):
    """The bytes of the weights a decode step reads: all but the tables it
    only gathers rows of (the embedding unless it is also the LM head, the
    position and rotary tables). Packed weights count by their data and
    scales (`<name>.qweight`, `<name>.qscale`)."""
    def base(k):
        return k.rsplit(".", 1)[0] if k.endswith((".qweight", ".qscale")) else k
    tied = not any(base(k) == "lm_head" for k in weights)
    gathered = lambda k: (base(k) == "embed" and not tied) or k == "pos_embed" or k.startswith("rope.")  # noqa: E731
    return sum(v for k, v in weights.items() if not gathered(k))


# --- relax ---------------------------------------------------------------------

def relax_worker(args):
    import numpy as np
    sys.path.insert(0, os.path.join(args.build, "python"))
    import relax_runtime
    out = os.path.join(args.work_dir, "relax")
    with open(os.path.join(out, "config.json")) as f:
        cfg = json.load(f)
    page = cfg["page_size"]
    res = {}
    start = time.perf_counter()
    module = relax_runtime.Module(os.path.join(out, "model.so"),
                                  weights=os.path.join(out, "model.safetensors"))
    res["load_s"] = time.perf_counter() - start
    start = time.perf_counter()
    prefill, decode = module["prefill"], module["decode"]
    res["lookup_s"] = time.perf_counter() - start
    pages = -(-(args.long_context + args.steps + 16) // page)
    pages = max(pages, args.batch * -(-(args.context + args.steps + 16) // page))
    cache = relax_runtime.KVCache(cfg["num_layers"], cfg["num_kv_heads"], cfg["head_dim"],
                                  pages=pages, page_size=page)
    res["pages"] = pages
    vocab = cfg["vocab_size"]
    seq = [0]

    def fresh():
        seq[0] += 1
        cache.add(seq[0])
        return seq[0]

    def run_prefill(sid, ids):
        st = cache.begin_step([sid], [len(ids)])
        return prefill(ids, st.pages, st.page_table, st.q_seq, st.q_pos, st.slots,
                       st.last_tokens)

    # Prefill.
    res["prefill"] = {}
    for n in args.prefill:
        ids = prompt_ids(vocab, n)
        times = []
        while len(times) < 1 + reps_for(args, times):
            sid = fresh()
            t = time.perf_counter()
            run_prefill(sid, ids)
            times.append(time.perf_counter() - t)
            cache.remove(sid)
            log(f"  relax prefill {n}: {times[-1] * 1e3:.1f} ms")
        res["prefill"][str(n)] = {"warmup": times[0], "times": times[1:],
                                  "tok_s": n / min(times[1:])}

    def decode_steps(sids, first_tokens):
        tokens = np.array(first_tokens, np.int32)
        times, produced = [], []
        for step in range(args.steps + 1):
            t = time.perf_counter()
            st = cache.begin_step(sids, [1] * len(sids))
            logits = decode(tokens, st.pages, st.page_table, st.q_pos, st.slots)
            times.append(time.perf_counter() - t)
            tokens = logits.argmax(-1).astype(np.int32)
            produced.append(tokens.tolist())
        return times[1:], produced

    # Decode at the short context, after a real prefill of the prompt.
    ids = prompt_ids(vocab, args.context)
    sid = fresh()
    logits = run_prefill(sid, ids)
    np.save(os.path.join(args.work_dir, "relax_prefill_logits.npy"), logits[0])
    first = int(logits[0].argmax())
    times, produced = decode_steps([sid], [first])
    res["greedy"] = [first] + [p[0] for p in produced]
    res["decode_short"] = {"times": times}
    cache.remove(sid)
    log(f"  relax decode @{args.context}: best {min(times) * 1e3:.1f} ms")

    # Decode at the long context: positions reserved, not prefilled.
    sid = fresh()
    cache.begin_step([sid], [args.long_context])
    times, _ = decode_steps([sid], [first])
    res["decode_long"] = {"times": times}
    cache.remove(sid)
    log(f"  relax decode @{args.long_context}: best {min(times) * 1e3:.1f} ms")

    # Batched decode, each sequence at the short context (reserved).
    sids = [fresh() for _ in range(args.batch)]
    cache.begin_step(sids, [args.context] * args.batch)
    times, _ = decode_steps(sids, prompt_ids(vocab, args.batch, seed=1))
    res["decode_batch"] = {"times": times}
    for s in sids:
        cache.remove(s)
    log(f"  relax decode {args.batch} x @{args.context}: best {min(times) * 1e3:.1f} ms")
    res["peak_rss_mb"] = peak_rss_mb()
    emit(res)


def peak_rss_mb():
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --- transformers ----------------------------------------------------------------

def transformers_worker(args):
    import numpy as np
    import torch
    import transformers as T
    import warnings
    warnings.filterwarnings("ignore", category=FutureWarning)  # past_key_values' new name
    torch.set_num_threads(1)
    res = {}
    start = time.perf_counter()
    model = T.AutoModelForCausalLM.from_pretrained(os.path.join(args.work_dir, "hf"),
                                                   dtype=torch.float32).eval()
    res["load_s"] = time.perf_counter() - start
    res["attn"] = model.config._attn_implementation
    res["version"] = T.__version__
    vocab = model.config.vocab_size

    def static_cache(length):
        return T.StaticCache(config=model.config, max_cache_len=length)

    def forward(ids, cache, position):
        n = ids.shape[1]
        positions = torch.arange(position, position + n)
        return model(input_ids=ids, past_key_values=cache, use_cache=True,
                     cache_position=positions, position_ids=positions.expand(ids.shape[0], n),
                     logits_to_keep=1).logits[:, -1]

    with torch.no_grad():
        # Prefill.
        res["prefill"] = {}
        for n in args.prefill:
            ids = torch.from_numpy(prompt_ids(vocab, n).astype(np.int64))[None]
            times = []
            while len(times) < 1 + reps_for(args, times):
                cache = static_cache(n + 16)
                t = time.perf_counter()
                logits = forward(ids, cache, 0)
                times.append(time.perf_counter() - t)
                log(f"  transformers prefill {n}: {times[-1] * 1e3:.1f} ms")
                if n == args.context and len(times) == 1:
                    ours = np.load(os.path.join(args.work_dir, "relax_prefill_logits.npy"))
                    res["logits_max_abs_diff"] = float(np.abs(logits[0].numpy() - ours).max())
                    res["logits_max_abs"] = float(np.abs(logits[0].numpy()).max())
            res["prefill"][str(n)] = {"warmup": times[0], "times": times[1:],
                                      "tok_s": n / min(times[1:])}

        # generate with the static cache: N = 1 and N = 1 + 16.
        ids = torch.from_numpy(prompt_ids(vocab, args.context).astype(np.int64))[None]
        extra = 16
        reps = min(args.reps, 2)

        def generate(n):
            t = time.perf_counter()
            out = model.generate(ids, attention_mask=torch.ones_like(ids), do_sample=False,
                                 max_new_tokens=n, min_new_tokens=n,
                                 cache_implementation="static",
                                 pad_token_id=model.config.eos_token_id)
            return time.perf_counter() - t, out[0, ids.shape[1]:].tolist()

        generate(1 + extra)
        one = min(generate(1)[0] for _ in range(reps))
        runs = [generate(1 + extra) for _ in range(reps)]
        many = min(t for t, _ in runs)
        res["generate"] = {"t1": one, "t17": many, "new": extra, "reps": reps,
                           "ms_per_token": (many - one) / extra * 1e3}
        res["greedy"] = runs[0][1]
        log(f"  transformers generate: {res['generate']['ms_per_token']:.1f} ms/token")

        # One step at a time, with a StaticCache.
        def steps(batch, position, length, prefill_ids=None):
            cache = static_cache(length)
            if prefill_ids is not None:
                logits = forward(prefill_ids, cache, 0)
                tokens = logits.argmax(-1, keepdim=True)
            else:
                tokens = torch.from_numpy(prompt_ids(vocab, batch, seed=1).astype(np.int64))
                tokens = tokens[:, None]
            times = []
            for step in range(args.steps + 1):
                t = time.perf_counter()
                logits = forward(tokens, cache, position + step)
                times.append(time.perf_counter() - t)
                tokens = logits.argmax(-1, keepdim=True)
            return times[1:]

        res["decode_short"] = {"times": steps(1, args.context, args.context + args.steps + 16,
                                              prefill_ids=ids)}
        log(f"  transformers decode @{args.context}: "
            f"best {min(res['decode_short']['times']) * 1e3:.1f} ms")
        res["decode_long"] = {"times": steps(1, args.long_context,
                                             args.long_context + args.steps + 16)}
        log(f"  transformers decode @{args.long_context}: "
            f"best {min(res['decode_long']['times']) * 1e3:.1f} ms")
        res["decode_batch"] = {"times": steps(args.batch, args.context,
                                              args.context + args.steps + 16)}
        log(f"  transformers decode {args.batch} x @{args.context}: "
            f"best {min(res['decode_batch']['times']) * 1e3:.1f} ms")
    res["peak_rss_mb"] = peak_rss_mb()
    emit(res)


# --- The driver ------------------------------------------------------------------

def prefill_flops(sizes, n):
    """FLOPs of a prefill of n tokens: the layers' matmuls for every token,
    the LM head for the last, attention's QK^T and PV over the causal half."""
    E, L, H, KV, I, V = (sizes[k] for k in ("hidden", "layers", "heads", "kv_heads",
                                            "intermediate", "vocab"))
    D = E // H
    per_token = L * (E * H * D + 2 * E * KV * D + H * D * E + 3 * E * I)
    attention = L * 2 * H * D * n * (n + 1) / 2
    return 2 * (n * per_token + attention) + 2 * E * V


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work-dir", help="default: build-bench/llm (build-bench/llm-small "
                        "with --small)")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--small", action="store_true",
                        help="hidden 256, 2 layers: the whole harness in under a minute")
    for key in LARGE:
        parser.add_argument("--" + key.replace("_", "-"), type=int)
    parser.add_argument("--prefill", default="128,512", help="prefill sizes, comma-separated")
    parser.add_argument("--context", type=int, default=128)
    parser.add_argument("--long-context", type=int, default=2048)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--steps", type=int, default=10, help="timed decode steps")
    parser.add_argument("--reps", type=int, default=3, help="timed prefill calls")
    parser.add_argument("--prefill-budget", type=float, default=60,
                        help="seconds of timed calls per prefill size and system: fewer "
                        "than --reps where the warm-up call says they would take longer")
    parser.add_argument("--no-transformers", action="store_true")
    parser.add_argument("--markdown", help="also write the header and table to this file")
    parser.add_argument("--json", help="also write every number to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--sizes-json", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.prefill = [int(n) for n in args.prefill.split(",") if n]
    if args.work_dir is None:
        args.work_dir = os.path.join(ROOT, "build-bench", "llm-small" if args.small else "llm")
    args.work_dir = os.path.abspath(args.work_dir)
    if args.context not in args.prefill:
        parser.error("--context must be one of the --prefill sizes (its logits are compared)")
    if args.long_context + args.steps + 16 > POSITIONS:
        parser.error(f"--long-context must leave room in {POSITIONS} positions")
    os.environ["OMP_NUM_THREADS"] = "1"
    if args.worker == "machine":
        lines, gflops, gbs = machine()
        return emit({"lines": lines, "gflops": gflops, "gbs": gbs})
    if args.worker == "bandwidth":
        return emit(read_bandwidth())
    if args.worker == "create":
        return create_worker(args)
    if args.worker == "relax":
        return relax_worker(args)
    if args.worker == "transformers":
        return transformers_worker(args)

    sizes = dict(SMALL if args.small else LARGE)
    for key in LARGE:
        if getattr(args, key) is not None:
            sizes[key] = getattr(args, key)
    os.makedirs(args.work_dir, exist_ok=True)
    start_all = time.perf_counter()
    me = [sys.executable, os.path.abspath(__file__), "--work-dir", args.work_dir,
          "--build", args.build, "--prefill", ",".join(map(str, args.prefill)),
          "--context", str(args.context), "--long-context", str(args.long_context),
          "--batch", str(args.batch), "--steps", str(args.steps), "--reps", str(args.reps),
          "--prefill-budget", str(args.prefill_budget)]
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=os.path.join(args.build, "python"))

    def fail(what, code):
        print(f"llm_decode: {what} failed (exit {code})", file=sys.stderr)
        return 1

    # 1. The machine (in a process of its own, like every part: a child's
    # peak RSS counts its parent's at the fork).
    _, _, code, text = run_child(me + ["--worker", "machine"], env)
    measured = worker_result(text)
    if code or measured is None:
        return fail("measuring the machine", code)
    header, gflops, gbs = measured["lines"], measured["gflops"], measured["gbs"]
    load_start = loadavg()
    header.append(f"Load average (1 min) before the measurements: {load_start}")
    print("\n".join(header), flush=True)

    # The model directory (not measured).
    hf = os.path.join(args.work_dir, "hf")
    stamp = os.path.join(hf, "bench_sizes.json")
    if not (os.path.exists(stamp) and json.load(open(stamp)) == sizes):
        log(f"creating {hf} ...")
        wall, _, code, out = run_child(me + ["--worker", "create", "--sizes-json",
                                             json.dumps(sizes)], env)
        if code:
            return fail("creating the model", code)
        log(f"  {wall:.0f} s")
    else:
        log(f"reusing {hf}")

    # 2. relax-import and relax-compile.
    out = os.path.join(args.work_dir, "relax")
    import_cmd = [os.path.join(args.build, "bin", "relax-import"), hf, "-o", out + "/"]
    compile_cmd = [os.path.join(args.build, "bin", "relax-compile"),
                   os.path.join(out, "model.mlir"), "-o", os.path.join(out, "model.so")]
    for path in ("model.so", "model.mlir", "model.safetensors"):
        if os.path.exists(os.path.join(out, path)):
            os.remove(os.path.join(out, path))
    log("relax-import ...")
    import_s, import_rss, code, _ = run_child(import_cmd, env, capture=False)
    if code:
        return fail("relax-import", code)
    log(f"  {import_s:.1f} s\nrelax-compile ...")
    compile_s, compile_rss, code, _ = run_child(compile_cmd, env, capture=False)
    if code:
        return fail("relax-compile", code)
    log(f"  {compile_s:.1f} s")
    with open(os.path.join(out, "config.json")) as f:
        rcfg = json.load(f)
    weights = safetensors_bytes(os.path.join(out, "model.safetensors"))
    params = sum(weights.values()) // 4  # f32, rotary tables included
    wbytes = read_bytes(weights)
    kv_token = rcfg["kv_bytes_per_token"]

    # 3. relax.
    log("relax ...")
    relax_s, relax_rss, code, text = run_child(me + ["--worker", "relax"], env)
    relax = worker_result(text)
    if code or relax is None:
        return fail("the relax worker", code)

    # 4. transformers.
    peer = None
    if not args.no_transformers:
        log("transformers ...")
        peer_s, peer_rss, code, text = run_child(me + ["--worker", "transformers"], env)
        peer = worker_result(text)
        if code or peer is None:
            return fail("the transformers worker", code)

    # The bandwidth again: the bound takes the best of both.
    _, _, code, text = run_child(me + ["--worker", "bandwidth"], env)
    again = worker_result(text)
    if code or again is None:
        return fail("measuring the bandwidth", code)
    header.append("Memory read again, after the measurements: " + rates_text(again)
                  + f"; the bounds below take the best of all: "
                  f"{max(gbs, *again.values()):.2f} GB/s")
    gbs = max(gbs, *again.values())

    # 5. The table.
    ms = lambda t: t * 1e3  # noqa: E731
    rows = []

    def row(name, ours="", theirs="", bound="", ratio=""):
        rows.append((name, ours, theirs, bound, ratio))

    def bm(times):
        b, m = best_median(times)
        return f"{ms(b):.1f} / {ms(m):.1f}"

    row("relax-import (s, peak RSS)", f"{import_s:.1f} s, {import_rss / 1024:.1f} GB")
    row("relax-compile (s, peak RSS)", f"{compile_s:.1f} s, {compile_rss / 1024:.2f} GB")
    row("load (s): library and weights (mapped) / first lookup of both functions",
        f"{relax['load_s']:.3f} / {relax['lookup_s']:.3f}",
        f"{peer['load_s']:.2f} (from_pretrained)" if peer else "")
    reduced = []

    def calls(system, n, e):
        count = len(e["times"])
        if count < args.reps:
            reduced.append(f"{system} prefill {n}: {count} timed call(s) after the warm-up, "
                           f"which took {e['warmup']:.2f} s")
            return f" (best of {count})"
        return ""

    for n in args.prefill:
        ours = relax["prefill"][str(n)]["tok_s"]
        theirs = peer["prefill"][str(n)]["tok_s"] if peer else None
        flops = prefill_flops(sizes, n)
        bound = gflops * 1e9 / flops * n
        row(f"prefill {n} tokens (tokens/s, best of {args.reps})",
            f"{ours:.1f}" + calls("relax", n, relax["prefill"][str(n)]),
            f"{theirs:.1f}" + calls("transformers", n, peer["prefill"][str(n)])
            if theirs else "",
            f"{bound:.1f} (sgemm rate, {flops / 1e9:.3g} GFLOP)",
            f"{ours / bound:.2f} of bound" + (f"; speed {ours / theirs:.2f}x transformers'"
                                               if theirs else ""))
    short_b, short_m = best_median(relax["decode_short"]["times"])
    long_b, long_m = best_median(relax["decode_long"]["times"])
    bound_short = (wbytes + kv_token * args.context) / (gbs * 1e9)
    extra = kv_token * (args.long_context - args.context) / (gbs * 1e9)
    row(f"decode ms/token @{args.context}, best / median of {args.steps}",
        bm(relax["decode_short"]["times"]),
        (f"{peer['generate']['ms_per_token']:.1f} (generate)" if peer else ""),
        f"{ms(bound_short):.1f} (bound; goal <= {1.2 * ms(bound_short):.1f})",
        f"{short_b / bound_short:.2f}x bound (reads at "
        f"{(wbytes + kv_token * args.context) / short_b / 1e9:.1f} GB/s)" + (
            f"; speed {peer['generate']['ms_per_token'] / ms(short_b):.2f}x generate's"
            if peer else ""))
    if peer:
        pb = min(peer["decode_short"]["times"])
        row(f"decode ms/token @{args.context}, one step per call", bm(relax["decode_short"]["times"]),
            bm(peer["decode_short"]["times"]), "",
            f"speed {pb / short_b:.2f}x transformers'")
    row(f"decode ms/token @{args.long_context}, best / median of {args.steps}",
        bm(relax["decode_long"]["times"]),
        bm(peer["decode_long"]["times"]) if peer else "",
        f"{ms(short_b + extra):.1f} (goal: step @{args.context} + {ms(extra):.1f} ms of "
        "extra KV reads)",
        f"{long_b / (short_b + extra):.2f}x goal; {long_b / short_b:.2f}x step @{args.context}"
        + (f"; speed {min(peer['decode_long']['times']) / long_b:.2f}x transformers'"
           if peer else ""))
    row(f"attention's own reads @{args.long_context} (MB, ms at {gbs:.1f} GB/s)",
        f"{kv_token * args.long_context / 1e6:.0f} MB, "
        f"{ms(kv_token * args.long_context / (gbs * 1e9)):.1f} ms", "",
        f"weights: {wbytes / 1e6:.0f} MB, {ms(wbytes / (gbs * 1e9)):.1f} ms")
    batch_b, batch_m = best_median(relax["decode_batch"]["times"])
    ours = args.batch / batch_b
    single = 1 / short_b
    theirs = args.batch / min(peer["decode_batch"]["times"]) if peer else None
    bound_batch = args.batch * gbs * 1e9 / (wbytes + args.batch * kv_token * args.context)
    row(f"batched decode {args.batch} x @{args.context} (tokens/s, best; median)",
        f"{ours:.1f}; {args.batch / batch_m:.1f}", f"{theirs:.1f}" if theirs else "",
        f">= {5 * single:.1f} (goal 5x one sequence); bandwidth bound {bound_batch:.0f}",
        f"{ours / single:.2f}x one sequence" + (f"; speed {ours / theirs:.2f}x transformers'"
                                                 if theirs else ""))
    if peer:
        agree = 0
        for a, b in zip(relax["greedy"], peer["greedy"]):
            if a != b:
                break
            agree += 1
        row("logits of the 128-token prefill: max abs diff (max abs)",
            f"{peer['logits_max_abs_diff']:.1e} ({peer['logits_max_abs']:.2f})")
        row("greedy tokens equal to generate's, from the first",
            f"{agree} of {min(len(relax['greedy']), len(peer['greedy']))}")
    row("peak RSS of the measuring process (GB)", f"{relax_rss / 1024:.2f}",
        f"{peer_rss / 1024:.2f}" if peer else "")

    argv = " ".join(shlex.quote(a) for a in sys.argv)
    model_line = (f"Model: Llama, {sizes['layers']} layers, hidden {sizes['hidden']}, "
                  f"{sizes['heads']} heads ({sizes['kv_heads']} key/value heads of "
                  f"{sizes['hidden'] // sizes['heads']}), MLP {sizes['intermediate']}, "
                  f"vocabulary {sizes['vocab']}, f32, random weights (seed {SEED}): "
                  f"{params / 1e9:.3f} B parameters with the rotary tables, "
                  f"{sum(weights.values()) / 1e9:.2f} GB; a decode step reads "
                  f"{wbytes / 1e9:.3f} GB of them and {kv_token / 1e3:.0f} kB of keys and "
                  f"values per token of context")
    def shown(cmd):
        rel = lambda a: os.path.relpath(a, ROOT) + ("/" if a.endswith("/") else "") \
            if a.startswith(ROOT + "/") else a  # noqa: E731
        return " ".join(shlex.quote(rel(a)) for a in cmd)

    lines = [f"Command: `python3 {argv}`",
             f"Steps: `{shown(import_cmd)}`; `{shown(compile_cmd)}`",
             *header, model_line,
             f"One thread (OMP_NUM_THREADS=1, torch.set_num_threads(1)); relax: "
             f"relax_runtime, KV cache of {relax['pages']} pages of {rcfg['page_size']}; "
             + (f"transformers {peer['version']} ({peer['attn']} attention, StaticCache, "
                "eager)" if peer else "transformers not run"),
             ""]
    head = ["measurement", "relax", "transformers (static cache)", "bound / goal", "ratio"]
    lines += ["| " + " | ".join(head) + " |", "|---|---:|---:|---|---|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    if reduced:
        lines += ["", f"Fewer prefill calls than --reps {args.reps} (--prefill-budget "
                  f"{args.prefill_budget:g} s per size and system): " + "; ".join(reduced) + "."]
    lines += ["", f"Load average (1 min) after the measurements: {loadavg()} (the "
              "harness itself adds about 1; near 2 or above, something else ran too)",
              "",
              f"Decode: each step is begin_step + one call; one untimed step at position "
              f"{args.context}, then timed steps at {args.context + 1}.."
              f"{args.context + args.steps} (likewise from {args.long_context}); "
              f"@{args.long_context} "
              "and the batched sequences' positions are reserved with begin_step without "
              "a model call (zeros, read as real keys and values would be). transformers' "
              "decode @128 (generate) is (generate of 17 new tokens - generate of 1) / 16, "
              f"best of {peer['generate']['reps'] if peer else 0} each; its one-step rows "
              "call the model with a StaticCache (which attends over all its rows, masked). "
              "Bounds: bytes read / read bandwidth (decode), FLOPs / sgemm rate (prefill)."]
    text = "\n".join(lines)
    print("\n" + text)
    total = time.perf_counter() - start_all
    print(f"\n({total:.0f} s in all)")
    if args.markdown:
        os.makedirs(os.path.dirname(os.path.abspath(args.markdown)), exist_ok=True)
        with open(args.markdown, "w") as f:
            f.write(text + f"\n\n({total:.0f} s in all)\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"sizes": sizes, "machine": {"sgemm_gflops": gflops, "read_gbs": gbs,
                                                   "lines": header},
                       "params": params, "weight_bytes_read": wbytes,
                       "kv_bytes_per_token": kv_token,
                       "import_s": import_s, "compile_s": compile_s,
                       "relax": relax, "transformers": peer, "total_s": total}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
