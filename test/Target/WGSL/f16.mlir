// RUN: relax-opt %s --relax-lower-to-gpu="target=webgpu shader-f16=1 to-binary=0" | relax-translate --relax-spirv-to-wgsl --wgsl-shader-f16 | FileCheck %s
// RUN: relax-opt %s --relax-lower-to-gpu="target=webgpu to-binary=0" | relax-translate --relax-spirv-to-wgsl | FileCheck %s --check-prefix=PACKED

// With `shader-f16` kernels compute in f16: the module enables it and its
// buffers are arrays of f16.

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

// Without it (the default: SwiftShader, hence Chrome without a GPU, has no
// `shader-f16`), f16 values are f32s and f16 buffers hold two elements per
// u32 word: a load unpacks its half, a store rounds to f16 and replaces its
// half of the word with atomics (the other half may be another thread's).

// PACKED-LABEL: // relax.webgpu.kernel {"kernel": "multiply_kernel_kernel"
// PACKED-SAME:    "element_type": "f16", "element_bytes": 2
// PACKED-NOT:   enable f16
// PACKED:       struct H0 {
// PACKED-NEXT:    m0: array<u32>,
// PACKED:       struct H2 {
// PACKED-NEXT:    m0: array<atomic<u32>>,
// PACKED:       var<storage, read> arg0: H0;
// PACKED:       var<storage, read_write> arg2: H2;
// PACKED:         let [[A:v[0-9]+]]: f32 = unpack2x16float(arg0.m0[[[I:v[0-9]+]] / 2i])[[[I]] % 2i];
// PACKED:         let [[P:v[0-9]+]]: vec4<f32> = {{v[0-9]+}} * {{v[0-9]+}};
// PACKED:         let [[X:v[0-9]+]]: f32 = [[P]][0];
// PACKED-NEXT:    atomicAnd(&arg2.m0[[[J:v[0-9]+]] / 2i], ~(0xffffu << (u32([[J]] % 2i) * 16u)));
// PACKED-NEXT:    atomicOr(&arg2.m0[[[J]] / 2i], (pack2x16float(vec2<f32>([[X]], 0.0f)) & 0xffffu) << (u32([[J]] % 2i) * 16u));
