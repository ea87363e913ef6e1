// RUN: relax-opt %s --verify-roundtrip | FileCheck %s
// RUN: relax-opt %s --mlir-print-op-generic | relax-opt | FileCheck %s
// RUN: relax-opt %s | relax-opt | FileCheck %s

// Round trip of every relax type and op. Inside a relax.func the `relax.`
// prefix of nested ops may be elided by the printer, so the checks below
// match the op names without it.

//===----------------------------------------------------------------------===//
// Tensor programs used as callees.
//===----------------------------------------------------------------------===//

tprog.func @add(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                %b: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                %out: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>, tprog.output})
    -> tensor<?x4xf32> {
  %r = linalg.add ins(%a, %b : tensor<?x4xf32>, tensor<?x4xf32>)
                  outs(%out : tensor<?x4xf32>) -> tensor<?x4xf32>
  tprog.return %r : tensor<?x4xf32>
}

tprog.func @split(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                  %o0: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output},
                  %o1: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> (tensor<?xf32>, tensor<?xf32>) {
  tprog.return %o0, %o1 : tensor<?xf32>, tensor<?xf32>
}

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

tprog.func @axpy_(%y: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output},
                  %x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                  %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> (tensor<?xf32>, tensor<?xf32>) {
  tprog.return %y, %o : tensor<?xf32>, tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @tensor_types
// CHECK-SAME: %{{.*}}: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %{{.*}}: !relax.tensor<[], i64>
// CHECK-SAME: %{{.*}}: !relax.tensor<[?, 4], f16>
// CHECK-SAME: %{{.*}}: !relax.tensor<*, f32>
// CHECK-SAME: %{{.*}}: !relax.tensor<[n, 2 * n + 1], index>
// CHECK-SAME: %{{.*}}: !relax.tensor<[m], complex<f32>>
// CHECK-SAME: %{{.*}}: !relax.tensor<[?], bf16>
// CHECK-SAME: %{{.*}}: !relax.tensor<[0, 1], i1>
// CHECK-SAME: -> !relax.tensor<[], i64>
relax.func @tensor_types(%a: !relax.tensor<[2, 3], f32>,
                         %b: !relax.tensor<[], i64>,
                         %c: !relax.tensor<[?, 4], f16>,
                         %d: !relax.tensor<*, f32>,
                         %e: !relax.tensor<[n, 2 * n + 1], index>,
                         %f: !relax.tensor<[m], complex<f32>>,
                         %g: !relax.tensor<[?], bf16>,
                         %h: !relax.tensor<[0, 1], i1>)
    -> !relax.tensor<[], i64> {
  relax.return %b : !relax.tensor<[], i64>
}

// Symbolic expressions are printed in a canonical form.
// CHECK-LABEL: relax.func @sym_exprs
// CHECK-SAME: -> !relax.tensor<[n, 2 * n + 1, (m + n) floordiv 2, n mod 4, min(m, n), max(8, n)], f32>
// CHECK: match_cast %{{.*}} : !relax.tensor<*, f32> -> !relax.tensor<[n, 2 * n + 1, (m + n) floordiv 2, n mod 4, min(m, n), max(8, n)], f32>
relax.func @sym_exprs(%x: !relax.tensor<[n, m], f32>, %d: !relax.tensor<*, f32>)
    -> !relax.tensor<[n + 1 - 1, n * 2 + 1, (n + m) floordiv 2, n mod 4, min(n, m), max(n, 8)], f32> {
  %y = relax.match_cast %d : !relax.tensor<*, f32> -> !relax.tensor<[n + 1 - 1, n * 2 + 1, (n + m) floordiv 2, n mod 4, min(n, m), max(n, 8)], f32>
  relax.return %y : !relax.tensor<[n + 1 - 1, n * 2 + 1, (n + m) floordiv 2, n mod 4, min(n, m), max(n, 8)], f32>
}

// CHECK-LABEL: relax.func @other_types
// CHECK-SAME: %{{.*}}: !relax.shape<[n, 4]>
// CHECK-SAME: %{{.*}}: !relax.shape<[]>
// CHECK-SAME: %{{.*}}: !relax.shape<*>
// CHECK-SAME: %{{.*}}: !relax.object
// CHECK-SAME: %{{.*}}: !relax.storage
// CHECK-SAME: %{{.*}}: tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
// CHECK-SAME: %{{.*}}: tuple<>
// CHECK-SAME: %{{.*}}: tuple<tuple<!relax.object>, i64>
// CHECK-SAME: %{{.*}}: i64
// CHECK-SAME: %{{.*}}: f32
// CHECK-SAME: %{{.*}}: index
// CHECK-SAME: -> (!relax.shape<[n, 4]>, !relax.object)
relax.func @other_types(%a: !relax.shape<[n, 4]>,
                        %b: !relax.shape<[]>,
                        %c: !relax.shape<*>,
                        %d: !relax.object,
                        %e: !relax.storage,
                        %f: tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>,
                        %g: tuple<>,
                        %h: tuple<tuple<!relax.object>, i64>,
                        %i: i64, %j: f32, %k: index)
    -> (!relax.shape<[n, 4]>, !relax.object) {
  relax.return %a, %d : !relax.shape<[n, 4]>, !relax.object
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @no_results()
// CHECK-NEXT: return{{$}}
relax.func @no_results() {
  relax.return
}

// CHECK-LABEL: relax.func @identity
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: return %[[X]] : !relax.tensor<[n, 4], f32>
relax.func @identity(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  relax.return %x : !relax.tensor<[n, 4], f32>
}

// CHECK-LABEL: relax.func @constrained
// CHECK-SAME: attributes {sym.constraints = [#sym.range<n in [1, 4096]>, #sym.divisible<m, 8>]}
relax.func @constrained(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<[n, m], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 4096]>, #sym.divisible<m, 8>]} {
  relax.return %x : !relax.tensor<[n, m], f32>
}

// A result may be less precise than the value returned.
// CHECK-LABEL: relax.func @return_refinement
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
// CHECK-NEXT: return %[[X]] : !relax.tensor<[n, 4], f32>
relax.func @return_refinement(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> {
  relax.return %x : !relax.tensor<[n, 4], f32>
}

// External declarations have no body.
// CHECK-LABEL: relax.func private @ext(!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>{{$}}
relax.func private @ext(!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>

// CHECK-LABEL: relax.func private @ext_multi(!relax.tensor<[n, m], f16>, !relax.object) -> (!relax.tensor<[m, n], f16>, !relax.shape<[n]>){{$}}
relax.func private @ext_multi(!relax.tensor<[n, m], f16>, !relax.object) -> (!relax.tensor<[m, n], f16>, !relax.shape<[n]>)

//===----------------------------------------------------------------------===//
// Dataflow regions
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @dataflow_no_results
// CHECK: dataflow {
// CHECK-NEXT: {{(relax\.)?}}output{{$}}
// CHECK-NEXT: }
relax.func @dataflow_no_results(%x: !relax.tensor<[n], f32>) {
  relax.dataflow {
    relax.output
  }
  relax.return
}

// CHECK-LABEL: relax.func @dataflow_one_result
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK: %[[R:.*]] = dataflow -> !relax.tensor<[n], f32> {
// CHECK-NEXT: %[[Y:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]]) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: {{(relax\.)?}}output %[[Y]] : !relax.tensor<[n], f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !relax.tensor<[n], f32>
relax.func @dataflow_one_result(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %y = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %y : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}

// CHECK-LABEL: relax.func @dataflow_several_results
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK: %[[R:.*]]:3 = dataflow -> !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32> {
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape_of %[[X]]
// CHECK-NEXT: {{(relax\.)?}}output %[[X]], %[[S]], %[[X]] : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2 : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>
relax.func @dataflow_several_results(%x: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<*, f32>) {
  %r:3 = relax.dataflow -> !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32> {
    %s = relax.shape_of %x : !relax.tensor<[n], f32>
    relax.output %x, %s, %x : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>
  }
  relax.return %r#0, %r#1, %r#2 : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>
}

// A match_cast inside a dataflow region binds variables for later ops and
// for the region's results.
// CHECK-LABEL: relax.func @dataflow_match_cast
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<*, f32>)
// CHECK: %[[R:.*]] = dataflow -> !relax.tensor<[k], f32> {
// CHECK-NEXT: %[[C:.*]] = {{(relax\.)?}}match_cast %[[X]] : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
// CHECK-NEXT: %[[Y:.*]] = {{(relax\.)?}}call_tir @relu(%[[C]]) : (!relax.tensor<[k], f32>) -> !relax.tensor<[k], f32>
// CHECK-NEXT: {{(relax\.)?}}output %[[Y]]
// CHECK: %[[S:.*]] = shape [2 * k]
relax.func @dataflow_match_cast(%x: !relax.tensor<*, f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<[k], f32> {
    %c = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
    %y = relax.call_tir @relu(%c) : (!relax.tensor<[k], f32>) -> !relax.tensor<[k], f32>
    relax.output %y : !relax.tensor<[k], f32>
  }
  %s = relax.shape [2 * k]
  relax.return %r : !relax.tensor<[k], f32>
}

//===----------------------------------------------------------------------===//
// match_cast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @match_cast_tensor
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<*, f32>, %[[Y:.*]]: !relax.tensor<[n, ?], f32>)
// CHECK-NEXT: %[[A:.*]] = match_cast %[[X]] : !relax.tensor<*, f32> -> !relax.tensor<[k, 2 * k], f32>
// CHECK-NEXT: %[[B:.*]] = match_cast %[[Y]] : !relax.tensor<[n, ?], f32> -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: %[[C:.*]] = match_cast %[[B]] : !relax.tensor<[n, 4], f32> -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: return %[[A]]
relax.func @match_cast_tensor(%x: !relax.tensor<*, f32>, %y: !relax.tensor<[n, ?], f32>)
    -> !relax.tensor<*, f32> {
  %a = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k, 2 * k], f32>
  %b = relax.match_cast %y : !relax.tensor<[n, ?], f32> -> !relax.tensor<[n, 4], f32>
  %c = relax.match_cast %b : !relax.tensor<[n, 4], f32> -> !relax.tensor<[n, 4], f32>
  relax.return %a : !relax.tensor<[k, 2 * k], f32>
}

// CHECK-LABEL: relax.func @match_cast_shape
// CHECK-SAME: (%[[S:.*]]: !relax.shape<*>)
// CHECK-NEXT: %[[A:.*]] = match_cast %[[S]] : !relax.shape<*> -> !relax.shape<[a, b]>
// CHECK-NEXT: return %[[A]] : !relax.shape<[a, b]>
relax.func @match_cast_shape(%s: !relax.shape<*>) -> !relax.shape<*> {
  %a = relax.match_cast %s : !relax.shape<*> -> !relax.shape<[a, b]>
  relax.return %a : !relax.shape<[a, b]>
}

// CHECK-LABEL: relax.func @match_cast_tuple
// CHECK-SAME: (%[[T:.*]]: tuple<!relax.tensor<*, f32>, !relax.shape<*>>)
// CHECK-NEXT: match_cast %[[T]] : tuple<!relax.tensor<*, f32>, !relax.shape<*>> -> tuple<!relax.tensor<[n], f32>, !relax.shape<[n, 2]>>
relax.func @match_cast_tuple(%t: tuple<!relax.tensor<*, f32>, !relax.shape<*>>) {
  %a = relax.match_cast %t : tuple<!relax.tensor<*, f32>, !relax.shape<*>> -> tuple<!relax.tensor<[n], f32>, !relax.shape<[n, 2]>>
  relax.return
}

// An opaque object may be cast to anything.
// CHECK-LABEL: relax.func @match_cast_object
// CHECK-SAME: (%[[O:.*]]: !relax.object)
// CHECK-NEXT: match_cast %[[O]] : !relax.object -> !relax.tensor<[n], f16>
// CHECK-NEXT: match_cast %[[O]] : !relax.object -> !relax.shape<[n]>
// CHECK-NEXT: match_cast %[[O]] : !relax.object -> tuple<!relax.tensor<[n], f16>, !relax.object>
relax.func @match_cast_object(%o: !relax.object) {
  %a = relax.match_cast %o : !relax.object -> !relax.tensor<[n], f16>
  %b = relax.match_cast %o : !relax.object -> !relax.shape<[n]>
  %c = relax.match_cast %o : !relax.object -> tuple<!relax.tensor<[n], f16>, !relax.object>
  relax.return
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func private @ext_multi_f32
relax.func private @ext_multi_f32(!relax.tensor<[p, q], f32>, !relax.object) -> (!relax.tensor<[q, p], f32>, !relax.shape<[p]>)

// The callee's parameters are deduced from the arguments: p := n, q := 4.
// CHECK-LABEL: relax.func @call
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>, %[[O:.*]]: !relax.object)
// CHECK-NEXT: %[[A:.*]] = call @identity(%[[X]]) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: %[[B:.*]] = call @identity(%[[A]]) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
// CHECK-NEXT: %[[C:.*]]:2 = call @ext_multi_f32(%[[X]], %[[O]]) : (!relax.tensor<[n, 4], f32>, !relax.object) -> (!relax.tensor<[4, n], f32>, !relax.shape<[n]>)
// CHECK-NEXT: call @no_results() : () -> ()
// CHECK-NEXT: return %[[B]]
relax.func @call(%x: !relax.tensor<[n, 4], f32>, %o: !relax.object) -> !relax.tensor<*, f32> {
  %a = relax.call @identity(%x) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  %b = relax.call @identity(%a) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %c:2 = relax.call @ext_multi_f32(%x, %o) : (!relax.tensor<[n, 4], f32>, !relax.object) -> (!relax.tensor<[4, n], f32>, !relax.shape<[n]>)
  relax.call @no_results() : () -> ()
  relax.return %b : !relax.tensor<*, f32>
}

// CHECK-LABEL: relax.func @call_tir
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>, %[[V:.*]]: !relax.tensor<[n], f32>)
// CHECK-NEXT: %[[A:.*]] = call_tir @add(%[[X]], %[[X]]) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
// CHECK-NEXT: %[[B:.*]]:2 = call_tir @split(%[[V]]) : (!relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
// CHECK-NEXT: return %[[A]], %[[B]]#1
relax.func @call_tir(%x: !relax.tensor<[n, 4], f32>, %v: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n, 4], f32>, !relax.tensor<[n], f32>) {
  %a = relax.call_tir @add(%x, %x) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  %b:2 = relax.call_tir @split(%v) : (!relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return %a, %b#1 : !relax.tensor<[n, 4], f32>, !relax.tensor<[n], f32>
}

// CHECK-LABEL: relax.func @call_tir_inplace
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[Y:.*]]: !relax.tensor<[n], f32>, %[[Z:.*]]: !relax.tensor<[n], f32>, %[[W:.*]]: !relax.tensor<[n], f32>)
// CHECK-NEXT: %[[A:.*]] = call_tir_inplace @relu_(%[[X]]) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[B:.*]] = call_tir_inplace @relu(%[[Y]]) inplace [-1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[C:.*]]:2 = call_tir_inplace @axpy_(%[[Z]], %[[W]]) inplace [0, -1] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]]#0, %[[C]]#1
relax.func @call_tir_inplace(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>,
                             %z: !relax.tensor<[n], f32>, %w: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>) {
  %a = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %b = relax.call_tir_inplace @relu(%y) inplace [-1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %c:2 = relax.call_tir_inplace @axpy_(%z, %w) inplace [0, -1] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return %a, %b, %c#0, %c#1 : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}

// CHECK-LABEL: relax.func @call_library
// CHECK-SAME: (%[[A:.*]]: !relax.tensor<[m, k], f16>, %[[B:.*]]: !relax.tensor<[k, n], f16>, %[[O:.*]]: !relax.object)
// CHECK-NEXT: %[[C:.*]] = call_library "cublas.matmul"(%[[A]], %[[B]]) : (!relax.tensor<[m, k], f16>, !relax.tensor<[k, n], f16>) -> !relax.tensor<[m, n], f16>
// CHECK-NEXT: call_library "kv_cache.append"(%[[O]], %[[C]]) : (!relax.object, !relax.tensor<[m, n], f16>) -> ()
// CHECK-NEXT: return %[[C]]
relax.func @call_library(%a: !relax.tensor<[m, k], f16>, %b: !relax.tensor<[k, n], f16>, %o: !relax.object)
    -> !relax.tensor<[m, n], f16> {
  %c = relax.call_library "cublas.matmul"(%a, %b) : (!relax.tensor<[m, k], f16>, !relax.tensor<[k, n], f16>) -> !relax.tensor<[m, n], f16>
  relax.call_library "kv_cache.append"(%o, %c) : (!relax.object, !relax.tensor<[m, n], f16>) -> ()
  relax.return %c : !relax.tensor<[m, n], f16>
}

//===----------------------------------------------------------------------===//
// Shapes, tuples and constants
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @shape_of
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, 4], f32>, %[[Y:.*]]: !relax.tensor<[?, n], f32>, %[[Z:.*]]: !relax.tensor<*, f32>, %[[W:.*]]: !relax.tensor<[], i64>)
// CHECK-NEXT: %[[A:.*]] = shape_of %[[X]] : <[n, 4], f32>
// CHECK-NEXT: %[[B:.*]] = shape_of %[[Y]] : <[?, n], f32>
// CHECK-NEXT: %[[C:.*]] = shape_of %[[Z]] : <*, f32>
// CHECK-NEXT: %[[D:.*]] = shape_of %[[W]] : <[], i64>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]] : !relax.shape<[n, 4]>, !relax.shape<[?, n]>, !relax.shape<*>, !relax.shape<[]>
relax.func @shape_of(%x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[?, n], f32>,
                     %z: !relax.tensor<*, f32>, %w: !relax.tensor<[], i64>)
    -> (!relax.shape<[n, 4]>, !relax.shape<[?, n]>, !relax.shape<*>, !relax.shape<[]>) {
  %a = relax.shape_of %x : !relax.tensor<[n, 4], f32>
  %b = relax.shape_of %y : !relax.tensor<[?, n], f32>
  %c = relax.shape_of %z : !relax.tensor<*, f32>
  %d = relax.shape_of %w : !relax.tensor<[], i64>
  relax.return %a, %b, %c, %d : !relax.shape<[n, 4]>, !relax.shape<[?, n]>, !relax.shape<*>, !relax.shape<[]>
}

