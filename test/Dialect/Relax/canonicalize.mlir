// RUN: relax-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: relax.func @shape_of_known
// CHECK-NOT: shape_of
// CHECK: %[[S:.*]] = {{(relax\.)?}}shape [n, 4]
// CHECK-NEXT: return %[[S]] : !relax.shape<[n, 4]>
relax.func @shape_of_known(%x: !relax.tensor<[n, 4], f32>) -> !relax.shape<[n, 4]> {
  %s = relax.shape_of %x : !relax.tensor<[n, 4], f32>
  relax.return %s : !relax.shape<[n, 4]>
}

// -----

// CHECK-LABEL: relax.func @shape_of_known_expr
// CHECK: %[[S:.*]] = {{(relax\.)?}}shape [2 * n + 1, 3, n floordiv 2]
// CHECK-NEXT: return %[[S]]
relax.func @shape_of_known_expr(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[2 * n + 1, 3, n floordiv 2], f16>)
    -> !relax.shape<[2 * n + 1, 3, n floordiv 2]> {
  %s = relax.shape_of %y : !relax.tensor<[2 * n + 1, 3, n floordiv 2], f16>
  relax.return %s : !relax.shape<[2 * n + 1, 3, n floordiv 2]>
}

// -----

// CHECK-LABEL: relax.func @shape_of_rank0
// CHECK: %[[S:.*]] = {{(relax\.)?}}shape []
// CHECK-NEXT: return %[[S]] : !relax.shape<[]>
relax.func @shape_of_rank0(%x: !relax.tensor<[], i64>) -> !relax.shape<[]> {
  %s = relax.shape_of %x : !relax.tensor<[], i64>
  relax.return %s : !relax.shape<[]>
}

// -----

// CHECK-LABEL: relax.func @shape_of_unknown_dim
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n, ?], f32>)
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape_of %[[X]]
// CHECK-NEXT: return %[[S]] : !relax.shape<[n, ?]>
relax.func @shape_of_unknown_dim(%x: !relax.tensor<[n, ?], f32>) -> !relax.shape<[n, ?]> {
  %s = relax.shape_of %x : !relax.tensor<[n, ?], f32>
  relax.return %s : !relax.shape<[n, ?]>
}

// -----

// CHECK-LABEL: relax.func @shape_of_unranked
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<*, f32>)
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape_of %[[X]]
// CHECK-NEXT: return %[[S]] : !relax.shape<*>
relax.func @shape_of_unranked(%x: !relax.tensor<*, f32>) -> !relax.shape<*> {
  %s = relax.shape_of %x : !relax.tensor<*, f32>
  relax.return %s : !relax.shape<*>
}

// -----

// CHECK-LABEL: relax.func @shape_of_in_dataflow
// CHECK: dataflow -> !relax.shape<[n]> {
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape [n]
// CHECK-NEXT: {{(relax\.)?}}output %[[S]]
relax.func @shape_of_in_dataflow(%x: !relax.tensor<[n], f32>) -> !relax.shape<[n]> {
  %r = relax.dataflow -> !relax.shape<[n]> {
    %s = relax.shape_of %x : !relax.tensor<[n], f32>
    relax.output %s : !relax.shape<[n]>
  }
  relax.return %r : !relax.shape<[n]>
}

// -----

// CHECK-LABEL: relax.func @tuple_get_of_tuple
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[S:.*]]: !relax.shape<[n]>)
// CHECK-NOT: tuple
// CHECK: return %[[S]], %[[X]] : !relax.shape<[n]>, !relax.tensor<[n], f32>
relax.func @tuple_get_of_tuple(%x: !relax.tensor<[n], f32>, %s: !relax.shape<[n]>)
    -> (!relax.shape<[n]>, !relax.tensor<[n], f32>) {
  %t = relax.tuple(%x, %s : !relax.tensor<[n], f32>, !relax.shape<[n]>)
  %a = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
  %b = relax.tuple_get %t[0] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
  relax.return %a, %b : !relax.shape<[n]>, !relax.tensor<[n], f32>
}

// -----

// CHECK-LABEL: relax.func @tuple_get_of_nested_tuple
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[O:.*]]: !relax.object)
// CHECK-NOT: tuple
// CHECK: return %[[O]] : !relax.object
relax.func @tuple_get_of_nested_tuple(%x: !relax.tensor<[n], f32>, %o: !relax.object) -> !relax.object {
  %t = relax.tuple(%x, %o : !relax.tensor<[n], f32>, !relax.object)
  %u = relax.tuple(%t, %x : tuple<!relax.tensor<[n], f32>, !relax.object>, !relax.tensor<[n], f32>)
  %a = relax.tuple_get %u[0] : tuple<tuple<!relax.tensor<[n], f32>, !relax.object>, !relax.tensor<[n], f32>>
  %b = relax.tuple_get %a[1] : tuple<!relax.tensor<[n], f32>, !relax.object>
  relax.return %b : !relax.object
}

// -----

// A tuple that is not built by relax.tuple stays.
// CHECK-LABEL: relax.func @tuple_get_of_argument
// CHECK-SAME: (%[[T:.*]]: tuple<!relax.tensor<[n], f32>, !relax.object>)
// CHECK-NEXT: %[[G:.*]] = {{(relax\.)?}}tuple_get %[[T]][1]
// CHECK-NEXT: return %[[G]]
relax.func @tuple_get_of_argument(%t: tuple<!relax.tensor<[n], f32>, !relax.object>) -> !relax.object {
  %g = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, !relax.object>
  relax.return %g : !relax.object
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// Unused pure ops are removed; a match_cast with an unused result is kept,
// since its check may fail and the variables it binds are used later.
// CHECK-LABEL: relax.func @dead_code
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[Y:.*]]: !relax.tensor<*, f32>)
// CHECK-NOT: call_tir
// CHECK-NOT: tuple
// CHECK-NOT: constant
// CHECK-NOT: shape_of
// CHECK: match_cast %[[Y]] : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape [k]
// CHECK-NEXT: return %[[S]] : !relax.shape<[k]>
relax.func @dead_code(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<*, f32>) -> !relax.shape<*> {
  %a = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %t = relax.tuple(%a, %x : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  %c = relax.constant dense<1.0> : tensor<2xf32>
  %s0 = relax.shape_of %y : !relax.tensor<*, f32>
  %m = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  %s = relax.shape [k]
  relax.return %s : !relax.shape<[k]>
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

// Graph functions are pure: an unused relax.call is removed too.
// CHECK-LABEL: relax.func @dead_call
// CHECK-NEXT: return{{$}}
relax.func @dead_call(%x: !relax.tensor<[n], f32>) {
  %a = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// Memory ops have effects and are kept.
// CHECK-LABEL: relax.func @memory_kept
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}alloc_storage size(64)
// CHECK-NEXT: %[[T:.*]] = {{(relax\.)?}}alloc_tensor %[[S]][0]
// CHECK-NEXT: kill_tensor %[[T]]
// CHECK-NEXT: kill_storage %[[S]]
relax.func @memory_kept() {
  %s = relax.alloc_storage size(64)
  %t = relax.alloc_tensor %s[0] : !relax.tensor<[4], f32>
  relax.kill_tensor %t : !relax.tensor<[4], f32>
  relax.kill_storage %s
  relax.return
}
