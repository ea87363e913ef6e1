// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-expand-epilogues))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-expand-epilogues,relax-cpu-select-lowering-config{cpu=znver3},relax-cpu-tile))" | FileCheck %s --check-prefix=TILE

// The epilogue of a product by packed panels (a bias add and a GELU-like
// multiply on the collapsed [t, 32]) is expanded to the panels' [t, 2, 16]:
// it reads the product itself, the bias is expanded alike, and only its
// result is collapsed. The product's result then has one use, so the tiling
// fuses the epilogue into its register tile: one loop nest, no temporary.

// CHECK-LABEL: func.func @packed_epilogue
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[W:.*]]: tensor<2x8x16xf32>, %[[B:.*]]: tensor<32xf32>, %[[O:.*]]: tensor<?x2x16xf32>)
// CHECK: %[[P:.*]] = linalg.contract
// CHECK-DAG: %[[BE:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[P]], %[[BE]] : tensor<?x2x16xf32>, tensor<2x16xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0], [1, 2]] : tensor<?x2x16xf32> into tensor<?x32xf32>
// CHECK: return %[[C]]
// TILE-LABEL: func.func @packed_epilogue
// TILE: = scf.forall
// TILE: linalg.contract
// TILE: linalg.generic
// TILE-NOT: = scf.forall
// TILE: tensor.collapse_shape
#a = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @packed_epilogue(%x: tensor<?x8xf32>, %w: tensor<2x8x16xf32>, %bias: tensor<32xf32>, %out: tensor<?x2x16xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<?x2x16xf32>) -> tensor<?x2x16xf32>
  %p = linalg.contract indexing_maps = [#a, #b, #c] ins(%x, %w : tensor<?x8xf32>, tensor<2x8x16xf32>) outs(%init : tensor<?x2x16xf32>) -> tensor<?x2x16xf32>
  %pc = tensor.collapse_shape %p [[0], [1, 2]] : tensor<?x2x16xf32> into tensor<?x32xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %g = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%pc, %bias : tensor<?x32xf32>, tensor<32xf32>) outs(%e : tensor<?x32xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %m = arith.mulf %s, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x32xf32>
  return %g : tensor<?x32xf32>
}

// -----

// A collapse of what no contraction computes is left as it is.

// CHECK-LABEL: func.func @not_a_product
// CHECK: %[[C:.*]] = tensor.collapse_shape
// CHECK: linalg.exp ins(%[[C]] : tensor<?x32xf32>)
func.func @not_a_product(%x: tensor<?x2x16xf32>, %out: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %c = tensor.collapse_shape %x [[0], [1, 2]] : tensor<?x2x16xf32> into tensor<?x32xf32>
  %e = linalg.exp ins(%c : tensor<?x32xf32>) outs(%out : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %e : tensor<?x32xf32>
}
