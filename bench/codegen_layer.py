#!/usr/bin/env python3
"""Benchmark: the kernels that two builds generate, on every shipped example.

Compares two builds of relax-opt and relax-run (BEFORE and AFTER, each a
folder holding both binaries) on each examples/*.mlir of the AFTER source
tree, at two sizes of its symbolic dims (a small, decode-like one and a
larger one, SIZES), and prints markdown tables:

  1. kernels and CPU time per call: the calls of @main to kernels in the
     host-level IR that `relax-opt MODEL --relax-lower-to-cpu=to-llvm=0`
     prints (a callee counts when it is a function of the module with a body,
     other than @main; library functions are declarations; a call inside a
     loop or a branch counts once), and relax-run's best time per call over
     --reps calls on one thread, BEFORE and AFTER in turn, --rounds times
     (the minimum of each is kept, so that a change of load hits both); and
     the largest difference between the two builds' results on the same
     seeded inputs, beside the largest magnitude of a result;
  2. Vulkan (when relax-run --device vulkan runs the MLP): every example at
     its small size on Vulkan with both builds and on the CPU with AFTER:
     the launches per call (the gpu.launch_func ops of @main and of the
     functions it calls, in the host IR that `relax-opt MODEL
     --relax-lower-to-gpu=target=vulkan to-binary=0` prints, a call inside
     a loop counting once), relax-run's best time per call over --reps calls
     (BEFORE and AFTER in turn, --rounds times, the minimum kept) and the
     largest differences between the results;
  3. compile time of a 32-layer Llama-7B-shaped model (bench/gen_llama.py):
     `relax-opt --relax-infer-shapes --relax-lower-to-cpu`, the best of
     --compile-reps runs, in wall and in user + system seconds;
  4. lines of the code that makes kernels in each source tree (non-blank
     lines that are not only a `//` comment, in C++ and TableGen; see
     kernel_files), by group: CPU schedule, GPU schedule and common/IR.

A header names the machine (CPU, vector extensions, cores, date) and what
it reaches on one thread with numpy: sgemm GFLOP/s (1024 x 1024 x 1024 f32)
and memory read GB/s (a sum of 512 MB of f32), each the best of 5.

A command that fails leaves `fail [n]` in its cell and the first line of its
stderr in footnote n; the rest of the tables go on.

Usage: bench/codegen_layer.py --before DIR [--after build/bin]
           [--before-src DIR] [--after-src DIR] [--models mlp,llama_layer]
           [--reps 10] [--rounds 3] [--compile-reps 3] [--no-compile]
           [--no-vulkan] [--no-cpu] [--quick]
"""

import argparse
import datetime
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llama_spine import CALL, functions  # noqa: E402
from machine import cpu_info, flags_text  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (small, large) sizes of each example's symbolic dims, batch 1: a decode step
# over a KV cache of 128 and a prefill of 128 tokens for the layers; few and
# many tokens (frames, patches) for the encoders.
SIZES = {
    "mlp": ("b=1", "b=64"),
    "llama_layer": ("b=1 s=1 p=128", "b=1 s=128 p=0"),
    "llama_decoder_layer": ("b=1 s=1", "b=1 s=128"),
    "gpt2_block": ("b=1 s=1 p=128", "b=1 s=128 p=0"),
    "whisper_encoder_block": ("b=1 t=32", "b=1 t=600"),
    "clip_vision_block": ("b=1 h=32 w=32", "b=1 h=224 w=224"),
}
KERNEL_ARGS = ["--relax-lower-to-cpu=to-llvm=0"]
GPU_KERNEL_ARGS = ["--relax-lower-to-gpu=target=vulkan to-binary=0"]
LAUNCH = re.compile(r"\bgpu\.launch_func\b")
COMPILE_ARGS = ["--relax-infer-shapes", "--relax-lower-to-cpu"]
ENV = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
SIDES = ("before", "after")
LAYERS = 32  # of the Llama-7B-shaped model whose compile time is measured

TIME = re.compile(r"([\d.]+) ms per call over \d+ calls(?: \(best ([\d.]+) ms\))?")


class Failure(Exception):
    """A command that failed; says why (the first line of its stderr)."""


def first_line(stderr, code):
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    why = f"killed by signal {-code}" if code < 0 else f"exit {code}"
    return (f"{why}: " if code < 0 else "") + (lines[0] if lines else why)


