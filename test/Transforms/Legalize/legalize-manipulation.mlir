// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s

// permute_dims: a copy whose input map puts result dim i at operand dim
// axes[i].

// CHECK-DAG: #[[PERM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: tprog.func private @permute_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x64xf32> {sym.shape = #sym.shape<[d0, d1, 64]>}, %[[O:.*]]: tensor<?x64x?xf32> {sym.shape = #sym.shape<[d1, 64, d0]>, tprog.output})
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[PERM]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<?x?x64xf32>) outs(%[[O]] : tensor<?x64x?xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @permute
// CHECK: call_tir @permute_dims(%{{.*}}) : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[s, 64, b], f32>
relax.func @permute(%x: !relax.tensor<[b, s, 64], f32>) {
  %0 = relax.permute_dims %x {axes = array<i64: 1, 2, 0>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[s, 64, b], f32>
  relax.return
}

// -----

// Dense row-major tensors keep the order of their elements through
// expand_dims, squeeze and reshape: they become views, not programs.

// CHECK-NOT: tprog.func
// CHECK-LABEL: relax.func @expand_squeeze
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>, %[[Y:.*]]: !relax.tensor<[n, 1, 4, 1], f32>)
// CHECK: view %[[X]] : <[n, 4], f32> -> <[1, n, 4, 1], f32>
// CHECK: view %[[Y]] : <[n, 1, 4, 1], f32> -> <[n, 4, 1], f32>
// CHECK: view %[[Y]] : <[n, 1, 4, 1], f32> -> <[n, 4], f32>
relax.func @expand_squeeze(%x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[n, 1, 4, 1], f32>) {
  %0 = relax.expand_dims %x {axes = array<i64: 0, -1>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[1, n, 4, 1], f32>
  %1 = relax.squeeze %y {axes = array<i64: 1>} : (!relax.tensor<[n, 1, 4, 1], f32>) -> !relax.tensor<[n, 4, 1], f32>
  %2 = relax.squeeze %y : (!relax.tensor<[n, 1, 4, 1], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return
}

// -----

// CHECK-NOT: tprog.func
// CHECK-LABEL: relax.func @flatten
// CHECK: view %{{.*}} : <[b, s, 64], f32> -> <[b * s, 8, 8], f32>
relax.func @flatten(%x: !relax.tensor<[b, s, 64], f32>) {
  %0 = relax.reshape %x {shape = #sym.shape<[b * s, 8, ?]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 8, 8], f32>
  relax.return
}

// -----

// broadcast_to: the literal 1 is read at 0, missing leading dims are not
// read.

// CHECK-DAG: #[[BC:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-LABEL: tprog.func private @broadcast_to
// CHECK: linalg.generic {indexing_maps = [#[[BC]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<1x?xf32>) outs(%{{.*}} : tensor<?x?x?xf32>)
relax.func @broadcast(%x: !relax.tensor<[1, n], f32>, %shape: !relax.tensor<[b, m], f32>) {
  %0 = relax.broadcast_to %x {shape = #sym.shape<[b, m, n]>} : (!relax.tensor<[1, n], f32>) -> !relax.tensor<[b, m, n], f32>
  relax.return
}

// -----

// concat: each input is copied into its slice of the destination, at the
// running sum of the sizes before it (tensor.dim), and inserted back.

// CHECK-LABEL: tprog.func private @concat
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32> {{.*}}, %[[Y:.*]]: tensor<?x4xf32> {{.*}}, %[[Z:.*]]: tensor<2x4xf32>, %[[O:.*]]: tensor<?x4xf32> {{.*}})
// CHECK: %[[DX:.*]] = tensor.dim %[[X]]
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[O]][0, 0] [%[[DX]], 4] [1, 1]
// CHECK: %[[C0:.*]] = linalg.copy ins(%[[X]] : tensor<?x4xf32>) outs(%[[S0]] : tensor<?x4xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[C0]] into %[[O]][0, 0] [%[[DX]], 4] [1, 1]
// CHECK: %[[OFF1:.*]] = arith.addi %{{.*}}, %[[DX]]
// CHECK: %[[DY:.*]] = tensor.dim %[[Y]]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[R0]][%[[OFF1]], 0] [%[[DY]], 4] [1, 1]
// CHECK: %[[C1:.*]] = linalg.copy ins(%[[Y]] : tensor<?x4xf32>) outs(%[[S1]] : tensor<?x4xf32>)
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[C1]] into %[[R0]][%[[OFF1]], 0] [%[[DY]], 4] [1, 1]
// CHECK: %[[OFF2:.*]] = arith.addi %[[OFF1]], %[[DY]]
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[R1]][%[[OFF2]], 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK: %[[C2:.*]] = linalg.copy ins(%[[Z]] : tensor<2x4xf32>) outs(%[[S2]] : tensor<2x4xf32>)
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[C2]] into %[[R1]][%[[OFF2]], 0] [2, 4] [1, 1]
// CHECK-NOT: arith.addi
// CHECK: return %[[R2]]
// CHECK-LABEL: relax.func @concat3
// CHECK: call_tir @concat(%{{.*}}) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[m, 4], f32>, !relax.tensor<[2, 4], f32>) -> !relax.tensor<[m + n + 2, 4], f32>
relax.func @concat3(%x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[m, 4], f32>, %z: !relax.tensor<[2, 4], f32>) {
  %0 = relax.concat %x, %y, %z : (!relax.tensor<[n, 4], f32>, !relax.tensor<[m, 4], f32>, !relax.tensor<[2, 4], f32>) -> !relax.tensor<[n + m + 2, 4], f32>
  relax.return
}

// -----

// split: one slice per destination, copied into it; a slice starts at the
// sum of the sizes of the parts before it (constant or tensor.dim).

// CHECK-LABEL: tprog.func private @split
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x12xf32> {{[^%]*}}, %[[O0:[^:]*]]: tensor<?x4xf32> {{[^%]*}}, %[[O1:[^:]*]]: tensor<?x4xf32> {{[^%]*}}, %[[O2:[^:]*]]: tensor<?x4xf32>
// CHECK-SAME: -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
// CHECK: %[[N0:.*]] = tensor.dim %[[O0]]
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[X]][0, 0] [%[[N0]], 4] [1, 1]
// CHECK: %[[R0:.*]] = linalg.copy ins(%[[S0]] : tensor<?x4xf32>) outs(%[[O0]] : tensor<?x4xf32>)
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[X]][0, 4] [%{{.*}}, 4] [1, 1]
// CHECK: %[[R1:.*]] = linalg.copy ins(%[[S1]] : tensor<?x4xf32>) outs(%[[O1]] : tensor<?x4xf32>)
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[X]][0, 8] [%{{.*}}, 4] [1, 1]
// CHECK: %[[R2:.*]] = linalg.copy ins(%[[S2]] : tensor<?x4xf32>) outs(%[[O2]] : tensor<?x4xf32>)
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
// CHECK-LABEL: tprog.func private @split_0
// CHECK-SAME: (%[[X:.*]]: tensor<?x12xf32> {{.*}}, %[[O0:.*]]: tensor<2x12xf32> {tprog.output}, %[[O1:.*]]: tensor<?x12xf32> {{.*}})
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[X]][0, 0] [2, 12] [1, 1] : tensor<?x12xf32> to tensor<2x12xf32>
// CHECK: linalg.copy ins(%[[S0]] : tensor<2x12xf32>) outs(%[[O0]] : tensor<2x12xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[O1]]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[X]][2, 0] [%[[N]], 12] [1, 1]
// CHECK: linalg.copy ins(%[[S1]] : tensor<?x12xf32>) outs(%[[O1]] : tensor<?x12xf32>)
// CHECK-LABEL: relax.func @split_parts
// CHECK: call_tir @split(%{{.*}}) : (!relax.tensor<[n, 12], f32>) -> (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>)
// CHECK: call_tir @split_0(%{{.*}}) : (!relax.tensor<[n, 12], f32>) -> (!relax.tensor<[2, 12], f32>, !relax.tensor<[n - 2, 12], f32>)
relax.func @split_parts(%x: !relax.tensor<[n, 12], f32>) {
  %0:3 = relax.split %x {axis = 1, sections = 3} : (!relax.tensor<[n, 12], f32>) -> (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>)
  %1:2 = relax.split %x {axis = 0, indices = #sym.shape<[2]>} : (!relax.tensor<[n, 12], f32>) -> (!relax.tensor<[2, 12], f32>, !relax.tensor<[n - 2, 12], f32>)
  relax.return
}

// -----

// strided_slice: a strided tensor.extract_slice copied into the destination.
// A symbolic begin is materialized from the dims of the operands and results.

// CHECK-LABEL: tprog.func private @strided_slice
// CHECK-SAME: (%[[X:.*]]: tensor<?x16xf32> {{.*}}, %[[O:.*]]: tensor<?x4xf32> {{.*}})
// CHECK: %[[N:.*]] = tensor.dim %[[O]]
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 2] [%[[N]], 4] [1, 2] : tensor<?x16xf32> to tensor<?x4xf32>
// CHECK: linalg.copy ins(%[[S]] : tensor<?x4xf32>) outs(%[[O]] : tensor<?x4xf32>)
// CHECK-LABEL: tprog.func private @strided_slice_0
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %{{.*}}: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d2]>, tprog.output})
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: tensor.extract_slice %[[X]][0, %[[N]]] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: linalg.copy
// CHECK-LABEL: tprog.func private @strided_slice_1
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[H:.*]] = arith.floordivsi %[[N]], %[[C2]]
// CHECK: tensor.extract_slice %{{.*}}[%[[H]], 0] [%{{.*}}, 8] [1, 1]
// CHECK: linalg.copy
// CHECK-LABEL: relax.func @slices
relax.func @slices(%x: !relax.tensor<[n, 16], f32>, %y: !relax.tensor<[n, m], f32>, %z: !relax.tensor<[n, 8], f32>) {
  %0 = relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[2]>, end = #sym.shape<[10]>, strides = array<i64: 2>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 4], f32>
  %1 = relax.strided_slice %y {axes = array<i64: 1>, begin = #sym.shape<[n]>, end = #sym.shape<[m]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<[n, max(0, m - n)], f32>
  %2 = relax.strided_slice %z {axes = array<i64: 0>, begin = #sym.shape<[n floordiv 2]>, end = #sym.shape<[n]>} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n - (n floordiv 2), 8], f32>
  relax.return
}

// -----

// take: the indices are a generic input read at the dims they cover; the
// gathered row is read with tensor.extract at the index clamped to the axis,
// and an index outside the axis is a run-time error. The check and the
// clamp are in the indices' own type (an index may be narrower, 32 bits on
// GPUs); the clamped index is cast.

// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: tprog.func private @take
// CHECK-SAME: (%[[W:.*]]: tensor<?x64xf32> {{.*}}, %[[IDS:.*]]: tensor<?x?xi32> {{.*}}, %[[O:.*]]: tensor<?x?x64xf32> {{.*}})
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[IDS]] : tensor<?x?xi32>) outs(%[[O]] : tensor<?x?x64xf32>)
// CHECK: ^bb0(%[[ID:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[K:.*]] = linalg.index 2
// CHECK: %[[DIM:.*]] = tensor.dim %[[W]], %{{.*}} : tensor<?x64xf32>
// CHECK: %[[V:.*]] = arith.index_cast %[[DIM]] : index to i32
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[ID]]
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[ID]], %[[V]]
// CHECK: %[[OK:.*]] = arith.andi %[[GE]], %[[LT]]
// CHECK: cf.assert %[[OK]], "relax.take at {{.*}}legalize-manipulation.mlir:{{[0-9]+}}:{{[0-9]+}} (axis 0): an index is out of range"
// CHECK: %[[LOW:.*]] = arith.minsi %[[ID]]
// CHECK: %[[CLAMPED:.*]] = arith.maxsi %[[LOW]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
// CHECK: tensor.extract %[[W]][%[[ROW]], %[[K]]] : tensor<?x64xf32>
// CHECK-LABEL: tprog.func private @take_0
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}], iterator_types = ["parallel"]} ins(%{{.*}} : tensor<i64>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: cf.assert
// CHECK: %[[CMIN:.*]] = arith.minsi
// CHECK: %[[CC:.*]] = arith.maxsi %[[CMIN]]
// CHECK: %[[C:.*]] = arith.index_cast %[[CC]] : i64 to index
// CHECK: tensor.extract %{{.*}}[%[[I]], %[[C]]] : tensor<?x?xf32>
relax.func @embed(%w: !relax.tensor<[v, 64], f32>, %ids: !relax.tensor<[b, s], i32>, %x: !relax.tensor<[n, m], f32>, %i: !relax.tensor<[], i64>) {
  %0 = relax.take %w, %ids : (!relax.tensor<[v, 64], f32>, !relax.tensor<[b, s], i32>) -> !relax.tensor<[b, s, 64], f32>
  %1 = relax.take %x, %i {axis = 1} : (!relax.tensor<[n, m], f32>, !relax.tensor<[], i64>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// take's modes: `clip` clamps without a check; `wrap` takes the index
// modulo the axis (a negative remainder plus the size) and checks only that
// the axis is not empty.

// CHECK-LABEL: tprog.func private @take
// CHECK-NOT: cf.assert
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[LOW:.*]] = arith.minsi
// CHECK: arith.maxsi %[[LOW]]
// CHECK-NOT: cf.assert
// CHECK-LABEL: tprog.func private @take_0
// CHECK: ^bb0(%[[ID:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[DIM:.*]] = tensor.dim
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[DIM]] : index to i64
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[SIZE]], %[[C0]]
// CHECK: %[[DIV:.*]] = arith.maxsi %[[SIZE]], %[[C1]]
// CHECK: %[[REM:.*]] = arith.remsi %[[ID]], %[[DIV]]
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[REM]], %[[C0]]
// CHECK: %[[UP:.*]] = arith.addi %[[REM]], %[[DIV]]
// CHECK: %[[WRAPPED:.*]] = arith.select %[[NEG]], %[[UP]], %[[REM]]
// CHECK: cf.assert %[[NONEMPTY]], "relax.take at {{.*}} (axis 0): an index into an empty axis"
// CHECK: arith.minsi %[[WRAPPED]]
relax.func @take_modes(%w: !relax.tensor<[v, 8], f32>, %ids: !relax.tensor<[s], i64>) {
  %0 = relax.take %w, %ids {mode = #relax.index_mode<clip>} : (!relax.tensor<[v, 8], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<[s, 8], f32>
  %1 = relax.take %w, %ids {mode = #relax.index_mode<wrap>} : (!relax.tensor<[v, 8], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<[s, 8], f32>
  relax.return
}

// -----

// Creation: fills, and arange as start + i * step converted to the dtype.

// CHECK-LABEL: tprog.func private @full
// CHECK-SAME: (%[[V:.*]]: tensor<f32>, %[[O:.*]]: tensor<?x4xf32> {{.*}})
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: %[[R:.*]] = linalg.fill ins(%[[S]] : f32) outs(%[[O]] : tensor<?x4xf32>)
// CHECK: return %[[R]]
// CHECK-LABEL: tprog.func private @zeros
// CHECK-SAME: (%{{.*}}: tensor<?xi32> {sym.shape = #sym.shape<[d0]>, tprog.output})
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: linalg.fill ins(%[[Z]] : i32)
// CHECK-LABEL: tprog.func private @ones
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f16
// CHECK: linalg.fill ins(%[[ONE]] : f16) outs(%{{.*}} : tensor<2x?xf16>)
// CHECK-LABEL: tprog.func private @arange
// CHECK-DAG: %[[START:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[STEP:.*]] = arith.constant 3 : index
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<?xf32>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: %[[M:.*]] = arith.muli %[[I]], %[[STEP]]
// CHECK: %[[A:.*]] = arith.addi %[[START]], %[[M]]
// CHECK: %[[C:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK: arith.sitofp %[[C]] : i64 to f32
// CHECK-LABEL: relax.func @create
// CHECK: call_tir @full(%{{.*}}) : (!relax.tensor<[], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK: call_tir @zeros() : () -> !relax.tensor<[n], i32>
// CHECK: call_tir @ones() : () -> !relax.tensor<[2, n], f16>
// CHECK: call_tir @arange() : () -> !relax.tensor<[n floordiv 3], f32>
relax.func @create(%v: !relax.tensor<[], f32>, %shape: !relax.tensor<[n], f32>) {
  %0 = relax.full %v {shape = #sym.shape<[n, 4]>} : (!relax.tensor<[], f32>) -> !relax.tensor<[n, 4], f32>
  %1 = relax.zeros {shape = #sym.shape<[n]>, dtype = i32} : () -> !relax.tensor<[n], i32>
  %2 = relax.ones {shape = #sym.shape<[2, n]>, dtype = f16} : () -> !relax.tensor<[2, n], f16>
  %3 = relax.arange {start = #sym.expr<2>, end = #sym.expr<n>, step = #sym.expr<3>, dtype = f32} : () -> !relax.tensor<[n floordiv 3], f32>
  relax.return
}

// -----

// tril/triu: compare the column with row + k on the last two dims.

// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: tprog.func private @tril
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[R:.*]] = linalg.index 1
// CHECK: %[[C:.*]] = linalg.index 2
// CHECK: %[[K:.*]] = arith.constant -1 : index
// CHECK: %[[B:.*]] = arith.addi %[[R]], %[[K]]
// CHECK: %[[KEEP:.*]] = arith.cmpi sle, %[[C]], %[[B]]
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.select %[[KEEP]], %[[IN]], %[[ZERO]]
// CHECK-LABEL: tprog.func private @triu
// CHECK: %[[K:.*]] = arith.constant 1 : index
// CHECK: %[[B:.*]] = arith.addi %{{.*}}, %[[K]]
// CHECK: arith.cmpi sge, %{{.*}}, %[[B]]
// CHECK: arith.select
// CHECK-LABEL: relax.func @triangles
relax.func @triangles(%x: !relax.tensor<[b, s, s], f32>) {
  %0 = relax.tril %x {k = -1} : (!relax.tensor<[b, s, s], f32>) -> !relax.tensor<[b, s, s], f32>
  %1 = relax.triu %x {k = 1} : (!relax.tensor<[b, s, s], f32>) -> !relax.tensor<[b, s, s], f32>
  relax.return
}

// -----

// A slice begin or an arange start whose variable is no dim of the op's
// tensors becomes a symbolic argument of the program: a trailing index,
// passed by the call as `sym_args`.

// CHECK-LABEL: tprog.func private @strided_slice
// CHECK-SAME: %[[X:.*]]: tensor<?x4xf32> {{.*}}, %{{.*}}: tensor<8x4xf32> {{.*}}, %[[P:.*]]: index)
// CHECK: tensor.extract_slice %[[X]][%[[P]], 0] [8, 4] [1, 1]
// CHECK-LABEL: tprog.func private @arange
// CHECK-SAME: (%{{.*}}: tensor<?xi64> {{.*}}, %[[START:.*]]: index)
// CHECK: arith.addi %[[START]], %{{.*}} : index
// CHECK-LABEL: relax.func @symbolic_args
// CHECK: call_tir @strided_slice(%{{.*}}) {sym_args = #sym.shape<[n]>}
// CHECK: call_tir @arange() {sym_args = #sym.shape<[n]>}
relax.func @symbolic_args(%x: !relax.tensor<[n + 8, 4], f32>, %y: !relax.tensor<[n], f32>) {
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[n]>, end = #sym.shape<[n + 8]>} : (!relax.tensor<[n + 8, 4], f32>) -> !relax.tensor<[8, 4], f32>
  %1 = relax.arange {start = #sym.expr<n>, end = #sym.expr<2 * n>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<[max(0, n)], i64>
  relax.return
}
