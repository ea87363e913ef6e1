// RUN: relax-opt %s --split-input-file --relax-lower-checks | FileCheck %s

// A failed check reports its message through the runtime's error callback
// and its function returns at once, with poison results.

// CHECK-DAG: llvm.mlir.global internal constant @[[M0:.*]]("x: dim 0 must be n\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[M1:.*]]("x: dim 1 must be 4\00")
// CHECK-DAG: llvm.func @relaxReportError(!llvm.ptr)
// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[X:.*]]: memref<?xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[P0:.*]] = llvm.mlir.addressof @[[M0]]
// CHECK: cf.cond_br %[[A]], ^[[NEXT:.*]], ^[[FAIL:.*]](%[[P0]] : !llvm.ptr)
// CHECK: ^[[NEXT]]:
// CHECK: %[[P1:.*]] = llvm.mlir.addressof @[[M1]]
// CHECK: cf.cond_br %[[B]], ^[[OK:.*]], ^[[FAIL]](%[[P1]] : !llvm.ptr)
// CHECK: ^[[OK]]:
// CHECK: return %[[X]], %{{.*}} : memref<?xf32>, index
// CHECK: ^[[FAIL]](%[[MSG:.*]]: !llvm.ptr):
// CHECK: llvm.call @relaxReportError(%[[MSG]])
// CHECK: cf.br ^[[RET:.*]]
// CHECK: ^[[RET]]:
// CHECK-DAG: %[[PX:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-DAG: %[[CX:.*]] = builtin.unrealized_conversion_cast %[[PX]] : {{.*}} to memref<?xf32>
// CHECK-DAG: %[[PI:.*]] = llvm.mlir.poison : i64
// CHECK-DAG: %[[CI:.*]] = builtin.unrealized_conversion_cast %[[PI]] : i64 to index
// CHECK: return %[[CX]], %[[CI]]
func.func @checks(%a: i1, %b: i1, %x: memref<?xf32>) -> (memref<?xf32>, index) {
  cf.assert %a, "x: dim 0 must be n"
  %c = arith.constant 4 : index
  cf.assert %b, "x: dim 1 must be 4"
  return %x, %c : memref<?xf32>, index
}

// -----

// A caller of a function that can fail looks at the recorded error after
// the call and returns when there is one; so does its caller. A function
// that cannot fail is left alone.

// CHECK-LABEL: func.func @leaf
// CHECK: cf.cond_br
// CHECK-LABEL: func.func @middle
// CHECK: call @leaf
// CHECK: %[[E:.*]] = llvm.call @relaxGetError()
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[FAILED:.*]] = llvm.icmp "ne" %[[E]], %[[NULL]]
// CHECK: cf.cond_br %[[FAILED]], ^[[RET:.*]], ^[[NEXT:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: call @pure
// CHECK-NOT: relaxGetError
// CHECK: return
// CHECK: ^[[RET]]:
// CHECK: return
// CHECK-LABEL: func.func @top
// CHECK: call @middle
// CHECK: llvm.call @relaxGetError()
// CHECK-LABEL: func.func @pure
// CHECK-NOT: relaxGetError
// CHECK: return
func.func @leaf(%a: i1) {
  cf.assert %a, "leaf"
  return
}
func.func @middle(%a: i1) {
  call @leaf(%a) : (i1) -> ()
  call @pure() : () -> ()
  return
}
func.func @top(%a: i1) {
  call @middle(%a) : (i1) -> ()
  return
}
func.func @pure() {
  return
}

// -----

// A check nested in a region cannot return: it reports and goes on, and
// the function returns after the op that holds it.

// CHECK-LABEL: llvm.func internal @__relax_check(%{{.*}}: i1, %{{.*}}: !llvm.ptr)
// CHECK: llvm.call @relaxReportError
// CHECK-LABEL: func.func @nested
// CHECK: scf.execute_region
// CHECK: llvm.call @__relax_check
// CHECK: scf.yield
// CHECK: llvm.call @relaxGetError()
// CHECK: cf.cond_br
func.func @nested(%a: i1) {
  scf.execute_region {
    cf.assert %a, "inside"
    scf.yield
  }
  return
}
