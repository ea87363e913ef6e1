// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=skylake-avx512}))" | FileCheck %s --check-prefix=CHOOSE
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=skylake-avx512 vector-width=8 contraction-tile=4,16}))" | FileCheck %s --check-prefix=OPTIONS
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=znver3}))" | FileCheck %s --check-prefix=AVX2
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=skylake-avx512 reduction-blocks=0}))" | FileCheck %s --check-prefix=NOBLOCK
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=znver3 dot-tile=3,2}))" | FileCheck %s --check-prefix=DOTTILE
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512},canonicalize,cse))" | FileCheck %s --check-prefix=APPLY
// RUN: not relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{cpu=pentium9}))" 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: error: unknown cpu 'pentium9'

// Size options are bounded, and checked once, before any function: an error
// is one line that names the option.
// RUN: not relax-opt %s --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{vector-width=100000000}))" 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: error: vector-width must be in [1, 64] (or 0: from the target), not 100000000
// WIDE-NOT: error
// RUN: not relax-opt %s --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{contraction-tile=100000000,4}))" 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: error: contraction-tile takes two sizes in [1, 32]
// TILE-NOT: error
// RUN: not relax-opt %s --pass-pipeline="builtin.module(func.func(relax-cpu-select-lowering-config{dot-tile=2}))" 2>&1 | FileCheck %s --check-prefix=DOT
// DOT: error: dot-tile takes two sizes in [1, 32]
// DOT-NOT: error

// Choosing records the schedule: 16 lanes along the innermost loop, or an
// 8 x 32 register tile with peeled rows for a row-major contraction.

// CHOOSE-LABEL: func.func @chosen
// CHOOSE: linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>}
// CHOOSE: linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>}
// AVX2-LABEL: func.func @chosen
// AVX2: linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8]>}
// AVX2: linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [6, 16, 1], order = [2, 1, 0], peeled = 0, kind = contraction>}
// OPTIONS-LABEL: func.func @chosen
// OPTIONS: linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8]>}
// OPTIONS: linalg.matmul {{.*}}<tiles = [4, 16, 1]

