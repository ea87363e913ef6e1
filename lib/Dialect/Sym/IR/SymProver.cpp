//===- SymProver.cpp - Decide facts about symbolic expressions ------------===//
//
// Implements the symbolic prover: simplification under constraints, interval
// arithmetic over the polynomial form of `#sym.expr`, divisibility, and the
// use of equalities learned at run time.
//
// All arithmetic on bounds is checked and saturates instead of wrapping, and
// an expression that cannot be built (the canonical constructors return null
// on overflow) leaves the query Unknown. Recursion follows the operands of
// expression attributes, whose depth is that of the parsed expression.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::sym;

using Kind = SymExprKind;

/// Number of case splits (on min/max atoms) and floordiv/mod eliminations one
/// decision may perform. Bounds the cost of nested min/max expressions.
static constexpr unsigned kDecisionBudget = 16;

//===----------------------------------------------------------------------===//
// Polynomial view of canonical expressions
//===----------------------------------------------------------------------===//

namespace {
/// One monomial of a canonical expression: a coefficient times a sorted
/// product of atoms (empty for the constant term).
struct Term {
  int64_t coeff;
  SmallVector<SymExprAttr, 2> atoms;
};
} // namespace

static Term getTerm(SymExprAttr e) {
  if (e.isConstant())
    return {e.getValue(), {}};
  if (e.getKind() != Kind::Mul)
    return {1, {e}};
  Term term{1, {}};
  for (SymExprAttr factor : e.getOperands()) {
    if (factor.isConstant())
      term.coeff = factor.getValue();
    else
      term.atoms.push_back(factor);
  }
  return term;
}

/// Returns the monomials of a canonical expression; none for the constant 0.
static SmallVector<Term> getTerms(SymExprAttr e) {
  SmallVector<Term> terms;
  if (e.getKind() == Kind::Add) {
    for (SymExprAttr operand : e.getOperands())
      terms.push_back(getTerm(operand));
  } else if (e.getConstantValue() != 0) {
    terms.push_back(getTerm(e));
  }
  return terms;
}

static SymExprAttr getConstant(MLIRContext *ctx, int64_t value) {
  return SymExprAttr::getConstant(ctx, value);
}

/// Returns `coeff * expr`, or null on overflow.
static SymExprAttr scale(int64_t coeff, SymExprAttr expr) {
  if (!expr)
    return {};
  return SymExprAttr::mul(getConstant(expr.getContext(), coeff), expr);
}

/// Builds a monomial from a coefficient and atoms; null on overflow.
static SymExprAttr buildTerm(MLIRContext *ctx, int64_t coeff,
                             ArrayRef<SymExprAttr> atoms) {
  SymExprAttr result = getConstant(ctx, coeff);
  for (SymExprAttr atom : atoms) {
    result = SymExprAttr::mul(result, atom);
    if (!result)
      return {};
  }
  return result;
}

/// Rebuilds `expr` with every atom of its polynomial form replaced by
/// `fn(atom)`. Returns null when `fn` or the arithmetic fails.
static SymExprAttr mapAtoms(SymExprAttr expr,
                            function_ref<SymExprAttr(SymExprAttr)> fn) {
  MLIRContext *ctx = expr.getContext();
  SymExprAttr result = getConstant(ctx, 0);
  for (const Term &term : getTerms(expr)) {
    SmallVector<SymExprAttr, 2> atoms;
    for (SymExprAttr atom : term.atoms) {
      SymExprAttr mapped = fn(atom);
      if (!mapped)
        return {};
      atoms.push_back(mapped);
    }
    result = SymExprAttr::add(result, buildTerm(ctx, term.coeff, atoms));
    if (!result)
      return {};
  }
  return result;
}

/// Returns true when `var` occurs in `expr`.
static bool occursIn(StringAttr var, SymExprAttr expr) {
  llvm::SetVector<StringAttr> used;
  expr.collectVars(used);
  return used.contains(var);
}

/// Returns `r` when `expr == k * of + r` for integers `k` and `r` (and `of`
/// is not a constant), std::nullopt otherwise.
static std::optional<int64_t> getConstantRemainder(SymExprAttr expr,
                                                   SymExprAttr of) {
  SmallVector<Term> exprTerms = getTerms(expr), ofTerms = getTerms(of);
  if (exprTerms.empty() || ofTerms.empty() || ofTerms.front().atoms.empty())
    return std::nullopt;
  int64_t a = exprTerms.front().coeff, b = ofTerms.front().coeff;
  if (llvm::divideSignedWouldOverflow(a, b) || a % b != 0)
    return std::nullopt;
  SymExprAttr rest = SymExprAttr::sub(expr, scale(a / b, of));
  if (!rest)
    return std::nullopt;
  return rest.getConstantValue();
}

//===----------------------------------------------------------------------===//
// Checked arithmetic on interval ends
//===----------------------------------------------------------------------===//

namespace {
/// An end of an interval on the extended integers: a finite value or an
/// infinity. Used where the sign of an unbounded end matters (products).
struct ExtInt {
  enum class Kind { NegInf, Finite, PosInf } kind;
  int64_t value = 0;

