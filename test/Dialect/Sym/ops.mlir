// RUN: relax-opt %s --verify-roundtrip | FileCheck %s
// RUN: relax-opt %s --mlir-print-op-generic | relax-opt | FileCheck %s

// CHECK-LABEL: func @dim_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
func.func @dim_tensor(%x: tensor<?x4xf32>) -> (index, index) {
  // CHECK: %[[D0:.*]] = sym.dim %[[X]][0] : tensor<?x4xf32>
  // CHECK: %[[D1:.*]] = sym.dim %[[X]][1] : tensor<?x4xf32>
  // CHECK: return %[[D0]], %[[D1]]
  %d0 = sym.dim %x[0] : tensor<?x4xf32>
  %d1 = sym.dim %x[1] : tensor<?x4xf32>
  return %d0, %d1 : index, index
}

// CHECK-LABEL: func @dim_memref
// CHECK-SAME: (%[[X:.*]]: memref<2x?x?xi8>)
func.func @dim_memref(%x: memref<2x?x?xi8>) -> index {
  // CHECK: %[[D:.*]] = sym.dim %[[X]][2] : memref<2x?x?xi8>
  // CHECK: return %[[D]]
  %d = sym.dim %x[2] : memref<2x?x?xi8>
  return %d : index
}

// CHECK-LABEL: func @dim_relax_tensor
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>)
func.func @dim_relax_tensor(%x: !relax.tensor<[n, 4], f32>) -> index {
  // CHECK: %[[D:.*]] = sym.dim %[[X]][0] : !relax.tensor<[n, 4], f32>
  // CHECK: return %[[D]]
  %d = sym.dim %x[0] : !relax.tensor<[n, 4], f32>
  return %d : index
}

// CHECK-LABEL: func @dim_relax_shape
// CHECK-SAME: (%[[S:.*]]: !relax.shape<[n, 2 * m, ?]>)
func.func @dim_relax_shape(%s: !relax.shape<[n, m * 2, ?]>) -> index {
  // CHECK: %[[D:.*]] = sym.dim %[[S]][2] : !relax.shape<[n, 2 * m, ?]>
  // CHECK: return %[[D]]
  %d = sym.dim %s[2] : !relax.shape<[n, m * 2, ?]>
  return %d : index
}

// CHECK-LABEL: func @eval
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @eval(%a: index, %b: index) -> (index, index, index) {
  // CHECK: %[[R0:.*]] = sym.eval <m + 2 * n> (n = %[[A]], m = %[[B]])
  %r0 = sym.eval <2 * n + m>(n = %a, m = %b)
  // CHECK: %[[R1:.*]] = sym.eval <4>{{ *$}}
  %r1 = sym.eval <4>
  // CHECK: %[[R2:.*]] = sym.eval <min(128, n) floordiv 2> (n = %[[A]])
  %r2 = sym.eval <min(n, 128) floordiv 2>(n = %a)
  // CHECK: return %[[R0]], %[[R1]], %[[R2]]
  return %r0, %r1, %r2 : index, index, index
}

// An empty binding list may be written or omitted.
// CHECK-LABEL: func @eval_empty_bindings
func.func @eval_empty_bindings() -> index {
  // CHECK: %[[R:.*]] = sym.eval <8>{{ *$}}
  %r = sym.eval <2 * 4>()
  return %r : index
}

// Bound variables that the expression does not use are kept.
// CHECK-LABEL: func @eval_unused_binding
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @eval_unused_binding(%a: index, %b: index) -> index {
  // CHECK: sym.eval <n + 1> (n = %[[A]], m = %[[B]])
  %r = sym.eval <n + m - m + 1>(n = %a, m = %b)
  return %r : index
}

// CHECK-LABEL: func @assert_eq
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @assert_eq(%a: index, %b: index) {
  // CHECK: sym.assert_eq %[[A]], %[[B]], "x: dim 0 must equal n"
  sym.assert_eq %a, %b, "x: dim 0 must equal n"
  return
}

