"""Times the transformers models of test/Import/models end to end on the
CPU: exported with torch.export, imported by relax-import, compiled and run
by relax-run, side by side with PyTorch eager, TVM and IREE on the same
program, weights and inputs in the same run.

    python3 bench/models.py [--full] [--models llama,gpt2_step] [--reps 10]
        [--peers tvm,iree] [--peer-python PY] [--threads 1|all]
        [--plot models.png] [--markdown table.md]

Models: llama, gpt2, bert, clip, whisper (hf_models.build: batch and
sequence dynamic where the model allows) and llama_step, gpt2_step (one
decoder step over a KV cache: batch, new tokens and past tokens dynamic,
hf_models.build_step). Small configs (2 layers, width 64) by default;
--full uses the base sizes (12 layers, width 768).

Per model, one compile table: relax-opt's CPU pipeline alone
(--relax-infer-shapes --relax-lower-to-cpu, to the llvm dialect), and each
peer's build to machine code. Per model and size, one row:

  - relax: relax-run's compile (the same pipeline and LLVM, to machine
    code), its best time per call over --reps calls, the peak resident
    memory of the relax-run process (compile and run, from GNU time's %M
    where /usr/bin/time exists), kernels per call
    (calls of tensor programs and library functions in @main after
    --relax-infer-shapes --relax-fuse --relax-legalize) and the planned
    bytes (the peak of --relax-plan-memory's plan at the row's sizes: the
    arena and the returned tensors);
  - PyTorch eager: best time per call;
  - TVM (untuned): tvm.relax.frontend.torch.from_exported_program on the
    same exported program, relax.build for {"kind": "llvm", "mcpu": host}
    with relax.get_default_pipeline(target) (which fuses); untuned kernels
    are plain loops on one thread. Its kernels per call and planned bytes
    come from the same pipeline stopped after StaticPlanBlockMemory (the
    R.memory.alloc_storage sizes and the R.builtin.alloc_tensor calls left,
    at the row's sizes; from_exported_program passes the Dims' upper bounds
    on, and TVM sizes its storages for them, so most of its bytes are the
    same at every size);
  - IREE: iree.turbine.aot.export of the same module, iree-compile for
    llvm-cpu with the host CPU, run by iree.runtime.

Every system's results are checked against PyTorch's (the largest
difference is printed); a peer runs in a process of its own, and one that
cannot build or run a case shows a short reason in its cells. --threads 1
(the default) runs everything on one thread (relax-run without parallel=true,
torch.set_num_threads(1), IREE's local-sync driver; TVM's untuned kernels
are serial anyway); --threads all gives relax-run parallel=true (OpenMP),
PyTorch's default threads and IREE's local-task driver.

The peers and the plot are for this benchmark only, installed apart from
the compiler's dependencies, for example:

    python3 -m venv --system-site-packages build-bench/venv
    build-bench/venv/bin/pip install apache-tvm iree-base-compiler \\
        iree-base-runtime iree-turbine matplotlib

--peer-python (default: build-bench/venv/bin/python when it exists, else
this Python) is the Python that runs the peers; --plot FILE writes the times
per call as a PNG (or SVG) with matplotlib.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "Import", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)
from machine import bar_chart  # noqa: E402

# (batch, seq) per model, (batch, seq, past) per step.
SIZES = {"llama": [(1, 16), (4, 64), (8, 128)], "gpt2": [(1, 16), (4, 64), (8, 128)],
         "bert": [(1, 16), (4, 64), (8, 128)], "clip": [(1, 0), (4, 0), (8, 0)],
         "whisper": [(1, 0), (2, 0), (4, 0)],
         "llama_step": [(1, 16, 0), (1, 1, 128), (4, 1, 512)],
         "gpt2_step": [(1, 16, 0), (1, 1, 128), (4, 1, 512)]}
PEERS = ("tvm", "iree")
PEER_TITLES = {"tvm": "TVM (untuned)", "iree": "IREE"}


def build(name, size):
    """(module, example arguments, dynamic shapes, make(*row) -> arguments)."""
    import hf_models
    if name.endswith("_step"):
        return hf_models.build_step(name[:-len("_step")], size)
    module, example, dynamic, make = hf_models.build(name, size)
    return module, (example,), dynamic, lambda b, s: (make(b, s),)


def flat(args):
    """The tensors of `args` in the order of the exported program's inputs."""
    out = []
    for a in args:
        out += list(a.values()) if isinstance(a, dict) else [a]
    return out


