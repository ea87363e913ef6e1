// RUN: relax-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// sym.dim
//===----------------------------------------------------------------------===//

func.func @dim_not_shaped(%x: index) {
  // expected-error @+1 {{'sym.dim' op expects a shaped source, got 'index'}}
  %d = sym.dim %x[0] : index
  return
}

// -----

func.func @dim_unranked_tensor(%x: tensor<*xf32>) {
  // expected-error @+1 {{'sym.dim' op expects a source of known rank, got 'tensor<*xf32>'}}
  %d = sym.dim %x[0] : tensor<*xf32>
  return
}

// -----

func.func @dim_unranked_relax_tensor(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'sym.dim' op expects a source of known rank, got '!relax.tensor<*, f32>'}}
  %d = sym.dim %x[0] : !relax.tensor<*, f32>
  return
}

// -----

func.func @dim_unranked_relax_shape(%x: !relax.shape<*>) {
  // expected-error @+1 {{'sym.dim' op expects a source of known rank, got '!relax.shape<*>'}}
  %d = sym.dim %x[0] : !relax.shape<*>
  return
}

// -----

func.func @dim_index_too_big(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{'sym.dim' op dim index 2 is out of range for rank 2}}
  %d = sym.dim %x[2] : tensor<?x4xf32>
  return
}

// -----

func.func @dim_index_negative(%x: memref<?xf32>) {
  // expected-error @+1 {{'sym.dim' op dim index -1 is out of range for rank 1}}
  %d = sym.dim %x[-1] : memref<?xf32>
  return
}

// -----

func.func @dim_index_rank_zero(%x: !relax.shape<[]>) {
  // expected-error @+1 {{'sym.dim' op dim index 0 is out of range for rank 0}}
  %d = sym.dim %x[0] : !relax.shape<[]>
  return
}

// -----

//===----------------------------------------------------------------------===//
// sym.eval
//===----------------------------------------------------------------------===//

