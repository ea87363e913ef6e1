// RUN: relax-opt %s --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512},canonicalize,cse))" | FileCheck %s
// RUN: relax-opt %s --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512}),convert-math-to-llvm,convert-math-to-libm)" | FileCheck %s --check-prefix=LIBM

// sin and cos on f32 become arith ops on the whole vector: the argument is
// reduced by pi/2 in f64 (k = round(x * 2/pi) by adding 1.5 * 2^52, then
// x - k * pi/2 with pi/2 in three parts), polynomials run on the reduced
// argument in f32 and the low bits of k pick one and its sign. Nothing is
// left for libm: the two passes of the CPU pipeline that turn math ops into
// llvm intrinsics (expanded into a libm call per lane) or into libm calls
// find nothing to do.

// CHECK-LABEL: func.func @sin_vector
// CHECK-DAG: %[[TWO_OVER_PI:.*]] = arith.constant dense<0.63661977236758138> : vector<1x16xf64>
// CHECK-DAG: %[[MAGIC:.*]] = arith.constant dense<0x4338000000000000> : vector<1x16xf64>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<1.5707963267341256> : vector<1x16xf64>
// CHECK-DAG: %[[MID:.*]] = arith.constant dense<6.077100506303966E-11> : vector<1x16xf64>
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<2.0222662487959506E-21> : vector<1x16xf64>
// CHECK: scf.forall
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<1x?xf32>, vector<1x16xf32>
// CHECK: %[[XD:.*]] = arith.extf %[[X]] : vector<1x16xf32> to vector<1x16xf64>
// CHECK: %[[T:.*]] = arith.mulf %[[XD]], %[[TWO_OVER_PI]]
// CHECK: %[[SHIFTED:.*]] = arith.addf %[[T]], %[[MAGIC]]
// CHECK: %[[K:.*]] = arith.subf %[[SHIFTED]], %[[MAGIC]]
// CHECK: %[[KHI:.*]] = arith.mulf %[[K]], %[[HI]]
// CHECK: %[[R1:.*]] = arith.subf %[[XD]], %[[KHI]]
// CHECK: %[[KMID:.*]] = arith.mulf %[[K]], %[[MID]]
// CHECK: %[[R2:.*]] = arith.subf %[[R1]], %[[KMID]]
// CHECK: %[[KLO:.*]] = arith.mulf %[[K]], %[[LO]]
// CHECK: arith.subf %[[R2]], %[[KLO]]
// CHECK: arith.truncf %{{.*}} : vector<1x16xf64> to vector<1x16xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SHIFTED]] : vector<1x16xf64> to vector<1x16xi64>
// CHECK: arith.trunci %[[BITS]] : vector<1x16xi64> to vector<1x16xi32>
// CHECK-NOT: math.sin
// CHECK: vector.transfer_write %{{.*}} : vector<1x16xf32>, tensor<1x?xf32>
// LIBM-LABEL: func.func @sin_vector
// LIBM-NOT: {{llvm.intr.(sin|cos)|call @(sin|cos)}}
// LIBM: arith.subf {{.*}} : vector<1x16xf64>
// LIBM-NOT: {{llvm.intr.(sin|cos)|call @(sin|cos)}}
// LIBM: return
func.func @sin_vector(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = math.sin %x : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Scalars take the same path; cos is sin one quadrant further.

// CHECK-LABEL: func.func @cos_scalar
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: %[[QUADRANT:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.addi %[[QUADRANT]], %[[ONE]] : i32
// CHECK-NOT: math.cos
// CHECK: return
// LIBM-LABEL: func.func @cos_scalar
// LIBM-NOT: {{llvm.intr.(sin|cos)|call @(sin|cos)}}
// LIBM: return
func.func @cos_scalar(%x: f32) -> f32 {
  %c = math.cos %x : f32
  return %c : f32
}

// f16 is computed in f32.

// CHECK-LABEL: func.func @sin_f16
// CHECK: arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK-NOT: math.sin
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// LIBM-LABEL: func.func @sin_f16
// LIBM-NOT: {{llvm.intr.(sin|cos)|call @(sin|cos)}}
// LIBM: return
func.func @sin_f16(%x: vector<8xf16>) -> vector<8xf16> {
  %s = math.sin %x : vector<8xf16>
  return %s : vector<8xf16>
}

// f64 is left to libm.

// CHECK-LABEL: func.func @sin_f64
// CHECK: math.sin %{{.*}} : vector<8xf64>
// LIBM-LABEL: func.func @sin_f64
// LIBM: llvm.intr.sin(%{{.*}}) : (vector<8xf64>) -> vector<8xf64>
func.func @sin_f64(%x: vector<8xf64>) -> vector<8xf64> {
  %s = math.sin %x : vector<8xf64>
  return %s : vector<8xf64>
}
