"""What the benchmarks say about the machine, and how they plot: the CPU
and the flags that matter to its kernels, read from /proc/cpuinfo, and a
bar chart of times per call."""

import os
import time

import numpy as np

# The x86 extensions the CPU kernels can use, in the order they are printed.
KERNEL_FLAGS = ("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512dq", "avx512cd",
                "avx512bw", "avx512vl", "avx512ifma", "avx512vbmi", "avx512_vnni",
                "avx512_bf16", "avx512_fp16", "avx_vnni", "amx_tile", "amx_bf16", "amx_int8")


def cpu_info():
    """(the first value of each key of /proc/cpuinfo, the set of its flags);
    both empty where there is no /proc/cpuinfo. Older kernels spell
    avx512_vnni without the underscore."""
    info = {}
    try:
        for line in open("/proc/cpuinfo"):
            key, _, value = line.partition(":")
            info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    flags = set(info.get("flags", "").split())
    if "avx512vnni" in flags:
        flags.add("avx512_vnni")
    return info, flags


def best_time(fn, repeat=5):
    """The shortest of `repeat` timed calls of `fn`, after one untimed call,
    in seconds."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def sgemm_gflops(n=2048):
    """torch's f32 matmul rate on n x n x n, GFLOP/s (best of 5), with the
    threads torch is set to."""
    import torch
    a, b = torch.randn(n, n), torch.randn(n, n)
    return 2 * n ** 3 / best_time(lambda: torch.mm(a, b)) / 1e9


def cpu_line():
    """The CPU's name, family and model, its CPUs and the date."""
    info, _ = cpu_info()
    return (f"CPU: {info.get('model name', 'unknown')} (family {info.get('cpu family', '?')} "
            f"model {info.get('model', '?')}), {os.cpu_count()} logical CPUs "
            f"({len(os.sched_getaffinity(0))} usable), {time.strftime('%Y-%m-%d %H:%M')}")


def flags_text(flags, separator=" "):
    """The KERNEL_FLAGS that `flags` has, then those it lacks."""
    have = separator.join(f for f in KERNEL_FLAGS if f in flags) or "none"
    lack = separator.join(f for f in KERNEL_FLAGS if f not in flags) or "none"
    return f"{have}; absent: {lack}"


def bar_chart(labels, series, path, row_width):
    """Writes a bar chart of `series`, (label, values per row) pairs of ms per
    call (a value that is not a float draws no bar), on a log scale, to
    `path` (PNG or SVG). Returns 1 without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("--plot needs matplotlib (pip install matplotlib)")
        return 1
    pos = np.arange(len(labels))
    width = 0.8 / len(series)
    plt.figure(figsize=(max(8, len(labels) * row_width), 5))
    for k, (label, values) in enumerate(series):
        values = [v if isinstance(v, float) else np.nan for v in values]
        plt.bar(pos - 0.4 + width * (k + 0.5), values, width, label=label)
    plt.xticks(pos, labels, rotation=60, ha="right", fontsize=7)
    plt.ylabel("ms per call (best); no bar: could not run")
    plt.yscale("log")
    plt.legend(loc="upper left", ncol=len(series), fontsize=8)
    plt.tight_layout()
    plt.savefig(path, dpi=120)
    print(f"wrote {path}")
    return 0