  static ExtInt finite(int64_t v) { return {Kind::Finite, v}; }
  static ExtInt infinity(bool positive) {
    return {positive ? Kind::PosInf : Kind::NegInf, 0};
  }
  int sign() const {
    if (kind == Kind::Finite)
      return value > 0 ? 1 : (value < 0 ? -1 : 0);
    return kind == Kind::PosInf ? 1 : -1;
  }
  bool operator<(const ExtInt &other) const {
    if (kind != other.kind)
      return kind < other.kind;
    return kind == Kind::Finite && value < other.value;
  }
};
} // namespace

/// Product on the extended integers, with `0 * inf == 0` (correct for the
/// ends of closed intervals). An overflowing product saturates to infinity.
static ExtInt mulExt(ExtInt a, ExtInt b) {
  int sign = a.sign() * b.sign();
  if (sign == 0)
    return ExtInt::finite(0);
  if (a.kind == ExtInt::Kind::Finite && b.kind == ExtInt::Kind::Finite) {
    int64_t product;
    if (!llvm::MulOverflow(a.value, b.value, product))
      return ExtInt::finite(product);
  }
  return ExtInt::infinity(sign > 0);
}

static ExtInt lowerEnd(const Interval &i) {
  return i.lower ? ExtInt::finite(*i.lower) : ExtInt::infinity(false);
}
static ExtInt upperEnd(const Interval &i) {
  return i.upper ? ExtInt::finite(*i.upper) : ExtInt::infinity(true);
}
/// Converts an end on the extended integers back to a lower end: a lower
/// end beyond INT64_MAX saturates to INT64_MAX, which is still below it.
static std::optional<int64_t> toLower(ExtInt e) {
  if (e.kind == ExtInt::Kind::PosInf)
    return std::numeric_limits<int64_t>::max();
  if (e.kind == ExtInt::Kind::Finite)
    return e.value;
  return std::nullopt;
}

/// Converts an end on the extended integers back to an upper end.
static std::optional<int64_t> toUpper(ExtInt e) {
  if (e.kind == ExtInt::Kind::NegInf)
    return std::numeric_limits<int64_t>::min();
  if (e.kind == ExtInt::Kind::Finite)
    return e.value;
  return std::nullopt;
}

/// Adds two ends; an overflowing sum saturates to infinity.
static ExtInt addExt(ExtInt a, ExtInt b) {
  if (a.kind != ExtInt::Kind::Finite)
    return a;
  if (b.kind != ExtInt::Kind::Finite)
    return b;
  int64_t sum;
  if (llvm::AddOverflow(a.value, b.value, sum))
    return ExtInt::infinity(a.value > 0);
  return ExtInt::finite(sum);
}

static Interval addIntervals(const Interval &a, const Interval &b) {
  return {toLower(addExt(lowerEnd(a), lowerEnd(b))),
          toUpper(addExt(upperEnd(a), upperEnd(b)))};
}

static Interval mulIntervals(const Interval &a, const Interval &b) {
  ExtInt candidates[] = {
      mulExt(lowerEnd(a), lowerEnd(b)), mulExt(lowerEnd(a), upperEnd(b)),
      mulExt(upperEnd(a), lowerEnd(b)), mulExt(upperEnd(a), upperEnd(b))};
  return {toLower(*llvm::min_element(candidates)),
          toUpper(*llvm::max_element(candidates))};
}

static Interval getPoint(int64_t value) { return {value, value}; }

/// Returns `i` restricted to the values `v` with `v == residue (mod g)`, for
/// `g > 0`. Ends that cannot be moved without overflow are kept.
static Interval tighten(Interval i, int64_t g, int64_t residue) {
  if (g <= 1)
    return i;
  int64_t delta;
  if (i.lower && !llvm::SubOverflow(residue, *i.lower, delta)) {
    int64_t moved;
    if (!llvm::AddOverflow(*i.lower, llvm::mod(delta, g), moved))
      i.lower = moved;
  }
  if (i.upper && !llvm::SubOverflow(*i.upper, residue, delta)) {
    int64_t moved;
    if (!llvm::SubOverflow(*i.upper, llvm::mod(delta, g), moved))
      i.upper = moved;
  }
  return i;
}

/// Absolute value usable as a divisor: |INT64_MIN| is replaced by 2^62,
/// which divides it.
static int64_t absDivisor(int64_t value) {
  if (value == std::numeric_limits<int64_t>::min())
    return int64_t(1) << 62;
  return value < 0 ? -value : value;
}

/// Multiplies two known divisors; on overflow keeps `a`, which still
/// divides the product.
static int64_t mulDivisors(int64_t a, int64_t b) {
  int64_t product;
  if (llvm::MulOverflow(a, b, product))
    return a;
  return product;
}

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

SymProver::SymProver(FunctionOpInterface func) {
  auto constraints =
      func->getAttrOfType<ArrayAttr>(SymDialect::getConstraintsAttrName());
  if (!constraints)
    return;
  for (Attribute constraint : constraints)
    addConstraint(constraint);
}

void SymProver::addConstraint(Attribute constraint) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  if (auto range = dyn_cast<SymRangeAttr>(constraint))
    addRange(range.getVar(), range.getLower(), range.getUpper());
  else if (auto divisible = dyn_cast<SymDivisibleAttr>(constraint))
    addDivisible(divisible.getVar(), divisible.getDivisor());
}

SymProver::VarInfo SymProver::getVarInfo(StringAttr var) const {
  return vars.lookup(var);
}

