// RUN: relax-opt %s -split-input-file --relax-sink-reshapes | FileCheck %s

// torch's addmm as an importer writes it: the rows of [b, s, 64] regrouped
// to [b * s, 64], the product, the bias, and back to [b, s, 256]. The
// reshapes move below the product and the add and cancel.

// CHECK-LABEL: relax.func @addmm
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[b, s, 64], f32>, %[[W:.*]]: !relax.tensor<[64, 256], f32>, %[[B:.*]]: !relax.tensor<[256], f32>)
// CHECK-NOT: reshape
// CHECK: %[[MM:.*]] = matmul %[[X]], %[[W]] : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
// CHECK: %[[ADD:.*]] = add %[[MM]], %[[B]] : (!relax.tensor<[b, s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b, s, 256], f32>
// CHECK-NOT: reshape
// CHECK: output %[[ADD]]
relax.func @addmm(%x: !relax.tensor<[b, s, 64], f32>, %w: !relax.tensor<[64, 256], f32>, %bias: !relax.tensor<[256], f32>) -> !relax.tensor<[b, s, 256], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, s, 256], f32> {
    %v = relax.reshape %x {shape = #sym.shape<[b * s, 64]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %mm = relax.matmul %v, %w : (!relax.tensor<[b * s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %add = relax.add %mm, %bias : (!relax.tensor<[b * s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %y = relax.reshape %add {shape = #sym.shape<[b, s, 256]>} : (!relax.tensor<[b * s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    relax.output %y : !relax.tensor<[b, s, 256], f32>
  }
  relax.return %r : !relax.tensor<[b, s, 256], f32>
}

// -----

// HF's GPT-2 MLP: two addmm with a GELU between, computed on [b, s, 256].
// Every reshape cancels; a value used twice (%h) is rewritten once.

// CHECK-LABEL: relax.func @mlp
// CHECK-NOT: reshape
// CHECK: %[[FC:.*]] = matmul %{{.*}}, %{{.*}} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
// CHECK: %[[H:.*]] = add %[[FC]], %{{.*}} : (!relax.tensor<[b, s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b, s, 256], f32>
// CHECK: %[[T:.*]] = tanh %[[H]]
// CHECK: %[[G:.*]] = multiply %[[H]], %[[T]]
// CHECK: %[[PROJ:.*]] = matmul %[[G]], %{{.*}} : (!relax.tensor<[b, s, 256], f32>, !relax.tensor<[256, 64], f32>) -> !relax.tensor<[b, s, 64], f32>
// CHECK: %[[OUT:.*]] = add %[[PROJ]], %{{.*}} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b, s, 64], f32>
// CHECK: %[[RES:.*]] = add %{{.*}}, %[[OUT]] : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b, s, 64], f32>
// CHECK-NOT: reshape
// CHECK: output %[[RES]]
relax.func @mlp(%x: !relax.tensor<[b, s, 64], f32>, %w1: !relax.tensor<[64, 256], f32>, %b1: !relax.tensor<[256], f32>, %w2: !relax.tensor<[256, 64], f32>, %b2: !relax.tensor<[64], f32>) -> !relax.tensor<[b, s, 64], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, s, 64], f32> {
    %v1 = relax.reshape %x {shape = #sym.shape<[b * s, 64]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %mm1 = relax.matmul %v1, %w1 : (!relax.tensor<[b * s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %add1 = relax.add %mm1, %b1 : (!relax.tensor<[b * s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %h = relax.reshape %add1 {shape = #sym.shape<[b, s, 256]>} : (!relax.tensor<[b * s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    %t = relax.tanh %h : (!relax.tensor<[b, s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    %g = relax.multiply %h, %t : (!relax.tensor<[b, s, 256], f32>, !relax.tensor<[b, s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    %v2 = relax.reshape %g {shape = #sym.shape<[b * s, 256]>} : (!relax.tensor<[b, s, 256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %mm2 = relax.matmul %v2, %w2 : (!relax.tensor<[b * s, 256], f32>, !relax.tensor<[256, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %add2 = relax.add %mm2, %b2 : (!relax.tensor<[b * s, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %o = relax.reshape %add2 {shape = #sym.shape<[b, s, 64]>} : (!relax.tensor<[b * s, 64], f32>) -> !relax.tensor<[b, s, 64], f32>
    %res = relax.add %x, %o : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b, s, 64], f32>
    relax.output %res : !relax.tensor<[b, s, 64], f32>
  }
  relax.return %r : !relax.tensor<[b, s, 64], f32>
}