def run(cmd, timeout):
    """Runs `cmd`; returns its stdout."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout, env=ENV)
    except subprocess.TimeoutExpired:
        raise Failure(f"{cmd[0]} timed out after {timeout} s") from None
    except OSError as error:
        raise Failure(str(error)) from None
    if proc.returncode:
        raise Failure(first_line(proc.stderr, proc.returncode))
    return proc.stdout


def timed(cmd):
    """Runs `cmd`; returns its (wall, user + system) seconds."""
    with tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err,
                                    env=ENV)
        except OSError as error:
            raise Failure(str(error)) from None
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code:
            err.seek(0)
            raise Failure(first_line(err.read(), code))
    return wall, usage.ru_utime + usage.ru_stime


def count_kernels(bin_dir, model, timeout, entry="main"):
    """The static count of the calls of `entry` to kernels in the host IR."""
    funcs = functions(run([os.path.join(bin_dir, "relax-opt"), model]
                          + KERNEL_ARGS, timeout))
    if entry not in funcs:
        raise Failure(f"no @{entry} in the host-level IR")
    return sum(callee != entry and callee in funcs and bool(funcs[callee][1])
               for line in funcs[entry][1] for callee in CALL.findall(line))


def count_launches(bin_dir, model, timeout, entry="main"):
    """The static count of the launches of `entry` and of what it calls in
    the GPU host IR."""
    funcs = functions(run([os.path.join(bin_dir, "relax-opt"), model]
                          + GPU_KERNEL_ARGS, timeout))
    if entry not in funcs:
        raise Failure(f"no @{entry} in the GPU host IR")
    memo = {}

    def launches(func, depth=0):
        if func not in memo:
            body = funcs[func][1]
            memo[func] = sum(len(LAUNCH.findall(line)) for line in body) + sum(
                launches(callee, depth + 1) for line in body
                for callee in CALL.findall(line)
                if callee in funcs and callee != func and depth < 16)
        return memo[func]

    return launches(entry)


def results(prefix):
    """The arrays relax-run wrote for --output prefix.npy, in order."""
    paths = [prefix + ".npy"] + sorted(
        glob.glob(glob.escape(prefix) + ".[0-9]*.npy"),
        key=lambda p: int(p[len(prefix) + 1:-4]))
    return [np.load(p) for p in paths if os.path.exists(p)]


def relax_run(bin_dir, model, size, reps, prefix, timeout, device="cpu"):
    """Runs `model` at `size` on inputs of seed 0, its results written to
    prefix*.npy; returns (ms per call, "best" or "mean")."""
    for old in glob.glob(glob.escape(prefix) + ".*npy"):
        os.remove(old)
    cmd = [os.path.join(bin_dir, "relax-run"), model, "--reps", str(reps),
           "--seed", "0", "--output", prefix + ".npy", "--device", device]
    for s in size.split():
        cmd += ["--size", s]
    match = TIME.search(run(cmd, timeout))
    if not match:
        raise Failure("no time per call in relax-run's output")
    return (float(match.group(2)), "best") if match.group(2) else \
        (float(match.group(1)), "mean")


def max_diff(a_prefix, b_prefix):
    """The largest absolute difference between two runs' results."""
    a, b = results(a_prefix), results(b_prefix)
    if not a or len(a) != len(b):
        return "no results" if not a or not b else "result count"
    worst = 0.0
    for x, y in zip(a, b):
        if x.shape != y.shape:
            return "shape"
        if x.size:
            d = np.abs(x.astype(np.float64) - y.astype(np.float64))
            d[(x == y) | (np.isnan(x) & np.isnan(y))] = 0  # same inf or nan
            worst = max(worst, float(np.max(d)))
    return f"{worst:.1e}"


def magnitude(prefix):
    values = [float(np.max(np.abs(r))) for r in results(prefix) if r.size]
    return f"{max(values):.1e}" if values else ""


def sizes_of(path):
    """SIZES of an example, or, for one it does not list, each symbolic dim
    of @main's signature at the low end of its range."""
    name = os.path.splitext(os.path.basename(path))[0]
    if name in SIZES:
        return SIZES[name]
    text = open(path).read()
    low = dict(re.findall(r"#sym\.range<(\w+) in \[(\d+),", text))
    main = re.search(r"relax\.func @main\((.*?)\)\s*(?:->|attributes|\{)", text, re.S)
    dims = re.findall(r"\b[a-z_]\w*\b", " ".join(
        re.findall(r"tensor<\[([^\]]*)\]", main.group(1) if main else "")))
    return (" ".join(f"{d}={low.get(d, 1)}" for d in dict.fromkeys(dims)),)