func.func @eval_count_mismatch(%a: index) {
  // expected-error @+1 {{'sym.eval' op binds 2 variables to 1 values}}
  %r = "sym.eval"(%a) <{expr = #sym.expr<n>, vars = ["n", "m"]}> : (index) -> index
  return
}

// -----

func.func @eval_duplicate_binding(%a: index, %b: index) {
  // expected-error @+1 {{'sym.eval' op binds variable 'n' twice}}
  %r = sym.eval <n>(n = %a, n = %b)
  return
}

// -----

func.func @eval_unbound_variable(%a: index) {
  // expected-error @+1 {{'sym.eval' op does not bind variable 'm'}}
  %r = sym.eval <n + m>(n = %a)
  return
}

// -----

func.func @eval_unbound_in_atom(%a: index) {
  // expected-error @+1 {{'sym.eval' op does not bind variable 'k'}}
  %r = sym.eval <min(n, k floordiv 2)>(n = %a)
  return
}

// -----

func.func @eval_non_index(%a: i64) {
  // expected-error @+1 {{'sym.eval' op operand #0 must be variadic of index, but got 'i64'}}
  %r = "sym.eval"(%a) <{expr = #sym.expr<n>, vars = ["n"]}> : (i64) -> index
  return
}

// -----

//===----------------------------------------------------------------------===//
// #sym.range and #sym.divisible
//===----------------------------------------------------------------------===//

// expected-error @+1 {{empty range for 'n': 5 > 4}}
func.func private @range_empty() attributes {r = #sym.range<n in [5, 4]>}

// -----

// expected-error @+1 {{range of 'n' needs a lower or an upper bound}}
func.func private @range_open() attributes {r = #sym.range<n in [?, ?]>}

// -----

// expected-error @+1 {{divisor of 'n' must be positive, got 0}}
func.func private @divisible_zero() attributes {d = #sym.divisible<n, 0>}

// -----

// expected-error @+1 {{divisor of 'n' must be positive, got -4}}
func.func private @divisible_negative() attributes {d = #sym.divisible<n, -4>}

// -----

//===----------------------------------------------------------------------===//
// sym.constraints and unknown dialect attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'sym.constraints' is only valid on functions}}
module attributes {sym.constraints = [#sym.range<n in [1, 8]>]} {
}

// -----

// expected-error @+1 {{'sym.constraints' must be an array of constraints}}
func.func private @constraints_not_array() attributes {sym.constraints = #sym.range<n in [1, 8]>}

// -----

// expected-error @+1 {{expected #sym.range or #sym.divisible in 'sym.constraints', got #sym.expr<n>}}
func.func private @constraints_bad_element() attributes {sym.constraints = [#sym.range<n in [1, 8]>, #sym.expr<n>]}

// -----

// expected-error @+1 {{unknown sym dialect attribute 'sym.foo'}}
func.func private @unknown_attr() attributes {sym.foo = 1}

// -----

// expected-error @+1 {{unknown sym dialect attribute 'sym.shape'}}
func.func private @shape_as_op_attr() attributes {sym.shape = #sym.shape<[n]>}

// -----

//===----------------------------------------------------------------------===//
// sym.shape argument attribute
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown sym dialect attribute 'sym.foo' on argument #0}}
func.func @unknown_arg_attr(%a: tensor<?xf32> {sym.foo = 1}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 must be a #sym.shape}}
func.func @shape_not_shape_attr(%a: tensor<?xf32> {sym.shape = #sym.expr<n>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' on argument #1 needs a ranked shaped type, got 'index'}}
func.func @shape_not_shaped(%a: index, %b: index {sym.shape = #sym.shape<[n]>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' on argument #0 needs a ranked shaped type, got 'tensor<*xf32>'}}
func.func @shape_unranked(%a: tensor<*xf32> {sym.shape = #sym.shape<[n]>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 has rank 1 but the type has rank 2}}
func.func @shape_rank_mismatch(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n]>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 leaves dim 1 unknown}}
func.func @shape_unknown_dim(%a: memref<?x?xf32> {sym.shape = #sym.shape<[n, ?]>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 gives dim 1 as 8 but the type has static size 4}}
func.func @shape_static_mismatch(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 8]>}) {
  return
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 gives dim 0 as n but the type has static size 4}}
func.func @shape_symbolic_for_static(%a: tensor<4xf32> {sym.shape = #sym.shape<[n]>}) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Expression parse errors
//===----------------------------------------------------------------------===//

// expected-error @+1 {{division by zero in symbolic expression}}
func.func private @floordiv_zero() attributes {e = #sym.expr<n floordiv 0>}

// -----

// expected-error @+1 {{division by zero in symbolic expression}}
func.func private @mod_zero() attributes {e = #sym.expr<n mod 0>}

// -----

// The divisor is checked after it is canonicalized.
// expected-error @+1 {{division by zero in symbolic expression}}
func.func private @floordiv_folds_to_zero() attributes {e = #sym.expr<n floordiv (m - m)>}

// -----

// expected-error @+1 {{expected symbolic expression}}
func.func private @missing_operand() attributes {e = #sym.expr<n +>}

// -----

// expected-error @+1 {{expected operand before 'floordiv'}}
func.func private @floordiv_no_lhs() attributes {e = #sym.expr<floordiv 2>}

// -----

// expected-error @+1 {{expected operand before 'mod'}}
func.func private @mod_no_lhs() attributes {e = #sym.expr<mod 2>}

// -----

// expected-error @+1 {{symbolic expression overflows 64-bit integers}}
func.func private @overflow_add() attributes {e = #sym.expr<9223372036854775807 + 1>}

// -----

// expected-error @+1 {{symbolic expression overflows 64-bit integers}}
func.func private @overflow_mul() attributes {e = #sym.expr<4611686018427387904 * n * 2>}

// -----

// expected-error-re @+1 {{{{integer value too large|symbolic expression overflows 64-bit integers}}}}
func.func private @integer_too_large() attributes {e = #sym.expr<9223372036854775808>}

// -----

// expected-error @+1 {{expected at least one operand}}
func.func private @min_no_operands() attributes {e = #sym.expr<min()>}

// -----

// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
func.func private @unbalanced_paren() attributes {e = #sym.expr<(n + 1>}

// -----

// expected-error @+1 {{dim must be non-negative, got -1}}
func.func private @shape_negative_dim() attributes {s = #sym.shape<[n, -1]>}

// -----

// expected-error @+1 {{dim must be non-negative, got -2}}
func.func private @shape_negative_dim_expr() attributes {s = #sym.shape<[n - n - 2]>}

// -----

// expected-error @+1 {{'sym.shape' of result #0 has rank 2 but the type has rank 1}}
func.func private @result_shape_rank(tensor<?xf32>) -> (tensor<?xf32> {sym.shape = #sym.shape<[n, 2]>})

// -----

//===----------------------------------------------------------------------===//
// sym.assume
//===----------------------------------------------------------------------===//

func.func @assume_empty_range(%x: index) {
  // expected-error @+1 {{'sym.assume' op has an empty range: 8 > 4}}
  %y = sym.assume %x in [8, 4]
  return
}

// -----

func.func @assume_zero_divisor(%x: index) {
  // expected-error @+1 {{'sym.assume' op divisor must be positive, got 0}}
  %y = sym.assume %x in [1, 4] divisible 0
  return
}

// -----

func.func @assume_negative_divisor(%x: index) {
  // expected-error @+1 {{'sym.assume' op divisor must be positive, got -8}}
  %y = sym.assume %x divisible -8
  return
}

// -----

func.func @assume_no_multiple(%x: index) {
  // expected-error @+1 {{'sym.assume' op range [1, 7] holds no multiple of 8}}
  %y = sym.assume %x in [1, 7] divisible 8
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @assume_not_index(%x: i64) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'index' vs 'i64'}}
  %y = sym.assume %x in [1, 7]
  return
}

// -----

func.func @assume_generic_type(%x: i64) {
  // expected-error @+1 {{'sym.assume' op operand #0 must be index, but got 'i64'}}
  %y = "sym.assume"(%x) : (i64) -> i64
  return
}

// -----

func.func @assume_missing_bracket(%x: index) {
  // expected-error @+1 {{expected '['}}
  %y = sym.assume %x in 1, 4]
  return
}
