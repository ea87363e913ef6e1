"""Dot-product tiles with and without reduction blocks, side by side: the
products of BERT's and GPT-2's MLP (K x N = 3072 x 768) and of the 1B
Llama's (5632 x 2048, 2048 x 5632), by [N, K] weights, at 1 to 512 rows,
each compiled by relax-compile with `reduction-blocks=0` and `=1` and called
through relax_runtime on one thread, interleaved (best of 10 calls each).

    python3 bench/reduction_blocks.py [--build build] [--markdown FILE]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import cpu_info, cpu_line, flags_text, sgemm_gflops  # noqa: E402

SHAPES = [(3072, 768), (5632, 2048), (2048, 5632)]
ROWS = [1, 32, 128, 512]


def module(k, n):
    t = f"!relax.tensor<[t, {k}], f32>"
    w = f"!relax.tensor<[{n}, {k}], f32>"
    y = f"!relax.tensor<[t, {n}], f32>"
    return (f"relax.func @mm(%x: {t}, %w: {w}) -> {y} {{\n"
            f"  %y = relax.matmul %x, %w {{transpose_b = true}} : ({t}, {w}) -> {y}\n"
            f"  relax.return %y : {y}\n}}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "python"))
    import relax_runtime
    import torch
    torch.set_num_threads(1)

    _, flags = cpu_info()
    lines = [cpu_line(), "Flags: " + flags_text(flags),
             f"One thread; torch sgemm 2048^3 f32 {sgemm_gflops():.1f} GFLOP/s", "",
             "| K x N | rows | unblocked ms | blocked ms | speedup | blocked GFLOP/s |",
             "|---|---:|---:|---:|---:|---:|"]
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as work:
        for k, n in SHAPES:
            source = os.path.join(work, f"mm_{k}_{n}.mlir")
            with open(source, "w") as f:
                f.write(module(k, n))
            fns = []
            for blocks in (0, 1):
                library = os.path.join(work, f"mm_{k}_{n}_{blocks}.so")
                subprocess.run([os.path.join(build, "bin", "relax-compile"), source, "-o", library,
                                "--lift-transform-params=false",
                                "--pipeline-options", f"reduction-blocks={blocks}"],
                               check=True, stdout=subprocess.DEVNULL)
                fns.append(relax_runtime.Module(library)["mm"])
            w = rng.standard_normal((n, k)).astype(np.float32)
            for rows in ROWS:
                x = rng.standard_normal((rows, k)).astype(np.float32)
                for fn in fns:
                    assert np.allclose(np.asarray(fn(x, w)), x @ w.T, atol=1e-2, rtol=1e-4)
                best = [float("inf")] * 2
                for _ in range(5):
                    for i, fn in enumerate(fns):
                        for _ in range(2):
                            start = time.perf_counter()
                            fn(x, w)
                            best[i] = min(best[i], time.perf_counter() - start)
                lines.append(f"| {k} x {n} | {rows} | {best[0] * 1e3:.2f} | {best[1] * 1e3:.2f} "
                             f"| {best[0] / best[1]:.2f}x | {2 * rows * k * n / best[1] / 1e9:.0f} |")
                print(lines[-1], flush=True)
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
