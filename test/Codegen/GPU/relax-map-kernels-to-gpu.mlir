// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu=block-size=64 --canonicalize | FileCheck %s
// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu="block-size=64 vector-width=1" --canonicalize | FileCheck %s --check-prefix=SCALAR

// An elementwise kernel: its dims are collapsed into one, so that the
// threads of a block take consecutive elements; the grid is computed from
// the symbolic dims at run time, at most 65535 blocks, each thread striding
// over the grid while elements remain; the element's indices are recovered
// from the collapsed one, and the buffers are passed flat with their strides.

// CHECK-LABEL: func.func private @exp_kernel(
// CHECK-SAME:    %[[X:.*]]: memref<?x?xf32>, %[[Y:.*]]: memref<?x?xf32>) {
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 65535 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[COLS:.*]] = memref.dim %[[X]], %c1
// CHECK:         %[[N:.*]] = arith.muli %[[ROWS]], %[[COLS]]
// CHECK:         %[[TILES:.*]] = arith.ceildivui %[[N]], %[[C64]]
// CHECK:         %[[BLOCKS:.*]] = arith.minui %[[TILES]], %[[MAX]]
// CHECK:         %[[STRIDE:.*]] = arith.muli %[[BLOCKS]], %[[C64]]
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}:2, %[[XSTRIDES:.*]]:2 = memref.extract_strided_metadata %[[X]]
// CHECK:         %[[XFLAT:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x?xf32> to memref<?xf32>
// CHECK:         %[[YFLAT:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x?xf32> to memref<?xf32>
// CHECK:         gpu.launch blocks(%[[BX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[BLOCKS]], %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1) threads(%[[TX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[C64]], %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1)
// CHECK:           %[[BASE:.*]] = arith.muli %[[BX]], %[[C64]]
// CHECK:           %[[FIRST:.*]] = arith.addi %[[BASE]], %[[TX]]
// CHECK:           scf.for %[[I:.*]] = %[[FIRST]] to %[[N]] step %[[STRIDE]] {
// CHECK:             %[[COL:.*]] = arith.remsi %[[I]], %[[COLS]]
// CHECK:             %[[ROW:.*]] = arith.divsi %[[I]], %[[COLS]]
// CHECK:             %[[XROW:.*]] = arith.muli %[[ROW]], %[[XSTRIDES]]#0
// CHECK:             %[[XAT:.*]] = arith.addi %[[XROW]], %[[COL]]
// CHECK:             memref.load %[[XFLAT]][%[[XAT]]] : memref<?xf32>
// CHECK:             math.exp
// CHECK:             memref.store %{{.*}}, %[[YFLAT]][%{{.*}}] : memref<?xf32>
// CHECK:           gpu.terminator
// CHECK-NOT:     SCFToGPU_visited
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func private @exp_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A reduction to a scalar has no parallel dim: it runs on one thread of one
// block, the fill and the loop over the input together.

