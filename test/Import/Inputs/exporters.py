"""One model through every route users export by: torch.export (a .pt2
file) and both of torch's ONNX exporters (TorchScript at opset 17, and
dynamo with its opset 18 graph), each imported by the relax-import command,
verified, and run by relax-run at several input sizes against PyTorch on the
same weights. One line per route and size: `ROUTE [SHAPE]: ok`, or what
went wrong."""

import os
import subprocess
import sys

import numpy as np
import torch
from torch.export import Dim, export

sys.path.insert(0, os.path.dirname(__file__))
import hf_models  # noqa: E402

ROUTES = ("torch.export", "onnx", "onnx dynamo")


def export_all(module, example, dims, work, name, routes=ROUTES):
    """Writes `module` (called on one tensor, `example`) by each route into
    `work`. `dims` maps each dynamic axis of the input to (name, min, max).
    Returns [(route, path)] for the routes that exported, after printing
    why any did not."""
    dynamic = ({axis: Dim(n, min=lo, max=hi) for axis, (n, lo, hi) in dims.items()},)
    paths = []
    for route in routes:
        stem = os.path.join(work, f"{name}-{route.replace('.', '_').replace(' ', '_')}")
        try:
            if route == "torch.export":
                path = stem + ".pt2"
                torch.export.save(export(module, (example,), dynamic_shapes=dynamic), path)
            elif route == "onnx":
                path = stem + ".onnx"
                torch.onnx.export(module, (example,), path, dynamo=False, opset_version=17,
                                  input_names=["x"],
                                  dynamic_axes={"x": {a: n for a, (n, _, _) in dims.items()}})
            else:
                path = stem + ".onnx"
                torch.onnx.export(module, (example,), path, dynamo=True, input_names=["x"],
                                  dynamic_shapes=dynamic, verbose=False)
        except Exception as error:  # what the exporter says is the report
            print(f"{route}: export failed: {type(error).__name__}: {error}")
            continue
        paths.append((route, path))
    return paths


def _same(got, want, tolerance):
    if got.shape != want.shape:
        return False
    if want.dtype.kind in "iub":
        return np.array_equal(got, want)
    return np.allclose(got, want, rtol=tolerance, atol=tolerance)


def run_all(module, example, dims, make, sizes, work, name, tolerance=1e-4,
            compare=None, routes=ROUTES):
    """Exports `module` by every route (`export_all`), imports each with
    relax-import and runs it on `make(*size)` for each of `sizes`, comparing
    every result with PyTorch's (`compare(x, results)` instead, if given:
    True when they agree). Returns the exit code: 1 if anything failed."""
    os.makedirs(work, exist_ok=True)
    failed = False
    exported = export_all(module, example, dims, work, name, routes)
    failed |= len(exported) != len(routes)
    for route, path in exported:
        mlir = os.path.splitext(path)[0] + ".mlir"
        result = subprocess.run(["relax-import", path, "-o", mlir], capture_output=True,
                                text=True)
        if result.returncode:
            print(f"{route}: import failed: {result.stderr.strip()}")
            failed = True
            continue
        for size in sizes:
            x = make(*size)
            results = hf_models.run_relax(mlir, os.path.splitext(mlir)[0] + ".safetensors",
                                          [x], work)
            if results is None:
                print(f"{route} {list(x.shape)}: relax-run failed")
                failed = True
                continue
            if compare is not None:
                ok = compare(x, results)
            else:
                with torch.no_grad():
                    want = module(x)
                want = [t.numpy() for t in (want if isinstance(want, tuple) else (want,))]
                ok = len(results) == len(want) and all(
                    _same(g, w, tolerance) for g, w in zip(results, want))
            failed |= not ok
            print(f"{route} {list(x.shape)}: {'ok' if ok else 'MISMATCH'}")
            sys.stdout.flush()
    return 1 if failed else 0
