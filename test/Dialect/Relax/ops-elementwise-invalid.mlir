// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Verifier errors of the elementwise ops: wrong element types, broadcasts
// that are disproven (`n` against `n + 1`, 3 against 4) and written result
// types that provably differ from the inferred ones.

// exp takes a float element type only.
relax.func @exp_i32(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.exp' op operand #0 must have a float element type, got i32}}
  %r = relax.exp %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// log takes a float element type only.
relax.func @log_i1(%x: !relax.tensor<[n, 4], i1>) {
  // expected-error @+1 {{'relax.log' op operand #0 must have a float element type, got i1}}
  %r = relax.log %x : (!relax.tensor<[n, 4], i1>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// sqrt takes a float element type only.
relax.func @sqrt_index(%x: !relax.tensor<[n, 4], index>) {
  // expected-error @+1 {{'relax.sqrt' op operand #0 must have a float element type, got index}}
  %r = relax.sqrt %x : (!relax.tensor<[n, 4], index>) -> !relax.tensor<*, index>
  relax.return
}

// -----

// A written result dim that provably differs from the inferred one.
relax.func @rsqrt_result(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.rsqrt' op result #0 has type '!relax.tensor<[n, 5], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.rsqrt %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 5], f32>
  relax.return
}

// -----

// A written result element type that differs from the operand's.
relax.func @tanh_result(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.tanh' op result #0 has type '!relax.tensor<[n, 4], f16>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.tanh %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f16>
  relax.return
}

// -----

// sigmoid takes a float element type only.
relax.func @sigmoid_i64(%x: !relax.tensor<[n, 4], i64>) {
  // expected-error @+1 {{'relax.sigmoid' op operand #0 must have a float element type, got i64}}
  %r = relax.sigmoid %x : (!relax.tensor<[n, 4], i64>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// A written result rank that differs from the operand's.
relax.func @silu_result(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.silu' op result #0 has type '!relax.tensor<[n], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.silu %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// gelu takes a float element type only.
relax.func @gelu_complex_f32(%x: !relax.tensor<[n, 4], complex<f32>>) {
  // expected-error @+1 {{'relax.gelu' op operand #0 must have a float element type, got complex<f32>}}
  %r = relax.gelu %x : (!relax.tensor<[n, 4], complex<f32>>) -> !relax.tensor<*, complex<f32>>
  relax.return
}

// -----

// gelu_tanh takes a float element type only.
relax.func @gelu_tanh_i8(%x: !relax.tensor<[n, 4], i8>) {
  // expected-error @+1 {{'relax.gelu_tanh' op operand #0 must have a float element type, got i8}}
  %r = relax.gelu_tanh %x : (!relax.tensor<[n, 4], i8>) -> !relax.tensor<*, i8>
  relax.return
}

// -----

// Static dims that differ.
relax.func @erf_result(%x: !relax.tensor<[2, 3], f32>) {
  // expected-error @+1 {{'relax.erf' op result #0 has type '!relax.tensor<[3, 2], f32>' but the operands give '!relax.tensor<[2, 3], f32>'}}
  %r = relax.erf %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[3, 2], f32>
  relax.return
}

// -----

// sin takes a float element type only.
relax.func @sin_i32(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.sin' op operand #0 must have a float element type, got i32}}
  %r = relax.sin %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// n + 1 is never n.
relax.func @cos_result(%n0: !relax.tensor<[n], f32>, %x: !relax.tensor<[n + 1], f32>) {
  // expected-error @+1 {{'relax.cos' op result #0 has type '!relax.tensor<[n], f32>' but the operands give '!relax.tensor<[n + 1], f32>'}}
  %r = relax.cos %x : (!relax.tensor<[n + 1], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// relu, neg and abs take integer or float element types.
relax.func @relu_complex_f32(%x: !relax.tensor<[n, 4], complex<f32>>) {
  // expected-error @+1 {{'relax.relu' op operand #0 must have an integer or float element type}}
  %r = relax.relu %x : (!relax.tensor<[n, 4], complex<f32>>) -> !relax.tensor<*, complex<f32>>
  relax.return
}

// -----

// index is not an integer type here.
relax.func @neg_index(%x: !relax.tensor<[n, 4], index>) {
  // expected-error @+1 {{'relax.neg' op operand #0 must have an integer or float element type}}
  %r = relax.neg %x : (!relax.tensor<[n, 4], index>) -> !relax.tensor<*, index>
  relax.return
}

// -----

// abs keeps the shape.
relax.func @abs_result(%x: !relax.tensor<[n, 4], i32>) {
  // expected-error @+1 {{'relax.abs' op result #0 has type '!relax.tensor<[n + 1, 4], i32>' but the operands give '!relax.tensor<[n, 4], i32>'}}
  %r = relax.abs %x : (!relax.tensor<[n, 4], i32>) -> !relax.tensor<[n + 1, 4], i32>
  relax.return
}

// -----

// Both operands of a binary op have the same element type.
relax.func @add_dtype(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], f16>) {
  // expected-error @+1 {{'relax.add' op operand #1 has element type f16 but operand #0 has f32}}
  %r = relax.add %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The written result [n, 5] provably differs from the inferred [n, 4].
relax.func @add_result(%a: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.add' op result #0 has type '!relax.tensor<[n, 5], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.add %a, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 5], f32>
  relax.return
}

// -----

// Symbolic dims never broadcast: n against n + 1 is disproven.
relax.func @subtract_disproven(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n + 1], f32>) {
  // expected-error @+1 {{'relax.subtract' op broadcast: operand #1 dim 0 is n + 1 but must equal n}}
  %r = relax.subtract %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Static dims that differ and are not 1.
relax.func @multiply_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.multiply' op broadcast: operand #1 dim 0 is 4 but must equal 3}}
  %r = relax.multiply %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// index is not a numeric element type of the binary ops.
relax.func @divide_index(%a: !relax.tensor<[n], index>, %b: !relax.tensor<[n], index>) {
  // expected-error @+1 {{'relax.divide' op operands must have an integer or float element type}}
  %r = relax.divide %a, %b : (!relax.tensor<[n], index>, !relax.tensor<[n], index>) -> !relax.tensor<*, index>
  relax.return
}

// -----

// A disproven broadcast in the rank-extended operand.
relax.func @power_rank_extension(%a: !relax.tensor<[2, n], f32>, %b: !relax.tensor<[n + 2], f32>) {
  // expected-error @+1 {{'relax.power' op broadcast: operand #1 dim 0 is n + 2 but must equal n}}
  %r = relax.power %a, %b : (!relax.tensor<[2, n], f32>, !relax.tensor<[n + 2], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Integer widths must agree too.
relax.func @maximum_dtype(%a: !relax.tensor<[n], i32>, %b: !relax.tensor<[n], i64>) {
  // expected-error @+1 {{'relax.maximum' op operand #1 has element type i64 but operand #0 has i32}}
  %r = relax.maximum %a, %b : (!relax.tensor<[n], i32>, !relax.tensor<[n], i64>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// minimum is not a comparison: its result keeps the operands' element type.
relax.func @minimum_result_dtype(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.minimum' op result #0 has type '!relax.tensor<*, i1>' but the operands give '!relax.tensor<[n], f32>'}}
  %r = relax.minimum %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// Comparisons give i1.
relax.func @equal_result_dtype(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.equal' op result #0 has type '!relax.tensor<*, f32>' but the operands give '!relax.tensor<[n], i1>'}}
  %r = relax.equal %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Comparisons also need equal operand element types.
relax.func @not_equal_dtype(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], i32>) {
  // expected-error @+1 {{'relax.not_equal' op operand #1 has element type i32 but operand #0 has f32}}
  %r = relax.not_equal %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// Static broadcast mismatch in the leading dim.
relax.func @less_static(%a: !relax.tensor<[4, 3], f32>, %b: !relax.tensor<[2, 3], f32>) {
  // expected-error @+1 {{'relax.less' op broadcast: operand #1 dim 0 is 2 but must equal 4}}
  %r = relax.less %a, %b : (!relax.tensor<[4, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// n against n + 1 in the middle dim.
relax.func @less_equal_disproven(%a: !relax.tensor<[b, n, 4], f32>, %b: !relax.tensor<[n + 1, 1], f32>) {
  // expected-error @+1 {{'relax.less_equal' op broadcast: operand #1 dim 0 is n + 1 but must equal n}}
  %r = relax.less_equal %a, %b : (!relax.tensor<[b, n, 4], f32>, !relax.tensor<[n + 1, 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// The broadcast result has rank 2.
relax.func @greater_result_rank(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.greater' op result #0 has type '!relax.tensor<[n], i1>' but the operands give '!relax.tensor<[n, 4], i1>'}}
  %r = relax.greater %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n], i1>
  relax.return
}

// -----

// f16 and bf16 are different element types.
relax.func @greater_equal_dtype(%a: !relax.tensor<[n], f16>, %b: !relax.tensor<[n], bf16>) {
  // expected-error @+1 {{'relax.greater_equal' op operand #1 has element type bf16 but operand #0 has f16}}
  %r = relax.greater_equal %a, %b : (!relax.tensor<[n], f16>, !relax.tensor<[n], bf16>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// The condition of where must be i1.
relax.func @where_cond_dtype(%c: !relax.tensor<[n], f32>, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.where' op condition must have element type i1}}
  %r = relax.where %c, %x, %y : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Not even another integer type.
relax.func @where_cond_i8(%c: !relax.tensor<[n], i8>, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.where' op condition must have element type i1}}
  %r = relax.where %c, %x, %y : (!relax.tensor<[n], i8>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// x and y share an element type.
relax.func @where_dtype(%c: !relax.tensor<[n], i1>, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f16>) {
  // expected-error @+1 {{'relax.where' op operand #2 has element type f16 but operand #1 has f32}}
  %r = relax.where %c, %x, %y : (!relax.tensor<[n], i1>, !relax.tensor<[n], f32>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The condition takes part in the broadcast.
relax.func @where_disproven(%c: !relax.tensor<[n], i1>, %x: !relax.tensor<[n + 1], f32>, %y: !relax.tensor<[1], f32>) {
  // expected-error @+1 {{'relax.where' op broadcast: operand #1 dim 0 is n + 1 but must equal n}}
  %r = relax.where %c, %x, %y : (!relax.tensor<[n], i1>, !relax.tensor<[n + 1], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// The written result [n, 5] provably differs from the inferred [n, 4].
relax.func @where_result(%c: !relax.tensor<[n, 1], i1>, %x: !relax.tensor<[4], f32>, %y: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.where' op result #0 has type '!relax.tensor<[n, 5], f32>' but the operands give '!relax.tensor<[n, 4], f32>'}}
  %r = relax.where %c, %x, %y : (!relax.tensor<[n, 1], i1>, !relax.tensor<[4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 5], f32>
  relax.return
}
