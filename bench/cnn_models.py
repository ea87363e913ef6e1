"""Times the convolutional networks users bring on the CPU (random weights,
f32, eval mode, one thread by default): ResNet-18 and MobileNetV2 at
224x224, written here as torchvision defines them (torchvision is not a
dependency), exported with torch.export (dynamic batch), imported by
relax-import and run by relax-run, side by side with PyTorch eager, ONNX
Runtime and OpenVINO on the ONNX export (TorchScript exporter, dynamic
batch) of the same model and input, in the same run.

    python3 bench/cnn_models.py [--models resnet18,mobilenetv2]
        [--batches 1,8] [--reps 3] [--threads 1]
        [--peers ort,openvino] [--peer-python PY] [--markdown table.md]

The peers run in --peer-python (default build-bench/venv/bin/python when
it exists; set it up with
    python3 -m venv --system-site-packages build-bench/venv
    build-bench/venv/bin/pip install onnxruntime openvino onnx).

Above the table: the CPU, its kernel flags, torch's sgemm rate and the
memory read bandwidth (bench/cpu_models.py's measurements), then per model
its parameters, GFLOPs per image, and the times of torch.export,
relax-import, the ONNX export and relax-run's compile. Per row (model,
batch): ms per call (best of --reps after one untimed call) of each system,
relax-run / the fastest peer, and each system's max abs difference from
PyTorch.
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
BIN = os.path.join(ROOT, "build", "bin")


def resnet18():
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                          nn.BatchNorm2d(cout))

        def forward(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            return self.relu(y + (x if self.down is None else self.down(x)))

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(),
              nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        layers += [Block(cin, cout, stride), Block(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 1000)]
    return nn.Sequential(*layers)


def mobilenetv2():
    import torch.nn as nn

    def conv(cin, cout, k, stride, groups=1, act=True):
        mods = [nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
                nn.BatchNorm2d(cout)]
        return mods + [nn.ReLU6()] if act else mods

    class Inverted(nn.Module):
        def __init__(self, cin, cout, stride, expand):
            super().__init__()
            hidden = cin * expand
            mods = conv(cin, hidden, 1, 1) if expand != 1 else []
            mods += conv(hidden, hidden, 3, stride, groups=hidden)
            mods += conv(hidden, cout, 1, 1, act=False)
            self.body = nn.Sequential(*mods)
            self.residual = stride == 1 and cin == cout

        def forward(self, x):
            y = self.body(x)
            return x + y if self.residual else y

    layers = conv(3, 32, 3, 2)
    cin = 32
    for expand, cout, n, stride in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2),
                                    (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2),
                                    (6, 320, 1, 1)):
        for i in range(n):
            layers.append(Inverted(cin, cout, stride if i == 0 else 1, expand))
            cin = cout
    layers += conv(cin, 1280, 1, 1)
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(1280, 1000)]
    return nn.Sequential(*layers)


MODELS = {"resnet18": resnet18, "mobilenetv2": mobilenetv2}


def build(name):
    """The model in eval mode, weights and batch-norm statistics drawn from
    seed 0."""
    import torch
    torch.manual_seed(0)
    model = MODELS[name]()
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.1, 0.1)
            m.running_var.uniform_(0.5, 1.5)
    return model.eval()


def gflops(model, x):
    import torch
    from torch.utils.flop_counter import FlopCounterMode
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        model(x)
    return counter.get_total_flops() / 1e9


def best_ms(fn, reps):
    fn()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times)


def peer_worker(peer, onnx_path, x_path, out_path, reps, threads):
    """Runs in --peer-python: builds the peer on the ONNX file and prints
    {"ms": ...} (its output saved to out_path) or {"error": ...}."""
    x = np.load(x_path)
    try:
        if peer == "ort":
            import onnxruntime as ort
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            session = ort.InferenceSession(onnx_path, options,
                                           providers=["CPUExecutionProvider"])
            name = session.get_inputs()[0].name
            run = lambda: session.run(None, {name: x})[0]  # noqa: E731
        else:
            import openvino as ov
            core = ov.Core()
            compiled = core.compile_model(onnx_path, "CPU", {
                "INFERENCE_PRECISION_HINT": "f32", "PERFORMANCE_HINT": "LATENCY",
                "INFERENCE_NUM_THREADS": threads})
            request = compiled.create_infer_request()
            run = lambda: request.infer({0: x})[compiled.output(0)]  # noqa: E731
        np.save(out_path, run())
        print(json.dumps({"ms": best_ms(run, reps)}))
    except Exception as error:  # noqa: BLE001 - a peer's failure is a table cell
        print(json.dumps({"error": f"{type(error).__name__}: {error}"[:60]}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="resnet18,mobilenetv2")
    parser.add_argument("--batches", default="1,8")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--peers", default="ort,openvino")
    parser.add_argument("--peer-python")
    parser.add_argument("--markdown")
    parser.add_argument("--peer-worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer_worker:
        peer, onnx_path, x_path, out_path, reps = args.peer_worker
        peer_worker(peer, onnx_path, x_path, out_path, int(reps), args.threads)
        return

    import torch
    sys.path.insert(0, HERE)
    from cpu_models import machine  # noqa: E402
    torch.set_num_threads(args.threads)
    venv = os.path.join(ROOT, "build-bench", "venv", "bin", "python")
    python = args.peer_python or (venv if os.path.exists(venv) else sys.executable)
    peers = [p for p in args.peers.split(",") if p]
    batches = [int(b) for b in args.batches.split(",")]
    work = tempfile.mkdtemp(prefix="cnn-bench-")
    header = "\n\n".join(machine(str(args.threads))[0])
    notes, rows = [], []
    for name in args.models.split(","):
        model = build(name)
        example = torch.randn(2, 3, 224, 224)
        params = sum(p.numel() for p in model.parameters())
        batch = torch.export.Dim("batch", min=1, max=64)
        start = time.perf_counter()
        program = torch.export.export(model, (example,), dynamic_shapes=({0: batch},))
        export_s = time.perf_counter() - start
        pt2 = os.path.join(work, f"{name}.pt2")
        torch.export.save(program, pt2)
        mlir = os.path.join(work, f"{name}.mlir")
        start = time.perf_counter()
        subprocess.run([os.path.join(BIN, "relax-import"), pt2, "-o", mlir], check=True,
                       capture_output=True)
        import_s = time.perf_counter() - start
        weights = mlir[:-5] + ".safetensors"
        onnx_path = os.path.join(work, f"{name}.onnx")
        start = time.perf_counter()
        torch.onnx.export(model, (example,), onnx_path, input_names=["x"],
                          dynamic_axes={"x": {0: "batch"}}, dynamo=False)
        onnx_s = time.perf_counter() - start
        compile_ms = []
        for b in batches:
            x = torch.randn(b, 3, 224, 224, generator=torch.Generator().manual_seed(b))
            x_path = os.path.join(work, f"{name}.x{b}.npy")
            np.save(x_path, x.numpy())
            with torch.no_grad():
                want = model(x).numpy()
                torch_ms = best_ms(lambda: model(x), args.reps)
            row = {"model": name, "batch": b, "gflops": gflops(model, x),
                   "torch": (torch_ms, 0.0)}
            out = os.path.join(work, f"{name}.y{b}.npy")
            result = subprocess.run(
                [os.path.join(BIN, "relax-run"), mlir, "--weights", weights, "--input", x_path,
                 "--output", out, "--reps", str(args.reps)], capture_output=True, text=True)
            timing = re.search(r"compile ([\d.]+) ms, .*best ([\d.]+) ms", result.stdout)
            if result.returncode or not timing:
                row["relax"] = (None, (result.stderr or result.stdout).strip()[:60])
            else:
                compile_ms.append(float(timing.group(1)))
                row["relax"] = (float(timing.group(2)),
                                float(np.abs(np.load(out) - want).max()))
            for peer in peers:
                peer_out = os.path.join(work, f"{name}.{peer}{b}.npy")
                result = subprocess.run(
                    [python, os.path.abspath(__file__), "--threads", str(args.threads),
                     "--peer-worker", peer, onnx_path, x_path, peer_out, str(args.reps)],
                    capture_output=True, text=True)
                try:
                    reply = json.loads(result.stdout.strip().splitlines()[-1])
                except (ValueError, IndexError):
                    reply = {"error": result.stderr.strip()[-60:]}
                row[peer] = ((reply["ms"], float(np.abs(np.load(peer_out) - want).max()))
                             if "ms" in reply else (None, reply["error"]))
            rows.append(row)
            print(f"{name} b={b}: " + ", ".join(
                f"{s} {row[s][0]:.1f} ms" if row[s][0] else f"{s} {row[s][1]}"
                for s in ["relax", "torch", *peers]), file=sys.stderr)
        notes.append(f"- {name}: {params / 1e6:.1f} M parameters, {row['gflops'] / b:.2f} "
                     f"GFLOPs per image; torch.export {export_s:.1f} s, relax-import "
                     f"{import_s:.1f} s, ONNX export {onnx_s:.1f} s, relax-run compile "
                     f"{min(compile_ms) / 1e3 if compile_ms else float('nan'):.1f} s")

    systems = ["relax", "torch", *peers]
    titles = {"relax": "relax-run", "torch": "PyTorch eager", "ort": "ONNX Runtime",
              "openvino": "OpenVINO"}
    lines = [header, "", *notes, "",
             "| model | batch | " + " | ".join(f"{titles[s]} ms" for s in systems)
             + " | relax / best peer | " + " | ".join(f"{titles[s]} max abs diff"
                                                      for s in systems if s != "torch") + " |",
             "|---|---:|" + "---:|" * (2 * len(systems))]
    for row in rows:
        cells = [f"{row[s][0]:.1f}" if row[s][0] else row[s][1] for s in systems]
        peer_times = [(row[s][0], titles[s]) for s in systems[1:] if row[s][0]]
        ratio = (f"{row['relax'][0] / min(peer_times)[0]:.2f} ({min(peer_times)[1]})"
                 if row["relax"][0] and peer_times else "-")
        diffs = [f"{row[s][1]:.1e}" if row[s][0] else "-" for s in systems if s != "torch"]
        lines.append(f"| {row['model']} | {row['batch']} | " + " | ".join(cells)
                     + f" | {ratio} | " + " | ".join(diffs) + " |")
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
