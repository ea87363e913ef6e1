// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-kernels-to-func=bufferize=0 --relax-to-func | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-kernels-to-func=bufferize=0 --relax-to-func=target=gpu | FileCheck %s --check-prefix=GPU
// RUN: not relax-opt %s --relax-to-func=target=metal 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: for the --target option: Cannot find option named 'metal'!

// A program becomes a kernel on memrefs; its call gets a storage of the
// evaluated byte size, a tensor viewed in it, and a call of the kernel. The
// CPU claims the kernel: its mark goes; a GPU's kernel keeps it for the GPU
// passes.

// CHECK-LABEL: func.func private @exp_kernel
// CHECK-SAME: (%{{.*}}: memref<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %{{.*}}: memref<?x4xf32> {sym.shape = #sym.shape<[d1, 4]>})
// CHECK-SAME: attributes {no_inline, passthrough = ["noinline"]} {
// GPU-LABEL: func.func private @exp_kernel
// GPU-SAME: attributes {no_inline, passthrough = ["noinline"], relax_codegen.kernel}
// GPU-LABEL: func.func @main
// GPU: call @exp_kernel
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: memref<?x4xf32>) -> memref<?x4xf32> attributes {always_inline, llvm.emit_c_interface}
// CHECK: %[[N:.*]] = sym.dim %[[X]][0] : memref<?x4xf32>
// CHECK-NOT: assert
// CHECK: %[[BYTES:.*]] = sym.eval <32 * n> (n = %[[N]])
// CHECK: %[[S:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK: %[[TWICE:.*]] = sym.eval <2 * n> (n = %[[N]])
// CHECK: %[[Y:.*]] = memref.view %[[S]][%{{.*}}][%[[TWICE]]] : memref<?xi8> to memref<?x4xf32>
// CHECK: call @exp_kernel(%[[X]], %[[Y]]) : (memref<?x4xf32>, memref<?x4xf32>) -> ()
// CHECK-NOT: dealloc
// CHECK: return %[[Y]]
tprog.func private @exp(%x: tensor<?x4xf32> {sym.shape = #sym.shape<[d0, 4]>}, %y: tensor<?x4xf32> {sym.shape = #sym.shape<[d1, 4]>, tprog.output}) -> tensor<?x4xf32> {
  tprog.return %y : tensor<?x4xf32>
}
relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[2 * n, 4], f32> {
  %y = relax.call_tir @exp(%x) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[2 * n, 4], f32>
  relax.return %y : !relax.tensor<[2 * n, 4], f32>
}

// -----

// A repeated variable and an expression dim are checked with messages naming
// the argument and the expected dim; the constraints are checked, then
// assumed: later expressions use the assumed values.

// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?xf32>)
// CHECK: %[[N:.*]] = sym.dim %[[A]][0]
// CHECK: %[[M:.*]] = sym.dim %[[A]][1]
// CHECK: %[[SUM:.*]] = sym.eval <m + n> (m = %[[M]], n = %[[N]])
// CHECK: %[[BN:.*]] = sym.dim %[[B]][0]
// CHECK: sym.assert_eq %[[BN]], %[[SUM]], "@checks argument #1: dim 0 must be m + n"
// CHECK: arith.cmpi sge, %[[N]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: n must be >= 1"
// CHECK: arith.cmpi sle, %[[N]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: n must be <= 64"
// CHECK: arith.remsi %[[M]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "@checks: m must be a multiple of 8"
// CHECK: %[[AN:.*]] = sym.assume %[[N]] in [1, 64]
// CHECK: %[[AM:.*]] = sym.assume %[[M]] divisible 8
// CHECK: sym.eval <4 * m + 4 * n> (m = %[[AM]], n = %[[AN]])
// The returned argument is copied: the caller owns what a function returns.
// CHECK: memref.copy %[[B]], %{{.*}}
relax.func @checks(%a: !relax.tensor<[n, m], f32>, %b: !relax.tensor<[n + m], f32>) -> !relax.tensor<[n + m], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 64]>, #sym.divisible<m, 8>]} {
  relax.return %b : !relax.tensor<[n + m], f32>
}

// -----

// match_cast checks the dims its source type does not fix, with its
// message, and casts the memref.

// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[X:.*]]: memref<?x?xf32>)
// CHECK: sym.dim %[[X]][0]
// CHECK-NOT: must be n
// CHECK: %[[D1:.*]] = sym.dim %[[X]][1]
// CHECK: sym.assert_eq %[[D1]], %{{.*}}, "narrowing cast: dim 1 must be 4"
// CHECK: memref.cast %[[X]] : memref<?x?xf32> to memref<?x4xf32>
relax.func @cast(%x: !relax.tensor<[n, ?], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.match_cast %x {message = "narrowing cast"} : !relax.tensor<[n, ?], f32> -> !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}

// -----

// call_tir_inplace: the overwritten argument is passed as itself, and a new
// tensor for the other result; a returned argument is copied.

// CHECK-LABEL: func.func @inplace
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[W:.*]]: memref<?xf32>)
// CHECK: %[[Y:.*]] = memref.view
// CHECK: call @relu__kernel(%[[X]], %[[W]], %[[Y]])
// CHECK: %[[C:.*]] = memref.view
// CHECK: memref.copy %[[X]], %[[C]]
// CHECK: return %[[Y]], %[[C]]
tprog.func private @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}, %w: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> (tensor<?xf32>, tensor<?xf32>) {
  tprog.return %x, %y : tensor<?xf32>, tensor<?xf32>
}
relax.func @inplace(%x: !relax.tensor<[n], f32>, %w: !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) {
  %a, %b = relax.call_tir_inplace @relu_(%x, %w) inplace [-1, 0] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return %a, %b : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}

// -----

// Tuples are flattened at function boundaries; tuple_get picks leaves;
// call operands and results are cast to and from the callee's types; the
// result of a call that is not returned is freed after its last use.

// CHECK-LABEL: func.func @pair
// CHECK-SAME: (%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: i64) -> (memref<?xf32>, memref<?xf32>)
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<3xf32>, %[[I:.*]]: i64) -> memref<3xf32>
// CHECK: %[[XC:.*]] = memref.cast %[[X]] : memref<4xf32> to memref<?xf32>
// CHECK: %[[YC:.*]] = memref.cast %[[Y]] : memref<3xf32> to memref<?xf32>
// CHECK: %[[R:.*]]:2 = call @pair(%[[XC]], %[[YC]], %[[I]])
// CHECK: %[[F:.*]] = memref.cast %[[R]]#0 : memref<?xf32> to memref<3xf32>
// CHECK: %[[G:.*]] = memref.cast %[[R]]#1 : memref<?xf32> to memref<4xf32>
// CHECK: memref.copy %[[F]], %[[OUT:.*]] :
// CHECK: memref.dealloc %[[F]]
// CHECK: memref.dealloc %[[G]]
// CHECK: return %[[OUT]]
relax.func @pair(%t: tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>) -> tuple<!relax.tensor<[m], f32>, !relax.tensor<[n], f32>> {
  %a = relax.tuple_get %t[0] : tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>
  %inner = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, tuple<!relax.tensor<[m], f32>, i64>>
  %b = relax.tuple_get %inner[0] : tuple<!relax.tensor<[m], f32>, i64>
  %r = relax.tuple(%b, %a : !relax.tensor<[m], f32>, !relax.tensor<[n], f32>)
  relax.return %r : tuple<!relax.tensor<[m], f32>, !relax.tensor<[n], f32>>
}
relax.func @caller(%x: !relax.tensor<[4], f32>, %y: !relax.tensor<[3], f32>, %i: i64) -> !relax.tensor<[3], f32> {
  %t0 = relax.tuple(%y, %i : !relax.tensor<[3], f32>, i64)
  %t = relax.tuple(%x, %t0 : !relax.tensor<[4], f32>, tuple<!relax.tensor<[3], f32>, i64>)
  %r = relax.call @pair(%t) : (tuple<!relax.tensor<[4], f32>, tuple<!relax.tensor<[3], f32>, i64>>) -> tuple<!relax.tensor<[3], f32>, !relax.tensor<[4], f32>>
  %f = relax.tuple_get %r[0] : tuple<!relax.tensor<[3], f32>, !relax.tensor<[4], f32>>
  relax.return %f : !relax.tensor<[3], f32>
}

// -----

// relax.if becomes scf.if; a more static branch value is cast to the
// result type, and what the else branch binds stays in it.

