// RUN: relax-opt %s --relax-legalize -split-input-file -verify-diagnostics

// A slice begin whose variable is no dim of the operand or result cannot be
// materialized inside the program.

relax.func @unbound_begin(%x: !relax.tensor<[n + 8, 4], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.strided_slice' op could not be legalized}}
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[n]>, end = #sym.shape<[n + 8]>} : (!relax.tensor<[n + 8, 4], f32>) -> !relax.tensor<[8, 4], f32>
  relax.return
}

// -----

// Nor can a non-constant arange start.

relax.func @symbolic_arange(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.arange' op could not be legalized}}
  %0 = relax.arange {start = #sym.expr<n>, end = #sym.expr<2 * n>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<[max(0, n)], i64>
  relax.return
}
