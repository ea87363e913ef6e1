// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512},canonicalize,cse))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512 fuse-epilogues=0},canonicalize,cse))" | FileCheck %s --check-prefix=APART

// A matmul whose only user is its bias + relu epilogue: in each full
// register tile, the epilogue works on the accumulator and the tile is
// stored once; the product is never written to memory. The partial tile
// (the rows past the last full tile) accumulates in the destination, which
// the epilogue overwrites: no temporary holds the product.

// CHECK-LABEL: func.func @matmul_bias_relu
// CHECK-NOT: tensor.empty
// CHECK: scf.forall (%{{.*}}) = (0) to (96) step (32)
// CHECK: scf.for
// CHECK: %[[ACC:.*]] = scf.for {{.*}} -> (vector<8x32xf32>) {
// CHECK: vector.contract
// CHECK: }
// CHECK-NOT: vector.transfer_write
// CHECK: %[[B:.*]] = arith.addf %[[ACC]], %{{.*}} : vector<8x32xf32>
// CHECK: %[[R:.*]] = arith.maximumf %[[B]], %{{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write %[[R]]
// The partial row tile: a single row one at a time, more rows whole under
// a mask of them.
// CHECK: scf.if
// CHECK: %[[ROW:.*]] = scf.for {{.*}} -> (vector<1x32xf32>) {
// CHECK: vector.contract
// CHECK: }
// CHECK: arith.addf %[[ROW]], %{{.*}} : vector<1x32xf32>
// CHECK: } else {
// CHECK: scf.for
// CHECK: %[[ROWS:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<8x32xi1>
// CHECK: %[[PART:.*]] = scf.for {{.*}} -> (vector<8x32xf32>) {
// CHECK: vector.mask %{{.*}} { vector.contract
// CHECK: }
// CHECK: vector.transfer_write %[[PART]], %{{.*}}, %[[ROWS]]
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<8x32xf32>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<8x32xf32>

// Apart: the product is stored by its own loops, then read by the epilogue's.
// APART-LABEL: func.func @matmul_bias_relu
// APART: scf.forall (%{{.*}}) = (0) to (96) step (32)
// APART: vector.contract
// APART: scf.forall.in_parallel
// APART: scf.forall
// APART: arith.maximumf
func.func @matmul_bias_relu(%a: tensor<?x64xf32>, %w: tensor<64x96xf32>, %b: tensor<96xf32>, %out: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %mm = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<?x64xf32>, tensor<64x96xf32>) outs(%f : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<?x96xf32>, tensor<96xf32>) outs(%out : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// SwiGLU: the epilogue reads two contractions of the same loops; both
// accumulate in registers in the same tile.

// CHECK-LABEL: func.func @swiglu
// CHECK: scf.forall
// CHECK: scf.for
// CHECK: %[[G:.*]] = scf.for {{.*}} -> (vector<8x32xf32>) {
// CHECK: vector.contract
// CHECK: %[[U:.*]] = scf.for {{.*}} -> (vector<8x32xf32>) {
// CHECK: vector.contract
// CHECK-NOT: vector.transfer_write
// CHECK: %[[S:.*]] = arith.divf %[[G]], %{{.*}} : vector<8x32xf32>
// CHECK: arith.mulf %[[S]], %[[U]] : vector<8x32xf32>
// CHECK: vector.transfer_write
func.func @swiglu(%a: tensor<?x64xf32>, %wg: tensor<64x96xf32>, %wu: tensor<64x96xf32>, %out: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %wg : tensor<?x64xf32>, tensor<64x96xf32>) outs(%f : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  %u = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %wu : tensor<?x64xf32>, tensor<64x96xf32>) outs(%f : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%g, %u : tensor<?x96xf32>, tensor<?x96xf32>) outs(%out : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %n = arith.negf %x : f32
    %x2 = math.exp %n : f32
    %d = arith.addf %x2, %one : f32
    %sg = arith.divf %x, %d : f32
    %t = arith.mulf %sg, %y : f32
    linalg.yield %t : f32
  } -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// Attention scores (a product by a transposed matrix over a symbolic number
// of columns) scaled by their epilogue: the loop over whole tiles of
// columns computes them unmasked; the loop over the last, clipped one, goes
// from the reduction across lanes (masked lanes zeroed, then a tree of
// shuffles) to the epilogue in registers, and the tile is written once,
// under the column mask.

// CHECK-LABEL: func.func @scores_scaled
// CHECK: scf.forall
// CHECK: scf.for
// CHECK: arith.mulf {{.*}} : vector<4x4x16xf32>
// CHECK-NOT: arith.select
// CHECK: scf.forall
// CHECK: scf.for
// CHECK: %[[P:.*]] = arith.mulf {{.*}} : vector<4x4x16xf32>
// CHECK: %[[Z:.*]] = arith.select %{{.*}}, %[[P]], %{{.*}} : vector<4x4x16xi1>, vector<4x4x16xf32>
// CHECK-NOT: vector.transfer_
// CHECK: vector.shuffle
// CHECK-NOT: vector.transfer_
// CHECK: %[[S:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<4x4xf32>
// CHECK-NOT: vector.transfer_
// CHECK: %[[A:.*]] = arith.addf %[[S]], %{{.*}} : vector<4x4xf32>
// CHECK-NOT: vector.transfer_
// CHECK: %[[Y:.*]] = arith.mulf %[[A]], %{{.*}} : vector<4x4xf32>
// CHECK-NEXT: vector.transfer_write %[[Y]]
// CHECK-NOT: vector.transfer_write
// CHECK: scf.yield
func.func @scores_scaled(%q: tensor<?x16xf32>, %k: tensor<?x16xf32>, %out: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %m = tensor.dim %q, %c0 : tensor<?x16xf32>
  %n = tensor.dim %k, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<?x16xf32>, tensor<?x16xf32>) outs(%f : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %a = arith.addf %acc, %p : f32
    linalg.yield %a : f32
  } -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