void SymProver::normalize(VarInfo &info) {
  int64_t d = info.divisor;
  Interval &range = info.range;
  if (d > 1 && range.lower) {
    // Round the lower end up to a multiple of d.
    int64_t rem = llvm::mod(*range.lower, d), up;
    if (rem != 0 && !llvm::AddOverflow(*range.lower, d - rem, up))
      range.lower = up;
  }
  if (d > 1 && range.upper) {
    // Round the upper end down to a multiple of d.
    int64_t down;
    if (!llvm::SubOverflow(*range.upper, llvm::mod(*range.upper, d), down))
      range.upper = down;
  }
  if (range.lower && range.upper && *range.lower > *range.upper)
    infeasible = true;
}

void SymProver::addRange(StringAttr var, std::optional<int64_t> lower,
                         std::optional<int64_t> upper) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  VarInfo info = getVarInfo(var);
  if (lower && (!info.range.lower || *lower > *info.range.lower))
    info.range.lower = lower;
  if (upper && (!info.range.upper || *upper < *info.range.upper))
    info.range.upper = upper;
  normalize(info);
  vars[var] = info;
}

void SymProver::addDivisible(StringAttr var, int64_t divisor) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  if (divisor <= 0)
    return;
  VarInfo info = getVarInfo(var);
  int64_t g = std::gcd(info.divisor, divisor), lcm;
  if (!llvm::MulOverflow(info.divisor / g, divisor, lcm))
    info.divisor = lcm;
  else
    info.divisor = std::max(info.divisor, divisor);
  normalize(info);
  vars[var] = info;
}

void SymProver::addEquality(SymExprAttr lhs, SymExprAttr rhs) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  if (!lhs || !rhs || infeasible)
    return;
  lhs = simplify(lhs);
  rhs = simplify(rhs);
  if (lhs.isVar() && !occursIn(lhs.getName(), rhs))
    return addSubstitution(lhs.getName(), rhs);
  if (rhs.isVar() && !occursIn(rhs.getName(), lhs))
    return addSubstitution(rhs.getName(), lhs);
  addZero(SymExprAttr::sub(lhs, rhs));
}

void SymProver::addZero(SymExprAttr diff) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  if (!diff)
    return;
  MLIRContext *ctx = diff.getContext();
  if (std::optional<int64_t> c = diff.getConstantValue()) {
    if (*c != 0)
      infeasible = true;
    return;
  }
  int64_t constant;
  int64_t g = computeResidue(diff, constant);
  if (g > 0 && constant % g != 0) {
    infeasible = true;
    return;
  }
  // Divide out the content, so that `2 * m - 2 * n` becomes `m - n`.
  SmallVector<Term> terms = getTerms(diff);
  int64_t content = 0;
  for (const Term &term : terms)
    content = std::gcd(content, absDivisor(term.coeff));
  if (content > 1) {
    SymExprAttr reduced = getConstant(ctx, 0);
    for (const Term &term : terms)
      reduced = SymExprAttr::add(
          reduced, buildTerm(ctx, term.coeff / content, term.atoms));
    if (!reduced)
      return;
    diff = reduced;
    terms = getTerms(diff);
  }
  // A variable with coefficient +-1 that occurs nowhere else is solved for.
  for (const Term &term : terms) {
    if (term.atoms.size() != 1 || !term.atoms.front().isVar() ||
        (term.coeff != 1 && term.coeff != -1))
      continue;
    SymExprAttr var = term.atoms.front();
    SymExprAttr rest = SymExprAttr::sub(diff, scale(term.coeff, var));
    if (!rest || occursIn(var.getName(), rest))
      continue;
    // coeff * var + rest == 0  =>  var == -coeff * rest.
    SymExprAttr value = scale(-term.coeff, rest);
    if (!value)
      continue;
    return addSubstitution(var.getName(), value);
  }
  zeros.push_back(diff);
}

void SymProver::addSubstitution(StringAttr var, SymExprAttr value) {
  // What is derived while the fact is added may not hold after it.
  clearCaches();
  llvm::scope_exit reset([this] { clearCaches(); });
  auto lookup = [&](StringAttr name) {
    return name == var ? value : SymExprAttr();
  };
  for (auto &entry : substitutions)
    if (SymExprAttr replaced = entry.second.replaceVars(lookup))
      entry.second = replaced;
  for (SymExprAttr &zero : zeros)
    if (SymExprAttr replaced = zero.replaceVars(lookup))
      zero = replaced;
  substitutions[var] = value;

  // Carry the facts about `var` over to `value`: a constant must satisfy
  // them, and a linear `a * x + b` gets a range and a divisor for `x`.
  VarInfo info = getVarInfo(var);
  if (std::optional<int64_t> c = value.getConstantValue()) {
    if ((info.range.lower && *c < *info.range.lower) ||
        (info.range.upper && *c > *info.range.upper) || *c % info.divisor != 0)
      infeasible = true;
    return;
  }
  SmallVector<Term> terms = getTerms(value);
  int64_t b = 0;
  if (terms.back().atoms.empty()) {
    b = terms.back().coeff;
    terms.pop_back();
  }
  if (terms.size() != 1 || terms.front().atoms.size() != 1 ||
      !terms.front().atoms.front().isVar())
    return;
  int64_t a = terms.front().coeff;
  StringAttr x = terms.front().atoms.front().getName();
  // a * x in [lower - b, upper - b].
  auto shifted = [&](std::optional<int64_t> end) -> std::optional<int64_t> {
    int64_t result;
    if (!end || llvm::SubOverflow(*end, b, result) ||
        llvm::divideSignedWouldOverflow(result, a))
      return std::nullopt;
    return result;
  };
  std::optional<int64_t> lo = shifted(info.range.lower);
  std::optional<int64_t> hi = shifted(info.range.upper);
  if (a < 0)
    std::swap(lo, hi);
  std::optional<int64_t> xLower, xUpper;
  if (lo)
    xLower = llvm::divideCeilSigned(*lo, a);
  if (hi)
    xUpper = llvm::divideFloorSigned(*hi, a);
  addRange(x, xLower, xUpper);
  // a * x + b == 0 (mod d) with d | b gives (d / gcd(d, a)) | x.
  int64_t d = info.divisor;
  if (d > 1 && b % d == 0)
    addDivisible(x, d / std::gcd(d, absDivisor(a)));
}

