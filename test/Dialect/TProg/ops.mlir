// RUN: relax-opt %s --verify-roundtrip | FileCheck %s
// RUN: relax-opt %s --mlir-print-op-generic | relax-opt | FileCheck %s
// RUN: relax-opt %s | relax-opt | FileCheck %s

// Round trip of tprog.func and tprog.return. Inside a tprog.func the
// `tprog.` prefix of nested ops is elided by the printer.

// CHECK-LABEL: tprog.func @one_destination
// CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>}, %[[B:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>}, %[[OUT:.*]]: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>, tprog.output}) -> tensor<?x4xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<?x4xf32>, tensor<?x4xf32>) outs(%[[OUT]] : tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: return %[[R]] : tensor<?x4xf32>
tprog.func @one_destination(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                            %b: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                            %out: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>, tprog.output})
    -> tensor<?x4xf32> {
  %r = linalg.add ins(%a, %b : tensor<?x4xf32>, tensor<?x4xf32>)
                  outs(%out : tensor<?x4xf32>) -> tensor<?x4xf32>
  tprog.return %r : tensor<?x4xf32>
}

// CHECK-LABEL: tprog.func @two_destinations
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf16> {sym.shape = #sym.shape<[m, k]>}, %[[O0:.*]]: tensor<?x?xf16> {sym.shape = #sym.shape<[m, k]>, tprog.output}, %[[O1:.*]]: tensor<?xf16> {sym.shape = #sym.shape<[m]>, tprog.output}) -> (tensor<?x?xf16>, tensor<?xf16>)
// CHECK: return %{{.*}}, %{{.*}} : tensor<?x?xf16>, tensor<?xf16>
tprog.func @two_destinations(%x: tensor<?x?xf16> {sym.shape = #sym.shape<[m, k]>},
                             %o0: tensor<?x?xf16> {sym.shape = #sym.shape<[m, k]>, tprog.output},
                             %o1: tensor<?xf16> {sym.shape = #sym.shape<[m]>, tprog.output})
    -> (tensor<?x?xf16>, tensor<?xf16>) {
  %c = linalg.copy ins(%x : tensor<?x?xf16>) outs(%o0 : tensor<?x?xf16>) -> tensor<?x?xf16>
  %z = arith.constant 0.0 : f16
  %f = linalg.fill ins(%z : f16) outs(%o1 : tensor<?xf16>) -> tensor<?xf16>
  tprog.return %c, %f : tensor<?x?xf16>, tensor<?xf16>
}

// Static shapes need no sym.shape.
// CHECK-LABEL: tprog.func @static
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[O:.*]]: tensor<2x3xf32> {tprog.output}) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[O]] : tensor<2x3xf32>
tprog.func @static(%x: tensor<2x3xf32>, %o: tensor<2x3xf32> {tprog.output}) -> tensor<2x3xf32> {
  tprog.return %o : tensor<2x3xf32>
}

// Expressions over bound variables, and non-shaped arguments.
// CHECK-LABEL: tprog.func @expr_dims
// CHECK-SAME: (%{{.*}}: tensor<?xf32> {sym.shape = #sym.shape<[n]>}, %{{.*}}: i64, %{{.*}}: tensor<?x3xf32> {sym.shape = #sym.shape<[2 * n + 1, 3]>, tprog.output}) -> tensor<?x3xf32>
tprog.func @expr_dims(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>}, %s: i64,
                      %o: tensor<?x3xf32> {sym.shape = #sym.shape<[n * 2 + 1, 3]>, tprog.output})
    -> tensor<?x3xf32> {
  tprog.return %o : tensor<?x3xf32>
}

// Memref destinations are written in place: no results.
// CHECK-LABEL: tprog.func @memref_form
// CHECK-SAME: (%[[A:.*]]: memref<?x4xf32> {sym.shape = #sym.shape<[n, 4]>}, %[[OUT:.*]]: memref<?x4xf32> {sym.shape = #sym.shape<[n, 4]>, tprog.output}) {
// CHECK-NEXT: linalg.copy ins(%[[A]] : memref<?x4xf32>) outs(%[[OUT]] : memref<?x4xf32>)
// CHECK-NEXT: return{{$}}
tprog.func @memref_form(%a: memref<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                        %out: memref<?x4xf32> {sym.shape = #sym.shape<[n, 4]>, tprog.output}) {
  linalg.copy ins(%a : memref<?x4xf32>) outs(%out : memref<?x4xf32>)
  tprog.return
}

// An input that the program overwrites is marked as a destination too
// (relax.call_tir_inplace).
// CHECK-LABEL: tprog.func @inplace
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output}, %[[Y:.*]]: tensor<?xf32> {sym.shape = #sym.shape<[n]>}) -> tensor<?xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.add ins(%[[X]], %[[Y]] : tensor<?xf32>, tensor<?xf32>) outs(%[[X]] : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: return %[[R]] : tensor<?xf32>
tprog.func @inplace(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output},
                    %y: tensor<?xf32> {sym.shape = #sym.shape<[n]>}) -> tensor<?xf32> {
  %r = linalg.add ins(%x, %y : tensor<?xf32>, tensor<?xf32>)
                  outs(%x : tensor<?xf32>) -> tensor<?xf32>
  tprog.return %r : tensor<?xf32>
}

// External declarations have no body.
// CHECK-LABEL: tprog.func private @ext(tensor<4xf32>, tensor<4xf32> {tprog.output}) -> tensor<4xf32>{{$}}
tprog.func private @ext(tensor<4xf32>, tensor<4xf32> {tprog.output}) -> tensor<4xf32>

// CHECK-LABEL: tprog.func private @ext_memref(memref<8xi32>, memref<8xi32> {tprog.output}){{$}}
tprog.func private @ext_memref(memref<8xi32>, memref<8xi32> {tprog.output})

// CHECK-LABEL: tprog.func private @external_dynamic
// CHECK-SAME: (tensor<?xf32> {sym.shape = #sym.shape<[n]>}, tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output}) -> tensor<?xf32>
tprog.func private @external_dynamic(tensor<?xf32> {sym.shape = #sym.shape<[n]>}, tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output}) -> tensor<?xf32>
