//===- SymExpr.cpp - Canonical symbolic integer expressions ---------------===//
//
// Builds `#sym.expr` attributes in canonical form.
//
// An expression is a polynomial: a sum of monomials, each a coefficient times
// a sorted multiset of atoms. Atoms are variables and the non-polynomial nodes
// (floordiv, mod, min, max), whose operands are themselves canonical. Every
// constructor converts its operands to this polynomial form, computes, and
// converts back, so structurally equal attributes are equal expressions.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>

using namespace mlir;
using namespace mlir::sym;

using Kind = SymExprKind;

//===----------------------------------------------------------------------===//
// Ordering
//===----------------------------------------------------------------------===//

int SymExprAttr::compare(SymExprAttr lhs, SymExprAttr rhs) {
  if (lhs == rhs)
    return 0;
  if (lhs.getKind() != rhs.getKind())
    return lhs.getKind() < rhs.getKind() ? -1 : 1;
  switch (lhs.getKind()) {
  case Kind::Constant:
    return lhs.getValue() < rhs.getValue() ? -1 : 1;
  case Kind::Var:
    return lhs.getName().getValue().compare(rhs.getName().getValue());
  default:
    break;
  }
  ArrayRef<SymExprAttr> a = lhs.getOperands(), b = rhs.getOperands();
  for (auto [x, y] : llvm::zip(a, b))
    if (int c = compare(x, y))
      return c;
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  return 0;
}

//===----------------------------------------------------------------------===//
// Polynomial form
//===----------------------------------------------------------------------===//

/// The most terms a sum of several expressions adds up before its terms
/// are collected.
static constexpr uint64_t kSumWorkLimit = 4 * SymExprAttr::kMaxTerms;

namespace {
/// A product of atoms, sorted by SymExprAttr::compare. Empty for the constant
/// term.
using Monomial = SmallVector<SymExprAttr, 2>;

/// Orders monomials as they are printed: higher degree first, then
/// lexicographically by atom; the constant term (degree 0) comes last.
struct MonomialLess {
  bool operator()(const Monomial &a, const Monomial &b) const {
    if (a.size() != b.size())
      return a.size() > b.size();
    for (auto [x, y] : llvm::zip(a, b))
      if (int c = SymExprAttr::compare(x, y))
        return c < 0;
    return false;
  }
};

/// A polynomial with int64 coefficients. `overflow` is sticky.
struct Poly {
  std::map<Monomial, int64_t, MonomialLess> terms;
  bool overflow = false;

  void addTerm(const Monomial &m, int64_t coeff) {
    if (coeff == 0)
      return;
    int64_t &slot = terms[m];
    int64_t sum;
    if (llvm::AddOverflow(slot, coeff, sum))
      overflow = true;
    slot = sum;
    if (slot == 0)
      terms.erase(m);
  }
  void add(const Poly &other, int64_t scale = 1) {
    overflow |= other.overflow;
    for (const auto &[m, c] : other.terms) {
      int64_t scaled;
      if (llvm::MulOverflow(c, scale, scaled))
        overflow = true;
      addTerm(m, scaled);
    }
  }
  Poly mul(const Poly &other) const {
    Poly result;
    result.overflow = overflow || other.overflow;
    // Expanding a product of two sums multiplies their term counts; past the
    // limit the product is refused instead of growing exponentially in a
    // chain of products.
    if (SymExprAttr::exceedsTermLimit(terms.size(), other.terms.size())) {
      result.overflow = true;
      return result;
    }
    for (const auto &[ma, ca] : terms) {
      for (const auto &[mb, cb] : other.terms) {
        // Both monomials are sorted: merge them.
        Monomial m;
        m.reserve(ma.size() + mb.size());
        std::merge(ma.begin(), ma.end(), mb.begin(), mb.end(),
                   std::back_inserter(m), [](SymExprAttr x, SymExprAttr y) {
                     return SymExprAttr::compare(x, y) < 0;
                   });
        int64_t c;
        if (llvm::MulOverflow(ca, cb, c))
          result.overflow = true;
        result.addTerm(m, c);
      }
    }
    return result;
  }
  int64_t constant() const {
    auto it = terms.find(Monomial());
    return it == terms.end() ? 0 : it->second;
  }
  bool isConstant() const {
    return terms.empty() || (terms.size() == 1 && terms.count(Monomial()));
  }
  /// Greatest common divisor of all coefficients (0 for the zero polynomial).
  int64_t contentGcd() const {
    // std::gcd of INT64_MIN is undefined; a coefficient of INT64_MIN only
    // shares powers of two, which 2^62 stands for.
    int64_t g = 0;
    for (const auto &[m, c] : terms)
      g = std::gcd(
          g, c == std::numeric_limits<int64_t>::min() ? int64_t(1) << 62 : c);
    return g;
  }
};
} // namespace

