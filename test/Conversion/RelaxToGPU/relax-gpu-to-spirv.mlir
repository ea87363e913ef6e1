// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-expand-gpu-math),relax-gpu-to-spirv)' | FileCheck %s
// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-expand-gpu-math),relax-gpu-to-spirv{webgpu=true})' | FileCheck %s --check-prefix=WEBGPU

// A kernel of a gpu.module targeting SPIR-V becomes a spirv.module inside the
// gpu.module, where --gpu-module-to-binary serializes it: its workgroup size
// from its known block size, arguments in set 0 at bindings in order (the
// scalars in one struct, bound last), erf as
// a polynomial, a signed floor division in arith, structured control flow.
// A gpu.module for another target is left alone.

// CHECK-LABEL: gpu.module @exp_kernel
// CHECK:         spirv.module @__spv__exp_kernel Logical GLSL450
// CHECK:           spirv.func @exp_kernel(
// CHECK-SAME:        spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>
// CHECK-SAME:        spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>
// CHECK-SAME:        %{{.*}}: !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>}
// CHECK-SAME:        spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 1, 1]>
// CHECK-NOT:         math.erf
// CHECK-NOT:         arith.floordivsi
// CHECK:             spirv.mlir.selection
// CHECK:               spirv.GL.Fma
// CHECK:       gpu.func @exp_kernel
// CHECK-LABEL: gpu.module @other
// CHECK-NOT:     spirv.module
// CHECK:         gpu.func @k

// WEBGPU-LABEL: gpu.module @exp_kernel
// WEBGPU:         spirv.module @__spv__exp_kernel
// WEBGPU-NOT:       spirv.UMulExtended
module attributes {gpu.container_module} {
  gpu.module @exp_kernel [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    gpu.func @exp_kernel(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %o = arith.muli %b, %c128 : index
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v = memref.load %x[%i] : memref<?xf32>
        %e = math.erf %v : f32
        %q = arith.floordivsi %i, %n : index
        %qf = arith.index_cast %q : index to i32
        %f = arith.sitofp %qf : i32 to f32
        %s = arith.addf %e, %f : f32
        memref.store %s, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  gpu.module @other {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A loop with results runs under a check that it iterates at all: the SPIR-V
// loop returns its results through variables that only its body stores, so
// without the check a thread that runs no iteration (past the end of a row)
// would read an uninitialized product instead of 1.

// CHECK-LABEL: gpu.module @prod_kernel
// CHECK:         spirv.func @prod_kernel(
// CHECK:           %[[ONE:.*]] = spirv.Constant 1.000000e+00 : f32
// CHECK:           %[[ITERATES:.*]] = spirv.SLessThan
// CHECK:           %[[RESULT:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
// CHECK:           spirv.mlir.selection {
// CHECK:             spirv.BranchConditional %[[ITERATES]], ^[[LOOP:.*]], ^[[NONE:[a-z0-9]+]]
// CHECK:           ^[[LOOP]]:
// CHECK:             spirv.mlir.loop {
// CHECK:             spirv.Store "Function" %[[RESULT]]
// CHECK:           ^[[NONE]]:
// CHECK-NEXT:        spirv.Store "Function" %[[RESULT]], %[[ONE]] : f32
// CHECK:           spirv.Load "Function" %[[RESULT]] : f32
module attributes {gpu.container_module} {
  gpu.module @prod_kernel [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    gpu.func @prod_kernel(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %one = arith.constant 1.0 : f32
      %p = scf.for %i = %t to %n step %c128 iter_args(%acc = %one) -> (f32) {
        %v = memref.load %x[%i] : memref<?xf32>
        %m = arith.mulf %acc, %v : f32
        scf.yield %m : f32
      }
      memref.store %p, %y[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Scalar arguments go after the buffers, in the kernel and in its launch,
// and share the last binding: a storage buffer holding a struct of them at
// their offsets (an i32 index, an f32, an i32 index), read at the entry.

// CHECK-LABEL: func.func @launch(
// CHECK-SAME:    %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32, %[[Y:.*]]: memref<?xf32>, %[[M:.*]]: index
// CHECK:         gpu.launch_func @scale::@scale
// CHECK-SAME:      args(%[[X]] : memref<?xf32>, %[[Y]] : memref<?xf32>, %[[N]] : index, %[[S]] : f32, %[[M]] : index)
// CHECK:       spirv.func @scale(
// CHECK-SAME:    %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}
// CHECK-SAME:    %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}
// CHECK-SAME:    %[[P:.*]]: !spirv.ptr<!spirv.struct<(i32 [0], f32 [4], i32 [8])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>})
// CHECK-DAG:     %[[C0:.*]] = spirv.Constant 0 : i32
// CHECK-DAG:     %[[C1:.*]] = spirv.Constant 1 : i32
// CHECK-DAG:     %[[C2:.*]] = spirv.Constant 2 : i32
// CHECK-DAG:     spirv.AccessChain %[[P]][%[[C0]]] : {{.*}} -> !spirv.ptr<i32, StorageBuffer>
// CHECK-DAG:     spirv.AccessChain %[[P]][%[[C1]]] : {{.*}} -> !spirv.ptr<f32, StorageBuffer>
// CHECK-DAG:     spirv.AccessChain %[[P]][%[[C2]]] : {{.*}} -> !spirv.ptr<i32, StorageBuffer>
// CHECK:       gpu.func @scale(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: index, %{{.*}}: f32, %{{.*}}: index)
module attributes {gpu.container_module} {
  func.func @launch(%x: memref<?xf32>, %n: index, %s: f32, %y: memref<?xf32>, %m: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @scale::@scale blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%x : memref<?xf32>, %n : index, %s : f32, %y : memref<?xf32>, %m : index)
    return
  }
  gpu.module @scale [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    gpu.func @scale(%x: memref<?xf32>, %n: index, %s: f32, %y: memref<?xf32>, %m: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %in = arith.cmpi ult, %t, %n : index
      scf.if %in {
        %v = memref.load %x[%t] : memref<?xf32>
        %w = arith.mulf %v, %s : f32
        %o = arith.addi %t, %m : index
        memref.store %w, %y[%o] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// A vector load or store of a storage buffer of scalars is one access per
// element (a pointer to a vector would be a cast, which logical addressing
// forbids); the arithmetic stays on vectors.

// CHECK-LABEL: gpu.module @double_kernel
// CHECK:         spirv.func @double_kernel(
// CHECK-COUNT-4:     spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK:             %[[V:.*]] = spirv.CompositeConstruct %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32, f32) -> vector<4xf32>
// CHECK:             %[[W:.*]] = spirv.FAdd %[[V]], %[[V]] : vector<4xf32>
// CHECK:             spirv.CompositeExtract %[[W]][0 : i32]
// CHECK:             spirv.Store "StorageBuffer"
// CHECK:             spirv.CompositeExtract %[[W]][3 : i32]
// CHECK:             spirv.Store "StorageBuffer"
// CHECK-NOT:         spirv.Bitcast
module attributes {gpu.container_module} {
  gpu.module @double_kernel [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    gpu.func @double_kernel(%x: memref<?xf32>, %y: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %x[%i] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
      %w = arith.addf %v, %v : vector<4xf32>
      vector.store %w, %y[%i] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}