func.func @chosen(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> (tensor<?x?xf32>, tensor<?x128xf32>) {
  %e = linalg.exp ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %e, %m : tensor<?x?xf32>, tensor<?x128xf32>
}

// -----

// A dot-product tile whose operand rows are longer than half of L1 holds
// (32 KiB on both targets: 4 + 4 rows of 16 lanes on skylake-avx512, 2 + 4
// of 8 on znver3) blocks its reduction: 2048 by 512, the largest multiple
// of the vector width that divides it and fits; a reduction of 256 fits
// whole.

// CHOOSE-LABEL: func.func @chosen_reduction_block
// CHOOSE: cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>
// CHOOSE: cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot>}
// AVX2-LABEL: func.func @chosen_reduction_block
// AVX2: cpu_config<tiles = [2, 4, 8], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>
// AVX2: cpu_config<tiles = [2, 4, 8], order = [2, 1, 0], peeled = 0, kind = dot>}
// NOBLOCK-LABEL: func.func @chosen_reduction_block
// NOBLOCK: cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot>}
// NOBLOCK: cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot>}
func.func @chosen_reduction_block(%a: tensor<?x2048xf32>, %b: tensor<128x2048xf32>, %c: tensor<?x128xf32>, %d: tensor<?x256xf32>, %e: tensor<128x256xf32>) -> (tensor<?x128xf32>, tensor<?x128xf32>) {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x2048xf32>, tensor<128x2048xf32>) outs(%c : tensor<?x128xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%d, %e : tensor<?x256xf32>, tensor<128x256xf32>) outs(%c : tensor<?x128xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %r, %q : tensor<?x128xf32>, tensor<?x128xf32>
}

// -----

// A matmul by a transposed matrix gets a dot-product register tile: 4 x 4
// elements of 16 lanes of partial sums, rows peeled.

// CHOOSE-LABEL: func.func @chosen_transposed
// CHOOSE: linalg.generic {{.*}} attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot>}
// AVX2-LABEL: func.func @chosen_transposed
// AVX2: cpu_config<tiles = [2, 4, 8], order = [2, 1, 0], peeled = 0, kind = dot>
// OPTIONS-LABEL: func.func @chosen_transposed
// OPTIONS: <tiles = [4, 4, 8]
func.func @chosen_transposed(%a: tensor<?x64xf32>, %b: tensor<128x64xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x64xf32>, tensor<128x64xf32>) outs(%c : tensor<?x128xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

// -----

// A product whose body unpacks its weights (a q4_0 dequantize fused into a
// matmul: packed bytes [n, g, i], scales [n, g], the nibble a loop of its
// own) gets the dot-product tile too, 16 lanes (8 on AVX2) along the
// innermost reduction and 1 along the group and nibble loops; the group of
// 16 bytes bounds the lanes. A generic reduction that unpacks nothing
// keeps the default.

// CHOOSE-LABEL: func.func @unpacking_dot
// CHOOSE: linalg.generic {{.*}} attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 1, 1, 16], order = [2, 3, 4, 1, 0], peeled = 0, kind = dot>}
// CHOOSE: linalg.generic {{.*}} attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 1, 1, 1, 16]>}
// AVX2-LABEL: func.func @unpacking_dot
// AVX2: cpu_config<tiles = [2, 4, 1, 1, 8], order = [2, 3, 4, 1, 0], peeled = 0, kind = dot>
// OPTIONS-LABEL: func.func @unpacking_dot
// OPTIONS: <tiles = [4, 4, 1, 1, 8]
#x = affine_map<(m, n, g, h, i) -> (m, g, h, i)>
#q = affine_map<(m, n, g, h, i) -> (n, g, i)>
#d = affine_map<(m, n, g, h, i) -> (n, g)>
#y = affine_map<(m, n, g, h, i) -> (m, n)>
func.func @unpacking_dot(%x: tensor<?x8x2x16xf32>, %q: tensor<64x8x16xi8>, %d: tensor<64x8xf16>, %xf: tensor<?x8x2x16xf32>, %qf: tensor<64x8x16xf32>, %c: tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %r = linalg.generic {indexing_maps = [#x, #q, #d, #y], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %q, %d : tensor<?x8x2x16xf32>, tensor<64x8x16xi8>, tensor<64x8xf16>) outs(%c : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: i8, %s: f16, %acc: f32):
    %h = linalg.index 3 : index
    %w = arith.extui %b : i8 to i32
    %h32 = arith.index_castui %h : index to i32
    %c4 = arith.constant 4 : i32
    %sh = arith.muli %h32, %c4 : i32
    %n = arith.shrui %w, %sh : i32
    %c15 = arith.constant 15 : i32
    %lo = arith.andi %n, %c15 : i32
    %f = arith.sitofp %lo : i32 to f32
    %s32 = arith.extf %s : f16 to f32
    %v = arith.mulf %f, %s32 : f32
    %p = arith.mulf %a, %v : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  } -> tensor<?x64xf32>
  %r2 = linalg.generic {indexing_maps = [#x, #q, #d, #y], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%xf, %qf, %d : tensor<?x8x2x16xf32>, tensor<64x8x16xf32>, tensor<64x8xf16>) outs(%c : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %s: f16, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  } -> tensor<?x64xf32>
  return %r, %r2 : tensor<?x64xf32>, tensor<?x64xf32>
}

// -----

// A convolution (a windowed input, `2 * w + k`) gets a windowed tile: 16
// lanes along the output's width, 8 output channels (peeled), 1 along the
// rest; its reduction loops step one at a time.

// CHOOSE-LABEL: func.func @conv1d_stride2
// CHOOSE: relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8, 16, 1, 1], peeled = 1, kind = windowed>
// AVX2-LABEL: func.func @conv1d_stride2
// AVX2: cpu_config<tiles = [1, 6, 8, 1, 1], peeled = 1, kind = windowed>
// OPTIONS-LABEL: func.func @conv1d_stride2
// OPTIONS: <tiles = [1, 4, 8, 1, 1]
func.func @conv1d_stride2(%x: tensor<?x6x?xf32>, %w: tensor<12x6x3xf32>, %init: tensor<?x12x?xf32>) -> tensor<?x12x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, f, w, c, k) -> (n, c, w * 2 + k)>, affine_map<(n, f, w, c, k) -> (f, c, k)>, affine_map<(n, f, w, c, k) -> (n, f, w)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<?x6x?xf32>, tensor<12x6x3xf32>) outs(%init : tensor<?x12x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x12x?xf32>
  return %r : tensor<?x12x?xf32>
}

// -----

// Applying follows a recorded schedule, here written by hand: 4 lanes.

// APPLY-LABEL: func.func @applied
// APPLY: scf.forall {{.*}} step (1, 4)
// APPLY: vector.transfer_read {{.*}} vector<1x4xf32>
// APPLY-NOT: relax_codegen.lowering_config
func.func @applied(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4]>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// A product by packed panels ([n / p, k, p], the output's columns split into
// the panel and the column within it): a contraction tile of the panel's
// columns, one panel at a time, and the largest power of two of the
// contraction tile's rows (4 of AVX2's 6), or the rows the options give. A
// product by a transposed matrix gets the dot tile the options give.

// CHOOSE-LABEL: func.func @packed
// CHOOSE: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 1, 16, 1], order = [1, 3, 2, 0], peeled = 0, kind = contraction>
// AVX2-LABEL: func.func @packed
// AVX2: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 1, 16, 1], order = [1, 3, 2, 0], peeled = 0, kind = contraction>
// AVX2: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [2, 4, 8], order = [2, 1, 0], peeled = 0, kind = dot>
// OPTIONS-LABEL: func.func @packed
// OPTIONS: linalg.contract {{.*}}<tiles = [4, 1, 16, 1]
// DOTTILE-LABEL: func.func @packed
// DOTTILE: linalg.contract {{.*}}<tiles = [4, 1, 16, 1]
// DOTTILE: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [3, 2, 8], order = [2, 1, 0], peeled = 0, kind = dot>
func.func @packed(%a: tensor<?x64xf32>, %b: tensor<8x64x16xf32>, %c: tensor<?x8x16xf32>, %t: tensor<128x64xf32>, %d: tensor<?x128xf32>) -> (tensor<?x8x16xf32>, tensor<?x128xf32>) {
  %p = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%a, %b : tensor<?x64xf32>, tensor<8x64x16xf32>) outs(%c : tensor<?x8x16xf32>) -> tensor<?x8x16xf32>
  %m = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %t : tensor<?x64xf32>, tensor<128x64xf32>) outs(%d : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %p, %m : tensor<?x8x16xf32>, tensor<?x128xf32>
}

// -----

// Attention's product by the values, as legalized: output [b, s, h, g, d]
// with the group g of query heads that share a key head (here 1) inside the
// heads h. The rows of the register tile are the queries s, the innermost
// output dim of more than one element that is neither a column nor a batch
// dim; not the group, which a row tile would not fill.

// CHOOSE-LABEL: func.func @values_by_group
// CHOOSE: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 1, 1, 8, 32, 1], order = [0, 1, 2, 5, 4, 3], peeled = 3, kind = contraction>
// AVX2-LABEL: func.func @values_by_group
// AVX2: linalg.contract {{.*}}relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 1, 1, 6, 16, 1], order = [0, 1, 2, 5, 4, 3], peeled = 3, kind = contraction>
func.func @values_by_group(%p: tensor<?x12x1x?x?xf32>, %v: tensor<?x?x12x64xf32>, %o: tensor<?x?x12x1x64xf32>) -> tensor<?x?x12x1x64xf32> {
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d1, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2, d4)>] ins(%p, %v : tensor<?x12x1x?x?xf32>, tensor<?x?x12x64xf32>) outs(%o : tensor<?x?x12x1x64xf32>) -> tensor<?x?x12x1x64xf32>
  return %r : tensor<?x?x12x1x64xf32>
}