static SymExprAttr makeNode(MLIRContext *ctx, Kind kind,
                            ArrayRef<SymExprAttr> operands) {
  return SymExprAttr::getNode(ctx, kind, 0, StringAttr(), operands);
}

static Poly toPoly(SymExprAttr e) {
  Poly p;
  switch (e.getKind()) {
  case Kind::Constant:
    p.addTerm(Monomial(), e.getValue());
    return p;
  case Kind::Add:
    for (SymExprAttr term : e.getOperands())
      p.add(toPoly(term));
    return p;
  case Kind::Mul: {
    int64_t coeff = 1;
    Monomial m;
    for (SymExprAttr f : e.getOperands()) {
      if (f.isConstant())
        coeff = f.getValue();
      else
        m.push_back(f);
    }
    p.addTerm(m, coeff);
    return p;
  }
  default:
    p.addTerm(Monomial{e}, 1);
    return p;
  }
}

static SymExprAttr fromPoly(MLIRContext *ctx, const Poly &p) {
  if (p.overflow || p.terms.size() > SymExprAttr::kMaxTerms)
    return {};
  SmallVector<SymExprAttr> terms;
  for (const auto &[m, c] : p.terms) {
    if (m.empty()) {
      terms.push_back(SymExprAttr::getConstant(ctx, c));
      continue;
    }
    if (m.size() == 1 && c == 1) {
      terms.push_back(m.front());
      continue;
    }
    SmallVector<SymExprAttr> factors;
    if (c != 1)
      factors.push_back(SymExprAttr::getConstant(ctx, c));
    factors.append(m.begin(), m.end());
    terms.push_back(makeNode(ctx, Kind::Mul, factors));
  }
  if (terms.empty())
    return SymExprAttr::getConstant(ctx, 0);
  if (terms.size() == 1)
    return terms.front();
  return makeNode(ctx, Kind::Add, terms);
}

static Poly scaled(const Poly &p, int64_t factor) {
  Poly r;
  r.add(p, factor);
  return r;
}

/// Divides every coefficient of `p` exactly by `d`.
static Poly dividedExactly(const Poly &p, int64_t d) {
  Poly r;
  r.overflow = p.overflow;
  for (const auto &[m, c] : p.terms)
    r.addTerm(m, c / d);
  return r;
}

/// Splits `p` into `d * q + r` where every coefficient of `r` is in
/// [0, d). Rounding down (not toward zero) makes the split unique, so that
/// `p` and `p + d * x` give the same remainder.
static void splitByDivisor(const Poly &p, int64_t d, Poly &q, Poly &r) {
  q.overflow = r.overflow = p.overflow;
  for (const auto &[m, c] : p.terms) {
    // Both library helpers are free of overflow, unlike c - q * d.
    q.addTerm(m, llvm::divideFloorSigned(c, d));
    r.addTerm(m, llvm::mod(c, d));
  }
}

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

SymExprAttr SymExprAttr::getConstant(MLIRContext *context, int64_t value) {
  return getNode(context, Kind::Constant, value, StringAttr(),
                 ArrayRef<SymExprAttr>());
}

SymExprAttr SymExprAttr::getVar(StringAttr name) {
  return getNode(name.getContext(), Kind::Var, 0, name,
                 ArrayRef<SymExprAttr>());
}

SymExprAttr SymExprAttr::getVar(MLIRContext *context, StringRef name) {
  return getVar(StringAttr::get(context, name));
}

SymExprAttr SymExprAttr::add(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  Poly p = toPoly(lhs);
  p.add(toPoly(rhs));
  return fromPoly(lhs.getContext(), p);
}

SymExprAttr SymExprAttr::sum(ArrayRef<SymExprAttr> operands) {
  if (operands.empty())
    return {};
  Poly p;
  uint64_t added = 0;
  for (SymExprAttr operand : operands) {
    if (!operand)
      return {};
    // Cancellation may bring a longer sum back under the limit, but the
    // work is bounded: stop past a few times the limit.
    added += operand.getNumTerms();
    if (added > kSumWorkLimit)
      return {};
    p.add(toPoly(operand));
  }
  return fromPoly(operands.front().getContext(), p);
}

bool SymExprAttr::exceedsTermLimit(uint64_t lhsTerms, uint64_t rhsTerms) {
  // Scaling by a single monomial cannot blow up.
  return lhsTerms > 1 && rhsTerms > 1 && lhsTerms * rhsTerms > kMaxTerms;
}

unsigned SymExprAttr::getNumTerms() const {
  if (getKind() == Kind::Add)
    return getOperands().size();
  return isConstant() && getValue() == 0 ? 0 : 1;
}

