// RUN: relax-opt %s --pass-pipeline="builtin.module(func.func(relax-cpu-lower-strided-gathers), convert-vector-to-scf{full-unroll=true}, expand-strided-metadata, lower-affine, convert-scf-to-cf, finalize-memref-to-llvm, convert-vector-to-llvm, convert-arith-to-llvm, convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts)" \
// RUN:   | %mlir_runner -e main -entry-point-result=void -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
//
// Gathers from views that are not contiguous, at row-major positions as the
// vectorizer makes them, executed: every third element of a row, and every
// other row of a 6 x 5 table (whose elements are their own positions).

memref.global "private" constant @table : memref<6x5xf32> = dense<[
  [0., 1., 2., 3., 4.], [5., 6., 7., 8., 9.], [10., 11., 12., 13., 14.],
  [15., 16., 17., 18., 19.], [20., 21., 22., 23., 24.], [25., 26., 27., 28., 29.]]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %table = memref.get_global @table : memref<6x5xf32>
  %mask = arith.constant dense<[true, true, true, true, false]> : vector<5xi1>
  %pass = arith.constant dense<-1.0> : vector<5xf32>

  // Row 1, columns 0 and 3: [5, 8].
  %row = memref.subview %table[1, 0] [1, 2] [1, 3] : memref<6x5xf32> to memref<2xf32, strided<[3], offset: 5>>
  %i = arith.constant dense<[1, 0, 1, 0, 7]> : vector<5xi64>
  %g = vector.gather %row[%c0] [%i], %mask, %pass : memref<2xf32, strided<[3], offset: 5>>, vector<5xi64>, vector<5xi1>, vector<5xf32> into vector<5xf32>
  // CHECK: ( 8, 5, 8, 5, -1 )
  vector.print %g : vector<5xf32>

  // Rows 0, 2 and 4; from [1, 0], positions 0, 4, 5, 9 are [1, 0], [1, 4],
  // [2, 0], [2, 4] of the view.
  %rows = memref.subview %table[0, 0] [3, 5] [2, 1] : memref<6x5xf32> to memref<3x5xf32, strided<[10, 1]>>
  %j = arith.constant dense<[0, 4, 5, 9, 100]> : vector<5xindex>
  %h = vector.gather %rows[%c1, %c0] [%j], %mask, %pass : memref<3x5xf32, strided<[10, 1]>>, vector<5xindex>, vector<5xi1>, vector<5xf32> into vector<5xf32>
  // CHECK: ( 10, 14, 20, 24, -1 )
  vector.print %h : vector<5xf32>
  return
}
