//===- SymAttrs.cpp - Symbolic shape attributes ---------------------------===//
//
// Assembly formats and verifiers of the `sym` attributes.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sym;

using Kind = SymExprKind;

#include "Relax/Dialect/Sym/IR/SymEnums.cpp.inc"
#include "Relax/Dialect/Sym/IR/SymTypeInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Relax/Dialect/Sym/IR/SymAttrDefs.cpp.inc"

void SymDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Relax/Dialect/Sym/IR/SymAttrDefs.cpp.inc"
      >();
}

SymExprAttr SymExprAttr::getNode(MLIRContext *context, SymExprKind kind,
                                 int64_t value, StringAttr name,
                                 ArrayRef<SymExprAttr> operands) {
  uint64_t numNodes = 1;
  for (SymExprAttr operand : operands) {
    if (!operand)
      return {};
    // Each operand is at most kMaxNodes: the sum cannot wrap.
    numNodes += operand.getNumNodes();
    if (numNodes > kMaxNodes)
      return {};
  }
  return Base::get(context, kind, value, name, operands, numNodes);
}

//===----------------------------------------------------------------------===//
// Expression printing
//===----------------------------------------------------------------------===//

namespace {
/// Binding strength of a printed node: sums bind loosest, then products and
/// divisions, then atoms.
enum class Prec { Sum, Product, Atom };
} // namespace

static Prec precedence(SymExprAttr e) {
  switch (e.getKind()) {
  case Kind::Add:
    return Prec::Sum;
  case Kind::Mul:
  case Kind::FloorDiv:
  case Kind::Mod:
    return Prec::Product;
  case Kind::Constant:
    return e.getValue() < 0 ? Prec::Product : Prec::Atom;
  default:
    return Prec::Atom;
  }
}

static void printNode(raw_ostream &os, SymExprAttr e);

static void printWithParens(raw_ostream &os, SymExprAttr e, bool parens) {
  if (parens)
    os << '(';
  printNode(os, e);
  if (parens)
    os << ')';
}

/// Prints the factors of a monomial after its coefficient was handled.
static void printFactors(raw_ostream &os, ArrayRef<SymExprAttr> factors) {
  llvm::interleave(
      factors, os,
      [&](SymExprAttr f) {
        // Division nodes are parenthesized inside products so that
        // `2 * (n floordiv 3)` does not read as `(2 * n) floordiv 3`.
        printWithParens(os, f, precedence(f) != Prec::Atom);
      },
      " * ");
}

/// Splits a monomial into its coefficient and its non-constant factors.
static int64_t splitCoefficient(SymExprAttr term,
                                ArrayRef<SymExprAttr> &factors) {
  if (term.getKind() != Kind::Mul) {
    factors = ArrayRef<SymExprAttr>();
    return 1;
  }
  ArrayRef<SymExprAttr> ops = term.getOperands();
  if (ops.front().isConstant()) {
    factors = ops.drop_front();
    return ops.front().getValue();
  }
  factors = ops;
  return 1;
}

/// Prints a monomial with coefficient `coeff` (may be negative).
static void printMonomial(raw_ostream &os, SymExprAttr term, bool absolute) {
  if (term.isConstant()) {
    int64_t v = term.getValue();
    // INT64_MIN has no absolute value; it is printed as a negative number.
    if (absolute && v < 0 && v != std::numeric_limits<int64_t>::min())
      v = -v;
    os << v;
    return;
  }
  ArrayRef<SymExprAttr> factors;
  int64_t coeff = splitCoefficient(term, factors);
  if (term.getKind() != Kind::Mul) {
    printNode(os, term);
    return;
  }
  if (absolute && coeff < 0 && coeff != std::numeric_limits<int64_t>::min())
    coeff = -coeff;
  if (coeff == -1)
    os << '-';
  else if (coeff != 1)
    os << coeff << " * ";
  printFactors(os, factors);
}

static bool isNegativeTerm(SymExprAttr term) {
  if (term.isConstant())
    return term.getValue() < 0 &&
           term.getValue() != std::numeric_limits<int64_t>::min();
  ArrayRef<SymExprAttr> factors;
  int64_t coeff = splitCoefficient(term, factors);
  // INT64_MIN has no absolute value; such a term is printed with its sign.
  return coeff < 0 && coeff != std::numeric_limits<int64_t>::min();
}

