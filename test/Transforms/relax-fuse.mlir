// RUN: relax-opt %s --split-input-file --relax-fuse | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-fuse="horizontal=0 prologue=0" | FileCheck %s --check-prefix=TVM
// RUN: relax-opt %s --split-input-file --relax-fuse --relax-fuse | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-fuse="sink-reshapes=0" | FileCheck %s --check-prefix=KEEP
// RUN: relax-opt %s --split-input-file --relax-fuse="injective-consumers=0" | FileCheck %s --check-prefix=APART

// An elementwise chain with a constant: one group, one loop nest; the
// constant stays apart and is passed in.
// CHECK-LABEL: tprog.func private @fused_exp_add_relu
// CHECK-SAME: (%{{.*}}: tensor<?x2xf32> {sym.shape = #sym.shape<[d0, 2]>}, %{{.*}}: tensor<2xf32>, %{{.*}}: tensor<?x2xf32> {sym.shape = #sym.shape<[d0, 2]>, tprog.output})
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<broadcast>
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK-LABEL: relax.func @chain
// CHECK: %[[C:.*]] = constant dense<1.000000e+00>
// CHECK-NEXT: call_tir @fused_exp_add_relu(%arg0, %[[C]])
// CHECK-NOT: call_tir
// TVM-LABEL: relax.func @chain
// TVM: call_tir @fused_exp_add_relu

// Elementwise chain with a constant.
relax.func @chain(%x: !relax.tensor<[n, 2], f32>) -> !relax.tensor<[n, 2], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 2], f32> {
    %c = relax.constant dense<1.0> : tensor<2xf32>
    %e = relax.exp %x : (!relax.tensor<[n, 2], f32>) -> !relax.tensor<[n, 2], f32>
    %a = relax.add %e, %c : (!relax.tensor<[n, 2], f32>, !relax.tensor<[2], f32>) -> !relax.tensor<[n, 2], f32>
    %y = relax.relu %a : (!relax.tensor<[n, 2], f32>) -> !relax.tensor<[n, 2], f32>
    relax.output %y : !relax.tensor<[n, 2], f32>
  }
  relax.return %r : !relax.tensor<[n, 2], f32>
}

// -----

// A diamond: the branches join their post-dominator.
// CHECK-LABEL: tprog.func private @fused_exp_sigmoid_tanh_add
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK-LABEL: relax.func @diamond
// CHECK: call_tir @fused_exp_sigmoid_tanh_add(%arg0)

relax.func @diamond(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %e = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %s = relax.sigmoid %e : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %t = relax.tanh %e : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %y = relax.add %s, %t : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %y : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}

// -----

// An anchor absorbs its elementwise epilogue; the bias and gelu become one
// loop nest after the contraction.
// CHECK-LABEL: tprog.func private @fused_matmul_add_gelu
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<output_elementwise_fusable>
// CHECK: linalg.contract
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: math.erf
// CHECK-NOT: linalg.generic
// CHECK-LABEL: relax.func @matmul_bias_gelu
// CHECK: call_tir @fused_matmul_add_gelu(%arg0, %arg1, %arg2)

relax.func @matmul_bias_gelu(%x: !relax.tensor<[n, 16], f32>, %w: !relax.tensor<[16, 8], f32>, %b: !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 8], f32> {
    %m = relax.matmul %x, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 8], f32>) -> !relax.tensor<[n, 8], f32>
    %a = relax.add %m, %b : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8], f32>
    %y = relax.gelu %a : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
    relax.output %y : !relax.tensor<[n, 8], f32>
  }
  relax.return %r : !relax.tensor<[n, 8], f32>
}

// -----

// An elementwise op joins the softmax (a reduction) it feeds.
// CHECK-LABEL: relax.func @scaled_softmax
// CHECK: call_tir @fused_multiply_softmax(%arg0, %arg1)

relax.func @scaled_softmax(%x: !relax.tensor<[n, 8], f32>, %s: !relax.tensor<[], f32>) -> !relax.tensor<[n, 8], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 8], f32> {
    %a = relax.multiply %x, %s : (!relax.tensor<[n, 8], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n, 8], f32>
    %y = relax.softmax %a : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
    relax.output %y : !relax.tensor<[n, 8], f32>
  }
  relax.return %r : !relax.tensor<[n, 8], f32>
}

// -----

