// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s

// rms_norm: sum of squares over the normalized axis, one rsqrt per row, then
// the scale; the weight is read along the normalized axis.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ROW_ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: tprog.func private @rms_norm
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x64xf32> {sym.shape = #sym.shape<[d0, d1, 64]>}, %[[W:.*]]: tensor<64xf32>, %[[O:.*]]: tensor<?x?x64xf32> {sym.shape = #sym.shape<[d0, d1, 64]>, tprog.output})
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]]
// CHECK: %[[SS:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : {{.*}}) outs(%[[Z]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[INV:.*]] = linalg.generic {indexing_maps = [#[[ROW_ID]]], iterator_types = ["parallel", "parallel"]} outs(%[[SS]]
// CHECK: arith.divf
// CHECK: arith.addf
// CHECK: math.rsqrt
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[LAST]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[INV]], %[[W]] : {{.*}}) outs(%[[O]]
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @rms
// CHECK: call_tir @rms_norm
relax.func @rms(%x: !relax.tensor<[b, s, 64], f32>, %w: !relax.tensor<[64], f32>) {
  %0 = relax.rms_norm %x, %w {epsilon = 1.0e-6 : f64} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, s, 64], f32>
  relax.return
}

// -----

// layer_norm over two axes: mean, variance from the mean, then
// (x - mean) * rsqrt(var + eps) * gamma + beta; the parameters are read along
// the normalized axes in their given order.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[STATS:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[PARAM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: tprog.func private @layer_norm
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[STATS]]], iterator_types = ["reduction", "parallel", "reduction"]}
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[STATS]], #[[STATS]]], iterator_types = ["reduction", "parallel", "reduction"]}
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: math.rsqrt
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[STATS]], #[[STATS]], #[[PARAM]], #[[PARAM]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: arith.addf
relax.func @ln(%x: !relax.tensor<[b, s, 64], f32>, %g: !relax.tensor<[64, b], f32>, %bb: !relax.tensor<[64, b], f32>) {
  %0 = relax.layer_norm %x, %g, %bb {axes = array<i64: 2, 0>} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, b], f32>, !relax.tensor<[64, b], f32>) -> !relax.tensor<[b, s, 64], f32>
  relax.return
}

// -----

// rotary_embedding: the tables are read at (seq, i); the partner element
// x[..., i +- d/2] is extracted at the loop indices.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[TABLE:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-LABEL: tprog.func private @rotary_embedding
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x?x8x64xf32>
// CHECK: %[[HALF:.*]] = arith.divui
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[TABLE]], #[[TABLE]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK: %[[I0:.*]] = linalg.index 0
// CHECK: %[[I1:.*]] = linalg.index 1
// CHECK: %[[I2:.*]] = linalg.index 2
// CHECK: %[[I3:.*]] = linalg.index 3
// CHECK: %[[LOW:.*]] = arith.cmpi ult, %[[I3]], %[[HALF]]
// CHECK: %[[P:.*]] = arith.select %[[LOW]]
// CHECK: %[[XP:.*]] = tensor.extract %[[X]][%[[I0]], %[[I1]], %[[I2]], %[[P]]]
// CHECK: %[[NEG:.*]] = arith.negf %[[XP]]
// CHECK: arith.select %[[LOW]], %[[NEG]], %[[XP]]
relax.func @rope(%x: !relax.tensor<[b, s, 8, 64], f32>, %c: !relax.tensor<[s, 64], f32>, %sn: !relax.tensor<[s, 64], f32>) {
  %0 = relax.rotary_embedding %x, %c, %sn : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, s, 8, 64], f32>
  relax.return
}

// -----

// attention with 4 query heads per kv head: queries and the output are viewed
// as [b, s, 2, 4, e] so that every read is an indexing map; keys are
// transposed to [b, kv, e, t]; scores [b, kv, g, s, t] contract the head dim;
// scale and causal mask (j <= t - s + i); softmax over t; the weighted sum
// over t, then the division by the softmax sums, write [b, s, 2, 4, e].

