// RUN: relax-opt %s --relax-legalize -split-input-file -verify-diagnostics
// RUN: not relax-opt %s --relax-legalize -split-input-file --mlir-print-ir-after-failure 2>&1 | FileCheck %s

relax.func @unknown_shape(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.exp' op needs fully known operand and result shapes to be legalized; run --relax-infer-shapes first, or relax.match_cast a tensor of unknown rank to the shape it has}}
  %0 = relax.exp %x : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A lowering that fails says why, and leaves no program behind.

// CHECK: IR Dump After RelaxLegalizePass Failed
// CHECK-NOT: tprog.func
// CHECK: relax.func @astype_to_index
// CHECK-NEXT: astype
relax.func @astype_to_index(%x: !relax.tensor<[n], i32>) {
  // expected-error @+1 {{'relax.astype' op could not be legalized: cannot convert i32 to index}}
  %0 = relax.astype %x {dtype = index} : (!relax.tensor<[n], i32>) -> !relax.tensor<[n], index>
  relax.return
}

// -----

relax.func @group_norm_over_batch(%x: !relax.tensor<[8, n], f32>, %g: !relax.tensor<[8], f32>, %b: !relax.tensor<[8], f32>) {
  // expected-error @+1 {{'relax.group_norm' op could not be legalized: its channel axis is the batch axis 0}}
  %0 = relax.group_norm %x, %g, %b {num_groups = 2, channel_axis = 0} : (!relax.tensor<[8, n], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[8, n], f32>
  relax.return
}

// -----

// Every op that fails is reported; the others are legalized.

// CHECK: IR Dump After RelaxLegalizePass Failed
// CHECK: tprog.func private @exp(
// CHECK-NOT: tprog.func
// CHECK: relax.func @each_failure
// CHECK-NEXT: astype
// CHECK-NEXT: call_tir @exp
// CHECK-NEXT: exp
relax.func @each_failure(%x: !relax.tensor<[n], i32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.astype' op could not be legalized: cannot convert i32 to index}}
  %0 = relax.astype %x {dtype = index} : (!relax.tensor<[n], i32>) -> !relax.tensor<[n], index>
  %1 = relax.exp %y : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  // expected-error @+1 {{'relax.exp' op needs fully known operand and result shapes to be legalized; run --relax-infer-shapes first, or relax.match_cast a tensor of unknown rank to the shape it has}}
  %2 = relax.exp %y : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return
}