// Prologue: the normalization joins the matmul it feeds; TVM's rules keep
// them apart.
// CHECK-LABEL: relax.func @norm_matmul
// CHECK: call_tir @fused_rms_norm_matmul(%arg0, %arg1, %arg2)
// TVM-LABEL: relax.func @norm_matmul
// TVM: rms_norm
// TVM: matmul

relax.func @norm_matmul(%x: !relax.tensor<[n, 16], f32>, %g: !relax.tensor<[16], f32>, %w: !relax.tensor<[16, 8], f32>) -> !relax.tensor<[n, 8], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 8], f32> {
    %h = relax.rms_norm %x, %g : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16], f32>) -> !relax.tensor<[n, 16], f32>
    %y = relax.matmul %h, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 8], f32>) -> !relax.tensor<[n, 8], f32>
    relax.output %y : !relax.tensor<[n, 8], f32>
  }
  relax.return %r : !relax.tensor<[n, 8], f32>
}

// -----

// Horizontal: three projections of one input are one program with three
// outputs.
// CHECK-LABEL: tprog.func private @fused_matmul_matmul_matmul
// CHECK-SAME: tprog.output
// CHECK-SAME: tprog.output
// CHECK-SAME: tprog.output
// CHECK-SAME: -> (tensor<?x16xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
// CHECK-LABEL: relax.func @qkv
// CHECK: %{{.*}}:3 = call_tir @fused_matmul_matmul_matmul(%arg0, %arg1, %arg2, %arg3)
// TVM-LABEL: relax.func @qkv
// TVM-COUNT-3: = matmul

relax.func @qkv(%x: !relax.tensor<[n, 16], f32>, %wq: !relax.tensor<[16, 16], f32>, %wk: !relax.tensor<[16, 4], f32>, %wv: !relax.tensor<[16, 4], f32>) -> (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) {
  %q, %k, %v = relax.dataflow -> !relax.tensor<[n, 16], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32> {
    %q = relax.matmul %x, %wq : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 16], f32>) -> !relax.tensor<[n, 16], f32>
    %k = relax.matmul %x, %wk : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %v = relax.matmul %x, %wv : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.output %q, %k, %v : !relax.tensor<[n, 16], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>
  }
  relax.return %q, %k, %v : !relax.tensor<[n, 16], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>
}

// -----

// conv2d + add + add with the conv's input shared by the residual add: one
// group, the shared input passed once.
// CHECK-LABEL: relax.func @conv_add_add
// CHECK: call_tir @fused_conv2d_add_add(%arg0, %arg1, %arg2) :
// CHECK-NOT: call_tir

relax.func @conv_add_add(%x: !relax.tensor<[n, 4, h, w], f32>, %k: !relax.tensor<[4, 4, 3, 3], f32>, %b: !relax.tensor<[4, 1, 1], f32>) -> !relax.tensor<[n, 4, h, w], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 4, h, w], f32> {
    %c = relax.conv2d %x, %k {padding = array<i64: 1, 1>} : (!relax.tensor<[n, 4, h, w], f32>, !relax.tensor<[4, 4, 3, 3], f32>) -> !relax.tensor<[n, 4, h, w], f32>
    %a = relax.add %c, %b : (!relax.tensor<[n, 4, h, w], f32>, !relax.tensor<[4, 1, 1], f32>) -> !relax.tensor<[n, 4, h, w], f32>
    %y = relax.add %a, %x : (!relax.tensor<[n, 4, h, w], f32>, !relax.tensor<[n, 4, h, w], f32>) -> !relax.tensor<[n, 4, h, w], f32>
    relax.output %y : !relax.tensor<[n, 4, h, w], f32>
  }
  relax.return %r : !relax.tensor<[n, 4, h, w], f32>
}

// -----

// A concat fed by a pool and a slice: the injective slice joins the concat;
// the pool (an anchor) does not, since the path to its post-dominator is not
// elementwise.
// CHECK-LABEL: relax.func @pool_slice_concat
// CHECK: %[[P:.*]] = max_pool2d %arg0
// CHECK: call_tir @fused_strided_slice_concat(%arg1, %[[P]])

