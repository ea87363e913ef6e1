// RUN: relax-opt %s -canonicalize -split-input-file | FileCheck %s
// RUN: relax-opt %s -canonicalize -split-input-file | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func @eval_var
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK-NEXT: return %[[A]]
func.func @eval_var(%a: index) -> index {
  %r = sym.eval <n>(n = %a)
  return %r : index
}

// -----

// The expression reduces to a single variable once the constants are
// substituted.
// CHECK-LABEL: func @eval_reduces_to_var
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK-NEXT: return %[[A]]
func.func @eval_reduces_to_var(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %r = sym.eval <n * m>(n = %c1, m = %a)
  return %r : index
}

// -----

// CHECK-LABEL: func @eval_partial
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK: %[[C:.*]] = arith.constant 3 : index
// CHECK: %[[R:.*]] = sym.eval <m + 2 * n> (n = %[[C]], m = %[[A]])
// CHECK: return %[[R]]
func.func @eval_partial(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %r = sym.eval <2 * n + m>(n = %c3, m = %a)
  return %r : index
}

// -----

// CHECK-LABEL: func @eval_no_constants
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[R:.*]] = sym.eval <m + n> (n = %[[A]], m = %[[B]])
// CHECK: return %[[R]]
func.func @eval_no_constants(%a: index, %b: index) -> index {
  %r = sym.eval <n + m>(n = %a, m = %b)
  return %r : index
}

// -----

// Division by zero is not folded.
// CHECK-LABEL: func @eval_division_by_zero
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[R:.*]] = sym.eval <n floordiv m> (n = %{{.*}}, m = %[[Z]])
// CHECK: return %[[R]]
func.func @eval_division_by_zero(%a: index) -> index {
  %c0 = arith.constant 0 : index
  %r = sym.eval <n floordiv m>(n = %a, m = %c0)
  return %r : index
}

// -----

// CHECK-LABEL: func @eval_unused_dead
// CHECK-NEXT: return
func.func @eval_unused_dead(%a: index) {
  %r = sym.eval <n + 1>(n = %a)
  return
}

// -----

// CHECK-LABEL: func @assert_eq_same_operand
// CHECK-NOT: sym.assert_eq
// CHECK: return
func.func @assert_eq_same_operand(%a: index) {
  sym.assert_eq %a, %a, "always true"
  return
}

// -----

// CHECK-LABEL: func @assert_eq_equal_constants
// CHECK-NOT: sym.assert_eq
// CHECK: return
func.func @assert_eq_equal_constants() {
  %c4 = arith.constant 4 : index
  %d4 = arith.constant 4 : index
  sym.assert_eq %c4, %d4, "4 == 4"
  return
}

// -----

// CHECK-LABEL: func @assert_eq_different_constants
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: sym.assert_eq %[[C4]], %[[C5]], "never true"
func.func @assert_eq_different_constants() {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  sym.assert_eq %c4, %c5, "never true"
  return
}

// -----

// CHECK-LABEL: func @assert_eq_unknown
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: sym.assert_eq %[[A]], %[[B]], "unknown"
func.func @assert_eq_unknown(%a: index, %b: index) {
  sym.assert_eq %a, %b, "unknown"
  return
}

// -----

// An assert that is not erased is kept even though it has no users.
// CHECK-LABEL: func @assert_eq_kept_with_dead_operands
// CHECK: %[[R:.*]] = sym.eval <n + 1> (n = %[[A:.*]])
// CHECK: sym.assert_eq %[[A]], %[[R]], "n == n + 1"
func.func @assert_eq_kept_with_dead_operands(%a: index) {
  %r = sym.eval <n + 1>(n = %a)
  sym.assert_eq %a, %r, "n == n + 1"
  return
}

// -----

// FOLD-LABEL: func @eval_all_constants
// FOLD-NEXT: %[[C:.*]] = arith.constant 17 : index
// FOLD-NEXT: return %[[C]]
func.func @eval_all_constants() -> index {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r = sym.eval <4 * n + m floordiv 2 + min(n, m)>(n = %c3, m = %c5)
  return %r : index
}

// -----

// Floor semantics are used when folding.
// FOLD-LABEL: func @eval_floor_semantics
// FOLD-DAG: %[[A:.*]] = arith.constant -4 : index
// FOLD-DAG: %[[B:.*]] = arith.constant 1 : index
// FOLD: return %[[A]], %[[B]]
func.func @eval_floor_semantics() -> (index, index) {
  %c = arith.constant -7 : index
  %q = sym.eval <n floordiv 2>(n = %c)
  %r = sym.eval <n mod 2>(n = %c)
  return %q, %r : index, index
}

// -----

// FOLD-LABEL: func @eval_no_bindings
// FOLD-NEXT: %[[C:.*]] = arith.constant 4 : index
// FOLD-NEXT: return %[[C]]
func.func @eval_no_bindings() -> index {
  %r = sym.eval <4>
  return %r : index
}

// -----

// FOLD-LABEL: func @assert_eq_folded_eval
// FOLD-NOT: sym.assert_eq
// FOLD: return
func.func @assert_eq_folded_eval() {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %r = sym.eval <2 * n>(n = %c2)
  sym.assert_eq %c4, %r, "folds to 4 == 4"
  return
}