static void printNode(raw_ostream &os, SymExprAttr e) {
  switch (e.getKind()) {
  case Kind::Constant:
    os << e.getValue();
    return;
  case Kind::Var:
    os << e.getName().getValue();
    return;
  case Kind::Add: {
    ArrayRef<SymExprAttr> terms = e.getOperands();
    printMonomial(os, terms.front(), /*absolute=*/false);
    for (SymExprAttr term : terms.drop_front()) {
      os << (isNegativeTerm(term) ? " - " : " + ");
      printMonomial(os, term, /*absolute=*/true);
    }
    return;
  }
  case Kind::Mul:
    printMonomial(os, e, /*absolute=*/false);
    return;
  case Kind::FloorDiv:
  case Kind::Mod: {
    SymExprAttr lhs = e.getOperands()[0], rhs = e.getOperands()[1];
    printWithParens(os, lhs, precedence(lhs) == Prec::Sum);
    os << (e.getKind() == Kind::FloorDiv ? " floordiv " : " mod ");
    printWithParens(os, rhs, precedence(rhs) != Prec::Atom);
    return;
  }
  case Kind::Min:
  case Kind::Max:
    os << (e.getKind() == Kind::Min ? "min(" : "max(");
    llvm::interleaveComma(e.getOperands(), os,
                          [&](SymExprAttr op) { printNode(os, op); });
    os << ')';
    return;
  }
}

void SymExprAttr::printExpr(raw_ostream &os) const { printNode(os, *this); }

void SymExprAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printExpr(printer.getStream());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Expression parsing
//===----------------------------------------------------------------------===//

namespace {
/// The deepest nesting the parser accepts, both of the text (parentheses,
/// unary minus, min/max) and of the expression it builds (floordiv, mod,
/// min and max nodes inside each other). Every walk of an expression
/// recurses on its operands, so a bound here keeps the stack bounded.
constexpr unsigned kMaxNesting = 256;

/// Recursive-descent parser over the MLIR token stream:
///   sum     ::= product (('+' | '-') product)*
///   product ::= unary (('*' | 'floordiv' | 'mod') unary)*
///   unary   ::= '-' unary | primary
///   primary ::= integer | identifier | '(' sum ')'
///             | ('min' | 'max') '(' sum (',' sum)* ')'
/// A sum is built at once from all its terms, in time linear in them.
class ExprParser {
public:
  explicit ExprParser(AsmParser &parser) : parser(parser) {}

  FailureOr<SymExprAttr> parseSum() {
    SMLoc loc = parser.getCurrentLocation();
    FailureOr<SymExprAttr> lhs = parseProduct();
    if (failed(lhs))
      return failure();
    SmallVector<SymExprAttr> terms{*lhs};
    while (true) {
      bool isAdd = succeeded(parser.parseOptionalPlus());
      if (!isAdd && failed(parser.parseOptionalMinus()))
        break;
      FailureOr<SymExprAttr> rhs = parseProduct();
      if (failed(rhs))
        return failure();
      terms.push_back(isAdd ? *rhs : SymExprAttr::neg(*rhs));
      if (!terms.back())
        return overflow(loc);
    }
    if (terms.size() == 1)
      return terms.front();
    SymExprAttr result = SymExprAttr::sum(terms);
    if (!result)
      return failedToBuild(loc, terms);
    return result;
  }

private:
  /// Counts one level of textual nesting; fails past the limit.
  struct NestingScope {
    explicit NestingScope(ExprParser &p) : p(p) { ++p.nesting; }
    ~NestingScope() { --p.nesting; }
    ExprParser &p;
  };
  LogicalResult checkNesting(SMLoc loc) {
    if (nesting <= kMaxNesting)
      return success();
    parser.emitError(loc, "symbolic expression is nested deeper than ")
        << kMaxNesting;
    return failure();
  }

