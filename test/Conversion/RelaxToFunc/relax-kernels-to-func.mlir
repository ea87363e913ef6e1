// RUN: relax-opt %s --split-input-file --relax-kernels-to-func=bufferize=0 | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-kernels-to-func --canonicalize --buffer-deallocation-simplification --bufferization-lower-deallocations --canonicalize | FileCheck %s --check-prefix=BUF

// A program becomes a kernel on memrefs that returns nothing: tensors are
// read off the buffers, destinations writable, and every returned value is
// materialized in its destination. Bufferized, the body writes the
// destination in place: no allocation, no copy. Kernels are never inlined
// (in MLIR or LLVM), which keeps LLVM's time linear in the number of calls.

// CHECK-LABEL: func.func private @exp_kernel
// CHECK-SAME: (%[[X:.*]]: memref<?xf32> {sym.shape = #sym.shape<[d0]>}, %[[Y:.*]]: memref<?xf32> {sym.shape = #sym.shape<[d0]>})
// CHECK-SAME: attributes {no_inline, passthrough = ["noinline"], relax_codegen.kernel}
// CHECK: %[[XT:.*]] = bufferization.to_tensor %[[X]] restrict : memref<?xf32> to tensor<?xf32>
// CHECK: %[[YT:.*]] = bufferization.to_tensor %[[Y]] restrict writable : memref<?xf32> to tensor<?xf32>
// CHECK: %[[R:.*]] = linalg.exp ins(%[[XT]] : tensor<?xf32>) outs(%[[YT]] : tensor<?xf32>)
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[Y]]
// CHECK: return
// BUF-LABEL: func.func private @exp_kernel
// BUF-SAME: (%[[X:.*]]: memref<?xf32> {{.*}}, %[[Y:.*]]: memref<?xf32> {{.*}})
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: linalg.exp ins(%[[X]] : memref<?xf32>) outs(%[[Y]] : memref<?xf32>)
// BUF-NOT: memref.copy
// BUF: return
tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> attributes {relax.pattern_kind = #relax.pattern_kind<elementwise>} {
  %r = linalg.exp ins(%x : tensor<?xf32>) outs(%y : tensor<?xf32>) -> tensor<?xf32>
  tprog.return %r : tensor<?xf32>
}

// -----

// A temporary inside a kernel is freed inside it.

// BUF-LABEL: func.func private @twice_kernel
// BUF: %[[T:.*]] = memref.alloc
// BUF: linalg.exp ins(%{{.*}} : memref<?xf32>) outs(%[[T]] : memref<?xf32>)
// BUF: linalg.exp ins(%[[T]] : memref<?xf32>) outs(%{{.*}} : memref<?xf32>)
// BUF: memref.dealloc %[[T]]
tprog.func private @twice(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t = linalg.exp ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.exp ins(%t : tensor<?xf32>) outs(%y : tensor<?xf32>) -> tensor<?xf32>
  tprog.return %r : tensor<?xf32>
}

// -----

// Tiles written in a parallel loop: the kernel's buffers need no run-time
// ownership bookkeeping inside the loop; the temporary is freed at the end.

// BUF-LABEL: func.func private @tiled_kernel
// BUF: %[[T:.*]] = memref.alloc
// BUF: scf.forall
// BUF-NOT: memref.alloc
// BUF-NOT: dealloc_helper
// BUF-NOT: memref.dealloc
// BUF: }
// BUF: memref.dealloc %[[T]]
// BUF-NEXT: return
tprog.func private @tiled(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t = linalg.exp ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = scf.forall (%i) = (0) to (%n) step (4) shared_outs(%o = %y) -> (tensor<?xf32>) {
    %size = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    %in = tensor.extract_slice %t[%i] [%size] [1] : tensor<?xf32> to tensor<?xf32>
    %out = tensor.extract_slice %o[%i] [%size] [1] : tensor<?xf32> to tensor<?xf32>
    %v = linalg.exp ins(%in : tensor<?xf32>) outs(%out : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [%size] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  tprog.return %r : tensor<?xf32>
}

// -----

// A returned collapse (a product computed in panels) is written through the
// destination expanded alike, made at the top of the kernel, so that the
// product computes in the destination: bufferized, no temporary, no copy. A
// collapse that splits a dynamic dim would need sizes from the body, and is
// materialized as it is.

// CHECK-LABEL: func.func private @panels_kernel
// CHECK-SAME: (%[[X:.*]]: memref<?x32xf32> {{.*}}, %[[Y:.*]]: memref<?x32xf32> {{.*}})
// CHECK: %[[D:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?x32xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[Y]] {{\[}}[0], [1, 2]] output_shape [%[[D]], 2, 16] : memref<?x32xf32> into memref<?x2x16xf32>
// CHECK: %[[R:.*]] = linalg.exp
// CHECK-NOT: tensor.collapse_shape
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[E]]
// BUF-LABEL: func.func private @panels_kernel
// BUF-SAME: (%[[X:.*]]: memref<?x32xf32> {{.*}}, %[[Y:.*]]: memref<?x32xf32> {{.*}})
// BUF-NOT: memref.alloc
// BUF: %[[E:.*]] = memref.expand_shape %[[Y]]
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: linalg.exp ins(%{{.*}} : memref<?x2x16xf32>) outs(%[[E]] : memref<?x2x16xf32>)
// BUF-NOT: memref.copy
// BUF: return
tprog.func private @panels(%x: tensor<?x32xf32> {sym.shape = #sym.shape<[d0, 32]>}, %y: tensor<?x32xf32> {sym.shape = #sym.shape<[d0, 32]>, tprog.output}) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xf32>
  %a = tensor.expand_shape %x [[0], [1, 2]] output_shape [%n, 2, 16] : tensor<?x32xf32> into tensor<?x2x16xf32>
  %e = tensor.empty(%n) : tensor<?x2x16xf32>
  %r = linalg.exp ins(%a : tensor<?x2x16xf32>) outs(%e : tensor<?x2x16xf32>) -> tensor<?x2x16xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2]] : tensor<?x2x16xf32> into tensor<?x32xf32>
  tprog.return %c : tensor<?x32xf32>
}

// -----

// CHECK-LABEL: func.func private @split_dynamic_kernel
// CHECK-NOT: memref.expand_shape
// CHECK: %[[C:.*]] = tensor.collapse_shape
// CHECK: bufferization.materialize_in_destination %[[C]]
tprog.func private @split_dynamic(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0 * d1]>, tprog.output}) -> tensor<?xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  tprog.return %c : tensor<?xf32>
}
