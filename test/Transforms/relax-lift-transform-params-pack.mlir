// RUN: relax-opt %s --split-input-file --relax-lift-transform-params=pack-weights=16 | FileCheck %s
// RUN: not relax-opt %s --split-input-file --relax-lift-transform-params=pack-weights=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: pack-weights must be at least 0, not -1

// With pack-weights, a product by a [K, N] weight (transposed first) and one
// by permute_dims of an [N, K] weight become packed_matmul by the weight
// packed in panels of 16 columns, which the transform makes once; a weight
// read by two products is packed once.

// CHECK-LABEL: relax.func @main_transform_params
// CHECK-SAME: (%[[W:.*]]: !relax.tensor<[8, 32], f32> {relax.param_name = "w"}, %[[V:.*]]: !relax.tensor<[48, 32], f32> {relax.param_name = "v"})
// CHECK-SAME: -> (!relax.tensor<[3, 32, 16], f32>, !relax.tensor<[2, 8, 16], f32>)
// CHECK-DAG: %[[VS:.*]] = reshape %[[V]] {shape = #sym.shape<[3, 16, 32]>}
// CHECK-DAG: %[[VP:.*]] = permute_dims %[[VS]] {axes = array<i64: 0, 2, 1>} : (!relax.tensor<[3, 16, 32], f32>) -> !relax.tensor<[3, 32, 16], f32>
// CHECK-DAG: %[[WT:.*]] = permute_dims %[[W]] {axes = array<i64: 1, 0>} : (!relax.tensor<[8, 32], f32>) -> !relax.tensor<[32, 8], f32>
// CHECK-DAG: %[[WS:.*]] = reshape %[[WT]] {shape = #sym.shape<[2, 16, 8]>}
// CHECK-DAG: %[[WP:.*]] = permute_dims %[[WS]] {axes = array<i64: 0, 2, 1>} : (!relax.tensor<[2, 16, 8], f32>) -> !relax.tensor<[2, 8, 16], f32>
// CHECK: return %[[VP]], %[[WP]]
// CHECK-LABEL: relax.func @main
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[b, n, 8], f32>, %[[PV:.*]]: !relax.tensor<[3, 32, 16], f32>, %[[PW:.*]]: !relax.tensor<[2, 8, 16], f32>)
// CHECK-SAME: relax.transform_params = @main_transform_params
// CHECK: %[[Y:.*]] = packed_matmul %[[X]], %[[PW]] : (!relax.tensor<[b, n, 8], f32>, !relax.tensor<[2, 8, 16], f32>) -> !relax.tensor<[b, n, 32], f32>
// CHECK: %[[Y2:.*]] = packed_matmul %[[X]], %[[PW]]
// CHECK: %[[S:.*]] = add %[[Y]], %[[Y2]]
// CHECK: packed_matmul %[[S]], %[[PV]] : (!relax.tensor<[b, n, 32], f32>, !relax.tensor<[3, 32, 16], f32>) -> !relax.tensor<[b, n, 48], f32>
// CHECK-NOT: matmul
relax.func @main(%x: !relax.tensor<[b, n, 8], f32>,
                 %w: !relax.tensor<[8, 32], f32> {relax.param_name = "w"},
                 %v: !relax.tensor<[48, 32], f32> {relax.param_name = "v"})
    -> !relax.tensor<[b, n, 48], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, n, 48], f32> {
    %y = relax.matmul %x, %w : (!relax.tensor<[b, n, 8], f32>, !relax.tensor<[8, 32], f32>) -> !relax.tensor<[b, n, 32], f32>
    %y2 = relax.matmul %x, %w : (!relax.tensor<[b, n, 8], f32>, !relax.tensor<[8, 32], f32>) -> !relax.tensor<[b, n, 32], f32>
    %s = relax.add %y, %y2 : (!relax.tensor<[b, n, 32], f32>, !relax.tensor<[b, n, 32], f32>) -> !relax.tensor<[b, n, 32], f32>
    %vt = relax.permute_dims %v : (!relax.tensor<[48, 32], f32>) -> !relax.tensor<[32, 48], f32>
    %z = relax.matmul %s, %vt : (!relax.tensor<[b, n, 32], f32>, !relax.tensor<[32, 48], f32>) -> !relax.tensor<[b, n, 48], f32>
    relax.output %z : !relax.tensor<[b, n, 48], f32>
  }
  relax.return %r : !relax.tensor<[b, n, 48], f32>
}

