// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-fold-copies))" | FileCheck %s

// Attention's scores: the queries and keys are transposed from [b, s, h, d]
// to [b, h, s, d] by copies that keep d innermost. The contraction reads
// both where they lie, through composed maps, and keeps its config.

// CHECK-DAG: #[[Q:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d4)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>
// CHECK-DAG: #[[S:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @scores
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x?x4x16xf32>, %[[Y:[^:]*]]: tensor<?x?x4x16xf32>
// CHECK-NOT: linalg.generic
// CHECK: linalg.contract indexing_maps = [#[[Q]], #[[K]], #[[S]]]
// CHECK-SAME: {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 1, 4, 4, 1]>}
// CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<?x?x4x16xf32>, tensor<?x?x4x16xf32>)
// CHECK-NOT: linalg.generic
#in = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#lhs = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#rhs = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#acc = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
func.func @scores(%x: tensor<?x?x4x16xf32>, %y: tensor<?x?x4x16xf32>, %qt: tensor<?x4x?x16xf32>, %kt: tensor<?x4x?x16xf32>, %init: tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32> {
  %q = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<?x?x4x16xf32>) outs(%qt : tensor<?x4x?x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<?x4x?x16xf32>
  %k = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<?x?x4x16xf32>) outs(%kt : tensor<?x4x?x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<?x4x?x16xf32>
  %s = linalg.contract indexing_maps = [#lhs, #rhs, #acc] ins(%q, %k : tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>) outs(%init : tensor<?x4x?x?xf32>) {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 1, 4, 4, 1]>} -> tensor<?x4x?x?xf32>
  return %s : tensor<?x4x?x?xf32>
}

// -----

// A transpose that moves the innermost dim stays a copy: read through its
// map, the contraction would lose its contiguous rows.

// CHECK-LABEL: func.func @transposed_matrix
// CHECK: %[[T:.*]] = linalg.generic
// CHECK: linalg.contract {{.*}} ins(%{{.*}}, %[[T]] :
#t_in = affine_map<(d0, d1) -> (d1, d0)>
#t_out = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @transposed_matrix(%x: tensor<?x64xf32>, %w: tensor<32x64xf32>, %wt: tensor<64x32xf32>, %init: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %t = linalg.generic {indexing_maps = [#t_in, #t_out], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<32x64xf32>) outs(%wt : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<64x32xf32>
  %r = linalg.contract indexing_maps = [#a, #b, #c] ins(%x, %t : tensor<?x64xf32>, tensor<64x32xf32>) outs(%init : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

// -----

// A copy that something else reads too stays: the fused op would return it.

// CHECK-LABEL: func.func @shared_copy
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK: %[[S:.*]] = linalg.contract {{.*}} ins(%[[Q]], %{{.*}} :
// CHECK: return %[[S]], %[[Q]]
#in2 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#out2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#l = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#r = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#o = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @shared_copy(%x: tensor<?x4x16xf32>, %y: tensor<4x8x16xf32>, %qt: tensor<4x?x16xf32>, %init: tensor<4x?x8xf32>) -> (tensor<4x?x8xf32>, tensor<4x?x16xf32>) {
  %q = linalg.generic {indexing_maps = [#in2, #out2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x4x16xf32>) outs(%qt : tensor<4x?x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x?x16xf32>
  %s = linalg.contract indexing_maps = [#l, #r, #o] ins(%q, %y : tensor<4x?x16xf32>, tensor<4x8x16xf32>) outs(%init : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
  return %s, %q : tensor<4x?x8xf32>, tensor<4x?x16xf32>
}

// -----

// A broadcast of a unit dim that the contraction sums over stays a copy:
// read through its map, the contracting dim would leave one operand.

// CHECK-LABEL: func.func @broadcast_contracting_dim
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: linalg.contract {{.*}} ins(%[[B]], %{{.*}} :
#bc_in = affine_map<(d0, d1) -> (d1)>
#bc_out = affine_map<(d0, d1) -> (d0, d1)>
#ta = affine_map<(d0, d1, d2) -> (d2, d0)>
#tb = affine_map<(d0, d1, d2) -> (d1, d2)>
#tc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @broadcast_contracting_dim(%x: tensor<2xf32>, %y: tensor<?x1xf32>, %e: tensor<1x2xf32>, %init: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %b = linalg.generic {indexing_maps = [#bc_in, #bc_out], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2xf32>) outs(%e : tensor<1x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2xf32>
  %r = linalg.contract indexing_maps = [#ta, #tb, #tc] ins(%b, %y : tensor<1x2xf32>, tensor<?x1xf32>) outs(%init : tensor<2x?xf32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}
