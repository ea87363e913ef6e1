#!/usr/bin/env python3
"""Tensor parallelism on 2 MPI ranks against 1 rank: overhead and correctness.

    python3 bench/tensor_parallel.py [--build build] [--reps 200]
        [--prefill-reps 20] [--reps-1b 20] [--prefill-reps-1b 5]
        [--rounds 2] [--quiet-wait 15] [--timeout 300] [--quick]
        [--markdown bench/results/tensor_parallel.md]
        [--keep DIR]

Two models, each run by `relax-run` unpartitioned on one process and
partitioned (`relax.grid` / `relax.split_axes`, which relax-run partitions
with --relax-tensor-parallel) under `mpiexec -n 2`:

1. The Llama-style layer of examples/llama_layer.mlir (hidden 512, 8 heads,
   2 KV heads, MLP 1376) against examples/llama_layer_tp.mlir: decode (b=1,
   s=1, p=128 and p=1024) and prefill (b=1, s=128, p=0).
2. A 2-layer decoder of a 1B-class shape (hidden 2048, 32 query heads, 8 KV
   heads of dim 64, MLP 5632, f32), generated here as MLIR text from the same
   ops, unannotated and annotated as llama_layer_tp.mlir is (q/k/v/gate/up
   split by columns, o/down by rows, the KV caches by heads in and out), and
   checked with `relax-opt --relax-infer-shapes --relax-tensor-parallel`:
   decode (b=1, s=1, p=512) and prefill (b=1, s=64, p=0).

Every process runs one thread (OMP_NUM_THREADS=1). On a machine with no
more cores than ranks, the ranks (which busy-poll MPI while they wait for
each other) take every core, and a rank that is descheduled stalls the
other at the next all-reduce: this measures the overhead and correctness of
the partitioned code, not the speed-up of separate devices.

The machine may be shared: each run first waits (at most --quiet-wait
seconds) for a second in which other processes use under 5% of the CPUs,
each configuration runs --rounds times and the table takes the run with the
lower best time, and the table gives the share of the CPUs that other
processes and the hypervisor took during that run (/proc/stat).

Per configuration and rank count, one relax-run process (or launch) on
seeded random inputs (relax-run's own; each rank slices its block out of the
full arrays): ms per call, best and mean of --reps calls (relax-run times
every call, the first included). With RELAX_CCL_STATS=1 each rank reports
its collectives (calls, operand bytes, ms inside MPI): the table takes rank
0's and gives all-reduces per call (collective calls / calls; the
partitioned IR's relax.ccl ops are counted too and must all be all-reduces),
bytes reduced per call and per token, and the collectives' share of rank 0's
time (collective ms / (calls * mean ms)).

The ranks finish compiling at different times; relax-run waits for every
rank (a barrier) before it times calls, and the statistics start there.

Correctness, from the same runs (every round; the table gives the worst):
the results are written with --output (1 rank) and --output-per-rank (2
ranks); the table gives max |y2 - y1| / max |y1| of result #0 (the hidden state, replicated on
both ranks) between 1 and 2 ranks, whether the two ranks' result #0 are
bitwise equal, and the same relative difference of the KV caches (the two
ranks' blocks concatenated on the heads dim against the 1-rank caches).

Every subprocess has a --timeout (a deadlock between ranks is the usual
failure); a timeout or failure ends the harness with the command and its
stderr.

--quick: one round of the small layer's decode at p=128 and prefill, and
of the 1B shape's decode (3 calls).
"""

import argparse
import glob
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from machine import cpu_info, cpu_line, flags_text  # noqa: E402

SMALL = {"hidden": 512, "heads": 8, "kv_heads": 2, "head_dim": 64, "ffn": 1376, "layers": 1}
ONE_B = {"hidden": 2048, "heads": 32, "kv_heads": 8, "head_dim": 64, "ffn": 5632, "layers": 2}
RANKS = 2
DYN = "!relax.tensor<*, f32>"
EPS = "1.0e-6"

