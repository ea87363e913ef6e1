// RUN: relax-opt %s --relax-infer-shapes -split-input-file -verify-diagnostics

// The mismatch only shows once the operand types are inferred.
relax.func @disproven_after_refinement(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n + 1], f32>) -> !relax.tensor<*, f32> {
  %a = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.add' op broadcast: operand #1 dim 0 is n + 1 but must equal n}}
  %b = relax.add %a, %y : (!relax.tensor<*, f32>, !relax.tensor<[n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return %b : !relax.tensor<*, f32>
}

// -----

relax.func private @square(%x: !relax.tensor<[a, a], f32>) -> !relax.tensor<[a, a], f32>

// 3 == 2 * n is disproven by parity.
relax.func @call_disproven_after_refinement(%x: !relax.tensor<[n, 3], f32>) -> !relax.tensor<*, f32> {
  %t = relax.concat %x, %x {axis = 0} : (!relax.tensor<[n, 3], f32>, !relax.tensor<[n, 3], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.call' op argument dim 1 is 3 but 'square' expects 2 * n}}
  %r = relax.call @square(%t) : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

// -----

relax.func @disproven_in_branch(%c: i1, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[2 * n + 1], f32>) -> !relax.tensor<*, f32> {
  %r = relax.if %c : i1 -> !relax.tensor<*, f32> {
    %a = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
    %t = relax.concat %a, %x : (!relax.tensor<*, f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
    // expected-error @+1 {{'relax.add' op broadcast: operand #1 dim 0 is 2 * n + 1 but must equal 2 * n}}
    %b = relax.add %t, %y : (!relax.tensor<*, f32>, !relax.tensor<[2 * n + 1], f32>) -> !relax.tensor<*, f32>
    relax.yield %b : !relax.tensor<*, f32>
  } else {
    relax.yield %x : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
