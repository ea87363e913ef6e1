// RUN: relax-opt %s --split-input-file --relax-inline-constant-arguments | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-inline-constant-arguments --relax-lower-to-cpu | FileCheck %s --check-prefix=CPU

// A scalar constant that both calls pass (two constants of one value)
// becomes a constant of the program, and the generic reads it in its body:
// the power by 3 is then two products in the compiled kernel, not a call of
// powf per element.

// CHECK-LABEL: tprog.func private @power
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32> {{.*}}, %{{.*}}: tensor<f32>, %[[OUT:.*]]: tensor<?x8xf32>
// CHECK: %[[C:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<?x8xf32>) outs(%[[OUT]] : tensor<?x8xf32>)
// CHECK: math.powf %{{.*}}, %[[C]] : f32
// CHECK-LABEL: relax.func @main
// CHECK: %[[C3:.*]] = constant dense<3.000000e+00>
// CHECK: %[[D3:.*]] = constant dense<3.000000e+00>
// CHECK: call_tir @power(%{{.*}}, %[[C3]]) :
// CHECK: call_tir @power(%{{.*}}, %[[D3]]) :
// CPU-LABEL: llvm.func @power_kernel
// CPU-NOT: powf
// CPU: llvm.fmul
// CPU-NOT: powf
tprog.func private @power(%x: tensor<?x8xf32> {sym.shape = #sym.shape<[n, 8]>}, %e: tensor<f32>,
                          %out: tensor<?x8xf32> {sym.shape = #sym.shape<[n, 8]>, tprog.output}) -> tensor<?x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %e : tensor<?x8xf32>, tensor<f32>) outs(%out : tensor<?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = math.powf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<?x8xf32>
  tprog.return %r : tensor<?x8xf32>
}

relax.func @main(%x: !relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32> {
  %c = relax.constant dense<3.0> : tensor<f32>
  %d = relax.constant dense<3.0> : tensor<f32>
  %y = relax.call_tir @power(%x, %c) : (!relax.tensor<[n, 8], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n, 8], f32>
  %z = relax.call_tir @power(%y, %d) : (!relax.tensor<[n, 8], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return %z : !relax.tensor<[n, 8], f32>
}

// -----

// Calls that pass different constants, or a constant that is not a splat,
// leave the program's arguments as they are.

// CHECK-LABEL: tprog.func private @scale
// CHECK-NOT: arith.constant
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<8xf32>)
tprog.func private @scale(%x: tensor<?x8xf32> {sym.shape = #sym.shape<[n, 8]>}, %s: tensor<8xf32>,
                          %out: tensor<?x8xf32> {sym.shape = #sym.shape<[n, 8]>, tprog.output}) -> tensor<?x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<?x8xf32>, tensor<8xf32>) outs(%out : tensor<?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<?x8xf32>
  tprog.return %r : tensor<?x8xf32>
}

relax.func @main(%x: !relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32> {
  %c = relax.constant dense<2.0> : tensor<8xf32>
  %d = relax.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %y = relax.call_tir @scale(%x, %c) : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8], f32>
  %z = relax.call_tir @scale(%y, %d) : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return %z : !relax.tensor<[n, 8], f32>
}
