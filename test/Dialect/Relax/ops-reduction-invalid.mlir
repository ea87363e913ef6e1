// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Verifier errors of the reductions, cumsum and the normalizations.

// An axis out of range.
relax.func @sum_axis(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.sum' op axis 3 is out of range for rank 3}}
  %r = relax.sum %x {axes = array<i64: 3>} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// index is not a numeric element type of the reductions.
relax.func @sum_index(%x: !relax.tensor<[b, t], index>) {
  // expected-error @+1 {{'relax.sum' op operand #0 must have an integer or float element type}}
  %r = relax.sum %x : (!relax.tensor<[b, t], index>) -> !relax.tensor<*, index>
  relax.return
}

// -----

// A repeated axis.
relax.func @mean_repeated(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.mean' op axis 1 is repeated}}
  %r = relax.mean %x {axes = array<i64: 1, 1>} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// -2 is axis 1 again.
relax.func @max_repeated_negative(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.max' op axis -2 is repeated}}
  %r = relax.max %x {axes = array<i64: 1, -2>} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// With keepdims the result keeps rank 3.
relax.func @min_result_keepdims(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.min' op result #0 has type '!relax.tensor<[b, t], f32>' but the operands give '!relax.tensor<[b, t, 1], f32>'}}
  %r = relax.min %x {axes = array<i64: 2>, keepdims = true} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<[b, t], f32>
  relax.return
}

// -----

// A negative axis out of range.
relax.func @prod_negative_axis(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.prod' op axis -4 is out of range for rank 3}}
  %r = relax.prod %x {axes = array<i64: -4>} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The written result [4] provably differs from the inferred [8].
relax.func @variance_result(%x: !relax.tensor<[b, 8], f32>) {
  // expected-error @+1 {{'relax.variance' op result #0 has type '!relax.tensor<[4], f32>' but the operands give '!relax.tensor<[8], f32>'}}
  %r = relax.variance %x {axes = array<i64: 0>} : (!relax.tensor<[b, 8], f32>) -> !relax.tensor<[4], f32>
  relax.return
}

// -----

// The result keeps the element type.
relax.func @variance_result_dtype(%x: !relax.tensor<[b, 8], f32>) {
  // expected-error @+1 {{'relax.variance' op result #0 has type '!relax.tensor<*, f16>' but the operands give '!relax.tensor<[], f32>'}}
  %r = relax.variance %x : (!relax.tensor<[b, 8], f32>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// An axis out of range.
relax.func @argmax_axis(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.argmax' op axis 3 is out of range for rank 3}}
  %r = relax.argmax %x {axis = 3 : i64} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// argmax gives i64 indices.
relax.func @argmax_result_dtype(%x: !relax.tensor<[b, t, h], f32>) {
  // expected-error @+1 {{'relax.argmax' op result #0 has type '!relax.tensor<*, f32>' but the operands give '!relax.tensor<[t, h], i64>'}}
  %r = relax.argmax %x {axis = 0 : i64} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A rank-0 operand has no axis 0.
relax.func @argmax_rank0_axis(%x: !relax.tensor<[], f32>) {
  // expected-error @+1 {{'relax.argmax' op axis 0 is out of range for rank 0}}
  %r = relax.argmax %x {axis = 0 : i64} : (!relax.tensor<[], f32>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// An axis out of range.
relax.func @cumsum_axis(%x: !relax.tensor<[b, t], f32>) {
  // expected-error @+1 {{'relax.cumsum' op axis -3 is out of range for rank 2}}
  %r = relax.cumsum %x {axis = -3 : i64} : (!relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The default axis 0 does not exist at rank 0.
relax.func @cumsum_rank0(%x: !relax.tensor<[], f32>) {
  // expected-error @+1 {{'relax.cumsum' op axis 0 is out of range for rank 0}}
  %r = relax.cumsum %x : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// cumsum keeps the shape.
relax.func @cumsum_result(%x: !relax.tensor<[b, t], f32>) {
  // expected-error @+1 {{'relax.cumsum' op result #0 has type '!relax.tensor<[b, t + 1], f32>' but the operands give '!relax.tensor<[b, t], f32>'}}
  %r = relax.cumsum %x {axis = 1 : i64} : (!relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t + 1], f32>
  relax.return
}

// -----

// The weight has the size of the normalized (last) axis.
relax.func @rms_norm_weight_size(%x: !relax.tensor<[b, 8], f32>, %w: !relax.tensor<[7], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op normalization parameter: operand #1 dim 0 is 7 but must equal 8}}
  %r = relax.rms_norm %x, %w : (!relax.tensor<[b, 8], f32>, !relax.tensor<[7], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// h + 1 is never h.
relax.func @rms_norm_weight_disproven(%x: !relax.tensor<[b, h], f32>, %w: !relax.tensor<[h + 1], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op normalization parameter: operand #1 dim 0 is h + 1 but must equal h}}
  %r = relax.rms_norm %x, %w : (!relax.tensor<[b, h], f32>, !relax.tensor<[h + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Normalizing over two axes needs a 2-D weight.
relax.func @rms_norm_weight_rank(%x: !relax.tensor<[b, t, h], f32>, %w: !relax.tensor<[h], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op operand #1 must have rank 2, got 1}}
  %r = relax.rms_norm %x, %w {axes = array<i64: 1, 2>} : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// rms_norm takes a float element type only.
relax.func @rms_norm_int(%x: !relax.tensor<[b, h], i32>, %w: !relax.tensor<[h], i32>) {
  // expected-error @+1 {{'relax.rms_norm' op operand #0 must have a float element type, got i32}}
  %r = relax.rms_norm %x, %w : (!relax.tensor<[b, h], i32>, !relax.tensor<[h], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// The weight has the operand's element type.
relax.func @rms_norm_weight_dtype(%x: !relax.tensor<[b, h], f32>, %w: !relax.tensor<[h], f16>) {
  // expected-error @+1 {{'relax.rms_norm' op operand #1 has element type f16 but operand #0 has f32}}
  %r = relax.rms_norm %x, %w : (!relax.tensor<[b, h], f32>, !relax.tensor<[h], f16>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// An axis out of range.
relax.func @rms_norm_axis(%x: !relax.tensor<[b, h], f32>, %w: !relax.tensor<[h], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op axis 2 is out of range for rank 2}}
  %r = relax.rms_norm %x, %w {axes = array<i64: 2>} : (!relax.tensor<[b, h], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A repeated axis.
relax.func @rms_norm_repeated(%x: !relax.tensor<[b, h], f32>, %w: !relax.tensor<[h, h], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op axis 1 is repeated}}
  %r = relax.rms_norm %x, %w {axes = array<i64: -1, 1>} : (!relax.tensor<[b, h], f32>, !relax.tensor<[h, h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// gamma of the wrong size.
relax.func @layer_norm_gamma_size(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[4], f32>, %be: !relax.tensor<[8], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op normalization parameter: operand #1 dim 0 is 4 but must equal 8}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[4], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// beta of the wrong size.
relax.func @layer_norm_beta_size(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[8], f32>, %be: !relax.tensor<[9], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op normalization parameter: operand #2 dim 0 is 9 but must equal 8}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[9], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// 2 * h + 1 is never h (h >= 0).
relax.func @layer_norm_beta_disproven(%x: !relax.tensor<[b, t, h], f32>, %g: !relax.tensor<[h], f32>, %be: !relax.tensor<[2 * h + 1], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op normalization parameter: operand #2 dim 0 is 2 * h + 1 but must equal h}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>, !relax.tensor<[2 * h + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// beta has the operand's element type.
relax.func @layer_norm_beta_dtype(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[8], f32>, %be: !relax.tensor<[8], bf16>) {
  // expected-error @+1 {{'relax.layer_norm' op operand #2 has element type bf16 but operand #0 has f32}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], bf16>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The default axes are just the last one.
relax.func @layer_norm_gamma_rank(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[t, 8], f32>, %be: !relax.tensor<[t, 8], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op operand #1 must have rank 1, got 2}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[t, 8], f32>, !relax.tensor<[t, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// An axis out of range.
relax.func @layer_norm_axes(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[8], f32>, %be: !relax.tensor<[8], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op axis -4 is out of range for rank 3}}
  %r = relax.layer_norm %x, %g, %be {axes = array<i64: -4>} : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The result has the operand's shape.
relax.func @layer_norm_result(%x: !relax.tensor<[b, t, 8], f32>, %g: !relax.tensor<[8], f32>, %be: !relax.tensor<[8], f32>) {
  // expected-error @+1 {{'relax.layer_norm' op result #0 has type '!relax.tensor<[b, t, 16], f32>' but the operands give '!relax.tensor<[b, t, 8], f32>'}}
  %r = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[b, t, 16], f32>
  relax.return
}

// -----

// 6 channels do not split into 4 groups.
relax.func @group_norm_not_divisible(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op channel count: 6 is not a multiple of 4}}
  %r = relax.group_norm %x, %g, %be {num_groups = 4 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// 2 * c + 1 is odd.
relax.func @group_norm_not_divisible_symbolic(%c0: !relax.tensor<[c], f32>, %x: !relax.tensor<[n, 2 * c + 1], f32>, %g: !relax.tensor<[2 * c + 1], f32>) {
  // expected-error @+1 {{'relax.group_norm' op channel count: 2 * c + 1 is not a multiple of 2}}
  %r = relax.group_norm %x, %g, %g {num_groups = 2 : i64} : (!relax.tensor<[n, 2 * c + 1], f32>, !relax.tensor<[2 * c + 1], f32>, !relax.tensor<[2 * c + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// num_groups must be positive.
relax.func @group_norm_zero_groups(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op num_groups must be positive}}
  %r = relax.group_norm %x, %g, %be {num_groups = 0 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// gamma has one entry per channel.
relax.func @group_norm_gamma_size(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[3], f32>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op per-channel scale: operand #1 dim 0 is 3 but must equal 6}}
  %r = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[3], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// beta is 1-D.
relax.func @group_norm_beta_rank(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[1, 6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op operand #2 must have rank 1, got 2}}
  %r = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f32>, !relax.tensor<[1, 6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// channel_axis out of range.
relax.func @group_norm_channel_axis(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op axis 4 is out of range for rank 4}}
  %r = relax.group_norm %x, %g, %be {channel_axis = 4 : i64, num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// group_norm takes a float element type only.
relax.func @group_norm_int(%x: !relax.tensor<[n, 6, h, w], i32>, %g: !relax.tensor<[6], i32>, %be: !relax.tensor<[6], i32>) {
  // expected-error @+1 {{'relax.group_norm' op operand #0 must have a float element type, got i32}}
  %r = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], i32>, !relax.tensor<[6], i32>, !relax.tensor<[6], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// gamma has the operand's element type.
relax.func @group_norm_dtype(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f16>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op operand #1 has element type f16 but operand #0 has f32}}
  %r = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f16>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The result has the operand's shape.
relax.func @group_norm_result(%x: !relax.tensor<[n, 6, h, w], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[6], f32>) {
  // expected-error @+1 {{'relax.group_norm' op result #0 has type '!relax.tensor<[n, 3, h, w], f32>' but the operands give '!relax.tensor<[n, 6, h, w], f32>'}}
  %r = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<[n, 3, h, w], f32>
  relax.return
}

// -----

relax.func @mean_of_integers(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.mean' op operand #0 must have a float element type, got i32}}
  %r = relax.mean %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

relax.func @norm_over_no_axes(%x: !relax.tensor<[n, 4], f32>, %w: !relax.tensor<[], f32>) {
  // expected-error @+1 {{'relax.rms_norm' op needs at least one axis to normalize over}}
  %r = relax.rms_norm %x, %w {axes = array<i64>} : (!relax.tensor<[n, 4], f32>, !relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return
}
