"""Compiles batches of graphs with the CPU pipeline and runs them.

A batch is one module holding every graph as its own `relax.func`. As in
test/e2e/e2e.py, relax-opt lowers it to host functions on memrefs
(`--relax-lower-to-cpu=to-llvm=0` plus the configuration's options), a
driver is appended that calls each graph once per run on constant inputs
(memref.globals holding the inputs' bits) and prints a marker line and every
result, the whole goes down to the llvm dialect, and mlir-runner runs it.
One compilation and one process serve the whole batch.

A batch that does not compile or crashes is split in halves until the graph
responsible is alone; a failed run-time check names the graph that was
running (its marker is the last line printed), and the graphs after it run
again in a new batch.
"""

import glob
import os
import re
import shutil
import subprocess
import tempfile
import threading

import numpy as np

from . import reference
from .graph import emit

# Pipeline options of each configuration, added to --relax-lower-to-cpu. The
# tester runs the first three unless told otherwise.
CONFIGS = {
    "default": "",
    "fuse=0": "fuse=0",
    "plan-memory=0": "plan-memory=0",
    "parallel": "parallel=1 runtime=openmp",
    "library": "library=1",
    # The GPU pipeline on Vulkan (Mesa's lavapipe where there is no GPU),
    # through relax-run --device vulkan, a graph and a run at a time.
    "vulkan": None,
    # The same with kernels in WGSL, through relax-run --device webgpu on
    # wgpu-native (over lavapipe), under WebGPU's default limits.
    "webgpu": None,
}
DEVICE_CONFIGS = {"vulkan", "webgpu"}
DEFAULT_CONFIGS = ["default", "fuse=0", "plan-memory=0"]
RTOL = ATOL = 1e-4
# Seconds a tool may take on one batch (a batch takes a few).
TIMEOUT = 300
_stats_lock = threading.Lock()


class Tools:
    """Where relax-opt, mlir-runner and the runtime libraries are."""

    def __init__(self, relax_opt, mlir_runner, mlir_lib_dir, relax_lib_dir=None):
        self.relax_opt, self.mlir_runner, self.mlir_lib_dir = relax_opt, mlir_runner, mlir_lib_dir
        if relax_lib_dir is None:
            binary = shutil.which(relax_opt) or relax_opt
            relax_lib_dir = os.path.join(os.path.dirname(os.path.dirname(
                os.path.abspath(binary))), "lib")
        self.relax_lib_dir = relax_lib_dir

    def runner_args(self, config):
        extra = {"parallel": [f"{self.mlir_lib_dir}/libomp.so"],
                 "library": [f"{self.relax_lib_dir}/librelax_cpu_runtime.so"]}
        libs = [f"{self.mlir_lib_dir}/libmlir_runner_utils.so",
                f"{self.mlir_lib_dir}/libmlir_c_runner_utils.so",
                f"{self.relax_lib_dir}/librelax_runtime.so"] + extra.get(config, [])
        return ([self.mlir_runner, "-e", "entry", "-entry-point-result=void"] +
                [f"-shared-libs={lib}" for lib in libs])


class Finding:
    """A graph that failed under a configuration: `kind` is `mismatch`,
    `compile-error`, `runtime-error` or `crash`; `detail` says how."""

    def __init__(self, graph, config, kind, detail):
        self.graph, self.config, self.kind, self.detail = graph, config, kind, detail

    def summary(self):
        """One line: the first error message of the detail, or its first
        line."""
        lines = self.detail.strip().splitlines() or [""]
        return next((l.strip() for l in lines if "error:" in l), lines[0])

    def __repr__(self):
        return f"{self.graph.name} [{self.config}] {self.kind}: {self.summary()}"


def pipeline(config, to_llvm=True):
    """The relax-opt flag of `config`'s pipeline, to the llvm dialect or to
    host functions on memrefs."""
    if config in DEVICE_CONFIGS:
        return f"--relax-lower-to-gpu=target={config}"
    options = ([] if to_llvm else ["to-llvm=0"]) + ([CONFIGS[config]] if CONFIGS[config] else [])
    return "--relax-lower-to-cpu" + ("=" + " ".join(options) if options else "")