// -----

// A reshape that splits the last dim (heads) does not regroup rows: it stays
// above the add.

// CHECK-LABEL: relax.func @split_last_dim
// CHECK: %[[MM:.*]] = matmul
// CHECK: %[[R:.*]] = reshape %[[MM]] {shape = #sym.shape<[n, 4, 16]>}
// CHECK: add %[[R]], %{{.*}} : (!relax.tensor<[n, 4, 16], f32>, !relax.tensor<[16], f32>)
relax.func @split_last_dim(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 64], f32>, %b: !relax.tensor<[16], f32>) -> !relax.tensor<[n, 4, 16], f32> {
  %mm = relax.matmul %x, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[n, 64], f32>
  %r = relax.reshape %mm {shape = #sym.shape<[n, 4, 16]>} : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 4, 16], f32>
  %y = relax.add %r, %b : (!relax.tensor<[n, 4, 16], f32>, !relax.tensor<[16], f32>) -> !relax.tensor<[n, 4, 16], f32>
  relax.return %y : !relax.tensor<[n, 4, 16], f32>
}

// -----

// An elementwise op on a reshaped argument has no producer to join: it stays
// below the reshape, next to the softmax it fuses with.

// CHECK-LABEL: relax.func @no_producer
// CHECK: %[[R:.*]] = reshape %arg0
// CHECK: %[[E:.*]] = exp %[[R]]
// CHECK: softmax %[[E]]
relax.func @no_producer(%x: !relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32> {
  %r = relax.reshape %x {shape = #sym.shape<[b * s, 64]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
  %e = relax.exp %r : (!relax.tensor<[b * s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
  %y = relax.softmax %e {axis = -1 : i64} : (!relax.tensor<[b * s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
  relax.return %y : !relax.tensor<[b * s, 64], f32>
}

// -----

// An operand of rank 2 that is not a reshape from the same shape would
// broadcast differently: nothing moves. Nor does a reshape below a product
// whose right operand is batched, or whose left operand is transposed.

// CHECK-LABEL: relax.func @not_rows
// CHECK: %[[R:.*]] = reshape %[[MM:.*]] {shape = #sym.shape<[b * s, 32]>}
// CHECK: add %[[R]], %arg2
// CHECK: %[[V:.*]] = reshape %arg0 {shape = #sym.shape<[b * s, 32]>}
// CHECK: matmul %[[V]], %arg3 {transpose_a = true}
relax.func @not_rows(%x: !relax.tensor<[b, s, 32], f32>, %w: !relax.tensor<[32, 32], f32>, %c: !relax.tensor<[b * s, 32], f32>, %y: !relax.tensor<[b * s, 8], f32>) -> (!relax.tensor<[b * s, 32], f32>, !relax.tensor<[32, 8], f32>) {
  %mm = relax.matmul %x, %w : (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[32, 32], f32>) -> !relax.tensor<[b, s, 32], f32>
  %r = relax.reshape %mm {shape = #sym.shape<[b * s, 32]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b * s, 32], f32>
  %a = relax.add %r, %c : (!relax.tensor<[b * s, 32], f32>, !relax.tensor<[b * s, 32], f32>) -> !relax.tensor<[b * s, 32], f32>
  %v = relax.reshape %x {shape = #sym.shape<[b * s, 32]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b * s, 32], f32>
  %t = relax.matmul %v, %y {transpose_a = true} : (!relax.tensor<[b * s, 32], f32>, !relax.tensor<[b * s, 8], f32>) -> !relax.tensor<[32, 8], f32>
  relax.return %a, %t : !relax.tensor<[b * s, 32], f32>, !relax.tensor<[32, 8], f32>
}

// -----

// Chains of reshapes fold; a reshape that another op still reads stays for
// it.

// CHECK-LABEL: relax.func @chains
// CHECK: %[[A:.*]] = reshape %arg0 {shape = #sym.shape<[2, n, 8]>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[2, n, 8], f32>
// CHECK: %[[B:.*]] = reshape %arg0 {shape = #sym.shape<[16 * n]>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[16 * n], f32>
// CHECK: return %arg0, %[[A]], %[[B]]
relax.func @chains(%x: !relax.tensor<[n, 16], f32>) -> (!relax.tensor<[n, 16], f32>, !relax.tensor<[2, n, 8], f32>, !relax.tensor<[16 * n], f32>) {
  %a = relax.reshape %x {shape = #sym.shape<[2, n, 8]>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[2, n, 8], f32>
  %back = relax.reshape %a {shape = #sym.shape<[n, 16]>} : (!relax.tensor<[2, n, 8], f32>) -> !relax.tensor<[n, 16], f32>
  %flat = relax.reshape %a {shape = #sym.shape<[16 * n]>} : (!relax.tensor<[2, n, 8], f32>) -> !relax.tensor<[16 * n], f32>
  relax.return %back, %a, %flat : !relax.tensor<[n, 16], f32>, !relax.tensor<[2, n, 8], f32>, !relax.tensor<[16 * n], f32>
}

// -----

// A split of the last dim whose parts are reshaped into heads becomes a
// split of the heads: the reshape is a view of the split's operand, and a
// part that is used whole is reshaped back.

// CHECK-LABEL: relax.func @split_heads
// CHECK: %[[H:.*]] = reshape %arg0 {shape = #sym.shape<[b, s, 6, 16]>} : (!relax.tensor<[b, s, 96], f32>) -> !relax.tensor<[b, s, 6, 16], f32>
// CHECK: %[[P:.*]]:3 = split %[[H]] {axis = 2 : i64, indices = #sym.shape<[2, 4]>} : (!relax.tensor<[b, s, 6, 16], f32>) -> (!relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>)
// CHECK: %[[V:.*]] = reshape %[[P]]#2 {shape = #sym.shape<[b, s, 32]>}
// CHECK: return %[[P]]#0, %[[P]]#1, %[[V]]
relax.func @split_heads(%qkv: !relax.tensor<[b, s, 96], f32>) -> (!relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 32], f32>) {
  %q, %k, %v = relax.split %qkv {axis = -1 : i64, sections = 3 : i64} : (!relax.tensor<[b, s, 96], f32>) -> (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[b, s, 32], f32>, !relax.tensor<[b, s, 32], f32>)
  %qh = relax.reshape %q {shape = #sym.shape<[b, s, 2, 16]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
  %kh = relax.reshape %k {shape = #sym.shape<[b, s, 2, 16]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
  relax.return %qh, %kh, %v : !relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, s, 32], f32>
}

// -----

// Parts that are not whole heads (40 is not a multiple of 12), or a split
// of another dim, stay.

// CHECK-LABEL: relax.func @split_not_heads
// CHECK: split %arg0 {axis = -1 : i64, indices = #sym.shape<[24]>}
// CHECK: split %arg1 {sections = 2 : i64}
relax.func @split_not_heads(%x: !relax.tensor<[n, 64], f32>, %y: !relax.tensor<[8, 64], f32>) -> (!relax.tensor<[n, 2, 12], f32>, !relax.tensor<[4, 4, 16], f32>) {
  %a, %b = relax.split %x {axis = -1 : i64, indices = #sym.shape<[24]>} : (!relax.tensor<[n, 64], f32>) -> (!relax.tensor<[n, 24], f32>, !relax.tensor<[n, 40], f32>)
  %ah = relax.reshape %a {shape = #sym.shape<[n, 2, 12]>} : (!relax.tensor<[n, 24], f32>) -> !relax.tensor<[n, 2, 12], f32>
  %c, %d = relax.split %y {axis = 0 : i64, sections = 2 : i64} : (!relax.tensor<[8, 64], f32>) -> (!relax.tensor<[4, 64], f32>, !relax.tensor<[4, 64], f32>)
  %ch = relax.reshape %c {shape = #sym.shape<[4, 4, 16]>} : (!relax.tensor<[4, 64], f32>) -> !relax.tensor<[4, 4, 16], f32>
  relax.return %ah, %ch : !relax.tensor<[n, 2, 12], f32>, !relax.tensor<[4, 4, 16], f32>
}