//===----------------------------------------------------------------------===//
// Simplification
//===----------------------------------------------------------------------===//

SymExprAttr SymProver::substitute(SymExprAttr expr) const {
  if (substitutions.empty())
    return expr;
  SymExprAttr result = expr.replaceVars(
      [&](StringAttr var) { return substitutions.lookup(var); });
  return result ? result : expr;
}

SymExprAttr SymProver::simplify(SymExprAttr expr) const {
  if (!expr || infeasible)
    return expr;
  SymExprAttr result = simplifyNode(substitute(expr));
  return result ? result : expr;
}

void SymProver::clearCaches() const {
  simplified.clear();
  bounds.clear();
  residues.clear();
}

SymExprAttr SymProver::simplifyNode(SymExprAttr expr) const {
  // Simplifying a min or max decides orders of its operands, which simplify
  // their own atoms in turn: without the cache, nested atoms are simplified
  // once per path to them, exponentially many times.
  auto it = simplified.find(expr);
  if (it != simplified.end())
    return it->second;
  SymExprAttr result = simplifyNodeUncached(expr);
  simplified[expr] = result;
  return result;
}

SymExprAttr SymProver::simplifyNodeUncached(SymExprAttr expr) const {
  MLIRContext *ctx = expr.getContext();
  switch (expr.getKind()) {
  case Kind::Constant:
    return expr;
  case Kind::Var: {
    Interval range = getVarInfo(expr.getName()).range;
    if (range.lower && range.lower == range.upper)
      return getConstant(ctx, *range.lower);
    return expr;
  }
  case Kind::Add:
  case Kind::Mul: {
    SymExprAttr rebuilt =
        mapAtoms(expr, [&](SymExprAttr atom) { return simplifyNode(atom); });
    return rebuilt ? simplifyPolynomial(rebuilt) : expr;
  }
  case Kind::FloorDiv:
  case Kind::Mod:
  case Kind::Min:
  case Kind::Max:
    break;
  }

  // Rebuild the node from simplified operands; the constructors may fold it.
  SmallVector<SymExprAttr> operands;
  for (SymExprAttr operand : expr.getOperands()) {
    SymExprAttr simplified = simplifyNode(operand);
    if (!simplified)
      return expr;
    operands.push_back(simplified);
  }
  SymExprAttr rebuilt;
  switch (expr.getKind()) {
  case Kind::FloorDiv:
    rebuilt = SymExprAttr::floorDiv(operands[0], operands[1]);
    break;
  case Kind::Mod:
    rebuilt = SymExprAttr::mod(operands[0], operands[1]);
    break;
  case Kind::Min:
    rebuilt = SymExprAttr::min(operands);
    break;
  default:
    rebuilt = SymExprAttr::max(operands);
    break;
  }
  if (!rebuilt)
    return expr;

  // Apply the range rules to the atoms of the rebuilt expression (whose
  // operands are simplified already).
  auto applyRules = [&](SymExprAttr atom) -> SymExprAttr {
    Kind kind = atom.getKind();
    if (kind == Kind::FloorDiv || kind == Kind::Mod) {
      std::optional<int64_t> d = atom.getOperands()[1].getConstantValue();
      if (!d || *d <= 0)
        return atom;
      SymExprAttr x = atom.getOperands()[0];
      // With x == g * t + c and d | g, x mod d == c mod d.
      int64_t constant;
      int64_t g = computeResidue(x, constant);
      if (kind == Kind::Mod && g > 0 && g % *d == 0)
        return getConstant(ctx, llvm::mod(constant, *d));
      Interval bounds = computeBounds(x);
      if (!bounds.lower || !bounds.upper)
        return atom;
      int64_t q = llvm::divideFloorSigned(*bounds.lower, *d);
      if (q != llvm::divideFloorSigned(*bounds.upper, *d))
        return atom;
      // The dividend stays within [q * d, q * d + d - 1].
      if (kind == Kind::FloorDiv)
        return getConstant(ctx, q);
      int64_t base;
      if (llvm::SubOverflow(*bounds.lower, llvm::mod(*bounds.lower, *d), base))
        return atom;
      return SymExprAttr::sub(x, getConstant(ctx, base));
    }
    if (kind != Kind::Min && kind != Kind::Max)
      return atom;
    // Drop the operands that another operand provably beats.
    bool isMin = kind == Kind::Min;
    auto beats = [&](SymExprAttr a, SymExprAttr b) {
      SymExprAttr diff =
          isMin ? SymExprAttr::sub(b, a) : SymExprAttr::sub(a, b);
      return diff && isNonNegative(diff);
    };
    SmallVector<SymExprAttr> kept;
    for (SymExprAttr operand : atom.getOperands()) {
      if (llvm::any_of(kept, [&](SymExprAttr k) { return beats(k, operand); }))
        continue;
      llvm::erase_if(kept, [&](SymExprAttr k) { return beats(operand, k); });
      kept.push_back(operand);
    }
    if (kept.size() == atom.getOperands().size())
      return atom;
    return isMin ? SymExprAttr::min(kept) : SymExprAttr::max(kept);
  };
  SymExprAttr result = mapAtoms(rebuilt, applyRules);
  return result ? simplifyPolynomial(result) : rebuilt;
}

