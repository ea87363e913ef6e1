// f16 on WebGPU: with --relax-lower-to-gpu="target=webgpu shader-f16=1" the
// kernels compute in f16 (WGSL `enable f16;`) and run on a device that has
// the `shader-f16` feature (wgpu-native on lavapipe does); on one without it
// (RELAX_WEBGPU_F16=0, like Chrome on SwiftShader) the runtime refuses such
// a kernel by name. Without the option the kernels compute in f32 on f16
// storage packed two to a u32 word, and run on either device.
//
// REQUIRES: webgpu, import-numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %import_python -c "import numpy as np; np.save('%t/a.npy', np.arange(7, dtype=np.float16) * 0.5); np.save('%t/b.npy', np.full(7, 0.25, dtype=np.float16))"
// RUN: relax-run %s --device webgpu --pipeline-options="shader-f16=1" --input %t/a.npy --input %t/b.npy --output %t/out.npy | FileCheck %s --check-prefix=OUT
// RUN: %import_python -c "import numpy as np; o = np.load('%t/out.npy'); print(o.dtype, o.tolist())" | FileCheck %s --check-prefix=VALUES
// RUN: env RELAX_WEBGPU_F16=0 not relax-run %s --device webgpu --pipeline-options="shader-f16=1" --input %t/a.npy --input %t/b.npy 2>&1 | FileCheck %s --check-prefix=NO-FEATURE
// RUN: env RELAX_WEBGPU_F16=0 relax-run %s --device webgpu --input %t/a.npy --input %t/b.npy --output %t/packed.npy
// RUN: %import_python -c "import numpy as np; o = np.load('%t/packed.npy'); print(o.dtype, o.tolist())" | FileCheck %s --check-prefix=VALUES

// OUT: @main: result #0 shape [7]
// VALUES: float16 [0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3.25]
// NO-FEATURE: webgpu: kernel 'add_kernel_kernel' uses f16, which needs the shader-f16 feature: RELAX_WEBGPU_F16=0 disabled it

relax.func @main(%a: !relax.tensor<[n], f16>, %b: !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16> {
  %r = relax.add %a, %b : (!relax.tensor<[n], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
  relax.return %r : !relax.tensor<[n], f16>
}
