// A comparison fused into a product: the kernel stages its booleans in
// workgroup memory, packed four to a word and written with atomics, so the
// workgroup array is declared with atomic elements (once it was not, and
// the WGSL did not compile: "atomic operation is done on a pointer to a
// non-atomic").
//
// REQUIRES: webgpu, import-numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %import_python -c "import numpy as np; r = np.random.default_rng(0); np.save('%t/a.npy', r.standard_normal((5, 8)).astype(np.float32)); np.save('%t/t.npy', np.array([0.25], np.float32)); np.save('%t/b.npy', r.standard_normal((8, 3)).astype(np.float32))"
// RUN: relax-run %s --device webgpu --input %t/a.npy --input %t/t.npy --input %t/b.npy --output %t/out.npy | FileCheck %s --check-prefix=OUT
// RUN: %import_python -c "import numpy as np; a, t, b, o = (np.load('%t/' + f + '.npy') for f in ('a', 't', 'b', 'out')); print('max error', np.abs(o - (a <= t).astype(np.float32) @ b).max() < 1e-5)" | FileCheck %s --check-prefix=VALUES
// RUN: relax-opt %s --relax-lower-to-gpu=target=webgpu | FileCheck %s --check-prefix=WGSL

// OUT: @main: result #0 shape [5, 3]
// VALUES: max error True
// WGSL: struct [[W:Wwg[0-9]+]] {\0A  m0: array<atomic<i32>, {{[0-9]+}}>,
// WGSL: var<workgroup> wg{{[0-9]+}}: [[W]];

relax.func @main(%a: !relax.tensor<[n, 8], f32>, %t: !relax.tensor<[1], f32>, %b: !relax.tensor<[8, 3], f32>) -> !relax.tensor<[n, 3], f32> {
  %r_ = relax.dataflow -> !relax.tensor<[n, 3], f32> {
    %m = relax.less_equal %a, %t : (!relax.tensor<[n, 8], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n, 8], i1>
    %f = relax.astype %m {dtype = f32} : (!relax.tensor<[n, 8], i1>) -> !relax.tensor<[n, 8], f32>
    %r = relax.matmul %f, %b : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 3], f32>) -> !relax.tensor<[n, 3], f32>
    relax.output %r : !relax.tensor<[n, 3], f32>
  }
  relax.return %r_ : !relax.tensor<[n, 3], f32>
}
