// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s
// RUN: relax-opt %s --relax-legalize --relax-annotate-patterns -split-input-file | FileCheck %s --check-prefix=KIND

// Elementwise: one identity-mapped linalg.generic over the destination.

// CHECK-LABEL: tprog.func private @exp
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %[[O:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>, tprog.output}) -> tensor<?x4xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<?x4xf32>) outs(%[[O]] : tensor<?x4xf32>)
// CHECK: math.exp
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @unary
// CHECK: call_tir @exp(%{{.*}}) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
// KIND: tprog.func private @exp{{.*}}relax.pattern_kind = #relax.pattern_kind<elementwise>
relax.func @unary(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}

// -----

// Broadcast: the bias is read along the second dim only. Calls whose shapes
// differ only in their symbolic values share one program.

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: tprog.func private @add
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %{{.*}}: tensor<4xf32>, %{{.*}}: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>, tprog.output})
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]], #[[ID2]]]
// CHECK: arith.addf
// CHECK-NOT: tprog.func
// CHECK-LABEL: relax.func @broadcast
// CHECK: call_tir @add(%{{.*}}) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK: call_tir @add(%{{.*}}) : (!relax.tensor<[2 * m, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[2 * m, 4], f32>
// KIND: tprog.func private @add{{.*}}relax.pattern_kind = #relax.pattern_kind<broadcast>
relax.func @broadcast(%x: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[4], f32>, %z: !relax.tensor<[2 * m, 4], f32>, %m: !relax.tensor<[m], f32>) {
  %0 = relax.add %x, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
  %1 = relax.add %z, %b : (!relax.tensor<[2 * m, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[2 * m, 4], f32>
  relax.return
}

// -----

// A literal 1 broadcasts by reading index 0.

// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: tprog.func private @less
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[COL]], #{{.*}}]
// CHECK: arith.cmpf olt
// CHECK-SAME: f32
// CHECK: -> tensor<?x8xi1>
relax.func @compare(%x: !relax.tensor<[n, 8], f32>, %t: !relax.tensor<[n, 1], f32>) {
  %0 = relax.less %x, %t : (!relax.tensor<[n, 8], f32>, !relax.tensor<[n, 1], f32>) -> !relax.tensor<[n, 8], i1>
  relax.return
}

// -----

// Reduction: fill with the identity, then reduce along the axes. With
// keepdims the destination is viewed without its unit dims for the
// reduction, and the result expanded back.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: tprog.func private @max
// CHECK-SAME: %[[DEST:[a-z0-9]+]]: tensor<?x1x64xf32> {{.*}}tprog.output
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[DEST]] {{\[}}[0], [1, 2]] : tensor<?x1x64xf32> into tensor<?x64xf32>
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[FLAT]]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction", "parallel"]} {{.*}} outs(%[[INIT]]
// CHECK: arith.maximumf
// CHECK: tensor.expand_shape %[[R]] {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 1, 64] : tensor<?x64xf32> into tensor<?x1x64xf32>
// CHECK-LABEL: tprog.func private @mean
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// The element count of the static axis is a constant.
// CHECK: %[[COUNT:.*]] = arith.constant 8 : index
// CHECK: %[[COUNT_I:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[COUNT_F:.*]] = arith.sitofp %[[COUNT_I]]
// CHECK: arith.divf %{{.*}}, %[[COUNT_F]]
// KIND-DAG: tprog.func private @max{{.*}}relax.pattern_kind = #relax.pattern_kind<reduction>
// KIND-DAG: tprog.func private @mean{{.*}}relax.pattern_kind = #relax.pattern_kind<reduction>
relax.func @reductions(%x: !relax.tensor<[b, s, 64], f32>, %y: !relax.tensor<[n, 8], f32>) {
  %0 = relax.max %x {axes = array<i64: 1>, keepdims = true} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b, 1, 64], f32>
  %1 = relax.mean %y {axes = array<i64: -1>} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// Output-elementwise-fusable: a batched matmul with broadcast batch dims and
