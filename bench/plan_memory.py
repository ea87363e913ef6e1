#!/usr/bin/env python3
"""Benchmark: memory planning of the example models against its lower bound
and against TVM's StaticPlanBlockMemory.

For every model in examples/ (and the Llama layer at seq 1, 32 and 512 with
an empty and a 512-token KV cache), at batch 1, prints a markdown table of

  - planned: the peak bytes of the plan (the arena plus the storages left
    out of it, the returned tensors), the naive total (every tensor its own
    storage) and the lower bound (the largest sum of the bytes of tensors
    live at one point), from `relax-opt ... --relax-plan-memory=report=1
    sizes=...` on the graph the CPU pipeline plans (--relax-infer-shapes,
    --relax-fuse unless --no-fuse, --relax-legalize, --relax-to-non-dataflow,
    --relax-explicit-alloc), and the planned peak with `plan-results=1`
    (the returned tensors in the arena too);
  - the same with the kernels' scratch buffers, planned where the CPU
    pipeline plans them (after the kernels are bufferized and
    --relax-hoist-kernel-scratch has made them destinations); TVM's
    columns have no counterpart, its kernels allocate workspace at run
    time outside its plan;
  - TVM (pip install apache-tvm; found with --tvm-python, by default
    build-plan/tvm-venv/bin/python or this Python): the same graph, kernel for
    kernel, built with TVM's Relax BlockBuilder (one R.call_dps_packed per
    relax.call_tir with the same output shapes and dtypes, R.reshape per
    view), through the passes of TVM's default build pipeline up to and
    including StaticPlanBlockMemory (LegalizeOps, RewriteDataflowReshape,
    ToNonDataflow, RemovePurityChecking, CallTIRRewrite,
    StaticPlanBlockMemory); its bytes are the sizes of the
    R.memory.alloc_storage calls plus the R.builtin.alloc_tensor calls it
    leaves (the returned tensors), evaluated at the sizes. "static" builds
    the model at the concrete shapes of the row, "symbolic" with symbolic
    dims and no upper bounds (TVM then only reuses a storage of a
    structurally equal size);
  - with --run (the default): allocation calls per model call of the
    compiled code (malloc family calls whose return address lies in JIT
    code, counted by bench/malloc_count.c; a run of 1 + --reps calls less a
    run of 1 call, over --reps) of `relax-run --plan-memory=1
    --plan-results` (the results in the arena), `--plan-memory=1` and `=0`,
    and the best time per call of the last two, one thread, seeded random
    inputs.

Usage: bench/plan_memory.py [--bin build-plan/bin] [--tvm-python PY]
           [--reps 10] [--no-run] [--no-fuse] [--models mlp,llama_layer]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")

# (model, sizes) in table order; batch 1 throughout.
CASES = [
    ("mlp", "b=1"), ("mlp", "b=64"),
    ("clip_vision_block", "b=1 h=224 w=224"),
    ("gpt2_block", "b=1 s=128 p=0"), ("gpt2_block", "b=1 s=1 p=512"),
    ("llama_decoder_layer", "b=1 s=128"),
    ("whisper_encoder_block", "b=1 t=1000"),
] + [("llama_layer", f"b=1 s={s} p={p}") for s in (1, 32, 512)
     for p in (0, 512)]

DTYPES = {"f32": "float32", "f16": "float16", "f64": "float64",
          "i32": "int32", "i64": "int64", "i8": "int8", "i1": "bool"}


# --- The graph the planner sees --------------------------------------------

def graph_passes(fuse):
    return (["--relax-infer-shapes"] + (["--relax-fuse"] if fuse else [])
            + ["--relax-legalize", "--relax-to-non-dataflow"])


def graph_ir(relax_opt, model, fuse):
    return subprocess.run(
        [relax_opt, os.path.join(EXAMPLES, model + ".mlir")]
        + graph_passes(fuse), capture_output=True, text=True,
        check=True).stdout


# The CPU pipeline's kernel stage, up to the plan: kernels bufferized, their
# scratch hoisted into their callers (lib/Pipelines/CPUPipeline.cpp).
KERNEL_STAGE = ("tprog.func(relax-choose-cpu-schedule,relax-tile-and-vectorize,"
                "canonicalize,cse),relax-kernels-to-func,canonicalize,"
                "buffer-deallocation-simplification,"
                "bufferization-lower-deallocations,"
                "convert-bufferization-to-memref,cse,canonicalize,"
                "relax-hoist-kernel-scratch")


def plan_report(relax_opt, ir, sizes, scratch=False, results=False):
    """(storages, planned, naive, lower bound) of @main at `sizes`; with
    `scratch`, planned where the CPU pipeline plans, with the kernels'
    scratch buffers; with `results`, with the returned tensors in the
    arena."""
    values = ",".join(sizes.split())
    stages = ["relax-explicit-alloc"] + ([KERNEL_STAGE] if scratch else [])
    pipeline = (f"builtin.module({','.join(stages)},"
                f"relax-plan-memory{{report=1 sizes={values} "
                f"plan-results={int(results)}}})")
    out = subprocess.run(
        [relax_opt, f"--pass-pipeline={pipeline}",
         "--mlir-print-op-on-diagnostic=false", "-o", "/dev/null"],
        input=ir, capture_output=True, text=True, check=True).stderr
    m = re.search(r"storages: (\d+ -> \d+); peak .*?\((\d+)\) bytes, "
                  r"naive .*?\((\d+)\), lower bound .*?\((\d+)\)", out)
    if not m:
        sys.exit(f"no report in:\n{out}")
    return m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))


TENSOR = re.compile(r"(?:!relax\.tensor)?<\[([^\]]*)\], (\w+)>")


def split_top(text, sep=","):
    """Splits at `sep` outside brackets and parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "([<" and 1 or 0
        depth -= ch in ")]>" and 1 or 0
        if ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse_tensor(text):
    m = TENSOR.search(text)
    dims = [d.strip() for d in m.group(1).split(",")] if m.group(1) else []
    return dims, m.group(2)


