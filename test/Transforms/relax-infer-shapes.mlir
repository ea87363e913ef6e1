// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// A recursion-free chain of three functions: callees are refined first, and
// each call deduces its callee's variables from its arguments.

// CHECK-LABEL: relax.func private @leaf
// CHECK-SAME: -> !relax.tensor<[2 * m, 4], f32>
// CHECK: concat {{.*}} -> !relax.tensor<[2 * m, 4], f32>
relax.func private @leaf(%x: !relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32> {
  %y = relax.concat %x, %x {axis = 0} : (!relax.tensor<[m, 4], f32>, !relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}
// CHECK-LABEL: relax.func private @middle
// CHECK-SAME: -> !relax.tensor<[4 * k, 4], f32>
// CHECK: %[[A:.*]] = call @leaf(%{{.*}}) : (!relax.tensor<[k, 4], f32>) -> !relax.tensor<[2 * k, 4], f32>
// CHECK: call @leaf(%[[A]]) : (!relax.tensor<[2 * k, 4], f32>) -> !relax.tensor<[4 * k, 4], f32>
relax.func private @middle(%x: !relax.tensor<[k, 4], f32>) -> !relax.tensor<*, f32> {
  %y = relax.call @leaf(%x) : (!relax.tensor<[k, 4], f32>) -> !relax.tensor<*, f32>
  %z = relax.call @leaf(%y) : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
// CHECK-LABEL: relax.func @top
// CHECK-SAME: -> !relax.tensor<[4 * n, 4], f32>
// CHECK: call @middle(%{{.*}}) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[4 * n, 4], f32>
relax.func @top(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> {
  %y = relax.call @middle(%x) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

// A callee that returns a tuple; the caller reads a field.

// CHECK-LABEL: relax.func private @pair
// CHECK-SAME: -> tuple<!relax.tensor<[a, b], f32>, !relax.tensor<[b, a], f32>>
relax.func private @pair(%x: !relax.tensor<[a, b], f32>) -> tuple<!relax.tensor<*, f32>, !relax.tensor<*, f32>> {
  %t = relax.permute_dims %x : (!relax.tensor<[a, b], f32>) -> !relax.tensor<*, f32>
  %r = relax.tuple(%x, %t : !relax.tensor<[a, b], f32>, !relax.tensor<*, f32>)
  relax.return %r : tuple<!relax.tensor<[a, b], f32>, !relax.tensor<*, f32>>
}
// CHECK-LABEL: relax.func @use_pair
// CHECK-SAME: -> !relax.tensor<[n, 2], f32>
// CHECK: %[[P:.*]] = call @pair(%{{.*}}) : (!relax.tensor<[2, n], f32>) -> tuple<!relax.tensor<[2, n], f32>, !relax.tensor<[n, 2], f32>>
// CHECK: tuple_get %[[P]][1] : tuple<!relax.tensor<[2, n], f32>, !relax.tensor<[n, 2], f32>>
relax.func @use_pair(%x: !relax.tensor<[2, n], f32>) -> !relax.tensor<*, f32> {
  %p = relax.call @pair(%x) : (!relax.tensor<[2, n], f32>) -> tuple<!relax.tensor<*, f32>, !relax.tensor<*, f32>>
  %t = relax.tuple_get %p[1] : tuple<!relax.tensor<*, f32>, !relax.tensor<*, f32>>
  relax.return %t : !relax.tensor<*, f32>
}

// -----

// A call whose arguments must be equal for the callee but are not known to
// be: a run-time check is inserted before it.

relax.func private @square(%x: !relax.tensor<[a, a], f32>) -> !relax.tensor<[a, a], f32>

// CHECK-LABEL: relax.func @call_square
// CHECK: %[[S:.*]] = shape [q]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.call @square: argument dim 1 must equal p"} : !relax.shape<[q]> -> !relax.shape<[p]>
// CHECK-NEXT: call @square(%{{.*}}) : (!relax.tensor<[p, q], f32>) -> !relax.tensor<[p, p], f32>
relax.func @call_square(%y: !relax.tensor<[p, q], f32>) -> !relax.tensor<*, f32> {
  %r = relax.call @square(%y) : (!relax.tensor<[p, q], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

// -----

// Branches that disagree give unknown dims; what both share is kept.

// CHECK-LABEL: relax.func @branches
// CHECK-SAME: -> !relax.tensor<[?, 4], f32>
// CHECK: if %{{.*}} : i1 -> !relax.tensor<[?, 4], f32>
relax.func @branches(%c: i1, %x: !relax.tensor<[n, 4], f32>, %y: !relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32> {
  %r = relax.if %c : i1 -> !relax.tensor<*, f32> {
    %a = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
    relax.yield %a : !relax.tensor<*, f32>
  } else {
    %b = relax.exp %y : (!relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32>
    relax.yield %b : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}

// CHECK-LABEL: relax.func @branches_agree
// CHECK-SAME: -> !relax.tensor<[n, 4], f32>
relax.func @branches_agree(%c: !relax.tensor<[], i1>, %x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32> {
  %r = relax.if %c : !relax.tensor<[], i1> -> !relax.tensor<*, f32> {
    %a = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
    relax.yield %a : !relax.tensor<*, f32>
  } else {
    relax.yield %x : !relax.tensor<[n, 4], f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}

// -----

// match_cast binds variables from run-time values and teaches the prover
// the equalities it checks: the add needs no run-time check.

// CHECK-LABEL: relax.func @learn_from_match_cast
// CHECK-NOT: shape [
// CHECK: add %{{.*}}, %{{.*}} : (!relax.tensor<[k], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[k], f32>
relax.func @learn_from_match_cast(%x: !relax.tensor<*, f32>, %y: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  %c = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  %c2 = relax.match_cast %y : !relax.tensor<[n], f32> -> !relax.tensor<[k], f32>
  %s = relax.add %c, %y : (!relax.tensor<[k], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return %s : !relax.tensor<*, f32>
}

// The returned value uses a variable bound inside the body: the declared
// result keeps an unknown dim.
// CHECK-LABEL: relax.func @local_variable
// CHECK-SAME: -> !relax.tensor<[?], f32>
relax.func @local_variable(%x: !relax.tensor<*, f32>) -> !relax.tensor<*, f32> {
  %c = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  relax.return %c : !relax.tensor<[k], f32>
}

// -----

// Broadcasting n against m needs a run-time check; afterwards the prover
// knows m == n and the second add needs none.

// CHECK-LABEL: relax.func @check_once
// CHECK: %[[S:.*]] = shape [m]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.add: broadcast: operand #1 dim 0: expected m == n"}
// CHECK-NEXT: %[[A:.*]] = add {{.*}} -> !relax.tensor<[n], f32>
// CHECK-NOT: match_cast
// CHECK: add %[[A]], {{.*}} -> !relax.tensor<[n], f32>
relax.func @check_once(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %a = relax.add %x, %y : (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
    %b = relax.add %a, %y : (!relax.tensor<*, f32>, !relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
    relax.output %b : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}

// -----

// Constraints decide what would otherwise need a check.

// CHECK-LABEL: relax.func @slice_under_constraints
// CHECK: strided_slice {{.*}} -> !relax.tensor<[s, 64], f32>
relax.func @slice_under_constraints(%table: !relax.tensor<[4096, 64], f32>, %x: !relax.tensor<[s], f32>) -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<s in [1, 4096]>]} {
  %t = relax.strided_slice %table {axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[s]>} : (!relax.tensor<[4096, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %t : !relax.tensor<*, f32>
}

// -----

// A divisibility the prover cannot show is checked at run time.
// CHECK-LABEL: relax.func @group_norm_divisibility
// CHECK: %[[S:.*]] = shape [c mod 4]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.group_norm: channel count c modulo 4: expected c mod 4 == 0"} : !relax.shape<[c mod 4]> -> !relax.shape<[0]>
// CHECK-NEXT: group_norm
relax.func @group_norm_divisibility(%x: !relax.tensor<[n, c, h, w], f32>, %g: !relax.tensor<[c], f32>) -> !relax.tensor<*, f32> {
  %r = relax.group_norm %x, %g, %g {num_groups = 4 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

// A dim that the constraints pin to 1 broadcasts like a literal 1.
// CHECK-LABEL: relax.func @broadcast_proven_one
// CHECK-NOT: match_cast
// CHECK: add {{.*}} -> !relax.tensor<[4], f32>
relax.func @broadcast_proven_one(%x: !relax.tensor<[o], f32>, %y: !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<o in [1, 1]>]} {
  %r = relax.add %x, %y : (!relax.tensor<[o], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

// -----

// The inferred dim of a reshape by a symbolic row count is a division that
// must leave no remainder: checked at run time.
// CHECK-LABEL: relax.func @reshape_symbolic_rows
// CHECK: %[[S:.*]] = shape [m * n]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.reshape: element count: expected m * n == k * (m * n floordiv k)"}
// CHECK-NEXT: reshape {{.*}} -> !relax.tensor<[k, m * n floordiv k], f32>
relax.func @reshape_symbolic_rows(%x: !relax.tensor<[n, m], f32>, %y: !relax.tensor<[k], f32>) -> !relax.tensor<*, f32> {
  %r = relax.reshape %x {shape = #sym.shape<[k, ?]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

// -----

// call_tir keeps its written output annotation, and later ops are inferred
// from it.
tprog.func private @twice(%a: tensor<?xf32> {sym.shape = #sym.shape<[k]>},
                          %o: tensor<?xf32> {sym.shape = #sym.shape<[j]>, tprog.output}) -> tensor<?xf32>

// CHECK-LABEL: relax.func @through_call_tir
// CHECK-SAME: -> !relax.tensor<[2 * n], f32>
// CHECK: %[[T:.*]] = call_tir @twice(%{{.*}}) : (!relax.tensor<[n], f32>) -> !relax.tensor<[2 * n], f32>
// CHECK: exp %[[T]] : (!relax.tensor<[2 * n], f32>) -> !relax.tensor<[2 * n], f32>
relax.func @through_call_tir(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  %t = relax.call_tir @twice(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[2 * n], f32>
  %e = relax.exp %t : (!relax.tensor<[2 * n], f32>) -> !relax.tensor<*, f32>
  relax.return %e : !relax.tensor<*, f32>
}
