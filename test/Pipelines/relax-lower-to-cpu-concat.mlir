// RUN: relax-opt %s --relax-lower-to-cpu="to-llvm=0" | FileCheck %s

// A KV cache's update: the new keys, rotated, are appended to the past keys.
// The rotation is fused into its copy into the concatenation, so it writes
// each vector straight into the result's slice after the past rows: the
// kernel holds no buffer of its own and is passed no scratch. The past rows
// are copied into the slice before it, a row of 64 floats per tile.

// CHECK-LABEL: func.func private @fused_rotary_embedding_concat_kernel(
// CHECK-SAME:    %[[X:[^:]*]]: memref<?x?x2x64xf32>
// CHECK-SAME:    %[[PAST:[^:]*]]: memref<?x?x2x64xf32>
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?x?x2x64xf32> {sym.shape = #sym.shape<[d0, d3, 2, 64]>})
// CHECK-NOT:     memref.alloc
// CHECK:         %[[P:.*]] = memref.dim %[[PAST]], %c1
// CHECK:         %[[HEAD:.*]] = memref.subview %[[OUT]][0, 0, 0, 0]
// CHECK:         scf.forall
// CHECK:           memref.subview %[[HEAD]]
// CHECK:           memref.copy
// CHECK:         %[[TAIL:.*]] = memref.subview %[[OUT]][0, %[[P]], 0, 0]
// CHECK:         scf.forall
// CHECK:           %[[T:.*]] = memref.subview %[[TAIL]]
// CHECK:           vector.gather
// CHECK:           vector.transfer_write %{{.*}}, %[[T]]
// CHECK-NOT:     memref.alloc
// CHECK:         return
relax.func @main(%k: !relax.tensor<[b, s, 2, 64], f32>, %past: !relax.tensor<[b, p, 2, 64], f32>,
                 %cos: !relax.tensor<[s, 64], f32>, %sin: !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, p + s, 2, 64], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, p + s, 2, 64], f32> {
    %kr = relax.rotary_embedding %k, %cos, %sin : (!relax.tensor<[b, s, 2, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, s, 2, 64], f32>
    %keys = relax.concat %past, %kr {axis = 1 : i64} : (!relax.tensor<[b, p, 2, 64], f32>, !relax.tensor<[b, s, 2, 64], f32>) -> !relax.tensor<[b, p + s, 2, 64], f32>
    relax.output %keys : !relax.tensor<[b, p + s, 2, 64], f32>
  }
  relax.return %r : !relax.tensor<[b, p + s, 2, 64], f32>
}
