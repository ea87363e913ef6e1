# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --emit > %t/quantized.mlir
# RUN: relax-compile %t/quantized.mlir -o %t/quantized.so | FileCheck %s --check-prefix=BUDGET
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t/quantized.so | FileCheck %s
# REQUIRES: numpy
#
# Products by quantized weights and embedding lookups in them, for every
# block layout, compiled for this CPU and run at odd symbolic sizes against
# numpy on the dequantized weights (python/relax_import/quantize.py packs
# them). The products unpack in their loops: the only scratch is the
# result, no [n, K] buffer of unpacked weights.
#
# BUDGET: @matmul_q4_0: scratch 4 * m * n bytes
# BUDGET: @matmul_q8_0: scratch 4 * m * n bytes
# BUDGET: @matmul_q4f16_1: scratch 2 * m * n bytes
# BUDGET: @matmul_q4f32_1: scratch 4 * m * n bytes
#
# CHECK: q4_0 matmul [1, 37]: ok
# CHECK: q4_0 matmul [3, 5]: ok
# CHECK: q4_0 matmul [13, 64]: ok
# CHECK: q4_0 embed: exact
# CHECK: q8_0 matmul [1, 37]: ok
# CHECK: q8_0 matmul [3, 5]: ok
# CHECK: q8_0 matmul [13, 64]: ok
# CHECK: q8_0 embed: exact
# CHECK: q4f16_1 matmul [1, 37]: ok
# CHECK: q4f16_1 matmul [3, 5]: ok
# CHECK: q4f16_1 matmul [13, 64]: ok
# CHECK: q4f16_1 embed: exact
# CHECK: q4f32_1 matmul [1, 37]: ok
# CHECK: q4f32_1 matmul [3, 5]: ok
# CHECK: q4f32_1 matmul [13, 64]: ok
# CHECK: q4f32_1 embed: exact

import sys

import numpy as np

# Format: (packed type, weights per packed element, scale type, weight type).
FORMATS = {"q4_0": ("i8", 2, "f16", "f32"), "q8_0": ("i8", 1, "f16", "f32"),
           "q4f16_1": ("i32", 8, "f16", "f16"), "q4f32_1": ("i32", 8, "f32", "f32")}
K = 160  # five groups of 32


def emit():
    for f, (pt, per, st, wt) in FORMATS.items():
        data, scale = f"!relax.tensor<[n, {K // per}], {pt}>", f"!relax.tensor<[n, {K // 32}], {st}>"
        weights = f"!relax.tensor<[n, {K}], {wt}>"
        print(f"""relax.func @matmul_{f}(%x: !relax.tensor<[m, {K}], {wt}>, %q: {data}, %d: {scale}) -> !relax.tensor<[m, n], {wt}> {{
  %r = relax.dataflow -> !relax.tensor<[m, n], {wt}> {{
    %w = relax.dequantize %q, %d {{format = #relax.quant_format<{f}>}} : ({data}, {scale}) -> {weights}
    %y = relax.matmul %x, %w {{transpose_b = true}} : (!relax.tensor<[m, {K}], {wt}>, {weights}) -> !relax.tensor<[m, n], {wt}>
    relax.output %y : !relax.tensor<[m, n], {wt}>
  }}
  relax.return %r : !relax.tensor<[m, n], {wt}>
}}

relax.func @embed_{f}(%ids: !relax.tensor<[s], i32>, %q: {data}, %d: {scale}) -> !relax.tensor<[s, {K}], {wt}> {{
  %r = relax.dataflow -> !relax.tensor<[s, {K}], {wt}> {{
    %w = relax.dequantize %q, %d {{format = #relax.quant_format<{f}>}} : ({data}, {scale}) -> {weights}
    %e = relax.take %w, %ids : ({weights}, !relax.tensor<[s], i32>) -> !relax.tensor<[s, {K}], {wt}>
    relax.output %e : !relax.tensor<[s, {K}], {wt}>
  }}
  relax.return %r : !relax.tensor<[s, {K}], {wt}>
}}
""")


def run(library):
    import relax_runtime
    from relax_import.quantize import dequantize, quantize
    module = relax_runtime.Module(library)
    rng = np.random.default_rng(0)
    for f in FORMATS:
        wt = np.float16 if f == "q4f16_1" else np.float32
        # f16 products accumulate in f16.
        tolerance = 4e-3 if wt == np.float16 else 1e-5
        for m, n in ((1, 37), (3, 5), (13, 64)):
            data, scales = quantize(rng.standard_normal((n, K)).astype(np.float32), f)
            x = rng.standard_normal((m, K)).astype(wt)
            y = np.asarray(module[f"matmul_{f}"](x, data, scales)).astype(np.float64)
            ref = x.astype(np.float64) @ dequantize(data, scales, f).astype(np.float64).T
            error = np.abs(y - ref).max() / np.abs(ref).max()
            print(f"{f} matmul [{m}, {n}]: {'ok' if error < tolerance else f'error {error:.2e}'}")
        data, scales = quantize(rng.standard_normal((37, K)).astype(np.float32), f)
        ids = np.array([3, 0, 36, 3, 11], np.int32)
        e = np.asarray(module[f"embed_{f}"](ids, data, scales))
        exact = np.array_equal(e, dequantize(data, scales, f)[ids])
        print(f"{f} embed: {'exact' if exact else 'differs'}")


if sys.argv[1] == "--emit":
    emit()
else:
    run(sys.argv[1])
