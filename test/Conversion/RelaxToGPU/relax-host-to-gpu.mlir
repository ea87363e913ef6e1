// RUN: relax-opt %s -split-input-file --relax-host-to-gpu --canonicalize | FileCheck %s

// A public function keeps its contract on host memory: it copies its buffer
// arguments to the device, calls the device version, copies the result back
// into a new host buffer and frees the device buffers (a result that is an
// argument's copy only once). The device version, public with the C
// interface for callers that keep buffers on the device, allocates and
// copies on the device, copies a constant to the device where it is used,
// and reads a branch condition through a host copy. The kernels are
// claimed: their marks go.

// CHECK:       func.func private @mul_kernel(memref<?x4xf32>, memref<4xf32>, memref<?x4xf32>){{$}}
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[X:.*]]: memref<?x4xf32>, %[[FLAG:.*]]: memref<i1>) -> memref<?x4xf32>
// CHECK-SAME:    llvm.emit_c_interface
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[DX:.*]] = gpu.alloc (%[[N]]) : memref<?x4xf32>
// CHECK:         gpu.memcpy %[[DX]], %[[X]]
// CHECK:         %[[DFLAG:.*]] = gpu.alloc () : memref<i1>
// CHECK:         gpu.memcpy %[[DFLAG]], %[[FLAG]]
// CHECK:         %[[R:.*]] = call @main_device(%[[DX]], %[[DFLAG]])
// CHECK:         %[[M:.*]] = memref.dim %[[R]], %c0
// CHECK:         %[[HOST:.*]] = memref.alloc(%[[M]]) : memref<?x4xf32>
// CHECK:         gpu.memcpy %[[HOST]], %[[R]]
// CHECK:         gpu.dealloc %[[R]]
// CHECK:         %[[PX:.*]] = memref.extract_aligned_pointer_as_index %[[DX]]
// CHECK:         %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK:         %[[DISTINCT:.*]] = arith.cmpi ne, %[[PX]], %[[PR]]
// CHECK:         scf.if %[[DISTINCT]] {
// CHECK:           gpu.dealloc %[[DX]]
// CHECK:         }
// CHECK:         return %[[HOST]]

// CHECK-LABEL: func.func @main_device(
// CHECK-SAME:    %[[X:.*]]: memref<?x4xf32>, %[[FLAG:.*]]: memref<i1>) -> memref<?x4xf32> attributes {llvm.emit_c_interface} {
// CHECK:         %[[S:.*]] = gpu.alloc () : memref<4xf32>
// CHECK:         %[[G:.*]] = memref.get_global @scale
// CHECK:         gpu.memcpy %[[S]], %[[G]]
// CHECK:         %[[Y:.*]] = gpu.alloc (%{{.*}}) : memref<?x4xf32>
// CHECK:         %[[H:.*]] = memref.alloc() : memref<i1>
// CHECK:         gpu.memcpy %[[H]], %[[FLAG]]
// CHECK:         %[[C:.*]] = memref.load %[[H]][]
// CHECK:         memref.dealloc %[[H]]
// CHECK:         scf.if %[[C]] {
// CHECK:           call @mul_kernel(%[[X]], %[[S]], %[[Y]])
// CHECK:         } else {
// CHECK:           gpu.memcpy %[[Y]], %[[X]]
// CHECK:         }
// CHECK:         gpu.dealloc %[[S]]
// CHECK:         return %[[Y]]
memref.global "private" constant @scale : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func private @mul_kernel(%x: memref<?x4xf32>, %s: memref<4xf32>, %y: memref<?x4xf32>) attributes {relax_codegen.kernel}
func.func @main(%x: memref<?x4xf32>, %flag: memref<i1>) -> memref<?x4xf32> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %s = memref.get_global @scale : memref<4xf32>
  %y = memref.alloc(%n) : memref<?x4xf32>
  %c = memref.load %flag[] : memref<i1>
  scf.if %c {
    func.call @mul_kernel(%x, %s, %y) : (memref<?x4xf32>, memref<4xf32>, memref<?x4xf32>) -> ()
  } else {
    memref.copy %x, %y : memref<?x4xf32> to memref<?x4xf32>
  }
  return %y : memref<?x4xf32>
}

// -----

// Calls between host functions go to the device version: only the entry
// copies. Scalars pass through.

