// RUN: relax-opt %s --split-input-file --relax-explicit-alloc | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc=alignment=16 | FileCheck %s --check-prefix=ALIGN

tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// Each destination gets a storage of its byte size and a tensor at offset
// 0; a tensor that is not returned ends after its last use (here the
// second call reads it).

// CHECK-LABEL: relax.func @chain
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK: %[[S0:.*]] = alloc_storage size(4 * n)
// CHECK-NEXT: %[[T0:.*]] = alloc_tensor %[[S0]][0] : <[n], f32>
// CHECK-NEXT: call_tir_dps @exp(%[[X]] : !relax.tensor<[n], f32>) outs(%[[T0]] : !relax.tensor<[n], f32>)
// CHECK-NEXT: %[[S1:.*]] = alloc_storage size(4 * n)
// CHECK-NEXT: %[[T1:.*]] = alloc_tensor %[[S1]][0] : <[n], f32>
// CHECK-NEXT: call_tir_dps @exp(%[[T0]] : !relax.tensor<[n], f32>) outs(%[[T1]] : !relax.tensor<[n], f32>)
// CHECK-NEXT: kill_tensor %[[T0]]
// CHECK-NEXT: kill_storage %[[S0]]
// CHECK-NEXT: return %[[T1]]
// ALIGN-LABEL: relax.func @chain
// ALIGN: alloc_storage size(4 * n) {alignment = 16 : i64}
relax.func @chain(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.call_tir @exp(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %z = relax.call_tir @exp(%y) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %z : !relax.tensor<[n], f32>
}

// -----

tprog.func private @to2d(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?x4xf32> {sym.shape = #sym.shape<[d1, 4]>, tprog.output}) -> tensor<?x4xf32> {
  tprog.return %y : tensor<?x4xf32>
}
tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// A view shares its source's storage: the storage lives until the view's
// last use. Returned arguments are copied into tensors the caller owns;
// bool tensors take a byte per element, i64 eight.

// CHECK-LABEL: relax.func @view_extends
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[4 * n], f32>, %[[B:.*]]: !relax.tensor<[n], i1>, %[[I:.*]]: !relax.tensor<[n], i64>)
// CHECK: %[[S0:.*]] = alloc_storage size(16 * n)
// CHECK: %[[T0:.*]] = alloc_tensor %[[S0]][0] : <[n, 4], f32>
// CHECK: %[[V:.*]] = view %[[T0]]
// CHECK: alloc_storage size(16 * n)
// CHECK: call_tir_dps @exp(%[[V]]
// CHECK-NEXT: kill_tensor %[[T0]]
// CHECK-NEXT: kill_storage %[[S0]]
// CHECK: alloc_storage size(n)
// CHECK-NEXT: %[[BC:.*]] = alloc_tensor
// CHECK-NEXT: copy_tensor %[[B]], %[[BC]] : <[n], i1>
// CHECK: alloc_storage size(8 * n)
// CHECK-NEXT: %[[IC:.*]] = alloc_tensor
// CHECK-NEXT: copy_tensor %[[I]], %[[IC]] : <[n], i64>
// CHECK: return %{{.*}}, %[[BC]], %[[IC]]
relax.func @view_extends(%x: !relax.tensor<[4 * n], f32>, %b: !relax.tensor<[n], i1>, %i: !relax.tensor<[n], i64>) -> (!relax.tensor<[4 * n], f32>, !relax.tensor<[n], i1>, !relax.tensor<[n], i64>) {
  %y = relax.call_tir @to2d(%x) : (!relax.tensor<[4 * n], f32>) -> !relax.tensor<[n, 4], f32>
  %v = relax.view %y : !relax.tensor<[n, 4], f32> -> !relax.tensor<[4 * n], f32>
  %z = relax.call_tir @exp(%v) : (!relax.tensor<[4 * n], f32>) -> !relax.tensor<[4 * n], f32>
  relax.return %z, %b, %i : !relax.tensor<[4 * n], f32>, !relax.tensor<[n], i1>, !relax.tensor<[n], i64>
}

// -----

tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// Results of graph calls are owned by the caller and killed after their
// last use; a tensor used inside a branch lives until the branch op; what a
// branch yields is owned by the branch (an outer value is copied), and the
// same value returned twice is copied once.

// CHECK-LABEL: relax.func @ownership
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK: %[[R:.*]] = call @callee(%[[X]])
// CHECK: %[[S:.*]] = alloc_storage size(4 * n)
// CHECK: %[[T:.*]] = alloc_tensor %[[S]][0]
// CHECK: call_tir_dps @exp(%[[R]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: kill_tensor %[[R]]
// CHECK: %[[IF:.*]] = if %[[C]]
// CHECK: call_tir_dps @exp(%[[T]]
// CHECK-NOT: kill
// CHECK: yield
// CHECK: } else {
// CHECK: %[[COPY:.*]] = alloc_tensor
// CHECK-NEXT: copy_tensor %[[X]], %[[COPY]]
// CHECK-NEXT: yield %[[COPY]]
// CHECK: }
// CHECK-NEXT: kill_tensor %[[T]]
// CHECK-NEXT: kill_storage %[[S]]
// CHECK: %[[TWICE:.*]] = alloc_tensor
// CHECK-NEXT: copy_tensor %[[IF]], %[[TWICE]]
// CHECK-NEXT: return %[[IF]], %[[TWICE]]
relax.func private @callee(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
relax.func @ownership(%c: i1, %x: !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) {
  %r = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %t = relax.call_tir @exp(%r) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %y = relax.if %c : i1 -> !relax.tensor<[n], f32> {
    %u = relax.call_tir @exp(%t) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.yield %u : !relax.tensor<[n], f32>
  } else {
    relax.yield %x : !relax.tensor<[n], f32>
  }
  relax.return %y, %y : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}