def _split_top(text):
    """Splits `text` at commas outside <>, () and []."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _signature(host, name):
    """The argument and result types of host function @name."""
    line = re.search(rf"^\s*func\.func @{name}\((.*)$", host, re.M).group(1)
    depth, i = 1, 0
    while depth:
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        i += 1
    args = [t.split(":", 1)[1].strip() for t in _split_top(line[:i - 1])]
    rest = line[i:].strip()
    results = []
    if rest.startswith("->"):
        rest = rest[2:].strip()
        if rest.startswith("("):
            depth, j = 1, 1
            while depth:
                depth += {"(": 1, ")": -1}.get(rest[j], 0)
                j += 1
            results = _split_top(rest[1:j - 1])
        else:
            results = [_split_top(rest.split(" attributes")[0].rstrip(" {"))[0]]
    # Argument attributes ({...}) are not part of the type.
    args = [re.sub(r"\s*\{.*\}$", "", a) for a in args]
    return args, results


# An input array's element type in IR, and its bytes in a dense attribute.
_INPUT_ELEMENTS = {np.dtype(np.float32): ("f32", "<f4"), np.dtype(np.float16): ("f16", "<f2"),
                   np.dtype(np.int64): ("i64", "<i8"), np.dtype(np.int32): ("i32", "<i4")}


def _static_memref(array):
    element = _INPUT_ELEMENTS[np.asarray(array).dtype][0]
    return "memref<" + "".join(f"{d}x" for d in array.shape) + element + ">"


def driver(host, graphs):
    """The entry function calling every graph on each run's inputs."""
    lines, globals_ = ["func.func @entry() {"], []
    for g in graphs:
        args, results = _signature(host, g.name)
        for run in range(len(g.inputs)):
            lines.append(f'  vector.print str "@@ {g.name} {run}\\n"')
            operands = []
            for i, (array, arg_type) in enumerate(zip(g.input_arrays(run), args)):
                name = f"{g.name}_{run}_{i}"
                static = _static_memref(array)
                layout = _INPUT_ELEMENTS[np.asarray(array).dtype][1]
                data = np.asarray(array, layout).tobytes().hex().upper()
                # An empty array has no bytes to spell: a splat of nothing.
                value = f'"0x{data}"' if array.size else ("0.0" if layout[1] == "f" else "0")
                globals_.append(f'memref.global "private" constant @in_{name} : '
                                f'{static} = dense<{value}>')
                lines.append(f"  %c_{name} = memref.get_global @in_{name} : {static}")
                if static != arg_type:
                    lines.append(f"  %a_{name} = memref.cast %c_{name} : {static} to {arg_type}")
                    operands.append(f"%a_{name}")
                else:
                    operands.append(f"%c_{name}")
            r = f"%r_{g.name}_{run}"
            call = (f"func.call @{g.name}({', '.join(operands)}) : "
                    f"({', '.join(args)}) -> ({', '.join(results)})")
            lines.append(f"  {r}:{len(results)} = {call}" if len(results) > 1 else
                         f"  {r} = {call}")
            for k, t in enumerate(results):
                value = f"{r}#{k}" if len(results) > 1 else r
                name = f"{g.name}_{run}_{k}"
                if _element_type(t) == "i1":
                    value, t = _bool_to_f32(lines, value, t, name)
                u = f"%u_{name}"
                lines.append(f"  {u} = memref.cast {value} : {t} to memref<*xf32>")
                lines.append(f"  func.call @printMemrefF32({u}) : (memref<*xf32>) -> ()")
    lines += ['  vector.print str "@@ end\\n"', "  return", "}",
              "func.func private @printMemrefF32(memref<*xf32>)"]
    return "\n".join(lines + globals_)


def _shape_and_element(memref_type):
    """(["?", "4"], "i1") for memref<?x4xi1, ...>."""
    inner = _split_top(memref_type[len("memref<"):-1])[0]
    *dims, element = inner.split("x")
    return dims, element


def _element_type(memref_type):
    return _shape_and_element(memref_type)[1]


