// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s
// RUN: relax-opt %s -split-input-file --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP

// Shape rules of dequantize: each block layout's row of K weights from its
// packed data (K / 2 bytes, K bytes, K / 8 words) and one scale per group
// of 32; f16 weights from q4f16_1, f32 from the others.

// CHECK-LABEL: relax.func @q4_0
// CHECK: dequantize %{{.*}}, %{{.*}} {format = #relax.quant_format<q4_0>} : {{.*}} -> !relax.tensor<[n, 128], f32>
// ROUNDTRIP-LABEL: relax.func @q4_0
relax.func @q4_0(%q: !relax.tensor<[n, 64], i8>, %d: !relax.tensor<[n, 4], f16>) -> !relax.tensor<*, f32> {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[n, 64], i8>, !relax.tensor<[n, 4], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @q8_0
// CHECK: dequantize %{{.*}}, %{{.*}} {format = #relax.quant_format<q8_0>} : {{.*}} -> !relax.tensor<[2, 3, 96], f32>
// ROUNDTRIP-LABEL: relax.func @q8_0
relax.func @q8_0(%q: !relax.tensor<[2, 3, 96], i8>, %d: !relax.tensor<[2, 3, 3], f16>) -> !relax.tensor<*, f32> {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q8_0>} : (!relax.tensor<[2, 3, 96], i8>, !relax.tensor<[2, 3, 3], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

// A symbolic row: K is 8 times the words, which the scales' count (a
// quarter of them) requires to be a multiple of 4.
// CHECK-LABEL: relax.func @q4f16_1
// CHECK: dequantize %{{.*}}, %{{.*}} {format = #relax.quant_format<q4f16_1>} : {{.*}} -> !relax.tensor<[8, 32 * k], f16>
// CHECK: dequantize %{{.*}}, %{{.*}} {format = #relax.quant_format<q4f32_1>} : {{.*}} -> !relax.tensor<[8, 256], f32>
// ROUNDTRIP-LABEL: relax.func @q4f16_1
relax.func @q4f16_1(%q: !relax.tensor<[8, k * 4], i32>, %d: !relax.tensor<[8, k], f16>, %q2: !relax.tensor<[8, 32], i32>, %d2: !relax.tensor<[8, 8], f32>) -> (!relax.tensor<*, f16>, !relax.tensor<*, f32>) {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4f16_1>} : (!relax.tensor<[8, k * 4], i32>, !relax.tensor<[8, k], f16>) -> !relax.tensor<*, f16>
  %w2 = relax.dequantize %q2, %d2 {format = #relax.quant_format<q4f32_1>} : (!relax.tensor<[8, 32], i32>, !relax.tensor<[8, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %w, %w2 : !relax.tensor<*, f16>, !relax.tensor<*, f32>
}
