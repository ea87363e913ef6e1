//===- SymProver.h - Decide facts about symbolic expressions ---*- C++ -*-===//
//
// A small decision procedure for questions about `#sym.expr` attributes under
// the constraints of a function: ranges and divisibility of variables, and
// equalities learned at run time. It answers equality, ordering, divisibility
// and positivity queries with a three-valued `Proof`.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_IR_SYMPROVER_H
#define RELAX_DIALECT_SYM_IR_SYMPROVER_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

namespace mlir::sym {

/// Outcome of a query: the fact holds for every value of the variables that
/// satisfies the constraints, holds for none, or neither is shown.
enum class Proof { Proven, Disproven, Unknown };

/// A closed integer interval; std::nullopt ends are unbounded.
struct Interval {
  std::optional<int64_t> lower, upper;
};

/// Decides facts about symbolic expressions under constraints.
///
/// Every query simplifies its operands (see `simplify`), takes the canonical
/// difference of the two sides and decides its sign or value with
///   - interval arithmetic over the polynomial form: a monomial is its
///     coefficient times the product of the intervals of its atoms; variables
///     have their recorded range (by default `[0, +inf)`), `floordiv`, `mod`,
///     `min` and `max` have intervals derived from their operands. Arithmetic
///     saturates and never wraps: a lower end beyond INT64_MAX is kept as
///     INT64_MAX (an upper end below INT64_MIN as INT64_MIN), any other end
///     that overflows becomes unbounded;
///   - divisibility: the known divisor of a monomial is its coefficient times
///     the divisors of its atoms. A difference `g * t + c`, where `g` divides
///     every non-constant monomial, is never zero when `g` does not divide
///     `c`, and intervals are tightened to the values congruent to `c`;
///   - equalities recorded with `addEquality`: substitutions are applied by
///     `simplify`, other equalities decide differences that are a constant
///     multiple of them plus a constant;
///   - case splits on min/max atoms (`a + min(b, c) >= 0` iff both
///     `a + b >= 0` and `a + c >= 0`), and the identity
///     `d * (x floordiv d) == x - x mod d`, which trades an unbounded
///     quotient for a bounded remainder and back;
///   - factoring: an atom `a >= 0` common to every monomial is divided out
///     (`a * e >= 0` where `e >= 0`; with `a >= 1` also `a * e >= c` where
///     `e >= c > 0`), so `b * t - b * ((t + 1) floordiv 2) >= 0` reduces to
///     the one-variable `t - (t + 1) floordiv 2 >= 0`;
///   - monotonicity: where every monomial holding a variable `v >= 0` has a
///     non-negative cofactor, the difference only grows with `v`, and it
///     suffices at `v`'s least value (`b * t - t >= 0` at `b = 1`).
///
/// What the prover cannot decide (it answers Unknown, never a wrong answer):
///   - Anything that needs relations between atoms: intervals treat the atoms
///     of a polynomial as independent, so `n * n >= 2 * n - 1` is not
///     decided (it needs `(n - 1)^2 >= 0`), nor `n * m + 1 >= n + m` under
///     `n, m >= 1` (it needs `(n - 1) * (m - 1) >= 0`: no atom is common to
///     every monomial, and neither variable only adds). Min/max atoms of degree
///     one are split into cases and floordiv atoms of degree one are
///     eliminated (`d * (x floordiv d) == x - x mod d`); inside products
///     they are only bounded by intervals.
///   - Relations between variables: only ranges and divisors of single
///     variables are recorded, so `n <= m` is never assumed, and with no
///     constraints `n == m` and `n <= m` are Unknown.
///   - Consequences of recorded equalities that are not substitutions
///     (`n * k == 64`): one is only used when the query difference is a
///     constant multiple of it plus a constant, so `n * k == 64` proves
///     `2 * n * k == 128` and disproves `n * k == 65`, but bounds neither
///     `n` nor `k`.
///   - The range of a variable that an equality eliminates is carried over
///     only when its replacement is linear in one variable (`m == 2 * n`
///     with `m <= 64` gives `n <= 32`); otherwise it is lost.
///   - Division and modulus by a non-constant are only bounded when the
///     divisor is at least one (and, for division, the dividend is
///     non-negative): `n mod m < m` is Unknown since `m` may be 0.
///   - Divisibility of `floordiv` atoms, of products whose atoms have no
///     known divisor (`2 | n * (n + 1)`), and other number-theoretic facts.
///   - Negative values of variables: a range with a negative lower end is
///     intersected with `[0, +inf)`.
///   - When the constraints are contradictory (an empty range, a recorded
///     equality that can never hold), every query answers Unknown.
///   - A null `SymExprAttr` (an unknown dim) answers Unknown everywhere.
class SymProver {
public:
  /// Every variable is assumed non-negative (variables stand for sizes).
  SymProver() = default;
  /// Also reads the `sym.constraints` attribute of `func`.
  explicit SymProver(FunctionOpInterface func);

  /// Records a `#sym.range` or `#sym.divisible` constraint; other attributes
  /// are ignored.
  void addConstraint(Attribute constraint);
  /// Records `lower <= var <= upper`, intersected with what is known.
  void addRange(StringAttr var, std::optional<int64_t> lower,
                std::optional<int64_t> upper);
  /// Records that `var` is a multiple of `divisor` (combined by lcm with the
  /// known divisor). Non-positive divisors are ignored.
  void addDivisible(StringAttr var, int64_t divisor);
  /// Records `lhs == rhs` learned at run time (match_cast, assert). When one
  /// side is a variable not occurring in the other side, it becomes a
  /// substitution; otherwise the fact is kept and used by proveEq.
  void addEquality(SymExprAttr lhs, SymExprAttr rhs);

