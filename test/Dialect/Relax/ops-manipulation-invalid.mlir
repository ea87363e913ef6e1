// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid uses of the shape-manipulation ops. The verifier runs each op's
// shape rule: a needed equality that is disproven, or a written result type
// that provably differs from the inferred one, is an error. Symbolic dims may
// be 0, so `4 * n` against `5 * n` is only disproven under `n >= 1`.

// reshape: two inferred dims.
relax.func @reshape_two_inferred(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.reshape' op at most one dim of the new shape may be inferred}}
  %0 = relax.reshape %x {shape = #sym.shape<[?, ?]>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// reshape: 6 elements cannot fill rows of 4.
relax.func @reshape_indivisible(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.reshape' op cannot infer a dim: 6 elements do not split into rows of 4}}
  %0 = relax.reshape %x {shape = #sym.shape<[4, ?]>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// reshape: element count 6 against 8.
relax.func @reshape_count(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.reshape' op element count is 6 but must equal 8}}
  %0 = relax.reshape %x {shape = #sym.shape<[4, 2]>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// reshape: 4 * n against 5 * n is disproven once n >= 1 (for n = 0 they
// would be equal).
relax.func @reshape_count_symbolic(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
  // expected-error @+1 {{'relax.reshape' op element count is 4 * n but must equal 5 * n}}
  %0 = relax.reshape %x {shape = #sym.shape<[n, 5]>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// reshape: the written result type differs from the inferred one.
relax.func @reshape_result(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
  // expected-error @+1 {{'relax.reshape' op result #0 has type '!relax.tensor<[n], f32>' but the operands give '!relax.tensor<[4 * n], f32>'}}
  %0 = relax.reshape %x {shape = #sym.shape<[?]>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n], f32>
  relax.return %0 : !relax.tensor<[n], f32>
}

// -----

relax.func @reshape_result_static(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.reshape' op result #0 has type '!relax.tensor<[3, 3], f32>' but the operands give '!relax.tensor<[3, 2], f32>'}}
  %0 = relax.reshape %x {shape = #sym.shape<[3, ?]>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[3, 3], f32>
  relax.return %0 : !relax.tensor<[3, 3], f32>
}

// -----

relax.func @permute_repeated_axis(%x: !relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.permute_dims' op axis -1 is repeated}}
  %0 = relax.permute_dims %x {axes = array<i64: 0, 2, -1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @permute_axis_count(%x: !relax.tensor<[a, b, c], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.permute_dims' op permutation has 2 axes for rank 3}}
  %0 = relax.permute_dims %x {axes = array<i64: 1, 0>} : (!relax.tensor<[a, b, c], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @permute_axis_range(%x: !relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.permute_dims' op axis 2 is out of range for rank 2}}
  %0 = relax.permute_dims %x {axes = array<i64: 1, 2>} : (!relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @permute_result(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.permute_dims' op result #0 has type '!relax.tensor<[2, 3], f32>' but the operands give '!relax.tensor<[3, 2], f32>'}}
  %0 = relax.permute_dims %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
  relax.return %0 : !relax.tensor<[2, 3], f32>
}

// -----

// The axes of expand_dims are positions in the rank-3 result.
relax.func @expand_dims_axis_range(%x: !relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.expand_dims' op axis 3 is out of range for rank 3}}
  %0 = relax.expand_dims %x {axes = array<i64: 3>} : (!relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @expand_dims_repeated_axis(%x: !relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.expand_dims' op axis -4 is repeated}}
  %0 = relax.expand_dims %x {axes = array<i64: 0, -4>} : (!relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @expand_dims_result(%x: !relax.tensor<[3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.expand_dims' op result #0 has type '!relax.tensor<[3, 1], f32>' but the operands give '!relax.tensor<[1, 3], f32>'}}
  %0 = relax.expand_dims %x {axes = array<i64: 0>} : (!relax.tensor<[3], f32>) -> !relax.tensor<[3, 1], f32>
  relax.return %0 : !relax.tensor<[3, 1], f32>
}

// -----

relax.func @squeeze_static_dim(%x: !relax.tensor<[1, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.squeeze' op squeezed dim: operand #0 dim 1 is 3 but must equal 1}}
  %0 = relax.squeeze %x {axes = array<i64: 1>} : (!relax.tensor<[1, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// n + 2 is at least 2, so it is never 1.
relax.func @squeeze_symbolic_dim(%x: !relax.tensor<[n + 2], f32>, %y: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.squeeze' op squeezed dim: operand #0 dim 0 is n + 2 but must equal 1}}
  %0 = relax.squeeze %x {axes = array<i64: 0>} : (!relax.tensor<[n + 2], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @squeeze_result(%x: !relax.tensor<[1, n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.squeeze' op result #0 has type '!relax.tensor<[1, n], f32>' but the operands give '!relax.tensor<[n], f32>'}}
  %0 = relax.squeeze %x : (!relax.tensor<[1, n], f32>) -> !relax.tensor<[1, n], f32>
  relax.return %0 : !relax.tensor<[1, n], f32>
}

// -----

relax.func @broadcast_to_dim(%x: !relax.tensor<[3, 1], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.broadcast_to' op broadcast: operand #0 dim 0 is 3 but must equal 4}}
  %0 = relax.broadcast_to %x {shape = #sym.shape<[2, 4, 5]>} : (!relax.tensor<[3, 1], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @broadcast_to_symbolic_dim(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.broadcast_to' op broadcast: operand #0 dim 0 is n but must equal n + 1}}
  %0 = relax.broadcast_to %x {shape = #sym.shape<[4, n + 1]>} : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @broadcast_to_rank(%x: !relax.tensor<[a, b, c], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.broadcast_to' op cannot broadcast rank 3 to rank 2}}
  %0 = relax.broadcast_to %x {shape = #sym.shape<[b, c]>} : (!relax.tensor<[a, b, c], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @broadcast_to_unknown_target(%x: !relax.tensor<[a], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.broadcast_to' op target shape must be fully known}}
  %0 = relax.broadcast_to %x {shape = #sym.shape<[2, ?]>} : (!relax.tensor<[a], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @broadcast_to_result(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.broadcast_to' op result #0 has type '!relax.tensor<[4, n], f16>' but the operands give '!relax.tensor<[4, n], f32>'}}
  %0 = relax.broadcast_to %x {shape = #sym.shape<[4, n]>} : (!relax.tensor<[n], f32>) -> !relax.tensor<[4, n], f16>
  relax.return %0 : !relax.tensor<[4, n], f16>
}

// -----

relax.func @concat_non_axis_dim(%a: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[n, 5], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op concat: operand #1 dim 1 is 5 but must equal 4}}
  %0 = relax.concat %a, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 5], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @concat_symbolic_non_axis_dim(%a: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[n + 1, 4], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op concat: operand #1 dim 0 is n + 1 but must equal n}}
  %0 = relax.concat %a, %b {axis = 1} : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n + 1, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @concat_rank(%a: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op operand #1 must have rank 2, got 1}}
  %0 = relax.concat %a, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @concat_element_type(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], f16>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op operand #1 has element type f16 but operand #0 has f32}}
  %0 = relax.concat %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @concat_no_inputs() -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op needs at least one input}}
  %0 = relax.concat : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @concat_axis_range(%a: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op axis 1 is out of range for rank 1}}
  %0 = relax.concat %a, %a {axis = 1} : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// n + 3 is never n.
relax.func @concat_result(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.concat' op result #0 has type '!relax.tensor<[n], f32>' but the operands give '!relax.tensor<[n + 3], f32>'}}
  %0 = relax.concat %a, %b : (!relax.tensor<[n], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[n], f32>
  relax.return %0 : !relax.tensor<[n], f32>
}

// -----

relax.func @split_sections_do_not_divide(%x: !relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op split dim: 6 is not a multiple of 4}}
  %0:4 = relax.split %x {axis = 1, sections = 4} : (!relax.tensor<[4, 6], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_sections_symbolic(%x: !relax.tensor<[2 * n + 1], f32>, %y: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op split dim: 2 * n + 1 is not a multiple of 2}}
  %0:2 = relax.split %x {sections = 2} : (!relax.tensor<[2 * n + 1], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_sections_result_count(%x: !relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op 3 sections but 2 results}}
  %0:2 = relax.split %x {axis = 1, sections = 3} : (!relax.tensor<[4, 6], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_no_sections(%x: !relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op needs a positive number of sections}}
  %0 = relax.split %x {axis = 1, sections = 0} : (!relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_indices_result_count(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op 2 split indices give 3 parts but there are 2 results}}
  %0:2 = relax.split %x {indices = #sym.shape<[1, 3]>} : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_sections_and_indices(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op needs exactly one of 'sections' and 'indices'}}
  %0:2 = relax.split %x {sections = 2, indices = #sym.shape<[1]>} : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_neither(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op needs exactly one of 'sections' and 'indices'}}
  %0:2 = relax.split %x : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_indices_decreasing(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op split indices must be increasing}}
  %0:3 = relax.split %x {indices = #sym.shape<[5, 2]>} : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

// The last part would be 4 - 6 elements long.
relax.func @split_index_past_end(%x: !relax.tensor<[4], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op split indices must be increasing}}
  %0:2 = relax.split %x {indices = #sym.shape<[6]>} : (!relax.tensor<[4], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_unknown_index(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op split indices must be known}}
  %0:2 = relax.split %x {indices = #sym.shape<[?]>} : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @split_result(%x: !relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.split' op result #1 has type '!relax.tensor<[4, 2], f32>' but the operands give '!relax.tensor<[4, 4], f32>'}}
  %0:2 = relax.split %x {axis = 1, indices = #sym.shape<[2]>} : (!relax.tensor<[4, 6], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<[4, 2], f32>)
  relax.return %0#0 : !relax.tensor<*, f32>
}

// -----

relax.func @strided_slice_negative_stride(%x: !relax.tensor<[10], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.strided_slice' op strides must be positive, got -1}}
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[9]>, end = #sym.shape<[0]>, strides = array<i64: -1>} : (!relax.tensor<[10], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @strided_slice_zero_stride(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.strided_slice' op strides must be positive, got 0}}
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[n]>, strides = array<i64: 0>} : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @strided_slice_entry_count(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.strided_slice' op begin, end and strides need one entry per axis}}
  %0 = relax.strided_slice %x {axes = array<i64: 0, 1>, begin = #sym.shape<[0]>, end = #sym.shape<[1, 1]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @strided_slice_repeated_axis(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.strided_slice' op axis -2 is repeated}}
  %0 = relax.strided_slice %x {axes = array<i64: 0, -2>, begin = #sym.shape<[0, 0]>, end = #sym.shape<[1, 1]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// n - m is negative under the function's constraints.
relax.func @strided_slice_negative_begin(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>) -> !relax.tensor<*, f32> attributes {sym.constraints = [#sym.range<n in [1, 10]>, #sym.range<m in [20, 30]>]} {
  // expected-error @+1 {{'relax.strided_slice' op slice begin -m + n is negative}}
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[n - m]>, end = #sym.shape<[n]>} : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @strided_slice_result(%x: !relax.tensor<[10], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.strided_slice' op result #0 has type '!relax.tensor<[5], f32>' but the operands give '!relax.tensor<[4], f32>'}}
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[2]>, end = #sym.shape<[6]>} : (!relax.tensor<[10], f32>) -> !relax.tensor<[5], f32>
  relax.return %0 : !relax.tensor<[5], f32>
}

// -----

relax.func @take_float_indices(%w: !relax.tensor<[v, h], f32>, %i: !relax.tensor<[s], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.take' op indices must have an integer element type}}
  %0 = relax.take %w, %i : (!relax.tensor<[v, h], f32>, !relax.tensor<[s], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @take_mode(%w: !relax.tensor<[v, h], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  // expected-error @+2 {{expected ::mlir::relax::IndexMode to be one of: check, clip, wrap}}
  // expected-error @+1 {{failed to parse Relax_IndexModeAttr parameter 'value'}}
  %0 = relax.take %w, %i {mode = #relax.index_mode<raise>} : (!relax.tensor<[v, h], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @take_axis_range(%w: !relax.tensor<[v, h], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.take' op axis 2 is out of range for rank 2}}
  %0 = relax.take %w, %i {axis = 2} : (!relax.tensor<[v, h], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @take_result(%w: !relax.tensor<[v, h], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.take' op result #0 has type '!relax.tensor<[s, h], f16>' but the operands give '!relax.tensor<[s, h], f32>'}}
  %0 = relax.take %w, %i : (!relax.tensor<[v, h], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<[s, h], f16>
  relax.return %0 : !relax.tensor<[s, h], f16>
}

// -----

relax.func @astype_complex(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, complex<f32>> {
  // expected-error @+1 {{'relax.astype' op dtype must be an integer or float type}}
  %0 = relax.astype %x {dtype = complex<f32>} : (!relax.tensor<[n], f32>) -> !relax.tensor<*, complex<f32>>
  relax.return %0 : !relax.tensor<*, complex<f32>>
}

// -----

relax.func @astype_result_dtype(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.astype' op result #0 has type '!relax.tensor<*, f32>' but the operands give '!relax.tensor<[n], f16>'}}
  %0 = relax.astype %x {dtype = f16} : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @astype_result_rank(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.astype' op result #0 has type '!relax.tensor<[n, 1], f16>' but the operands give '!relax.tensor<[n], f16>'}}
  %0 = relax.astype %x {dtype = f16} : (!relax.tensor<[n], f32>) -> !relax.tensor<[n, 1], f16>
  relax.return %0 : !relax.tensor<[n, 1], f16>
}