def parse_main(ir):
    """Parameters, ops and results of the legalized @main, as plain data."""
    body = ir[ir.index("relax.func @main("):]
    header, body = body.split("{\n", 1)
    params = re.findall(r"(%\w+): (!relax\.tensor<\[[^\]]*\], \w+>)",
                        header[:header.index(") ->")])
    ops, results = [], None
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("return"):
            results = split_top(line[len("return "):line.index(" : ")])
            break
        m = re.match(r"(%\w+)(?::(\d+))? = call_tir @(\w+)\(([^)]*)\) : "
                     r"\(.*\) -> (.*)$", line)
        if m:
            outs = [parse_tensor(t) for t in split_top(
                m.group(5).strip().strip("()")) if "tensor" in t]
            ops.append(("call", m.group(1), m.group(3),
                        split_top(m.group(4)), outs))
            continue
        m = re.match(r"(%\w+) = view (%[\w#]+) : .* -> (<.*>)$", line)
        if m:
            ops.append(("view", m.group(1), m.group(2),
                        parse_tensor(m.group(3))))
            continue
        m = re.match(r"(%\w+) = constant dense<(.*)> : tensor<(\w+)>$", line)
        if m:
            ops.append(("const", m.group(1), float(m.group(2)),
                        m.group(3)))
            continue
        if line and not line.startswith("}"):
            sys.exit(f"cannot read: {line}")
    return [(n, parse_tensor(t)) for n, t in params], ops, results


# --- TVM ---------------------------------------------------------------------

