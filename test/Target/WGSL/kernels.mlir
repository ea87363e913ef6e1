// RUN: relax-opt %s -split-input-file --relax-fuse --relax-lower-to-gpu="target=webgpu to-binary=0" | relax-translate -split-input-file --relax-spirv-to-wgsl | FileCheck %s

// An elementwise kernel: its inputs are read-only storage buffers, its
// output read_write, and its scalars (sizes) one uniform struct, last; the
// header line describes the bindings in launch order.

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "add_kernel_kernel", "entry": "add_kernel_kernel", "workgroup_size": [128, 1, 1], "workgroup_bytes": 0, "bindings": [
// CHECK-SAME:    {"binding": 0, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 1}
// CHECK-SAME:    {"binding": 1, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 1, "min_bytes": 256}
// CHECK-SAME:    {"binding": 2, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}
// CHECK-SAME:    {"binding": 3, "type": "uniform", "scalars": [{"offset": 0, "bytes": 4}
// CHECK:       struct [[BUF:S[0-9]+]] {
// CHECK-NEXT:    m0: array<f32>,
// CHECK:       struct [[ROW:S[0-9]+]] {
// CHECK-NEXT:    m0: array<f32, 64>,
// CHECK:       struct [[SCALARS:S[0-9]+]] {
// CHECK-NEXT:    m0: i32,
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: [[BUF]];
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read> arg1: [[ROW]];
// CHECK-NEXT:  @group(0) @binding(2) var<storage, read_write> arg2: [[BUF]];
// CHECK-NEXT:  @group(0) @binding(3) var<uniform> arg3: [[SCALARS]];
// CHECK:       @compute @workgroup_size(128, 1, 1)
// CHECK-NEXT:  fn add_kernel_kernel(@builtin(local_invocation_id) {{.*}}: vec3<u32>, @builtin(workgroup_id) {{.*}}: vec3<u32>) {
// CHECK:         let [[N:v[0-9]+]]: i32 = arg3.m0;
// CHECK:         loop {
// CHECK-NEXT:      let [[I:v[0-9]+]] = [[IV:b[0-9]+]];
// CHECK-NEXT:      let [[MORE:v[0-9]+]]: bool = [[I]] < [[N]];
// CHECK-NEXT:      if (![[MORE]]) {
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
// CHECK:           let [[A:v[0-9]+]]: vec4<f32> = vec4<f32>(
// CHECK:           let [[B:v[0-9]+]]: vec4<f32> = vec4<f32>(
// CHECK:           let [[SUM:v[0-9]+]]: vec4<f32> = [[A]] + [[B]];
// CHECK:           let [[X:v[0-9]+]]: f32 = [[SUM]][0];
// CHECK-NEXT:      arg2.m0[{{.*}}] = [[X]];
// CHECK:           [[IV]] = v{{[0-9]+}};
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
relax.func @main(%a: !relax.tensor<[n, 64], f32>, %b: !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32> {
  %r = relax.add %a, %b : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32>
  relax.return %r : !relax.tensor<[n, 64], f32>
}

// -----

// A row reduction: a block reduces a row through workgroup memory, with
// barriers in the loop over rows, whose bound is a scalar of the uniform
// struct (so the barriers are in uniform control flow).

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "sum_kernel_kernel"
// CHECK-SAME:    "workgroup_bytes": {{[1-9][0-9]*}}
// CHECK:       var<workgroup> wg1: S{{[0-9]+}};
// CHECK:       @group(0) @binding(2) var<uniform> arg2: S{{[0-9]+}};
// CHECK:       fn sum_kernel_kernel(
// CHECK:         let [[ROWS:v[0-9]+]]: i32 = arg2.m2;
// CHECK:         loop {
// CHECK-NEXT:      let [[ROW:v[0-9]+]] = [[IV:b[0-9]+]];
// CHECK-NEXT:      let [[MORE:v[0-9]+]]: bool = [[ROW]] < [[ROWS]];
// CHECK-NEXT:      if (![[MORE]]) {
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
// CHECK:           wg1.m0[{{.*}}] = [[PARTIAL:v[0-9]+]];
// CHECK-NEXT:      workgroupBarrier();
// CHECK:             let {{v[0-9]+}}: f32 = wg1.m0[{{.*}}];
// CHECK:             workgroupBarrier();
// CHECK:           [[IV]] = v{{[0-9]+}};
// CHECK-NEXT:    }
relax.func @main(%a: !relax.tensor<[n, k], f32>) -> !relax.tensor<[n], f32> {
  %s = relax.sum %a {axes = array<i64: 1>} : (!relax.tensor<[n, k], f32>) -> !relax.tensor<[n], f32>
  relax.return %s : !relax.tensor<[n], f32>
}

// -----

// A tiled matmul: the tiles of both operands in workgroup memory, loaded
// between barriers in the loop over k.

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "matmul_kernel_kernel"
// CHECK-SAME:    "workgroup_bytes": 8192
// CHECK:       struct [[TILE:S[0-9]+]] {
// CHECK-NEXT:    m0: array<f32, 1024>,
// CHECK:       var<workgroup> wg0: [[TILE]];
// CHECK-NEXT:  var<workgroup> wg1: [[TILE]];
// CHECK:       fn matmul_kernel_kernel(
// CHECK:         loop {
// CHECK:           loop {
// CHECK:             wg0.m0[{{.*}}] = {{.*}};
// CHECK:             workgroupBarrier();
// CHECK:             let {{v[0-9]+}}: f32 = wg1.m0[{{.*}}];
// CHECK:             let {{v[0-9]+}}: f32 = wg0.m0[{{.*}}];
// CHECK:             workgroupBarrier();
relax.func @main(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32> {
  %c = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32>
  relax.return %c : !relax.tensor<[m, n], f32>
}

// -----

// i1 and i8 tensors: four to a 32-bit word, as the SPIR-V lowering packs
// them. Reads shift and mask words; writes of sub-word elements are atomic
// and/or on a word, so the buffer is an array of atomics, bound read_write.

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "greater_kernel_kernel"
// CHECK-SAME:    {"binding": 0, "type": "storage", "access": "read", "element_type": "i8", "element_bytes": 1, "rank": 1}
// CHECK-SAME:    {"binding": 2, "type": "storage", "access": "read_write", "element_type": "i1", "element_bytes": 1, "rank": 1}
// CHECK:       struct [[ATOMIC:A2]] {
// CHECK-NEXT:    m0: array<atomic<i32>>,
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: S{{[0-9]+}};
// CHECK:       @group(0) @binding(2) var<storage, read_write> arg2: [[ATOMIC]];
// CHECK:       fn greater_kernel_kernel(
// CHECK:           let [[WORD:v[0-9]+]]: i32 = arg0.m0[{{.*}}];
// CHECK:           let [[SHIFT:v[0-9]+]]: i32 = {{v[0-9]+}} * 8i;
// CHECK-NEXT:      let {{v[0-9]+}}: i32 = [[WORD]] >> bitcast<u32>([[SHIFT]]);
// CHECK:           let {{v[0-9]+}}: i32 = atomicAnd(&arg2.m0[[[INDEX:v[0-9]+]]], {{v[0-9]+}});
// CHECK-NEXT:      let {{v[0-9]+}}: i32 = atomicOr(&arg2.m0[[[INDEX]]], {{v[0-9]+}});
relax.func @main(%a: !relax.tensor<[n], i8>, %b: !relax.tensor<[n], i8>) -> !relax.tensor<[n], i1> {
  %r = relax.greater %a, %b : (!relax.tensor<[n], i8>, !relax.tensor<[n], i8>) -> !relax.tensor<[n], i1>
  relax.return %r : !relax.tensor<[n], i1>
}

// -----

// A kernel's scalars (here the sizes and strides of a 2-d view) are
// members of one struct at consecutive offsets, each read once.

// CHECK-LABEL: // relax.webgpu.kernel {"kernel": "relu_kernel_kernel"
// CHECK-SAME:    {"binding": 2, "type": "uniform", "scalars": [{"offset": 0, "bytes": 4}, {"offset": 4, "bytes": 4},
// CHECK:       struct {{S[0-9]+}} {
// CHECK-NEXT:    m0: array<f32>,
// CHECK:       struct [[SCALARS:S[0-9]+]] {
// CHECK-NEXT:    m0: i32,
// CHECK-NEXT:    m1: i32,
// CHECK-NEXT:    m2: i32,
// CHECK:       @group(0) @binding(2) var<uniform> arg2: [[SCALARS]];
// CHECK:         let {{v[0-9]+}}: i32 = arg2.m0;
// CHECK-NEXT:    let {{v[0-9]+}}: i32 = arg2.m1;
relax.func @main(%a: !relax.tensor<[n, m], f32>) -> !relax.tensor<[n, m], f32> {
  %r = relax.relu %a : (!relax.tensor<[n, m], f32>) -> !relax.tensor<[n, m], f32>
  relax.return %r : !relax.tensor<[n, m], f32>
}