// CHECK-DAG: #[[KIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[Q:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2, d5)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5, d4)>
// CHECK-DAG: #[[S:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG: #[[ID5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[P:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>
// CHECK-DAG: #[[V:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d1, d4)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2, d4)>
// CHECK-DAG: #[[SUMS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d1)>
// CHECK-LABEL: tprog.func private @attention
// CHECK-SAME: (%[[QA:[a-z0-9]+]]: tensor<?x?x8x64xf32> {sym.shape = #sym.shape<[d0, d1, 8, 64]>}, %[[KA:[a-z0-9]+]]: tensor<?x?x2x64xf32> {sym.shape = #sym.shape<[d0, d2, 2, 64]>}, %[[VA:[a-z0-9]+]]: tensor<?x?x2x32xf32> {sym.shape = #sym.shape<[d0, d2, 2, 32]>}, %[[OA:[a-z0-9]+]]: tensor<?x?x8x32xf32>
// CHECK: %[[SCALE:.*]] = arith.constant 1.250000e-01 : f32
// CHECK: %[[QS:.*]] = tensor.expand_shape %[[QA]] {{\[}}[0], [1], [2, 3], [4]] output_shape [%{{.*}}, %{{.*}}, 2, 4, 64] : tensor<?x?x8x64xf32> into tensor<?x?x2x4x64xf32>
// CHECK: %[[OS:.*]] = tensor.expand_shape %[[OA]] {{\[}}[0], [1], [2, 3], [4]] output_shape [%{{.*}}, %{{.*}}, 2, 4, 32] : tensor<?x?x8x32xf32> into tensor<?x?x2x4x32xf32>
// CHECK: %[[KT:.*]] = linalg.generic {indexing_maps = [#[[KIN]], #[[ID4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[KA]] : tensor<?x?x2x64xf32>) outs(%{{.*}} : tensor<?x2x64x?xf32>)
// CHECK: %[[QK:.*]] = linalg.generic {indexing_maps = [#[[Q]], #[[K]], #[[S]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[QS]], %[[KT]] :
// CHECK: %[[MASKED:.*]] = linalg.generic {indexing_maps = [#[[ID5]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%[[QK]]
// CHECK: arith.mulf %{{.*}}, %[[SCALE]]
// CHECK: arith.cmpi sle
// CHECK: arith.select
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID5]], #[[ROWS]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[MASKED]]
// CHECK: arith.maximumf
// CHECK: %[[EXP:.*]] = linalg.generic {indexing_maps = [#[[ROWS]], #[[ID5]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[MAX]] {{.*}} outs(%[[MASKED]]
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID5]], #[[ROWS]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[EXP]]
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[OS]]
// CHECK: %[[PV:.*]] = linalg.generic {indexing_maps = [#[[P]], #[[V]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[EXP]], %[[VA]] : {{.*}}) outs(%[[INIT]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[SUMS]], #[[ID5]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]] {{.*}} outs(%[[PV]]
// CHECK: arith.divf
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0], [1], [2, 3], [4]] : tensor<?x?x2x4x32xf32> into tensor<?x?x8x32xf32>
// CHECK: return %[[C]]
relax.func @attn(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %v: !relax.tensor<[b, t, 2, 32], f32>) {
  %0 = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 32], f32>) -> !relax.tensor<[b, s, 8, 32], f32>
  relax.return
}

// -----

// attention with an i1 padding mask [b, 1, 1, t]: the scaled scores
// [b, kv, g, s, t] select -inf where the mask is false, reading it at
// (b, 0, 0, t); with an f32 mask per query head [b, 8, s, t] they add it,
// reading head kv * 4 + g.

// CHECK-DAG: #[[PAD:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, 0, d4)>
// CHECK-DAG: #[[HEADS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 4 + d2, d3, d4)>
// CHECK-LABEL: tprog.func private @attention
// CHECK-SAME: %[[MA:[a-z0-9]+]]: tensor<?x1x1x?xi1>
// CHECK: linalg.generic {indexing_maps = [#[[PAD]], #{{.*}}], {{.*}} ins(%[[MA]] : tensor<?x1x1x?xi1>)
// CHECK: arith.mulf
// CHECK: arith.select
// CHECK: arith.maximumf
// CHECK-LABEL: tprog.func private @attention_0
// CHECK-SAME: %[[MB:[a-z0-9]+]]: tensor<?x8x?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[HEADS]], #{{.*}}], {{.*}} ins(%[[MB]] : tensor<?x8x?x?xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
relax.func @masked(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %pad: !relax.tensor<[b, 1, 1, t], i1>, %bias: !relax.tensor<[b, 8, s, t], f32>) {
  %0 = relax.attention %q, %k, %k, %pad : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, 1, 1, t], i1>) -> !relax.tensor<[b, s, 8, 64], f32>
  %1 = relax.attention %q, %k, %k, %bias : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, 8, s, t], f32>) -> !relax.tensor<[b, s, 8, 64], f32>
  relax.return
}

// -----

// attention with symbolic head counts: the group size is computed at run
// time and k and v are extracted at head `h / group`; the default scale is
// rsqrt of the head dim.

