#!/usr/bin/env python3
"""Benchmark: compile time of a Llama-7B-shaped model against the layer count.

For each layer count L, generates the model with bench/gen_llama.py
(hidden 4096, 32 heads of 128, MLP 11008, f32, symbolic batch, sequence and
KV-cache lengths, weights as parameters) and times

    relax-opt --relax-infer-shapes --relax-lower-to-cpu model.mlir

(the pipeline needs the shapes that --relax-infer-shapes fills in), the best
of --reps runs; a run longer than --long seconds is not repeated. Prints a
markdown table with the wall time, the time per layer, the growth against
the smallest L and the CPU time of that run (user + system, less sensitive
to other load on the machine than the wall time), and the five passes that
take the most time at the largest L, from the pass timing report
(--mlir-timing, every instance of a pass summed).

Peers, timed on the same shapes when installed (never installed from here;
'n/a' otherwise):
  - TVM (pip install apache-tvm): the same model built with the Relax
    BlockBuilder, then relax.build for target llvm with the host CPU and
    relax_pipeline=relax.get_default_pipeline(target); only the build is
    timed, in a fresh process per run.
  - IREE (pip install iree-base-compiler): the same model in linalg
    (bench/gen_llama_linalg.py), iree-compile for the llvm-cpu backend and
    the host CPU.
Both peers go down to machine code; relax-opt stops at the llvm dialect.

A second table times the whole way to machine code on graphs of N
elementwise ops in a chain (--chain, without fusion, so every op is a
kernel call): relax-run's own compile time (the pipeline, LLVM's -O2 and
the JIT), which shows whether LLVM's time stays linear in the number of
kernel calls of one host function.

Usage: bench/compile_time.py [--relax-opt build/bin/relax-opt]
           [--layers 1,8,32] [--reps 3] [--long 30] [--peers tvm,iree]
           [--chain 250,1000,2000]
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)

import gen_llama  # noqa: E402
import gen_llama_linalg  # noqa: E402

HIDDEN, HEADS, HEAD_DIM, FFN = (gen_llama.HIDDEN, gen_llama.HEADS,
                                gen_llama.HEAD_DIM, gen_llama.FFN)


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

def best_of(run, reps, long):
    """Calls run() (which returns (seconds, extra)) up to `reps` times, once
    only when a run takes longer than `long` seconds; returns the best
    (seconds, extra) and the number of runs."""
    best, runs = None, 0
    while runs < reps:
        result = run()
        runs += 1
        if best is None or result[0] < best[0]:
            best = result
        if result[0] > long:
            break
    return best, runs


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(cmd, **kwargs):
    """Runs cmd; returns its wall seconds and the CompletedProcess, whose
    `cpu` is the user + system seconds of the command."""
    cpu = children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    elapsed = time.perf_counter() - start
    proc.cpu = children_cpu() - cpu
    if proc.returncode != 0:
        raise RuntimeError(f"failed ({proc.returncode}): {' '.join(cmd)}\n"
                           f"{proc.stderr[-4000:]}")
    return elapsed, proc


def relax_opt_run(tool, model):
    cmd = [tool, model, "--relax-infer-shapes", "--relax-lower-to-cpu",
           "--mlir-timing", "--mlir-output-format=json", "-o", os.devnull]
    elapsed, proc = time_command(cmd)
    return elapsed, (proc.cpu, proc.stderr)


def pass_times(report):
    """Sums the wall time of each pass over its instances in an
    --mlir-timing JSON report. Pipelines are walked into; analyses are
    counted in the pass that ran them. Returns ({name: (seconds, count)},
    total seconds)."""
    start = report.index("[")
    entries = json.loads(report[start:report.rindex("]") + 1])
    times, total = {}, 0.0

    def walk(items):
        nonlocal total
        for item in items:
            name = item.get("name")
            if name is None or name.startswith("(A)"):
                continue
            wall = item["wall"]["duration"]
            if name == "Total":
                total = wall
            elif name.endswith("Pipeline"):
                walk(item.get("passes", []))
            elif name != "Rest":
                seconds, count = times.get(name, (0.0, 0))
                times[name] = (seconds + wall, count + 1)

    walk(entries)
    return times, total


# ---------------------------------------------------------------------------
# Peers
# ---------------------------------------------------------------------------

def tvm_version():
    proc = subprocess.run(
        [sys.executable, "-c", "import tvm; print(tvm.__version__)"],
        capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


def tvm_module(layers):
    """The model of gen_llama.py as a Relax IRModule. The concatenated KV
    cache is matched to a fresh length `t` (= p + s), as TVM's attention
    legalization does not take a compound length."""
    import tvm
    from tvm import relax
    from tvm.relax import op as R
    try:
        from tvm import tirx as tir
    except ImportError:
        from tvm import tir

    def ty(*shape):
        maker = getattr(relax, "TensorStructInfo", None) or relax.TensorType
        return maker(list(shape), "float32")

    b, s, p, t = (tir.Var(n, "int64") for n in "bspt")
    x = relax.Var("x", ty(b, s, HIDDEN))
    cos = relax.Var("cos", ty(s, HEAD_DIM))
    sin = relax.Var("sin", ty(s, HEAD_DIM))
    params, layer_vars = [x, cos, sin], []
    for i in range(layers):
        shapes = [("past_k", (b, p, HEADS, HEAD_DIM)),
                  ("past_v", (b, p, HEADS, HEAD_DIM)),
                  ("attn_norm", (HIDDEN,)), ("wq", (HIDDEN, HIDDEN)),
                  ("wk", (HIDDEN, HIDDEN)), ("wv", (HIDDEN, HIDDEN)),
                  ("wo", (HIDDEN, HIDDEN)), ("mlp_norm", (HIDDEN,)),
                  ("w_gate", (HIDDEN, FFN)), ("w_up", (HIDDEN, FFN)),
                  ("w_down", (FFN, HIDDEN))]
        w = {n: relax.Var(f"{n}{i}", ty(*shape)) for n, shape in shapes}
        layer_vars.append(w)
        params += [w[n] for n, _ in shapes]
    final_norm = relax.Var("final_norm", ty(HIDDEN))
    params.append(final_norm)

    half = HEAD_DIM // 2
    bb = relax.BlockBuilder()
    with bb.function("main", params):
        with bb.dataflow():
            cos4 = bb.emit(R.reshape(cos, (s, 1, HEAD_DIM)))
            sin4 = bb.emit(R.reshape(sin, (s, 1, HEAD_DIM)))

            def rope(v):
                lo = bb.emit(R.strided_slice(v, axes=[3], begin=[0], end=[half]))
                hi = bb.emit(R.strided_slice(v, axes=[3], begin=[half],
                                             end=[HEAD_DIM]))
                rot = bb.emit(R.concat([R.negative(hi), lo], axis=3))
                return bb.emit(R.add(R.multiply(v, cos4),
                                     R.multiply(rot, sin4)))

            def heads(v):
                return bb.emit(R.reshape(v, (b, s, HEADS, HEAD_DIM)))

            h, caches = x, []
            kv_ty = ty(b, t, HEADS, HEAD_DIM)
            for w in layer_vars:
                xn = bb.emit(R.nn.rms_norm(h, w["attn_norm"], axes=[-1],
                                           epsilon=1e-6))
                q = rope(heads(R.matmul(xn, w["wq"])))
                k = rope(heads(R.matmul(xn, w["wk"])))
                v = heads(R.matmul(xn, w["wv"]))
                keys = bb.match_cast(R.concat([w["past_k"], k], axis=1), kv_ty)
                values = bb.match_cast(R.concat([w["past_v"], v], axis=1),
                                       kv_ty)
                a = bb.emit(R.nn.attention(q, keys, values,
                                           causal_mask="BottomRight"))
                a = bb.emit(R.reshape(a, (b, s, HIDDEN)))
                h = bb.emit(R.add(h, R.matmul(a, w["wo"])))
                hn = bb.emit(R.nn.rms_norm(h, w["mlp_norm"], axes=[-1],
                                           epsilon=1e-6))
                g = bb.emit(R.nn.silu(R.matmul(hn, w["w_gate"])))
                u = bb.emit(R.matmul(hn, w["w_up"]))
                h = bb.emit(R.add(h, R.matmul(R.multiply(g, u), w["w_down"])))
                caches += [keys, values]
            out = bb.emit(R.nn.rms_norm(h, final_norm, axes=[-1], epsilon=1e-6))
            result = bb.emit_output(relax.Tuple([out] + caches))
        bb.emit_func_output(result)
    mod = bb.get()
    mod["main"] = mod["main"].with_attr(
        "tir_var_upper_bound", {"b": 64, "s": 4096, "p": 4096, "t": 8192})
    return mod


def tvm_worker(layers):
    """Run in a fresh process: builds the model and prints the seconds
    relax.build takes."""
    import tvm
    from tvm import relax
    cpu = tvm.get_global_func("target.llvm_get_system_cpu")()
    # TVM 0.27 rejects "-mcpu=native"; name the host CPU instead.
    target = tvm.target.Target({"kind": "llvm", "mcpu": cpu})
    mod = tvm_module(layers)
    start = time.perf_counter()
    relax.build(mod, target, relax_pipeline=relax.get_default_pipeline(target))
    print(f"build-seconds {time.perf_counter() - start}")


def tvm_run(layers):
    _, proc = time_command([sys.executable, os.path.abspath(__file__),
                            "--tvm-worker", str(layers)])
    for line in proc.stdout.splitlines():
        if line.startswith("build-seconds "):
            return float(line.split()[1]), None
    raise RuntimeError(f"no build time from the TVM worker:\n{proc.stdout}")


def iree_compile_path():
    path = shutil.which("iree-compile")
    if path:
        return path
    try:
        from iree.compiler.tools.binaries import find_tool
        return find_tool("iree-compile")
    except Exception:
        return None


def iree_version(tool):
    proc = subprocess.run([tool, "--version"], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        if "IREE compiler version" in line:
            return line.split("version")[1].split()[0]
    return "?"


def iree_run(tool, model, out):
    elapsed, _ = time_command(
        [tool, model, "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=host", "-o", out])
    return elapsed, None


# ---------------------------------------------------------------------------

CHAIN_OPS = [
    "relax.add {x}, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16], f32>)",
    "relax.exp {x} : (!relax.tensor<[n, 16], f32>)",
    "relax.multiply {x}, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16], f32>)",
    "relax.tanh {x} : (!relax.tensor<[n, 16], f32>)",
]


def chain_model(ops):
    """A graph function of `ops` elementwise ops in a chain."""
    lines = ["relax.func @main(%x: !relax.tensor<[n, 16], f32>, "
             "%w: !relax.tensor<[16], f32>) -> !relax.tensor<[n, 16], f32> {"]
    previous = "%x"
    for i in range(ops):
        op = CHAIN_OPS[i % len(CHAIN_OPS)].format(x=previous)
        lines.append(f"  %v{i} = {op} -> !relax.tensor<[n, 16], f32>")
        previous = f"%v{i}"
    lines.append(f"  relax.return {previous} : !relax.tensor<[n, 16], f32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def relax_run_compile_seconds(tool, model):
    proc = subprocess.run([tool, model, "--size", "n=4", "--pipeline-options=fuse=false"],
                          capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(f"relax-run failed on {model}:\n{proc.stderr}")
    return float(proc.stdout.split("compile ")[1].split(" ms")[0]) / 1000


def print_chain_table(relax_run, counts, reps, workdir):
    rows = []
    for n in counts:
        model = os.path.join(workdir, f"chain{n}.mlir")
        with open(model, "w") as f:
            f.write(chain_model(n))
        rows.append((n, min(relax_run_compile_seconds(relax_run, model)
                            for _ in range(reps))))
    print("\nA chain of N elementwise ops, no fusion (N kernel calls in one "
          "host function): relax-run's compile time to machine code, best "
          f"of {reps}\n")
    print("| ops | compile s | per op ms | growth vs "
          f"{rows[0][0]} ops |")
    print("|---:|---:|---:|---:|")
    for n, seconds in rows:
        print(f"| {n} | {seconds:.2f} | {1000 * seconds / n:.2f} | "
              f"{seconds / rows[0][1]:.1f}x |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--relax-opt",
                        default=os.path.join(ROOT, "build", "bin", "relax-opt"))
    parser.add_argument("--layers", default="1,8,32")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--long", type=float, default=30.0,
                        help="a run longer than this many seconds is not "
                             "repeated")
    parser.add_argument("--peers", default="tvm,iree",
                        help="comma-separated peers to time when installed "
                             "(tvm, iree); empty for none")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--chain", default="250,1000,2000",
                        help="op counts of the chain table; empty for none")
    parser.add_argument("--tvm-worker", type=int, help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.tvm_worker is not None:
        tvm_worker(opts.tvm_worker)
        return

    layer_counts = sorted(int(n) for n in opts.layers.split(","))
    peers = [p for p in opts.peers.split(",") if p]
    columns = []  # (title, run(layers, workdir) or None)
    if "tvm" in peers:
        version = tvm_version()
        columns.append((f"TVM {version}" if version else "TVM",
                        (lambda n, d: tvm_run(n)) if version else None))
    if "iree" in peers:
        tool = iree_compile_path()
        if tool:
            def run_iree(n, d, tool=tool):
                model = os.path.join(d, f"llama{n}.linalg.mlir")
                with open(model, "w") as f:
                    f.write(gen_llama_linalg.generate(n))
                return iree_run(tool, model, os.path.join(d, "out.vmfb"))
            columns.append((f"IREE {iree_version(tool)}", run_iree))
        else:
            columns.append(("IREE", None))

    rows, report = [], None
    with tempfile.TemporaryDirectory() as workdir:
        # One untimed run of each tool on the smallest model, so that the
        # first timed run does not load the tools and libraries from disk.
        model = os.path.join(workdir, "warmup.mlir")
        with open(model, "w") as f:
            f.write(gen_llama.generate(layer_counts[0]))
        try:
            relax_opt_run(opts.relax_opt, model)
        except RuntimeError as error:
            sys.exit(str(error))
        for i, (_, run) in enumerate(columns):
            try:
                if run is not None:
                    run(layer_counts[0], workdir)
            except RuntimeError as error:
                print(error, file=sys.stderr)
                columns[i] = (columns[i][0], None)
        for n in layer_counts:
            model = os.path.join(workdir, f"llama{n}.mlir")
            with open(model, "w") as f:
                f.write(gen_llama.generate(n))
            try:
                (seconds, (cpu, stderr)), runs = best_of(
                    lambda: relax_opt_run(opts.relax_opt, model), opts.reps,
                    opts.long)
            except RuntimeError as error:
                sys.exit(str(error))
            report = stderr
            peer_times = []
            for _, run in columns:
                if run is None:
                    peer_times.append(None)
                    continue
                try:
                    (peer, _), peer_runs = best_of(lambda: run(n, workdir),
                                                   opts.reps, opts.long)
                    peer_times.append((peer, peer_runs))
                except RuntimeError as error:
                    print(error, file=sys.stderr)
                    peer_times.append("failed")
            rows.append((n, seconds, cpu, runs, peer_times))
            print(f"  {n} layers: relax-opt {seconds:.2f} s", file=sys.stderr)

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                             "HEAD"], capture_output=True, text=True)
    print(f"Llama-7B-shaped model (hidden {HIDDEN}, {HEADS} heads of "
          f"{HEAD_DIM}, MLP {FFN}, f32), symbolic b, s, p; "
          f"{os.cpu_count()} CPUs; commit {commit.stdout.strip() or '?'}")
    print("relax-opt --relax-infer-shapes --relax-lower-to-cpu: wall time "
          "of the best run and its CPU time (user + system); peers: wall "
          "time (growth)\n")
    base = rows[0]
    header = (f"| layers | relax-opt s | per layer s | growth vs {base[0]} "
              f"layer{'s' if base[0] != 1 else ''} | relax-opt CPU s | runs |")
    for title, _ in columns:
        header += f" {title} s |"
    print(header)
    print("|---:" * (6 + len(columns)) + "|")
    for n, seconds, cpu, runs, peer_times in rows:
        line = (f"| {n} | {seconds:.2f} | {seconds / n:.3f} | "
                f"{seconds / base[1]:.1f}x | {cpu:.2f} | {runs} |")
        for i, peer in enumerate(peer_times):
            first = base[4][i]
            if peer is None or isinstance(peer, str):
                line += f" {peer or 'n/a'} |"
            elif isinstance(first, str):
                line += f" {peer[0]:.2f} |"
            else:
                line += f" {peer[0]:.2f} ({peer[0] / first[0]:.1f}x) |"
        print(line)

    times, total = pass_times(report)
    top = sorted(times.items(), key=lambda kv: -kv[1][0])[:opts.top]
    print(f"\nTop {opts.top} passes at {rows[-1][0]} layers "
          f"(--mlir-timing wall time, {total:.2f} s in all):\n")
    print("| pass | instances | wall s | share |")
    print("|---|---:|---:|---:|")
    for name, (seconds, count) in top:
        print(f"| {name} | {count} | {seconds:.2f} | "
              f"{100 * seconds / total:.1f}% |")

    if opts.chain:
        relax_run = os.path.join(os.path.dirname(opts.relax_opt), "relax-run")
        with tempfile.TemporaryDirectory() as workdir:
            print_chain_table(relax_run,
                              sorted(int(n) for n in opts.chain.split(",")),
                              opts.reps, workdir)


if __name__ == "__main__":
    main()
