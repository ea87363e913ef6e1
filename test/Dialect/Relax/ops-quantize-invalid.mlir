// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid uses of dequantize: packed data or scales of another element type
// than the layout's, rows that are not whole groups of 32, scales that are
// not one per group, leading dims that differ, and rank 0.

relax.func @data_type(%q: !relax.tensor<[4, 16], i32>, %d: !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op q4_0 data must have element type i8, got i32}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[4, 16], i32>, !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @scale_type(%q: !relax.tensor<[4, 4], i32>, %d: !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op q4f32_1 scales must have element type f32, got f16}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4f32_1>} : (!relax.tensor<[4, 4], i32>, !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @partial_group(%q: !relax.tensor<[4, 40], i8>, %d: !relax.tensor<[4, 2], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op q8_0 data (groups of 32 elements): 40 is not a multiple of 32}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q8_0>} : (!relax.tensor<[4, 40], i8>, !relax.tensor<[4, 2], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @scales_per_group(%q: !relax.tensor<[4, 32], i8>, %d: !relax.tensor<[4, 3], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op scales (one per group of 32 weights): operand #1 dim 1}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[4, 32], i8>, !relax.tensor<[4, 3], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @leading_dims(%q: !relax.tensor<[4, 32], i8>, %d: !relax.tensor<[5, 2], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op scales: operand #1 dim 0}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[4, 32], i8>, !relax.tensor<[5, 2], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @scales_rank(%q: !relax.tensor<[4, 32], i8>, %d: !relax.tensor<[8], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op operand #1 must have rank 2, got 1}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[4, 32], i8>, !relax.tensor<[8], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @rank_zero(%q: !relax.tensor<[], i8>, %d: !relax.tensor<[], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.dequantize' op data must have rank at least 1}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q8_0>} : (!relax.tensor<[], i8>, !relax.tensor<[], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}

// -----

relax.func @bad_format(%q: !relax.tensor<[4, 32], i8>, %d: !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+2 {{expected ::mlir::relax::QuantFormat to be one of: q4_0, q8_0, q4f16_1, q4f32_1}}
  // expected-error @+1 {{failed to parse Relax_QuantFormatAttr parameter 'value'}}
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q5_k>} : (!relax.tensor<[4, 32], i8>, !relax.tensor<[4, 1], f16>) -> !relax.tensor<*, f32>
  relax.return %w : !relax.tensor<*, f32>
}