def _bool_to_f32(lines, value, memref_type, name):
    """Appends loops that copy an i1 result into a new f32 buffer, element by
    element (scalar loads see the bytes each element is stored in); returns
    the buffer and its type."""
    dims, _ = _shape_and_element(memref_type)
    f32_type = "memref<" + "".join(f"{d}x" for d in dims) + "f32>"
    indices, sizes = [], []
    for i, d in enumerate(dims):
        lines.append(f"  %k{i}_{name} = arith.constant {i} : index")
        lines.append(f"  %n{i}_{name} = memref.dim {value}, %k{i}_{name} : {memref_type}")
        if d == "?":
            sizes.append(f"%n{i}_{name}")
    lines.append(f"  %one_{name} = arith.constant 1 : index")
    lines.append(f"  %zero_{name} = arith.constant 0 : index")
    lines.append(f"  %f_{name} = memref.alloc({', '.join(sizes)}) : {f32_type}")
    for i in range(len(dims)):
        indices.append(f"%i{i}_{name}")
        lines.append(f"  scf.for %i{i}_{name} = %zero_{name} to %n{i}_{name} "
                     f"step %one_{name} {{")
    at = ", ".join(indices)
    lines.append(f"  %b_{name} = memref.load {value}[{at}] : {memref_type}")
    lines.append(f"  %x_{name} = arith.uitofp %b_{name} : i1 to f32")
    lines.append(f"  memref.store %x_{name}, %f_{name}[{at}] : {f32_type}")
    lines += ["  }"] * len(dims)
    return f"%f_{name}", f32_type


def parse_outputs(text):
    """The printed results per (graph name, run), and the last marker."""
    outputs, last = {}, None
    for chunk in text.split("@@ ")[1:]:
        header, _, body = chunk.partition("\n")
        if header == "end":
            last = "end"
            break
        name, run = header.split()
        last = (name, int(run))
        arrays = []
        for block in body.split("Unranked Memref")[1:]:
            sizes = [int(s) for s in re.search(r"sizes = \[([^\]]*)\]", block)
                     .group(1).replace(" ", "").split(",") if s]
            if 0 in sizes:
                # The runtime's printer prints elements of an empty memref
                # anyway (one per row): there is nothing to read.
                arrays.append(np.zeros(sizes))
                continue
            data = block.split("data =", 1)[1]
            numbers = re.findall(r"-?(?:nan|inf|\d+\.?\d*(?:e[-+]?\d+)?)", data)
            values = np.array([float(n) for n in numbers])
            if values.size != int(np.prod(sizes)):
                break   # cut short
            arrays.append(values.reshape(sizes))
        outputs[last] = arrays
    return outputs, last


def compare(graph, run, outputs):
    """None when the outputs of `run` match the reference, else why not."""
    expected = reference.evaluate(graph, run)
    if len(outputs) != len(expected):
        return f"run {run}: {len(outputs)} results printed, {len(expected)} expected"
    for k, (out, exp) in enumerate(zip(outputs, expected)):
        exp = np.asarray(exp, np.float64)   # booleans compare as 0 and 1
        if out.shape != exp.shape:
            return f"run {run}: result {k} has shape {list(out.shape)}, expected {list(exp.shape)}"
        error = np.abs(out - exp)
        bound = ATOL + RTOL * np.abs(exp)
        if not np.all(error <= bound):   # NaN fails too
            ratio = np.where(np.isnan(error), np.inf, error / bound)
            i = np.unravel_index(np.argmax(ratio), exp.shape)
            worst = np.nanmax(error) if not np.all(np.isnan(error)) else float("nan")
            return (f"run {run}: result {k} differs at {[int(x) for x in i]}: "
                    f"{float(out[i]):.6g} instead of {float(exp[i]):.6g} "
                    f"(max abs error {worst:.3g})")
    return None


def _run(args, text):
    try:
        return subprocess.run(args, input=text, capture_output=True, text=True,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, -1, "", f"timed out after {TIMEOUT} s")


def _first_lines(text, count=30):
    return "\n".join(text.strip().splitlines()[:count])