class Notes:
    """Footnotes of the failed cells of a table."""

    def __init__(self):
        self.lines = []

    def fail(self, error):
        self.lines.append(str(error))
        return f"fail [{len(self.lines)}]"

    def flush(self):
        for i, line in enumerate(self.lines, 1):
            print(f"[{i}] {line}")
        self.lines = []


def table(header, rows, notes=None, left=2):
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * left + "---:|" * (len(header) - left))
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
    if notes and notes.lines:
        print()
        notes.flush()


def machine():
    """The header: CPU, extensions, cores, date, and numpy's sgemm and
    memory read on one thread."""
    info, flags = cpu_info()
    probe = ("import timeit, numpy as np\n"
             "a = np.ones((1024, 1024), np.float32); x = np.ones(128 << 20, np.float32)\n"
             "best = lambda f: (f(), min(timeit.repeat(f, number=1, repeat=5)))[1]\n"
             "print(2 * 1024 ** 3 / best(lambda: a @ a) / 1e9, x.nbytes / best(x.sum) / 1e9)")
    try:
        gflops, gbs = map(float, run([sys.executable, "-c", probe], 600).split())
        limits = (f"numpy {np.__version__} on one thread: sgemm 1024x1024x1024 "
                  f"f32 {gflops:.1f} GFLOP/s, memory read (sum of 512 MB f32) "
                  f"{gbs:.1f} GB/s (best of 5)")
    except (Failure, ValueError) as error:
        limits = f"numpy limits not measured ({error})"
    usable = len(os.sched_getaffinity(0))
    print(f"{info.get('model name', 'unknown CPU')}, {os.cpu_count()} logical "
          f"CPUs ({usable} usable), {datetime.datetime.now():%Y-%m-%d %H:%M}")
    print("Extensions: " + flags_text(flags, separator=", "))
    print(limits)


def revision(src):
    try:
        rev = run(["git", "-C", src, "rev-parse", "--short", "HEAD"], 30).strip()
        dirty = run(["git", "--no-optional-locks", "-C", src, "status",
                     "--porcelain", "-uno"], 30).strip()
        return rev + (" + changes" if dirty else "")
    except Failure:
        return "no git revision"


def kernel_files(src, after):
    """The files that make kernels in the tree at `src`: lib/Codegen and
    include/Relax/Codegen (.cpp, .h, .td), lib/Conversion/RelaxToGPU and,
    where it is still there, include/Relax/Conversion/GPUSchedules.h (the
    device memory builders counted in lib/Codegen/GPU since they moved there
    from lib/Conversion/RelaxToFunc); in BEFORE also the CPU schedule of lib/Transforms and
    the vector tile patterns and math approximations, which later moved from
    lib/Transforms to lib/Codegen/Common."""
    patterns = ["lib/Conversion/RelaxToGPU/*.cpp", "lib/Conversion/RelaxToGPU/*.h",
                "include/Relax/Conversion/GPUSchedules.h"]
    patterns += [f"{d}/**/*.{e}" for d in ("lib/Codegen", "include/Relax/Codegen")
                 for e in ("cpp", "h", "td")]
    if not after:
        patterns += ["lib/Transforms/TileAndVectorize.cpp",
                     "lib/Transforms/CPUSchedule.cpp",
                     "include/Relax/Transforms/CPUSchedule.h"]
        patterns += [f"{d}/Transforms/{f}.{e}" for f in ("VectorTilePatterns",
                                                         "MathApproximations")
                     for d, e in (("lib", "cpp"), ("include/Relax", "h"))]
    files = {f for p in patterns
             for f in glob.glob(os.path.join(src, p), recursive=True)}
    return sorted(f for f in files if os.path.isfile(f))


def group(path):
    if any(k in path for k in ("CPU", "TileAndVectorize", "CPUSchedule")):
        return "CPU schedule"
    return "GPU schedule" if "GPU" in path else "common/IR"


def lines_table(before_src, after_src):
    counts = {}  # (side, group): (lines, (largest file, its lines))
    for side, src in zip(SIDES, (before_src, after_src)):
        for path in kernel_files(src, side == "after"):
            with open(path, errors="replace") as file:
                n = sum(bool(l.strip()) and not l.strip().startswith("//") for l in file)
            rel = os.path.relpath(path, src)
            for g in (group(rel), "total"):
                total, big = counts.get((side, g), (0, ("-", 0)))
                counts[side, g] = (total + n, big if big[1] >= n else (rel, n))
    rows = []
    for g in ("CPU schedule", "GPU schedule", "common/IR", "total"):
        (b, b_big), (a, a_big) = (counts.get((s, g), (0, ("-", 0))) for s in SIDES)
        rows.append((g, b, a, f"{b_big[0]} ({b_big[1]})", f"{a_big[0]} ({a_big[1]})"))
    print("\nLines of the code that makes kernels (C++ and TableGen; non-blank, "
          "not only a `//` comment):\n")
    table(("group", "before", "after", "largest file before", "largest file after"),
          rows, left=1)