class Failure(Exception):
    pass


# --- The generated decoder ------------------------------------------------------

def tensor(*dims):
    return f"!relax.tensor<[{', '.join(str(d) for d in dims)}], f32>"


def split(axes):
    """A relax.split_axes attribute: `axes` lists, per tensor dim up to the
    split one, the grid axes that dim is split over."""
    return "{relax.split_axes = #shard<axisarray[" + ", ".join(
        "[" + ", ".join(str(a) for a in dim) + "]" for dim in axes) + "]>}"


COLUMNS, ROWS, HEADS_DIM = split([[], [0]]), split([[0]]), split([[], [], [0]])


def generate(cfg, tp):
    """A decoder of cfg["layers"] layers of examples/llama_layer.mlir's ops
    (each layer's output feeding the next), annotated for a grid of RANKS
    ranks as examples/llama_layer_tp.mlir is when `tp`. @main(x, cos, sin,
    per layer: past_k, past_v, attn_norm, wq, wk, wv, wo, mlp_norm, w_gate,
    w_up, w_down) returns the hidden state, then per layer the keys and
    values."""
    H, NH, NKV, D, F = (cfg[k] for k in ("hidden", "heads", "kv_heads", "head_dim", "ffn"))
    params = [("x", tensor("b", "s", H), None), ("cos", tensor("s", D), None),
              ("sin", tensor("s", D), None)]
    for i in range(cfg["layers"]):
        params += [
            (f"past_k{i}", tensor("b", "p", NKV, D), HEADS_DIM),
            (f"past_v{i}", tensor("b", "p", NKV, D), HEADS_DIM),
            (f"attn_norm{i}", tensor(H), None),
            (f"wq{i}", tensor(H, NH * D), COLUMNS),
            (f"wk{i}", tensor(H, NKV * D), COLUMNS),
            (f"wv{i}", tensor(H, NKV * D), COLUMNS),
            (f"wo{i}", tensor(NH * D, H), ROWS),
            (f"mlp_norm{i}", tensor(H), None),
            (f"w_gate{i}", tensor(H, F), COLUMNS),
            (f"w_up{i}", tensor(H, F), COLUMNS),
            (f"w_down{i}", tensor(F, H), ROWS),
        ]
    ty = {name: t for name, t, _ in params}
    body, results = [], []
    x, x_type = "%x", ty["x"]
    for i in range(cfg["layers"]):
        def op(name, text):
            body.append(f"    %{name}{i} = {text}")
            return f"%{name}{i}"

        def matmul(name, a, w):
            return op(name, f"relax.matmul {a}, %{w}{i} : ({DYN}, {ty[w + str(i)]}) -> {DYN}")

        def reshape(name, a, shape):
            return op(name, f"relax.reshape {a} {{shape = #sym.shape<[{shape}]>}} : "
                            f"({DYN}) -> {DYN}")

        table = ty["cos"]
        body.append(f"    // Layer {i}: attention.")
        xn = op("xn", f"relax.rms_norm {x}, %attn_norm{i} {{epsilon = {EPS} : f64}} : "
                      f"({x_type}, {ty[f'attn_norm{i}']}) -> {DYN}")
        q, k, v = matmul("q", xn, "wq"), matmul("k", xn, "wk"), matmul("v", xn, "wv")
        qh = reshape("qh", q, f"b, s, {NH}, {D}")
        kh = reshape("kh", k, f"b, s, ?, {D}")
        vh = reshape("vh", v, f"b, s, {NKV}, ?")
        qr = op("qr", f"relax.rotary_embedding {qh}, %cos, %sin : ({DYN}, {table}, {table}) -> {DYN}")
        kr = op("kr", f"relax.rotary_embedding {kh}, %cos, %sin : ({DYN}, {table}, {table}) -> {DYN}")
        keys = op("keys", f"relax.concat %past_k{i}, {kr} {{axis = 1 : i64}} : "
                          f"({ty[f'past_k{i}']}, {DYN}) -> {DYN}")
        values = op("values", f"relax.concat %past_v{i}, {vh} {{axis = 1 : i64}} : "
                              f"({ty[f'past_v{i}']}, {DYN}) -> {DYN}")
        attn = op("attn", f"relax.attention {qr}, {keys}, {values} {{causal = true}} : "
                          f"({DYN}, {DYN}, {DYN}) -> {DYN}")
        merged = reshape("merged", attn, f"b, s, {H}")
        o = matmul("o", merged, "wo")
        h = op("h", f"relax.add {x}, {o} : ({x_type}, {DYN}) -> {DYN}")
        body.append(f"    // Layer {i}: SwiGLU MLP.")
        hn = op("hn", f"relax.rms_norm {h}, %mlp_norm{i} {{epsilon = {EPS} : f64}} : "
                      f"({DYN}, {ty[f'mlp_norm{i}']}) -> {DYN}")
        gate, up = matmul("gate", hn, "w_gate"), matmul("up", hn, "w_up")
        act = op("act", f"relax.silu {gate} : ({DYN}) -> {DYN}")
        prod = op("prod", f"relax.multiply {act}, {up} : ({DYN}, {DYN}) -> {DYN}")
        down = matmul("down", prod, "w_down")
        x, x_type = op("y", f"relax.add {h}, {down} : ({DYN}, {DYN}) -> {DYN}"), DYN
        results += [keys, values]
    results = [x] + results
    n = len(results)
    types = ", ".join([DYN] * n)
    result_decls = ",\n        ".join(
        [DYN] + [f"{DYN} {HEADS_DIM}" if tp else DYN] * (n - 1))
    names = ", ".join(f"%r{j}" for j in range(n))
    pad = " " * len("relax.func @main(")
    param_text = (",\n" + pad).join(
        f"%{name}: {t}" + (f"\n{pad}    {attr}" if tp and attr else "")
        for name, t, attr in params)
    attrs = ("relax.grid = @tp,\n                " if tp else "") + \
        "sym.constraints = [#sym.range<b in [1, 64]>, #sym.range<s in [1, 4096]>, " \
        "#sym.range<p in [0, 4096]>]"
    head = [f"// {cfg['layers']}-layer Llama-style decoder: hidden {H}, {NH} heads and "
            f"{NKV} KV heads of dim {D}, MLP {F}, f32.",
            "// Generated by bench/tensor_parallel.py"
            + (f"; split over {RANKS} ranks as examples/llama_layer_tp.mlir." if tp else "."),
            ""]
    if tp:
        head += [f"shard.grid @tp(shape = {RANKS})", ""]
    return "\n".join(head + [
        f"relax.func @main({param_text})",
        f"    -> ({result_decls})",
        f"    attributes {{{attrs}}} {{",
        f"  {names} = relax.dataflow -> {types} {{",
        *body,
        f"    relax.output {', '.join(results)} : {types}",
        "  }",
        f"  relax.return {names} : {types}",
        "}",
    ]) + "\n"