// CHECK-LABEL: func @constraints
// CHECK-SAME: attributes {sym.constraints = [#sym.range<n in [1, 4096]>, #sym.range<m in [?, 512]>, #sym.range<k in [-8, ?]>, #sym.range<c in [3, 3]>, #sym.divisible<n, 8>, #sym.divisible<m, 1>]}
func.func @constraints(%a: index) attributes {sym.constraints = [#sym.range<n in [1, 4096]>, #sym.range<m in [?, 512]>, #sym.range<k in [-8, ?]>, #sym.range<c in [3, 3]>, #sym.divisible<n, 8>, #sym.divisible<m, 1>]} {
  return
}

// CHECK-LABEL: func @empty_constraints
// CHECK-SAME: attributes {sym.constraints = []}
func.func @empty_constraints() attributes {sym.constraints = []} {
  return
}

// CHECK-LABEL: func @arg_shapes
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
// CHECK-SAME: %{{.*}}: memref<?x?xf16> {sym.shape = #sym.shape<[2 * n, n floordiv 2 + 1]>},
// CHECK-SAME: %{{.*}}: tensor<f32> {sym.shape = #sym.shape<[]>},
// CHECK-SAME: %{{.*}}: tensor<3xi32> {sym.shape = #sym.shape<[3]>})
func.func @arg_shapes(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                      %b: memref<?x?xf16> {sym.shape = #sym.shape<[n * 2, (n + 2) floordiv 2]>},
                      %c: tensor<f32> {sym.shape = #sym.shape<[]>},
                      %d: tensor<3xi32> {sym.shape = #sym.shape<[1 + 2]>}) {
  return
}

// Attributes on their own; `?` dims are allowed outside `sym.shape`.
// CHECK-LABEL: func private @attrs()
// CHECK-SAME: expr = #sym.expr<(n + 1) mod 4 + max(m, 2 * n)>
// CHECK-SAME: range = #sym.range<n in [?, 4096]>
// CHECK-SAME: shape = #sym.shape<[n, ?, 4, min(16, m)]>
func.func private @attrs() attributes {
  expr = #sym.expr<max(2 * n, m) + (n + 1) mod 4>,
  range = #sym.range<n in [?, 4096]>,
  shape = #sym.shape<[n, ?, 4, min(m, 16)]>
}

// A declaration carries shapes on its signature.
// CHECK-LABEL: func.func private @declaration
// CHECK-SAME: (tensor<?xf32> {sym.shape = #sym.shape<[n]>}) -> (tensor<?xf32> {sym.shape = #sym.shape<[n]>})
func.func private @declaration(tensor<?xf32> {sym.shape = #sym.shape<[n]>}) -> (tensor<?xf32> {sym.shape = #sym.shape<[n]>})

// CHECK-LABEL: func @assume
// CHECK-SAME: (%[[X:.*]]: index)
func.func @assume(%x: index) -> (index, index, index, index, index, index) {
  // CHECK: %[[A:.*]] = sym.assume %[[X]] in [1, 4096] divisible 8
  %a = sym.assume %x in [1, 4096] divisible 8
  // CHECK: %[[B:.*]] = sym.assume %[[X]] in [?, 512]{{ *$}}
  %b = sym.assume %x in [?, 512]
  // CHECK: %[[C:.*]] = sym.assume %[[X]] in [-8, ?]{{ *$}}
  %c = sym.assume %x in [-8, ?]
  // CHECK: %[[D:.*]] = sym.assume %[[X]] divisible 16{{ *$}}
  %d = sym.assume %x divisible 16
  // CHECK: %[[E:.*]] = sym.assume %[[X]]{{ *$}}
  %e = sym.assume %x in [?, ?]
  // CHECK: %[[F:.*]] = sym.assume %[[A]] in [4, 4] {tag}
  %f = sym.assume %a in [4, 4] {tag}
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]]
  return %a, %b, %c, %d, %e, %f : index, index, index, index, index, index
}
