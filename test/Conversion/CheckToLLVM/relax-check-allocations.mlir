// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(relax-check-allocations))' | FileCheck %s

// A top-level allocation is followed by a check that its pointer is not
// null, unless its dynamic size is 0 (where malloc may give null); the
// message names its type and location.

// CHECK-LABEL: func.func @storage
//  CHECK-SAME:   (%[[N:.+]]: index)
//       CHECK:   %[[A:.+]] = memref.alloc(%[[N]]) : memref<?xi8>
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   %[[P:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK:   %[[NOTNULL:.+]] = arith.cmpi ne, %[[P]], %[[C0]]
//       CHECK:   %[[EMPTY:.+]] = arith.cmpi eq, %[[N]], %[[C0]]
//       CHECK:   %[[OK:.+]] = arith.ori %[[NOTNULL]], %[[EMPTY]]
//       CHECK:   cf.assert %[[OK]], "out of memory: cannot allocate memref<?xi8> at {{.*}}relax-check-allocations.mlir:[[# @LINE + 2]]:8"
func.func @storage(%n: index) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  return %a : memref<?xi8>
}

// -----

// A static allocation has no size operand to be 0; one of no elements, and
// one nested in a loop (where a failed check could not return), are not
// checked.

// CHECK-LABEL: func.func @static_and_nested
//       CHECK:   memref.alloc() : memref<1024xf32>
//       CHECK:   %[[P:.+]] = memref.extract_aligned_pointer_as_index
//       CHECK:   %[[OK:.+]] = arith.cmpi ne, %[[P]]
//       CHECK:   cf.assert %[[OK]], "out of memory: cannot allocate memref<1024xf32>
//       CHECK:   memref.alloc() : memref<0xf32>
//   CHECK-NOT:   cf.assert
//       CHECK:   scf.for
//       CHECK:     memref.alloc
//   CHECK-NOT:     cf.assert
func.func @static_and_nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<1024xf32>
  %e = memref.alloc() : memref<0xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  }
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %e : memref<0xf32>
  return
}