// CHECK-LABEL: relax.func @shape
// CHECK-NEXT: %[[A:.*]] = shape [n, 4]
// CHECK-NEXT: %[[B:.*]] = shape [2 * n + 1, n floordiv 2]
// CHECK-NEXT: %[[C:.*]] = shape []
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]] : !relax.shape<[n, 4]>, !relax.shape<[2 * n + 1, n floordiv 2]>, !relax.shape<[]>
relax.func @shape(%x: !relax.tensor<[n], f32>)
    -> (!relax.shape<[n, 4]>, !relax.shape<[2 * n + 1, n floordiv 2]>, !relax.shape<[]>) {
  %a = relax.shape [n, 4]
  %b = relax.shape [n * 2 + 1, n floordiv 2]
  %c = relax.shape []
  relax.return %a, %b, %c : !relax.shape<[n, 4]>, !relax.shape<[2 * n + 1, n floordiv 2]>, !relax.shape<[]>
}

// CHECK-LABEL: relax.func @tuple
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[S:.*]]: !relax.shape<[n]>, %[[E:.*]]: tuple<>)
// CHECK-NEXT: %[[T:.*]] = tuple(%[[X]], %[[S]] : !relax.tensor<[n], f32>, !relax.shape<[n]>)
// CHECK-NEXT: %[[N:.*]] = tuple(%[[T]], %[[E]] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>, tuple<>)
// CHECK-NEXT: %[[G0:.*]] = tuple_get %[[T]][0] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
// CHECK-NEXT: %[[G1:.*]] = tuple_get %[[T]][1] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
// CHECK-NEXT: %[[G2:.*]] = tuple_get %[[N]][1] : tuple<tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>, tuple<>>
// CHECK-NEXT: %[[EMPTY:.*]] = tuple(){{$}}
// CHECK-NEXT: return %[[G0]], %[[G1]], %[[G2]], %[[EMPTY]] : !relax.tensor<[n], f32>, !relax.shape<[n]>, tuple<>, tuple<>
relax.func @tuple(%x: !relax.tensor<[n], f32>, %s: !relax.shape<[n]>, %e: tuple<>)
    -> (!relax.tensor<[n], f32>, !relax.shape<[n]>, tuple<>, tuple<>) {
  %t = relax.tuple(%x, %s : !relax.tensor<[n], f32>, !relax.shape<[n]>)
  %n = relax.tuple(%t, %e : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>, tuple<>)
  %g0 = relax.tuple_get %t[0] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
  %g1 = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
  %g2 = relax.tuple_get %n[1] : tuple<tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>, tuple<>>
  %empty = relax.tuple()
  relax.return %g0, %g1, %g2, %empty : !relax.tensor<[n], f32>, !relax.shape<[n]>, tuple<>, tuple<>
}

