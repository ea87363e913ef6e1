// RUN: relax-opt %s --split-input-file --relax-lift-transform-params | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-lift-transform-params=transpose-weights | FileCheck %s --check-prefix=TRANSPOSE

// A weight scaled by a constant: the product moves into the transform,
// which takes the weight it reads and returns the scaled weight; the
// function takes its other parameters in order (the bias, a weight it still
// reads, keeps its name), then the scaled weight.

// CHECK-LABEL: relax.func @main_transform_params
// CHECK-SAME: (%[[W:.*]]: !relax.tensor<[4, 3], f32> {relax.param_name = "w"})
// CHECK-SAME: -> !relax.tensor<[4, 3], f32>
// CHECK: %[[HALF:.*]] = constant dense<5.000000e-01>
// CHECK: %[[SCALED:.*]] = multiply %[[W]], %[[HALF]]
// CHECK: return %[[SCALED]]
// CHECK-LABEL: relax.func @main
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>, %[[B:.*]]: !relax.tensor<[3], f32> {relax.param_name = "b"}, %[[S:.*]]: !relax.tensor<[4, 3], f32>)
// CHECK-SAME: relax.transform_params = @main_transform_params
// CHECK-NOT: constant
// CHECK-NOT: multiply
// CHECK: %[[Y:.*]] = matmul %[[X]], %[[S]] :
// CHECK: add %[[Y]], %[[B]]

// TRANSPOSE-LABEL: relax.func @main_transform_params
// TRANSPOSE: %[[SCALED:.*]] = multiply
// TRANSPOSE: %[[T:.*]] = permute_dims %[[SCALED]] {axes = array<i64: 1, 0>} : (!relax.tensor<[4, 3], f32>) -> !relax.tensor<[3, 4], f32>
// TRANSPOSE: return %[[T]]
// TRANSPOSE-LABEL: relax.func @main
// TRANSPOSE-SAME: %{{.*}}: !relax.tensor<[3, 4], f32>)
// TRANSPOSE: matmul %{{.*}}, %{{.*}} {transpose_b = true}
relax.func @main(%w: !relax.tensor<[4, 3], f32> {relax.param_name = "w"},
                 %x: !relax.tensor<[n, 4], f32>,
                 %b: !relax.tensor<[3], f32> {relax.param_name = "b"})
    -> !relax.tensor<[n, 3], f32> {
  %half = relax.constant dense<0.5> : tensor<f32>
  %s = relax.multiply %w, %half : (!relax.tensor<[4, 3], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[4, 3], f32>
  %y = relax.matmul %x, %s : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<[n, 3], f32>
  %z = relax.add %y, %b : (!relax.tensor<[n, 3], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[n, 3], f32>
  relax.return %z : !relax.tensor<[n, 3], f32>
}

// -----

// With transpose-weights, a product by a [K, N] weight reads a transposed
// copy that the transform makes once; a weight read by two products is
// transposed once. Without it, nothing depends on the weights alone.

// CHECK-LABEL: relax.func @main
// CHECK-NOT: relax.transform_params
// CHECK-NOT: @main_transform_params

// TRANSPOSE-LABEL: relax.func @main_transform_params
// TRANSPOSE-SAME: (%[[W:.*]]: !relax.tensor<[8, 16], f32> {relax.param_name = "w"})
// TRANSPOSE-SAME: -> !relax.tensor<[16, 8], f32>
// TRANSPOSE: %[[T:.*]] = permute_dims %[[W]] {axes = array<i64: 1, 0>}
// TRANSPOSE-NEXT: return %[[T]]
// TRANSPOSE-LABEL: relax.func @main
// TRANSPOSE-SAME: (%[[X:.*]]: !relax.tensor<[n, 8], f32>, %[[WT:.*]]: !relax.tensor<[16, 8], f32>)
// TRANSPOSE: dataflow
// TRANSPOSE: %[[Y:.*]] = matmul %[[X]], %[[WT]] {transpose_b = true}
// TRANSPOSE: matmul %[[X]], %[[WT]] {transpose_b = true}
relax.func @main(%x: !relax.tensor<[n, 8], f32>,
                 %w: !relax.tensor<[8, 16], f32> {relax.param_name = "w"})
    -> !relax.tensor<[n, 16], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 16], f32> {
    %y = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 16], f32>) -> !relax.tensor<[n, 16], f32>
    %y2 = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 16], f32>) -> !relax.tensor<[n, 16], f32>
    %s = relax.add %y, %y2 : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
    relax.output %s : !relax.tensor<[n, 16], f32>
  }
  relax.return %r : !relax.tensor<[n, 16], f32>
}

// -----

// A product by permute_dims of an [N, K] weight reads the weight with
// transpose_b, so nothing is lifted: the function keeps its signature.
// Without transpose-weights the permutation is lifted.

// CHECK-LABEL: relax.func @main_transform_params
// CHECK: permute_dims
// CHECK-LABEL: relax.func @main
// CHECK-SAME: relax.transform_params = @main_transform_params

// TRANSPOSE-NOT: @main_transform_params
// TRANSPOSE-LABEL: relax.func @main
// TRANSPOSE-SAME: (%[[X:.*]]: !relax.tensor<[n, 8], f32>, %[[W:.*]]: !relax.tensor<[16, 8], f32> {relax.param_name = "w"})
// TRANSPOSE-NOT: transform_params
// TRANSPOSE-NOT: permute_dims
// TRANSPOSE: matmul %[[X]], %[[W]] {transpose_b = true}
relax.func @main(%x: !relax.tensor<[n, 8], f32>,
                 %w: !relax.tensor<[16, 8], f32> {relax.param_name = "w"})
    -> !relax.tensor<[n, 16], f32> {
  %t = relax.permute_dims %w : (!relax.tensor<[16, 8], f32>) -> !relax.tensor<[8, 16], f32>
  %y = relax.matmul %x, %t : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 16], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %y : !relax.tensor<[n, 16], f32>
}

// -----

// Parameters without `relax.param_name` and named parameters of a symbolic
// shape are not weights, and private functions are left alone.

// CHECK-LABEL: relax.func @main
// CHECK-NOT: transform_params
// CHECK-LABEL: relax.func private @helper
// CHECK-NOT: transform_params
// TRANSPOSE-NOT: transform_params
relax.func @main(%x: !relax.tensor<[n, 8], f32>,
                 %w: !relax.tensor<[8, 16], f32>,
                 %v: !relax.tensor<[m, 16], f32> {relax.param_name = "v"})
    -> !relax.tensor<[n, 16], f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %t = relax.permute_dims %v : (!relax.tensor<[m, 16], f32>) -> !relax.tensor<[16, m], f32>
  relax.return %y : !relax.tensor<[n, 16], f32>
}
relax.func private @helper(%w: !relax.tensor<[8, 16], f32> {relax.param_name = "w"})
    -> !relax.tensor<[16, 8], f32> {
  %t = relax.permute_dims %w : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[16, 8], f32>
  relax.return %t : !relax.tensor<[16, 8], f32>
}