// CHECK-LABEL: tprog.func private @attention
// CHECK-SAME: (%[[QA:[a-z0-9]+]]: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[d0, d1, d2, d3]>}, %[[KA:[a-z0-9]+]]: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[d0, d4, d5, d3]>}, %[[VA:[a-z0-9]+]]: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[d0, d4, d5, d6]>}
// CHECK: %[[H:.*]] = tensor.dim %[[QA]], %{{.*}}
// CHECK: %[[KH:.*]] = tensor.dim %[[KA]], %{{.*}}
// CHECK: %[[G:.*]] = arith.divui %[[H]], %[[KH]]
// CHECK: math.rsqrt
// CHECK: linalg.generic {{.*}} ins(%[[QA]] : tensor<?x?x?x?xf32>)
// CHECK: %[[HEAD:.*]] = linalg.index 1
// CHECK: %[[KVH:.*]] = arith.divui %[[HEAD]], %[[G]]
// CHECK: tensor.extract %[[KA]][%{{.*}}, %{{.*}}, %[[KVH]], %{{.*}}]
// CHECK-NOT: arith.cmpi sle
// CHECK: arith.divui %{{.*}}, %[[G]]
// CHECK: tensor.extract %[[VA]]
relax.func @attn_sym(%q: !relax.tensor<[b, s, h, d], f32>, %k: !relax.tensor<[b, t, kh, d], f32>, %v: !relax.tensor<[b, t, kh, e], f32>) {
  %0 = relax.attention %q, %k, %v : (!relax.tensor<[b, s, h, d], f32>, !relax.tensor<[b, t, kh, d], f32>, !relax.tensor<[b, t, kh, e], f32>) -> !relax.tensor<[b, s, h, e], f32>
  relax.return
}

// -----

// variance with keepdims: mean into a temporary, then the sum of squared
// deviations into the destination, both divided by the count; the
// reductions write a view of the destination without its kept unit dim,
// expanded back at the end.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: tprog.func private @variance
// CHECK-SAME: %[[O:[a-z0-9]+]]: tensor<?x1xf32> {sym.shape = #sym.shape<[d0, 1]>, tprog.output}
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[O]] {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]]], iterator_types = ["parallel", "reduction"]}
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} outs(%[[SUM]]
// CHECK: arith.divf
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[FLAT]]
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROWS]], #[[ROWS]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %[[MEAN]] : {{.*}}) outs(%[[INIT]]
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
relax.func @var(%x: !relax.tensor<[n, 8], f32>) {
  %0 = relax.variance %x {axes = array<i64: 1>, keepdims = true} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 1], f32>
  relax.return
}

// -----

// argmax: one generic with two results, the running max and its index
// (strictly greater keeps the first; a NaN is taken when the max so far is
// not NaN, so the first NaN wins); without an axis the index is into the
// flattened tensor.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: tprog.func private @argmax(
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[MAX:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.*}} : tensor<?xf32>)
// CHECK: %[[IDX:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<?xi64>)
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}}) outs(%[[MAX]], %[[IDX]] : tensor<?xf32>, tensor<?xi64>)
// CHECK: ^bb0(%[[X:[^:]*]]: f32, %[[BEST:[^:]*]]: f32
// CHECK: linalg.index 1
// CHECK: %[[GREATER:.*]] = arith.cmpf ogt, %[[X]], %[[BEST]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: %[[ORDERED:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]]
// CHECK: %[[FIRST_NAN:.*]] = arith.andi %[[NAN]], %[[ORDERED]]
// CHECK: %[[GT:.*]] = arith.ori %[[GREATER]], %[[FIRST_NAN]]
// CHECK: arith.select %[[GT]]
// CHECK: arith.select %[[GT]]
// CHECK: return %[[R]]#1 : tensor<?xi64>
// CHECK-LABEL: tprog.func private @argmax_0(
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[SCALAR]]], iterator_types = ["reduction", "reduction"]}
// CHECK: linalg.index 0
// CHECK: linalg.index 1
// CHECK: -> (tensor<f32>, tensor<i64>)
relax.func @am(%x: !relax.tensor<[n, 8], f32>) {
  %0 = relax.argmax %x {axis = 1} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n], i64>
  %1 = relax.argmax %x : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[], i64>
  relax.return
}

// -----

