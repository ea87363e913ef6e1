// RUN: relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config))" | FileCheck %s
// RUN: relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config{force=generic}))" | FileCheck %s --check-prefix=GENERIC
// RUN: relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config{workgroup-size=64}))" | FileCheck %s --check-prefix=SMALL
// RUN: relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config{workgroup-size=96}))" | FileCheck %s --check-prefix=ODD
// RUN: not relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config{force=fast}))" 2>&1 | FileCheck %s --check-prefix=FORCE
// RUN: not relax-opt %s -split-input-file --pass-pipeline="builtin.module(any(relax-gpu-select-lowering-config{workgroup-size=0}))" 2>&1 | FileCheck %s --check-prefix=SIZE
// FORCE: error: unknown GPU schedule 'fast'
// SIZE: error: workgroup-size must be in [1, 1024], not 0

// Row reductions (softmax's max and sum of exponentials): the innermost loop
// is the only reduction, with a max or add combiner; an elementwise op stays
// generic.

// CHECK-LABEL: func.func private @softmax_kernel
// CHECK:         linalg.fill
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>
// CHECK:         linalg.generic
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>
// CHECK:           arith.maximumf
// CHECK:         linalg.generic
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>
// GENERIC-LABEL: func.func private @softmax_kernel
// GENERIC-NOT:     "row_reduction"
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @softmax_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %m: memref<?xf32>, %s: memref<?xf32>) attributes {relax_codegen.kernel} {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<?xf32>)
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%m : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<?x?xf32>, memref<?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%in: f32, %max: f32, %out: f32):
    %0 = arith.subf %in, %max : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#map, #row, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %m, %s : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%in: f32, %max: f32, %sum: f32, %out: f32):
    %0 = arith.subf %in, %max : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %sum : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// A reduction along a short static dim keeps one thread per output; one
// along a column (not the innermost loop) is not a row reduction.

// CHECK-LABEL: func.func private @short_and_column_kernel
// CHECK:         linalg.generic
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>
// CHECK:         linalg.generic
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#colmap = affine_map<(d0, d1) -> (d1, d0)>
func.func private @short_and_column_kernel(%x: memref<?x8xf32>, %r: memref<?xf32>, %c: memref<?x?xf32>, %cr: memref<?xf32>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x8xf32>) outs(%r : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["reduction", "parallel"]} ins(%c : memref<?x?xf32>) outs(%cr : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Contractions: a matmul of symbolic rows is tiled; one with a single row
// (a decode step) or no row dim at all (a vector times a matrix) is a GEMV;
// a batch matmul is tiled. A matrix times a vector has no column dim: each
// output is a row reduction.

// CHECK-LABEL: func.func private @contraction_kernel
// CHECK:         linalg.matmul
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>
// CHECK:         linalg.matmul
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>
// CHECK:         linalg.vecmat
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>
// CHECK:         linalg.matvec
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>
// CHECK:         linalg.batch_matmul
// CHECK-SAME:      relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>

// The tiles follow the workgroup: 64 threads are 4 x 16 over a tile. 96
// threads are 6 x 16, and 6 rows of threads do not divide the tile's 64: the
// matmuls fall back to the generic schedule, while the GEMV's 32 columns
// take 3 slices of threads.
// SMALL-LABEL: func.func private @contraction_kernel
// SMALL:         linalg.matmul
// SMALL-SAME:      #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 64, tile = [64, 64, 16], threads = [4, 16]>
// SMALL:         linalg.matmul
// SMALL-SAME:      #relax_codegen.gpu_config<schedule = gemv, workgroup = 64, tile = [32]>
// ODD-LABEL: func.func private @contraction_kernel
// ODD:         linalg.matmul
// ODD-SAME:      #relax_codegen.gpu_config<schedule = generic, workgroup = 96>
// ODD:         linalg.matmul
// ODD-SAME:      #relax_codegen.gpu_config<schedule = gemv, workgroup = 96, tile = [32]>
// ODD:         linalg.matvec
// ODD-SAME:      #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 96>
// ODD:         linalg.batch_matmul
// ODD-SAME:      #relax_codegen.gpu_config<schedule = generic, workgroup = 96>
// GENERIC-LABEL: func.func private @contraction_kernel
// GENERIC-COUNT-5: relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>
func.func private @contraction_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %a1: memref<1x?xf32>, %c1: memref<1x?xf32>, %v: memref<?xf32>, %mv: memref<?xf32>, %ba: memref<?x?x?xf32>, %bb: memref<?x?x?xf32>, %bc: memref<?x?x?xf32>) attributes {relax_codegen.kernel} {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a1, %b : memref<1x?xf32>, memref<?x?xf32>) outs(%c1 : memref<1x?xf32>)
  linalg.vecmat ins(%v, %b : memref<?xf32>, memref<?x?xf32>) outs(%mv : memref<?xf32>)
  linalg.matvec ins(%a, %v : memref<?x?xf32>, memref<?xf32>) outs(%mv : memref<?xf32>)
  linalg.batch_matmul ins(%ba, %bb : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%bc : memref<?x?x?xf32>)
  return
}

// -----

// On tensors, as the GPU pipeline chooses before bufferization, and in a
// tensor program.

// CHECK-LABEL: tprog.func private @matmul_on_tensors
// CHECK:         linalg.matmul
// CHECK-SAME:      #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>
// CHECK:         linalg.matmul
// CHECK-SAME:      #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>
tprog.func private @matmul_on_tensors(%a: tensor<?x64xf32> {sym.shape = #sym.shape<[d0, 64]>}, %b: tensor<64x128xf32>, %v: tensor<1x64xf32>, %c: tensor<?x128xf32> {sym.shape = #sym.shape<[d0, 128]>, tprog.output}, %d: tensor<1x128xf32> {tprog.output}) -> (tensor<?x128xf32>, tensor<1x128xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  %s = linalg.matmul ins(%v, %b : tensor<1x64xf32>, tensor<64x128xf32>) outs(%d : tensor<1x128xf32>) -> tensor<1x128xf32>
  tprog.return %r, %s : tensor<?x128xf32>, tensor<1x128xf32>
}

// -----

// A config already recorded (by hand, or a tuner) is kept.

// CHECK-LABEL: func.func private @recorded_kernel
// CHECK:         linalg.matmul
// CHECK-SAME:      #relax_codegen.gpu_config<schedule = generic, workgroup = 32>
func.func private @recorded_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 32>} ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
