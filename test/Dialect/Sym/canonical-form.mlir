// RUN: relax-opt %s | FileCheck %s
// RUN: relax-opt %s | relax-opt | FileCheck %s

//===----------------------------------------------------------------------===//
// Constant folding. Division and modulus round toward negative infinity; the
// result of `mod` takes the sign of the divisor.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @const_add()
// CHECK-SAME: e = #sym.expr<3>}
func.func private @const_add() attributes {e = #sym.expr<1 + 2>}

// CHECK-LABEL: func private @const_sub_neg()
// CHECK-SAME: e = #sym.expr<-2>}
func.func private @const_sub_neg() attributes {e = #sym.expr<3 - 5>}

// CHECK-LABEL: func private @const_mul()
// CHECK-SAME: e = #sym.expr<-21>}
func.func private @const_mul() attributes {e = #sym.expr<-3 * 7>}

// CHECK-LABEL: func private @const_neg_neg()
// CHECK-SAME: e = #sym.expr<4>}
func.func private @const_neg_neg() attributes {e = #sym.expr<-(-4)>}

// CHECK-LABEL: func private @const_floordiv_pos()
// CHECK-SAME: e = #sym.expr<3>}
func.func private @const_floordiv_pos() attributes {e = #sym.expr<7 floordiv 2>}

// CHECK-LABEL: func private @const_floordiv_neg()
// CHECK-SAME: e = #sym.expr<-4>}
func.func private @const_floordiv_neg() attributes {e = #sym.expr<-7 floordiv 2>}

// CHECK-LABEL: func private @const_floordiv_neg_divisor()
// CHECK-SAME: e = #sym.expr<-4>}
func.func private @const_floordiv_neg_divisor() attributes {e = #sym.expr<7 floordiv -2>}

// CHECK-LABEL: func private @const_mod_pos()
// CHECK-SAME: e = #sym.expr<1>}
func.func private @const_mod_pos() attributes {e = #sym.expr<7 mod 3>}

// CHECK-LABEL: func private @const_mod_neg()
// CHECK-SAME: e = #sym.expr<2>}
func.func private @const_mod_neg() attributes {e = #sym.expr<-7 mod 3>}

// CHECK-LABEL: func private @const_mod_neg_divisor()
// CHECK-SAME: e = #sym.expr<-2>}
func.func private @const_mod_neg_divisor() attributes {e = #sym.expr<7 mod -3>}

// CHECK-LABEL: func private @const_mod_both_neg()
// CHECK-SAME: e = #sym.expr<-1>}
func.func private @const_mod_both_neg() attributes {e = #sym.expr<-7 mod -3>}

// CHECK-LABEL: func private @const_precedence()
// CHECK-SAME: e = #sym.expr<11>}
func.func private @const_precedence() attributes {e = #sym.expr<2 + 3 * 4 - 10 floordiv 3>}

// CHECK-LABEL: func private @const_first_order()
// CHECK-SAME: e = #sym.expr<n + 1>}
func.func private @const_first_order() attributes {e = #sym.expr<1 + n>}

//===----------------------------------------------------------------------===//
// Variables, commutativity and associativity: operands are sorted.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @var()
// CHECK-SAME: e = #sym.expr<n>}
func.func private @var() attributes {e = #sym.expr<n>}

// CHECK-LABEL: func private @commute_a()
// CHECK-SAME: e = #sym.expr<m + n>}
func.func private @commute_a() attributes {e = #sym.expr<m + n>}

// CHECK-LABEL: func private @commute_b()
// CHECK-SAME: e = #sym.expr<m + n>}
func.func private @commute_b() attributes {e = #sym.expr<n + m>}

// CHECK-LABEL: func private @commute_mul()
// CHECK-SAME: e = #sym.expr<m * n>}
func.func private @commute_mul() attributes {e = #sym.expr<n * m>}

// CHECK-LABEL: func private @assoc()
// CHECK-SAME: e = #sym.expr<2 * a + b + c>}
func.func private @assoc() attributes {e = #sym.expr<(a + b) + (c + a)>}

//===----------------------------------------------------------------------===//
// Collecting like terms and cancelling.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @collect()
// CHECK-SAME: e = #sym.expr<5 * n>}
func.func private @collect() attributes {e = #sym.expr<n * 4 + n>}

// CHECK-LABEL: func private @collect_mixed()
// CHECK-SAME: e = #sym.expr<m + n + 2>}
func.func private @collect_mixed() attributes {e = #sym.expr<2 * n + 3 - n + m - 1>}

// CHECK-LABEL: func private @cancel()
// CHECK-SAME: e = #sym.expr<0>}
func.func private @cancel() attributes {e = #sym.expr<n - n>}

// CHECK-LABEL: func private @cancel_poly()
// CHECK-SAME: e = #sym.expr<0>}
func.func private @cancel_poly() attributes {e = #sym.expr<(n + m) * 2 - 2 * m - n - n>}

//===----------------------------------------------------------------------===//
// Distributing constants and expanding products of sums.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @distribute()
// CHECK-SAME: e = #sym.expr<3 * n + 6>}
func.func private @distribute() attributes {e = #sym.expr<3 * (n + 2)>}

// CHECK-LABEL: func private @distribute_neg()
// CHECK-SAME: e = #sym.expr<m - n - 1>}
func.func private @distribute_neg() attributes {e = #sym.expr<-(n - m + 1)>}

// CHECK-LABEL: func private @expand_product()
// CHECK-SAME: e = #sym.expr<n * n - 1>}
func.func private @expand_product() attributes {e = #sym.expr<(n + 1) * (n - 1)>}

// CHECK-LABEL: func private @expand_square()
// CHECK-SAME: e = #sym.expr<m * m + 2 * m * n + n * n>}
func.func private @expand_square() attributes {e = #sym.expr<(n + m) * (n + m)>}

// CHECK-LABEL: func private @expand_cube_terms()
// CHECK-SAME: e = #sym.expr<a * b * c + 2 * a * c + b * c + 2 * c>}
func.func private @expand_cube_terms() attributes {e = #sym.expr<(a + 1) * (b + 2) * c>}

//===----------------------------------------------------------------------===//
// Subtraction and negation printing.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @sub_const()
// CHECK-SAME: e = #sym.expr<n - 1>}
func.func private @sub_const() attributes {e = #sym.expr<n - 1>}

// CHECK-LABEL: func private @neg_var()
// CHECK-SAME: e = #sym.expr<-n>}
func.func private @neg_var() attributes {e = #sym.expr<-n>}

// CHECK-LABEL: func private @neg_first()
// CHECK-SAME: e = #sym.expr<m - n>}
func.func private @neg_first() attributes {e = #sym.expr<m - n>}

// CHECK-LABEL: func private @neg_coeff()
// CHECK-SAME: e = #sym.expr<-3 * n + 2>}
func.func private @neg_coeff() attributes {e = #sym.expr<-3 * n + 2>}

// CHECK-LABEL: func private @neg_only_terms()
// CHECK-SAME: e = #sym.expr<-m - n>}
func.func private @neg_only_terms() attributes {e = #sym.expr<-n - m>}

// CHECK-LABEL: func private @neg_fd()
// CHECK-SAME: e = #sym.expr<-(n floordiv 2)>}
func.func private @neg_fd() attributes {e = #sym.expr<-(n floordiv 2)>}

//===----------------------------------------------------------------------===//
// floordiv by constants.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @fd_exact()
// CHECK-SAME: e = #sym.expr<n>}
func.func private @fd_exact() attributes {e = #sym.expr<(4 * n) floordiv 4>}

// CHECK-LABEL: func private @fd_split()
// CHECK-SAME: e = #sym.expr<n>}
func.func private @fd_split() attributes {e = #sym.expr<(4 * n + 2) floordiv 4>}

// CHECK-LABEL: func private @fd_gcd()
// CHECK-SAME: e = #sym.expr<n floordiv 2>}
func.func private @fd_gcd() attributes {e = #sym.expr<(2 * n) floordiv 4>}

// CHECK-LABEL: func private @fd_split_const()
// CHECK-SAME: e = #sym.expr<n floordiv 2 + 2>}
func.func private @fd_split_const() attributes {e = #sym.expr<(n + 4) floordiv 2>}

// CHECK-LABEL: func private @fd_split_poly()
// CHECK-SAME: e = #sym.expr<2 * n + m floordiv 3 + 1>}
func.func private @fd_split_poly() attributes {e = #sym.expr<(6 * n + m + 3) floordiv 3>}

// CHECK-LABEL: func private @fd_neg_coeff()
// CHECK-SAME: e = #sym.expr<-n>}
func.func private @fd_neg_coeff() attributes {e = #sym.expr<(-4 * n + 1) floordiv 4>}

// CHECK-LABEL: func private @fd_nested()
// CHECK-SAME: e = #sym.expr<n floordiv 6>}
func.func private @fd_nested() attributes {e = #sym.expr<(n floordiv 2) floordiv 3>}

// CHECK-LABEL: func private @fd_nested_with_offset()
// CHECK-SAME: e = #sym.expr<(n floordiv 2 + 1) floordiv 3>}
func.func private @fd_nested_with_offset() attributes {e = #sym.expr<(n floordiv 2 + 1) floordiv 3>}

// CHECK-LABEL: func private @fd_one()
// CHECK-SAME: e = #sym.expr<m * n + 3>}
func.func private @fd_one() attributes {e = #sym.expr<(n * m + 3) floordiv 1>}

// CHECK-LABEL: func private @fd_neg_divisor()
// CHECK-SAME: e = #sym.expr<-n + n floordiv 2>}
func.func private @fd_neg_divisor() attributes {e = #sym.expr<n floordiv -2>}

// CHECK-LABEL: func private @fd_zero_lhs_var_divisor()
// CHECK-SAME: e = #sym.expr<0>}
func.func private @fd_zero_lhs_var_divisor() attributes {e = #sym.expr<0 floordiv n>}

// CHECK-LABEL: func private @fd_var_divisor()
// CHECK-SAME: e = #sym.expr<n floordiv m>}
func.func private @fd_var_divisor() attributes {e = #sym.expr<n floordiv m>}

// CHECK-LABEL: func private @fd_expr_divisor()
// CHECK-SAME: e = #sym.expr<(n + 1) floordiv (2 * m)>}
func.func private @fd_expr_divisor() attributes {e = #sym.expr<(n + 1) floordiv (m * 2)>}

// CHECK-LABEL: func private @fd_in_product()
// CHECK-SAME: e = #sym.expr<2 * (n floordiv 3)>}
func.func private @fd_in_product() attributes {e = #sym.expr<2 * (n floordiv 3)>}

// CHECK-LABEL: func private @fd_times_var()
// CHECK-SAME: e = #sym.expr<2 * m * (n floordiv 3)>}
func.func private @fd_times_var() attributes {e = #sym.expr<(n floordiv 3) * m + m * (n floordiv 3)>}

// CHECK-LABEL: func private @fd_of_min()
// CHECK-SAME: e = #sym.expr<min(m, n) floordiv 2>}
func.func private @fd_of_min() attributes {e = #sym.expr<min(n, m) floordiv 2>}

// CHECK-LABEL: func private @fd_neg_inner()
// CHECK-SAME: e = #sym.expr<-m - n + (2 * m + 2 * n) floordiv 3>}
func.func private @fd_neg_inner() attributes {e = #sym.expr<(n + m) floordiv (0 - 3)>}

// CHECK-LABEL: func private @fd_multi_var()
// CHECK-SAME: e = #sym.expr<a + a * b floordiv 2>}
func.func private @fd_multi_var() attributes {e = #sym.expr<(a * b + 2 * a) floordiv 2>}

//===----------------------------------------------------------------------===//
// mod by constants.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @mod_exact()
// CHECK-SAME: e = #sym.expr<2>}
func.func private @mod_exact() attributes {e = #sym.expr<(4 * n + 2) mod 4>}

// CHECK-LABEL: func private @mod_split()
// CHECK-SAME: e = #sym.expr<(n + 1) mod 4>}
func.func private @mod_split() attributes {e = #sym.expr<(n + 5) mod 4>}

// CHECK-LABEL: func private @mod_gcd()
// CHECK-SAME: e = #sym.expr<2 * ((3 * n + 2) mod 4)>}
func.func private @mod_gcd() attributes {e = #sym.expr<(6 * n + 4) mod 8>}

// CHECK-LABEL: func private @mod_one()
// CHECK-SAME: e = #sym.expr<0>}
func.func private @mod_one() attributes {e = #sym.expr<n mod 1>}

// CHECK-LABEL: func private @mod_nested()
// CHECK-SAME: e = #sym.expr<n mod 4>}
func.func private @mod_nested() attributes {e = #sym.expr<(n mod 8) mod 4>}

// CHECK-LABEL: func private @mod_nested_not_multiple()
// CHECK-SAME: e = #sym.expr<n mod 6 mod 4>}
func.func private @mod_nested_not_multiple() attributes {e = #sym.expr<(n mod 6) mod 4>}

// CHECK-LABEL: func private @mod_neg_divisor()
// CHECK-SAME: e = #sym.expr<-(2 * n mod 3)>}
func.func private @mod_neg_divisor() attributes {e = #sym.expr<n mod -3>}

// CHECK-LABEL: func private @mod_neg_coeff()
// CHECK-SAME: e = #sym.expr<3 * n mod 4>}
func.func private @mod_neg_coeff() attributes {e = #sym.expr<(-n) mod 4>}

// CHECK-LABEL: func private @mod_var_divisor()
// CHECK-SAME: e = #sym.expr<n mod m>}
func.func private @mod_var_divisor() attributes {e = #sym.expr<n mod m>}

// CHECK-LABEL: func private @mod_zero_lhs_var()
// CHECK-SAME: e = #sym.expr<0>}
func.func private @mod_zero_lhs_var() attributes {e = #sym.expr<0 mod m>}

// CHECK-LABEL: func private @mod_in_sum()
// CHECK-SAME: e = #sym.expr<4 * (n floordiv 4) + n mod 4>}
func.func private @mod_in_sum() attributes {e = #sym.expr<n mod 4 + n floordiv 4 * 4>}

// CHECK-LABEL: func private @mod_of_sum_in_fd()
// CHECK-SAME: e = #sym.expr<(n + 1) mod 3 floordiv 2>}
func.func private @mod_of_sum_in_fd() attributes {e = #sym.expr<((n + 1) mod 3) floordiv 2>}

//===----------------------------------------------------------------------===//
// min and max.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @min_const()
// CHECK-SAME: e = #sym.expr<1>}
func.func private @min_const() attributes {e = #sym.expr<min(3, 5, 1)>}

// CHECK-LABEL: func private @max_const()
// CHECK-SAME: e = #sym.expr<3>}
func.func private @max_const() attributes {e = #sym.expr<max(3, -5, 1)>}

// CHECK-LABEL: func private @min_dominated()
// CHECK-SAME: e = #sym.expr<n>}
func.func private @min_dominated() attributes {e = #sym.expr<min(n + 1, n, n + 3)>}

// CHECK-LABEL: func private @max_dominated()
// CHECK-SAME: e = #sym.expr<n + 1>}
func.func private @max_dominated() attributes {e = #sym.expr<max(n + 1, n, n - 3)>}

// CHECK-LABEL: func private @min_single()
// CHECK-SAME: e = #sym.expr<n>}
func.func private @min_single() attributes {e = #sym.expr<min(n)>}

// CHECK-LABEL: func private @min_flatten()
// CHECK-SAME: e = #sym.expr<min(k, m, n)>}
func.func private @min_flatten() attributes {e = #sym.expr<min(min(n, m), k)>}

// CHECK-LABEL: func private @min_sort()
// CHECK-SAME: e = #sym.expr<min(128, m, n)>}
func.func private @min_sort() attributes {e = #sym.expr<min(n, m, 128)>}

// CHECK-LABEL: func private @min_dup()
// CHECK-SAME: e = #sym.expr<min(m, n)>}
func.func private @min_dup() attributes {e = #sym.expr<min(n, n, m)>}

// CHECK-LABEL: func private @max_flatten_dominated()
// CHECK-SAME: e = #sym.expr<max(8, n + 1)>}
func.func private @max_flatten_dominated() attributes {e = #sym.expr<max(max(n, 8), n + 1)>}

// CHECK-LABEL: func private @min_unrelated()
// CHECK-SAME: e = #sym.expr<min(n, 2 * n)>}
func.func private @min_unrelated() attributes {e = #sym.expr<min(n, 2 * n)>}

// CHECK-LABEL: func private @min_in_sum()
// CHECK-SAME: e = #sym.expr<2 * min(128, n)>}
func.func private @min_in_sum() attributes {e = #sym.expr<min(n, 128) + min(128, n)>}

// CHECK-LABEL: func private @min_times()
// CHECK-SAME: e = #sym.expr<m * min(128, n)>}
func.func private @min_times() attributes {e = #sym.expr<min(n, 128) * m>}

// CHECK-LABEL: func private @max_of_fd()
// CHECK-SAME: e = #sym.expr<max(1, n floordiv 2)>}
func.func private @max_of_fd() attributes {e = #sym.expr<max(n floordiv 2, 1)>}

//===----------------------------------------------------------------------===//
// Nested forms and parenthesization.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func private @product_then_fd()
// CHECK-SAME: e = #sym.expr<2 * n floordiv 3>}
func.func private @product_then_fd() attributes {e = #sym.expr<(2 * n) floordiv 3>}

// CHECK-LABEL: func private @nested_parens_fd()
// CHECK-SAME: e = #sym.expr<(n + 1) floordiv 4>}
func.func private @nested_parens_fd() attributes {e = #sym.expr<((n + 1) floordiv 2) floordiv 2>}

// CHECK-LABEL: func private @sum_minus_fd()
// CHECK-SAME: e = #sym.expr<m - 3 * (n floordiv 2)>}
func.func private @sum_minus_fd() attributes {e = #sym.expr<m - (n floordiv 2) * 3>}

// CHECK-LABEL: func private @mul_neg_const_fd()
// CHECK-SAME: e = #sym.expr<-(n floordiv 2) + 5>}
func.func private @mul_neg_const_fd() attributes {e = #sym.expr<(n floordiv 2) * -1 + 5>}

// Division by a constant rounds every remaining coefficient down into
// [0, d), so expressions that differ by a multiple of the divisor meet.
// CHECK-LABEL: func private @fd_unique_a()
// CHECK-SAME: e = #sym.expr<(n + 1) floordiv 2 - 2>}
func.func private @fd_unique_a() attributes {e = #sym.expr<(n - 3) floordiv 2>}
// CHECK-LABEL: func private @fd_unique_b()
// CHECK-SAME: e = #sym.expr<(n + 1) floordiv 2 - 2>}
func.func private @fd_unique_b() attributes {e = #sym.expr<(n + 1) floordiv 2 - 2>}
// CHECK-LABEL: func private @mod_unique_a()
// CHECK-SAME: e = #sym.expr<(n + 3) mod 4>}
func.func private @mod_unique_a() attributes {e = #sym.expr<(n - 1) mod 4>}
// CHECK-LABEL: func private @mod_unique_b()
// CHECK-SAME: e = #sym.expr<(n + 3) mod 4>}
func.func private @mod_unique_b() attributes {e = #sym.expr<(n + 7) mod 4>}

// INT64_MIN has no absolute value: it prints with its own sign and parses
// back.
// CHECK-LABEL: func private @int64_min()
// CHECK-SAME: e = #sym.expr<-9223372036854775808>, f = #sym.expr<m + -9223372036854775808 * n>, g = #sym.expr<n + -9223372036854775808>}
func.func private @int64_min() attributes {e = #sym.expr<-9223372036854775807 - 1>, f = #sym.expr<m - 9223372036854775807 * n - n>, g = #sym.expr<n - 9223372036854775807 - 1>}
