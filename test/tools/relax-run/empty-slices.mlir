// A slice of nothing (begin = end along a static dim) compiles and runs,
// and so does what reads it: the result has a dim of 0, and a sum over it
// is its init.
// RUN: relax-run %s --output %t.npy | FileCheck %s
// RUN: %python -c "import numpy as np; print(np.load('%t.1.npy').tolist())" | FileCheck %s --check-prefix=SUM

// CHECK: @main: result #0 shape [4, 0] result #1 shape [4]
// SUM: [0.0, 0.0, 0.0, 0.0]

relax.func @main(%x: !relax.tensor<[4, 8], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>) {
  %y = relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[3]>, end = #sym.shape<[3]>, strides = array<i64: 1>} : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  %e = relax.exp %y : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  %s = relax.sum %e {axes = array<i64: 1>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %e, %s : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}
