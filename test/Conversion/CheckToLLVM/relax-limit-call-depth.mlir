// RUN: relax-opt %s --split-input-file --relax-limit-call-depth --verify-diagnostics | FileCheck %s

// A function that calls itself enters through the runtime's depth counter,
// checks the answer, and leaves before every return.

// CHECK-LABEL: func.func @self
// CHECK: %[[D:.*]] = call @relaxEnterCall() : () -> i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[D]], %[[Z]] : i32
// CHECK: cf.assert %[[OK]], "calls of @self nest deeper than the call-depth limit (unbounded recursion?)"
// CHECK: cf.cond_br
// CHECK: call @self
// CHECK: call @relaxLeaveCall() : () -> ()
// CHECK-NEXT: return
// CHECK: call @relaxLeaveCall() : () -> ()
// CHECK-NEXT: return
// CHECK-DAG: func.func private @relaxEnterCall() -> i32
// CHECK-DAG: func.func private @relaxLeaveCall()
func.func @self(%c: i1, %x: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %false = arith.constant false
  %y = func.call @self(%false, %x) : (i1, f32) -> f32
  return %y : f32
^bb2:
  return %x : f32
}

// -----

// Mutual recursion: both functions of the cycle count; the function that
// only calls into the cycle, and the leaf, do not.

// CHECK-LABEL: func.func @entry
// CHECK-NOT: relaxEnterCall
// CHECK: call @ping
// CHECK-LABEL: func.func @ping
// CHECK: call @relaxEnterCall
// CHECK: call @pong
// CHECK: call @relaxLeaveCall
// CHECK-LABEL: func.func @pong
// CHECK: call @relaxEnterCall
// CHECK: call @leaf
// CHECK: call @ping
// CHECK: call @relaxLeaveCall
// CHECK-LABEL: func.func @leaf
// CHECK-NOT: relaxEnterCall
// CHECK: return
func.func @entry(%x: f32) -> f32 {
  %y = func.call @ping(%x) : (f32) -> f32
  return %y : f32
}
func.func @ping(%x: f32) -> f32 {
  %y = func.call @pong(%x) : (f32) -> f32
  return %y : f32
}
func.func @pong(%x: f32) -> f32 {
  %l = func.call @leaf(%x) : (f32) -> f32
  %y = func.call @ping(%l) : (f32) -> f32
  return %y : f32
}
func.func @leaf(%x: f32) -> f32 {
  return %x : f32
}

// -----

// Without recursion nothing changes and nothing is declared.

// CHECK-LABEL: func.func @caller
// CHECK-NOT: relaxEnterCall
// CHECK-NOT: relaxLeaveCall
func.func @caller(%x: f32) -> f32 {
  %y = func.call @callee(%x) : (f32) -> f32
  return %y : f32
}
func.func private @callee(f32) -> f32

// -----

// The runtime's names are taken by something else.

// expected-error @+1 {{'relaxEnterCall' is a function of the runtime library, of type '() -> i32'}}
func.func private @relaxEnterCall(i64) -> i64
func.func @rec(%x: f32) -> f32 {
  %y = func.call @rec(%x) : (f32) -> f32
  return %y : f32
}