  /// Substitutes recorded equalities and simplifies min/max/floordiv/mod
  /// using ranges (e.g. min(n, 4096) -> n when n <= 4096; n floordiv 8 * 8 ->
  /// n when 8 | n; n mod 8 -> 0 when 8 | n; n floordiv 5000 -> 0 when
  /// 0 <= n < 5000). Returns `expr` itself when nothing applies, and null for
  /// a null `expr`.
  SymExprAttr simplify(SymExprAttr expr) const;
  /// Returns an interval that contains every value of `expr` under the
  /// constraints.
  Interval getBounds(SymExprAttr expr) const;

  Proof proveEq(SymExprAttr lhs, SymExprAttr rhs) const;
  Proof proveLe(SymExprAttr lhs, SymExprAttr rhs) const;
  Proof proveLt(SymExprAttr lhs, SymExprAttr rhs) const;
  Proof proveDivisible(SymExprAttr expr, int64_t divisor) const;
  Proof provePositive(SymExprAttr expr) const;

private:
  /// What is known about one variable.
  struct VarInfo {
    /// Range, already tightened to multiples of `divisor`.
    Interval range{0, std::nullopt};
    /// A positive number the variable is a multiple of.
    int64_t divisor = 1;
  };

  /// Returns the facts known about `var` (the defaults when none).
  VarInfo getVarInfo(StringAttr var) const;
  /// Re-tightens the range of `info` to its divisor; marks the constraints
  /// infeasible when the range becomes empty.
  void normalize(VarInfo &info);

  /// Replaces substituted variables; returns `expr` on failure (overflow).
  SymExprAttr substitute(SymExprAttr expr) const;
  /// Simplification of an expression whose substitutions are applied,
  /// remembered until the next fact is added.
  SymExprAttr simplifyNode(SymExprAttr expr) const;
  SymExprAttr simplifyNodeUncached(SymExprAttr expr) const;
  /// Polynomial-level rules: `d * (x floordiv d) -> x` when `d | x`, and
  /// `c * x - c * d * (x floordiv d) -> c * (x mod d)`.
  SymExprAttr simplifyPolynomial(SymExprAttr expr) const;

  /// Interval of an (already simplified) expression, tightened by the
  /// divisibility of its monomials.
  Interval computeBounds(SymExprAttr expr) const;
  Interval computeBoundsUncached(SymExprAttr expr) const;
  /// Interval of one atom (variable, floordiv, mod, min, max).
  Interval computeAtomBounds(SymExprAttr atom) const;
  /// Largest known divisor of an (already simplified) expression; 0 for the
  /// constant 0.
  int64_t computeDivisor(SymExprAttr expr) const;
  /// Splits an expression into `g * t + c`: returns `g` (the gcd of the known
  /// divisors of the non-constant monomials, 0 when there are none) and sets
  /// `constant` to `c`.
  int64_t computeResidue(SymExprAttr expr, int64_t &constant) const;
  int64_t computeResidueUncached(SymExprAttr expr, int64_t &constant) const;
  /// Returns true when `expr >= 0` is proven (no simplification).
  bool isNonNegative(SymExprAttr expr) const;
  /// Splits `expr` into `a * e` for a non-negative atom `a` that occurs in
  /// every monomial (preferring one that is at least 1); std::nullopt when
  /// there is none.
  std::optional<std::pair<SymExprAttr, SymExprAttr>>
  factorNonNegativeAtom(SymExprAttr expr) const;
  /// `expr` with a non-negative variable replaced by its least value, where
  /// every monomial holding it has a non-negative cofactor (so that `expr`
  /// only grows with it); null when there is none.
  SymExprAttr substituteMonotoneVar(SymExprAttr expr) const;

  /// Decides `diff == 0` for a simplified difference.
  Proof decideZero(SymExprAttr diff) const;
  /// Decides `diff >= bound` for a simplified difference. Case splits on
  /// min/max atoms and eliminations of floordiv/mod atoms each take one unit
  /// of `budget`.
  Proof decideAtLeast(SymExprAttr diff, int64_t bound, unsigned &budget) const;
  /// Simplifies `lhs - rhs`; null when either side is null or on overflow.
  SymExprAttr difference(SymExprAttr lhs, SymExprAttr rhs) const;

  /// Records `diff == 0` for a difference with substitutions applied.
  void addZero(SymExprAttr diff);
  /// Records the substitution `var := value` and carries the facts known
  /// about `var` over to the variable of `value` when possible.
  void addSubstitution(StringAttr var, SymExprAttr value);

  llvm::DenseMap<StringAttr, VarInfo> vars;
  /// Substitutions in the order they were learned. No value contains a
  /// substituted variable.
  llvm::MapVector<StringAttr, SymExprAttr> substitutions;
  /// Differences `lhs - rhs` of recorded equalities that are not
  /// substitutions, with substitutions applied.
  SmallVector<SymExprAttr> zeros;
  /// Set when the constraints admit no value; every query is then Unknown.
  bool infeasible = false;
  /// What was derived from the facts, per expression, since the last fact:
  /// simplified forms, bounds and residues (`g` and the constant).
  mutable llvm::DenseMap<SymExprAttr, SymExprAttr> simplified;
  mutable llvm::DenseMap<SymExprAttr, Interval> bounds;
  mutable llvm::DenseMap<SymExprAttr, std::pair<int64_t, int64_t>> residues;
  /// Forgets what was derived, when a fact is added.
  void clearCaches() const;
};

} // namespace mlir::sym

#endif // RELAX_DIALECT_SYM_IR_SYMPROVER_H
