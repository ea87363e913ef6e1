// On Vulkan a block-wide reduction uses subgroup operations: the row sum's
// kernel reduces each subgroup with OpGroupNonUniformFAdd of subgroup scope
// and combines the subgroups through workgroup memory, and the module
// declares the capability; `subgroups=0` gives the tree through workgroup
// memory instead, with no subgroup operation (for a device without subgroup
// arithmetic). WebGPU has subgroups only as an optional feature: the tree.
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu="target=vulkan to-binary=0" | FileCheck %s
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu="target=vulkan to-binary=0 subgroups=0" | FileCheck %s --check-prefix=TREE
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu="target=webgpu to-binary=0" | FileCheck %s --check-prefix=TREE

// CHECK-LABEL: gpu.module @sum_kernel_kernel
// CHECK:         spirv.module
// CHECK-SAME:      GroupNonUniformArithmetic
// CHECK:           spirv.GroupNonUniformFAdd <Subgroup> <Reduce>
// CHECK:           spirv.ControlBarrier

// TREE-LABEL: gpu.module @sum_kernel_kernel
// TREE-NOT:     GroupNonUniform
// TREE:         spirv.ControlBarrier
// TREE-NOT:     GroupNonUniform
relax.func @main(%a: !relax.tensor<[n, k], f32>) -> !relax.tensor<[n], f32> {
  %s = relax.sum %a {axes = array<i64: 1>} : (!relax.tensor<[n, k], f32>) -> !relax.tensor<[n], f32>
  relax.return %s : !relax.tensor<[n], f32>
}
