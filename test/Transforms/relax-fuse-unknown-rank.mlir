// RUN: relax-opt %s --split-input-file --relax-fuse | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-fuse --relax-fuse | FileCheck %s
// RUN: not relax-opt %s --split-input-file --relax-fuse --relax-lower-to-cpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWER

// --relax-fuse infers the shapes it needs first: the ops whose shapes follow
// from a reshape to a known shape fuse; the ops on a tensor of unknown rank,
// which no rule can give a shape, stay as they are (fusion proves a type
// before it rewrites a value), and fusing again changes nothing. The
// pipeline then stops at the first of them with a located error.

// CHECK-LABEL: relax.func @unknown_rank
// CHECK: dataflow
// CHECK: permute_dims %{{.*}} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
// CHECK: exp %{{.*}} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
// CHECK: reshape %{{.*}} : (!relax.tensor<*, f32>) -> !relax.tensor<[64, 64], f32>
// CHECK: call_tir @fused_matmul_exp({{.*}}) : (!relax.tensor<[64, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[64, 64], f32>
// CHECK-NOT: call_tir

// LOWER: relax-fuse-unknown-rank.mlir:[[# @LINE + 3]]:10: error: 'relax.permute_dims' op needs fully known operand and result shapes to be legalized; run --relax-infer-shapes first, or relax.match_cast a tensor of unknown rank to the shape it has
relax.func @unknown_rank(%x: !relax.tensor<*, f32>, %w: !relax.tensor<[64, 64], f32>) -> !relax.tensor<*, f32> {
  %out = relax.dataflow -> !relax.tensor<*, f32> {
    %y = relax.permute_dims %x {axes = array<i64: 1, 0>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %z = relax.exp %y : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %r = relax.reshape %z {shape = #sym.shape<[64, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %m = relax.matmul %r, %w : (!relax.tensor<*, f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<*, f32>
    %e = relax.exp %m : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %e : !relax.tensor<*, f32>
  }
  relax.return %out : !relax.tensor<*, f32>
}