SymExprAttr SymProver::simplifyPolynomial(SymExprAttr expr) const {
  MLIRContext *ctx = expr.getContext();
  // `k * (x floordiv d) * rest -> (k / d) * x * rest` when d | x and d | k.
  bool changed = false;
  SymExprAttr result = getConstant(ctx, 0);
  for (const Term &term : getTerms(expr)) {
    Term rewritten = term;
    for (auto [i, atom] : llvm::enumerate(term.atoms)) {
      if (atom.getKind() != Kind::FloorDiv)
        continue;
      std::optional<int64_t> d = atom.getOperands()[1].getConstantValue();
      SymExprAttr x = atom.getOperands()[0];
      if (!d || *d <= 0 || term.coeff % *d != 0 || computeDivisor(x) % *d != 0)
        continue;
      rewritten.coeff = term.coeff / *d;
      rewritten.atoms[i] = x;
      changed = true;
      break;
    }
    result = SymExprAttr::add(result,
                              buildTerm(ctx, rewritten.coeff, rewritten.atoms));
    if (!result)
      return expr;
  }
  if (changed)
    expr = result;

  // `c * x - c * d * (x floordiv d) -> c * (x mod d)`: a remainder has a
  // bounded range where the two terms separately have none. Kept when the
  // result has no more monomials.
  for (const Term &term : getTerms(expr)) {
    if (term.atoms.size() != 1 ||
        term.atoms.front().getKind() != Kind::FloorDiv)
      continue;
    SymExprAttr q = term.atoms.front();
    SymExprAttr x = q.getOperands()[0];
    std::optional<int64_t> d = q.getOperands()[1].getConstantValue();
    if (!d || *d <= 0 || term.coeff % *d != 0)
      continue;
    // k * q == c * x - c * (x mod d) with c == k / d.
    int64_t c = term.coeff / *d;
    SymExprAttr remainder = SymExprAttr::mod(x, q.getOperands()[1]);
    SymExprAttr candidate =
        SymExprAttr::add(SymExprAttr::sub(expr, scale(term.coeff, q)),
                         SymExprAttr::sub(scale(c, x), scale(c, remainder)));
    if (!candidate)
      continue;
    // The rewrite is an identity; keep it only when it removes the division
    // without adding monomials.
    if (getTerms(candidate).size() <= getTerms(expr).size() &&
        !llvm::any_of(getTerms(candidate), [&](const Term &t) {
          return llvm::is_contained(t.atoms, q);
        }))
      expr = candidate;
  }
  return expr;
}

//===----------------------------------------------------------------------===//
// Bounds and divisibility
//===----------------------------------------------------------------------===//

Interval SymProver::getBounds(SymExprAttr expr) const {
  if (!expr || infeasible)
    return {};
  return computeBounds(simplify(expr));
}

Interval SymProver::computeBounds(SymExprAttr expr) const {
  auto it = bounds.find(expr);
  if (it != bounds.end())
    return it->second;
  Interval result = computeBoundsUncached(expr);
  bounds[expr] = result;
  return result;
}

Interval SymProver::computeBoundsUncached(SymExprAttr expr) const {
  Interval sum = getPoint(0);
  for (const Term &term : getTerms(expr)) {
    Interval product = getPoint(term.coeff);
    // Group equal atoms: an even power is non-negative.
    ArrayRef<SymExprAttr> atoms = term.atoms;
    while (!atoms.empty()) {
      SymExprAttr atom = atoms.front();
      size_t power = 1;
      while (power < atoms.size() && atoms[power] == atom)
        ++power;
      Interval base = computeAtomBounds(atom), pow = base;
      for (size_t i = 1; i < power; ++i)
        pow = mulIntervals(pow, base);
      if (power % 2 == 0 && (!pow.lower || *pow.lower < 0))
        pow.lower = 0;
      product = mulIntervals(product, pow);
      atoms = atoms.drop_front(power);
    }
    sum = addIntervals(sum, product);
  }
  int64_t constant;
  int64_t g = computeResidue(expr, constant);
  return tighten(sum, g, constant);
}

