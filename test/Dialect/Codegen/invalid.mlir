// RUN: relax-opt %s --split-input-file --verify-diagnostics

func.func @wrong_loops(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' has 1 tiles for 2 loops}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4]>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @not_positive(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{tiles must be positive, one per loop}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 0]>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @not_contraction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' schedules a contraction, but the op is not one}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = contraction>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @dot_not_contraction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' schedules a dot-product contraction, but the op is neither a contraction over one reduction dim nor a generic whose innermost loop is a reduction}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = dot>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// A generic whose innermost loop is parallel has no dot-product tile.
func.func @dot_generic_parallel_innermost(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' schedules a dot-product contraction, but the op is neither a contraction over one reduction dim nor a generic whose innermost loop is a reduction}}
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"], relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = dot>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %e : tensor<?xf32>
}

// -----

func.func @windowed_without_reduction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' schedules a windowed contraction, but the op is not one (an op with inputs and reduction loops)}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = windowed>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @bad_order(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{order must be a permutation of the 2 loops}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], order = [0, 0]>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @peeled_out_of_range(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{peeled dim 2 is not one of the 2 loops}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], peeled = 2>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @peeled_reduction(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' peels 1, which is not a parallel loop}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], peeled = 1>} {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @unknown_kind(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{expected a CPU tile kind (none, contraction, dot, windowed), got 'fast'}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = fast>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @unknown_gpu_schedule(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{expected one of [generic, row_reduction, tiled_matmul, gemv] for How a GPU kernel op is mapped onto blocks and threads, got: fast}}
  // expected-error @below {{failed to parse RelaxCodegen_GPULoweringConfigAttr parameter 'schedule'}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = fast, workgroup = 64>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @big_workgroup(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{workgroup must be in [1, 1024], not 2048}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 2048>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @tiles_of_generic(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{schedule 'row_reduction' takes 0 tiles and 0 thread dims, not 1 and 0}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64, tile = [4]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @matmul_without_threads(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{schedule 'tiled_matmul' takes 3 tiles and 2 thread dims, not 3 and 0}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 64, tile = [64, 64, 16]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @negative_tile(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{tiles and threads must be positive}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 64, tile = [-32]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @gemv_columns(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{workgroup 48 is not a multiple of the 32 columns of a block}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 48, tile = [32]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @matmul_threads(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{threads 8 x 16 are not the workgroup's 256}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [8, 16]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @matmul_tile(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{tile 64 x 64 is not a multiple of the threads 6 x 16}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 96, tile = [64, 64, 16], threads = [6, 16]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

func.func @matmul_chunks(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error @below {{the chunks of A and B (128 and 128 elements) are not multiples of the workgroup 256}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [16, 16, 8], threads = [16, 16]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

// expected-error @below {{'relax_codegen.lowering_config' must be a #relax_codegen.cpu_config or a #relax_codegen.gpu_config, got 1 : i64}}
func.func @not_a_config() attributes {relax_codegen.lowering_config = 1 : i64} {
  return
}

// -----

// expected-error @below {{'relax_codegen.lowering_config' is only valid on linalg ops}}
func.func @config_on_func() attributes {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4]>} {
  return
}

// -----

func.func @vector_sizes_per_loop(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax_codegen.vector_sizes' must give a linalg op one positive size per loop}}
  %e = linalg.exp {relax_codegen.vector_sizes = array<i64: 4>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// expected-error @below {{vector_bits must be a power of two of at least 32, got 100}}
func.func @bad_target() attributes {t = #relax_codegen.cpu_target<cpu = "x", isa = avx2, vector_bits = 100, vector_registers = 16, fma = true, l1d = 32768, l2 = 524288>} {
  return
}

// -----

// expected-error @below {{vector_registers must be positive}}
func.func @no_registers() attributes {t = #relax_codegen.cpu_target<cpu = "x", isa = avx2, vector_bits = 256, vector_registers = 0, fma = true, l1d = 32768, l2 = 524288>} {
  return
}

// -----

// expected-error @below {{unknown relax_codegen dialect attribute 'relax_codegen.tiles'}}
func.func @unknown_attribute() attributes {relax_codegen.tiles = 1 : i64} {
  return
}

// -----

func.func @negative_reduction_block(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{reduction_block must not be negative}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4], kind = dot, reduction_block = -16>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @reduction_block_of_contraction_tile(%a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  // expected-error @below {{reduction_block blocks a dot tile only}}
  %m = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], kind = contraction, reduction_block = 32>} ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %m : tensor<?x128xf32>
}

// -----

func.func @reduction_block_not_whole_tiles(%a: tensor<?x2048xf32>, %b: tensor<128x2048xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' has a reduction_block of 520, which is not a multiple of its reduction tile 16}}
  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x2048xf32>, tensor<128x2048xf32>) outs(%c : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], kind = dot, reduction_block = 520>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %m : tensor<?x128xf32>
}

// -----

func.func @reduction_block_of_unpacking_generic(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below {{'relax_codegen.lowering_config' blocks the reduction of a contraction only}}
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16], kind = dot, reduction_block = 64>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %e : tensor<?xf32>
}
