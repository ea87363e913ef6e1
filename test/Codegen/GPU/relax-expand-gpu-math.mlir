// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-expand-gpu-math{target=spirv}))' | FileCheck %s
// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-expand-gpu-math{target=cuda}))' | FileCheck %s --check-prefix=CUDA

// powf on SPIR-V: GLSL's Pow is undefined for a negative or zero base and
// lavapipe turns a NaN operand into 0, so the power is exp2(y * log2|x|)
// (exp2 as exp, which SPIR-V has) with C's results selected where it
// differs: the negation for a base with the sign bit set (-0 too) and an odd
// exponent, NaN for a finite negative base and a fractional exponent or a
// NaN operand, 1 for a zero exponent, a base of 1, or a base of -1 and an
// infinite exponent. CUDA's libdevice powf already has them.

// CHECK-LABEL: gpu.func @pow
// CHECK-SAME:    (%[[X:.*]]: f32, %[[Y:.*]]: f32
// CHECK-NOT:     math.powf
// CHECK:         %[[ABS:.*]] = math.absf %[[X]]
// CHECK:         %[[LOG:.*]] = math.log2 %[[ABS]]
// CHECK:         %[[MUL:.*]] = arith.mulf %[[Y]], %[[LOG]]
// CHECK:         %[[SCALED:.*]] = arith.mulf %[[MUL]]
// CHECK:         %[[MAG:.*]] = math.exp %[[SCALED]]
// CHECK:         math.copysign %{{.*}}, %[[X]]
// CHECK:         %[[NEG:.*]] = arith.negf %[[MAG]]
// CHECK:         %[[SIGNED:.*]] = arith.select %{{.*}}, %[[NEG]], %[[MAG]]
// CHECK:         %[[UNO:.*]] = arith.cmpf uno, %[[X]], %[[Y]]
// CHECK:         %[[NAN:.*]] = arith.select %{{.*}}, %{{.*}}, %[[SIGNED]]
// CHECK:         math.absf %[[Y]]
// CHECK:         %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[NAN]]
// CHECK:         memref.store %[[R]]
// CUDA-LABEL: gpu.func @pow
// CUDA:         math.powf
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pow(%x: f32, %y: f32, %out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %p = math.powf %x, %y : f32
      memref.store %p, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
