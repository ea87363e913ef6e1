// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-kernels-to-func=bufferize=0 --relax-to-func=target=gpu --canonicalize | FileCheck %s

// On a GPU the host's buffers are device memory. The public function keeps
// its contract on host memory: @main copies its buffer arguments to the
// device, calls the device version, copies the result back into a new host
// buffer and frees the device buffers. The device version, public with the
// C interface for callers that keep buffers on the device, allocates on the
// device, copies a constant to the device where it is used, and reads a
// branch condition through a host copy. The kernel keeps its mark for the
// kernel mapping.

// CHECK-LABEL: func.func private @scale_kernel
// CHECK-SAME:    relax_codegen.kernel

// CHECK-LABEL: func.func @main_device(
// CHECK-SAME:    %[[X:[^:]*]]: memref<?x4xf32>, %[[FLAG:[^:]*]]: memref<i1>) -> memref<?x4xf32> attributes {always_inline, llvm.emit_c_interface} {
// CHECK:         %[[N:.*]] = sym.dim %[[X]][0]
// CHECK:         %[[G:.*]] = memref.get_global @__relax_constant_0 : memref<4xf32>
// CHECK:         %[[S:.*]] = gpu.alloc () : memref<4xf32>
// CHECK:         gpu.memcpy %[[S]], %[[G]]
// CHECK:         %[[H:.*]] = memref.alloc() : memref<i1>
// CHECK:         gpu.memcpy %[[H]], %[[FLAG]]
// CHECK:         %[[C:.*]] = memref.load %[[H]][]
// CHECK:         memref.dealloc %[[H]]
// CHECK:         %[[R:.*]] = scf.if %[[C]]
// CHECK:           %[[BYTES:.*]] = sym.eval <16 * n> (n = %[[N]])
// CHECK:           %[[STORAGE:.*]] = gpu.alloc (%[[BYTES]]) : memref<?xi8>
// CHECK:           %[[Y:.*]] = memref.view %[[STORAGE]]
// CHECK:           call @scale_kernel(%[[X]], %[[S]], %[[Y]])
// CHECK:           scf.yield %[[Y]]
// CHECK:         } else {
// CHECK:           %[[STORAGE:.*]] = gpu.alloc (%{{.*}}) : memref<?xi8>
// CHECK:           %[[Z:.*]] = memref.view %[[STORAGE]]
// CHECK:           %[[FLATZ:.*]] = memref.reinterpret_cast %[[Z]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x4xf32> to memref<?xf32>
// CHECK:           %[[FLATX:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x4xf32> to memref<?xf32>
// CHECK:           gpu.memcpy %[[FLATZ]], %[[FLATX]] : memref<?xf32>, memref<?xf32>
// CHECK:           scf.yield %[[Z]]
// CHECK:         }
// CHECK:         gpu.dealloc %[[S]]
// CHECK:         return %[[R]]

// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[X:[^:]*]]: memref<?x4xf32>, %[[FLAG:[^:]*]]: memref<i1>) -> memref<?x4xf32> attributes {always_inline, llvm.emit_c_interface} {
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[DX:.*]] = gpu.alloc (%[[N]]) : memref<?x4xf32>
// CHECK:         %[[FLATDX:.*]] = memref.reinterpret_cast %[[DX]]
// CHECK:         %[[FLATX:.*]] = memref.reinterpret_cast %[[X]]
// CHECK:         gpu.memcpy %[[FLATDX]], %[[FLATX]]
// CHECK:         %[[DFLAG:.*]] = gpu.alloc () : memref<i1>
// CHECK:         gpu.memcpy %[[DFLAG]], %[[FLAG]]
// CHECK:         %[[R:.*]] = call @main_device(%[[DX]], %[[DFLAG]])
// CHECK:         %[[M:.*]] = memref.dim %[[R]], %c0
// CHECK:         %[[HOST:.*]] = memref.alloc(%[[M]]) : memref<?x4xf32>
// CHECK:         %[[FLATHOST:.*]] = memref.reinterpret_cast %[[HOST]]
// CHECK:         %[[FLATR:.*]] = memref.reinterpret_cast %[[R]]
// CHECK:         gpu.memcpy %[[FLATHOST]], %[[FLATR]]
// CHECK:         gpu.dealloc %[[R]]
// CHECK:         %[[PX:.*]] = memref.extract_aligned_pointer_as_index %[[DX]]
// CHECK:         %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK:         %[[DISTINCT:.*]] = arith.cmpi ne, %[[PX]], %[[PR]]
// CHECK:         scf.if %[[DISTINCT]] {
// CHECK:           gpu.dealloc %[[DX]]
// CHECK:         }
// CHECK:         %[[PFLAG:.*]] = memref.extract_aligned_pointer_as_index %[[DFLAG]]
// CHECK:         %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK:         %[[DISTINCT:.*]] = arith.cmpi ne, %[[PFLAG]], %[[PR]]
// CHECK:         scf.if %[[DISTINCT]] {
// CHECK:           gpu.dealloc %[[DFLAG]]
// CHECK:         }
// CHECK:         return %[[HOST]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
tprog.func private @scale(%x: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %s: tensor<4xf32>, %y: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>, tprog.output}) -> tensor<?x4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x4xf32>, tensor<4xf32>) outs(%y : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  tprog.return %r : tensor<?x4xf32>
}
relax.func @main(%x: !relax.tensor<[n, 4], f32>, %flag: !relax.tensor<[], i1>) -> !relax.tensor<[n, 4], f32> {
  %s = relax.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = relax.if %flag : !relax.tensor<[], i1> -> !relax.tensor<[n, 4], f32> {
    %y = relax.call_tir @scale(%x, %s) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
    relax.yield %y : !relax.tensor<[n, 4], f32>
  } else {
    relax.yield %x : !relax.tensor<[n, 4], f32>
  }
  relax.return %r : !relax.tensor<[n, 4], f32>
}

// -----

// Calls between graph functions go to the device versions: only the entries
// copy. A storage is device memory (a returned argument is copied into
// one); a scalar passes through.

// CHECK-LABEL: func.func @inner_device(
// CHECK-SAME:    %[[X:[^:]*]]: memref<4xf32>, %{{.*}}: i64)
// CHECK:         %[[STORAGE:.*]] = gpu.alloc (%c16) : memref<?xi8>
// CHECK:         %[[Y:.*]] = memref.view %[[STORAGE]]
// CHECK:         gpu.memcpy %[[Y]], %[[X]]
// CHECK:         return %[[Y]]
// CHECK-LABEL: func.func @inner(
// CHECK:         call @inner_device
// CHECK-LABEL: func.func @outer_device(
// CHECK-SAME:    %[[X:[^:]*]]: memref<4xf32>, %[[K:[^:]*]]: i64)
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[Y:.*]] = call @inner_device(%[[X]], %[[K]])
// CHECK:         return %[[Y]]
// CHECK-LABEL: func.func @outer(
// CHECK:         call @outer_device
relax.func @inner(%x: !relax.tensor<[4], f32>, %k: i64) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}
relax.func @outer(%x: !relax.tensor<[4], f32>, %k: i64) -> !relax.tensor<[4], f32> {
  %y = relax.call @inner(%x, %k) : (!relax.tensor<[4], f32>, i64) -> !relax.tensor<[4], f32>
  relax.return %y : !relax.tensor<[4], f32>
}

// -----

// A private function is not an entry: it stays on device memory only.

// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:   func.func @helper_device
relax.func private @helper(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}
