// RUN: relax-opt %s --relax-lower-checks | FileCheck %s

// Each check becomes one call of a helper that writes its message to stderr
// and exits with status 1 when the condition is false.

// CHECK-DAG: llvm.mlir.global internal constant @__relax_check_message("error: run-time check failed: x: dim 0 must be n\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @__relax_check_message_0("error: run-time check failed: x: dim 1 must be 4\0A\00")
// CHECK-DAG: llvm.mlir.global external @stderr() {{.*}} : !llvm.ptr
// CHECK-LABEL: llvm.func internal @__relax_check(%{{.*}}: i1, %{{.*}}: !llvm.ptr)
// CHECK: llvm.cond_br %{{.*}}, ^[[DONE:.*]], ^[[FAIL:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @fputs
// CHECK: llvm.call @exit
// CHECK: llvm.unreachable
// CHECK: ^[[DONE]]:
// CHECK: llvm.return
// CHECK-LABEL: func.func @checks
// CHECK-NOT: cf.assert
// CHECK: %[[M0:.*]] = llvm.mlir.addressof @__relax_check_message :
// CHECK: llvm.call @__relax_check(%{{.*}}, %[[M0]])
// CHECK: %[[M1:.*]] = llvm.mlir.addressof @__relax_check_message_0 :
// CHECK: llvm.call @__relax_check(%{{.*}}, %[[M1]])
// CHECK: return
func.func @checks(%a: i1, %b: i1) {
  cf.assert %a, "x: dim 0 must be n"
  cf.assert %b, "x: dim 1 must be 4"
  return
}