// a transposed right operand, as one contraction.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: tprog.func private @matmul
// CHECK-SAME: (%[[X:.*]]: tensor<?x8x?x64xf32> {{[^%]*}}, %[[Y:.*]]: tensor<8x?x64xf32> {{[^%]*}}, %[[O:.*]]: tensor<?x8x?x?xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[O]] : tensor<?x8x?x?xf32>)
// CHECK: linalg.contract indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%[[X]], %[[Y]] : tensor<?x8x?x64xf32>, tensor<8x?x64xf32>) outs(%[[Z]] : tensor<?x8x?x?xf32>)
// KIND: tprog.func private @matmul{{.*}}relax.pattern_kind = #relax.pattern_kind<output_elementwise_fusable>
relax.func @batched_matmul(%a: !relax.tensor<[b, 8, s, 64], f32>, %k: !relax.tensor<[8, t, 64], f32>) {
  %0 = relax.matmul %a, %k {transpose_b = true} : (!relax.tensor<[b, 8, s, 64], f32>, !relax.tensor<[8, t, 64], f32>) -> !relax.tensor<[b, 8, s, t], f32>
  relax.return
}

// -----

// A product by packed panels: one contraction into the destination expanded
// to [..., m, n / p, p], whose loops put the panel's column innermost in
// both the panel and the output, collapsed back.

// CHECK-DAG: #[[PA:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
// CHECK-DAG: #[[PB:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, d4, d3)>
// CHECK-DAG: #[[PC:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: tprog.func private @packed_matmul
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x8xf32> {{[^%]*}}, %[[W:.*]]: tensor<3x8x16xf32>, %[[O:.*]]: tensor<?x?x48xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[O]] {{\[}}[0], [1], [2, 3]] output_shape [%{{.*}}, %{{.*}}, 3, 16] : tensor<?x?x48xf32> into tensor<?x?x3x16xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x?x3x16xf32>)
// CHECK: %[[P:.*]] = linalg.contract indexing_maps = [#[[PA]], #[[PB]], #[[PC]]] ins(%[[X]], %[[W]] : tensor<?x?x8xf32>, tensor<3x8x16xf32>) outs(%[[Z]] : tensor<?x?x3x16xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[P]] {{\[}}[0], [1], [2, 3]] : tensor<?x?x3x16xf32> into tensor<?x?x48xf32>
// CHECK: return %[[R]]
// KIND: tprog.func private @packed_matmul{{.*}}relax.pattern_kind = #relax.pattern_kind<output_elementwise_fusable>
relax.func @packed_matmul(%x: !relax.tensor<[b, s, 8], f32>, %w: !relax.tensor<[3, 8, 16], f32>) {
  %0 = relax.packed_matmul %x, %w : (!relax.tensor<[b, s, 8], f32>, !relax.tensor<[3, 8, 16], f32>) -> !relax.tensor<[b, s, 48], f32>
  relax.return
}

// -----

// A literal-1 batch dim that broadcasts against the output's is collapsed
// away: a contraction broadcasts by leaving the dim out of the operand's map.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: tprog.func private @matmul
// CHECK-SAME: (%[[X:.*]]: tensor<1x?x64xf32> {{[^%]*}}, %[[Y:.*]]: tensor<4x64x?xf32>
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<1x?x64xf32> into tensor<?x64xf32>
// CHECK: linalg.contract indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%[[XC]], %[[Y]] : tensor<?x64xf32>, tensor<4x64x?xf32>)
relax.func @broadcast_batch(%a: !relax.tensor<[1, s, 64], f32>, %w: !relax.tensor<[4, 64, t], f32>) {
  %0 = relax.matmul %a, %w : (!relax.tensor<[1, s, 64], f32>, !relax.tensor<[4, 64, t], f32>) -> !relax.tensor<[4, s, t], f32>
  relax.return
}

// -----

// Softmax: max and sum of exponentials along the axis, then normalize.

// CHECK-LABEL: tprog.func private @softmax
// CHECK-COUNT-3: linalg.generic
// CHECK: math.exp
// CHECK: arith.divf
relax.func @softmax_rows(%x: !relax.tensor<[n, s], f32>) {
  %0 = relax.softmax %x : (!relax.tensor<[n, s], f32>) -> !relax.tensor<[n, s], f32>
  relax.return
}