  /// Returns the height of `e` as a tree, without recursion. Heights of
  /// nodes seen before are kept.
  unsigned height(SymExprAttr e) {
    SmallVector<std::pair<SymExprAttr, bool>> stack{{e, false}};
    while (!stack.empty()) {
      auto [node, expanded] = stack.pop_back_val();
      if (heights.count(node))
        continue;
      if (!expanded) {
        stack.push_back({node, true});
        for (SymExprAttr operand : node.getOperands())
          if (!heights.count(operand))
            stack.push_back({operand, false});
        continue;
      }
      unsigned h = 0;
      for (SymExprAttr operand : node.getOperands())
        h = std::max(h, heights.lookup(operand));
      heights[node] = h + 1;
    }
    return heights.lookup(e);
  }
  /// Fails when `e` nests its non-polynomial nodes too deeply. A sum of
  /// products adds two levels to its atoms.
  LogicalResult checkHeight(SymExprAttr e, SMLoc loc) {
    if (height(e) <= kMaxNesting + 2)
      return success();
    parser.emitError(loc, "symbolic expression is nested deeper than ")
        << kMaxNesting;
    return failure();
  }

  FailureOr<SymExprAttr> parseProduct() {
    SMLoc loc = parser.getCurrentLocation();
    FailureOr<SymExprAttr> lhs = parseUnary();
    if (failed(lhs))
      return failure();
    SymExprAttr result = *lhs;
    while (true) {
      SMLoc opLoc = parser.getCurrentLocation();
      Kind kind;
      if (succeeded(parser.parseOptionalStar()))
        kind = Kind::Mul;
      else if (succeeded(parser.parseOptionalKeyword("floordiv")))
        kind = Kind::FloorDiv;
      else if (succeeded(parser.parseOptionalKeyword("mod")))
        kind = Kind::Mod;
      else
        break;
      FailureOr<SymExprAttr> rhs = parseUnary();
      if (failed(rhs))
        return failure();
      if (kind != Kind::Mul && rhs->getConstantValue() == 0)
        return parser.emitError(opLoc, "division by zero in symbolic "
                                       "expression"),
               failure();
      SymExprAttr lhsOperand = result;
      if (kind == Kind::Mul) {
        unsigned lhsTerms = result.getNumTerms(), rhsTerms = rhs->getNumTerms();
        if (SymExprAttr::exceedsTermLimit(lhsTerms, rhsTerms))
          return parser.emitError(opLoc, "expanding a product of sums of ")
                     << lhsTerms << " and " << rhsTerms
                     << " terms exceeds the limit of " << SymExprAttr::kMaxTerms
                     << " terms",
                 failure();
        result = SymExprAttr::mul(result, *rhs);
      } else if (kind == Kind::FloorDiv) {
        result = SymExprAttr::floorDiv(result, *rhs);
      } else {
        result = SymExprAttr::mod(result, *rhs);
      }
      if (!result)
        return failedToBuild(loc, {lhsOperand, *rhs}, kind == Kind::Mul);
      if (kind != Kind::Mul && failed(checkHeight(result, opLoc)))
        return failure();
    }
    return result;
  }