// CHECK-LABEL: func.func private @sum_kernel(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1) threads({{.*}}) in (%{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1)
// CHECK:           memref.store %cst
// CHECK:           scf.for
// CHECK:             arith.addf
// CHECK:           gpu.terminator
// CHECK-NOT:     gpu.launch
#id1 = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
func.func private @sum_kernel(%x: memref<?xf32>, %y: memref<f32>) attributes {relax_codegen.kernel} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<f32>)
  linalg.generic {indexing_maps = [#id1, #red], iterator_types = ["reduction"]} ins(%x : memref<?xf32>) outs(%y : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A scalar argument read at the top level (the value of a fill) and used
// both by a parallel loop and by a reduction to a scalar (serial code, on
// one thread) is read in each launch that uses it, not on the host.

// CHECK-LABEL: func.func private @fill_then_sum_kernel(
// CHECK-NOT:     memref.load
// CHECK:         gpu.launch
// CHECK:           memref.load
// CHECK:           memref.store
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             memref.load
// CHECK:             arith.mulf
#id1 = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
func.func private @fill_then_sum_kernel(%s: memref<f32>, %y: memref<f32>) attributes {relax_codegen.kernel} {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<6xf32>
  %v = memref.load %s[] : memref<f32>
  linalg.fill ins(%v : f32) outs(%t : memref<6xf32>)
  linalg.fill ins(%zero : f32) outs(%y : memref<f32>)
  linalg.generic {indexing_maps = [#id1, #red], iterator_types = ["reduction"]} ins(%t : memref<6xf32>) outs(%y : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %v : f32
    %a = arith.addf %out, %m : f32
    linalg.yield %a : f32
  }
  memref.dealloc %t : memref<6xf32>
  return
}

// -----

// Loads whose uses are at the top level too (a comparison of two scalars)
// stay where they are, in the serial code that runs on one thread.

// CHECK-LABEL: func.func private @compare_kernel(
// CHECK:         gpu.launch
// CHECK:           %[[A:.*]] = memref.load
// CHECK:           %[[B:.*]] = memref.load
// CHECK:           %[[R:.*]] = arith.cmpf ogt, %[[A]], %[[B]]
// CHECK:           memref.store %[[R]]
// CHECK:           gpu.terminator
#scalar = affine_map<() -> ()>
func.func private @compare_kernel(%x: memref<f32>, %c: memref<f32>, %y: memref<i1>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#scalar, #scalar, #scalar], iterator_types = []} ins(%x, %c : memref<f32>, memref<f32>) outs(%y : memref<i1>) {
  ^bb0(%a: f32, %b: f32, %out: i1):
    %r = arith.cmpf ogt, %a, %b : f32
    linalg.yield %r : i1
  }
  return
}

// -----

// A matmul in the generic schedule: one thread per output element (in a
// grid-stride loop), the reduction a sequential loop inside it.

// CHECK-LABEL: func.func private @matmul_kernel(
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:             scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK:               arith.mulf
// CHECK:               arith.addf
// CHECK:               memref.store
func.func private @matmul_kernel(%a: memref<?x8xf32>, %b: memref<8x?xf32>, %c: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  linalg.matmul ins(%a, %b : memref<?x8xf32>, memref<8x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// A sequential loop whose body has parallel loops stays on the host and
// launches them in each iteration; its temporary is device memory that the
// host allocates and frees.

// CHECK-LABEL: func.func private @copy_columns_kernel(
// CHECK:         scf.for %[[J:.*]] = %c0 to %c4 step %c1 {
// CHECK:           %[[TMP:.*]] = gpu.alloc
// CHECK:           gpu.launch
// CHECK:             memref.store
// CHECK:           gpu.launch
// CHECK:             memref.store
// CHECK:           gpu.dealloc %[[TMP]]
func.func private @copy_columns_kernel(%x: memref<?x4xf32>, %y: memref<?x4xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    %tmp = memref.alloc(%n) : memref<?x1xf32>
    %src = memref.subview %x[0, %j] [%n, 1] [1, 1] : memref<?x4xf32> to memref<?x1xf32, strided<[4, 1], offset: ?>>
    memref.copy %src, %tmp : memref<?x1xf32, strided<[4, 1], offset: ?>> to memref<?x1xf32>
    %dst = memref.subview %y[0, %j] [%n, 1] [1, 1] : memref<?x4xf32> to memref<?x1xf32, strided<[4, 1], offset: ?>>
    memref.copy %tmp, %dst : memref<?x1xf32> to memref<?x1xf32, strided<[4, 1], offset: ?>>
    memref.dealloc %tmp : memref<?x1xf32>
  }
  return
}

// -----

// A load through a selected buffer (a program that picks one of two inputs
// per element, as concatenations once did) becomes a branch with
// one load per buffer. A kernel cannot stop the program: a failing check
// inside it writes its number to a device word, which the host copies back
// after the launch and checks there with the check's message.

// CHECK-LABEL: func.func private @concat_kernel(
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[HOST:.*]] = memref.alloca() : memref<1xi32>
// CHECK:         memref.store %[[ZERO]], %[[HOST]][%{{.*}}] : memref<1xi32>
// CHECK:         %[[WORD:.*]] = gpu.alloc () : memref<1xi32>
// CHECK:         gpu.memcpy %[[WORD]], %[[HOST]]
// CHECK:         gpu.launch
// CHECK:           %[[SECOND:.*]] = arith.cmpi uge
// CHECK:           %{{.*}} = scf.if %[[SECOND]] -> (f32) {
// CHECK:             memref.load
// CHECK:             scf.yield
// CHECK:           } else {
// CHECK:             memref.load
// CHECK:             scf.yield
// CHECK:           }
// CHECK-NOT:       cf.assert
// CHECK:           %[[FAILED:.*]] = arith.cmpi uge
// CHECK:           scf.if %[[FAILED]] {
// CHECK:             memref.store %[[ONE]], %[[WORD]][%{{.*}}] : memref<1xi32>
// CHECK:           }
// CHECK-NOT:       arith.select %{{.*}} : memref
// CHECK:           gpu.terminator
// CHECK:         gpu.memcpy %[[HOST]], %[[WORD]]
// CHECK:         %[[GOT:.*]] = memref.load %[[HOST]]
// CHECK:         %[[PASSED:.*]] = arith.cmpi ne, %[[GOT]], %[[ONE]] : i32
// CHECK:         cf.assert %[[PASSED]], "index out of range"
// CHECK:         gpu.dealloc %[[WORD]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @concat_kernel(%a: memref<?x4xf32>, %b: memref<?x4xf32>, %y: memref<?x4xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?x4xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%y : memref<?x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %second = arith.cmpi uge, %i, %n : index
    %src = arith.select %second, %b, %a : memref<?x4xf32>
    %row = arith.select %second, %n, %c0 : index
    %k = arith.subi %i, %row : index
    %v = memref.load %src[%k, %j] : memref<?x4xf32>
    %inside = arith.cmpi ult, %k, %n : index
    cf.assert %inside, "index out of range"
    linalg.yield %v : f32
  }
  return
}