Interval SymProver::computeAtomBounds(SymExprAttr atom) const {
  switch (atom.getKind()) {
  case Kind::Var:
    return getVarInfo(atom.getName()).range;
  case Kind::FloorDiv: {
    Interval x = computeBounds(atom.getOperands()[0]);
    SymExprAttr divisor = atom.getOperands()[1];
    if (std::optional<int64_t> d = divisor.getConstantValue()) {
      if (*d <= 0)
        return {};
      Interval result;
      if (x.lower)
        result.lower = llvm::divideFloorSigned(*x.lower, *d);
      if (x.upper)
        result.upper = llvm::divideFloorSigned(*x.upper, *d);
      return result;
    }
    // floor(x / y) for x >= 0 and y >= 1 lies in [x.lo / y.hi, x.hi / y.lo].
    Interval y = computeBounds(divisor);
    if (!x.lower || *x.lower < 0 || !y.lower || *y.lower < 1)
      return {};
    Interval result{0, std::nullopt};
    if (y.upper)
      result.lower = *x.lower / *y.upper;
    if (x.upper)
      result.upper = *x.upper / *y.lower;
    return result;
  }
  case Kind::Mod: {
    Interval x = computeBounds(atom.getOperands()[0]);
    SymExprAttr divisor = atom.getOperands()[1];
    Interval result;
    if (std::optional<int64_t> d = divisor.getConstantValue()) {
      if (*d <= 0)
        return {};
      result = {0, *d - 1};
    } else {
      Interval y = computeBounds(divisor);
      if (!y.lower || *y.lower < 1)
        return {};
      result = {0,
                y.upper ? std::optional<int64_t>(*y.upper - 1) : std::nullopt};
    }
    // A non-negative dividend bounds the remainder from above.
    if (x.lower && *x.lower >= 0 && x.upper &&
        (!result.upper || *x.upper < *result.upper))
      result.upper = x.upper;
    // With x == g * t + c, x mod d == c (mod gcd(g, d)).
    int64_t constant;
    int64_t g = computeResidue(atom.getOperands()[0], constant);
    int64_t h = std::gcd(g, computeDivisor(divisor));
    return h > 0 ? tighten(result, h, constant) : result;
  }
  case Kind::Min:
  case Kind::Max: {
    bool isMin = atom.getKind() == Kind::Min;
    // For min: the lower end is the least lower end (unbounded if any is),
    // the upper end the least finite upper end; max is symmetric.
    std::optional<ExtInt> lower, upper;
    for (SymExprAttr operand : atom.getOperands()) {
      Interval i = computeBounds(operand);
      ExtInt lo = lowerEnd(i), hi = upperEnd(i);
      if (!lower || (isMin ? lo < *lower : *lower < lo))
        lower = lo;
      if (!upper || (isMin ? hi < *upper : *upper < hi))
        upper = hi;
    }
    return {toLower(*lower), toUpper(*upper)};
  }
  default:
    return {};
  }
}

int64_t SymProver::computeDivisor(SymExprAttr expr) const {
  int64_t constant;
  int64_t g = computeResidue(expr, constant);
  return std::gcd(g, absDivisor(constant));
}

int64_t SymProver::computeResidue(SymExprAttr expr, int64_t &constant) const {
  auto it = residues.find(expr);
  if (it != residues.end()) {
    constant = it->second.second;
    return it->second.first;
  }
  int64_t g = computeResidueUncached(expr, constant);
  residues[expr] = {g, constant};
  return g;
}

int64_t SymProver::computeResidueUncached(SymExprAttr expr,
                                          int64_t &constant) const {
  constant = 0;
  int64_t g = 0;
  for (const Term &term : getTerms(expr)) {
    if (term.atoms.empty()) {
      constant = term.coeff;
      continue;
    }
    int64_t divisor = absDivisor(term.coeff);
    for (SymExprAttr atom : term.atoms) {
      int64_t atomDivisor = 1;
      switch (atom.getKind()) {
      case Kind::Var:
        atomDivisor = getVarInfo(atom.getName()).divisor;
        break;
      case Kind::Mod:
        // x mod d is x - d * q: it keeps the common divisor of x and d.
        atomDivisor = std::gcd(computeDivisor(atom.getOperands()[0]),
                               computeDivisor(atom.getOperands()[1]));
        break;
      case Kind::Min:
      case Kind::Max:
        atomDivisor = 0;
        for (SymExprAttr operand : atom.getOperands())
          atomDivisor = std::gcd(atomDivisor, computeDivisor(operand));
        break;
      default:
        break;
      }
      if (atomDivisor == 0)
        atomDivisor = 1;
      divisor = mulDivisors(divisor, atomDivisor);
    }
    g = std::gcd(g, divisor);
  }
  return g;
}

std::optional<std::pair<SymExprAttr, SymExprAttr>>
SymProver::factorNonNegativeAtom(SymExprAttr expr) const {
  SmallVector<Term> terms = getTerms(expr);
  if (terms.size() < 2)
    return std::nullopt;
  SymExprAttr best;
  for (SymExprAttr atom : terms.front().atoms) {
    if (!llvm::all_of(terms, [&](const Term &term) {
          return llvm::is_contained(term.atoms, atom);
        }))
      continue;
    std::optional<int64_t> lower = computeAtomBounds(atom).lower;
    if (!lower || *lower < 0)
      continue;
    if (!best || *lower >= 1)
      best = atom;
    if (*lower >= 1)
      break;
  }
  if (!best)
    return std::nullopt;
  MLIRContext *ctx = expr.getContext();
  SymExprAttr rest = getConstant(ctx, 0);
  for (const Term &term : terms) {
    SmallVector<SymExprAttr, 2> atoms(term.atoms);
    atoms.erase(llvm::find(atoms, best));
    rest = SymExprAttr::add(rest, buildTerm(ctx, term.coeff, atoms));
    if (!rest)
      return std::nullopt;
  }
  return std::make_pair(best, rest);
}

