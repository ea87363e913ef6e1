// RUN: relax-opt %s -split-input-file --relax-release-on-check-failure | FileCheck %s
// RUN: relax-opt %s -split-input-file --relax-release-on-check-failure --relax-lower-checks | FileCheck %s --check-prefix=LOWERED

// A check after an allocation frees it before failing; one before the
// allocation stays as it is.

// CHECK-LABEL: func.func @after_alloc
//  CHECK-SAME:   (%[[OK:.+]]: i1, %[[EARLY:.+]]: i1, %[[N:.+]]: index)
//       CHECK:   cf.assert %[[EARLY]], "n must be positive"
//       CHECK:   %[[A:.+]] = memref.alloc(%[[N]])
//       CHECK:   cf.cond_br %[[OK]], ^[[REST:.+]], ^[[RELEASE:[a-z0-9]+]]
//       CHECK: ^[[RELEASE]]:
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   %[[NO:.+]] = arith.constant false
//       CHECK:   cf.assert %[[NO]], "dim 0 must be 4"
//       CHECK:   cf.br ^[[REST]]
//       CHECK: ^[[REST]]:
//   CHECK-NOT:   cf.assert
//       CHECK:   return %[[A]]

// LOWERED-LABEL: func.func @after_alloc
//       LOWERED:   memref.dealloc
//       LOWERED:   llvm.call @relaxReportError
func.func @after_alloc(%ok: i1, %early: i1, %n: index) -> memref<?xf32> {
  cf.assert %early, "n must be positive"
  %a = memref.alloc(%n) : memref<?xf32>
  cf.assert %ok, "dim 0 must be 4"
  return %a : memref<?xf32>
}

// -----

// A buffer freed before the check, or on a path that may run before it, is
// not freed again: the function's own check is left as it was.

// CHECK-LABEL: func.func @freed_before
//   CHECK-NOT:   cf.cond_br
//       CHECK:   cf.assert %{{.+}}, "late"
func.func @freed_before(%ok: i1, %n: index) {
  %a = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %a[%n][%n] : memref<?xi8> to memref<?xi8>
  memref.dealloc %v : memref<?xi8>
  cf.assert %ok, "late"
  return
}

// -----

// CHECK-LABEL: func.func @freed_on_a_branch
//       CHECK:   ^bb2:
//   CHECK-NOT:   cf.cond_br
//       CHECK:   cf.assert %{{.+}}, "after the branches"
func.func @freed_on_a_branch(%ok: i1, %c: i1, %n: index) {
  %a = memref.alloc(%n) : memref<?xi8>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<?xi8>
  cf.br ^bb2
^bb2:
  cf.assert %ok, "after the branches"
  return
}

// -----

// A buffer freed at a join after the point, on every path, is freed at the
// point when it fails.

// CHECK-LABEL: func.func @freed_at_the_join
//       CHECK:   %[[A:.+]] = memref.alloc
//       CHECK: ^bb1:
//       CHECK:   cf.cond_br %{{.+}}, ^[[REST:.+]], ^[[RELEASE:[a-z0-9]+]]
//       CHECK: ^[[RELEASE]]:
//       CHECK:   memref.dealloc %[[A]]
func.func @freed_at_the_join(%ok: i1, %c: i1, %n: index) {
  %a = memref.alloc(%n) : memref<?xi8>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.assert %ok, "in a branch"
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<?xi8>
  return
}

// -----

// After a call that may fail, the caller looks at the recorded error and
// frees what it owns (a buffer the call returned that it frees later, and
// its own allocation), but not the call's own result; the call is marked,
// and --relax-lower-checks adds no second look after it.

// CHECK-LABEL: func.func @caller
//       CHECK:   %[[MINE:.+]] = memref.alloc()
//       CHECK:   %[[FIRST:.+]] = call @callee
//       CHECK:   %[[SECOND:.+]] = call @callee({{.*}}) {relax.errors_released}
//       CHECK:   %[[ERROR:.+]] = llvm.call @relaxGetError()
//       CHECK:   %[[NULL:.+]] = llvm.mlir.zero
//       CHECK:   %[[FAILED:.+]] = llvm.icmp "ne" %[[ERROR]], %[[NULL]]
//       CHECK:   cf.cond_br %[[FAILED]], ^[[RELEASE:[a-z0-9]+]], ^[[REST:[a-z0-9]+]]
//       CHECK: ^[[RELEASE]]:
//   CHECK-DAG:   memref.dealloc %[[MINE]]
//   CHECK-DAG:   memref.dealloc %[[FIRST]]
//   CHECK-NOT:   memref.dealloc %[[SECOND]]
//       CHECK:   cf.assert