// CHECK-LABEL: func.func @outer(
// CHECK:         call @outer_device
// CHECK-LABEL: func.func @outer_device(
// CHECK:         %[[T:.*]] = gpu.alloc
// CHECK:         call @inner_device(%{{.*}}, %[[T]], %{{.*}})
// CHECK:         gpu.dealloc %[[T]]
// CHECK-LABEL: func.func @inner(
// CHECK-LABEL: func.func @inner_device(
func.func @outer(%x: memref<4xf32>, %k: index) {
  %t = memref.alloc() : memref<4xf32>
  func.call @inner(%x, %t, %k) : (memref<4xf32>, memref<4xf32>, index) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}
func.func @inner(%x: memref<4xf32>, %y: memref<4xf32>, %k: index) {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A reshape of a buffer folded to static sizes carries an explicit row-major
// layout; the device copy takes it through a cast to the identity layout
// (which folds into the view).

// CHECK-LABEL: func.func @copy_view_device(
// CHECK-SAME:    %[[X:.*]]: memref<6xf32>)
// CHECK:         %[[R:.*]] = gpu.alloc () : memref<1x6xf32>
// CHECK:         %[[C:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [1, 6], strides: [6, 1] : memref<6xf32> to memref<1x6xf32>
// CHECK:         gpu.memcpy %[[R]], %[[C]] : memref<1x6xf32>, memref<1x6xf32>
func.func @copy_view(%x: memref<6xf32>) -> memref<1x6xf32> {
  %v = memref.reinterpret_cast %x to offset: [0], sizes: [1, 6], strides: [6, 1] : memref<6xf32> to memref<1x6xf32, strided<[6, 1]>>
  %r = memref.alloc() : memref<1x6xf32>
  memref.copy %v, %r : memref<1x6xf32, strided<[6, 1]>> to memref<1x6xf32>
  return %r : memref<1x6xf32>
}

// -----

// Symbolic sizes: the row-major strides are products of the dims.

// CHECK-LABEL: func.func private @copy_dynamic_view(
// CHECK-SAME:    %[[X:.*]]: memref<?x?x4xf32, strided<[?, 4, 1]>>, %[[Y:.*]]: memref<?x?x4xf32>)
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[M:.*]] = memref.dim %[[X]], %c1
// CHECK:         %[[S:.*]] = arith.muli %[[M]], %c4
// CHECK:         %[[C:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%[[N]], %[[M]], 4], strides: [%[[S]], 4, 1] : memref<?x?x4xf32, strided<[?, 4, 1]>> to memref<?x?x4xf32>
// CHECK:         gpu.memcpy %[[Y]], %[[C]] : memref<?x?x4xf32>, memref<?x?x4xf32>
func.func private @copy_dynamic_view(%x: memref<?x?x4xf32, strided<[?, 4, 1]>>, %y: memref<?x?x4xf32>) {
  memref.copy %x, %y : memref<?x?x4xf32, strided<[?, 4, 1]>> to memref<?x?x4xf32>
  return
}

// -----

// A constant that every launch of a kernel passes as the same argument (a
// splat an elementwise kernel broadcasts, a scalar) moves into the kernel;
// an argument that differs between launches stays.

// CHECK-LABEL: gpu.module @kernels
// CHECK:         gpu.func @scale(%[[X:.*]]: memref<?xf32>, %[[K:.*]]: f32) kernel
// CHECK-DAG:       %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-DAG:       %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:           vector.load %[[X]]
// CHECK:           arith.mulf %{{.*}}, %[[TWO]]
// CHECK:           arith.addf %[[K]], %[[ONE]]
// CHECK-LABEL: func.func private @twice(
// CHECK-SAME:    %[[B:.*]]: memref<?xf32>)
// CHECK:         gpu.launch_func @kernels::@scale {{.*}} args(%[[B]] : memref<?xf32>, %{{.*}} : f32)
// CHECK:         gpu.launch_func @kernels::@scale {{.*}} args(%[[B]] : memref<?xf32>, %{{.*}} : f32)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %two: vector<4xf32>, %one: f32, %k: f32) kernel {
      %c0 = arith.constant 0 : index
      %v = vector.load %x[%c0] : memref<?xf32>, vector<4xf32>
      %w = arith.mulf %v, %two : vector<4xf32>
      vector.store %w, %x[%c0] : memref<?xf32>, vector<4xf32>
      %s = arith.addf %one, %k : f32
      memref.store %s, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
  func.func private @twice(%x: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %one = arith.constant 1.0 : f32
    %k1 = arith.constant 3.0 : f32
    %k2 = arith.constant 4.0 : f32
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<?xf32>, %two : vector<4xf32>, %one : f32, %k1 : f32)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<?xf32>, %two : vector<4xf32>, %one : f32, %k2 : f32)
    return
  }
}