def compile_table(opts, work, notes):
    model = os.path.join(work, f"llama7b_{LAYERS}.mlir")
    gen = os.path.join(opts.after_src, "bench", "gen_llama.py")
    try:
        run([sys.executable, gen, "--layers", str(LAYERS), "-o", model], 600)
    except Failure as error:
        print(f"\nCompile time: the model was not generated ({error})")
        return
    best = {side: (float("inf"),) * 2 for side in SIDES}
    for _ in range(opts.compile_reps):
        for side in SIDES:  # in turn, so that a change of load hits both
            if isinstance(best[side], tuple):
                try:
                    t = timed([os.path.join(getattr(opts, side), "relax-opt"),
                               model] + COMPILE_ARGS + ["-o", os.devnull])
                    best[side] = tuple(map(min, best[side], t))
                except Failure as error:
                    best[side] = notes.fail(error)
    b, a = best["before"], best["after"]
    ok = isinstance(b, tuple) and isinstance(a, tuple)
    rows = [(what, fmt(b, "{0[%d]:.2f}" % i), fmt(a, "{0[%d]:.2f}" % i),
             f"{a[i] / b[i]:.2f}" if ok else "")
            for i, what in enumerate(("wall s", "user + sys s"))]
    print(f"\nCompile time of a {LAYERS}-layer Llama-7B-shaped model (bench/gen_llama.py, "
          f"{os.path.getsize(model) >> 10} KiB): relax-opt {' '.join(COMPILE_ARGS)}, "
          f"best of {opts.compile_reps} (wall and CPU time each the minimum):\n")
    table(("", "before", "after", "after/before"), rows, notes, left=1)


def cpu_table(opts, models, work, notes):
    rows, kinds = [], set()
    for model in models:
        kernels = {}
        for side in SIDES:
            try:
                kernels[side] = count_kernels(getattr(opts, side), model, opts.timeout)
            except Failure as error:
                kernels[side] = notes.fail(error)
        for size in sizes_of(model)[:1 if opts.quick else None]:
            times, prefix = {s: float("inf") for s in SIDES}, {}
            for _ in range(opts.rounds):
                for side in SIDES:  # in turn, so that a change of load hits both
                    prefix[side] = os.path.join(work, f"{name(model)}.{size}.{side}.cpu"
                                                .replace(" ", "_"))
                    if isinstance(times[side], float):
                        try:
                            ms, kind = relax_run(getattr(opts, side), model, size,
                                                 opts.reps, prefix[side], opts.timeout)
                            times[side] = min(times[side], ms)
                            kinds.add(kind)
                        except Failure as error:
                            times[side] = notes.fail(error)
            b, a = times["before"], times["after"]
            ok = isinstance(b, float) and isinstance(a, float)
            rows.append((name(model), size, kernels["before"], kernels["after"],
                         fmt(b, "{:.3f}"), fmt(a, "{:.3f}"), f"{a / b:.2f}" if ok else "",
                         max_diff(prefix["after"], prefix["before"]) if ok else "",
                         magnitude(prefix["after"]) if ok else ""))
    print(f"\nKernels per call of @main (static count: a call in a loop or a branch "
          f"counts once) and CPU time per call on one thread in ms (the "
          f"{' and '.join(sorted(kinds)) or 'best'} of {opts.reps} calls that "
          f"relax-run reports, the minimum over {opts.rounds} rounds that run "
          f"the builds in turn); max |diff| between the builds' results on "
          f"inputs of seed 0, beside the largest |result|:\n")
    table(("model", "sizes", "kernels before", "kernels after", "ms before",
           "ms after", "after/before", "max \\|diff\\|", "max \\|result\\|"),
          rows, notes)