// CHECK-LABEL: func.func @branch
// CHECK: scf.if %{{.*}} -> (memref<?xf32>) {
// CHECK: memref.cast %{{.*}} : memref<4xf32> to memref<?xf32>
// CHECK: scf.yield %{{.*}} : memref<?xf32>
// CHECK: } else {
// CHECK: %[[K:.*]] = sym.dim %{{.*}}[0]
// CHECK: sym.eval <4 * k> (k = %[[K]])
// CHECK: scf.yield
// CHECK-LABEL: func.func @branch_on_tensor
// CHECK-SAME: (%[[C:.*]]: memref<i1>,
// CHECK: %[[COND:.*]] = memref.load %[[C]][] : memref<i1>
// CHECK: scf.if %[[COND]] -> (memref<4xf32>)
relax.func @branch(%c: i1, %x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>) -> !relax.tensor<[?], f32> {
  %r = relax.if %c : i1 -> !relax.tensor<[?], f32> {
    %s = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<[4], f32>
    relax.yield %s : !relax.tensor<[4], f32>
  } else {
    %z = relax.match_cast %y : !relax.tensor<[m], f32> -> !relax.tensor<[k], f32>
    relax.yield %z : !relax.tensor<[k], f32>
  }
  relax.return %r : !relax.tensor<[?], f32>
}

relax.func @branch_on_tensor(%c: !relax.tensor<[], i1>, %x: !relax.tensor<[4], f32>, %y: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  %r = relax.if %c : !relax.tensor<[], i1> -> !relax.tensor<[4], f32> {
    relax.yield %x : !relax.tensor<[4], f32>
  } else {
    relax.yield %y : !relax.tensor<[4], f32>
  }
  relax.return %r : !relax.tensor<[4], f32>
}

// -----

// call_library: every input and destination as an unranked memref, to the
// declared C-interface function; a second call reuses the declaration; the
// unused result is freed.

// CHECK: func.func private @relax_cpu_sgemm_nn(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @library
// CHECK: %[[Y:.*]] = memref.view
// CHECK: call @relax_cpu_sgemm_nn(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
// CHECK: %[[S:.*]] = memref.alloc
// CHECK: call @relax_cpu_sgemm_nn
// CHECK: memref.dealloc %[[S]] : memref<?xi8>
// CHECK: return %[[Y]]
relax.func @library(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32> {
  %y = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32>
  %z = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32>
  relax.return %y : !relax.tensor<[n, 32], f32>
}

// -----

// Shapes are one index per dim; views reinterpret with row-major strides;
// constants are private globals; shape_of reads the dims.

// CHECK: memref.global "private" constant @__relax_constant_0 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[X:.*]]: memref<?x4xf32>)
// CHECK: %[[N:.*]] = sym.dim %[[X]][0]
// CHECK: %[[LEN:.*]] = sym.eval <4 * n> (n = %[[N]])
// CHECK: memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%[[LEN]]], strides: [1] : memref<?x4xf32> to memref<?xf32>
// CHECK: memref.get_global @__relax_constant_0 : memref<2xf32>
// CHECK: %[[D:.*]] = sym.dim %[[X]][0] : memref<?x4xf32>
// CHECK: return %{{.*}}, %[[D]], %{{.*}} : memref<?xf32>, index, index
relax.func @views(%x: !relax.tensor<[n, 4], f32>) -> (!relax.tensor<[4 * n], f32>, !relax.shape<[n, 4]>) {
  %v = relax.view %x : !relax.tensor<[n, 4], f32> -> !relax.tensor<[4 * n], f32>
  %c = relax.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = relax.shape_of %x : !relax.tensor<[n, 4], f32>
  relax.return %v, %s : !relax.tensor<[4 * n], f32>, !relax.shape<[n, 4]>
}

// -----

// A dim may use a variable that a later argument binds: every argument binds
// its variables before any dim is checked.

// CHECK-LABEL: func.func @bound_later
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?x4xf32>)
// CHECK: %[[N:.*]] = sym.dim %[[B]][0]
// CHECK: %[[EXPECTED:.*]] = sym.eval <2 * n + 1> (n = %[[N]])
// CHECK: %[[AN:.*]] = sym.dim %[[A]][0]
// CHECK: sym.assert_eq %[[AN]], %[[EXPECTED]], "@bound_later argument #0: dim 0 must be 2 * n + 1"
relax.func @bound_later(%a: !relax.tensor<[2 * n + 1], f32>, %b: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  relax.return %b : !relax.tensor<[n, 4], f32>
}