def tvm_bytes(graph, sizes, static):
    """Bytes TVM's StaticPlanBlockMemory allocates for `graph` at `sizes`;
    runs inside the Python that has TVM."""
    import tvm
    from tvm import relax
    from tvm.relax import op as R
    try:
        from tvm import tirx as tir
    except ImportError:
        from tvm import tir

    params, ops, results = graph
    values = dict(s.split("=") for s in sizes.split())
    env = {k: int(v) if static else tir.Var(k, "int64")
           for k, v in values.items()}

    def dim(text):
        expr = text.replace("floordiv", "//").replace("mod", "%")
        value = eval(expr, {}, dict(env))
        return tir.IntImm("int64", value) if isinstance(value, int) else value

    def sinfo(tensor):
        dims, dtype = tensor
        # TensorStructInfo was renamed TensorType.
        maker = getattr(relax, "TensorStructInfo", None) or relax.TensorType
        return maker([dim(d) for d in dims], DTYPES[dtype])

    names = {}
    bb = relax.BlockBuilder()
    args = [relax.Var(n[1:], sinfo(t)) for n, t in params]
    for (n, _), var in zip(params, args):
        names[n] = var

    def lookup(name):
        if "#" in name:
            base, index = name.split("#")
            return relax.TupleGetItem(names[base], int(index))
        return names[name]

    with bb.function("main", args):
        with bb.dataflow():
            for op in ops:
                if op[0] == "call":
                    _, name, callee, operands, outs = op
                    out = [sinfo(t) for t in outs]
                    call = R.call_dps_packed(
                        callee, [lookup(a) for a in operands],
                        out if len(out) > 1 else out[0])
                    names[name] = bb.emit(call)
                elif op[0] == "view":
                    _, name, source, target = op
                    names[name] = bb.emit(R.reshape(
                        lookup(source), [dim(d) for d in target[0]]))
                else:
                    _, name, value, dtype = op
                    names[name] = bb.emit(relax.const(value, DTYPES[dtype]))
            outs = [lookup(r) for r in results]
            gv = bb.emit_output(relax.Tuple(outs) if len(outs) > 1
                                else outs[0])
        bb.emit_func_output(gv)
    mod = bb.get()
    T = relax.transform
    mod = tvm.transform.Sequential([
        T.LegalizeOps(), T.RewriteDataflowReshape(), T.ToNonDataflow(),
        T.RemovePurityChecking(), T.CallTIRRewrite(),
        T.StaticPlanBlockMemory()])(mod)

    # tvm.arith moved to tvm.sym.
    arith = getattr(tvm, "arith", None) or tvm.sym
    analyzer = arith.Analyzer()
    for var in env.values():
        if not isinstance(var, int):
            analyzer.bind(var, tir.IntImm("int64", int(values[var.name])))

    def evaluate(expr):
        return int(analyzer.simplify(expr))

    total, storages, tensors = 0, 0, 0
    for block in mod["main"].body.blocks:
        for binding in block.bindings:
            call = binding.value
            if not isinstance(call, relax.Call) or not isinstance(
                    call.op, tvm.ir.Op):
                continue
            if call.op.name == "relax.memory.alloc_storage":
                total += evaluate(call.args[0].values[0])
                storages += 1
            elif call.op.name == "relax.builtin.alloc_tensor":
                count = 1
                for d in call.args[0].values:
                    count *= evaluate(d)
                total += count * tvm.DataType(
                    call.args[1].value).bits // 8
                tensors += 1
    return total, storages, tensors


def tvm_worker():
    """Reads jobs as JSON on stdin, prints a list of results."""
    jobs = json.load(sys.stdin)
    out = []
    for graph, sizes, static in jobs:
        try:
            out.append(tvm_bytes(graph, sizes, static))
        except Exception as error:  # report, keep going
            out.append(str(error).splitlines()[0][:200])
    import tvm
    print(json.dumps({"version": tvm.__version__, "results": out}))


def run_tvm(python, jobs):
    if not python:
        return None, [None] * len(jobs)
    proc = subprocess.run([python, __file__, "--tvm-worker"],
                          input=json.dumps(jobs), capture_output=True,
                          text=True)
    if proc.returncode:
        print(proc.stderr[-2000:], file=sys.stderr)
        return None, [None] * len(jobs)
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    return data["version"], data["results"]


def find_tvm_python(opt):
    candidates = [opt] if opt else [
        os.path.join(ROOT, "build-plan", "tvm-venv", "bin", "python"),
        sys.executable]
    for python in candidates:
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import tvm.relax"],
                capture_output=True).returncode == 0:
            return python
    return None


# --- Running the compiled models ---------------------------------------------

def build_shim(workdir):
    shim = os.path.join(workdir, "malloc_count.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", shim,
                    os.path.join(ROOT, "bench", "malloc_count.c")],
                   check=True)
    return shim


# relax-run flags of the three ways of running: results in the arena,
# planned, unplanned.
RUN_MODES = (["--plan-memory=1", "--plan-results"], ["--plan-memory=1"],
             ["--plan-memory=0"])


def relax_run(relax_run_bin, model, sizes, mode, fuse, calls, shim, workdir):
    """(JIT allocation calls, best ms per call) of a run of `calls` calls."""
    counts = os.path.join(workdir, "counts")
    args = [relax_run_bin, os.path.join(EXAMPLES, model + ".mlir"),
            "--seed", "1", "--reps", str(calls), f"--fuse={int(fuse)}"] + mode
    for s in sizes.split():
        args += ["--size", s]
    out = subprocess.run(args, capture_output=True, text=True, check=True,
                         env=dict(os.environ, LD_PRELOAD=shim,
                                  MALLOC_COUNT_OUT=counts)).stdout
    with open(counts) as file:
        jit_calls = int(file.read().split()[0])
    return jit_calls, float(re.search(r"\(best ([\d.]+) ms\)", out).group(1))