  FailureOr<SymExprAttr> parseUnary() {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalMinus())) {
      NestingScope scope(*this);
      if (failed(checkNesting(loc)))
        return failure();
      // A negative literal is read whole, so that INT64_MIN parses.
      APInt magnitude;
      OptionalParseResult literal = parser.parseOptionalInteger(magnitude);
      if (literal.has_value()) {
        if (failed(*literal))
          return failure();
        // The magnitude may be at most 2^63 (INT64_MIN).
        uint64_t limit = uint64_t(1) << 63;
        if (magnitude.isNegative() || magnitude.getActiveBits() > 64 ||
            magnitude.getZExtValue() > limit)
          return overflow(loc);
        return SymExprAttr::getConstant(
            parser.getContext(),
            static_cast<int64_t>(uint64_t(0) - magnitude.getZExtValue()));
      }
      FailureOr<SymExprAttr> operand = parseUnary();
      if (failed(operand))
        return failure();
      SymExprAttr result = SymExprAttr::neg(*operand);
      if (!result)
        return overflow(loc);
      return result;
    }
    return parsePrimary();
  }

  FailureOr<SymExprAttr> parsePrimary() {
    MLIRContext *ctx = parser.getContext();
    SMLoc loc = parser.getCurrentLocation();
    APInt value;
    OptionalParseResult intResult = parser.parseOptionalInteger(value);
    if (intResult.has_value()) {
      if (failed(*intResult))
        return failure();
      if (value.isNegative() || value.getActiveBits() > 63)
        return overflow(loc);
      return SymExprAttr::getConstant(ctx, value.getZExtValue());
    }
    if (succeeded(parser.parseOptionalLParen())) {
      NestingScope scope(*this);
      if (failed(checkNesting(loc)))
        return failure();
      FailureOr<SymExprAttr> inner = parseSum();
      if (failed(inner) || parser.parseRParen())
        return failure();
      return inner;
    }
    StringRef name;
    if (failed(parser.parseOptionalKeyword(&name)))
      return parser.emitError(loc, "expected symbolic expression"), failure();
    if (name == "min" || name == "max") {
      NestingScope scope(*this);
      if (failed(checkNesting(loc)))
        return failure();
      SmallVector<SymExprAttr> operands;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Paren, [&]() -> ParseResult {
                FailureOr<SymExprAttr> op = parseSum();
                if (failed(op))
                  return failure();
                operands.push_back(*op);
                return success();
              }))
        return failure();
      if (operands.empty())
        return parser.emitError(loc, "expected at least one operand"),
               failure();
      SymExprAttr result = name == "min" ? SymExprAttr::min(operands)
                                         : SymExprAttr::max(operands);
      if (!result)
        return failedToBuild(loc, operands);
      if (failed(checkHeight(result, loc)))
        return failure();
      return result;
    }
    if (name == "floordiv" || name == "mod")
      return parser.emitError(loc, "expected operand before '") << name << "'",
             failure();
    return SymExprAttr::getVar(ctx, name);
  }

  /// Reports why a constructor returned null for `operands` (the factors
  /// of a product when `product` is set): a result of too many terms or
  /// nodes, or else an overflow.
  FailureOr<SymExprAttr> failedToBuild(SMLoc loc,
                                       ArrayRef<SymExprAttr> operands,
                                       bool product = false) {
    uint64_t terms = 1, nodes = 1;
    for (SymExprAttr operand : operands) {
      terms += operand.getNumTerms();
      nodes += operand.getNumNodes();
    }
    if (product) {
      // Expanded, each term of one factor is written beside each term of
      // the other (the term limit was checked before multiplying).
      uint64_t lhsTerms = operands[0].getNumTerms(),
               rhsTerms = operands[1].getNumTerms();
      terms = 0;
      nodes = lhsTerms * rhsTerms + rhsTerms * operands[0].getNumNodes() +
              lhsTerms * operands[1].getNumNodes();
    }
    if (terms > SymExprAttr::kMaxTerms) {
      parser.emitError(loc, "symbolic expression has more than ")
          << SymExprAttr::kMaxTerms << " terms";
      return failure();
    }
    if (nodes > SymExprAttr::kMaxNodes) {
      parser.emitError(loc, "symbolic expression has more than ")
          << SymExprAttr::kMaxNodes << " nodes";
      return failure();
    }
    return overflow(loc);
  }

  FailureOr<SymExprAttr> overflow(SMLoc loc) {
    parser.emitError(loc, "symbolic expression overflows 64-bit integers");
    return failure();
  }

  AsmParser &parser;
  unsigned nesting = 0;
  DenseMap<SymExprAttr, unsigned> heights;
};
} // namespace

FailureOr<SymExprAttr> SymExprAttr::parseExpr(AsmParser &parser) {
  return ExprParser(parser).parseSum();
}

Attribute SymExprAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<SymExprAttr> expr = parseExpr(parser);
  if (failed(expr) || parser.parseGreater())
    return {};
  return *expr;
}

//===----------------------------------------------------------------------===//
// Dim lists and SymShapeAttr
//===----------------------------------------------------------------------===//

ParseResult mlir::sym::parseSymDimList(AsmParser &parser,
                                       SmallVectorImpl<SymExprAttr> &dims) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          dims.push_back(SymExprAttr());
          return success();
        }
        SMLoc loc = parser.getCurrentLocation();
        FailureOr<SymExprAttr> dim = SymExprAttr::parseExpr(parser);
        if (failed(dim))
          return failure();
        if (std::optional<int64_t> c = dim->getConstantValue(); c && *c < 0)
          return parser.emitError(loc, "dim must be non-negative, got ") << *c;
        dims.push_back(*dim);
        return success();
      });
}

