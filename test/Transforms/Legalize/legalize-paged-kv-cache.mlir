// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s

// paged_kv_append writes the cache in place: the program takes the cache
// as its destination (tprog.output) and no other, the call is a
// call_tir_inplace of operand 0, and each token's keys and values are
// inserted at its slot when the slot is inside the cache (checked in the
// slots' type, i32: no 64-bit integer, which WebGPU lacks).

// CHECK-LABEL: tprog.func private @paged_kv_append
// CHECK-SAME: (%[[P:.*]]: tensor<2x?x2x4x16x64xf32> {sym.shape = #sym.shape<[2, d0, 2, 4, 16, 64]>, tprog.output}, %[[K:[^:]*]]: tensor<?x4x64xf32> {{.*}}, %[[V:[^:]*]]: tensor<?x4x64xf32> {{.*}}, %[[S:[^:]*]]: tensor<?xi32> {sym.shape = #sym.shape<[d1]>}) -> tensor<2x?x2x4x16x64xf32>
// CHECK: %[[R:.*]] = scf.for %[[T:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[P]])
// CHECK: %[[SLOT:.*]] = tensor.extract %[[S]][%[[T]]]
// CHECK-NOT: i64
// CHECK: arith.cmpi slt, %[[SLOT]], %{{.*}} : i32
// CHECK: cf.assert %[[OK:.*]], "paged_kv_append: a slot is outside the cache"
// CHECK: scf.if %[[OK]]
// CHECK: %[[PAGE:.*]] = arith.divui
// CHECK: %[[OFF:.*]] = arith.remui
// CHECK: %[[KR:.*]] = tensor.extract_slice %[[K]][%[[T]], 0, 0] [1, 4, 64] [1, 1, 1] : tensor<?x4x64xf32> to tensor<4x64xf32>
// CHECK: %[[W:.*]] = tensor.insert_slice %[[KR]] into %[[ACC]][1, %[[PAGE]], 0, 0, %[[OFF]], 0] [1, 1, 1, 4, 1, 64]
// CHECK: %[[VR:.*]] = tensor.extract_slice %[[V]][%[[T]], 0, 0]
// CHECK: tensor.insert_slice %[[VR]] into %[[W]][1, %[[PAGE]], 1, 0, %[[OFF]], 0]
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @append
// CHECK: call_tir_inplace @paged_kv_append(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) inplace [0]
relax.func @append(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %v: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<[2, n, 2, 4, 16, 64], f32> {
  %p = relax.paged_kv_append %pages, %k, %v, %slots {layer = 1 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<[2, n, 2, 4, 16, 64], f32>
  relax.return %p : !relax.tensor<[2, n, 2, 4, 16, 64], f32>
}

// -----

// paged_attention: a [tokens, keys] table of the page of each key position
// (read through the page table at each token's sequence, both checked),
// then products that read the cache at that page, K (part 0) for the scores
// and V (part 1) for the output, with 2 query heads per kv head; keys past
// a token's position are masked out of the softmax and the output.

// CHECK-DAG: #[[QMAP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d2, d4)>
// CHECK-LABEL: tprog.func private @paged_attention
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<?x8x64xf32> {{.*}}, %[[P:[^:]*]]: tensor<2x?x2x4x16x64xf32> {{.*}}, %[[TABLE:[^:]*]]: tensor<?x?xi32> {{.*}}, %[[SEQ:[^:]*]]: tensor<?xi32> {{.*}}, %[[POS:[^:]*]]: tensor<?xi32> {{.*}}, %[[O:[^:]*]]: tensor<?x8x64xf32> {{.*}}tprog.output}, %[[LAYER:.*]]: index)
// CHECK: %[[PAGES:.*]] = linalg.generic {{.*}} ins(%[[SEQ]] : tensor<?xi32>) outs(%{{.*}} : tensor<?x?xi32>)
// CHECK: cf.assert %{{.*}}, "paged_attention: a token's sequence is not a row of the page table"
// CHECK: tensor.extract %[[TABLE]]
// CHECK: cf.assert %{{.*}}, "paged_attention: the page table names a page outside the cache"
// CHECK: linalg.generic {indexing_maps = [#[[QMAP]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[Q]], %[[PAGES]] : {{.*}}) outs(%{{.*}} : tensor<?x4x2x?xf32>)
// CHECK: tensor.extract %[[P]][%[[LAYER]], %{{.*}}, %[[K0:.*]], %{{.*}}, %{{.*}}, %{{.*}}] : tensor<2x?x2x4x16x64xf32>
// CHECK: ins(%[[POS]] : tensor<?xi32>)
// CHECK: arith.cmpi sle
// CHECK: arith.select
// CHECK: math.exp
// CHECK: tensor.expand_shape %[[O]] {{\[\[}}0], [1, 2], [3]]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[PAGES]], %[[POS]] : {{.*}})
// CHECK: tensor.extract %[[P]][%[[LAYER]],
// CHECK: arith.divf
// CHECK: %[[R:.*]] = tensor.collapse_shape
// CHECK: return %[[R]]
// One program serves every layer: the layer is its trailing argument, which
// each call passes.
// CHECK-NOT: tprog.func
// CHECK-LABEL: relax.func @attend
// CHECK: %[[L0:.*]] = call_tir @paged_attention(%{{.*}}) {sym_args = #sym.shape<[0]>}
// CHECK: call_tir @paged_attention(%[[L0]], %{{.*}}) {sym_args = #sym.shape<[1]>}
relax.func @attend(%q: !relax.tensor<[t, 8, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %seq: !relax.tensor<[t], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32> {
  %o = relax.paged_attention %q, %pages, %table, %seq, %pos {layer = 0 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32>
  %o1 = relax.paged_attention %o, %pages, %table, %seq, %pos {layer = 1 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32>
  relax.return %o1 : !relax.tensor<[t, 8, 64], f32>
}
