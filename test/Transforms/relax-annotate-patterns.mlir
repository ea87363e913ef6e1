// RUN: relax-opt %s --relax-annotate-patterns | FileCheck %s
// RUN: relax-opt %s --relax-annotate-patterns --test-relax-pattern-kinds -verify-diagnostics -o /dev/null

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
#tr = affine_map<(i, j) -> (j, i)>
#red = affine_map<(i, j) -> (i)>

// CHECK-LABEL: tprog.func @elementwise
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<elementwise>
tprog.func @elementwise(%a: tensor<4x8xf32>, %o: tensor<4x8xf32> {tprog.output}) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  tprog.return %r : tensor<4x8xf32>
}

// A fill followed by an elementwise op is still elementwise.
// CHECK-LABEL: tprog.func @fill
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<elementwise>
tprog.func @fill(%o: tensor<4x8xf32> {tprog.output}) -> tensor<4x8xf32> {
  %c = arith.constant 1.0 : f32
  %r = linalg.fill ins(%c : f32) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  tprog.return %r : tensor<4x8xf32>
}

// CHECK-LABEL: tprog.func @bias_add
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<broadcast>
tprog.func @bias_add(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %o: tensor<4x8xf32> {tprog.output}) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  tprog.return %r : tensor<4x8xf32>
}

// CHECK-LABEL: tprog.func @transpose
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<injective>
tprog.func @transpose(%a: tensor<8x4xf32>, %o: tensor<4x8xf32> {tprog.output}) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x4xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  tprog.return %r : tensor<4x8xf32>
}

// CHECK-LABEL: tprog.func @reshape
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<injective>
tprog.func @reshape(%a: tensor<32xf32>, %o: tensor<4x8xf32> {tprog.output}) -> tensor<4x8xf32> {
  %e = tensor.expand_shape %a [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %r = linalg.copy ins(%e : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  tprog.return %r : tensor<4x8xf32>
}

// CHECK-LABEL: tprog.func @row_sum
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<reduction>
tprog.func @row_sum(%a: tensor<4x8xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  tprog.return %r : tensor<4xf32>
}

// A contraction is output-elementwise-fusable, even after a fill.
// CHECK-LABEL: tprog.func @matmul
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<output_elementwise_fusable>
tprog.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %o: tensor<4x16xf32> {tprog.output}) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  tprog.return %r : tensor<4x16xf32>
}

// Loops the analysis cannot see through are opaque.
// CHECK-LABEL: tprog.func @loop
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<opaque>
tprog.func @loop(%a: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> tensor<4xf32> {
    %v = tensor.extract %a[%i] : tensor<4xf32>
    %n = tensor.insert %v into %acc[%i] : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  tprog.return %r : tensor<4xf32>
}

// A kind set by hand is kept.
// CHECK-LABEL: tprog.func @by_hand
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<injective>
tprog.func @by_hand(%a: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> attributes {relax.pattern_kind = #relax.pattern_kind<injective>} {
  tprog.return %a : tensor<4xf32>
}

// call_tir reports the kind recorded on its callee, like a high-level op.
relax.func @calls(%a: !relax.tensor<[4, 8], f32>, %b: !relax.tensor<[8], f32>, %w: !relax.tensor<[8, 16], f32>) {
  // expected-remark @+1 {{pattern kind: broadcast}}
  %0 = relax.call_tir @bias_add(%a, %b) : (!relax.tensor<[4, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[4, 8], f32>
  // expected-remark @+1 {{pattern kind: output_elementwise_fusable}}
  %1 = relax.call_tir @matmul(%a, %w) : (!relax.tensor<[4, 8], f32>, !relax.tensor<[8, 16], f32>) -> !relax.tensor<[4, 16], f32>
  // expected-remark @+1 {{pattern kind: elementwise}}
  %2 = relax.exp %a : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<[4, 8], f32>
  relax.return
}

// A gather through computed indices is injective.
// CHECK-LABEL: tprog.func @gather
// CHECK-SAME: relax.pattern_kind = #relax.pattern_kind<injective>
tprog.func @gather(%a: tensor<8xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%o : tensor<4xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 0 : index
    %c2 = arith.constant 2 : index
    %j = arith.muli %i, %c2 : index
    %v = tensor.extract %a[%j] : tensor<8xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  tprog.return %r : tensor<4xf32>
}
