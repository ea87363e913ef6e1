// RUN: relax-opt %s --test-relax-legalize-user-pattern | FileCheck %s

// A pattern added next to the library's, with a higher benefit, lowers
// relax.exp; the other ops keep the library's lowering.

// CHECK-LABEL: tprog.func private @exp
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32> {{.*}}, %[[O:.*]]: tensor<?x4xf32> {{.*}})
// CHECK: %[[R:.*]] = linalg.exp ins(%[[X]] : tensor<?x4xf32>) outs(%[[O]] : tensor<?x4xf32>)
// CHECK: return %[[R]]
// CHECK-LABEL: tprog.func private @add
// CHECK: linalg.generic
// CHECK-LABEL: relax.func @user_pattern
// CHECK: %[[E:.*]] = call_tir @exp(%{{.*}})
// CHECK: call_tir @add(%[[E]], %{{.*}})
relax.func @user_pattern(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %0 = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  %1 = relax.add %0, %x : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return %1 : !relax.tensor<[n, 4], f32>
}
