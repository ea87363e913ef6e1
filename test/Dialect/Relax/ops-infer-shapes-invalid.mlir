// RUN: relax-opt %s --relax-infer-shapes -split-input-file -verify-diagnostics

// Errors of the elementwise, linalg and reduction ops that only
// `--relax-infer-shapes` finds: the operand types are written as `*` and
// only inference shows the mismatch, or a run-time check inserted for an
// earlier op teaches the prover an equality that a later op contradicts.

// The check m == n inserted for the add makes m against n + 1 disproven.
relax.func @learned_broadcast(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>, %z: !relax.tensor<[n + 1], f32>) {
  %a = relax.add %x, %y : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.subtract' op broadcast: operand #1 dim 0 is n + 1 but must equal m}}
  %r = relax.subtract %y, %z : (!relax.tensor<[m], f32>, !relax.tensor<[n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The matmul result is [m, n]; adding [m, n + 1] is disproven.
relax.func @matmul_then_add(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k, n], f32>, %c: !relax.tensor<[m, n + 1], f32>) {
  %p = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.add' op broadcast: operand #1 dim 1 is n + 1 but must equal n}}
  %r = relax.add %p, %c : (!relax.tensor<*, f32>, !relax.tensor<[m, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The check j == k inserted for the first matmul contradicts k + 1 in the second.
relax.func @learned_contraction(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[j, n], f32>, %c: !relax.tensor<[m, j], f32>, %d: !relax.tensor<[k + 1, n], f32>) {
  %p = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[j, n], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is k + 1 but must equal j}}
  %r = relax.matmul %c, %d : (!relax.tensor<[m, j], f32>, !relax.tensor<[k + 1, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// softmax keeps [m, 4]; the contraction with [5, n] is disproven.
relax.func @softmax_then_matmul(%x: !relax.tensor<[m, 4], f32>, %w: !relax.tensor<[5, n], f32>) {
  %p = relax.softmax %x : (!relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is 5 but must equal 4}}
  %r = relax.matmul %p, %w : (!relax.tensor<*, f32>, !relax.tensor<[5, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The sum leaves [b, h]; adding [b, h + 1] is disproven.
relax.func @sum_then_add(%x: !relax.tensor<[b, t, h], f32>, %y: !relax.tensor<[b, h + 1], f32>) {
  %p = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[b, t, h], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.add' op broadcast: operand #1 dim 1 is h + 1 but must equal h}}
  %r = relax.add %p, %y : (!relax.tensor<*, f32>, !relax.tensor<[b, h + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// After the sum the channel count 6 is known; it does not split into 4 groups.
relax.func @sum_then_group_norm(%x: !relax.tensor<[n, 6, h], f32>, %g: !relax.tensor<[6], f32>) {
  %p = relax.sum %x {axes = array<i64: 2>} : (!relax.tensor<[n, 6, h], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.group_norm' op channel count: 6 is not a multiple of 4}}
  %r = relax.group_norm %p, %g, %g {num_groups = 4 : i64} : (!relax.tensor<*, f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The check d == h inserted for rms_norm makes the gamma [d + 1] of layer_norm disproven.
relax.func @learned_norm_size(%x: !relax.tensor<[b, h], f32>, %w: !relax.tensor<[d], f32>, %g: !relax.tensor<[d + 1], f32>) {
  %p = relax.rms_norm %x, %w : (!relax.tensor<[b, h], f32>, !relax.tensor<[d], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.layer_norm' op normalization parameter: operand #1 dim 0 is d + 1 but must equal h}}
  %r = relax.layer_norm %x, %g, %g : (!relax.tensor<[b, h], f32>, !relax.tensor<[d + 1], f32>, !relax.tensor<[d + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// argmax of [b, v] is [b]; the where against [b + 1] is disproven.
relax.func @argmax_then_where(%x: !relax.tensor<[b, v], f32>, %c: !relax.tensor<[b + 1], i1>, %y: !relax.tensor<[1], i64>) {
  %p = relax.argmax %x {axis = 1 : i64} : (!relax.tensor<[b, v], f32>) -> !relax.tensor<*, i64>
  // expected-error @+1 {{'relax.where' op broadcast: operand #1 dim 0 is b but must equal b + 1}}
  %r = relax.where %c, %p, %y : (!relax.tensor<[b + 1], i1>, !relax.tensor<*, i64>, !relax.tensor<[1], i64>) -> !relax.tensor<*, i64>
  relax.return
}
