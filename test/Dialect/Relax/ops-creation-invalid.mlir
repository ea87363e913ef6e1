// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid uses of the creation ops (full, zeros, ones, arange) and of
// tril / triu: bad operands and attributes, and written result types that
// provably differ from the inferred ones.

relax.func @full_value_not_rank0(%v: !relax.tensor<[1], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.full' op operand #0 must have rank 0, got 1}}
  %0 = relax.full %v {shape = #sym.shape<[2, 3]>} : (!relax.tensor<[1], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @full_unknown_shape(%v: !relax.tensor<[], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.full' op shape must be fully known}}
  %0 = relax.full %v {shape = #sym.shape<[2, ?]>} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// The result has the element type of the value.
relax.func @full_result_dtype(%v: !relax.tensor<[], f32>) -> !relax.tensor<*, i32> {
  // expected-error @+1 {{'relax.full' op result #0 has type '!relax.tensor<[2], i32>' but the operands give '!relax.tensor<[2], f32>'}}
  %0 = relax.full %v {shape = #sym.shape<[2]>} : (!relax.tensor<[], f32>) -> !relax.tensor<[2], i32>
  relax.return %0 : !relax.tensor<[2], i32>
}

// -----

relax.func @full_result_shape(%v: !relax.tensor<[], f32>, %x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.full' op result #0 has type '!relax.tensor<[n, 5], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %0 = relax.full %v {shape = #sym.shape<[n, 4]>} : (!relax.tensor<[], f32>) -> !relax.tensor<[n, 5], f32>
  relax.return %0 : !relax.tensor<[n, 5], f32>
}

// -----

relax.func @full_unbound_variable(%v: !relax.tensor<[], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.full' op uses symbolic variable 'n' in its attributes before it is bound; bind it with a parameter or a relax.match_cast}}
  %0 = relax.full %v {shape = #sym.shape<[n]>} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @zeros_unknown_shape() -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.zeros' op shape must be fully known}}
  %0 = relax.zeros {shape = #sym.shape<[?]>, dtype = f32} : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @ones_index_dtype() -> !relax.tensor<*, index> {
  // expected-error @+1 {{'relax.ones' op dtype must be an integer or float type}}
  %0 = relax.ones {shape = #sym.shape<[2]>, dtype = index} : () -> !relax.tensor<*, index>
  relax.return %0 : !relax.tensor<*, index>
}

// -----

relax.func @zeros_result_shape() -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.zeros' op result #0 has type '!relax.tensor<[3, 2], f32>' but the operands give '!relax.tensor<[2, 3], f32>'}}
  %0 = relax.zeros {shape = #sym.shape<[2, 3]>, dtype = f32} : () -> !relax.tensor<[3, 2], f32>
  relax.return %0 : !relax.tensor<[3, 2], f32>
}

// -----

relax.func @ones_result_dtype(%x: !relax.tensor<[s], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.ones' op result #0 has type '!relax.tensor<*, f32>' but the operands give '!relax.tensor<[s, s], f16>'}}
  %0 = relax.ones {shape = #sym.shape<[s, s]>, dtype = f16} : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @arange_step_zero() -> !relax.tensor<*, i64> {
  // expected-error @+1 {{'relax.arange' op step must be positive, got 0}}
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<10>, step = #sym.expr<0>, dtype = i64} : () -> !relax.tensor<*, i64>
  relax.return %0 : !relax.tensor<*, i64>
}

// -----

relax.func @arange_step_zero_symbolic(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.arange' op step must be positive, got 0}}
  %0 = relax.arange {start = #sym.expr<n>, end = #sym.expr<2 * n>, step = #sym.expr<0>, dtype = f32} : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @arange_index_dtype() -> !relax.tensor<*, index> {
  // expected-error @+1 {{'relax.arange' op dtype must be an integer or float type}}
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<10>, step = #sym.expr<1>, dtype = index} : () -> !relax.tensor<*, index>
  relax.return %0 : !relax.tensor<*, index>
}

// -----

// 0, 3, 6, 9: four values.
relax.func @arange_result_static() -> !relax.tensor<*, i64> {
  // expected-error @+1 {{'relax.arange' op result #0 has type '!relax.tensor<[3], i64>' but the operands give '!relax.tensor<[4], i64>'}}
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<10>, step = #sym.expr<3>, dtype = i64} : () -> !relax.tensor<[3], i64>
  relax.return %0 : !relax.tensor<[3], i64>
}

// -----

relax.func @arange_result_symbolic(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, i64> {
  // expected-error @+1 {{'relax.arange' op result #0 has type '!relax.tensor<[n], i64>' but the operands give '!relax.tensor<[n + 1], i64>'}}
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<n + 1>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<[n], i64>
  relax.return %0 : !relax.tensor<[n], i64>
}

// -----

relax.func @arange_unbound_variable() -> !relax.tensor<*, i64> {
  // expected-error @+1 {{'relax.arange' op uses symbolic variable 'n' in its attributes before it is bound; bind it with a parameter or a relax.match_cast}}
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<n>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<*, i64>
  relax.return %0 : !relax.tensor<*, i64>
}

// -----

relax.func @tril_rank1(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.tril' op operand #0 must have rank at least 2, got 1}}
  %0 = relax.tril %x : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @triu_rank0(%x: !relax.tensor<[], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.triu' op operand #0 must have rank at least 2, got 0}}
  %0 = relax.triu %x {k = 1} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @tril_result(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.tril' op result #0 has type '!relax.tensor<[n, m + 1], f32>' but the operands give '!relax.tensor<[n, m], f32>'}}
  %0 = relax.tril %x : (!relax.tensor<[n, m], f32>) -> !relax.tensor<[n, m + 1], f32>
  relax.return %0 : !relax.tensor<[n, m + 1], f32>
}

// -----

relax.func @triu_result_dtype(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.triu' op result #0 has type '!relax.tensor<*, f16>' but the operands give '!relax.tensor<[n, m], f32>'}}
  %0 = relax.triu %x : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}
