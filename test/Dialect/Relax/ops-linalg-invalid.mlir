// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Verifier errors of matmul, packed_matmul, softmax and log_softmax.

// The contraction dims 4 and 5 differ.
relax.func @matmul_k_mismatch(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[5, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is 5 but must equal 4}}
  %r = relax.matmul %a, %b : (!relax.tensor<[m, 4], f32>, !relax.tensor<[5, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// k against k + 1 is disproven.
relax.func @matmul_k_disproven(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k + 1, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is k + 1 but must equal k}}
  %r = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k + 1, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// With transpose_b the contraction dim of b is its last one.
relax.func @matmul_transpose_b(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[4, 8], f32>) {
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 1 is 8 but must equal 4}}
  %r = relax.matmul %a, %b {transpose_b = true} : (!relax.tensor<[m, 4], f32>, !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// With transpose_a the contraction dim of a is its first one.
relax.func @matmul_transpose_a(%a: !relax.tensor<[4, m], f32>, %b: !relax.tensor<[8, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is 8 but must equal 4}}
  %r = relax.matmul %a, %b {transpose_a = true} : (!relax.tensor<[4, m], f32>, !relax.tensor<[8, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Two vectors of different lengths.
relax.func @matmul_vector(%a: !relax.tensor<[3], f32>, %b: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.matmul' op contraction dim: operand #1 dim 0 is 4 but must equal 3}}
  %r = relax.matmul %a, %b : (!relax.tensor<[3], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Batch dims broadcast like the binary ops: 2 against 3 fails.
relax.func @matmul_batch(%a: !relax.tensor<[2, m, k], f32>, %b: !relax.tensor<[3, k, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op broadcast: operand #1 dim 0 is 3 but must equal 2}}
  %r = relax.matmul %a, %b : (!relax.tensor<[2, m, k], f32>, !relax.tensor<[3, k, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// b against b + 1 in the batch dims.
relax.func @matmul_batch_disproven(%a: !relax.tensor<[b, 1, m, k], f32>, %b: !relax.tensor<[b + 1, h, k, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op broadcast: operand #1 dim 0 is b + 1 but must equal b}}
  %r = relax.matmul %a, %b : (!relax.tensor<[b, 1, m, k], f32>, !relax.tensor<[b + 1, h, k, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Both operands have the same element type.
relax.func @matmul_dtype(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k, n], f16>) {
  // expected-error @+1 {{'relax.matmul' op operand #1 has element type f16 but operand #0 has f32}}
  %r = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f16>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A rank-0 operand.
relax.func @matmul_rank0(%a: !relax.tensor<[], f32>, %b: !relax.tensor<[k, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op matmul operands must have rank at least 1}}
  %r = relax.matmul %a, %b : (!relax.tensor<[], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The written result [m, n + 1] provably differs from the inferred [m, n].
relax.func @matmul_result(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op result #0 has type '!relax.tensor<[m, n + 1], f32>' but the operands give '!relax.tensor<[m, n], f32>'}}
  %r = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n + 1], f32>
  relax.return
}

// -----

// A vector operand's dim is dropped from the result.
relax.func @matmul_result_rank(%a: !relax.tensor<[k], f32>, %b: !relax.tensor<[k, n], f32>) {
  // expected-error @+1 {{'relax.matmul' op result #0 has type '!relax.tensor<[1, n], f32>' but the operands give '!relax.tensor<[n], f32>'}}
  %r = relax.matmul %a, %b : (!relax.tensor<[k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[1, n], f32>
  relax.return
}

// -----

// softmax takes a float element type only.
relax.func @softmax_int(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.softmax' op operand #0 must have a float element type, got i32}}
  %r = relax.softmax %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// axis is out of range.
relax.func @softmax_axis(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.softmax' op axis 2 is out of range for rank 2}}
  %r = relax.softmax %x {axis = 2 : i64} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A negative axis out of range.
relax.func @softmax_negative_axis(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.softmax' op axis -3 is out of range for rank 2}}
  %r = relax.softmax %x {axis = -3 : i64} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A rank-0 operand has no axis to normalize.
relax.func @softmax_rank0(%x: !relax.tensor<[], f32>) {
  // expected-error @+1 {{'relax.softmax' op operand #0 must have rank at least 1, got 0}}
  %r = relax.softmax %x : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The result has the operand's shape.
relax.func @softmax_result(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.softmax' op result #0 has type '!relax.tensor<[n, 8], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.softmax %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return
}

// -----

// log_softmax takes a float element type only.
relax.func @log_softmax_int(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.log_softmax' op operand #0 must have a float element type, got i32}}
  %r = relax.log_softmax %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// axis is out of range.
relax.func @log_softmax_axis(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.log_softmax' op axis 2 is out of range for rank 2}}
  %r = relax.log_softmax %x {axis = 2 : i64} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A negative axis out of range.
relax.func @log_softmax_negative_axis(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.log_softmax' op axis -3 is out of range for rank 2}}
  %r = relax.log_softmax %x {axis = -3 : i64} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A rank-0 operand has no axis to normalize.
relax.func @log_softmax_rank0(%x: !relax.tensor<[], f32>) {
  // expected-error @+1 {{'relax.log_softmax' op operand #0 must have rank at least 1, got 0}}
  %r = relax.log_softmax %x : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The result has the operand's shape.
relax.func @log_softmax_result(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.log_softmax' op result #0 has type '!relax.tensor<[n, 8], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.log_softmax %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return
}

// -----

relax.func @matmul_of_index(%a: !relax.tensor<[n, n], index>) {
  // expected-error @+1 {{'relax.matmul' op operands must have an integer or float element type}}
  %r = relax.matmul %a, %a : (!relax.tensor<[n, n], index>, !relax.tensor<[n, n], index>) -> !relax.tensor<*, index>
  relax.return
}

// -----

// The packed operand is [n / p, k, p].
relax.func @packed_matmul_rank(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[4, 8], f32>) {
  // expected-error @+1 {{'relax.packed_matmul' op packed operand must have rank 3 ([n / p, k, p]), got 2}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[m, 4], f32>, !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The panel width is static.
relax.func @packed_matmul_dynamic_panel(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[2, 4, p], f32>) {
  // expected-error @+1 {{'relax.packed_matmul' op the panel width (dim 2 of the packed operand) must be static}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[m, 4], f32>, !relax.tensor<[2, 4, p], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The contraction dims 4 and 5 differ.
relax.func @packed_matmul_k_mismatch(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[2, 5, 16], f32>) {
  // expected-error @+1 {{'relax.packed_matmul' op contraction dim: operand #1 dim 1 is 5 but must equal 4}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[m, 4], f32>, !relax.tensor<[2, 5, 16], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A vector is not a matrix of rows.
relax.func @packed_matmul_vector(%a: !relax.tensor<[4], f32>, %b: !relax.tensor<[2, 4, 16], f32>) {
  // expected-error @+1 {{'relax.packed_matmul' op operand #0 must have rank at least 2}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[4], f32>, !relax.tensor<[2, 4, 16], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Integers are not packed.
relax.func @packed_matmul_int(%a: !relax.tensor<[m, 4], i32>, %b: !relax.tensor<[2, 4, 16], i32>) {
  // expected-error @+1 {{'relax.packed_matmul' op operand #0 must have a float element type, got i32}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[m, 4], i32>, !relax.tensor<[2, 4, 16], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// The written result must agree with the inferred [m, 32].
relax.func @packed_matmul_result(%a: !relax.tensor<[m, 4], f32>, %b: !relax.tensor<[2, 4, 16], f32>) {
  // expected-error @+1 {{'relax.packed_matmul' op result #0 has type '!relax.tensor<[m, 16], f32>' but the operands give '!relax.tensor<[m, 32], f32>'}}
  %r = relax.packed_matmul %a, %b : (!relax.tensor<[m, 4], f32>, !relax.tensor<[2, 4, 16], f32>) -> !relax.tensor<[m, 16], f32>
  relax.return
}