// LOWERED-LABEL: func.func @caller
//       LOWERED:   call @callee
//       LOWERED:   llvm.call @relaxGetError
//       LOWERED:   call @callee
//       LOWERED:   llvm.call @relaxGetError
//   LOWERED-NOT:   llvm.call @relaxGetError
//       LOWERED:   memref.dealloc
func.func private @callee(%ok: i1) -> memref<4xf32> {
  cf.assert %ok, "dim 0 must be 4"
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

func.func @caller(%ok: i1) {
  %mine = memref.alloc() : memref<16xi8>
  %first = call @callee(%ok) : (i1) -> memref<4xf32>
  %second = call @callee(%ok) : (i1) -> memref<4xf32>
  memref.dealloc %second : memref<4xf32>
  memref.dealloc %first : memref<4xf32>
  memref.dealloc %mine : memref<16xi8>
  return
}

// -----

// A deallocation of a buffer that came through a block argument cannot be
// traced: the function is left as it is.

// CHECK-LABEL: func.func @untraced
//   CHECK-NOT:   cf.cond_br %{{.+}}, ^{{.+}}, ^{{.+}}
//       CHECK:   cf.assert
func.func @untraced(%ok: i1, %c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.br ^bb1(%a : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  cf.assert %ok, "in the loop"
  memref.dealloc %x : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Device buffers (gpu.alloc, as --gpu-async-region leaves them) are freed
// as it frees them: gpu.dealloc on a stream of its own, waited for; the
// host buffer beside them with memref.dealloc.

// CHECK-LABEL: func.func @device
//  CHECK-SAME:   (%[[OK:.*]]: i1
//       CHECK:   %[[D:.*]], %{{.*}} = gpu.alloc async
//       CHECK:   %[[H:.*]] = memref.alloc()
//       CHECK:   cf.cond_br %[[OK]], ^[[REST:.+]], ^[[RELEASE:[^ ]+]]
//       CHECK: ^[[RELEASE]]:
//       CHECK:   %[[S:.*]] = gpu.wait async
//       CHECK:   %[[F:.*]] = gpu.dealloc async [%[[S]]] %[[D]]
//       CHECK:   gpu.wait [%[[F]]]
//       CHECK:   memref.dealloc %[[H]]
//       CHECK:   cf.assert %{{.*}}, "before the kernel"
//       CHECK: ^[[REST]]:
func.func @device(%ok: i1, %n: index) {
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  %h = memref.alloc() : memref<4xf32>
  cf.assert %ok, "before the kernel"
  memref.dealloc %h : memref<4xf32>
  %t2 = gpu.wait async
  %t3 = gpu.dealloc async [%t2] %d : memref<?xf32>
  gpu.wait [%t3]
  return
}

// -----

// A check nested in a parallel loop cannot branch out: the loop is the
// point. After it, the function looks at the recorded error and frees what
// it owns; the loop is marked, and --relax-lower-checks adds no second look
// after it (the nested check reports and goes on).

// CHECK-LABEL: func.func @nested_check
//       CHECK:   %[[A:.+]] = memref.alloc
//       CHECK:   omp.parallel
//       CHECK:     cf.assert %{{.+}}, "index out of range"
//       CHECK:   } {relax.errors_released}
//       CHECK:   %[[ERROR:.+]] = llvm.call @relaxGetError()
//       CHECK:   cf.cond_br %{{.+}}, ^[[RELEASE:[a-z0-9]+]], ^[[REST:[a-z0-9]+]]
//       CHECK: ^[[RELEASE]]:
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   cf.assert %{{.+}}, "a called function failed"

// LOWERED-LABEL: func.func @nested_check
//       LOWERED:   omp.parallel
//       LOWERED:     llvm.call @__relax_check
//       LOWERED:   llvm.call @relaxGetError
//   LOWERED-NOT:   llvm.call @relaxGetError
//       LOWERED:   memref.dealloc
//       LOWERED:   llvm.call @relaxReportError
func.func @nested_check(%ok: i1, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  omp.parallel {
    cf.assert %ok, "index out of range"
    omp.terminator
  }
  return %a : memref<?xf32>
}

// -----

// So is an op that holds a call of a function that may fail.

// CHECK-LABEL: func.func @nested_call
//       CHECK:   %[[A:.+]] = memref.alloc
//       CHECK:   scf.if
//       CHECK:     call @may_fail
//       CHECK:   } {relax.errors_released}
//       CHECK:   llvm.call @relaxGetError()
//       CHECK:   memref.dealloc %[[A]]
func.func private @may_fail(%ok: i1) {
  cf.assert %ok, "bad"
  return
}

func.func @nested_call(%ok: i1, %c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    func.call @may_fail(%ok) : (i1) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// A deallocation nested in an op counts as if that op always ran: the
// buffer is not freed again by a later check, nor by the op that holds it.

// CHECK-LABEL: func.func @freed_in_a_region
//   CHECK-NOT:   memref.dealloc %{{.+}} : memref<4xf32>
//       CHECK:   scf.if
//       CHECK:     memref.dealloc
//       CHECK:     cf.assert %{{.+}}, "inside"
//   CHECK-NOT:   memref.dealloc
//       CHECK:   cf.assert %{{.+}}, "after"
func.func @freed_in_a_region(%ok: i1, %c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
    cf.assert %ok, "inside"
  }
  cf.assert %ok, "after"
  return
}
