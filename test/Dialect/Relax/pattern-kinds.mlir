// RUN: relax-opt %s --test-relax-pattern-kinds -verify-diagnostics

// Every graph op reports its pattern kind through InferShapeOpInterface.
relax.func @kinds(%x: !relax.tensor<[n, 4], f32>, %w: !relax.tensor<[4, 4], f32>,
                  %q: !relax.tensor<[b, s, 8, 64], f32>, %i: !relax.tensor<[s], i64>) {
  // expected-remark @+1 {{pattern kind: elementwise}}
  %0 = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  // expected-remark @+1 {{pattern kind: elementwise}}
  %1 = relax.astype %x {dtype = f16} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f16>
  // expected-remark @+1 {{pattern kind: broadcast}}
  %2 = relax.add %x, %x : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  // expected-remark @+1 {{pattern kind: broadcast}}
  %3 = relax.broadcast_to %x {shape = #sym.shape<[2, n, 4]>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[2, n, 4], f32>
  // expected-remark @+1 {{pattern kind: injective}}
  %4 = relax.permute_dims %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[4, n], f32>
  // expected-remark @+1 {{pattern kind: injective}}
  %5 = relax.take %w, %i : (!relax.tensor<[4, 4], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<[s, 4], f32>
  // expected-remark @+1 {{pattern kind: reduction}}
  %6 = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n], f32>
  // expected-remark @+1 {{pattern kind: reduction}}
  %7 = relax.softmax %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  // expected-remark @+1 {{pattern kind: output_elementwise_fusable}}
  %8 = relax.matmul %x, %w : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4, 4], f32>) -> !relax.tensor<[n, 4], f32>
  // expected-remark @+1 {{pattern kind: output_elementwise_fusable}}
  %9 = relax.attention %q, %q, %q {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, s, 8, 64], f32>) -> !relax.tensor<[b, s, 8, 64], f32>
  // expected-remark @+1 {{pattern kind: opaque}}
  %10 = relax.cumsum %x {axis = 1} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return
}

relax.func @packed_kinds(%x: !relax.tensor<[n, 4], f32>, %w: !relax.tensor<[2, 4, 16], f32>) {
  // expected-remark @+1 {{pattern kind: output_elementwise_fusable}}
  %0 = relax.packed_matmul %x, %w : (!relax.tensor<[n, 4], f32>, !relax.tensor<[2, 4, 16], f32>) -> !relax.tensor<[n, 32], f32>
  relax.return
}
