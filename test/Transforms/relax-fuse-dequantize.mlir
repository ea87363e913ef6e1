// RUN: relax-opt %s --split-input-file --relax-fuse | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-lift-transform-params | FileCheck %s --check-prefix=LIFT

// A matmul by dequantized weights is one kernel: the dequantize is fused
// into the product's loops (the weights' K seen as groups of 2 x 16), so
// the unpacked weights are never written anywhere, not even to a
// temporary of the kernel.
// CHECK-LABEL: tprog.func private @fused_dequantize_matmul
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<64x128xi8>, %[[D:[^:]*]]: tensor<64x8xf16>, %[[X:[^:]*]]: tensor<?x256xf32> {{.*}}, %[[OUT:[^:]*]]: tensor<?x64xf32> {{.*}}tprog.output})
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.collapse_shape
// CHECK-DAG: %[[QE:.*]] = tensor.expand_shape %[[Q]] {{.*}} into tensor<64x8x16xi8>
// CHECK-DAG: %[[XE:.*]] = tensor.expand_shape %[[X]] {{.*}} into tensor<?x8x2x16xf32>
// CHECK-DAG: %[[INIT:.*]] = linalg.fill {{.*}} outs(%[[OUT]] : tensor<?x64xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[XE]], %[[QE]], %[[D]] : tensor<?x8x2x16xf32>, tensor<64x8x16xi8>, tensor<64x8xf16>) outs(%[[INIT]] : tensor<?x64xf32>)
// CHECK: linalg.index 3
// CHECK: arith.shrui
// CHECK: arith.uitofp
// CHECK: math.fma
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[Y]]
// CHECK-LABEL: relax.func @matmul
// CHECK: call_tir @fused_dequantize_matmul
// CHECK-NOT: call_tir
// Packed weights stay packed: the lifting of weight-only work leaves the
// dequantize where it is.
// LIFT-NOT: transform_params
// LIFT-LABEL: relax.func @matmul(
// LIFT: dequantize
relax.func @matmul(%x: !relax.tensor<[m, 256], f32>, %q: !relax.tensor<[64, 128], i8> {relax.param_name = "w.q"}, %d: !relax.tensor<[64, 8], f16> {relax.param_name = "w.d"}) -> !relax.tensor<[m, 64], f32> {
  %r = relax.dataflow -> !relax.tensor<[m, 64], f32> {
    %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[64, 128], i8>, !relax.tensor<[64, 8], f16>) -> !relax.tensor<[64, 256], f32>
    %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[m, 256], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[m, 64], f32>
    relax.output %y : !relax.tensor<[m, 64], f32>
  }
  relax.return %r : !relax.tensor<[m, 64], f32>
}

// -----

// Weights that an embedding and the logits both read (tied): each gets its
// own dequantize. The lookup gathers packed rows and their scales and
// unpacks only those; the logits' product unpacks in its loops.
// CHECK-LABEL: tprog.func private @fused_take_take_dequantize(
// CHECK-SAME: %[[Q:[^:]*]]: tensor<100x32xi8>, %[[IDS:[^:]*]]: tensor<?xi32> {{.*}}, %[[D:[^:]*]]: tensor<100x2xf16>, %[[OUT:[^:]*]]: tensor<?x64xf32> {{.*}}tprog.output})
// CHECK-DAG: tensor.extract %[[Q]]
// CHECK-DAG: tensor.extract %[[D]]
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x2x2x16xf32>)
// CHECK: arith.shrui
// CHECK-LABEL: tprog.func private @fused_dequantize_matmul(
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-LABEL: relax.func @tied
// CHECK: call_tir @fused_take_take_dequantize
// CHECK: call_tir @fused_dequantize_matmul
// CHECK-NOT: call_tir
relax.func @tied(%ids: !relax.tensor<[s], i32>, %x: !relax.tensor<[s, 64], f32>, %q: !relax.tensor<[100, 32], i8>, %d: !relax.tensor<[100, 2], f16>) -> (!relax.tensor<[s, 64], f32>, !relax.tensor<[s, 100], f32>) {
  %r:2 = relax.dataflow -> !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 100], f32> {
    %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[100, 32], i8>, !relax.tensor<[100, 2], f16>) -> !relax.tensor<[100, 64], f32>
    %h = relax.take %w, %ids : (!relax.tensor<[100, 64], f32>, !relax.tensor<[s], i32>) -> !relax.tensor<[s, 64], f32>
    %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[s, 64], f32>, !relax.tensor<[100, 64], f32>) -> !relax.tensor<[s, 100], f32>
    relax.output %h, %y : !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 100], f32>
  }
  relax.return %r#0, %r#1 : !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 100], f32>
}

// -----

// f16 weights converted to f32 (q4f16_1 in an f32 model): the astype is
// part of the unpacking. Each reader gets the chain; the lookup gathers
// packed words and unpacks and converts the rows; the product unpacks and
// converts in its loops. No kernel of its own for either.
// CHECK-LABEL: tprog.func private @fused_take_take_dequantize_astype(
// CHECK-LABEL: tprog.func private @fused_dequantize_astype_matmul(
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: tensor<64x2x4xi32>, tensor<64x2xf16>
// CHECK: arith.mulf {{.*}} : f16
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK-LABEL: relax.func @converted
// CHECK: call_tir @fused_take_take_dequantize_astype
// CHECK: call_tir @fused_dequantize_astype_matmul
// CHECK-NOT: call_tir
relax.func @converted(%ids: !relax.tensor<[s], i32>, %x: !relax.tensor<[s, 64], f32>, %q: !relax.tensor<[64, 8], i32>, %d: !relax.tensor<[64, 2], f16>) -> (!relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) {
  %r:2 = relax.dataflow -> !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32> {
    %w16 = relax.dequantize %q, %d {format = #relax.quant_format<q4f16_1>} : (!relax.tensor<[64, 8], i32>, !relax.tensor<[64, 2], f16>) -> !relax.tensor<[64, 64], f16>
    %w = relax.astype %w16 {dtype = f32} : (!relax.tensor<[64, 64], f16>) -> !relax.tensor<[64, 64], f32>
    %h = relax.take %w, %ids : (!relax.tensor<[64, 64], f32>, !relax.tensor<[s], i32>) -> !relax.tensor<[s, 64], f32>
    %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[s, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[s, 64], f32>
    relax.output %h, %y : !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>
  }
  relax.return %r#0, %r#1 : !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>
}