SymExprAttr SymExprAttr::sub(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  Poly p = toPoly(lhs);
  p.add(toPoly(rhs), -1);
  return fromPoly(lhs.getContext(), p);
}

SymExprAttr SymExprAttr::neg(SymExprAttr operand) {
  if (!operand)
    return {};
  return fromPoly(operand.getContext(), scaled(toPoly(operand), -1));
}

SymExprAttr SymExprAttr::mul(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  return fromPoly(lhs.getContext(), toPoly(lhs).mul(toPoly(rhs)));
}

SymExprAttr SymExprAttr::floorDiv(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  MLIRContext *ctx = lhs.getContext();
  std::optional<int64_t> divisor = rhs.getConstantValue();
  if (!divisor) {
    if (lhs.getConstantValue() == 0)
      return lhs;
    return makeNode(ctx, Kind::FloorDiv, {lhs, rhs});
  }
  int64_t d = *divisor;
  if (d == 0)
    return {};
  if (d < 0) {
    // floor(x / -d) == floor(-x / d).
    if (d == std::numeric_limits<int64_t>::min())
      return {};
    return floorDiv(neg(lhs), getConstant(ctx, -d));
  }
  if (std::optional<int64_t> value = lhs.getConstantValue())
    return getConstant(ctx, llvm::divideFloorSigned(*value, d));
  if (d == 1)
    return lhs;

  Poly p = toPoly(lhs);
  // floor(g * x / (g * d')) == floor(x / d').
  int64_t g = std::gcd(p.contentGcd(), d);
  if (g > 1) {
    p = dividedExactly(p, g);
    d /= g;
    if (d == 1)
      return fromPoly(ctx, p);
  }
  // floor((d * q + r) / d) == q + floor(r / d) for integer-valued q.
  Poly q, r;
  splitByDivisor(p, d, q, r);
  SymExprAttr rest = fromPoly(ctx, r);
  if (!rest)
    return {};
  SymExprAttr atom;
  if (std::optional<int64_t> value = rest.getConstantValue()) {
    atom = getConstant(ctx, llvm::divideFloorSigned(*value, d));
  } else if (rest.getKind() == Kind::FloorDiv &&
             rest.getOperands()[1].isConstant()) {
    // floor(floor(x / a) / d) == floor(x / (a * d)) for positive a and d.
    int64_t inner = rest.getOperands()[1].getValue(), combined;
    if (llvm::MulOverflow(inner, d, combined))
      return {};
    atom = floorDiv(rest.getOperands()[0], getConstant(ctx, combined));
  } else {
    atom = makeNode(ctx, Kind::FloorDiv, {rest, getConstant(ctx, d)});
  }
  return add(fromPoly(ctx, q), atom);
}

SymExprAttr SymExprAttr::mod(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  MLIRContext *ctx = lhs.getContext();
  std::optional<int64_t> divisor = rhs.getConstantValue();
  if (!divisor) {
    if (lhs.getConstantValue() == 0)
      return lhs;
    return makeNode(ctx, Kind::Mod, {lhs, rhs});
  }
  int64_t d = *divisor;
  if (d == 0)
    return {};
  if (d < 0) {
    // x mod -d == -((-x) mod d) with the result taking the divisor's sign.
    if (d == std::numeric_limits<int64_t>::min())
      return {};
    return neg(mod(neg(lhs), getConstant(ctx, -d)));
  }
  if (std::optional<int64_t> value = lhs.getConstantValue())
    return getConstant(ctx, llvm::mod(*value, d));
  if (d == 1)
    return getConstant(ctx, 0);

  Poly p = toPoly(lhs);
  // (g * x) mod (g * d') == g * (x mod d').
  int64_t g = std::gcd(p.contentGcd(), d);
  if (g > 1)
    return mul(getConstant(ctx, g), mod(fromPoly(ctx, dividedExactly(p, g)),
                                        getConstant(ctx, d / g)));
  // (d * q + r) mod d == r mod d.
  Poly q, r;
  splitByDivisor(p, d, q, r);
  SymExprAttr rest = fromPoly(ctx, r);
  if (!rest)
    return {};
  if (std::optional<int64_t> value = rest.getConstantValue())
    return getConstant(ctx, llvm::mod(*value, d));
  // (x mod (k * d)) mod d == x mod d.
  if (rest.getKind() == Kind::Mod && rest.getOperands()[1].isConstant() &&
      rest.getOperands()[1].getValue() % d == 0)
    return mod(rest.getOperands()[0], getConstant(ctx, d));
  return makeNode(ctx, Kind::Mod, {rest, getConstant(ctx, d)});
}