// -----

// A weight whose columns are not a multiple of the panel, padding which
// would waste more than an eighth of its product (24 columns: 8 more), and a
// product of a vector, stay products by the transposed weight.

// CHECK-LABEL: relax.func @main_transform_params
// CHECK-NOT: reshape
// CHECK-LABEL: relax.func @main
// CHECK-NOT: packed_matmul
// CHECK: matmul %{{.*}}, %{{.*}} {transpose_b = true} : (!relax.tensor<[n, 8], f32>, !relax.tensor<[24, 8], f32>)
// CHECK: matmul %{{.*}}, %{{.*}} {transpose_b = true} : (!relax.tensor<[8], f32>, !relax.tensor<[32, 8], f32>)
relax.func @main(%x: !relax.tensor<[n, 8], f32>, %u: !relax.tensor<[8], f32>,
                 %w: !relax.tensor<[8, 24], f32> {relax.param_name = "w"},
                 %v: !relax.tensor<[8, 32], f32> {relax.param_name = "v"})
    -> (!relax.tensor<[n, 24], f32>, !relax.tensor<[32], f32>) {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 24], f32>) -> !relax.tensor<[n, 24], f32>
  %z = relax.matmul %u, %v : (!relax.tensor<[8], f32>, !relax.tensor<[8, 32], f32>) -> !relax.tensor<[32], f32>
  relax.return %y, %z : !relax.tensor<[n, 24], f32>, !relax.tensor<[32], f32>
}

// -----

// A weight whose columns are not a multiple of the panel (136 here, 50257 in
// GPT-2's LM head) is padded with zero rows to the next multiple (144: an
// eighth of 136 at most) before it is packed; the product computes the
// padded columns and a slice drops them.

// CHECK-LABEL: relax.func @main_transform_params
// CHECK-SAME: (%[[W:.*]]: !relax.tensor<[136, 8], f32> {relax.param_name = "w"})
// CHECK: %[[Z:.*]] = constant dense<0.000000e+00> : tensor<8x8xf32>
// CHECK: %[[WC:.*]] = concat %[[W]], %[[Z]] : (!relax.tensor<[136, 8], f32>, !relax.tensor<[8, 8], f32>) -> !relax.tensor<[144, 8], f32>
// CHECK: %[[WS:.*]] = reshape %[[WC]] {shape = #sym.shape<[9, 16, 8]>}
// CHECK: %[[WP:.*]] = permute_dims %[[WS]] {axes = array<i64: 0, 2, 1>} : (!relax.tensor<[9, 16, 8], f32>) -> !relax.tensor<[9, 8, 16], f32>
// CHECK: return %[[WP]]
// CHECK-LABEL: relax.func @main
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 8], f32>, %[[PW:.*]]: !relax.tensor<[9, 8, 16], f32>)
// CHECK: %[[P:.*]] = packed_matmul %[[X]], %[[PW]] : (!relax.tensor<[n, 8], f32>, !relax.tensor<[9, 8, 16], f32>) -> !relax.tensor<[n, 144], f32>
// CHECK: %[[Y:.*]] = strided_slice %[[P]] {axes = array<i64: 1>, begin = #sym.shape<[0]>, end = #sym.shape<[136]>} : (!relax.tensor<[n, 144], f32>) -> !relax.tensor<[n, 136], f32>
// CHECK: return %[[Y]]
relax.func @main(%x: !relax.tensor<[n, 8], f32>,
                 %w: !relax.tensor<[136, 8], f32> {relax.param_name = "w"})
    -> !relax.tensor<[n, 136], f32> {
  %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[n, 8], f32>, !relax.tensor<[136, 8], f32>) -> !relax.tensor<[n, 136], f32>
  relax.return %y : !relax.tensor<[n, 136], f32>
}