// CHECK-LABEL: relax.func @constant
// CHECK-NEXT: %[[A:.*]] = constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: %[[B:.*]] = constant dense<[1, 2, 3]> : tensor<3xi64>
// CHECK-NEXT: %[[C:.*]] = constant dense<7> : tensor<i32>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]] : !relax.tensor<[2, 3], f32>, !relax.tensor<[3], i64>, !relax.tensor<[], i32>
relax.func @constant() -> (!relax.tensor<[2, 3], f32>, !relax.tensor<[3], i64>, !relax.tensor<[], i32>) {
  %a = relax.constant dense<1.0> : tensor<2x3xf32>
  %b = relax.constant dense<[1, 2, 3]> : tensor<3xi64>
  %c = relax.constant dense<7> : tensor<i32>
  relax.return %a, %b, %c : !relax.tensor<[2, 3], f32>, !relax.tensor<[3], i64>, !relax.tensor<[], i32>
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

// CHECK-LABEL: relax.func @memory
// CHECK-NEXT: %[[S:.*]] = alloc_storage size(16 * n){{$}}
// CHECK-NEXT: %[[S2:.*]] = alloc_storage size(1024) {alignment = 128 : i64}
// CHECK-NEXT: %[[T:.*]] = alloc_tensor %[[S]][0] : <[n, 4], f32>
// CHECK-NEXT: %[[U:.*]] = alloc_tensor %[[S2]][8 * n] : <[2, 4], f16>
// CHECK-NEXT: kill_tensor %[[T]] : <[n, 4], f32>
// CHECK-NEXT: kill_tensor %[[U]] : <[2, 4], f16>
// CHECK-NEXT: kill_storage %[[S]]
// CHECK-NEXT: kill_storage %[[S2]]
// CHECK-NEXT: return
relax.func @memory(%x: !relax.tensor<[n], f32>) {
  %s = relax.alloc_storage size(16 * n)
  %s2 = relax.alloc_storage size(1024) {alignment = 128 : i64}
  %t = relax.alloc_tensor %s[0] : !relax.tensor<[n, 4], f32>
  %u = relax.alloc_tensor %s2[n * 8] : !relax.tensor<[2, 4], f16>
  relax.kill_tensor %t : !relax.tensor<[n, 4], f32>
  relax.kill_tensor %u : !relax.tensor<[2, 4], f16>
  relax.kill_storage %s
  relax.kill_storage %s2
  relax.return
}

// The default alignment is not printed.
// CHECK-LABEL: relax.func @default_alignment
// CHECK-NEXT: alloc_storage size(64){{$}}
relax.func @default_alignment() {
  %s = relax.alloc_storage size(64) {alignment = 64 : i64}
  relax.return
}

// A function that takes the results of its transform last.
// CHECK-LABEL: relax.func @weights_transform
// CHECK-SAME: (%{{.*}}: !relax.tensor<[2, 3], f32> {relax.param_name = "w"}) -> !relax.tensor<[3, 2], f32>
// CHECK-LABEL: relax.func @uses_transform
// CHECK-SAME: attributes {relax.transform_params = @weights_transform}
relax.func @weights_transform(%w: !relax.tensor<[2, 3], f32> {relax.param_name = "w"}) -> !relax.tensor<[3, 2], f32> {
  %t = relax.permute_dims %w : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[3, 2], f32>
  relax.return %t : !relax.tensor<[3, 2], f32>
}
relax.func @uses_transform(%x: !relax.tensor<[n, 2], f32>, %wt: !relax.tensor<[3, 2], f32>) -> !relax.tensor<*, f32>
    attributes {relax.transform_params = @weights_transform} {
  %y = relax.matmul %x, %wt {transpose_b = true} : (!relax.tensor<[n, 2], f32>, !relax.tensor<[3, 2], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}
