// RUN: relax-opt %s --split-input-file --relax-to-func | FileCheck %s

// Programs become func.func; a call_tir allocates its destination from the
// evaluated dims and calls the program.

// CHECK-LABEL: func.func private @exp
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %[[Y:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[d1, 4]>}) -> tensor<?x4xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {llvm.emit_c_interface}
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK-NOT: cf.assert
// CHECK: %[[TWICE:.*]] = arith.muli %{{.*}}, %[[N]]
// CHECK: %[[DEST:.*]] = tensor.empty(%[[TWICE]]) : tensor<?x4xf32>
// CHECK: %[[R:.*]] = call @exp(%[[X]], %[[DEST]]) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: return %[[R]]
tprog.func private @exp(%x: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %y: tensor<?x4xf32> {sym.shape = #sym.shape<[d1, 4]>, tprog.output}) -> tensor<?x4xf32> {
  tprog.return %y : tensor<?x4xf32>
}
relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[2 * n, 4], f32> {
  %y = relax.call_tir @exp(%x) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[2 * n, 4], f32>
  relax.return %y : !relax.tensor<[2 * n, 4], f32>
}

// -----

// A repeated variable, an expression dim and the constraints are checked
// with messages naming the argument and the expected dim.

// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK: %[[M:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK: %[[BN:.*]] = tensor.dim %[[B]], %{{.*}}
// CHECK: %[[SUM:.*]] = arith.addi %[[M]], %[[N]]
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[BN]], %[[SUM]]
// CHECK: cf.assert %[[OK]], "@checks argument #1: dim 0 must be m + n"
// CHECK: arith.cmpi sge, %[[N]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: n must be >= 1"
// CHECK: arith.cmpi sle, %[[N]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: n must be <= 64"
// CHECK: arith.remsi %[[M]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: m must be a multiple of 8"
relax.func @checks(%a: !relax.tensor<[n, m], f32>, %b: !relax.tensor<[n + m], f32>) -> !relax.tensor<[n + m], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 64]>, #sym.divisible<m, 8>]} {
  relax.return %b : !relax.tensor<[n + m], f32>
}

// -----

// match_cast binds new variables and checks known ones, with its message.

// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: tensor.dim %[[X]]
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[D0]], %[[N]]
// CHECK: cf.assert %[[OK]], "narrowing cast: dim 0 must be n"
// CHECK: %[[OK1:.*]] = arith.cmpi eq, %[[D1]], %{{.*}}
// CHECK: cf.assert %[[OK1]], "narrowing cast: dim 1 must be 4"
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK: return %[[C]]
relax.func @cast(%x: !relax.tensor<[n, ?], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.match_cast %x {message = "narrowing cast"} : !relax.tensor<[n, ?], f32> -> !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}

// -----

// call_tir_inplace: the overwritten argument is the destination of its
// result; the program returns its destinations in parameter order.

// CHECK-LABEL: func.func @inplace
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[W:.*]]: tensor<?xf32>)
// CHECK: %[[NEW:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK: %[[R:.*]]:2 = call @relu_(%[[X]], %[[W]], %[[NEW]])
// CHECK: return %[[R]]#1, %[[R]]#0
tprog.func private @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}, %w: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> (tensor<?xf32>, tensor<?xf32>) {
  tprog.return %x, %y : tensor<?xf32>, tensor<?xf32>
}
relax.func @inplace(%x: !relax.tensor<[n], f32>, %w: !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) {
  %a, %b = relax.call_tir_inplace @relu_(%x, %w) inplace [-1, 0] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return %a, %b : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}

// -----

// Tuples are flattened at function boundaries; tuple_get picks leaves, and
// call operands and results are cast to and from the callee's types.

