// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s

// dequantize becomes one elementwise generic over the weights seen in
// groups, every operand read along loops alone: q4_0 as [n, G, 2, 16]
// (the nibble from linalg.index, its byte at [n, g, i], shifted in 32
// bits; (q - 8) * d as fma(q, d, -8 * d), the same bits), q8_0 as
// [n, G, 32], q4f16_1 as [n, G, 4, 8] (the word at [n, g, w]); the scale
// per group; the result a collapsed view of the destination's expansion.

// CHECK-DAG: #[[Q4DATA:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[Q4SCALE:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: tprog.func private @dequantize
// CHECK-SAME: (%[[Q:.*]]: tensor<?x64xi8> {{.*}}, %[[D:.*]]: tensor<?x4xf16> {{.*}}, %[[OUT:.*]]: tensor<?x128xf32> {{.*}}tprog.output})
// CHECK-DAG: %[[QE:.*]] = tensor.expand_shape %[[Q]] {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 4, 16] : tensor<?x64xi8> into tensor<?x4x16xi8>
// CHECK-DAG: %[[OE:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0], [1, 2, 3]] output_shape [%{{.*}}, 4, 2, 16] : tensor<?x128xf32> into tensor<?x4x2x16xf32>
// CHECK: %[[W:.*]] = linalg.generic {indexing_maps = [#[[Q4DATA]], #[[Q4SCALE]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[QE]], %[[D]] : tensor<?x4x16xi8>, tensor<?x4xf16>) outs(%[[OE]] : tensor<?x4x2x16xf32>)
// CHECK: ^bb0(%[[BYTE:.*]]: i8, %[[SCALE:.*]]: f16, %{{.*}}: f32):
// CHECK: %[[WIDE:.*]] = arith.extui %[[BYTE]] : i8 to i32
// CHECK: %[[NIB:.*]] = linalg.index 2 : index
// CHECK: %[[NIB32:.*]] = arith.index_castui %[[NIB]] : index to i32
// CHECK: %[[SHIFT:.*]] = arith.muli %[[NIB32]], %{{.*}} : i32
// CHECK: %[[SHR:.*]] = arith.shrui %[[WIDE]], %[[SHIFT]] : i32
// CHECK: %[[LOW:.*]] = arith.andi %[[SHR]], %{{.*}} : i32
// CHECK: %[[S32:.*]] = arith.extf %[[SCALE]] : f16 to f32
// CHECK: %[[M8:.*]] = arith.constant -8.000000e+00 : f32
// CHECK: %[[F:.*]] = arith.uitofp %[[LOW]] : i32 to f32
// CHECK: %[[OFFSET:.*]] = arith.mulf %[[M8]], %[[S32]] : f32
// CHECK: math.fma %[[F]], %[[S32]], %[[OFFSET]] : f32
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<?x4x2x16xf32> into tensor<?x128xf32>
// CHECK: return %[[R]]
// CHECK-LABEL: relax.func @q4_0
// CHECK: call_tir @dequantize
relax.func @q4_0(%q: !relax.tensor<[n, 64], i8>, %d: !relax.tensor<[n, 4], f16>) -> !relax.tensor<[n, 128], f32> {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[n, 64], i8>, !relax.tensor<[n, 4], f16>) -> !relax.tensor<[n, 128], f32>
  relax.return %w : !relax.tensor<[n, 128], f32>
}

// -----

// CHECK-LABEL: tprog.func private @dequantize
// CHECK: tensor.expand_shape %{{.*}} output_shape [2, 3, 2, 32] : tensor<2x3x64xi8> into tensor<2x3x2x32xi8>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x3x2x32xi8>, tensor<2x3x2xf16>) outs(%{{.*}} : tensor<2x3x2x32xf32>)
// CHECK-NOT: linalg.index
// CHECK: ^bb0(%[[Q:.*]]: i8, %[[D:.*]]: f16, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.extf %[[D]] : f16 to f32
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[Q]] : i8 to f32
// CHECK-NEXT: arith.mulf %[[F]], %[[S]] : f32
relax.func @q8_0(%q: !relax.tensor<[2, 3, 64], i8>, %d: !relax.tensor<[2, 3, 2], f16>) -> !relax.tensor<[2, 3, 64], f32> {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q8_0>} : (!relax.tensor<[2, 3, 64], i8>, !relax.tensor<[2, 3, 2], f16>) -> !relax.tensor<[2, 3, 64], f32>
  relax.return %w : !relax.tensor<[2, 3, 64], f32>
}

// -----

// CHECK-DAG: #[[WORD:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: tprog.func private @dequantize
// CHECK: linalg.generic {indexing_maps = [#[[WORD]], {{.*}} ins(%{{.*}}, %{{.*}} : tensor<3x2x4xi32>, tensor<3x2xf16>) outs(%{{.*}} : tensor<3x2x4x8xf16>)
// CHECK: ^bb0(%[[WORDV:.*]]: i32, %[[D:.*]]: f16, %{{.*}}: f16):
// CHECK: linalg.index 3 : index
// CHECK: arith.shrui %[[WORDV]], %{{.*}} : i32
// CHECK: %[[C:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// CHECK: %[[F:.*]] = arith.sitofp %[[C]] : i32 to f16
// CHECK: arith.mulf %[[F]], %[[D]] : f16
relax.func @q4f16_1(%q: !relax.tensor<[3, 8], i32>, %d: !relax.tensor<[3, 2], f16>) -> !relax.tensor<[3, 64], f16> {
  %w = relax.dequantize %q, %d {format = #relax.quant_format<q4f16_1>} : (!relax.tensor<[3, 8], i32>, !relax.tensor<[3, 2], f16>) -> !relax.tensor<[3, 64], f16>
  relax.return %w : !relax.tensor<[3, 64], f16>
}