relax.func @pool_slice_concat(%x: !relax.tensor<[n, 4, 8, 8], f32>, %z: !relax.tensor<[n, 4, 6, 4], f32>) -> !relax.tensor<[n, 4, 4, 8], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 4, 4, 8], f32> {
    %p = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (!relax.tensor<[n, 4, 8, 8], f32>) -> !relax.tensor<[n, 4, 4, 4], f32>
    %s = relax.strided_slice %z {axes = array<i64: 2>, begin = #sym.shape<[1]>, end = #sym.shape<[5]>} : (!relax.tensor<[n, 4, 6, 4], f32>) -> !relax.tensor<[n, 4, 4, 4], f32>
    %y = relax.concat %p, %s {axis = 3 : i64} : (!relax.tensor<[n, 4, 4, 4], f32>, !relax.tensor<[n, 4, 4, 4], f32>) -> !relax.tensor<[n, 4, 4, 8], f32>
    relax.output %y : !relax.tensor<[n, 4, 4, 8], f32>
  }
  relax.return %r : !relax.tensor<[n, 4, 4, 8], f32>
}

// -----

// Parallel injective branches joining in a concat.
// CHECK-LABEL: relax.func @injective_branches
// CHECK: call_tir @fused_permute_dims_exp_permute_dims_concat(%arg0)
// CHECK-NOT: call_tir

relax.func @injective_branches(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[4, 2 * n], f32> {
  %r = relax.dataflow -> !relax.tensor<[4, 2 * n], f32> {
    %t = relax.permute_dims %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[4, n], f32>
    %e = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %u = relax.permute_dims %e : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[4, n], f32>
    %y = relax.concat %t, %u {axis = 1 : i64} : (!relax.tensor<[4, n], f32>, !relax.tensor<[4, n], f32>) -> !relax.tensor<[4, 2 * n], f32>
    relax.output %y : !relax.tensor<[4, 2 * n], f32>
  }
  relax.return %r : !relax.tensor<[4, 2 * n], f32>
}

// -----

// `p` is a dim of no tensor the group reads: a symbolic argument.
// CHECK-LABEL: tprog.func private @fused_strided_slice_multiply
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x8xf32> {{.*}}, %[[P:[a-z0-9]+]]: index)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][%[[P]], 0]
// CHECK: linalg.generic {{.*}} ins(%[[S]], %{{.*}} : tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK-LABEL: relax.func @slice_symbolic
// CHECK: call_tir @fused_strided_slice_multiply(%arg0, %arg1) {sym_args = #sym.shape<[p]>}

relax.func @slice_symbolic(%table: !relax.tensor<[t, 8], f32>, %x: !relax.tensor<[s, 8], f32>, %shape: !relax.shape<[p]>) -> !relax.tensor<[s, 8], f32> attributes {sym.constraints = [#sym.range<p in [0, 16]>]} {
  %r = relax.dataflow -> !relax.tensor<[s, 8], f32> {
    %t = relax.strided_slice %table {axes = array<i64: 0>, begin = #sym.shape<[p]>, end = #sym.shape<[p + s]>} : (!relax.tensor<[t, 8], f32>) -> !relax.tensor<[s, 8], f32>
    %y = relax.multiply %t, %x : (!relax.tensor<[s, 8], f32>, !relax.tensor<[s, 8], f32>) -> !relax.tensor<[s, 8], f32>
    relax.output %y : !relax.tensor<[s, 8], f32>
  }
  relax.return %r : !relax.tensor<[s, 8], f32>
}

// -----

// exp and add would fuse, but a group never spans a match_cast.
// CHECK-LABEL: relax.func @match_cast_barrier
// CHECK: exp %arg0
// CHECK: match_cast
// CHECK: add
// CHECK-NOT: call_tir

relax.func @match_cast_barrier(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<*, f32>) -> !relax.tensor<[n], f32> {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %e = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %c = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[n], f32>
    %a = relax.add %e, %c : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %a : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}

// -----

// The matmul's [m, 4] result is not provably of the add's shape [n, 4]: the
// edge is a broadcast, which the anchor does not absorb.
// CHECK-LABEL: relax.func @unproven_broadcast
// CHECK: matmul
// CHECK: add
// CHECK-NOT: call_tir

relax.func @unproven_broadcast(%x: !relax.tensor<[m, 4], f32>, %w: !relax.tensor<[4, 4], f32>, %y: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 4], f32> {
    %a = relax.matmul %x, %w : (!relax.tensor<[m, 4], f32>, !relax.tensor<[4, 4], f32>) -> !relax.tensor<[m, 4], f32>
    %b = relax.add %a, %y : (!relax.tensor<[m, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.output %b : !relax.tensor<[n, 4], f32>
  }
  relax.return %r : !relax.tensor<[n, 4], f32>
}

// -----

// Programs written for dynamic shapes, called with static ones: the merged
// program is static. The two identical groups share it.
// CHECK-LABEL: tprog.func private @fused_scale_shift
// CHECK-SAME: (%{{.*}}: tensor<8x16xf32>, %{{.*}}: tensor<8x16xf32> {tprog.output}) -> tensor<8x16xf32>
// CHECK-NOT: tensor.cast
// CHECK-NOT: tensor.dim
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: tprog.func private @fused
// CHECK-LABEL: relax.func @static_calls
// CHECK: call_tir @fused_scale_shift(%arg0)
// CHECK: call_tir @fused_scale_shift(%arg1)

tprog.func @scale(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>},
                  %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output}) -> tensor<?x?xf32> {
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.mulf %a, %two : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  tprog.return %r : tensor<?x?xf32>
}
tprog.func @shift(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>},
                  %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output}) -> tensor<?x?xf32> {
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %one : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  tprog.return %r : tensor<?x?xf32>
}
relax.func @static_calls(%x: !relax.tensor<[8, 16], f32>, %y: !relax.tensor<[8, 16], f32>) -> (!relax.tensor<[8, 16], f32>, !relax.tensor<[8, 16], f32>) {
  %r:2 = relax.dataflow -> !relax.tensor<[8, 16], f32>, !relax.tensor<[8, 16], f32> {
    %a = relax.call_tir @scale(%x) : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[8, 16], f32>
    %b = relax.call_tir @shift(%a) : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[8, 16], f32>
    %c = relax.call_tir @scale(%y) : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[8, 16], f32>
    %d = relax.call_tir @shift(%c) : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[8, 16], f32>
    relax.output %b, %d : !relax.tensor<[8, 16], f32>, !relax.tensor<[8, 16], f32>
  }
  relax.return %r#0, %r#1 : !relax.tensor<[8, 16], f32>, !relax.tensor<[8, 16], f32>
}