def run_on_device(tools, graphs, device, stats=None):
    """Runs each of `graphs` with relax-run --device `device` on its inputs
    as .npy files; returns the findings."""
    relax_run = os.path.join(os.path.dirname(os.path.abspath(
        shutil.which(tools.relax_opt) or tools.relax_opt)), "relax-run")
    findings = []
    with tempfile.TemporaryDirectory() as tmp:
        for g in graphs:
            if stats is not None:
                with _stats_lock:
                    stats["modules"] = stats.get("modules", 0) + 1
            model = os.path.join(tmp, g.name + ".mlir")
            with open(model, "w") as f:
                f.write(emit(g))
            for run in range(len(g.inputs)):
                args = []
                for i, array in enumerate(g.input_arrays(run)):
                    path = os.path.join(tmp, f"{g.name}.{run}.{i}.npy")
                    np.save(path, array)
                    args += ["--input", path]
                prefix = os.path.join(tmp, f"{g.name}.{run}.out")
                proc = _run([relax_run, model, "--entry", g.name, "--device",
                             device, "--output", prefix + ".npy"] + args, None)
                if proc.returncode:
                    kind = ("runtime-error" if "run-time check failed" in proc.stderr
                            else "crash" if proc.returncode < 0 else "compile-error")
                    findings.append(Finding(g, device, kind, f"run {run}: relax-run "
                                            f"--device {device} exited with "
                                            f"{proc.returncode}:\n" + _first_lines(proc.stderr)))
                    break
                paths = [prefix + ".npy"] + sorted(
                    glob.glob(prefix + ".[0-9]*.npy"),
                    key=lambda p: int(p[len(prefix) + 1:-4]))
                outputs = [np.load(p).astype(np.float64) for p in paths]
                why = compare(g, run, outputs)
                if why:
                    findings.append(Finding(g, device, "mismatch", why))
                    break
    return findings


def run_batch(tools, graphs, config, stats=None):
    """Runs `graphs` under `config`; returns the findings."""
    if not graphs:
        return []
    if config in DEVICE_CONFIGS:
        return run_on_device(tools, graphs, config, stats)
    if stats is not None:
        with _stats_lock:
            stats["modules"] = stats.get("modules", 0) + 1
    module = "\n".join(emit(g) for g in graphs)
    host = _run([tools.relax_opt, "-", pipeline(config, to_llvm=False)], module)
    if host.returncode:
        return _split(tools, graphs, config, stats, "compile-error",
                      f"relax-opt {pipeline(config, False)} failed:\n"
                      + _first_lines(host.stderr))
    text = host.stdout.rstrip()
    assert text.endswith("}")
    full = text[:-1] + driver(host.stdout, graphs) + "\n}\n"
    llvm = _run([tools.relax_opt, "-", pipeline(config)], full)
    if llvm.returncode:
        return _split(tools, graphs, config, stats, "compile-error",
                      "relax-opt " + pipeline(config) + " failed on the module with "
                      "its driver:\n" + _first_lines(llvm.stderr))
    proc = _run(tools.runner_args(config), llvm.stdout)
    outputs, last = parse_outputs(proc.stdout)
    findings = []
    if last != "end" or proc.returncode:
        failed = "run-time check failed" in proc.stderr and last not in (None, "end")
        if not failed:
            return _split(tools, graphs, config, stats, "crash",
                          f"mlir-runner exited with {proc.returncode}:\n"
                          + _first_lines(proc.stderr))
        culprit = next(g for g in graphs if g.name == last[0])
        findings.append(Finding(culprit, config, "runtime-error",
                                f"run {last[1]}: " + _first_lines(proc.stderr, 5)))
        done = graphs[:graphs.index(culprit)]
        findings += run_batch(tools, graphs[graphs.index(culprit) + 1:], config, stats)
    else:
        done = graphs
    for g in done:
        for run in range(len(g.inputs)):
            why = compare(g, run, outputs.get((g.name, run), []))
            if why:
                findings.append(Finding(g, config, "mismatch", why))
                break
    return findings


def _split(tools, graphs, config, stats, kind, detail):
    """The findings of `graphs` run in two halves, or `graphs` itself as a
    finding of `kind` when it holds one graph."""
    if len(graphs) == 1:
        return [Finding(graphs[0], config, kind, detail)]
    half = len(graphs) // 2
    return (run_batch(tools, graphs[:half], config, stats) +
            run_batch(tools, graphs[half:], config, stats))