// cumsum: a copy of the input, then a scan along the axis, one step per
// position adding the slice before it.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: tprog.func private @cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xi32> {{.*}}, %[[OUT:.*]]: tensor<?x8xi32>
// CHECK: %[[COPY:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<?x8xi32>) outs(%[[OUT]] : tensor<?x8xi32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %[[ONE]] to %[[EIGHT]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[COPY]]) -> (tensor<?x8xi32>) {
// CHECK:   %[[PREV:.*]] = arith.subi %[[I]], %[[ONE]] : index
// CHECK:   %[[BEFORE:.*]] = tensor.extract_slice %[[ACC]][0, %[[PREV]]] [%[[N]], 1] [1, 1]
// CHECK:   %[[CUR:.*]] = tensor.extract_slice %[[ACC]][0, %[[I]]] [%[[N]], 1] [1, 1]
// CHECK:   %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[BEFORE]] : tensor<?x1xi32>) outs(%[[CUR]] : tensor<?x1xi32>)
// CHECK:     arith.addi
// CHECK:   %[[NEXT:.*]] = tensor.insert_slice %[[SUM]] into %[[ACC]][0, %[[I]]] [%[[N]], 1] [1, 1]
// CHECK:   scf.yield %[[NEXT]]
// CHECK: return %[[R]]
relax.func @cs(%x: !relax.tensor<[n, 8], i32>) {
  %0 = relax.cumsum %x {axis = -1} : (!relax.tensor<[n, 8], i32>) -> !relax.tensor<[n, 8], i32>
  relax.return
}

// -----

// group_norm: statistics per (batch, group), the group of channel c being
// c floordiv 4; gamma and beta are read per channel.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[GROUP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1 floordiv 4)>
// CHECK-DAG: #[[CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: tprog.func private @group_norm
// CHECK: tensor.empty(%{{.*}}) : tensor<?x8xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[GROUP]]], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[GROUP]], #[[GROUP]]], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[GROUP]], #[[GROUP]], #[[CHANNEL]], #[[CHANNEL]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK: math.rsqrt
relax.func @gn(%x: !relax.tensor<[n, 32, h, w], f32>, %g: !relax.tensor<[32], f32>, %bb: !relax.tensor<[32], f32>) {
  %0 = relax.group_norm %x, %g, %bb {num_groups = 8} : (!relax.tensor<[n, 32, h, w], f32>, !relax.tensor<[32], f32>, !relax.tensor<[32], f32>) -> !relax.tensor<[n, 32, h, w], f32>
  relax.return
}

// -----

// group_norm with a group per channel (an instance norm): the statistics
// are indexed by the channel itself, which is therefore parallel, not
// reduced.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[STATS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: tprog.func private @group_norm
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[STATS]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[STATS]], #[[STATS]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
relax.func @instance_norm(%x: !relax.tensor<[n, 8, h, w], f32>, %g: !relax.tensor<[8], f32>, %bb: !relax.tensor<[8], f32>) {
  %0 = relax.group_norm %x, %g, %bb {num_groups = 8} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8, h, w], f32>
  relax.return
}

// -----

// Convolution: the input is padded with zeros, then one generic over
// (n, o, out spatial..., ci, kernel...) reads it at out * stride +
// kernel * dilation, in the channel of o's group.

// CHECK-DAG: #[[X2:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 2) * 4 + d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-DAG: #[[W2:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[O2:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[X1:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4 * 2)>
// CHECK-DAG: #[[W1:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
// CHECK-DAG: #[[O1:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: tprog.func private @conv2d
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 0] high[0, 0, 1, 2]
// CHECK: tensor.yield %{{.*}} : f32
// CHECK: } : tensor<?x8x?x?xf32> to tensor<?x8x?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X2]], #[[W2]], #[[O2]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[PAD]], %{{.*}} : tensor<?x8x?x?xf32>, tensor<4x4x3x3xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-LABEL: tprog.func private @conv1d
// CHECK-NOT: tensor.pad
// CHECK: linalg.generic {indexing_maps = [#[[X1]], #[[W1]], #[[O1]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
relax.func @conv(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[4, 4, 3, 3], f32>, %x1: !relax.tensor<[1, 16, 100], f32>, %w1: !relax.tensor<[32, 16, 3], f32>) {
  %0 = relax.conv2d %x, %k {groups = 2, strides = array<i64: 2>, padding = array<i64: 1, 0, 1, 2>} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[4, 4, 3, 3], f32>) -> !relax.tensor<[n, 4, (h - 1) floordiv 2 + 1, (w - 1) floordiv 2 + 1], f32>
  %1 = relax.conv1d %x1, %w1 {dilation = array<i64: 2>} : (!relax.tensor<[1, 16, 100], f32>, !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<[1, 32, 96], f32>
  relax.return
}

// -----

// Pooling: the window dims get their bounds from an empty [kh, kw] tensor;
// max pooling pads with -inf, average pooling divides by the window area.

// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: tprog.func private @max_pool2d
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEG_INF]]
// CHECK: tensor.empty() : tensor<3x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: arith.maximumf
// CHECK-LABEL: tprog.func private @avg_pool2d
// CHECK-NOT: tensor.pad
// CHECK: tensor.empty() : tensor<2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: arith.addf
// CHECK: %[[AREA:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[AREA]]
relax.func @pool(%x: !relax.tensor<[n, c, 8, 8], f32>) {
  %0 = relax.max_pool2d %x {pool_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, c, 8, 8], f32>) -> !relax.tensor<[n, c, 4, 4], f32>
  %1 = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (!relax.tensor<[n, c, 8, 8], f32>) -> !relax.tensor<[n, c, 4, 4], f32>
  relax.return
}

// -----

// group_norm with a symbolic channel count splits the channels into
// [groups, channels / groups], so that every map stays affine, and joins the
// result back into the destination.

// CHECK-LABEL: tprog.func private @group_norm
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32> {{.*}}, %{{.*}}: tensor<?xf32> {{.*}}, %{{.*}}: tensor<?xf32> {{.*}}, %[[OUT:.*]]: tensor<?x?x4xf32> {{.*}})
// CHECK: tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2], [3]] output_shape [%{{.*}}, 2, %{{.*}}, 4] : tensor<?x?x4xf32> into tensor<?x2x?x4xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<?x2x?x4xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3]] : tensor<?x2x?x4xf32> into tensor<?x?x4xf32>
relax.func @group_norm_symbolic(%x: !relax.tensor<[n, c, 4], f32>, %g: !relax.tensor<[c], f32>, %b: !relax.tensor<[c], f32>) {
  %0 = relax.group_norm %x, %g, %b {num_groups = 2 : i64} : (!relax.tensor<[n, c, 4], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<[n, c, 4], f32>
  relax.return
}

// -----

// An ungrouped conv2d is a product: the windows of the padded input are
// copied into channels-last columns [n, oh, ow, ci, kh, kw], contracted
// with the weight read as [o, ci * kh * kw] into [n, oh, ow, o], and that
// is transposed into the output.

// CHECK-DAG: #[[WINDOWS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 * 2 + d4, d2 * 2 + d5)>
// CHECK-DAG: #[[ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-DAG: #[[COLS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[WK:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: tprog.func private @conv2d
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[WIN:.*]] = linalg.generic {indexing_maps = [#[[WINDOWS]], #[[ID6]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[PAD]] : tensor<?x8x?x?xf32>) outs(%{{.*}} : tensor<?x?x?x8x3x3xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[WIN]] {{\[}}[0], [1], [2], [3, 4, 5]] : tensor<?x?x?x8x3x3xf32> into tensor<?x?x?x72xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3]] : tensor<16x8x3x3xf32> into tensor<16x72xf32>
// CHECK: %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x?x?x16xf32>)
// CHECK: %[[P:.*]] = linalg.contract indexing_maps = [#[[COLS]], #[[WK]], #[[ROWS]]] ins(%[[C]], %[[W]] : tensor<?x?x?x72xf32>, tensor<16x72xf32>) outs(%[[ZERO]] : tensor<?x?x?x16xf32>)
// CHECK: linalg.transpose ins(%[[P]] : tensor<?x?x?x16xf32>) outs(%{{.*}} : tensor<?x16x?x?xf32>) permutation = [0, 3, 1, 2]
relax.func @conv_product(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[16, 8, 3, 3], f32>) {
  %0 = relax.conv2d %x, %k {strides = array<i64: 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[16, 8, 3, 3], f32>) -> !relax.tensor<[n, 16, (h - 1) floordiv 2 + 1, (w - 1) floordiv 2 + 1], f32>
  relax.return
}

// -----

// Grouped convolution with symbolic weight dims splits the channels of the
// input, the weight and the result into [groups, size / groups].

// CHECK-LABEL: tprog.func private @conv2d
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] {{.*}} into tensor<1x2x?x6x6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] {{.*}} into tensor<2x?x?x3x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK: tensor.collapse_shape %[[R]]
relax.func @conv_grouped_symbolic(%x: !relax.tensor<[1, c, 4, 4], f32>, %w: !relax.tensor<[o, k, 3, 3], f32>) {
  %0 = relax.conv2d %x, %w {padding = array<i64: 1, 1>, groups = 2 : i64} : (!relax.tensor<[1, c, 4, 4], f32>, !relax.tensor<[o, k, 3, 3], f32>) -> !relax.tensor<[1, o, 4, 4], f32>
  relax.return
}
