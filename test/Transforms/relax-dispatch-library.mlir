// RUN: relax-opt %s --split-input-file --relax-dispatch-library | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-dispatch-library="target=cuda" | FileCheck %s --check-prefix=CUDA
// RUN: relax-opt %s --split-input-file --relax-dispatch-library="target=rocm" | FileCheck %s --check-prefix=ROCM
// RUN: not relax-opt %s --relax-dispatch-library="target=vulkan" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: relax-opt %s --split-input-file --relax-dispatch-library="blas=false quantized=true" | FileCheck %s --check-prefix=QUANT
// RUN: not relax-opt %s --relax-dispatch-library="target=cuda quantized=true" 2>&1 | FileCheck %s --check-prefix=QUANT-CUDA

// f32 matmuls with a matrix on the right go to the CPU runtime, with the
// transposes in the function name; leading dims of the left operand are
// rows.

// CHECK-LABEL: relax.func @offloaded
// CHECK: %[[A:.*]] = call_library "relax.cpu.sgemm_nn"(%arg0, %arg1) : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[b, s, 32], f32>
// CHECK: %[[B:.*]] = call_library "relax.cpu.sgemm_nt"(%[[A]], %arg2) : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[16, 32], f32>) -> !relax.tensor<[b, s, 16], f32>
// CHECK: %[[C:.*]] = call_library "relax.cpu.sgemm_tn"(%arg3, %arg4) : (!relax.tensor<[k, m], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32>
// CHECK: %[[D:.*]] = call_library "relax.cpu.sgemm_nn"(%arg5, %arg1) : (!relax.tensor<[64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[32], f32>
// CHECK-NOT: matmul
// BAD: error: no library for target 'vulkan' (libraries: cpu, cuda, rocm)