# --- Processes -----------------------------------------------------------------

def run(cmd, env, timeout, what, binary=None):
    """Runs `cmd` in a process group of its own; (stdout, stderr). A run
    past `timeout` seconds is killed (the group: mpiexec and its ranks) and
    raises Failure, as does a failed run. A failure while `binary` is being
    replaced (a build writing it) is retried after 30 s, at most 3 times."""
    for attempt in range(4):
        stamp = os.stat(binary).st_mtime if binary and os.path.exists(binary) else None
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            raise Failure(f"{what}: no result after {timeout} s (killed; with several ranks "
                          f"the usual cause is a deadlock between them)\n  command: "
                          f"{' '.join(cmd)}\n  stderr (end):\n{err[-3000:]}")
        if proc.returncode == 0:
            return out, err
        replaced = binary and (not os.path.exists(binary)
                               or os.stat(binary).st_mtime != stamp
                               or "Text file busy" in err or "No such file" in err)
        if replaced and attempt < 3:
            print(f"  {what}: failed while {binary} was being replaced; again in 30 s",
                  file=sys.stderr, flush=True)
            time.sleep(30)
            continue
        raise Failure(f"{what}: exit code {proc.returncode}\n  command: {' '.join(cmd)}\n"
                      f"  stdout (end):\n{out[-2000:]}\n  stderr (end):\n{err[-3000:]}")


