// RUN: relax-opt %s --relax-to-non-dataflow -split-input-file | FileCheck %s

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// CHECK-LABEL: relax.func @single_result
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK-NOT: dataflow
// CHECK-NOT: output
// CHECK: %[[Y:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]]) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: return %[[Y]] : !relax.tensor<[n], f32>
relax.func @single_result(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %y = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %y : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// Results are rewired to the values the region outputs, including a value
// defined outside the region and one output twice.
// CHECK-LABEL: relax.func @several_results
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK-NOT: dataflow
// CHECK-NOT: output
// CHECK: %[[A:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]])
// CHECK-NEXT: %[[B:.*]] = {{(relax\.)?}}call_tir @relu(%[[A]])
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape_of %[[B]]
// CHECK-NEXT: return %[[B]], %[[S]], %[[X]], %[[B]] : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
relax.func @several_results(%x: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>, !relax.tensor<*, f32>) {
  %r:4 = relax.dataflow -> !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32> {
    %a = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %b = relax.call_tir @relu(%a) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %s = relax.shape_of %b : !relax.tensor<[n], f32>
    relax.output %b, %s, %x, %b : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
  }
  relax.return %r#0, %r#1, %r#2, %r#3 : !relax.tensor<[n], f32>, !relax.shape<[n]>, !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// Uses of the results after the region, including ops with effects and a
// match_cast, see the inlined values.
// CHECK-LABEL: relax.func @uses_after_region
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>, %[[Z:.*]]: !relax.tensor<*, f32>)
// CHECK-NOT: dataflow
// CHECK-NOT: output
// CHECK: %[[Y:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]])
// CHECK-NEXT: %[[C:.*]] = {{(relax\.)?}}match_cast %[[Z]] : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
// CHECK-NEXT: %[[T:.*]] = {{(relax\.)?}}tuple(%[[Y]], %[[C]] : !relax.tensor<[n], f32>, !relax.tensor<[k], f32>)
// CHECK-NEXT: %[[G:.*]] = {{(relax\.)?}}tuple_get %[[T]][1]
// CHECK-NEXT: %[[W:.*]] = {{(relax\.)?}}call_tir @relu(%[[G]]) : (!relax.tensor<[k], f32>) -> !relax.tensor<[k], f32>
// CHECK-NEXT: kill_tensor %[[Y]] : <[n], f32>
// CHECK-NEXT: return %[[W]], %[[T]]
relax.func @uses_after_region(%x: !relax.tensor<[n], f32>, %z: !relax.tensor<*, f32>)
    -> (!relax.tensor<*, f32>, tuple<!relax.tensor<[n], f32>, !relax.tensor<*, f32>>) {
  %r:2 = relax.dataflow -> !relax.tensor<[n], f32>, !relax.tensor<*, f32> {
    %y = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %y, %z : !relax.tensor<[n], f32>, !relax.tensor<*, f32>
  }
  %c = relax.match_cast %r#1 : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  %t = relax.tuple(%r#0, %c : !relax.tensor<[n], f32>, !relax.tensor<[k], f32>)
  %g = relax.tuple_get %t[1] : tuple<!relax.tensor<[n], f32>, !relax.tensor<[k], f32>>
  %w = relax.call_tir @relu(%g) : (!relax.tensor<[k], f32>) -> !relax.tensor<[k], f32>
  relax.kill_tensor %r#0 : !relax.tensor<[n], f32>
  relax.return %w, %t : !relax.tensor<[k], f32>, tuple<!relax.tensor<[n], f32>, !relax.tensor<[k], f32>>
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// Two regions in one function, the second using the first's result; ops
// between and after the regions keep their order.
// CHECK-LABEL: relax.func @two_regions
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[n], f32>)
// CHECK-NOT: dataflow
// CHECK-NOT: output
// CHECK: %[[A:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]])
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}alloc_storage size(4 * n)
// CHECK-NEXT: %[[B:.*]] = {{(relax\.)?}}call_tir @relu(%[[A]])
// CHECK-NEXT: %[[SH:.*]] = {{(relax\.)?}}shape_of %[[B]]
// CHECK-NEXT: kill_storage %[[S]]
// CHECK-NEXT: return %[[B]], %[[SH]]
// CHECK-NOT: dataflow
// CHECK-NOT: output
// CHECK: }
relax.func @two_regions(%x: !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.shape<[n]>) {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %a = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %a : !relax.tensor<[n], f32>
  }
  %st = relax.alloc_storage size(4 * n)
  %q:2 = relax.dataflow -> !relax.tensor<[n], f32>, !relax.shape<[n]> {
    %b = relax.call_tir @relu(%r) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %s = relax.shape_of %b : !relax.tensor<[n], f32>
    relax.output %b, %s : !relax.tensor<[n], f32>, !relax.shape<[n]>
  }
  relax.kill_storage %st
  relax.return %q#0, %q#1 : !relax.tensor<[n], f32>, !relax.shape<[n]>
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// Regions are inlined in every function, not only in @main; a region with
// no results and an empty region disappear.
// CHECK-LABEL: relax.func @helper
// CHECK-SAME: (%[[X:.*]]: !relax.tensor<[m], f32>)
// CHECK-NEXT: %[[A:.*]] = {{(relax\.)?}}call_tir @relu(%[[X]])
// CHECK-NEXT: %[[S:.*]] = {{(relax\.)?}}shape_of %[[A]]
// CHECK-NEXT: return %[[A]]
// CHECK-LABEL: relax.func @main
// CHECK-SAME: (%[[Y:.*]]: !relax.tensor<[n], f32>)
// CHECK-NEXT: %[[C:.*]] = {{(relax\.)?}}call @helper(%[[Y]])
// CHECK-NEXT: return %[[C]]
// CHECK-NOT: dataflow
// CHECK-NOT: output
relax.func @helper(%x: !relax.tensor<[m], f32>) -> !relax.tensor<[m], f32> {
  %r = relax.dataflow -> !relax.tensor<[m], f32> {
    %a = relax.call_tir @relu(%x) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
    relax.output %a : !relax.tensor<[m], f32>
  }
  relax.dataflow {
    %s = relax.shape_of %r : !relax.tensor<[m], f32>
    relax.output
  }
  relax.return %r : !relax.tensor<[m], f32>
}

relax.func @main(%y: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  relax.dataflow {
    relax.output
  }
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    %c = relax.call @helper(%y) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %c : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}