// CHECK-LABEL: func.func @pair
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>, %{{.*}}: i64) -> (tensor<?xf32>, tensor<?xf32>)
// CHECK: return %[[B]], %[[A]] : tensor<?xf32>, tensor<?xf32>
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<3xf32>, %[[I:.*]]: i64) -> tensor<3xf32>
// CHECK: %[[CX:.*]] = tensor.cast %[[X]] : tensor<4xf32> to tensor<?xf32>
// CHECK: %[[CY:.*]] = tensor.cast %[[Y]] : tensor<3xf32> to tensor<?xf32>
// CHECK: %[[R:.*]]:2 = call @pair(%[[CX]], %[[CY]], %[[I]])
// CHECK: %[[F:.*]] = tensor.cast %[[R]]#0 : tensor<?xf32> to tensor<3xf32>
// CHECK: return %[[F]]
relax.func @pair(%t: tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>) -> tuple<!relax.tensor<[m], f32>, !relax.tensor<[n], f32>> {
  %a = relax.tuple_get %t[0] : tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>
  %inner = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>
  %b = relax.tuple_get %inner[0] : tuple<!relax.tensor<[m], f32>, i64>
  %r = relax.tuple(%b, %a : !relax.tensor<[m], f32>, !relax.tensor<[n], f32>)
  relax.return %r : tuple<!relax.tensor<[m], f32>, !relax.tensor<[n], f32>>
}
relax.func @caller(%x: !relax.tensor<[4], f32>, %y: !relax.tensor<[3], f32>, %i: i64) -> !relax.tensor<[3], f32> {
  %t0 = relax.tuple(%y, %i : !relax.tensor<[3], f32>, i64)
  %t = relax.tuple(%x, %t0 : !relax.tensor<[4], f32>, tuple<!relax.tensor<[3], f32>, i64>)
  %r = relax.call @pair(%t) : (tuple<!relax.tensor<[4], f32>, tuple<!relax.tensor<[3], f32>, i64>>) -> tuple<!relax.tensor<[3], f32>, !relax.tensor<[4], f32>>
  %f = relax.tuple_get %r[0] : tuple<!relax.tensor<[3], f32>, !relax.tensor<[4], f32>>
  relax.return %f : !relax.tensor<[3], f32>
}

// -----

// relax.if becomes scf.if; a more static branch value is cast to the
// result type, and what the else branch binds stays in it.

// CHECK-LABEL: func.func @branch
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<?xf32>) {
// CHECK:   %[[S:.*]] = tensor.cast %[[X]] : tensor<?xf32> to tensor<4xf32>
// CHECK:   %[[D:.*]] = tensor.cast %[[S]] : tensor<4xf32> to tensor<?xf32>
// CHECK:   scf.yield %[[D]]
// CHECK: } else {
// CHECK:   tensor.dim %[[Y]]
// CHECK:   scf.yield %[[Y]]
// CHECK: }
// CHECK: return %[[R]]
relax.func @branch(%c: i1, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>) -> !relax.tensor<[?], f32> {
  %r = relax.if %c : i1 -> !relax.tensor<[?], f32> {
    %s = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<[4], f32>
    relax.yield %s : !relax.tensor<[4], f32>
  } else {
    %z = relax.match_cast %y : !relax.tensor<[m], f32> -> !relax.tensor<[k], f32>
    relax.yield %z : !relax.tensor<[k], f32>
  }
  relax.return %r : !relax.tensor<[?], f32>
}

// CHECK-LABEL: func.func @branch_on_tensor
// CHECK-SAME: (%[[C:.*]]: tensor<i1>,
// CHECK: %[[E:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK: scf.if %[[E]] -> (tensor<4xf32>)
relax.func @branch_on_tensor(%c: !relax.tensor<[], i1>, %x: !relax.tensor<[4], f32>, %y: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  %r = relax.if %c : !relax.tensor<[], i1> -> !relax.tensor<[4], f32> {
    relax.yield %x : !relax.tensor<[4], f32>
  } else {
    relax.yield %y : !relax.tensor<[4], f32>
  }
  relax.return %r : !relax.tensor<[4], f32>
}

// -----

// call_library: inputs as read-only buffers, a new buffer per result, all
// passed as unranked memrefs to the declared C-interface function; the
// result is the buffer, as a restrict tensor. A second call reuses the
// declaration.

// CHECK: func.func private @relax_cpu_sgemm_nn(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @library
// CHECK-SAME: (%[[X:.*]]: tensor<?x64xf32>, %[[W:.*]]: tensor<64x32xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<?x64xf32> to memref<?x64xf32>
// CHECK: %[[XU:.*]] = memref.cast %[[XB]] : memref<?x64xf32> to memref<*xf32>
// CHECK: %[[WB:.*]] = bufferization.to_buffer %[[W]] read_only : tensor<64x32xf32> to memref<64x32xf32>
// CHECK: %[[WU:.*]] = memref.cast %[[WB]] : memref<64x32xf32> to memref<*xf32>
// CHECK: %[[YB:.*]] = memref.alloc(%[[N]]) : memref<?x32xf32>
// CHECK: %[[YU:.*]] = memref.cast %[[YB]] : memref<?x32xf32> to memref<*xf32>
// CHECK: call @relax_cpu_sgemm_nn(%[[XU]], %[[WU]], %[[YU]]) : (memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
// CHECK: %[[Y:.*]] = bufferization.to_tensor %[[YB]] restrict writable : memref<?x32xf32> to tensor<?x32xf32>
// CHECK: call @relax_cpu_sgemm_nn
// CHECK: return %[[Y]]
relax.func @library(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32> {
  %y = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32>
  %z = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32>
  relax.return %y : !relax.tensor<[n, 32], f32>
}