def outputs(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def row_sizes(name, row):
    """The row's values of the imported module's variables."""
    names = ("batch", "seq", "past") if name.endswith("_step") else ("batch", "seq")
    return dict(zip(names, row))


def max_error(got, expected):
    if len(got) != len(expected):
        return float("inf")
    error = 0.0
    for g, e in zip(got, expected):
        if g.shape != e.shape:
            return float("inf")
        if g.size:
            error = max(error, float(np.abs(g.astype(np.float64) - e).max()))
    return error


def short(error):
    """A reason for a table cell: the message of an exception (or the
    error a tool printed), cut short, with the file that raised it."""
    text = str(error).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    # iree-compile names the op it has no lowering for.
    op = re.search(r"failed to legalize operation '[\w.]+'.*?name = \"([\w.]+)\"", text)
    if op:
        return f"iree-compile: no lowering of {op.group(1)}"
    said = [line for line in lines if "error:" in line]
    if isinstance(error, BaseException):
        # An exception's message comes first; a tool's, after "error:".
        message = (said or lines or [type(error).__name__])[0]
    else:
        # A process's stderr: the last exception it printed.
        raised = [line for line in lines if re.match(r"[\w.]*(Error|Exception): ", line)]
        message = (raised or said or lines or ["no output"])[-1]
    message = re.sub(r"^[\w.]*(Error|Exception): ", "", message)
    trace = getattr(error, "__traceback__", None)
    if trace is not None:
        import traceback
        frame = traceback.extract_tb(trace)[-1]
        message = f"{message} ({os.path.basename(frame.filename)})"
    message = message.replace("|", "/")
    return message if len(message) <= 72 else message[:69] + "..."


# --- relax-mlir ------------------------------------------------------------

def run_measured(cmd):
    """Runs `cmd`; returns (returncode, stdout, stderr, peak RSS in bytes or
    None). The peak comes from GNU time: a child forked from this Python
    would report this process's peak too (Linux carries the high-water mark
    over fork and exec)."""
    gnu_time = "/usr/bin/time"
    if not os.path.exists(gnu_time):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        return proc.returncode, proc.stdout, proc.stderr, None
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as peak:
        proc = subprocess.run([gnu_time, "-f", "%M", "-o", peak.name] + cmd,
                              capture_output=True, text=True)
        text = peak.read().strip().splitlines()
    rss = int(text[-1]) * 1024 if text and text[-1].isdigit() else None
    return proc.returncode, proc.stdout, proc.stderr, rss


def count_kernels(relax_opt, mlir):
    text = subprocess.run([relax_opt, mlir, "--relax-infer-shapes", "--relax-fuse",
                           "--relax-legalize"], capture_output=True, text=True,
                          check=True).stdout
    main = text[text.index("@main"):]
    return len(re.findall(r"= (?:relax\.)?call_(?:tir|library)\b", main))


def planned_bytes(relax_opt, mlir, sizes):
    """The planned peak of @main at `sizes`, or a reason."""
    graph = subprocess.run([relax_opt, mlir, "--relax-infer-shapes", "--relax-fuse",
                            "--relax-legalize", "--relax-to-non-dataflow"],
                           capture_output=True, text=True, check=True).stdout
    values = ",".join(f"{k}={v}" for k, v in sizes.items())
    report = subprocess.run(
        [relax_opt, "--relax-explicit-alloc",
         f"--relax-plan-memory=report=1 sizes={values}",
         "--mlir-print-op-on-diagnostic=false", "-o", os.devnull],
        input=graph, capture_output=True, text=True).stderr
    m = re.search(r"storages: \d+ -> \d+; peak .*?\((\d+)\) bytes", report)
    return int(m.group(1)) if m else "no plan report"


def relax_opt_seconds(relax_opt, mlir):
    start = time.perf_counter()
    subprocess.run([relax_opt, mlir, "--relax-infer-shapes", "--relax-lower-to-cpu",
                    "-o", os.devnull], capture_output=True, text=True, check=True)
    return time.perf_counter() - start


def or_reason(fn, *args):
    """fn(*args), or a short reason when it fails."""
    try:
        return fn(*args)
    except subprocess.CalledProcessError as error:
        return short(error.stderr or f"{os.path.basename(error.cmd[0])} failed")


# --- Peers, each in a process of its own -----------------------------------

def peer_worker(peer, name, size, work, reps, threads):
    """Builds `name` with `peer` and runs it on the rows saved in `work`
    (in{row}_{k}.npy, expected{row}_{k}.npy); prints one JSON object."""
    import torch
    torch.manual_seed(0)
    result = {"rows": {}}
    try:
        module, example, dynamic, _ = build(name, size)
        rows = json.load(open(os.path.join(work, "rows.json")))
        if peer == "tvm":
            run = tvm_build(module, example, dynamic, rows, name, result)
        else:
            run = iree_build(module, example, dynamic, threads, result)
    except Exception as error:  # the peer cannot build the model
        result["error"] = short(error)
        print(json.dumps(result))
        return
    for r, row in enumerate(rows):
        try:
            inputs = [np.load(os.path.join(work, f"in{r}_{k}.npy"))
                      for k in range(len(flat(example)))]
            expected = []
            while os.path.exists(os.path.join(work, f"expected{r}_{len(expected)}.npy")):
                expected.append(np.load(os.path.join(work, f"expected{r}_{len(expected)}.npy")))
            call, got = run(inputs)
            best = float("inf")
            for _ in range(reps):
                start = time.perf_counter()
                call()
                best = min(best, time.perf_counter() - start)
            entry = {"ms": best * 1e3, "error": max_error(got, expected)}
            entry.update(result.get("plan", {}).get(str(r), {}))
            result["rows"][str(r)] = entry
        except Exception as error:  # the peer cannot run this size
            result["rows"][str(r)] = {"reason": short(error)}
    result.pop("plan", None)
    print(json.dumps(result))


def tvm_build(module, example, dynamic, rows, name, result):
    import torch
    import tvm
    from tvm import relax
    from tvm.relax.frontend.torch import from_exported_program
    from relax_import.torch_export import dim_names
    result["version"] = tvm.__version__
    ep = torch.export.export(module, example, dynamic_shapes=dynamic)
    symbols = dim_names(ep)
    mod = from_exported_program(ep)
    cpu = tvm.get_global_func("target.llvm_get_system_cpu")()
    # TVM 0.27 rejects "llvm -mcpu=native"; the dict form names the host CPU.
    target = tvm.target.Target({"kind": "llvm", "mcpu": cpu})
    start = time.perf_counter()
    executable = relax.build(mod, target, relax_pipeline=relax.get_default_pipeline(target))
    result["compile_s"] = time.perf_counter() - start
    try:
        result["plan"] = tvm_plan(mod, target, symbols, [row_sizes(name, r) for r in rows])
    except Exception as error:  # planning is a side table; keep the times
        result["plan_error"] = short(error)
    vm = relax.VirtualMachine(executable, tvm.cpu())
    tensor = getattr(tvm.runtime, "tensor", None) or tvm.nd.array

    def run(inputs):
        args = [tensor(x) for x in inputs]
        out = vm["main"](*args)
        got = [o.numpy() for o in (out if not hasattr(out, "numpy") else [out])]
        return (lambda: vm["main"](*args)), got
    return run


def tvm_plan(mod, target, symbols, sizes):
    """Kernels per call and planned bytes of TVM's default CPU pipeline,
    stopped after StaticPlanBlockMemory, at each of `sizes`."""
    import tvm
    from tvm import relax
    from tvm.relax.backend.cpu_generic import pipeline as cpu
    try:
        from tvm import tirx as tir
    except ImportError:
        from tvm import tir
    with target:
        planned = tvm.transform.Sequential(
            cpu.library_dispatch_passes(target) + cpu.legalize_passes(target)
            + cpu.dataflow_lower_passes(target) + [relax.transform.StaticPlanBlockMemory()])(mod)
    allocs, kernels = [], 0
    for block in planned["main"].body.blocks:
        for binding in block.bindings:
            call = binding.value
            if not isinstance(call, relax.Call):
                continue
            if isinstance(call.op, tvm.ir.GlobalVar):
                kernels += isinstance(planned[call.op], tir.PrimFunc)
            elif isinstance(call.op, tvm.ir.Op) and call.op.name in (
                    "relax.call_dps_packed", "relax.call_builtin_with_ctx"):
                kernels += call.op.name == "relax.call_dps_packed"
            elif isinstance(call.op, tvm.ir.Op) and call.op.name == "relax.memory.alloc_storage":
                allocs.append((call.args[0].values[0], 1))
            elif isinstance(call.op, tvm.ir.Op) and call.op.name == "relax.builtin.alloc_tensor":
                count = 1
                for d in call.args[0].values:
                    count = count * d
                allocs.append((count, tvm.DataType(call.args[1].value).bits // 8))
    arith = getattr(tvm, "arith", None) or tvm.sym
    out = {}
    for r, values in enumerate(sizes):
        total = 0
        for expr, scale in allocs:
            analyzer = arith.Analyzer()
            if not isinstance(expr, int):
                for var in tir.analysis.undefined_vars(tir.Evaluate(expr)) \
                        if hasattr(tir.analysis, "undefined_vars") else []:
                    value = values.get(symbols.get(var.name, var.name))
                    if value is not None:
                        analyzer.bind(var, tir.IntImm("int64", value))
            total += int(analyzer.simplify(expr)) * scale
        out[str(r)] = {"kernels": kernels, "planned": total}
    return out


def iree_build(module, example, dynamic, threads, result):
    import iree.compiler as compiler
    import iree.runtime as runtime
    from iree.turbine import aot
    result["version"] = compiler.version.VERSION if hasattr(compiler, "version") else "?"
    exported = aot.export(module, args=example, dynamic_shapes=dynamic)
    with tempfile.TemporaryDirectory() as work:
        mlir = os.path.join(work, "model.mlir")
        exported.save_mlir(mlir)
        start = time.perf_counter()
        vmfb = compiler.compile_file(mlir, target_backends=["llvm-cpu"],
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
        result["compile_s"] = time.perf_counter() - start
    config = runtime.Config("local-sync" if threads == "1" else "local-task")
    context = runtime.SystemContext(config=config)
    context.add_vm_module(runtime.VmModule.copy_buffer(config.vm_instance, vmfb))
    main = context.modules.module["main"]

    def run(inputs):
        got = [o.to_host() if hasattr(o, "to_host") else np.asarray(o)
               for o in outputs(main(*inputs))]
        return (lambda: main(*inputs)), got
    return run


def run_peer(python, peer, name, size, work, reps, threads, timeout):
    try:
        proc = subprocess.run([python, os.path.abspath(__file__), "--peer-worker", peer,
                               "--models", name, "--size", size, "--work", work,
                               "--reps", str(reps), "--threads", threads],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"no result in {timeout} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return {"error": short(proc.stderr or f"exit code {proc.returncode}")}


def peer_available(python, peer):
    module = {"tvm": "tvm.relax.frontend.torch", "iree": "iree.turbine.aot"}[peer]
    check = subprocess.run([python, "-c", f"import {module}"], capture_output=True, text=True)
    return None if check.returncode == 0 else f"not installed ({module})"


# --- The table ---------------------------------------------------------------

def fmt_s(value):
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def fmt_ms(value):
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def fmt_bytes(value):
    return f"{value:,}" if isinstance(value, int) else str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--models", default=",".join(SIZES))
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--peers", default=",".join(PEERS),
                        help="comma-separated peers (tvm, iree); empty for none")
    parser.add_argument("--peer-python")
    parser.add_argument("--peer-timeout", type=int, default=900)
    parser.add_argument("--threads", choices=("1", "all"), default="1")
    parser.add_argument("--plot")
    parser.add_argument("--markdown", help="also write the tables to this file")
    parser.add_argument("--peer-worker", help=argparse.SUPPRESS)
    parser.add_argument("--size", default="small", help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer_worker:
        peer_worker(args.peer_worker, args.models, args.size, args.work, args.reps,
                    args.threads)
        return 0

    import torch
    from relax_import import import_torch, write_weights
    if args.threads == "1":
        torch.set_num_threads(1)
    size = "full" if args.full else "small"
    relax_opt = os.path.join(args.build, "bin", "relax-opt")
    relax_run = os.path.join(args.build, "bin", "relax-run")
    venv = os.path.join(ROOT, "build-bench", "venv", "bin", "python")
    python = args.peer_python or (venv if os.path.exists(venv) else sys.executable)
    peers = [p for p in args.peers.split(",") if p]
    missing = {p: peer_available(python, p) for p in peers}
    base = tempfile.mkdtemp(prefix="relax-bench-")
    compile_rows, rows, versions = [], [], {}
    for name in args.models.split(","):
        work = os.path.join(base, name)
        os.makedirs(work)
        torch.manual_seed(0)
        module, example, dynamic, make = build(name, size)
        start = time.perf_counter()
        ep = torch.export.export(module, example, dynamic_shapes=dynamic)
        export_s = time.perf_counter() - start
        start = time.perf_counter()
        text, weights = import_torch(ep, source=name)
        import_s = time.perf_counter() - start
        mlir, wfile = os.path.join(work, "model.mlir"), os.path.join(work, "model.safetensors")
        with open(mlir, "w") as f:
            f.write(text)
        write_weights(wfile, weights)
        kernels = or_reason(count_kernels, relax_opt, mlir)
        opt_s = or_reason(relax_opt_seconds, relax_opt, mlir)
        print(f"\n{name}: export {export_s:.1f} s, import {import_s:.1f} s, "
              f"{text.count(' = relax.')} graph ops, relax-opt {fmt_s(opt_s)} s", flush=True)
        # Inputs and PyTorch's results, saved for the peers.
        cases = SIZES[name]
        with open(os.path.join(work, "rows.json"), "w") as f:
            json.dump(cases, f)
        model_rows = []
        for r, row in enumerate(cases):
            torch.manual_seed(1 + r)
            inputs = make(*row)
            tensors = flat(inputs)
            run_args = []
            for k, x in enumerate(tensors):
                path = os.path.join(work, f"in{r}_{k}.npy")
                np.save(path, x.numpy())
                run_args += ["--input", path]
            best = float("inf")
            with torch.no_grad():
                for _ in range(args.reps):
                    start = time.perf_counter()
                    expected = outputs(module(*inputs))
                    best = min(best, (time.perf_counter() - start) * 1e3)
            expected = [e.numpy() for e in expected]
            for k, e in enumerate(expected):
                np.save(os.path.join(work, f"expected{r}_{k}.npy"), e)
            entry = {"model": name, "row": row, "torch_ms": best,
                     "kernels": kernels,
                     "planned": or_reason(planned_bytes, relax_opt, mlir,
                                          row_sizes(name, row))}
            out = os.path.join(work, "y.npy")
            code, stdout, stderr, rss = run_measured(
                [relax_run, mlir, "--weights", wfile, *run_args, "--output", out,
                 "--reps", str(args.reps)] + (["--pipeline-options=parallel=true"] if args.threads == "all" else []))
            if code:
                entry["relax"] = short(stderr or f"exit code {code}")
            else:
                got = [np.load(out)] + [np.load(os.path.join(work, f"y.{k}.npy"))
                                        for k in range(1, len(expected))]
                entry.update(
                    relax=float(re.search(r"best ([\d.]+) ms", stdout).group(1)),
                    compile_s=float(re.search(r"compile ([\d.]+) ms", stdout).group(1)) / 1e3,
                    rss=rss, error=max_error(got, expected))
            model_rows.append(entry)
            print(f"  {row}: relax {fmt_ms(entry['relax'])} ms, torch {best:.3f} ms", flush=True)
        compile_row = {"model": name, "relax_opt_s": opt_s,
                       "relax_run_s": min((e["compile_s"] for e in model_rows
                                           if "compile_s" in e), default=None)}
        for peer in peers:
            result = ({"error": missing[peer]} if missing[peer] else
                      run_peer(python, peer, name, size, work, args.reps, args.threads,
                               args.peer_timeout))
            if "version" in result:
                versions[peer] = result["version"]
            compile_row[peer] = result.get("compile_s", result.get("error", "?"))
            for r, entry in enumerate(model_rows):
                cell = result.get("rows", {}).get(str(r))
                entry[peer] = cell if cell else {"reason": result.get("error", "?")}
                if "plan_error" in result and "ms" in entry[peer]:
                    entry[peer]["kernels"] = result["plan_error"]
            print(f"  {PEER_TITLES[peer]}: "
                  f"{result.get('error') or 'built in %.1f s' % result['compile_s']}",
                  flush=True)
        compile_rows.append(compile_row)
        rows += model_rows

    tables = render(compile_rows, rows, peers, versions, args, torch.__version__)
    print("\n" + tables)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(tables + "\n")
    if args.plot:
        return plot(rows, peers, args.plot)
    return 0


def sizes_text(e):
    names = ("b", "s", "p") if e["model"].endswith("_step") else ("b", "s")
    return " ".join(f"{n}={v}" for n, v in zip(names, e["row"]) if not (n == "s" and v == 0))


def render(compile_rows, rows, peers, versions, args, torch_version):
    def title(peer):
        return f"{PEER_TITLES[peer]} {versions.get(peer, '')}".strip()

    lines = ["Compile (s):", "",
             "| model | relax-opt to llvm dialect | relax-run to machine code | "
             + " | ".join(title(p) for p in peers) + " |",
             "|---|---:|---:|" + "---:|" * len(peers)]
    for c in compile_rows:
        cells = [fmt_s(c["relax_opt_s"]),
                 f"{c['relax_run_s']:.2f}" if c["relax_run_s"] is not None else "failed"]
        for p in peers:
            v = c[p]
            cells.append(f"{v:.2f}" if isinstance(v, float) else str(v))
        lines.append(f"| {c['model']} | " + " | ".join(cells) + " |")
    threads = "one thread" if args.threads == "1" else "all cores"
    lines += ["", f"Time per call ({threads}, ms, best of {args.reps}; ratios to PyTorch "
              "in the same run, lower is faster):", ""]
    head = ["model", "sizes", "relax-run", f"PyTorch {torch_version}"]
    head += [title(p) for p in peers]
    head += ["relax / PyTorch"] + [f"{PEER_TITLES[p]} / PyTorch" for p in peers]
    lines += ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for e in rows:
        relax = e["relax"]
        cells = [e["model"], sizes_text(e), fmt_ms(relax), fmt_ms(e["torch_ms"])]
        ratios = [f"{relax / e['torch_ms']:.2f}x" if isinstance(relax, float) else ""]
        for p in peers:
            cell = e[p]
            cells.append(fmt_ms(cell["ms"]) if "ms" in cell else cell["reason"])
            ratios.append(f"{cell['ms'] / e['torch_ms']:.2f}x" if "ms" in cell else "")
        lines.append("| " + " | ".join(cells + ratios) + " |")
    lines += ["", "Memory, kernels and results (planned bytes: the plan's peak at the "
              "row's sizes, weights excluded; max error: against PyTorch):", ""]
    head = ["model", "sizes", "relax-run peak RSS MB", "relax kernels per call",
            "relax planned bytes"]
    if "tvm" in peers:
        head += ["TVM kernels per call", "TVM planned bytes"]
    head += ["max error relax"] + [f"max error {PEER_TITLES[p]}" for p in peers]
    lines += ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for e in rows:
        cells = [e["model"], sizes_text(e),
                 f"{e['rss'] / 2**20:.0f}" if e.get("rss") else "",
                 str(e["kernels"]), fmt_bytes(e["planned"])]
        if "tvm" in peers:
            cells += [str(e["tvm"].get("kernels", "")), fmt_bytes(e["tvm"].get("planned", ""))]
        cells.append(f"{e['error']:.1e}" if "error" in e else "")
        for p in peers:
            cells.append(f"{e[p]['error']:.1e}" if "error" in e[p] else "")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(rows, peers, path):
    labels = [e["model"] + "\n" + sizes_text(e) for e in rows]
    series = [("relax-run", [e["relax"] for e in rows]),
              ("PyTorch eager", [e["torch_ms"] for e in rows])]
    for p in peers:
        series.append((PEER_TITLES[p], [e[p].get("ms") for e in rows]))
    return bar_chart(labels, series, path, row_width=0.75)


if __name__ == "__main__":
    sys.exit(main())