def check_module(opt, path, tp, timeout):
    """Parses and shape-infers `path` (and partitions it when `tp`); the
    counts of relax.ccl ops by name in the result."""
    cmd = [opt, path, "--relax-infer-shapes"] + (["--relax-tensor-parallel"] if tp else [])
    out, _ = run(cmd, None, timeout, f"relax-opt {os.path.basename(path)}", opt)
    ops = {}
    for name in re.findall(r"relax\.ccl\.(\w+)", out):
        ops[name] = ops.get(name, 0) + 1
    return ops


def cpu_sample():
    """(ticks of all CPUs busy, stolen by the hypervisor, in all) from
    /proc/stat, and the CPU ticks of this process and its waited-for
    children; None without /proc/stat."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    hz = os.sysconf("SC_CLK_TCK")
    ours = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    steal = ticks[7] if len(ticks) > 7 else 0
    total = sum(ticks[:8])
    return total - idle - steal, steal, total, ours * hz


def interference(before, after):
    """(% of the machine's CPU time used by other processes, % stolen)
    between two cpu_sample()s; (None, None) without them."""
    if not before or not after:
        return None, None
    busy, steal, total, ours = (b - a for a, b in zip(before, after))
    if total <= 0:
        return None, None
    return max(0.0, 100 * (busy - ours) / total), 100 * steal / total


def wait_quiet(limit):
    """Waits, at most `limit` seconds, for a second in which other
    processes use under 5% of the machine's CPU time."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        before = cpu_sample()
        time.sleep(1)
        others, _ = interference(before, cpu_sample())
        if others is None or others < 5:
            return


RUN_LINE = re.compile(r"([\d.]+) ms per call over (\d+) calls \(best ([\d.]+) ms\)")
STATS_LINE = re.compile(r"relax collectives: rank (\d+) of \d+: (\d+) calls, (\d+) bytes, "
                        r"([\d.]+) ms")


def measure(opts, model, sizes, reps, ranks, prefix):
    """One relax-run process (ranks == 1) or launch: a dict of mean and best
    ms, calls, and (2 ranks) rank 0's collectives."""
    relax_run = os.path.join(opts.build, "bin", "relax-run")
    env = dict(os.environ, OMP_NUM_THREADS="1", RELAX_CCL_STATS="1")
    cmd = [relax_run, model] + [f"--size={s}" for s in sizes] + \
        ["--reps", str(reps), "--output", prefix + ".npy"]
    if ranks > 1:
        cmd = [opts.mpiexec, "-n", str(ranks)] + cmd + ["--output-per-rank"]
    what = f"{os.path.basename(model)} {' '.join(sizes)} on {ranks} rank(s)"
    print(f"  {what} ...", file=sys.stderr, flush=True)
    for old in glob.glob(prefix + ".*npy"):
        os.remove(old)
    wait_quiet(opts.quiet_wait)
    before = cpu_sample()
    out, err = run(cmd, env, opts.timeout, what, relax_run)
    others, stolen = interference(before, cpu_sample())
    m = RUN_LINE.search(out)
    if not m:
        raise Failure(f"{what}: no timing line in\n{out}\n{err[-2000:]}")
    r = {"mean": float(m.group(1)), "calls": int(m.group(2)), "best": float(m.group(3)),
         "others": others, "stolen": stolen}
    if ranks > 1:
        stats = {int(g[0]): (int(g[1]), int(g[2]), float(g[3])) for g in STATS_LINE.findall(err)}
        if 0 not in stats:
            raise Failure(f"{what}: no RELAX_CCL_STATS line of rank 0 in stderr:\n{err[-2000:]}")
        calls, nbytes, ms = stats[0]
        r.update(ccl_calls=calls, ccl_bytes=nbytes, ccl_ms=ms,
                 share=ms / (r["calls"] * r["mean"]), stats=stats)
    return r


def results(prefix, ranks, rank=None):
    """The results a run wrote, in order."""
    base = prefix if ranks == 1 else f"{prefix}.rank{rank}"
    out, k = [np.load(base + ".npy")], 1
    while os.path.exists(f"{base}.{k}.npy"):
        out.append(np.load(f"{base}.{k}.npy"))
        k += 1
    return out


def rel_diff(a, b):
    """max |a - b| / max |a| (shapes must agree)."""
    if a.shape != b.shape:
        return float("inf")
    scale = float(np.max(np.abs(a))) if a.size else 0.0
    return float(np.max(np.abs(a.astype(np.float64) - b))) / (scale or 1.0) if a.size else 0.0


def compare(prefix1, prefix2):
    """(result #0's relative difference, whether both ranks' #0 are
    bitwise equal, the caches' largest relative difference)."""
    one = results(prefix1, 1)
    per_rank = [results(prefix2, RANKS, r) for r in range(RANKS)]
    y0 = rel_diff(one[0], per_rank[0][0])
    same = all(p[0].shape == per_rank[0][0].shape
               and p[0].tobytes() == per_rank[0][0].tobytes() for p in per_rank[1:])
    caches = 0.0
    for k in range(1, len(one)):
        if any(len(p) <= k for p in per_rank):
            return y0, same, float("inf")
        caches = max(caches, rel_diff(one[k], np.concatenate([p[k] for p in per_rank], 2)))
    return y0, same, caches


# --- Main ----------------------------------------------------------------------

def load_text(r):
    if r["others"] is None:
        return "?"
    return f"{r['others']:.0f}% / {r['stolen']:.0f}%"


def fmt_bytes(n):
    return f"{n / 1024:.0f} KiB" if n >= 1024 and n % 1024 == 0 else f"{n:.0f} B"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--mpiexec", default=shutil.which("mpiexec") or "mpiexec")
    parser.add_argument("--reps", type=int, default=200,
                        help="calls per run of the small layer's decode")
    parser.add_argument("--prefill-reps", type=int, default=20,
                        help="calls per run of the small layer's prefill")
    parser.add_argument("--reps-1b", type=int, default=20,
                        help="calls per run of the 1B-shaped decoder's decode")
    parser.add_argument("--prefill-reps-1b", type=int, default=5,
                        help="calls per run of the 1B-shaped decoder's prefill")
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of each configuration; the table takes the best")
    parser.add_argument("--quiet-wait", type=float, default=15,
                        help="seconds to wait at most, before each run, for other "
                             "processes to leave the CPUs")
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds each subprocess may take")
    parser.add_argument("--quick", action="store_true",
                        help="small layer p=128 decode and prefill, 1B decode with 3 calls")
    parser.add_argument("--markdown", default=os.path.join(HERE, "results", "tensor_parallel.md"))
    parser.add_argument("--keep", help="write the modules and results here and keep them")
    opts = parser.parse_args()
    if opts.quick:
        opts.rounds = 1
    start = time.perf_counter()
    if not shutil.which(opts.mpiexec):
        sys.exit(f"tensor_parallel.py: no {opts.mpiexec} (install MPICH or Open MPI)")
    opt = os.path.join(opts.build, "bin", "relax-opt")
    load_before = os.getloadavg()

    work = opts.keep or tempfile.mkdtemp(prefix="relax-tp-")
    os.makedirs(work, exist_ok=True)
    try:
        small1 = os.path.join(ROOT, "examples", "llama_layer.mlir")
        small2 = os.path.join(ROOT, "examples", "llama_layer_tp.mlir")
        big1, big2 = os.path.join(work, "decoder_1b.mlir"), os.path.join(work, "decoder_1b_tp.mlir")
        for path, tp in ((big1, False), (big2, True)):
            with open(path, "w") as f:
                f.write(generate(ONE_B, tp))
        ccl = {}
        for path, tp in ((small1, False), (small2, True), (big1, False), (big2, True)):
            ccl[path] = check_module(opt, path, tp, opts.timeout)
        for path, layers in ((small2, SMALL["layers"]), (big2, ONE_B["layers"])):
            if set(ccl[path]) != {"allreduce"} or ccl[path]["allreduce"] != 2 * layers:
                raise Failure(f"{path}: partitioned into collectives {ccl[path]}, expected "
                              f"{2 * layers} allreduce")

        small_name = "Llama layer, hidden 512"
        big_name = "1B-shaped decoder, 2 layers, hidden 2048"
        configs = [  # (model, cfg, files, shape text, sizes, tokens, reps)
            (small_name, SMALL, small1, small2, "decode p=128", ["b=1", "s=1", "p=128"], 1,
             opts.reps),
            (small_name, SMALL, small1, small2, "decode p=1024", ["b=1", "s=1", "p=1024"], 1,
             opts.reps),
            (small_name, SMALL, small1, small2, "prefill s=128", ["b=1", "s=128", "p=0"], 128,
             opts.prefill_reps),
            (big_name, ONE_B, big1, big2, "decode p=512", ["b=1", "s=1", "p=512"], 1,
             opts.reps_1b),
            (big_name, ONE_B, big1, big2, "prefill s=64", ["b=1", "s=64", "p=0"], 64,
             opts.prefill_reps_1b),
        ]
        if opts.quick:
            configs = [c[:7] + (min(c[7], 3) if c[1] is ONE_B else c[7],)
                       for c in configs if c[4] in ("decode p=128", "prefill s=128",
                                                    "decode p=512")]

        rows = []
        for n, (model, cfg, path1, path2, shape, sizes, tokens, reps) in enumerate(configs):
            p1, p2 = os.path.join(work, f"c{n}_1"), os.path.join(work, f"c{n}_2")
            ones, twos, y0, same, caches = [], [], 0.0, True, 0.0
            for _ in range(opts.rounds):
                ones.append(measure(opts, path1, sizes, reps, 1, p1))
                twos.append(measure(opts, path2, sizes, reps, RANKS, p2))
                d0, s0, dc = compare(p1, p2)
                y0, same, caches = max(y0, d0), same and s0, max(caches, dc)
            one = min(ones, key=lambda r: r["best"])
            two = min(twos, key=lambda r: r["best"])
            one["all_best"] = [r["best"] for r in ones]
            two["all_best"] = [r["best"] for r in twos]
            rows.append((model, cfg, shape, tokens, one, two, y0, same, caches))
    except Failure as e:
        sys.exit(f"tensor_parallel.py: {e}")
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
    load_after = os.getloadavg()

    _, flags = cpu_info()
    lines = ["# Tensor parallelism: 2 MPI ranks against 1 rank on one machine", "",
             cpu_line(), "", "Flags: " + flags_text(flags), "",
             f"{os.cpu_count()} logical CPUs, one thread per rank (OMP_NUM_THREADS=1); MPI: "
             f"`{os.path.basename(opts.mpiexec)} -n {RANKS}`. Load average (1 min) "
             f"{load_before[0]:.2f} before, {load_after[0]:.2f} after.", ""]
    if os.cpu_count() <= RANKS:
        lines += [f"With {os.cpu_count()} cores for {RANKS} ranks, one rank runs on one core and "
                  f"the {RANKS} ranks take them all, busy-polling MPI while they wait for each "
                  "other, with no core left for anything else: a descheduled rank stalls its "
                  "peer at the next all-reduce. This shows the partitioned code's correctness "
                  "and overhead; it is not a measure of the speed-up on separate devices.", ""]
    lines += [
        "| model | call | ranks | best ms | mean ms | 2 / 1 rank (best) | collectives "
        "ms per call | collectives' share | all-reduces per call | bytes reduced per call "
        "| per token | result #0 rel. diff | ranks' #0 bitwise equal | KV caches rel. diff "
        "| CPU used by others / stolen |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|"]
    notes = []
    for model, cfg, shape, tokens, one, two, y0, same, caches in rows:
        lines.append(f"| {model} | {shape} | 1 | {one['best']:.3f} | {one['mean']:.3f} | "
                     f"| | | | | | | | | {load_text(one)} |")
        per_call = two["ccl_calls"] / two["calls"]
        bytes_call = two["ccl_bytes"] / two["calls"]
        lines.append(
            f"| {model} | {shape} | {RANKS} | {two['best']:.3f} | {two['mean']:.3f} | "
            f"{two['best'] / one['best']:.2f}x | {two['ccl_ms'] / two['calls']:.3f} | "
            f"{100 * two['share']:.0f}% | {per_call:g} | {fmt_bytes(bytes_call)} | "
            f"{fmt_bytes(bytes_call / tokens)} | {y0:.1e} | {'yes' if same else 'NO'} | "
            f"{caches:.1e} | {load_text(two)} |")
        expected = 2 * cfg["hidden"] * 4 * cfg["layers"]
        if bytes_call / tokens != expected:
            notes.append(f"{model}, {shape}: {bytes_call / tokens:.0f} bytes reduced per "
                         f"token, expected 2 x hidden x 4 x layers = {expected}")
        for ranks, r in ((1, one), (RANKS, two)):
            if len(r["all_best"]) > 1 and max(r["all_best"]) > 1.5 * min(r["all_best"]):
                notes.append(f"{model}, {shape}, {ranks} rank(s): best ms of the rounds "
                             + ", ".join(f"{b:.3f}" for b in r["all_best"]))
    lines += ["",
              f"Times are ms per call of relax-run (best and mean of the calls of one process, "
              f"the first call included; 2 ranks: rank 0's), from the run with the lower best "
              f"of {opts.rounds} per row. Calls per run: small layer "
              + ", ".join(sorted({f"{r[2]} {r[4]['calls']}" for r in rows if r[1] is SMALL}))
              + "; 1B shape " + ", ".join(sorted({f"{r[2]} {r[4]['calls']}" for r in rows
                                                   if r[1] is ONE_B})) + ". "
              "Collectives: rank 0's RELAX_CCL_STATS (time inside MPI, waiting for the other "
              "rank included); share = collective ms / (calls x mean ms). Bytes reduced: the "
              "all-reduce operands. Rel. diff: max |2 ranks - 1 rank| / max |1 rank| on the "
              "same seeded random inputs; the KV caches of the 2 ranks are their heads "
              "concatenated. The partitioned IR has 2 relax.ccl.allreduce per layer and no "
              "other collective. The last column: the share of "
              "the machine's CPU time (all cores) that other processes used, and that the "
              "hypervisor took, during that run (from /proc/stat); each run first waits up to "
              f"{opts.quiet_wait:g} s for a quiet second."]
    if notes:
        lines += [""] + [f"- {n}" for n in notes]
    total = time.perf_counter() - start
    text = "\n".join(lines)
    print(text)
    print(f"\n({total:.0f} s in all)")
    if opts.markdown:
        os.makedirs(os.path.dirname(os.path.abspath(opts.markdown)), exist_ok=True)
        with open(opts.markdown, "w") as f:
            f.write(text + f"\n\n(`python3 bench/tensor_parallel.py"
                    f"{' --quick' if opts.quick else ''}`, {total:.0f} s in all)\n")


if __name__ == "__main__":
    main()