// -----

// Functions that are not kernels are left alone.

// CHECK-LABEL: func.func @host(
// CHECK-NOT:     gpu.launch
// CHECK:         linalg.fill
func.func @host(%y: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<4xf32>)
  return
}

// -----

// An elementwise op whose innermost dim is static and a multiple of 4, on
// buffers with identity layouts, computes 4 elements per iteration: vector
// loads and stores aligned to 16 bytes, an operand that does not read the
// innermost dim loaded once and broadcast, a constant of the body splat.
// The collapsed loop runs n * 16 iterations.

// CHECK-LABEL: func.func private @add_rows_kernel(
// CHECK-SAME:    %[[X:.*]]: memref<?x64xf32>, %[[S:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x64xf32>)
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[N:.*]] = arith.muli %[[ROWS]], %[[C16]]
// CHECK:         %[[XFLAT:.*]] = memref.reinterpret_cast %[[X]]
// CHECK:         %[[YFLAT:.*]] = memref.reinterpret_cast %[[Y]]
// CHECK:         gpu.launch
// CHECK:           scf.for %{{.*}} to %[[N]] step
// CHECK:             %[[V:.*]] = vector.load %[[XFLAT]][%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK:             %[[R:.*]] = memref.load %[[S]][%{{.*}}] : memref<?xf32>
// CHECK:             %[[RV:.*]] = vector.broadcast %[[R]] : f32 to vector<4xf32>
// CHECK:             %[[SUM:.*]] = arith.addf %[[V]], %[[RV]] : vector<4xf32>
// CHECK:             %[[HALF:.*]] = arith.mulf %[[SUM]], %{{.*}} : vector<4xf32>
// CHECK:             vector.store %[[HALF]], %[[YFLAT]][%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK:           gpu.terminator
// SCALAR-LABEL: func.func private @add_rows_kernel(
// SCALAR-NOT:     vector
// SCALAR:         memref.store
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @add_rows_kernel(%x: memref<?x64xf32>, %s: memref<?xf32>, %y: memref<?x64xf32>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %s : memref<?x64xf32>, memref<?xf32>) outs(%y : memref<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %half = arith.constant 0.5 : f32
    %sum = arith.addf %a, %b : f32
    %r = arith.mulf %sum, %half : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// No vectors where the innermost dim is not a multiple of 4, or a buffer is
// a strided view (its elements need not be 16-byte aligned).

// CHECK-LABEL: func.func private @odd_rows_kernel(
// CHECK-NOT:     vector
// CHECK:         memref.store
// CHECK-LABEL: func.func private @strided_kernel(
// CHECK-NOT:     vector
// CHECK:         memref.store
#rows2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @odd_rows_kernel(%x: memref<?x6xf32>, %y: memref<?x6xf32>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#rows2, #rows2], iterator_types = ["parallel", "parallel"]} ins(%x : memref<?x6xf32>) outs(%y : memref<?x6xf32>) {
  ^bb0(%a: f32, %out: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}
func.func private @strided_kernel(%x: memref<?x8xf32>, %y: memref<?x8xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x8xf32>
  %src = memref.subview %x[0, 0] [%n, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1]>>
  %dst = memref.subview %y[0, 4] [%n, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: 4>>
  linalg.generic {indexing_maps = [#rows2, #rows2], iterator_types = ["parallel", "parallel"]} ins(%src : memref<?x4xf32, strided<[8, 1]>>) outs(%dst : memref<?x4xf32, strided<[8, 1], offset: 4>>) {
  ^bb0(%a: f32, %out: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A constant the kernel reads is copied to the device for the call and
// freed at its end.

// CHECK-LABEL: func.func private @lookup_kernel(
// CHECK-SAME:    %[[I:.*]]: memref<4xindex>, %[[Y:.*]]: memref<4xf32>) {
// CHECK-DAG:     %[[G:.*]] = memref.get_global @table : memref<8xf32>
// CHECK-DAG:     %[[T:.*]] = gpu.alloc () : memref<8xf32>
// CHECK:         gpu.memcpy %[[T]], %[[G]]
// CHECK:         gpu.launch
// CHECK:           memref.load %[[T]]
// CHECK:         gpu.dealloc %[[T]]
// CHECK-NEXT:    return
memref.global "private" constant @table : memref<8xf32> = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]>
#id = affine_map<(d0) -> (d0)>
func.func private @lookup_kernel(%i: memref<4xindex>, %y: memref<4xf32>) attributes {relax_codegen.kernel} {
  %t = memref.get_global @table : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%i : memref<4xindex>) outs(%y : memref<4xf32>) {
  ^bb0(%k: index, %out: f32):
    %v = memref.load %t[%k] : memref<8xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// A constant of rank 2 is copied flat; the launch reads the device copy, not
// the host global.

// CHECK-LABEL: func.func private @table2d_kernel(
// CHECK-DAG:     %[[G:.*]] = memref.get_global @table2d : memref<2x4xf32>
// CHECK-DAG:     %[[T:.*]] = gpu.alloc () : memref<2x4xf32>
// CHECK-DAG:     %[[FLATT:.*]] = memref.reinterpret_cast %[[T]] to offset: [0], sizes: [8], strides: [1]
// CHECK-DAG:     %[[FLATG:.*]] = memref.reinterpret_cast %[[G]] to offset: [0], sizes: [8], strides: [1]
// CHECK:         gpu.memcpy %[[FLATT]], %[[FLATG]]
// CHECK:         gpu.launch
// CHECK:         gpu.dealloc %[[T]]
memref.global "private" constant @table2d : memref<2x4xf32> = dense<1.0>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @table2d_kernel(%y: memref<2x4xf32>) attributes {relax_codegen.kernel} {
  %t = memref.get_global @table2d : memref<2x4xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : memref<2x4xf32>) outs(%y : memref<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