void mlir::sym::printSymDimList(raw_ostream &os, ArrayRef<SymExprAttr> dims) {
  os << '[';
  llvm::interleaveComma(dims, os, [&](SymExprAttr dim) {
    if (dim)
      dim.printExpr(os);
    else
      os << '?';
  });
  os << ']';
}

void mlir::sym::printSymDimList(AsmPrinter &printer,
                                ArrayRef<SymExprAttr> dims) {
  printSymDimList(printer.getStream(), dims);
}

Attribute SymShapeAttr::parse(AsmParser &parser, Type) {
  SmallVector<SymExprAttr> dims;
  if (parser.parseLess() || parseSymDimList(parser, dims) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), dims);
}

void SymShapeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printSymDimList(printer, getDims());
  printer << '>';
}

std::optional<SmallVector<SymExprAttr>> mlir::sym::getSymDims(Type type) {
  if (auto symShaped = dyn_cast<SymShapedTypeInterface>(type)) {
    if (!symShaped.hasRank())
      return std::nullopt;
    return llvm::to_vector(symShaped.getSymDims());
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return std::nullopt;
  SmallVector<SymExprAttr> dims;
  for (int64_t dim : shaped.getShape())
    dims.push_back(ShapedType::isDynamic(dim)
                       ? SymExprAttr()
                       : SymExprAttr::getConstant(type.getContext(), dim));
  return dims;
}

//===----------------------------------------------------------------------===//
// SymRangeAttr
//===----------------------------------------------------------------------===//

static ParseResult parseVarName(AsmParser &parser, StringAttr &var) {
  StringRef name;
  if (parser.parseKeyword(&name))
    return failure();
  var = StringAttr::get(parser.getContext(), name);
  return success();
}

/// Parses an integer bound or `?` for an open end.
static ParseResult parseBound(AsmParser &parser,
                              std::optional<int64_t> &bound) {
  if (succeeded(parser.parseOptionalQuestion()))
    return success();
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  bound = value;
  return success();
}

Attribute SymRangeAttr::parse(AsmParser &parser, Type) {
  // `<n in [lo, hi]>`, either end may be `?`.
  std::optional<int64_t> lower, upper;
  StringAttr var;
  if (parser.parseLess() || parseVarName(parser, var) ||
      parser.parseKeyword("in") || parser.parseLSquare() ||
      parseBound(parser, lower) || parser.parseComma() ||
      parseBound(parser, upper) || parser.parseRSquare() ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SymRangeAttr>(parser.getContext(), var, lower,
                                         upper);
}

void SymRangeAttr::print(AsmPrinter &printer) const {
  printer << '<' << getVar().getValue() << " in [";
  if (getLower())
    printer << *getLower();
  else
    printer << '?';
  printer << ", ";
  if (getUpper())
    printer << *getUpper();
  else
    printer << '?';
  printer << "]>";
}

LogicalResult SymRangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringAttr var, std::optional<int64_t> lower,
                                   std::optional<int64_t> upper) {
  if (!var || var.getValue().empty())
    return emitError() << "expected a variable name";
  if (!lower && !upper)
    return emitError() << "range of '" << var.getValue()
                       << "' needs a lower or an upper bound";
  if (lower && upper && *lower > *upper)
    return emitError() << "empty range for '" << var.getValue()
                       << "': " << *lower << " > " << *upper;
  return success();
}

//===----------------------------------------------------------------------===//
// SymDivisibleAttr
//===----------------------------------------------------------------------===//

Attribute SymDivisibleAttr::parse(AsmParser &parser, Type) {
  StringAttr var;
  int64_t divisor;
  if (parser.parseLess() || parseVarName(parser, var) || parser.parseComma() ||
      parser.parseInteger(divisor) || parser.parseGreater())
    return {};
  return parser.getChecked<SymDivisibleAttr>(parser.getContext(), var, divisor);
}

void SymDivisibleAttr::print(AsmPrinter &printer) const {
  printer << '<' << getVar().getValue() << ", " << getDivisor() << '>';
}

LogicalResult
SymDivisibleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringAttr var, int64_t divisor) {
  if (!var || var.getValue().empty())
    return emitError() << "expected a variable name";
  if (divisor <= 0)
    return emitError() << "divisor of '" << var.getValue()
                       << "' must be positive, got " << divisor;
  return success();
}
