"""Compiles a relax module for the CPU once and runs it at several sizes.

With a device other than the CPU (`run_cases(..., ["--device", "vulkan"])`),
the module runs with `relax-run --device <device>` instead, once per input
set, on .npy files.

The module is lowered with relax-opt to host `func.func`s and kernels on
memrefs (--relax-lower-to-cpu=to-llvm=0); a driver that calls `@main` once per
input set (constant inputs as memref.globals) and prints each result with
printMemrefF32 is appended; the whole module then goes through
--relax-lower-to-cpu again, down to the llvm dialect, and runs under
mlir-runner. Results are compared
with a numpy reference.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np


_ELEMENT_TYPES = {np.dtype(np.float32): "f32", np.dtype(np.int64): "i64",
                  np.dtype(np.bool_): "i1"}


def _values(array):
    """The elements of `array` as a JSON list (MLIR's dense syntax):
    integers and booleans as they are, floats as doubles."""
    if array.dtype in (np.int64, np.bool_):
        return json.dumps(array.tolist())
    return json.dumps(array.astype(np.float64).tolist())


def tensor_type(dims, dtype="f32"):
    """`!relax.tensor<[dims...], dtype>` from the dims as strings."""
    return "!relax.tensor<[" + ", ".join(dims) + f"], {dtype}>"


def f32_maker(seed):
    """A function `f32(*shape)` of standard normal float32 arrays, drawn from
    one generator seeded with `seed`."""
    rng = np.random.default_rng(seed)
    return lambda *shape: rng.standard_normal(shape).astype(np.float32)


def op_model(op_line, params):
    """`@main` of one op: `op_line` reads the parameters %a, %b, ... of
    types `params` and gets its result type appended."""
    names = [f"%{chr(ord('a') + i)}" for i in range(len(params))]
    args = ", ".join(f"{n}: {p}" for n, p in zip(names, params))
    return (f"relax.func @main({args}) -> !relax.tensor<*, f32> {{\n"
            f"  %r = {op_line} -> !relax.tensor<*, f32>\n"
            f"  relax.return %r : !relax.tensor<*, f32>\n}}\n")


def _dense(array):
    return f"dense<{_values(array)}> : {_tensor_type(array.shape, array.dtype)}"


def _memref_type(dims, dtype=np.float32):
    element = _ELEMENT_TYPES[np.dtype(dtype)]
    return "memref<" + "".join(f"{d}x" for d in dims) + element + ">"


def _driver(arg_types, result_type, inputs_list):
    lines = ["func.func @entry() {"]
    globals_ = []
    for k, inputs in enumerate(inputs_list):
        args = []
        for i, (array, dyn) in enumerate(zip(inputs, arg_types)):
            static = _memref_type(array.shape, array.dtype)
            if array.size == 0:
                lines.append(f"  %c{k}_{i} = memref.alloc() : {static}")
            else:
                tensor = static.replace("memref<", "tensor<")
                globals_.append(f'memref.global "private" constant @input_{k}_{i} : '
                                f"{static} = dense<{_values(array)}>")
                lines.append(f"  %c{k}_{i} = memref.get_global @input_{k}_{i} : {static}")
            if static != dyn:
                lines.append(f"  %a{k}_{i} = memref.cast %c{k}_{i} : {static} to {dyn}")
                args.append(f"%a{k}_{i}")
            else:
                args.append(f"%c{k}_{i}")
        lines.append(f"  %r{k} = func.call @main({', '.join(args)}) : "
                     f"({', '.join(arg_types)}) -> {result_type}")
        lines.append(f"  %u{k} = memref.cast %r{k} : {result_type} to memref<*xf32>")
        lines.append(f"  func.call @printMemrefF32(%u{k}) : (memref<*xf32>) -> ()")
        lines.append(f"  memref.dealloc %r{k} : {result_type}")
    lines.append("  return")
    lines.append("}")
    lines.append("func.func private @printMemrefF32(memref<*xf32>)")
    return "\n".join(lines + globals_)


def _parse_outputs(text):
    outputs = []
    for block in text.split("Unranked Memref")[1:]:
        sizes = [int(s) for s in re.search(r"sizes = \[([^\]]*)\]", block)
                 .group(1).replace(" ", "").split(",") if s]
        data = block.split("data =", 1)[1]
        numbers = re.findall(r"-?(?:nan|inf|\d+\.?\d*(?:e[-+]?\d+)?)", data)
        outputs.append(np.array([float(n) for n in numbers]).reshape(sizes))
    return outputs


def _run_device(model, inputs_list, device):
    """Runs `model` with relax-run on `device` once per input set; returns
    the outputs (the first result of each run)."""
    import tempfile
    outputs = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.mlir")
        with open(path, "w") as f:
            f.write(model)
        for k, inputs in enumerate(inputs_list):
            args = []
            for i, array in enumerate(inputs):
                name = os.path.join(tmp, f"in{k}_{i}.npy")
                np.save(name, array)
                args += ["--input", name]
            out = os.path.join(tmp, f"out{k}.npy")
            proc = subprocess.run(
                ["relax-run", path, "--device", device, "--output", out] + args,
                capture_output=True, text=True)
            if proc.returncode:
                sys.exit(f"relax-run --device {device} failed:\n" + proc.stderr)
            outputs.append(np.load(out).astype(np.float64))
    return outputs


def run(model, inputs_list, reference, relax_opt, mlir_runner, lib_dir,
        tolerance, expect_failure=False, parallel=None, library=None,
        device="cpu"):
    if device != "cpu":
        return _compare(_run_device(model, inputs_list, device), inputs_list,
                        reference, tolerance)
    host = subprocess.run(
        [relax_opt, "-", "--relax-lower-to-cpu=to-llvm=0" +
         (" library=1" if library else "")],
        input=model, capture_output=True, text=True)
    if host.returncode:
        sys.exit("host lowering failed:\n" + host.stderr)
    text = host.stdout
    signature = re.search(r"func\.func @main\((.*?)\) -> (memref<[^>]*>)", text)
    arg_types = re.findall(r"%arg\d+: (memref<[^>]*>)", signature.group(1))
    result_type = signature.group(2)
    module = text.rstrip().rstrip("}") + _driver(
        arg_types, result_type, inputs_list) + "\n}\n"
    pipeline = "--relax-lower-to-cpu" + (
        f"=parallel=1 runtime={parallel}" if parallel else "")
    runtime_lib = {"openmp": "libomp.so", "async": "libmlir_async_runtime.so"}
    llvm = subprocess.run([relax_opt, "-", pipeline],
                          input=module, capture_output=True, text=True)
    if llvm.returncode:
        sys.exit("lowering failed:\n" + llvm.stderr)
    # A failed run-time check reports through librelax_runtime (next to
    # relax-opt's bin directory), which writes the message to stderr, and
    # the driver returns without printing.
    relax_lib_dir = os.path.join(
        os.path.dirname(os.path.dirname(shutil.which(relax_opt))), "lib")
    runner = subprocess.run(
        [mlir_runner, "-e", "entry", "-entry-point-result=void",
         f"-shared-libs={lib_dir}/libmlir_runner_utils.so",
         f"-shared-libs={lib_dir}/libmlir_c_runner_utils.so",
         f"-shared-libs={relax_lib_dir}/librelax_runtime.so"] +
        ([f"-shared-libs={lib_dir}/{runtime_lib[parallel]}"] if parallel
         else []) +
        ([f"-shared-libs={library}"] if library else []) +
        # Async tasks are LLVM coroutines, which only an optimization
        # pipeline lowers.
        (["-O3"] if parallel == "async" else []),
        input=llvm.stdout, capture_output=True, text=True)
    if expect_failure:
        # The program must stop with its own message, not crash silently.
        print(runner.stdout + runner.stderr)
        failed = runner.returncode or "run-time check failed" in runner.stderr
        return 0 if failed else 1
    if runner.returncode:
        sys.exit("run failed:\n" + runner.stderr)
    return _compare(_parse_outputs(runner.stdout), inputs_list, reference,
                    tolerance)


def _compare(outputs, inputs_list, reference, tolerance):
    failed = False
    for inputs, output in zip(inputs_list, outputs):
        expected = reference(*inputs)
        error = float(np.max(np.abs(output - expected)))
        ok = output.shape == expected.shape and error <= tolerance
        failed |= not ok
        print(f"shape {list(expected.shape)}: max abs error {error:.2e} "
              f"(tolerance {tolerance:g}): {'ok' if ok else 'MISMATCH'}")
    if len(outputs) != len(inputs_list):
        sys.exit("missing outputs")
    return 1 if failed else 0


def run_cases(cases, argv, sizes=(3, 6), tolerance=2e-4):
    """Runs (name, model, make_inputs, reference) cases, each compiled once
    and run at every size; prints one line per case and size and a summary.
    Returns the exit code."""
    failed = 0
    device = argv[argv.index("--device") + 1] if "--device" in argv else "cpu"
    for name, model, make, reference in cases:
        print(f"== {name}")
        sys.stdout.flush()
        try:
            failed |= run(model, [make(n) for n in sizes],
                          lambda *a, f=reference: np.asarray(f(*a)),
                          argv[1], argv[2], argv[3], tolerance=tolerance,
                          device=device)
        except SystemExit as error:
            # WebGPU has no 64-bit types: such
            # a model must fail to compile with a located error.
            if (device == "webgpu" and re.search(r"\b(i64|f64)\b", model)
                    and "WebGPU has no" in str(error)):
                message = re.search(r"error: (WebGPU has no[^\n]*)",
                                    str(error)).group(1)
                print(f"not on WebGPU: {message}: ok")
                continue
            print(f"MISMATCH: {name} did not run: {error}")
            failed = 1
    print("all ops ok" if not failed else "some ops FAILED")
    return failed
