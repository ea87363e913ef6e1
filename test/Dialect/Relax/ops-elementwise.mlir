// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape and dtype inference of the elementwise ops: every result is written
// as `*` and `--relax-infer-shapes` fills it in. Each op is exercised with
// static, fully symbolic and mixed (static and symbolic) shapes. Inside a
// relax.func the printer elides the `relax.` prefix of the ops.

// Unary ops: the result has the operand's type. The float-only ops also
// take f16 and bf16; relu, neg and abs take integers as well.
// CHECK-LABEL: relax.func @exp(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = exp %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = exp %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = exp %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = exp %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @exp(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.exp %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.exp %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.exp %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.exp %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @log(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = log %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = log %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = log %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = log %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @log(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.log %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.log %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.log %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.log %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @sqrt(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = sqrt %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = sqrt %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = sqrt %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = sqrt %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @sqrt(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.sqrt %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.sqrt %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.sqrt %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.sqrt %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @rsqrt(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = rsqrt %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = rsqrt %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = rsqrt %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = rsqrt %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @rsqrt(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.rsqrt %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.rsqrt %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.rsqrt %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.rsqrt %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @tanh(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = tanh %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = tanh %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = tanh %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = tanh %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @tanh(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.tanh %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.tanh %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.tanh %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.tanh %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @sigmoid(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = sigmoid %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = sigmoid %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = sigmoid %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = sigmoid %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @sigmoid(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.sigmoid %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.sigmoid %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.sigmoid %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.sigmoid %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @silu(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = silu %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = silu %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = silu %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = silu %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @silu(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.silu %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.silu %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.silu %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.silu %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @gelu(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = gelu %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = gelu %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = gelu %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = gelu %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @gelu(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.gelu %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.gelu %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.gelu %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.gelu %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @gelu_tanh(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = gelu_tanh %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = gelu_tanh %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = gelu_tanh %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = gelu_tanh %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @gelu_tanh(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.gelu_tanh %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.gelu_tanh %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.gelu_tanh %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.gelu_tanh %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @erf(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = erf %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = erf %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = erf %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = erf %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @erf(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.erf %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.erf %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.erf %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.erf %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @sin(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = sin %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = sin %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = sin %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = sin %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @sin(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.sin %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.sin %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.sin %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.sin %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @cos(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], f16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = cos %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = cos %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = cos %[[Z]] : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<[b, 4, s], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = cos %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @cos(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], f16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.cos %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.cos %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.cos %z : (!relax.tensor<[b, 4, s], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.cos %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @relu(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], i32>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = relu %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = relu %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = relu %[[Z]] : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<[b, 4, s], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = relu %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @relu(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], i32>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.relu %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.relu %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.relu %z : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.relu %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @neg(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], i32>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = neg %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = neg %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = neg %[[Z]] : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<[b, 4, s], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = neg %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @neg(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], i32>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.neg %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.neg %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.neg %z : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.neg %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @abs(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[b, s], f32>
// CHECK-SAME: %[[Z:arg2]]: !relax.tensor<[b, 4, s], i32>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = abs %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = abs %[[Y]] : (!relax.tensor<[b, s], f32>) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = abs %[[Z]] : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<[b, 4, s], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = abs %[[U]] : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @abs(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[b, s], f32>, %z: !relax.tensor<[b, 4, s], i32>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.abs %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.abs %y : (!relax.tensor<[b, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.abs %z : (!relax.tensor<[b, 4, s], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.abs %u : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// Binary ops broadcast as numpy does: shapes are aligned from the right
// and a literal 1 stretches. Comparisons give i1.
// CHECK-LABEL: relax.func @add_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = add %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = add %[[C]], %[[D]] : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = add %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<[2, 5, 3], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = add %[[G]], %[[A]] : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: return
relax.func @add_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 3], f32>, %c: !relax.tensor<[4, 1], f32>, %d: !relax.tensor<[3], f32>, %e: !relax.tensor<[2, 1, 3], f32>, %f: !relax.tensor<[5, 1], f32>, %g: !relax.tensor<[], f32>) {
  %r0 = relax.add %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.add %c, %d : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.add %e, %f : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.add %g, %a : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Symbolic dims: equal ones are proven equal; `n` against `m` can be
// neither proven nor disproven and becomes a run-time check before the
// op. A `?` dim takes the other operand's dim.
// CHECK-LABEL: relax.func @add_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = add %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = add %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = add %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.add: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = add %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = add %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @add_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.add %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.add %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.add %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.add %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.add %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @add_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = add %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = add %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = add %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = add %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = add %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.add: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = add %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @add_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.add %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.add %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.add %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.add %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.add %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.add %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @subtract_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = subtract %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = subtract %[[C]], %[[D]] : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = subtract %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<[2, 5, 3], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = subtract %[[G]], %[[A]] : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: return
relax.func @subtract_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 3], f32>, %c: !relax.tensor<[4, 1], f32>, %d: !relax.tensor<[3], f32>, %e: !relax.tensor<[2, 1, 3], f32>, %f: !relax.tensor<[5, 1], f32>, %g: !relax.tensor<[], f32>) {
  %r0 = relax.subtract %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.subtract %c, %d : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.subtract %e, %f : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.subtract %g, %a : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @subtract_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = subtract %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = subtract %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = subtract %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.subtract: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = subtract %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = subtract %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @subtract_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.subtract %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.subtract %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.subtract %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.subtract %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.subtract %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @subtract_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = subtract %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = subtract %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = subtract %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = subtract %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = subtract %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.subtract: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = subtract %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @subtract_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.subtract %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.subtract %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.subtract %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.subtract %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.subtract %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.subtract %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @multiply_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = multiply %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = multiply %[[C]], %[[D]] : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = multiply %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<[2, 5, 3], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = multiply %[[G]], %[[A]] : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: return
relax.func @multiply_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 3], f32>, %c: !relax.tensor<[4, 1], f32>, %d: !relax.tensor<[3], f32>, %e: !relax.tensor<[2, 1, 3], f32>, %f: !relax.tensor<[5, 1], f32>, %g: !relax.tensor<[], f32>) {
  %r0 = relax.multiply %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.multiply %c, %d : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.multiply %e, %f : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.multiply %g, %a : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @multiply_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = multiply %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = multiply %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = multiply %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.multiply: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = multiply %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = multiply %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @multiply_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.multiply %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.multiply %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.multiply %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.multiply %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.multiply %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @multiply_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = multiply %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = multiply %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = multiply %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = multiply %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = multiply %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.multiply: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = multiply %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @multiply_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.multiply %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.multiply %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.multiply %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.multiply %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.multiply %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.multiply %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @divide_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = divide %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = divide %[[C]], %[[D]] : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = divide %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<[2, 5, 3], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = divide %[[G]], %[[A]] : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: return
relax.func @divide_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 3], f32>, %c: !relax.tensor<[4, 1], f32>, %d: !relax.tensor<[3], f32>, %e: !relax.tensor<[2, 1, 3], f32>, %f: !relax.tensor<[5, 1], f32>, %g: !relax.tensor<[], f32>) {
  %r0 = relax.divide %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.divide %c, %d : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.divide %e, %f : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.divide %g, %a : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @divide_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = divide %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = divide %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = divide %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.divide: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = divide %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = divide %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @divide_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.divide %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.divide %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.divide %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.divide %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.divide %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @divide_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = divide %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = divide %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = divide %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = divide %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = divide %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.divide: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = divide %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @divide_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.divide %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.divide %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.divide %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.divide %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.divide %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.divide %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @power_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = power %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = power %[[C]], %[[D]] : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = power %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<[2, 5, 3], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = power %[[G]], %[[A]] : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: return
relax.func @power_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 3], f32>, %c: !relax.tensor<[4, 1], f32>, %d: !relax.tensor<[3], f32>, %e: !relax.tensor<[2, 1, 3], f32>, %f: !relax.tensor<[5, 1], f32>, %g: !relax.tensor<[], f32>) {
  %r0 = relax.power %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.power %c, %d : (!relax.tensor<[4, 1], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.power %e, %f : (!relax.tensor<[2, 1, 3], f32>, !relax.tensor<[5, 1], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.power %g, %a : (!relax.tensor<[], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @power_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = power %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = power %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = power %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.power: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = power %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = power %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @power_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.power %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.power %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.power %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.power %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.power %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @power_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = power %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = power %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = power %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = power %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = power %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.power: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = power %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @power_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.power %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.power %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.power %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.power %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.power %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.power %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @maximum_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = maximum %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = maximum %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = maximum %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = maximum %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i32>
// CHECK-NEXT: return
relax.func @maximum_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.maximum %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.maximum %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.maximum %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.maximum %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @maximum_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = maximum %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = maximum %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = maximum %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.maximum: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = maximum %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = maximum %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @maximum_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.maximum %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.maximum %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.maximum %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.maximum %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.maximum %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @maximum_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = maximum %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = maximum %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = maximum %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = maximum %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = maximum %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.maximum: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = maximum %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @maximum_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.maximum %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.maximum %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.maximum %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.maximum %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.maximum %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.maximum %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @minimum_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = minimum %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = minimum %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = minimum %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = minimum %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i32>
// CHECK-NEXT: return
relax.func @minimum_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.minimum %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.minimum %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.minimum %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.minimum %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @minimum_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = minimum %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = minimum %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = minimum %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.minimum: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = minimum %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = minimum %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], f32>
// CHECK-NEXT: return
relax.func @minimum_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.minimum %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.minimum %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.minimum %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.minimum %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.minimum %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @minimum_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f16>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f16>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f16>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f16>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f16>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f16>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = minimum %[[A]], %[[B]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<[n, 4], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = minimum %[[C]], %[[D]] : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = minimum %[[D]], %[[C]] : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = minimum %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = minimum %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, t, 64], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.minimum: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = minimum %[[A]], %[[E]] : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<[b, n, 64], f16>
// CHECK-NEXT: return
relax.func @minimum_mixed(%a: !relax.tensor<[n, 1], f16>, %b: !relax.tensor<[4], f16>, %c: !relax.tensor<[n], f16>, %d: !relax.tensor<[1], f16>, %e: !relax.tensor<[b, t, 64], f16>, %f: !relax.tensor<[64], f16>, %g: !relax.tensor<[1, t, 1], f16>) {
  %r0 = relax.minimum %a, %b : (!relax.tensor<[n, 1], f16>, !relax.tensor<[4], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.minimum %c, %d : (!relax.tensor<[n], f16>, !relax.tensor<[1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.minimum %d, %c : (!relax.tensor<[1], f16>, !relax.tensor<[n], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.minimum %e, %f : (!relax.tensor<[b, t, 64], f16>, !relax.tensor<[64], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.minimum %g, %e : (!relax.tensor<[1, t, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  %r5 = relax.minimum %a, %e : (!relax.tensor<[n, 1], f16>, !relax.tensor<[b, t, 64], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @equal_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = equal %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = equal %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = equal %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = equal %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @equal_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.equal %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.equal %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.equal %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.equal %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @equal_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = equal %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = equal %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = equal %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.equal: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = equal %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = equal %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @equal_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.equal %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.equal %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.equal %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.equal %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.equal %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @equal_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = equal %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = equal %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = equal %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = equal %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = equal %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.equal: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = equal %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @equal_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.equal %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.equal %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.equal %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.equal %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.equal %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.equal %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @not_equal_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = not_equal %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = not_equal %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = not_equal %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = not_equal %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @not_equal_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.not_equal %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.not_equal %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.not_equal %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.not_equal %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @not_equal_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = not_equal %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = not_equal %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = not_equal %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.not_equal: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = not_equal %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = not_equal %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @not_equal_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.not_equal %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.not_equal %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.not_equal %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.not_equal %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.not_equal %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @not_equal_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = not_equal %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = not_equal %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = not_equal %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = not_equal %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = not_equal %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.not_equal: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = not_equal %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @not_equal_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.not_equal %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.not_equal %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.not_equal %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.not_equal %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.not_equal %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.not_equal %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = less %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @less_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.less %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.less %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.less %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.less %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.less: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = less %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = less %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @less_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.less %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.less %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.less %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.less %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.less %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = less %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = less %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.less: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = less %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @less_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.less %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.less %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.less %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.less %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.less %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.less %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_equal_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less_equal %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less_equal %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less_equal %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = less_equal %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @less_equal_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.less_equal %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.less_equal %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.less_equal %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.less_equal %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_equal_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less_equal %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less_equal %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less_equal %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.less_equal: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = less_equal %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = less_equal %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @less_equal_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.less_equal %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.less_equal %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.less_equal %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.less_equal %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.less_equal %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @less_equal_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = less_equal %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = less_equal %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = less_equal %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = less_equal %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = less_equal %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.less_equal: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = less_equal %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @less_equal_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.less_equal %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.less_equal %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.less_equal %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.less_equal %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.less_equal %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.less_equal %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @greater_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.greater %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.greater: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = greater %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @greater_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.greater %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.greater %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = greater %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.greater: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = greater %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @greater_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.greater %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.greater %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.greater %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_equal_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[2, 3], i32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[4, 1], i32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3], i32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[2, 1, 3], i32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[5, 1], i32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater_equal %[[A]], %[[B]] : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater_equal %[[C]], %[[D]] : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<[4, 3], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater_equal %[[E]], %[[F]] : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<[2, 5, 3], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater_equal %[[G]], %[[A]] : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<[2, 3], i1>
// CHECK-NEXT: return
relax.func @greater_equal_static(%a: !relax.tensor<[2, 3], i32>, %b: !relax.tensor<[2, 3], i32>, %c: !relax.tensor<[4, 1], i32>, %d: !relax.tensor<[3], i32>, %e: !relax.tensor<[2, 1, 3], i32>, %f: !relax.tensor<[5, 1], i32>, %g: !relax.tensor<[], i32>) {
  %r0 = relax.greater_equal %a, %b : (!relax.tensor<[2, 3], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater_equal %c, %d : (!relax.tensor<[4, 1], i32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater_equal %e, %f : (!relax.tensor<[2, 1, 3], i32>, !relax.tensor<[5, 1], i32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater_equal %g, %a : (!relax.tensor<[], i32>, !relax.tensor<[2, 3], i32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_equal_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[t], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[m], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[b, n + 1], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[?, n + 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater_equal %[[A]], %[[B]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater_equal %[[A]], %[[C]] : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater_equal %[[C]], %[[A]] : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.greater_equal: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater_equal %[[D]], %[[E]] : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = greater_equal %[[F]], %[[G]] : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<[b, n + 1], i1>
// CHECK-NEXT: return
relax.func @greater_equal_symbolic(%a: !relax.tensor<[b, t], f32>, %b: !relax.tensor<[b, t], f32>, %c: !relax.tensor<[t], f32>, %d: !relax.tensor<[n], f32>, %e: !relax.tensor<[m], f32>, %f: !relax.tensor<[b, n + 1], f32>, %g: !relax.tensor<[?, n + 1], f32>) {
  %r0 = relax.greater_equal %a, %b : (!relax.tensor<[b, t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater_equal %a, %c : (!relax.tensor<[b, t], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater_equal %c, %a : (!relax.tensor<[t], f32>, !relax.tensor<[b, t], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater_equal %d, %e : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.greater_equal %f, %g : (!relax.tensor<[b, n + 1], f32>, !relax.tensor<[?, n + 1], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @greater_equal_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[n, 1], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[n], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[1], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[b, t, 64], f32>
// CHECK-SAME: %[[F:arg5]]: !relax.tensor<[64], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[1, t, 1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = greater_equal %[[A]], %[[B]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
// CHECK-NEXT: %[[R1:[0-9]+]] = greater_equal %[[C]], %[[D]] : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R2:[0-9]+]] = greater_equal %[[D]], %[[C]] : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
// CHECK-NEXT: %[[R3:[0-9]+]] = greater_equal %[[E]], %[[F]] : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[R4:[0-9]+]] = greater_equal %[[G]], %[[E]] : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, t, 64], i1>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.greater_equal: broadcast: operand #1 dim 1: expected t == n"} : !relax.shape<[t]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R5:[0-9]+]] = greater_equal %[[A]], %[[E]] : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<[b, n, 64], i1>
// CHECK-NEXT: return
relax.func @greater_equal_mixed(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>, %c: !relax.tensor<[n], f32>, %d: !relax.tensor<[1], f32>, %e: !relax.tensor<[b, t, 64], f32>, %f: !relax.tensor<[64], f32>, %g: !relax.tensor<[1, t, 1], f32>) {
  %r0 = relax.greater_equal %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, i1>
  %r1 = relax.greater_equal %c, %d : (!relax.tensor<[n], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, i1>
  %r2 = relax.greater_equal %d, %c : (!relax.tensor<[1], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, i1>
  %r3 = relax.greater_equal %e, %f : (!relax.tensor<[b, t, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, i1>
  %r4 = relax.greater_equal %g, %e : (!relax.tensor<[1, t, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  %r5 = relax.greater_equal %a, %e : (!relax.tensor<[n, 1], f32>, !relax.tensor<[b, t, 64], f32>) -> !relax.tensor<*, i1>
  relax.return
}

// -----

// where broadcasts all three operands; the result has the element type of x and y.
// CHECK-LABEL: relax.func @where_static(
// CHECK-SAME: %[[C:arg0]]: !relax.tensor<[2, 3], i1>
// CHECK-SAME: %[[X:arg1]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[C2:arg3]]: !relax.tensor<[4, 1], i1>
// CHECK-SAME: %[[X2:arg4]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[Y2:arg5]]: !relax.tensor<[], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = where %[[C]], %[[X]], %[[Y]] : (!relax.tensor<[2, 3], i1>, !relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = where %[[C2]], %[[X2]], %[[Y2]] : (!relax.tensor<[4, 1], i1>, !relax.tensor<[3], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[4, 3], f32>
// CHECK-NEXT: return
relax.func @where_static(%c: !relax.tensor<[2, 3], i1>, %x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[2, 3], f32>, %c2: !relax.tensor<[4, 1], i1>, %x2: !relax.tensor<[3], f32>, %y2: !relax.tensor<[], f32>) {
  %r0 = relax.where %c, %x, %y : (!relax.tensor<[2, 3], i1>, !relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.where %c2, %x2, %y2 : (!relax.tensor<[4, 1], i1>, !relax.tensor<[3], f32>, !relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @where_symbolic(
// CHECK-SAME: %[[C:arg0]]: !relax.tensor<[b, t], i1>
// CHECK-SAME: %[[X:arg1]]: !relax.tensor<[b, t], f16>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[t], f16>
// CHECK-SAME: %[[P:arg3]]: !relax.tensor<[n], i1>
// CHECK-SAME: %[[Q:arg4]]: !relax.tensor<[m], i32>
// CHECK-SAME: %[[R:arg5]]: !relax.tensor<[n], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = where %[[C]], %[[X]], %[[Y]] : (!relax.tensor<[b, t], i1>, !relax.tensor<[b, t], f16>, !relax.tensor<[t], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.where: broadcast: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[R1:[0-9]+]] = where %[[P]], %[[Q]], %[[R]] : (!relax.tensor<[n], i1>, !relax.tensor<[m], i32>, !relax.tensor<[n], i32>) -> !relax.tensor<[n], i32>
// CHECK-NEXT: return
relax.func @where_symbolic(%c: !relax.tensor<[b, t], i1>, %x: !relax.tensor<[b, t], f16>, %y: !relax.tensor<[t], f16>, %p: !relax.tensor<[n], i1>, %q: !relax.tensor<[m], i32>, %r: !relax.tensor<[n], i32>) {
  %r0 = relax.where %c, %x, %y : (!relax.tensor<[b, t], i1>, !relax.tensor<[b, t], f16>, !relax.tensor<[t], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.where %p, %q, %r : (!relax.tensor<[n], i1>, !relax.tensor<[m], i32>, !relax.tensor<[n], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @where_mixed(
// CHECK-SAME: %[[C:arg0]]: !relax.tensor<[n, 1], i1>
// CHECK-SAME: %[[X:arg1]]: !relax.tensor<[4], f32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[1, 4], f32>
// CHECK-SAME: %[[C2:arg3]]: !relax.tensor<[b, t, 1], i1>
// CHECK-SAME: %[[X2:arg4]]: !relax.tensor<[t, 64], f32>
// CHECK-SAME: %[[Y2:arg5]]: !relax.tensor<[1], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = where %[[C]], %[[X]], %[[Y]] : (!relax.tensor<[n, 1], i1>, !relax.tensor<[4], f32>, !relax.tensor<[1, 4], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = where %[[C2]], %[[X2]], %[[Y2]] : (!relax.tensor<[b, t, 1], i1>, !relax.tensor<[t, 64], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<[b, t, 64], f32>
// CHECK-NEXT: return
relax.func @where_mixed(%c: !relax.tensor<[n, 1], i1>, %x: !relax.tensor<[4], f32>, %y: !relax.tensor<[1, 4], f32>, %c2: !relax.tensor<[b, t, 1], i1>, %x2: !relax.tensor<[t, 64], f32>, %y2: !relax.tensor<[1], f32>) {
  %r0 = relax.where %c, %x, %y : (!relax.tensor<[n, 1], i1>, !relax.tensor<[4], f32>, !relax.tensor<[1, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.where %c2, %x2, %y2 : (!relax.tensor<[b, t, 1], i1>, !relax.tensor<[t, 64], f32>, !relax.tensor<[1], f32>) -> !relax.tensor<*, f32>
  relax.return
}
