// RUN: relax-run %s --size n=22 --output %t.npy | FileCheck %s
// RUN: relax-run %s --size n=5 | FileCheck %s --check-prefix=SMALL
//
// One element of a slice with a step ([4] from 3 by 2), broadcast against a
// symbolic dim: its vector read is a broadcast of a strided view, which the
// transfer lowering does not take; the vectorizer makes it a scalar read and
// a broadcast (once it stayed a vector.transfer_read that nothing lowered,
// and the JIT failed).

// CHECK: @main: result #0 shape [22]
// SMALL: @main: result #0 shape [5]
relax.func @main(%b: !relax.tensor<[n], f32>, %a: !relax.tensor<[4], f32>) -> !relax.tensor<[n], f32> attributes {sym.constraints = [#sym.range<n in [1, 31]>]} {
  %r_ = relax.dataflow -> !relax.tensor<[n], f32> {
    %s = relax.strided_slice %a {axes = array<i64: 0>, begin = #sym.shape<[3]>, end = #sym.shape<[5]>, strides = array<i64: 2>} : (!relax.tensor<[4], f32>) -> !relax.tensor<[1], f32>
    %r = relax.power %s, %b : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %r : !relax.tensor<[n], f32>
  }
  relax.return %r_ : !relax.tensor<[n], f32>
}