SymExprAttr SymProver::substituteMonotoneVar(SymExprAttr expr) const {
  SmallVector<Term> terms = getTerms(expr);
  llvm::SetVector<SymExprAttr> vars;
  for (const Term &term : terms)
    for (SymExprAttr atom : term.atoms)
      if (atom.isVar())
        vars.insert(atom);
  MLIRContext *ctx = expr.getContext();
  for (SymExprAttr var : vars) {
    std::optional<int64_t> lower = computeAtomBounds(var).lower;
    if (!lower || *lower < 0)
      continue;
    bool monotone = llvm::all_of(terms, [&](const Term &term) {
      SmallVector<SymExprAttr, 2> others;
      for (SymExprAttr atom : term.atoms) {
        if (atom == var)
          continue;
        // Inside a division or a min/max, the variable's effect is unknown.
        if (occursIn(var.getName(), atom))
          return false;
        others.push_back(atom);
      }
      if (others.size() == term.atoms.size())
        return true;
      SymExprAttr cofactor = buildTerm(ctx, term.coeff, others);
      std::optional<int64_t> least =
          cofactor ? computeBounds(cofactor).lower : std::nullopt;
      return least && *least >= 0;
    });
    if (!monotone)
      continue;
    SymExprAttr value = getConstant(ctx, *lower);
    return expr.replaceVars([&](StringAttr name) {
      return name == var.getName() ? value : SymExprAttr();
    });
  }
  return {};
}

bool SymProver::isNonNegative(SymExprAttr expr) const {
  unsigned budget = kDecisionBudget;
  return decideAtLeast(expr, 0, budget) == Proof::Proven;
}

//===----------------------------------------------------------------------===//
// Decisions
//===----------------------------------------------------------------------===//

SymExprAttr SymProver::difference(SymExprAttr lhs, SymExprAttr rhs) const {
  if (!lhs || !rhs || infeasible)
    return {};
  SymExprAttr diff = SymExprAttr::sub(simplify(lhs), simplify(rhs));
  return diff ? simplify(diff) : diff;
}

Proof SymProver::decideZero(SymExprAttr diff) const {
  if (!diff)
    return Proof::Unknown;
  if (std::optional<int64_t> c = diff.getConstantValue())
    return *c == 0 ? Proof::Proven : Proof::Disproven;
  // diff == g * t + c is never zero when g does not divide c.
  int64_t constant;
  int64_t g = computeResidue(diff, constant);
  if (g > 0 && constant % g != 0)
    return Proof::Disproven;
  // diff == k * zero + r == r under a recorded equality.
  for (SymExprAttr zero : zeros)
    if (std::optional<int64_t> r = getConstantRemainder(diff, zero))
      return *r == 0 ? Proof::Proven : Proof::Disproven;
  Interval bounds = computeBounds(diff);
  if ((bounds.lower && *bounds.lower > 0) ||
      (bounds.upper && *bounds.upper < 0))
    return Proof::Disproven;
  if (bounds.lower == 0 && bounds.upper == 0)
    return Proof::Proven;
  // Decide both inequalities with case splits.
  unsigned budget = kDecisionBudget;
  Proof atLeast = decideAtLeast(diff, 0, budget);
  if (atLeast == Proof::Disproven)
    return Proof::Disproven;
  Proof atMost = decideAtLeast(SymExprAttr::neg(diff), 0, budget);
  if (atMost == Proof::Disproven)
    return Proof::Disproven;
  if (atLeast == Proof::Proven && atMost == Proof::Proven)
    return Proof::Proven;
  return Proof::Unknown;
}

