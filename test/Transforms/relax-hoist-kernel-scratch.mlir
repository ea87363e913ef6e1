// RUN: relax-opt %s -split-input-file --relax-hoist-kernel-scratch | FileCheck %s

// Each of a kernel's top-level allocations becomes a view of a scratch
// destination of its own, after its other destinations; each call allocates
// each scratch at the byte size the kernel's sizes give with the call's
// dims, and kills it after the call.

// CHECK-LABEL: func.func private @norm_kernel(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: memref<?x512xf32>, %[[Y:[a-z0-9]+]]: memref<?x512xf32>, %[[S:[a-z0-9]+]]: memref<?xi8>, %[[S2:[a-z0-9]+]]: memref<?xi8>)
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[T:.*]] = memref.view %[[S]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x512xf32>
// CHECK:         %[[STATS:.*]] = memref.view %[[S2]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK:         linalg.copy ins(%[[X]] : memref<?x512xf32>) outs(%[[T]] : memref<?x512xf32>)
// CHECK:         linalg.copy ins(%[[T]] : memref<?x512xf32>) outs(%[[Y]] : memref<?x512xf32>)
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func private @norm_kernel(%x: memref<?x512xf32>, %y: memref<?x512xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x512xf32>
  %t = memref.alloc(%n) {alignment = 64 : i64} : memref<?x512xf32>
  %stats = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  linalg.copy ins(%x : memref<?x512xf32>) outs(%t : memref<?x512xf32>)
  linalg.copy ins(%t : memref<?x512xf32>) outs(%y : memref<?x512xf32>)
  memref.dealloc %t : memref<?x512xf32>
  memref.dealloc %stats : memref<?xf32>
  return
}

// CHECK-LABEL: relax.func @main(
// CHECK:         %[[T0:.*]] = alloc_tensor %[[S0:.*]][0] : <[2048 * n], i8>
// CHECK:         %[[SS0:.*]] = alloc_storage size(4 * n)
// CHECK:         %[[TS0:.*]] = alloc_tensor %[[SS0]][0] : <[4 * n], i8>
// CHECK:         call_tir_dps @norm_kernel(%{{.*}} : !relax.tensor<[n, 512], f32>) outs(%{{.*}}, %[[T0]], %[[TS0]] : !relax.tensor<[n, 512], f32>, !relax.tensor<[2048 * n], i8>, !relax.tensor<[4 * n], i8>)
// CHECK-NEXT:    kill_tensor %[[T0]]
// CHECK-NEXT:    kill_storage %[[S0]]
// CHECK-NEXT:    kill_tensor %[[TS0]]
// CHECK-NEXT:    kill_storage %[[SS0]]
// CHECK:         %[[T1:.*]] = alloc_tensor %{{.*}}[0] : <[65536], i8>
// CHECK:         %[[SS1:.*]] = alloc_storage size(128)
// CHECK:         %[[TS1:.*]] = alloc_tensor %[[SS1]][0] : <[128], i8>
// CHECK:         call_tir_dps @norm_kernel(%{{.*}} : !relax.tensor<[32, 512], f32>) outs(%{{.*}}, %[[T1]], %[[TS1]] : !relax.tensor<[32, 512], f32>, !relax.tensor<[65536], i8>, !relax.tensor<[128], i8>)
relax.func @main(%a: !relax.tensor<[n, 512], f32>, %c: !relax.tensor<[32, 512], f32>) -> !relax.tensor<[n, 512], f32> {
  %s = relax.alloc_storage size(2048 * n)
  %b = relax.alloc_tensor %s[0] : !relax.tensor<[n, 512], f32>
  relax.call_tir_dps @norm_kernel(%a : !relax.tensor<[n, 512], f32>) outs(%b : !relax.tensor<[n, 512], f32>)
  %s2 = relax.alloc_storage size(65536)
  %d = relax.alloc_tensor %s2[0] : !relax.tensor<[32, 512], f32>
  relax.call_tir_dps @norm_kernel(%c : !relax.tensor<[32, 512], f32>) outs(%d : !relax.tensor<[32, 512], f32>)
  relax.kill_tensor %d : !relax.tensor<[32, 512], f32>
  relax.kill_storage %s2
  relax.return %b : !relax.tensor<[n, 512], f32>
}

// -----

// Sizes follow reshapes of an allocation, symbolic arguments (after the
// scratch destinations, which go before them) and index arithmetic.

// CHECK-LABEL: func.func private @reshaped_kernel(
// CHECK-SAME:    %{{.*}}: memref<?x8xf32>, %{{.*}}: memref<?xf32>, %[[S:[a-z0-9]+]]: memref<?xi8>, %[[S2:[a-z0-9]+]]: memref<?xi8>, %{{.*}}: index)
// CHECK:         memref.view %[[S]]
// CHECK:         memref.view %[[S2]]
// CHECK-NOT:     memref.alloc
func.func private @reshaped_kernel(%x: memref<?x8xf32>, %y: memref<?xf32>, %k: index) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?x8xf32>
  %m = arith.addi %k, %c2 : index
  %t = memref.alloc(%n, %m) : memref<?x?xf32>
  %e = memref.collapse_shape %t [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %l = memref.dim %e, %c0 : memref<?xf32>
  %u = memref.alloc(%l) : memref<?xi32>
  linalg.copy ins(%e : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// CHECK-LABEL: relax.func @main(
// CHECK:         alloc_storage size(4 * n * q + 8 * n)
// CHECK:         alloc_storage size(4 * n * q + 8 * n)
// CHECK:         call_tir_dps @reshaped_kernel({{.*}}) {sym_args = #sym.shape<[q]>}
relax.func @main(%a: !relax.tensor<[n, 8], f32>, %b: !relax.tensor<[n * (q + 2)], f32>, %q: !relax.tensor<[q], f32>) {
  relax.call_tir_dps @reshaped_kernel(%a : !relax.tensor<[n, 8], f32>) outs(%b : !relax.tensor<[n * (q + 2)], f32>) {sym_args = #sym.shape<[q]>}
  relax.return
}

// -----

// Left alone: an allocation aligned beyond the scratch's 64 bytes, one in
// a parallel loop (each thread needs its own), one whose size is read from
// memory (the others still move), and every allocation of a kernel that something
// else than a relax.call_tir_dps calls.

// CHECK-LABEL: func.func private @loop_kernel(
// CHECK-SAME:    %{{.*}}: memref<?xf32>, %{{.*}}: memref<index>, %{{.*}}: memref<?xi8>)
// CHECK:         memref.view
// CHECK:         memref.alloc() {alignment = 128 : i64} : memref<4xf32>
// CHECK:         scf.forall
// CHECK:           memref.alloc
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
func.func private @loop_kernel(%x: memref<?xf32>, %n: memref<index>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<4xf32>
  %aligned = memref.alloc() {alignment = 128 : i64} : memref<4xf32>
  scf.forall (%i) in (4) {
    %u = memref.alloc() : memref<4xf32>
    memref.dealloc %u : memref<4xf32>
  }
  %size = memref.load %n[] : memref<index>
  %v = memref.alloc(%size) : memref<?xf32>
  return
}

// CHECK-LABEL: func.func private @called_kernel(
// CHECK-SAME:    %{{.*}}: memref<4xf32>)
// CHECK:         memref.alloc() : memref<4xf32>
func.func private @called_kernel(%x: memref<4xf32>) attributes {relax_codegen.kernel} {
  %t = memref.alloc() : memref<4xf32>
  return
}

func.func @other(%x: memref<4xf32>) {
  func.call @called_kernel(%x) : (memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: relax.func @main(
// CHECK:         alloc_storage size(16)
// CHECK:         call_tir_dps @loop_kernel
relax.func @main(%x: !relax.tensor<[n], f32>, %s: !relax.tensor<[], index>) {
  relax.call_tir_dps @loop_kernel(%x : !relax.tensor<[n], f32>) outs(%s : !relax.tensor<[], index>)
  relax.return
}

// -----

// A buffer that a sequential loop allocates per iteration, at most a tile of
// 16 rows (a partial tile has fewer), is allocated once before the loop at
// its bound and viewed at each iteration's size; that allocation then
// becomes scratch like the others. The bound is `min(16, n - 0)`, not 16: a
// loop over fewer than 16 rows needs only that many.

// CHECK-LABEL: func.func private @tile_kernel(
// CHECK-SAME:    %[[X:.*]]: memref<?x64xf32>, %[[S:.*]]: memref<?xi8>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[N:.*]] = memref.dim %[[X]]
// CHECK:         %[[SPAN:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK:         %[[BOUND:.*]] = arith.minsi %{{.*}}, %[[SPAN]] : index
// CHECK:         arith.muli %{{.*}}, %[[BOUND]] : index
// CHECK:         %[[BYTES:.*]] = memref.view %[[S]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[ROWS:.*]] = affine.min
// CHECK:           %[[TILE:.*]] = memref.view %[[BYTES]][%{{.*}}][%[[ROWS]]] : memref<?xi8> to memref<?x64xf32>
// CHECK:           linalg.fill ins(%{{.*}} : f32) outs(%[[TILE]] : memref<?x64xf32>)
// CHECK-NOT:       memref.dealloc
// CHECK-NOT:     memref.dealloc
#tile = affine_map<(d0)[s0] -> (16, s0 - d0)>
func.func private @tile_kernel(%x: memref<?x64xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  scf.for %i = %c0 to %n step %c16 {
    %rows = affine.min #tile(%i)[%n]
    %t = memref.alloc(%rows) : memref<?x64xf32>
    linalg.fill ins(%zero : f32) outs(%t : memref<?x64xf32>)
    memref.dealloc %t : memref<?x64xf32>
  }
  return
}

// CHECK-LABEL: relax.func @main(
// CHECK:         alloc_storage size(256 * min(16, n))
relax.func @main(%x: !relax.tensor<[n, 64], f32>) {
  relax.call_tir_dps @tile_kernel() outs(%x : !relax.tensor<[n, 64], f32>)
  relax.return
}

// -----

// A size from `affine.apply` (a convolution's padded input) is followed
// through its map.

// CHECK-LABEL: func.func private @padded_kernel(
// CHECK-SAME:    %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[S:.*]]: memref<?xi8>)
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[S]]
#pad = affine_map<()[s0] -> ((s0 + 1) floordiv 2 + 2)>
func.func private @padded_kernel(%x: memref<?xf32>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %p = affine.apply #pad()[%n]
  %t = memref.alloc(%p) : memref<?xf32>
  linalg.copy ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  memref.dealloc %t : memref<?xf32>
  return
}

// CHECK-LABEL: relax.func @main(
// CHECK:         alloc_storage size(4 * ((n + 1) floordiv 2) + 8)
relax.func @main(%a: !relax.tensor<[n], f32>, %b: !relax.tensor<[n], f32>) {
  relax.call_tir_dps @padded_kernel(%a : !relax.tensor<[n], f32>) outs(%b : !relax.tensor<[n], f32>)
  relax.return
}