/// Shared body of min and max: flattens nested nodes of the same kind, folds
/// constants, and drops operands that differ from another by a constant.
static SymExprAttr buildMinMax(ArrayRef<SymExprAttr> operands, bool isMin) {
  if (operands.empty() ||
      llvm::any_of(operands, [](SymExprAttr e) { return !e; }))
    return {};
  MLIRContext *ctx = operands.front().getContext();
  Kind kind = isMin ? Kind::Min : Kind::Max;
  SmallVector<SymExprAttr> flat;
  for (SymExprAttr e : operands) {
    if (e.getKind() == kind)
      llvm::append_range(flat, e.getOperands());
    else
      flat.push_back(e);
  }
  // Keep an operand unless another one is provably at least as good; the
  // first of equal operands is kept. Only operands that differ by a constant
  // are comparable: group them by their non-constant part.
  SmallVector<SymExprAttr> kept;
  SmallVector<int64_t> keptConstant;
  DenseMap<Attribute, unsigned> groupOf;
  for (SymExprAttr e : flat) {
    Poly p = toPoly(e);
    int64_t c = p.constant();
    p.terms.erase(Monomial());
    SymExprAttr key = fromPoly(ctx, p);
    if (!key)
      return {};
    auto [it, inserted] = groupOf.try_emplace(key, kept.size());
    if (inserted) {
      kept.push_back(e);
      keptConstant.push_back(c);
      continue;
    }
    int64_t &best = keptConstant[it->second];
    if (isMin ? c < best : c > best) {
      kept[it->second] = e;
      best = c;
    }
  }
  if (kept.size() == 1)
    return kept.front();
  llvm::sort(kept, [](SymExprAttr a, SymExprAttr b) {
    return SymExprAttr::compare(a, b) < 0;
  });
  return makeNode(ctx, kind, kept);
}

SymExprAttr SymExprAttr::min(ArrayRef<SymExprAttr> operands) {
  return buildMinMax(operands, /*isMin=*/true);
}

SymExprAttr SymExprAttr::max(ArrayRef<SymExprAttr> operands) {
  return buildMinMax(operands, /*isMin=*/false);
}

SymExprAttr SymExprAttr::exactDiv(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return {};
  Poly divisor = toPoly(rhs);
  if (divisor.overflow || divisor.terms.size() != 1)
    return {};
  const auto &[dm, dc] = *divisor.terms.begin();
  if (dc == 0)
    return {};
  Poly dividend = toPoly(lhs), quotient;
  for (const auto &[m, c] : dividend.terms) {
    if (c % dc != 0)
      return {};
    // Remove the divisor's atoms from the monomial; both are sorted.
    Monomial rest;
    auto it = dm.begin();
    for (SymExprAttr atom : m) {
      if (it != dm.end() && *it == atom)
        ++it;
      else
        rest.push_back(atom);
    }
    if (it != dm.end())
      return {};
    quotient.addTerm(rest, c / dc);
  }
  return fromPoly(lhs.getContext(), quotient);
}

//===----------------------------------------------------------------------===//
// Queries and substitution
//===----------------------------------------------------------------------===//

void SymExprAttr::collectVars(llvm::SetVector<StringAttr> &vars) const {
  if (isVar()) {
    vars.insert(getName());
    return;
  }
  for (SymExprAttr operand : getOperands())
    operand.collectVars(vars);
}

SymExprAttr
SymExprAttr::replaceVars(function_ref<SymExprAttr(StringAttr)> lookup) const {
  switch (getKind()) {
  case Kind::Constant:
    return *this;
  case Kind::Var:
    if (SymExprAttr replacement = lookup(getName()))
      return replacement;
    return *this;
  default:
    break;
  }
  if (getKind() == Kind::Add) {
    // Summed as the terms are replaced, so that a sum that grows too long
    // stops early.
    Poly p;
    uint64_t added = 0;
    for (SymExprAttr operand : getOperands()) {
      SymExprAttr replaced = operand.replaceVars(lookup);
      if (!replaced)
        return {};
      added += replaced.getNumTerms();
      if (added > kSumWorkLimit)
        return {};
      p.add(toPoly(replaced));
    }
    return fromPoly(getContext(), p);
  }
  SmallVector<SymExprAttr> ops;
  for (SymExprAttr operand : getOperands()) {
    SymExprAttr replaced = operand.replaceVars(lookup);
    if (!replaced)
      return {};
    ops.push_back(replaced);
  }
  switch (getKind()) {
  case Kind::Mul: {
    SymExprAttr result = ops.front();
    for (SymExprAttr op : ArrayRef(ops).drop_front())
      if (!(result = mul(result, op)))
        return {};
    return result;
  }
  case Kind::FloorDiv:
    return floorDiv(ops[0], ops[1]);
  case Kind::Mod:
    return mod(ops[0], ops[1]);
  case Kind::Min:
    return min(ops);
  case Kind::Max:
    return max(ops);
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}
