# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --emit > %t/kernels.mlir
# RUN: relax-compile %t/kernels.mlir -o %t/kernels.so --pipeline-options=quantized-kernels=true | FileCheck %s --check-prefix=BUDGET
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t/kernels.so | FileCheck %s
# RUN: env RELAX_CPU_KERNELS=avx512 PYTHONPATH=%relax_obj_root/python %python %s %t/kernels.so | FileCheck %s
# RUN: env RELAX_CPU_KERNELS=avx2 PYTHONPATH=%relax_obj_root/python %python %s %t/kernels.so | FileCheck %s
# RUN: env RELAX_CPU_KERNELS=scalar PYTHONPATH=%relax_obj_root/python %python %s %t/kernels.so | FileCheck %s
# RUN: relax-run %t/kernels.mlir --entry matmul_q4_0 --size m=3 --size n=40 --pipeline-options=quantized-kernels=true | FileCheck %s --check-prefix=JIT
# REQUIRES: numpy
#
# Products by q4_0 and q8_0 weights on the CPU's micro-kernels
# (quantized-kernels=true): the activations quantized to 8-bit blocks, an
# integer dot product per block. Against a numpy model of the same
# activation quantization, with every kernel this CPU runs (AMX from 8 rows
# on, AVX-512 VNNI, AVX2, portable), at odd sizes: one row (decode), tiles
# with remainders in rows and columns (AMX: 16 x 16, partial in both),
# more rows than a block of 64, an odd number of blocks (K = 160 is 5
# blocks; the AVX-512 kernels step over pairs), leading batch dims. The
# weights are read packed: the only scratch is the result.
#
# BUDGET: @matmul_q4_0: scratch 4 * m * n bytes
# BUDGET: @matmul_q8_0: scratch 4 * m * n bytes
#
# JIT: @matmul_q4_0: result #0 shape [3, 40]
#
# CHECK: q4_0 [1, 37]: ok
# CHECK: q4_0 [3, 5]: ok
# CHECK: q4_0 [13, 64]: ok
# CHECK: q4_0 [70, 9]: ok
# CHECK: q4_0 [2, 3, 9]: ok
# CHECK: q4_0 [40, 33]: ok
# CHECK: q8_0 [1, 37]: ok
# CHECK: q8_0 [3, 5]: ok
# CHECK: q8_0 [13, 64]: ok
# CHECK: q8_0 [70, 9]: ok
# CHECK: q8_0 [2, 3, 9]: ok
# CHECK: q8_0 [40, 33]: ok
# CHECK: zero rows: ok
# CHECK: non-finite rows: ok
# CHECK: non-finite rows, 20: ok

import sys

import numpy as np

FORMATS = {"q4_0": 2, "q8_0": 1}  # weights per byte
K = 160  # five blocks of 32


def emit():
    for f, per in FORMATS.items():
        data, scale = f"!relax.tensor<[n, {K // per}], i8>", f"!relax.tensor<[n, {K // 32}], f16>"
        weights = f"!relax.tensor<[n, {K}], f32>"
        for name, x in ((f"matmul_{f}", "[m, K]"), (f"batched_{f}", "[b, m, K]")):
            x = f"!relax.tensor<{x.replace('K', str(K))}, f32>"
            y = x.replace(str(K), "n")
            print(f"""relax.func @{name}(%x: {x}, %q: {data}, %d: {scale}) -> {y} {{
  %w = relax.dequantize %q, %d {{format = #relax.quant_format<{f}>}} : ({data}, {scale}) -> {weights}
  %y = relax.matmul %x, %w {{transpose_b = true}} : ({x}, {weights}) -> {y}
  relax.return %y : {y}
}}
""")


def quantize_activations(x):
    """The kernels' activations: blocks of 32 with scale max|x| / 127, values
    rounded to nearest even (in f32, as the kernels compute them)."""
    blocks = x.reshape(*x.shape[:-1], -1, 32).astype(np.float32)
    d = np.abs(blocks).max(axis=-1, keepdims=True) / np.float32(127)
    inverse = np.divide(np.float32(1), d, out=np.zeros_like(d), where=d != 0)
    q = np.rint(blocks * inverse)
    assert np.abs(q).max() <= 127
    return (q.astype(np.float64) * d.astype(np.float64)).reshape(x.shape)


def run(library):
    import relax_runtime
    from relax_import.quantize import dequantize, quantize
    module = relax_runtime.Module(library)
    rng = np.random.default_rng(0)
    for f in FORMATS:
        for shape in ((1, 37), (3, 5), (13, 64), (70, 9), (2, 3, 9), (40, 33)):
            n = shape[-1]
            data, scales = quantize(rng.standard_normal((n, K)).astype(np.float32), f)
            x = rng.standard_normal((*shape[:-1], K)).astype(np.float32)
            x[..., :32] *= 1e-3  # blocks of very different scales
            name = f"matmul_{f}" if len(shape) == 2 else f"batched_{f}"
            y = np.asarray(module[name](x, data, scales)).astype(np.float64)
            w = dequantize(data, scales, f).astype(np.float64)
            ref = quantize_activations(x) @ w.T
            error = np.abs(y - ref).max() / np.abs(ref).max()
            # The activations' rounding, against the f32 product.
            rounding = np.abs(y - x.astype(np.float64) @ w.T).max() / np.abs(ref).max()
            ok = error < 1e-5 and rounding < 2e-2
            print(f"{f} {list(shape)}: {'ok' if ok else f'error {error:.2e}, rounding {rounding:.2e}'}")
    # A row of zeros has scale 0 and contributes 0.
    data, scales = quantize(rng.standard_normal((7, K)).astype(np.float32), "q4_0")
    y = np.asarray(module["matmul_q4_0"](np.zeros((2, K), np.float32), data, scales))
    print(f"zero rows: {'ok' if np.array_equal(y, np.zeros((2, 7), np.float32)) else y}")
    # NaN or an infinity in a row makes that row's results NaN, as in f32
    # (an infinity times weights of both signs); other rows are unchanged.
    for rows, label in ((3, ""), (20, ", 20")):
        x = rng.standard_normal((rows, K)).astype(np.float32)
        x[0, 40], x[2, 150] = np.nan, np.inf
        y = np.asarray(module["matmul_q4_0"](x, data, scales))
        ok = (np.isnan(y[0]).all() and np.isnan(y[2]).all() and np.isfinite(y[1]).all()
              and np.isfinite(y[3:]).all())
        print(f"non-finite rows{label}: {'ok' if ok else y}")


if sys.argv[1] == "--emit":
    emit()
else:
    run(sys.argv[1])
