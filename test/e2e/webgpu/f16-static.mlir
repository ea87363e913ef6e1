// f16 tensors of static shape on WebGPU without shader-f16: their storage
// is a sized array of u32 words, two elements to a word, half as many words
// as elements rounded up (once it was declared as f32 elements, and
// wgpu-native aborted: "bound with size 16 where the shader expects 28").
//
// REQUIRES: webgpu, import-numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %import_python -c "import numpy as np; np.save('%t/a.npy', np.arange(7, dtype=np.float16) * 0.5); np.save('%t/b.npy', np.full(7, 0.25, dtype=np.float16))"
// RUN: env RELAX_WEBGPU_F16=0 relax-run %s --device webgpu --input %t/a.npy --input %t/b.npy --output %t/out.npy | FileCheck %s --check-prefix=OUT
// RUN: %import_python -c "import numpy as np; o = np.load('%t/out.npy'); print(o.dtype, o.tolist())" | FileCheck %s --check-prefix=VALUES
// RUN: relax-opt %s --relax-lower-to-gpu=target=webgpu | FileCheck %s --check-prefix=WGSL

// OUT: @main: result #0 shape [7]
// VALUES: float16 [0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3.25]
// WGSL: m0: array<u32, 4>
// WGSL: m0: array<atomic<u32>, 4>

relax.func @main(%a: !relax.tensor<[7], f16>, %b: !relax.tensor<[7], f16>) -> !relax.tensor<[7], f16> {
  %r = relax.add %a, %b : (!relax.tensor<[7], f16>, !relax.tensor<[7], f16>) -> !relax.tensor<[7], f16>
  relax.return %r : !relax.tensor<[7], f16>
}