def vulkan_table(opts, models, work, notes):
    try:
        device = re.findall(r"deviceName\s*=\s*(.+)", run(["vulkaninfo", "--summary"], 60))
    except Failure:
        device = []
    mlp = os.path.join(opts.after_src, "examples", "mlp.mlir")
    try:
        relax_run(opts.after, mlp, "b=1", 1, os.path.join(work, "probe"), 600, "vulkan")
    except Failure as error:
        print(f"\nVulkan: unavailable (relax-run --device vulkan on mlp: {error})")
        return
    rows = []
    for model in models:
        size, prefix, failed, ms, launches = sizes_of(model)[0], {}, {}, {}, {}
        for side in SIDES:
            try:
                launches[side] = count_launches(getattr(opts, side), model,
                                                opts.timeout)
            except Failure as error:
                launches[side] = notes.fail(error)
        for key in ("after.cpu",) + tuple(f"{side}.vulkan" for side in SIDES) * opts.rounds:
            side, dev = key.split(".")
            prefix[key] = os.path.join(work, f"{name(model)}.{size}.{key}"
                                       .replace(" ", "_"))
            if key in failed or (dev == "cpu" and results(prefix[key])):
                continue  # written by the CPU table at the same size and seed
            try:
                time_ms, _ = relax_run(getattr(opts, side), model, size,
                                       opts.reps if dev == "vulkan" else 1,
                                       prefix[key], opts.timeout, dev)
                if dev == "vulkan":
                    ms[side] = min(ms.get(side, time_ms), time_ms)
            except Failure as error:
                failed[key] = notes.fail(error)

        def cell(a, b):
            return failed.get(a) or failed.get(b) or max_diff(prefix[a], prefix[b])

        def time_cell(side):
            return failed.get(f"{side}.vulkan") or ms[side]

        ratio = (ms["after"] / ms["before"]) if "before" in ms and "after" in ms \
            and not failed else "n/a"
        rows.append((name(model), size, fmt(launches["before"], "{}"),
                     fmt(launches["after"], "{}"), fmt(time_cell("before"), "{:.2f}"),
                     fmt(time_cell("after"), "{:.2f}"), fmt(ratio, "{:.2f}"),
                     cell("after.vulkan", "before.vulkan"),
                     cell("after.vulkan", "after.cpu"), magnitude(prefix["after.cpu"])))
    print(f"\nVulkan ({(device or ['a Vulkan device'])[0].strip()}), each example at its small size, "
          f"inputs of seed 0: launches per call, best ms per call over {opts.reps} calls "
          f"(min of {opts.rounds} rounds), and numerics:\n")
    table(("model", "sizes", "launches before", "launches after", "ms before",
           "ms after", "after/before", "max \\|vulkan after - vulkan before\\|",
           "max \\|vulkan after - cpu after\\|", "max \\|result\\|"), rows, notes)


def fmt(value, spec):
    """`value` formatted, or the `fail [n]` that stands for it."""
    return value if isinstance(value, str) else spec.format(value)


def name(path):
    return os.path.splitext(os.path.basename(path))[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True, help="bin folder of BEFORE")
    parser.add_argument("--after", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--before-src", help="default: --before/../..")
    parser.add_argument("--after-src", default=ROOT)
    parser.add_argument("--models", help="comma-separated examples (default: all)")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compile-reps", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=1200, help="s per command")
    parser.add_argument("--no-compile", action="store_true")
    parser.add_argument("--no-vulkan", action="store_true")
    parser.add_argument("--no-cpu", action="store_true",
                        help="skip the CPU table (kernels and time per call)")
    parser.add_argument("--quick", action="store_true",
                        help="one size per model, --reps 3 --rounds 1 --no-compile")
    opts = parser.parse_args()
    opts.before, opts.after = map(os.path.abspath, (opts.before, opts.after))
    opts.before_src = opts.before_src or os.path.dirname(os.path.dirname(opts.before))
    if opts.quick:
        opts.reps, opts.rounds, opts.no_compile = 3, 1, True

    found = {name(p): p for p in glob.glob(os.path.join(opts.after_src, "examples",
                                                        "*.mlir"))}
    order = [m for m in SIZES if m in found] + sorted(set(found) - set(SIZES))
    wanted = opts.models.split(",") if opts.models else order
    machine()
    for side in SIDES:
        src = getattr(opts, side + "_src")
        print(f"{side}: {getattr(opts, side)} (source {src}, {revision(src)})")
    for m in set(wanted) - set(found):
        print(f"no example {m}.mlir in {opts.after_src}/examples")
    models = [found[m] for m in order if m in wanted]
    notes = Notes()
    with tempfile.TemporaryDirectory(prefix="codegen_layer.") as work:
        if not opts.no_cpu:
            cpu_table(opts, models, work, notes)
        if not opts.no_vulkan:
            vulkan_table(opts, models, work, notes)
        if not opts.no_compile:
            compile_table(opts, work, notes)
    lines_table(opts.before_src, opts.after_src)


if __name__ == "__main__":
    main()
