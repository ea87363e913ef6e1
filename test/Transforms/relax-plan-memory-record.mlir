// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="record=1" | FileCheck %s

// record=1 writes each planned function's peak on it: the bytes of its
// planned storages as a formula, and at the upper bounds of its
// constraints where they bound it.

// CHECK-LABEL: relax.func @bounded
// CHECK-SAME: relax.planned_peak = #sym.expr<{{.*}}n{{.*}}>, relax.planned_peak_max = {{[0-9]+}} : i64
relax.func @bounded(%x: !relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 128]>]} {
  %a = relax.exp %x : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  %b = relax.exp %a : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  %c = relax.exp %b : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  relax.return %c : !relax.tensor<[n, 64], f32>
}

// -----

// Unbounded: the formula alone.
// CHECK-LABEL: relax.func @unbounded
// CHECK-SAME: relax.planned_peak = #sym.expr<{{.*}}n{{.*}}>
// CHECK-NOT: planned_peak_max
relax.func @unbounded(%x: !relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32> {
  %a = relax.exp %x : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  %b = relax.exp %a : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  relax.return %b : !relax.tensor<[n, 64], f32>
}
