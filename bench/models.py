"""Times the five transformers models of test/Import/models end to end:
exported with torch.export, imported by relax-import, compiled and run on
the CPU by relax-run, side by side with PyTorch eager in the same run.

    python3 bench/models.py [--full] [--models llama,gpt2] [--reps 10]

One table per model: for each (batch, seq), relax-run's compile time, its
best time per call over --reps calls, PyTorch eager's best time per call,
and the largest difference of the outputs. Small configs (2 layers, width
64) by default; --full uses the base sizes (12 layers, width 768). With
matplotlib installed, --plot FILE writes the times per call as a PNG/SVG.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "Import", "Inputs"))
import hf_models  # noqa: E402

SIZES = {"llama": [(1, 16), (4, 64), (8, 128)], "gpt2": [(1, 16), (4, 64), (8, 128)],
         "bert": [(1, 16), (4, 64), (8, 128)], "clip": [(1, 0), (4, 0), (8, 0)],
         "whisper": [(1, 0), (2, 0), (4, 0)]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--models", default="llama,gpt2,bert,clip,whisper")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--plot")
    args = parser.parse_args()
    import torch
    bin_dir = os.path.join(args.build, "bin")
    work = tempfile.mkdtemp(prefix="relax-bench-")
    rows = []
    for name in args.models.split(","):
        module, example, dynamic, make = hf_models.build(name, "full" if args.full else "small")
        start = time.perf_counter()
        ep = torch.export.export(module, (example,), dynamic_shapes=dynamic)
        export_s = time.perf_counter() - start
        start = time.perf_counter()
        text, weights = hf_models.import_torch(ep)
        import_s = time.perf_counter() - start
        mlir, wfile = os.path.join(work, f"{name}.mlir"), os.path.join(work, f"{name}.safetensors")
        with open(mlir, "w") as f:
            f.write(text)
        hf_models.write_weights(wfile, weights)
        print(f"\n{name}: export {export_s:.1f} s, import {import_s:.1f} s, "
              f"{text.count(' = relax.')} graph ops")
        print(f"{'batch':>5} {'seq':>5} | {'compile s':>9} {'relax ms':>9} | "
              f"{'torch ms':>9} | {'max err':>8}")
        for batch, seq in SIZES[name]:
            x = make(batch, seq)
            inp, out = os.path.join(work, "x.npy"), os.path.join(work, "y.npy")
            np.save(inp, x.numpy())
            result = subprocess.run(
                [os.path.join(bin_dir, "relax-run"), mlir, "--weights", wfile, "--input", inp,
                 "--output", out, "--reps", str(args.reps)],
                capture_output=True, text=True)
            if result.returncode:
                print(f"{batch:>5} {seq:>5} | relax-run failed: {result.stderr.strip()}")
                continue
            compile_ms = float(re.search(r"compile ([\d.]+) ms", result.stdout).group(1))
            best_ms = float(re.search(r"best ([\d.]+) ms", result.stdout).group(1))
            torch_ms = float("inf")
            with torch.no_grad():
                for _ in range(args.reps):
                    start = time.perf_counter()
                    expected = module(x)
                    torch_ms = min(torch_ms, (time.perf_counter() - start) * 1e3)
            error = float(np.abs(np.load(out) - expected.numpy()).max())
            rows.append((name, batch, seq, best_ms, torch_ms))
            print(f"{batch:>5} {seq:>5} | {compile_ms / 1e3:>9.2f} {best_ms:>9.3f} | "
                  f"{torch_ms:>9.3f} | {error:>8.1e}")
            sys.stdout.flush()
    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("--plot needs matplotlib (pip install matplotlib)")
            return 1
        labels = [f"{n} {b}x{s}" if s else f"{n} {b}" for n, b, s, _, _ in rows]
        pos = np.arange(len(rows))
        plt.figure(figsize=(max(6, len(rows) * 0.6), 4))
        plt.bar(pos - 0.2, [r[3] for r in rows], 0.4, label="relax-run (CPU)")
        plt.bar(pos + 0.2, [r[4] for r in rows], 0.4, label="PyTorch eager")
        plt.xticks(pos, labels, rotation=60, ha="right")
        plt.ylabel("ms per call (best)")
        plt.yscale("log")
        plt.legend()
        plt.tight_layout()
        plt.savefig(args.plot)
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
