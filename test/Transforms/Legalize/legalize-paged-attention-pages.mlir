// RUN: relax-opt %s --relax-legalize=paged-attention=pages --cse -split-input-file | FileCheck %s

// paged_attention in the `pages` form: for each token and kv head (a forall
// over [tokens, 4]), the token's sequence is checked once, and two loops over
// the pages it sees, ceil((pos + 1) / 16) capped at the table's width, read
// each page's keys (part 0) and values (part 1) of the layer (the program's
// last argument, which the call passes) as contiguous
// [16, 64] slices: scores of the group's 2 queries written into their
// columns of a [2, keys] row, the masked softmax over the row, then the
// weighted values accumulated in place, normalized and inserted at the
// group's heads. The tables' checks are in their own type (i32): no 64-bit
// integer, which WebGPU lacks.

// CHECK-DAG: #[[Q:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[V:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: tprog.func private @paged_attention
// CHECK-SAME: (%[[QS:[^:]*]]: tensor<?x8x64xf32> {{.*}}, %[[P:[^:]*]]: tensor<2x?x2x4x16x64xf32> {{.*}}, %[[TABLE:[^:]*]]: tensor<?x?xi32> {{.*}}, %[[SEQ:[^:]*]]: tensor<?xi32> {{.*}}, %[[POS:[^:]*]]: tensor<?xi32> {{.*}}, %[[O:[^:]*]]: tensor<?x8x64xf32> {{.*}}tprog.output}, %[[LAYER:.*]]: index)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[WIDTH:.*]] = tensor.dim %[[TABLE]], %{{.*}} : tensor<?x?xi32>
// CHECK-NOT: i64
// CHECK: %[[R:.*]] = scf.forall (%[[T:.*]], %[[C:.*]]) in (%{{.*}}, 4) shared_outs(%[[SHARED:.*]] = %[[O]])
// CHECK: %[[SI:.*]] = tensor.extract %[[SEQ]][%[[T]]]
// CHECK: arith.cmpi slt, %[[SI]], %{{.*}} : i32
// CHECK: cf.assert %{{.*}}, "paged_attention: a token's sequence is not a row of the page table"
// CHECK: %[[PI:.*]] = tensor.extract %[[POS]][%[[T]]]
// CHECK: %[[PAGES:.*]] = arith.ceildivui %{{.*}}, %[[C16]]
// CHECK: %[[SEEN:.*]] = arith.minui %[[PAGES]], %[[WIDTH]]
// CHECK: %[[H0:.*]] = arith.muli %[[C]], %{{.*}}
// CHECK: %[[GROUP:.*]] = tensor.extract_slice %[[QS]][%[[T]], %[[H0]], 0] [1, 2, 64] [1, 1, 1] : tensor<?x8x64xf32> to tensor<2x64xf32>
// CHECK: %[[SCORES:.*]] = scf.for %[[PK:.*]] = %{{.*}} to %[[SEEN]] {{.*}} -> (tensor<2x?xf32>)
// CHECK-NOT: a token's sequence
// CHECK: tensor.extract %[[TABLE]]
// CHECK: cf.assert %{{.*}}, "paged_attention: the page table names a page outside the cache"
// CHECK: %[[KEYS:.*]] = tensor.extract_slice %[[P]][%[[LAYER]], %{{.*}}, 0, %[[C]], 0, 0] [1, 1, 1, 1, 16, 64] [1, 1, 1, 1, 1, 1] : tensor<2x?x2x4x16x64xf32> to tensor<16x64xf32>
// CHECK: linalg.fill
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[Q]], #[[KT]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[GROUP]], %[[KEYS]] : tensor<2x64xf32>, tensor<16x64xf32>)
// CHECK: tensor.insert_slice %[[S]] into %{{.*}}[0, %{{.*}}] [2, 16] [1, 1]
// CHECK: linalg.index 1
// CHECK: arith.cmpi sle, %{{.*}}, %[[PI]] : i32
// CHECK: arith.select
// CHECK: arith.maximumf
// CHECK: %[[PROBS:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %[[SEEN]] {{.*}} -> (tensor<2x64xf32>)
// CHECK: %[[VALUES:.*]] = tensor.extract_slice %[[P]][%[[LAYER]], %{{.*}}, 1, %[[C]], 0, 0] [1, 1, 1, 1, 16, 64]
// CHECK: %[[W:.*]] = tensor.extract_slice %[[PROBS]][0, %{{.*}}] [2, 16] [1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[Q]], #[[V]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[W]], %[[VALUES]] : tensor<2x16xf32>, tensor<16x64xf32>)
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2xf32>) outs(%[[ACC]] : tensor<2x64xf32>)
// CHECK: arith.divf
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %[[N]] into %[[SHARED]][%[[T]], %[[H0]], 0] [1, 2, 64]
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @attend
// CHECK: call_tir @paged_attention({{.*}}) {sym_args = #sym.shape<[1]>}
relax.func @attend(%q: !relax.tensor<[t, 8, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %seq: !relax.tensor<[t], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32> {
  %o = relax.paged_attention %q, %pages, %table, %seq, %pos {layer = 1 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32>
  relax.return %o : !relax.tensor<[t, 8, 64], f32>
}

// -----

// A symbolic page size and head dim, and the op's own scale: the slices take
// their sizes from the cache.

// CHECK-LABEL: tprog.func private @paged_attention
// CHECK-SAME: %[[P:[^:]*]]: tensor<1x?x2x2x?x?xf32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[S:.*]] = tensor.dim %[[P]], %{{.*}} : tensor<1x?x2x2x?x?xf32>
// CHECK: scf.forall
// CHECK: arith.ceildivui %{{.*}}, %[[S]]
// CHECK: tensor.extract_slice %[[P]][{{.*}}] [1, 1, 1, 1, %[[S]], %{{.*}}] {{.*}} to tensor<?x?xf32>
// CHECK: arith.mulf %{{.*}}, %[[SCALE]]
relax.func @symbolic(%q: !relax.tensor<[t, 4, d], f32>, %pages: !relax.tensor<[1, n, 2, 2, s, d], f32>, %table: !relax.tensor<[b, m], i32>, %seq: !relax.tensor<[t], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<[t, 4, d], f32> {
  %o = relax.paged_attention %q, %pages, %table, %seq, %pos {layer = 0 : i64, scale = 0.5 : f64} : (!relax.tensor<[t, 4, d], f32>, !relax.tensor<[1, n, 2, 2, s, d], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 4, d], f32>
  relax.return %o : !relax.tensor<[t, 4, d], f32>
}
