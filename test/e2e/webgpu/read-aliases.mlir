// One kernel launched twice: once as %p3 / %p3 (two reads of one buffer),
// once reading the first launch's result %v1 into a new buffer. The
// kernel's bindings are declared once for both launches, by an analysis of
// what each may alias across them: the first binding may share memory with
// the written third (%v1), so it is read_write; then the second, which
// shares %p3 with the first in the first launch, must be read_write too,
// as WebGPU allows no read and read_write usages of one buffer in a
// dispatch (once it was left read, and the runtime refused the launch).
//
// REQUIRES: webgpu, import-numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %import_python -c "import numpy as np; np.save('%t/p1.npy', np.array(1, np.float32)); np.save('%t/p2.npy', np.array(2, np.float32)); np.save('%t/p3.npy', np.array([[4]], np.float32))"
// RUN: relax-run %s --device webgpu --input %t/p1.npy --input %t/p2.npy --input %t/p3.npy --output %t/out.npy | FileCheck %s --check-prefix=OUT
// RUN: %import_python -c "import numpy as np; print(np.load('%t/out.npy').tolist())" | FileCheck %s --check-prefix=VALUES
// RUN: relax-opt %s --relax-lower-to-gpu=target=webgpu | FileCheck %s --check-prefix=WGSL

// OUT: @main: result #0 shape [1, 1]
// VALUES: {{\[\[}}0.25]]
// WGSL: gpu.binary @divide_kernel_kernel
// WGSL-SAME: @binding(0) var<storage, read_write>
// WGSL-SAME: @binding(1) var<storage, read_write>

relax.func @main(%p1: !relax.tensor<[], f32>, %p2: !relax.tensor<[], f32>, %p3: !relax.tensor<[1, 1], f32>) -> !relax.tensor<[1, 1], f32> {
  %v1_, %v5_ = relax.dataflow -> !relax.tensor<[1, 1], f32>, !relax.tensor<[], i1> {
    %v1 = relax.divide %p3, %p3 : (!relax.tensor<[1, 1], f32>, !relax.tensor<[1, 1], f32>) -> !relax.tensor<[1, 1], f32>
    %v5 = relax.greater %p2, %p1 : (!relax.tensor<[], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[], i1>
    relax.output %v1, %v5 : !relax.tensor<[1, 1], f32>, !relax.tensor<[], i1>
  }
  %v9 = relax.if %v5_ : !relax.tensor<[], i1> -> !relax.tensor<[1, 1], f32> {
    %v6 = relax.divide %v1_, %p3 : (!relax.tensor<[1, 1], f32>, !relax.tensor<[1, 1], f32>) -> !relax.tensor<[1, 1], f32>
    relax.yield %v6 : !relax.tensor<[1, 1], f32>
  } else {
    relax.yield %v1_ : !relax.tensor<[1, 1], f32>
  }
  relax.return %v9 : !relax.tensor<[1, 1], f32>
}