Proof SymProver::decideAtLeast(SymExprAttr diff, int64_t bound,
                               unsigned &budget) const {
  if (!diff)
    return Proof::Unknown;
  if (std::optional<int64_t> c = diff.getConstantValue())
    return *c >= bound ? Proof::Proven : Proof::Disproven;
  Interval bounds = computeBounds(diff);
  if (bounds.lower && *bounds.lower >= bound)
    return Proof::Proven;
  if (bounds.upper && *bounds.upper < bound)
    return Proof::Disproven;
  for (SymExprAttr zero : zeros)
    if (std::optional<int64_t> r = getConstantRemainder(diff, zero))
      return *r >= bound ? Proof::Proven : Proof::Disproven;

  MLIRContext *ctx = diff.getContext();
  // `a * e` with an atom `a >= 0` in every monomial: interval arithmetic
  // bounds the monomials of `a * e` apart and loses that they share `a`
  // (`b * t - b * ((t + 1) floordiv 2)`). `e >= 0` implies `a * e >= 0`;
  // with `a >= 1`, `e >= bound > 0` implies `a * e >= bound`, and for a
  // bound of 0 or 1 the converse holds too.
  if (budget > 0) {
    if (std::optional<std::pair<SymExprAttr, SymExprAttr>> factored =
            factorNonNegativeAtom(diff)) {
      --budget;
      bool positive = computeAtomBounds(factored->first).lower >= 1;
      if (bound <= 0 || positive) {
        Proof p = decideAtLeast(factored->second, std::max<int64_t>(bound, 0),
                                budget);
        if (p == Proof::Proven ||
            (positive && (bound == 0 || bound == 1) && p != Proof::Unknown))
          return p;
      }
    }
  }
  // A variable whose monomials all have non-negative cofactors makes `diff`
  // nondecreasing in it: `diff >= bound` at its least value suffices
  // (`b * t - (t + 1) floordiv 2` with `b >= 1`).
  if (budget > 0) {
    if (SymExprAttr atLeast = substituteMonotoneVar(diff)) {
      --budget;
      if (decideAtLeast(simplifyNode(atLeast), bound, budget) == Proof::Proven)
        return Proof::Proven;
    }
  }
  for (const Term &term : getTerms(diff)) {
    if (budget == 0)
      return Proof::Unknown;
    if (term.atoms.size() != 1)
      continue;
    SymExprAttr atom = term.atoms.front();
    SymExprAttr rest = SymExprAttr::sub(diff, scale(term.coeff, atom));
    if (!rest)
      continue;
    Kind kind = atom.getKind();
    if (kind == Kind::Min || kind == Kind::Max) {
      --budget;
      // c * min(a_i) is min(c * a_i) for c > 0 and max(c * a_i) for c < 0.
      bool isMin = (kind == Kind::Min) == (term.coeff > 0);
      bool allProven = true, allDisproven = true;
      bool anyProven = false, anyDisproven = false;
      for (SymExprAttr operand : atom.getOperands()) {
        SymExprAttr split = SymExprAttr::add(rest, scale(term.coeff, operand));
        Proof p = split ? decideAtLeast(split, bound, budget) : Proof::Unknown;
        allProven &= p == Proof::Proven;
        allDisproven &= p == Proof::Disproven;
        anyProven |= p == Proof::Proven;
        anyDisproven |= p == Proof::Disproven;
      }
      // rest + min(b_i) >= bound iff every rest + b_i >= bound;
      // rest + max(b_i) >= bound iff some rest + b_i >= bound.
      if (isMin ? allProven : anyProven)
        return Proof::Proven;
      if (isMin ? anyDisproven : allDisproven)
        return Proof::Disproven;
      continue;
    }
    if (kind == Kind::Mod) {
      std::optional<int64_t> d = atom.getOperands()[1].getConstantValue();
      int64_t coeff;
      if (!d || *d <= 0 || llvm::MulOverflow(term.coeff, *d, coeff))
        continue;
      --budget;
      // c * (x mod d) == c * x - c * d * (x floordiv d): a quotient that is
      // bounded below where x is, in place of a remainder unrelated to x.
      SymExprAttr x = atom.getOperands()[0];
      SymExprAttr quotient = SymExprAttr::floorDiv(x, atom.getOperands()[1]);
      SymExprAttr eliminated = SymExprAttr::add(
          rest, SymExprAttr::sub(scale(term.coeff, x), scale(coeff, quotient)));
      Proof p = decideAtLeast(eliminated, bound, budget);
      if (p != Proof::Unknown)
        return p;
      continue;
    }
    if (kind == Kind::FloorDiv) {
      std::optional<int64_t> d = atom.getOperands()[1].getConstantValue();
      int64_t scaledBound;
      if (!d || *d <= 0 || llvm::MulOverflow(bound, *d, scaledBound))
        continue;
      --budget;
      // d * q == x - x mod d, so d * diff == d * rest + c * x - c * (x mod d)
      // with a bounded remainder in place of the unbounded quotient.
      SymExprAttr x = atom.getOperands()[0];
      SymExprAttr remainder = SymExprAttr::mod(x, getConstant(ctx, *d));
      SymExprAttr eliminated = SymExprAttr::add(
          scale(*d, rest),
          SymExprAttr::sub(scale(term.coeff, x), scale(term.coeff, remainder)));
      Proof p = decideAtLeast(eliminated, scaledBound, budget);
      if (p != Proof::Unknown)
        return p;
    }
  }
  return Proof::Unknown;
}

Proof SymProver::proveEq(SymExprAttr lhs, SymExprAttr rhs) const {
  return decideZero(difference(lhs, rhs));
}

Proof SymProver::proveLe(SymExprAttr lhs, SymExprAttr rhs) const {
  unsigned budget = kDecisionBudget;
  return decideAtLeast(difference(rhs, lhs), 0, budget);
}

Proof SymProver::proveLt(SymExprAttr lhs, SymExprAttr rhs) const {
  unsigned budget = kDecisionBudget;
  return decideAtLeast(difference(rhs, lhs), 1, budget);
}

Proof SymProver::provePositive(SymExprAttr expr) const {
  if (!expr || infeasible)
    return Proof::Unknown;
  unsigned budget = kDecisionBudget;
  return decideAtLeast(simplify(expr), 1, budget);
}

Proof SymProver::proveDivisible(SymExprAttr expr, int64_t divisor) const {
  if (!expr || infeasible || divisor <= 0)
    return Proof::Unknown;
  expr = simplify(expr);
  if (std::optional<int64_t> c = expr.getConstantValue())
    return *c % divisor == 0 ? Proof::Proven : Proof::Disproven;
  // expr == g * t + c for some integer t.
  int64_t constant;
  int64_t g = computeResidue(expr, constant);
  if (g % divisor == 0)
    return constant % divisor == 0 ? Proof::Proven : Proof::Disproven;
  // g * t == -c (mod divisor) has no solution unless gcd(g, divisor) | c.
  if (constant % std::gcd(g, divisor) != 0)
    return Proof::Disproven;
  // No multiple of the divisor within the bounds.
  Interval bounds = computeBounds(expr);
  if (bounds.lower && bounds.upper) {
    int64_t first = llvm::divideCeilSigned(*bounds.lower, divisor);
    int64_t last = llvm::divideFloorSigned(*bounds.upper, divisor);
    if (first > last)
      return Proof::Disproven;
  }
  return Proof::Unknown;
}
