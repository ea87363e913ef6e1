// RUN: relax-opt %s --test-sym-prover -split-input-file -verify-diagnostics

// Each function lists facts in `test.facts`; the test pass answers them with
// a SymProver built from `sym.constraints` and `test.equalities`.

//===----------------------------------------------------------------------===//
// No constraints: canonical form and the default `v >= 0`
//===----------------------------------------------------------------------===//

// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: disproven}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: unknown}}
// expected-remark @below {{fact #4: unknown}}
// expected-remark @below {{fact #5: proven}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: disproven}}
// expected-remark @below {{fact #8: proven}}
// expected-remark @below {{fact #9: disproven}}
// expected-remark @below {{fact #10: proven}}
// expected-remark @below {{fact #11: unknown}}
// expected-remark @below {{fact #12: proven}}
// expected-remark @below {{fact #13: disproven}}
// expected-remark @below {{fact #14: proven}}
// expected-remark @below {{fact #15: disproven}}
// expected-remark @below {{fact #16: proven}}
// expected-remark @below {{fact #17: unknown}}
// expected-remark @below {{fact #18: disproven}}
func.func @no_constraints() attributes {test.facts = [
  ["eq", #sym.expr<(n + 1) * (n - 1)>, #sym.expr<n * n - 1>],
  ["eq", #sym.expr<n>, #sym.expr<n + 1>],
  ["eq", #sym.expr<2 * n>, #sym.expr<2 * m + 1>],
  ["eq", #sym.expr<n>, #sym.expr<m>],
  ["le", #sym.expr<n>, #sym.expr<m>],
  // #5
  ["le", #sym.expr<n>, #sym.expr<n + 1>],
  ["lt", #sym.expr<n>, #sym.expr<n + 1>],
  ["lt", #sym.expr<n>, #sym.expr<n>],
  ["le", #sym.expr<0>, #sym.expr<n>],
  ["le", #sym.expr<n + 1>, #sym.expr<n>],
  // #10
  ["positive", #sym.expr<n + 1>],
  ["positive", #sym.expr<n>],
  ["le", #sym.expr<n - m>, #sym.expr<n>],
  ["positive", #sym.expr<-n>],
  ["le", #sym.expr<n * m>, #sym.expr<n * m + m>],
  // #15
  ["eq", #sym.expr<n * n>, #sym.expr<-1>],
  ["eq", #sym.expr<(4 * n) floordiv 4>, #sym.expr<n>],
  ["le", #sym.expr<n * n>, #sym.expr<n>],
  ["eq", #sym.expr<3>, #sym.expr<4>]
]} {
  return
}

// -----

// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: disproven}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: disproven}}
// expected-remark @below {{fact #4: unknown}}
// expected-remark @below {{fact #5: disproven}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: proven}}
// expected-remark @below {{fact #8: disproven}}
// expected-remark @below {{fact #9: unknown}}
func.func @divisibility_of_coefficients() attributes {test.facts = [
  ["divisible", #sym.expr<6 * n + 4>, 2],
  ["divisible", #sym.expr<6 * n + 4>, 3],
  ["divisible", #sym.expr<4 * n + 2>, 4],
  ["divisible", #sym.expr<6 * n + 3>, 4],
  ["divisible", #sym.expr<n>, 2],
  // #5
  ["divisible", #sym.expr<2 * n + 1>, 2],
  ["divisible", #sym.expr<0>, 5],
  ["divisible", #sym.expr<n * m>, 1],
  ["eq", #sym.expr<4 * n + 2 * m>, #sym.expr<7>],
  ["divisible", #sym.expr<n>, 0]
]} {
  return
}

// -----

// Division, modulus, min and max without constraints. `n mod m < m` is
// unknown: `m` may be 0.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: proven}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: unknown}}
// expected-remark @below {{fact #8: disproven}}
// expected-remark @below {{fact #9: proven}}
// expected-remark @below {{fact #10: proven}}
// expected-remark @below {{fact #11: proven}}
// expected-remark @below {{fact #12: unknown}}
// expected-remark @below {{fact #13: proven}}
// expected-remark @below {{fact #14: unknown}}
// expected-remark @below {{fact #15: disproven}}
func.func @division_and_min_max() attributes {test.facts = [
  ["le", #sym.expr<n floordiv 2>, #sym.expr<n>],
  ["le", #sym.expr<(n floordiv 8) * 8>, #sym.expr<n>],
  ["lt", #sym.expr<n>, #sym.expr<(n floordiv 8) * 8 + 8>],
  ["le", #sym.expr<n>, #sym.expr<((n + 7) floordiv 8) * 8>],
  ["eq", #sym.expr<(n floordiv 8) * 8 + n mod 8>, #sym.expr<n>],
  // #5
  ["le", #sym.expr<n mod 8>, #sym.expr<7>],
  ["le", #sym.expr<n mod 8>, #sym.expr<n>],
  ["lt", #sym.expr<n mod m>, #sym.expr<m>],
  ["eq", #sym.expr<n mod 8>, #sym.expr<8>],
  ["le", #sym.expr<min(n, m)>, #sym.expr<n>],
  // #10
  ["le", #sym.expr<n>, #sym.expr<max(n, m)>],
  ["le", #sym.expr<min(n, m)>, #sym.expr<max(n, m)>],
  ["le", #sym.expr<max(n, m)>, #sym.expr<n>],
  ["eq", #sym.expr<min(n, n + 1)>, #sym.expr<n>],
  ["lt", #sym.expr<min(n, m)>, #sym.expr<m>],
  // #15
  ["lt", #sym.expr<max(n, m) + 1>, #sym.expr<min(n, m)>]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

// -----

// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: unknown}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: proven}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: unknown}}
// expected-remark @below {{fact #8: proven}}
// expected-remark @below {{fact #9: proven}}
// expected-remark @below {{fact #10: proven}}
// expected-remark @below {{fact #11: unknown}}
// expected-remark @below {{fact #12: proven}}
// expected-remark @below {{fact #13: proven}}
// expected-remark @below {{fact #14: proven}}
// expected-remark @below {{fact #15: proven}}
// expected-remark @below {{fact #16: proven}}
// expected-remark @below {{fact #17: unknown}}
// expected-remark @below {{fact #18: disproven}}
// expected-remark @below {{fact #19: disproven}}
// expected-remark @below {{fact #20: proven}}
// expected-remark @below {{fact #21: proven}}
// expected-remark @below {{fact #22: disproven}}
func.func @ranges() attributes {
  sym.constraints = [#sym.range<n in [1, 4096]>, #sym.range<m in [?, 512]>,
                     #sym.range<k in [3, 3]>],
  test.facts = [
  ["le", #sym.expr<n * 2>, #sym.expr<8192>],
  ["le", #sym.expr<n * 2>, #sym.expr<8191>],
  ["lt", #sym.expr<n * 2>, #sym.expr<8193>],
  ["positive", #sym.expr<n>],
  ["eq", #sym.expr<min(n, 4096)>, #sym.expr<n>],
  // #5
  ["eq", #sym.expr<max(n, 1)>, #sym.expr<n>],
  ["eq", #sym.expr<max(n, 4096)>, #sym.expr<4096>],
  ["eq", #sym.expr<min(n, 2048)>, #sym.expr<n>],
  ["le", #sym.expr<min(n, 2048)>, #sym.expr<2048>],
  ["eq", #sym.expr<n floordiv 5000>, #sym.expr<0>],
  // #10
  ["eq", #sym.expr<n floordiv 4097>, #sym.expr<0>],
  ["eq", #sym.expr<n floordiv 4096>, #sym.expr<0>],
  ["eq", #sym.expr<n mod 5000>, #sym.expr<n>],
  ["eq", #sym.expr<(n - 1) mod 4096>, #sym.expr<n - 1>],
  ["eq", #sym.expr<k>, #sym.expr<3>],
  // #15
  ["eq", #sym.expr<n * k>, #sym.expr<3 * n>],
  ["le", #sym.expr<n * m>, #sym.expr<2097152>],
  ["lt", #sym.expr<n * m>, #sym.expr<2097152>],
  ["eq", #sym.expr<n>, #sym.expr<0>],
  ["positive", #sym.expr<n - 4096>],
  // #20
  ["le", #sym.expr<n + m>, #sym.expr<4608>],
  ["le", #sym.expr<min(n, m) * 8>, #sym.expr<4096>],
  ["lt", #sym.expr<4096>, #sym.expr<max(n, m)>]
]} {
  return
}

// -----

// Lower bounds alone. `2 * n <= n * m` holds by factoring out `n`:
// intervals bound `n * m` and `2 * n` separately.
// expected-remark @below {{fact #0: disproven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: unknown}}
// expected-remark @below {{fact #5: disproven}}
// expected-remark @below {{fact #6: proven}}
func.func @lower_bounds() attributes {
  sym.constraints = [#sym.range<n in [4097, ?]>, #sym.range<m in [2, ?]>],
  test.facts = [
  ["le", #sym.expr<n * 2>, #sym.expr<8192>],
  ["positive", #sym.expr<n - 4096>],
  ["positive", #sym.expr<n * m - 8193>],
  ["le", #sym.expr<2 * n>, #sym.expr<n * m>],
  ["le", #sym.expr<n * m>, #sym.expr<n * n>],
  // #5
  ["eq", #sym.expr<max(n, 100)>, #sym.expr<100>],
  ["eq", #sym.expr<max(n, m, 100)>, #sym.expr<max(n, m)>]
]} {
  return
}

// -----

// Ranges may only narrow the default `v >= 0`; the last range intersects.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
func.func @intersected_ranges() attributes {
  sym.constraints = [#sym.range<n in [-8, 100]>, #sym.range<n in [10, 200]>],
  test.facts = [
  ["le", #sym.expr<0>, #sym.expr<n>],
  ["le", #sym.expr<10>, #sym.expr<n>],
  ["le", #sym.expr<n>, #sym.expr<100>]
]} {
  return
}

// -----

// An empty range: nothing is decided.
// expected-remark @below {{fact #0: unknown}}
// expected-remark @below {{fact #1: unknown}}
func.func @empty_range() attributes {
  sym.constraints = [#sym.range<n in [?, -1]>],
  test.facts = [
  ["eq", #sym.expr<n>, #sym.expr<n + 1>],
  ["eq", #sym.expr<n>, #sym.expr<n>]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Divisibility
//===----------------------------------------------------------------------===//

// -----

// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: disproven}}
// expected-remark @below {{fact #5: unknown}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: disproven}}
// expected-remark @below {{fact #8: proven}}
// expected-remark @below {{fact #9: proven}}
// expected-remark @below {{fact #10: proven}}
// expected-remark @below {{fact #11: proven}}
// expected-remark @below {{fact #12: proven}}
// expected-remark @below {{fact #13: proven}}
// expected-remark @below {{fact #14: proven}}
// expected-remark @below {{fact #15: unknown}}
// expected-remark @below {{fact #16: disproven}}
func.func @divisible() attributes {
  sym.constraints = [#sym.range<n in [1, 4096]>, #sym.divisible<n, 8>,
                     #sym.divisible<m, 4>],
  test.facts = [
  ["eq", #sym.expr<(n floordiv 8) * 8>, #sym.expr<n>],
  ["eq", #sym.expr<n mod 4>, #sym.expr<0>],
  ["eq", #sym.expr<n mod 8>, #sym.expr<0>],
  ["divisible", #sym.expr<n>, 4],
  ["divisible", #sym.expr<n + 4>, 8],
  // #5
  ["divisible", #sym.expr<n>, 16],
  ["positive", #sym.expr<n - 7>],
  ["eq", #sym.expr<n>, #sym.expr<12>],
  ["eq", #sym.expr<(n floordiv 4) * 4>, #sym.expr<n>],
  ["divisible", #sym.expr<3 * n>, 24],
  // #10
  ["divisible", #sym.expr<n * m>, 32],
  ["eq", #sym.expr<((n + 7) floordiv 8) * 8>, #sym.expr<n>],
  ["eq", #sym.expr<(n + 3) mod 8>, #sym.expr<3>],
  ["eq", #sym.expr<(n floordiv 8) * 16>, #sym.expr<2 * n>],
  ["divisible", #sym.expr<min(n, m)>, 4],
  // #15
  ["eq", #sym.expr<n floordiv 16 * 16>, #sym.expr<n>],
  ["eq", #sym.expr<n + m>, #sym.expr<2 * m + 2>]
]} {
  return
}

// -----

// The divisor tightens the range: multiples of 8 in [1, 20] are 8 and 16.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: proven}}
func.func @divisible_range() attributes {
  sym.constraints = [#sym.range<n in [1, 20]>, #sym.divisible<n, 8>,
                     #sym.divisible<n, 2>],
  test.facts = [
  ["le", #sym.expr<8>, #sym.expr<n>],
  ["le", #sym.expr<n>, #sym.expr<16>],
  ["eq", #sym.expr<n>, #sym.expr<12>],
  ["eq", #sym.expr<n floordiv 32>, #sym.expr<0>]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Equalities learned at run time
//===----------------------------------------------------------------------===//

// -----

// `m == 2 * n` becomes a substitution.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: disproven}}
// expected-remark @below {{fact #6: proven}}
func.func @match_cast_equality() attributes {
  sym.constraints = [#sym.range<m in [?, 64]>],
  test.equalities = [[#sym.expr<m>, #sym.expr<2 * n>]],
  test.facts = [
  ["eq", #sym.expr<m floordiv 2>, #sym.expr<n>],
  ["eq", #sym.expr<m>, #sym.expr<n * 2>],
  ["divisible", #sym.expr<m>, 2],
  ["le", #sym.expr<n>, #sym.expr<m>],
  ["eq", #sym.expr<m mod 2>, #sym.expr<0>],
  // #5
  ["eq", #sym.expr<m>, #sym.expr<2 * n + 1>],
  ["le", #sym.expr<n>, #sym.expr<32>]
]} {
  return
}

// -----

// Chains of equalities, and an equality with the variable on the right.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: proven}}
// expected-remark @below {{fact #3: unknown}}
func.func @equality_chain() attributes {
  test.equalities = [[#sym.expr<a>, #sym.expr<b>], [#sym.expr<c + 1>, #sym.expr<b>],
                     [#sym.expr<2 * x>, #sym.expr<2 * y>]],
  test.facts = [
  ["eq", #sym.expr<a>, #sym.expr<c + 1>],
  ["positive", #sym.expr<a>],
  ["eq", #sym.expr<x>, #sym.expr<y>],
  ["eq", #sym.expr<a>, #sym.expr<x>]
]} {
  return
}

// -----

// Equalities that are not substitutions, and sums solved for one variable.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: unknown}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: proven}}
// expected-remark @below {{fact #6: disproven}}
func.func @other_equalities() attributes {
  test.equalities = [[#sym.expr<n * k>, #sym.expr<64>],
                     [#sym.expr<p + q>, #sym.expr<10>]],
  test.facts = [
  ["eq", #sym.expr<n * k>, #sym.expr<64>],
  ["eq", #sym.expr<2 * n * k>, #sym.expr<128>],
  ["eq", #sym.expr<n * k>, #sym.expr<65>],
  ["eq", #sym.expr<n>, #sym.expr<8>],
  ["le", #sym.expr<q>, #sym.expr<10>],
  // #5
  ["eq", #sym.expr<p + q>, #sym.expr<10>],
  ["lt", #sym.expr<p + q>, #sym.expr<10>]
]} {
  return
}

// -----

// A contradictory equality: nothing is decided.
// expected-remark @below {{fact #0: unknown}}
// expected-remark @below {{fact #1: unknown}}
func.func @contradictory_equality() attributes {
  sym.constraints = [#sym.range<n in [1, 8]>],
  test.equalities = [[#sym.expr<n>, #sym.expr<16>]],
  test.facts = [
  ["eq", #sym.expr<n>, #sym.expr<16>],
  ["le", #sym.expr<n>, #sym.expr<8>]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Magnitudes near the 64-bit limits
//===----------------------------------------------------------------------===//

// -----

// Bounds that overflow saturate; nothing wraps. Variables are unbounded
// integers, so `n floordiv 9223372036854775807` may exceed 1, and a lower end
// beyond 64 bits is only known to be at least INT64_MAX. Factoring out `n`
// decides `n <= n * n` and `n * n < n * n * n` without multiplying bounds.
// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: unknown}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: unknown}}
// expected-remark @below {{fact #6: unknown}}
// expected-remark @below {{fact #7: proven}}
// expected-remark @below {{fact #8: proven}}
// expected-remark @below {{fact #9: disproven}}
// expected-remark @below {{fact #10: proven}}
// expected-remark @below {{fact #11: unknown}}
func.func @overflow() attributes {
  sym.constraints = [#sym.range<n in [4611686018427387904, ?]>,
                     #sym.range<m in [?, 9223372036854775807]>,
                     #sym.divisible<m, 4611686018427387904>,
                     #sym.divisible<m, 3>,
                     #sym.range<b in [9223372036854775807, ?]>,
                     #sym.divisible<b, 8>],
  test.facts = [
  ["positive", #sym.expr<2 * n>],
  ["le", #sym.expr<n * n>, #sym.expr<9223372036854775807>],
  ["positive", #sym.expr<-9223372036854775808 * k>],
  ["divisible", #sym.expr<-9223372036854775808 * k>, 2],
  ["lt", #sym.expr<4611686018427387904 * k>, #sym.expr<4611686018427387904 * k + 1>],
  // #5
  ["eq", #sym.expr<n * n * n>, #sym.expr<k * k * k>],
  ["le", #sym.expr<n floordiv 9223372036854775807>, #sym.expr<1>],
  ["eq", #sym.expr<m mod 9223372036854775807>, #sym.expr<m>],
  ["positive", #sym.expr<b>],
  ["eq", #sym.expr<min(n * n, k)>, #sym.expr<max(n * n * n, k)>],
  // #10
  ["le", #sym.expr<n>, #sym.expr<n * n>],
  ["divisible", #sym.expr<m>, 9223372036854775807]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Malformed facts
//===----------------------------------------------------------------------===//

// -----

// expected-error @below {{malformed fact #0: ["eq", #sym.expr<n>]}}
// expected-error @below {{malformed fact #1: ["unknown-kind", #sym.expr<n>, #sym.expr<n>]}}
// expected-remark @below {{fact #2: proven}}
func.func @malformed() attributes {test.facts = [
  ["eq", #sym.expr<n>],
  ["unknown-kind", #sym.expr<n>, #sym.expr<n>],
  ["divisible", #sym.expr<4 * n>, 2]
]} {
  return
}

//===----------------------------------------------------------------------===//
// Simplification and bounds
//===----------------------------------------------------------------------===//

// -----

// expected-remark @below {{simplify #0: n in [1, 4096]}}
// expected-remark @below {{simplify #1: n in [1, 4096]}}
// expected-remark @below {{simplify #2: 0 in [0, 0]}}
// expected-remark @below {{simplify #3: 0 in [0, 0]}}
// expected-remark @below {{simplify #4: 2 * n in [2, 8192]}}
// expected-remark @below {{simplify #5: n floordiv 2 in [0, 2048]}}
// expected-remark @below {{simplify #6: m in [0, ?]}}
// expected-remark @below {{simplify #7: 2 * k + 1 in [1, ?]}}
// expected-remark @below {{simplify #8: n - 1 in [0, 4095]}}
// expected-remark @below {{simplify #9: 4 * n + min(4, m) in [4, 16388]}}
// expected-remark @below {{simplify #10: n mod 2 in [0, 1]}}
func.func @simplify() attributes {
  sym.constraints = [#sym.range<n in [1, 4096]>],
  test.equalities = [[#sym.expr<j>, #sym.expr<2 * k + 1>]],
  test.simplify = [
    #sym.expr<min(n, 4096)>,
    #sym.expr<max(n, 1, 0)>,
    #sym.expr<n floordiv 5000>,
    #sym.expr<n mod 1>,
    #sym.expr<min(n, 4096) * 2>,
    #sym.expr<n floordiv 2>,
    #sym.expr<max(m, 0)>,
    #sym.expr<j>,
    #sym.expr<(n - 1) mod 8192>,
    #sym.expr<min(m, 4) + 4 * n>,
    #sym.expr<n - (n floordiv 2) * 2>
  ]} {
  return
}

// -----

// expected-remark @below {{simplify #0: n in [8, 4096]}}
// expected-remark @below {{simplify #1: 0 in [0, 0]}}
// expected-remark @below {{simplify #2: n in [8, 4096]}}
// expected-remark @below {{simplify #3: 3 in [3, 3]}}
// expected-remark @below {{simplify #4: n floordiv 8 in [1, 512]}}
// expected-remark @below {{simplify #5: n + 7 in [15, 4103]}}
func.func @simplify_divisible() attributes {
  sym.constraints = [#sym.range<n in [1, 4096]>, #sym.divisible<n, 8>],
  test.simplify = [
    #sym.expr<(n floordiv 8) * 8>,
    #sym.expr<n mod 8>,
    #sym.expr<(n floordiv 4) * 4>,
    #sym.expr<(n + 11) mod 4>,
    #sym.expr<n floordiv 8>,
    #sym.expr<n + 7>
  ]} {
  return
}

// -----

// A variable common to every monomial is factored out before the bounds of
// the monomials are added apart.

// expected-remark @below {{fact #0: proven}}
// expected-remark @below {{fact #1: proven}}
// expected-remark @below {{fact #2: disproven}}
// expected-remark @below {{fact #3: proven}}
// expected-remark @below {{fact #4: proven}}
// expected-remark @below {{fact #5: unknown}}
// expected-remark @below {{fact #6: proven}}
// expected-remark @below {{fact #7: disproven}}
// expected-remark @below {{fact #8: proven}}
// expected-remark @below {{fact #9: proven}}
// expected-remark @below {{fact #10: unknown}}
func.func @common_factor() attributes {
  sym.constraints = [#sym.range<b in [1, 32]>, #sym.range<t in [1, 3000]>],
  test.facts = [
  ["le", #sym.expr<b * ((t + 1) floordiv 2)>, #sym.expr<b * t>],
  ["le", #sym.expr<1536 * b * ((t + 1) floordiv 2)>, #sym.expr<1536 * b * t>],
  ["le", #sym.expr<b * t>, #sym.expr<b * (t floordiv 2)>],
  ["le", #sym.expr<2 * b * ((t + 1) floordiv 2)>, #sym.expr<b * t + b>],
  // `n` may be 0: only `e >= 0` carries over.
  ["le", #sym.expr<n * ((t + 1) floordiv 2)>, #sym.expr<n * t>],
  // #5
  ["lt", #sym.expr<n * ((t + 1) floordiv 2)>, #sym.expr<n * t + n>],
  ["lt", #sym.expr<b * ((t + 1) floordiv 2)>, #sym.expr<b * t + b>],
  ["lt", #sym.expr<b * t>, #sym.expr<b * (t floordiv 2) + b>],
  // A difference that grows with `b` holds where it holds at `b = 1`.
  ["le", #sym.expr<1536 * ((t + 1) floordiv 2)>, #sym.expr<1536 * b * t>],
  // #9
  ["le", #sym.expr<t + 4>, #sym.expr<b * t + 2 * b * b + 2>],
  // `t - b * t` falls as `b` grows: nothing follows from `b = 1`.
  ["le", #sym.expr<b * t>, #sym.expr<t>]
]} {
  return
}