// The GPU targets take the same products, in their runtimes (cuBLAS,
// hipBLAS).
// CUDA-LABEL: relax.func @offloaded
// CUDA: call_library "relax.cuda.sgemm_nn"
// CUDA: call_library "relax.cuda.sgemm_nt"
// CUDA: call_library "relax.cuda.sgemm_tn"
// CUDA: call_library "relax.cuda.sgemm_nn"
// CUDA-NOT: matmul
// ROCM-LABEL: relax.func @offloaded
// ROCM: call_library "relax.rocm.sgemm_nn"
// ROCM: call_library "relax.rocm.sgemm_nt"
// ROCM: call_library "relax.rocm.sgemm_tn"
// ROCM: call_library "relax.rocm.sgemm_nn"
// ROCM-NOT: matmul
relax.func @offloaded(%x: !relax.tensor<[b, s, 64], f32>, %w: !relax.tensor<[64, 32], f32>, %v: !relax.tensor<[16, 32], f32>, %p: !relax.tensor<[k, m], f32>, %q: !relax.tensor<[k, n], f32>, %r: !relax.tensor<[64], f32>) {
  %a = relax.matmul %x, %w : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[b, s, 32], f32>
  %b = relax.matmul %a, %v {transpose_b = true} : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[16, 32], f32>) -> !relax.tensor<[b, s, 16], f32>
  %c = relax.matmul %p, %q {transpose_a = true} : (!relax.tensor<[k, m], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32>
  %d = relax.matmul %r, %w : (!relax.tensor<[64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[32], f32>
  relax.return
}

// -----

// What the runtime does not cover stays a graph op: another element type, a
// batched right operand, a transposed batched left operand, a result whose
// type is not known yet.

// CHECK-LABEL: relax.func @kept
// CHECK-COUNT-4: = matmul
// CUDA-LABEL: relax.func @kept
// CUDA-COUNT-4: = matmul
// ROCM-LABEL: relax.func @kept
// ROCM-COUNT-4: = matmul
// CHECK-NOT: call_library
relax.func @kept(%h: !relax.tensor<[4, 8], f16>, %g: !relax.tensor<[8, 2], f16>, %x: !relax.tensor<[b, s, 64], f32>, %y: !relax.tensor<[b, 64, 8], f32>, %w: !relax.tensor<[64, 32], f32>) {
  %a = relax.matmul %h, %g : (!relax.tensor<[4, 8], f16>, !relax.tensor<[8, 2], f16>) -> !relax.tensor<[4, 2], f16>
  %b = relax.matmul %x, %y : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[b, 64, 8], f32>) -> !relax.tensor<[b, s, 8], f32>
  %c = relax.matmul %y, %x {transpose_a = true} : (!relax.tensor<[b, 64, 8], f32>, !relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b, 8, 64], f32>
  %d = relax.matmul %x, %w : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Products by the transposed dequantize of q4_0 or q8_0 weights go to the
// CPU's micro-kernels, which read the packed data and the scales: no
// dequantize is left to unpack the weights into memory, unless something
// else reads them (the embedding lookup). Without blas, f32 products stay.

// QUANT-LABEL: relax.func @quantized
// QUANT-SAME: (%[[X:[^:]*]]: {{.*}}, %[[Q4:[^:]*]]: {{.*}}, %[[D4:[^:]*]]: {{.*}}, %[[Q8:[^:]*]]: {{.*}}, %[[D8:[^:]*]]: {{.*}}, %[[IDS:[^:]*]]: {{.*}}, %[[W:[^:]*]]: {{.*}})
// QUANT: call_library "relax.cpu.matmul_q4_0"(%[[X]], %[[Q4]], %[[D4]]) : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[48, 32], i8>, !relax.tensor<[48, 2], f16>) -> !relax.tensor<[b, s, 48], f32>
// QUANT: %[[E:.*]] = dequantize %[[Q8]], %[[D8]]
// QUANT: call_library "relax.cpu.matmul_q8_0"(%[[X]], %[[Q8]], %[[D8]]) : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[16, 64], i8>, !relax.tensor<[16, 2], f16>) -> !relax.tensor<[b, s, 16], f32>
// QUANT: take %[[E]], %[[IDS]]
// QUANT: matmul %[[X]], %[[W]]
// QUANT-NOT: call_library
// QUANT-NOT: dequantize
// QUANT-CUDA: error: quantized products have micro-kernels on the cpu target only, not 'cuda'

// With blas alone, the product by dequantized weights is an sgemm of the
// unpacked weights.
// CHECK-LABEL: relax.func @quantized
// CHECK: dequantize
// CHECK: call_library "relax.cpu.sgemm_nt"
relax.func @quantized(%x: !relax.tensor<[b, s, 64], f32>, %q4: !relax.tensor<[48, 32], i8>, %d4: !relax.tensor<[48, 2], f16>, %q8: !relax.tensor<[16, 64], i8>, %d8: !relax.tensor<[16, 2], f16>, %ids: !relax.tensor<[t], i32>, %w: !relax.tensor<[64, 8], f32>) {
  %w4 = relax.dequantize %q4, %d4 {format = #relax.quant_format<q4_0>} : (!relax.tensor<[48, 32], i8>, !relax.tensor<[48, 2], f16>) -> !relax.tensor<[48, 64], f32>
  %a = relax.matmul %x, %w4 {transpose_b = true} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[48, 64], f32>) -> !relax.tensor<[b, s, 48], f32>
  %w8 = relax.dequantize %q8, %d8 {format = #relax.quant_format<q8_0>} : (!relax.tensor<[16, 64], i8>, !relax.tensor<[16, 2], f16>) -> !relax.tensor<[16, 64], f32>
  %b = relax.matmul %x, %w8 {transpose_b = true} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[16, 64], f32>) -> !relax.tensor<[b, s, 16], f32>
  %e = relax.take %w8, %ids : (!relax.tensor<[16, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 64], f32>
  %c = relax.matmul %x, %w : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 8], f32>) -> !relax.tensor<[b, s, 8], f32>
  relax.return
}

// -----

// Other layouts and forms stay: MLC's q4f32_1, a product by the untransposed
// weights, f16 activations.

// QUANT-LABEL: relax.func @quantized_kept
// QUANT-COUNT-3: dequantize
// QUANT-NOT: call_library
relax.func @quantized_kept(%x: !relax.tensor<[s, 64], f32>, %q: !relax.tensor<[64, 8], i32>, %d: !relax.tensor<[64, 2], f32>, %q4: !relax.tensor<[64, 32], i8>, %d4: !relax.tensor<[64, 2], f16>, %h: !relax.tensor<[s, 64], f16>) {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4f32_1>} : (!relax.tensor<[64, 8], i32>, !relax.tensor<[64, 2], f32>) -> !relax.tensor<[64, 64], f32>
  %a = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[s, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[s, 64], f32>
  %w4 = relax.dequantize %q4, %d4 {format = #relax.quant_format<q4_0>} : (!relax.tensor<[64, 32], i8>, !relax.tensor<[64, 2], f16>) -> !relax.tensor<[64, 64], f32>
  %b = relax.matmul %x, %w4 : (!relax.tensor<[s, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[s, 64], f32>
  %w16 = relax.dequantize %q4, %d4 {format = #relax.quant_format<q4_0>} : (!relax.tensor<[64, 32], i8>, !relax.tensor<[64, 2], f16>) -> !relax.tensor<[64, 64], f32>
  %h16 = relax.astype %w16 {dtype = f16} : (!relax.tensor<[64, 64], f32>) -> !relax.tensor<[64, 64], f16>
  %c = relax.matmul %h, %h16 {transpose_b = true} : (!relax.tensor<[s, 64], f16>, !relax.tensor<[64, 64], f16>) -> !relax.tensor<[s, 64], f16>
  relax.return
}