def measure_runs(relax_run_bin, model, sizes, mode, fuse, reps, shim,
                 workdir):
    one, _ = relax_run(relax_run_bin, model, sizes, mode, fuse, 1, shim,
                       workdir)
    many, best = relax_run(relax_run_bin, model, sizes, mode, fuse, 1 + reps,
                           shim, workdir)
    return (many - one) / reps, best


# --- Table -------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build-plan",
                                                      "bin"))
    parser.add_argument("--tvm-python")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--no-run", action="store_true")
    parser.add_argument("--no-fuse", action="store_true")
    parser.add_argument("--models")
    parser.add_argument("--tvm-worker", action="store_true",
                        help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.tvm_worker:
        return tvm_worker()

    relax_opt = os.path.join(opts.bin, "relax-opt")
    fuse = not opts.no_fuse
    cases = [c for c in CASES
             if not opts.models or c[0] in opts.models.split(",")]
    graphs, reports, scratch_reports, result_reports = {}, [], [], []
    for model, sizes in cases:
        if model not in graphs:
            graphs[model] = graph_ir(relax_opt, model, fuse)
        reports.append(plan_report(relax_opt, graphs[model], sizes))
        result_reports.append(plan_report(relax_opt, graphs[model], sizes,
                                          results=True))
        scratch_reports.append(plan_report(relax_opt, graphs[model], sizes,
                                           scratch=True))

    python = find_tvm_python(opts.tvm_python)
    jobs = [(parse_main(graphs[model]), sizes, static)
            for model, sizes in cases for static in (True, False)]
    version, tvm = run_tvm(python, jobs)

    runs = [None] * len(cases)
    if not opts.no_run:
        with tempfile.TemporaryDirectory() as workdir:
            shim = build_shim(workdir)
            for i, (model, sizes) in enumerate(cases):
                runs[i] = [measure_runs(os.path.join(opts.bin, "relax-run"),
                                        model, sizes, mode, fuse, opts.reps,
                                        shim, workdir)
                           for mode in RUN_MODES]
                print(f"ran {model} {sizes}", file=sys.stderr)

    tvm_name = f"TVM {version}" if version else "TVM (not installed)"
    print(f"Graph: {'fused (the CPU pipeline default)' if fuse else 'unfused'}"
          f"; bytes at batch 1; {tvm_name}: StaticPlanBlockMemory on the "
          "same kernels.\n")
    print(f"| model | sizes | storages | planned | lower bound | naive | "
          f"planned / lower bound | results in the arena: planned | "
          f"{tvm_name} static | {tvm_name} symbolic "
          f"| planned / TVM static | with kernel scratch: planned | "
          f"lower bound | planned / lower bound | allocations per call "
          f"(results in the arena / planned / unplanned) | ms per call "
          f"planned | ms per call unplanned |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
          "---:|---:|---:|---:|")

    def fmt(value):
        if isinstance(value, (list, tuple)):
            return f"{value[0]:,}"
        return "n/a" if value is None else f"error: {value}"

    for i, ((model, sizes), (storages, peak, naive, lower),
            (_, speak, _, slower), (_, rpeak, _, _)) in enumerate(
                zip(cases, reports, scratch_reports, result_reports)):
        static, symbolic = tvm[2 * i], tvm[2 * i + 1]
        vs = (f"{peak / static[0]:.2f}x"
              if isinstance(static, (list, tuple)) else "n/a")
        if runs[i]:
            (ra, _), (pa, pt), (ua, ut) = runs[i]
            run_cols = f"{ra:g} / {pa:g} / {ua:g} | {pt:.3f} | {ut:.3f}"
        else:
            run_cols = "n/a | n/a | n/a"
        print(f"| {model} | {sizes} | {storages} | {peak:,} | {lower:,} | "
              f"{naive:,} | {peak / lower:.3f} | {rpeak:,} | {fmt(static)} | "
              f"{fmt(symbolic)} | {vs} | {speak:,} | {slower:,} | "
              f"{speak / slower:.3f} | {run_cols} |")


if __name__ == "__main__":
    main()