// -----

// A group none of whose results is used (dead code in the region) is left
// unfused: its merged program would have no destination.
// CHECK-LABEL: relax.func @dead_chain
// CHECK-NOT: fused
// CHECK: return
relax.func @dead_chain(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 4], f32> {
    %a = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %b = relax.neg %a : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %c = relax.abs %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.output %c : !relax.tensor<[n, 4], f32>
  }
  relax.return %r : !relax.tensor<[n, 4], f32>
}

// -----

// An importer's addmm: the product of rows regrouped to [b * s, 64], the bias,
// back to [b, s, 256], then the GELU. The reshapes move below the product
// and cancel, so the bias and the GELU join the product's group. Without
// that, the reshape keeps the GELU in a kernel of its own.
// CHECK-LABEL: tprog.func private @fused_matmul_add_gelu_tanh
// CHECK-SAME: tensor<?x?x64xf32> {sym.shape = #sym.shape<[d0, d1, 64]>}
// CHECK-LABEL: relax.func @addmm_gelu
// CHECK-NOT: reshape
// CHECK: call_tir @fused_matmul_add_gelu_tanh(%arg0, %arg1, %arg2)
// CHECK-NOT: call_tir
// KEEP-LABEL: relax.func @addmm_gelu
// KEEP: %[[V:.*]] = reshape %arg0
// KEEP: %[[MM:.*]] = call_tir @fused_matmul_add(%[[V]], %arg1, %arg2)
// KEEP: %[[H:.*]] = reshape %[[MM]]
// KEEP: gelu_tanh %[[H]]
relax.func @addmm_gelu(%x: !relax.tensor<[b, s, 64], f32>, %w: !relax.tensor<[64, 256], f32>, %bias: !relax.tensor<[256], f32>) -> !relax.tensor<[b, s, 256], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, s, 256], f32> {
    %v = relax.reshape %x {shape = #sym.shape<[b * s, 64]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %mm = relax.matmul %v, %w : (!relax.tensor<[b * s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %add = relax.add %mm, %bias : (!relax.tensor<[b * s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %h = relax.reshape %add {shape = #sym.shape<[b, s, 256]>} : (!relax.tensor<[b * s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    %y = relax.gelu_tanh %h : (!relax.tensor<[b, s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    relax.output %y : !relax.tensor<[b, s, 256], f32>
  }
  relax.return %r : !relax.tensor<[b, s, 256], f32>
}

