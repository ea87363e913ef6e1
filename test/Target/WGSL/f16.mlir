// RUN: relax-opt %s --relax-lower-to-gpu="target=webgpu shader-f16=1 to-binary=0" | relax-translate --relax-spirv-to-wgsl | FileCheck %s

// With `shader-f16` (the target environment has Float16) kernels compute in
// f16: the module enables it and its buffers are arrays of f16.

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "multiply_kernel_kernel"
// CHECK-SAME:    "element_type": "f16", "element_bytes": 2
// CHECK-NEXT:  enable f16;
// CHECK:       struct [[BUF:S[0-9]+]] {
// CHECK-NEXT:    m0: array<f16>,
// CHECK:       var<storage, read_write> arg2: [[BUF]];
// CHECK:         let [[A:v[0-9]+]]: vec4<f16> = vec4<f16>(
// CHECK:         let [[B:v[0-9]+]]: vec4<f16> = vec4<f16>(
// CHECK:         let {{v[0-9]+}}: vec4<f16> = [[A]] * [[B]];
relax.func @main(%a: !relax.tensor<[n, 8], f16>, %b: !relax.tensor<[n, 8], f16>) -> !relax.tensor<[n, 8], f16> {
  %r = relax.multiply %a, %b : (!relax.tensor<[n, 8], f16>, !relax.tensor<[n, 8], f16>) -> !relax.tensor<[n, 8], f16>
  relax.return %r : !relax.tensor<[n, 8], f16>
}
