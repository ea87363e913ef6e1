// The ranges of sym.constraints survive the host lowering as sym.assume, so
// that upstream's integer range analysis uses them on lowered code: with
// n in [1, 4096], n + 1 cannot wrap, and the sign branch of the floor
// division (a compare and a select once expanded) folds away.

// RUN: relax-opt %s --split-input-file --relax-to-func --convert-sym-to-arith=lower-assumes=0 --arith-expand --int-range-optimizations --convert-sym-to-arith --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @bounded
// CHECK: cf.assert %{{.*}}, "@bounded: n must be <= 4096"
// CHECK-NOT: arith.cmpi slt
// CHECK-NOT: arith.select
// CHECK: return
relax.func @bounded(%x: !relax.tensor<[n], f32>) -> !relax.shape<[(n - 1) floordiv 2]>
    attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
  %s = relax.shape [(n - 1) floordiv 2]
  relax.return %s : !relax.shape<[(n - 1) floordiv 2]>
}

// -----

// Without the constraint the branch stays.

// CHECK-LABEL: func.func @unbounded
// CHECK: arith.cmpi slt
// CHECK: arith.select
relax.func @unbounded(%x: !relax.tensor<[n], f32>) -> !relax.shape<[(n - 1) floordiv 2]> {
  %s = relax.shape [(n - 1) floordiv 2]
  relax.return %s : !relax.shape<[(n - 1) floordiv 2]>
}