// -----

// An elementwise producer of a concatenation's input is fused into its copy:
// it computes its result into the input's slice of the destination (inserted
// back), and only the other input is copied.
// CHECK-LABEL: tprog.func private @fused_exp_concat
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32> {{.*}}, %[[PAST:.*]]: tensor<?x4xf32> {{.*}}, %[[OUT:.*]]: tensor<?x4xf32> {{.*}})
// CHECK: %[[HEAD:.*]] = tensor.extract_slice %[[OUT]][0, 0]
// CHECK: %[[COPY:.*]] = linalg.copy ins(%[[PAST]] : tensor<?x4xf32>) outs(%[[HEAD]] : tensor<?x4xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[COPY]] into %[[OUT]][0, 0]
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<?x4xf32>)
// CHECK: math.exp
// CHECK-NOT: linalg.copy
// CHECK: tensor.insert_slice %[[E]] into %[[R0]]
// CHECK-LABEL: relax.func @exp_concat
// CHECK: call_tir @fused_exp_concat(%arg0, %arg1)
relax.func @exp_concat(%x: !relax.tensor<[n, 4], f32>, %past: !relax.tensor<[p, 4], f32>) -> !relax.tensor<[p + n, 4], f32> {
  %r = relax.dataflow -> !relax.tensor<[p + n, 4], f32> {
    %e = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %c = relax.concat %past, %e {axis = 0 : i64} : (!relax.tensor<[p, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[p + n, 4], f32>
    relax.output %c : !relax.tensor<[p + n, 4], f32>
  }
  relax.return %r : !relax.tensor<[p + n, 4], f32>
}

// -----

// A split of q, k and v whose k and v are appended to a KV cache: its
// post-dominator is the attention, which injective ops cannot join, but the
// concatenations join the split's group. The new keys and values are
// copied from their slices of the input into their slices of the caches; q
// is a second output.
// CHECK-LABEL: tprog.func private @fused_split_concat_concat
// CHECK-SAME: (%[[HEADS:.*]]: tensor<?x?x6x16xf32> {{.*}}, %[[PK:.*]]: tensor<?x?x2x16xf32> {{.*}}, %[[PV:.*]]: tensor<?x?x2x16xf32> {{.*}}, %{{.*}}: tensor<?x?x2x16xf32> {{.*}}, %[[KEYS:.*]]: tensor<?x?x2x16xf32> {{.*}}, %[[VALUES:.*]]: tensor<?x?x2x16xf32> {{.*}})
// CHECK: %[[QS:.*]] = tensor.extract_slice %[[HEADS]][0, 0, 0, 0]
// CHECK: %[[Q:.*]] = linalg.copy ins(%[[QS]] : tensor<?x?x2x16xf32>)
// CHECK: %[[KS:.*]] = tensor.extract_slice %[[HEADS]][0, 0, 2, 0]
// CHECK: %[[VS:.*]] = tensor.extract_slice %[[HEADS]][0, 0, 4, 0]
// CHECK: linalg.copy ins(%[[PK]] : tensor<?x?x2x16xf32>)
// CHECK: %[[K0:.*]] = tensor.insert_slice %{{.*}} into %[[KEYS]]
// CHECK: %[[K:.*]] = linalg.copy ins(%[[KS]] : tensor<?x?x2x16xf32>)
// CHECK: %[[K1:.*]] = tensor.insert_slice %[[K]] into %[[K0]]
// CHECK: linalg.copy ins(%[[PV]] : tensor<?x?x2x16xf32>)
// CHECK: %[[V0:.*]] = tensor.insert_slice %{{.*}} into %[[VALUES]]
// CHECK: %[[V:.*]] = linalg.copy ins(%[[VS]] : tensor<?x?x2x16xf32>)
// CHECK: %[[V1:.*]] = tensor.insert_slice %[[V]] into %[[V0]]
// CHECK: return %[[Q]], %[[K1]], %[[V1]]
// CHECK-LABEL: relax.func @kv_append
// CHECK: %[[H:.*]] = reshape %arg0 {shape = #sym.shape<[b, s, 6, 16]>}
// CHECK: %[[R:.*]]:3 = call_tir @fused_split_concat_concat(%[[H]], %arg1, %arg2)
// CHECK: attention %[[R]]#0, %[[R]]#1, %[[R]]#2
// APART-LABEL: relax.func @kv_append
// APART: split
// APART: concat
// APART: concat
relax.func @kv_append(%qkv: !relax.tensor<[b, s, 96], f32>, %pk: !relax.tensor<[b, p, 2, 16], f32>, %pv: !relax.tensor<[b, p, 2, 16], f32>) -> !relax.tensor<[b, s, 2, 16], f32> {
  %r = relax.dataflow -> !relax.tensor<[b, s, 2, 16], f32> {
    %q, %k, %v = relax.split %qkv {axis = -1 : i64, sections = 3 : i64} : (!relax.tensor<[b, s, 96], f32>) -> (!relax.tensor<[b, s, 32], f32>, !relax.tensor<[b, s, 32], f32>, !relax.tensor<[b, s, 32], f32>)
    %qh = relax.reshape %q {shape = #sym.shape<[b, s, 2, 16]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
    %kh = relax.reshape %k {shape = #sym.shape<[b, s, 2, 16]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
    %vh = relax.reshape %v {shape = #sym.shape<[b, s, 2, 16]>} : (!relax.tensor<[b, s, 32], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
    %keys = relax.concat %pk, %kh {axis = 1 : i64} : (!relax.tensor<[b, p, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>) -> !relax.tensor<[b, p + s, 2, 16], f32>
    %values = relax.concat %pv, %vh {axis = 1 : i64} : (!relax.tensor<[b, p, 2, 16], f32>, !relax.tensor<[b, s, 2, 16], f32>) -> !relax.tensor<[b, p + s, 2, 16], f32>
    %o = relax.attention %qh, %keys, %values {causal = true} : (!relax.tensor<[b, s, 2, 16], f32>, !relax.tensor<[b, p + s, 2, 16], f32>, !relax.tensor<[b, p + s, 2, 16], f32>) -> !relax.tensor<[b, s, 2, 16], f32>
    relax.output %o : !relax.tensor<[b, s, 2, 16], f32>
  }
  relax.return %r : !relax.tensor<[b, s, 2, 16], f32>
}

// -----

// Two horizontal groups (the products reading %x, the products reading
// %y) where an epilogue joins the first group to a result of the second
// (%b feeds %le) while the second needs a result of the first (%s feeds
// %t): merged, they would need each other (once, the call of the second
// group came before the first's and took a value defined after it). The
// second pair stays apart, each op before or after the first group as its
// values need.

// CHECK-LABEL: relax.func @horizontal_groups_in_a_cycle
// CHECK:         %[[B:.*]] = matmul %arg2, %arg0
// CHECK:         %[[F:.*]]:2 = call_tir @fused_matmul_matmul_less_equal_where(%{{.*}}, %{{.*}}, %{{.*}}, %[[B]], %{{.*}})
// CHECK:         matmul %arg2, %[[F]]#0 {transpose_a = true, transpose_b = true}
relax.func @horizontal_groups_in_a_cycle(%w: !relax.tensor<[16, 5], f32>, %x: !relax.tensor<[n, 16], f32>, %y: !relax.tensor<[n, 16], f32>, %c: !relax.tensor<[1], f32>) -> (!relax.tensor<[16, n], f32>, !relax.tensor<[n, 5], f32>) {
  %t_, %r_ = relax.dataflow -> !relax.tensor<[16, n], f32>, !relax.tensor<[n, 5], f32> {
    %a = relax.matmul %x, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 5], f32>) -> !relax.tensor<[n, 5], f32>
    %s = relax.matmul %x, %y {transpose_b = true} : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, n], f32>
    %b = relax.matmul %y, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 5], f32>) -> !relax.tensor<[n, 5], f32>
    %t = relax.matmul %y, %s {transpose_a = true, transpose_b = true} : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, n], f32>) -> !relax.tensor<[16, n], f32>
    %le = relax.less_equal %b, %a : (!relax.tensor<[n, 5], f32>, !relax.tensor<[n, 5], f32>) -> !relax.tensor<[n, 5], i1>
    %r = relax.where %le, %c, %b : (!relax.tensor<[n, 5], i1>, !relax.tensor<[1], f32>, !relax.tensor<[n, 5], f32>) -> !relax.tensor<[n, 5], f32>
    relax.output %t, %r : !relax.tensor<[16, n], f32>, !relax.tensor<[n, 5], f32>
  }
  relax.return %t_, %r_ : !relax.tensor<[16, n], f32>, !relax.tensor<[n, 5], f32>
}
