//===- RelaxTypes.cpp - Relax graph dialect types -------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

#define GET_TYPEDEF_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxTypes.cpp.inc"

void RelaxDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Relax/Dialect/Relax/IR/RelaxTypes.cpp.inc"
      >();
}

/// Parses `*` (unknown rank) or a dim list.
static ParseResult parseRankedDims(AsmParser &parser, bool &ranked,
                                   SmallVectorImpl<SymExprAttr> &dims) {
  ranked = failed(parser.parseOptionalStar());
  if (!ranked)
    return success();
  return sym::parseSymDimList(parser, dims);
}

static void printRankedDims(AsmPrinter &printer, bool ranked,
                            ArrayRef<SymExprAttr> dims) {
  if (ranked)
    sym::printSymDimList(printer, dims);
  else
    printer << '*';
}

static LogicalResult verifyDims(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<SymExprAttr> dims, bool ranked) {
  if (!ranked && !dims.empty())
    return emitError() << "a value of unknown rank cannot have dims";
  for (SymExprAttr dim : dims)
    if (dim && dim.getConstantValue() && *dim.getConstantValue() < 0)
      return emitError() << "dim must be non-negative, got "
                         << *dim.getConstantValue();
  return success();
}

//===----------------------------------------------------------------------===//
// RelaxTensorType
//===----------------------------------------------------------------------===//

Type RelaxTensorType::parse(AsmParser &parser) {
  bool ranked;
  SmallVector<SymExprAttr> dims;
  Type elementType;
  if (parser.parseLess() || parseRankedDims(parser, ranked, dims) ||
      parser.parseComma() || parser.parseType(elementType) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<RelaxTensorType>(parser.getContext(), dims,
                                            elementType, ranked);
}

void RelaxTensorType::print(AsmPrinter &printer) const {
  printer << '<';
  printRankedDims(printer, getRanked(), getDims());
  printer << ", " << getElementType() << '>';
}

LogicalResult
RelaxTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<SymExprAttr> dims, Type elementType,
                        bool ranked) {
  if (!elementType ||
      !(elementType.isIntOrIndexOrFloat() || isa<ComplexType>(elementType)))
    return emitError() << "tensor element type must be an integer, index, "
                          "float or complex type, got "
                       << elementType;
  return verifyDims(emitError, dims, ranked);
}

RelaxTensorType RelaxTensorType::getStatic(ArrayRef<int64_t> shape,
                                           Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  SmallVector<SymExprAttr> dims = llvm::map_to_vector(
      shape, [&](int64_t d) { return SymExprAttr::getConstant(ctx, d); });
  return get(dims, elementType);
}

RankedTensorType RelaxTensorType::getBuiltinType() const {
  SmallVector<int64_t> shape =
      llvm::map_to_vector(getDims(), [](SymExprAttr d) -> int64_t {
        return d && d.isConstant() ? d.getValue() : ShapedType::kDynamic;
      });
  return RankedTensorType::get(shape, getElementType());
}

bool RelaxTensorType::hasKnownShape() const {
  return getRanked() && llvm::all_of(getDims(), [](SymExprAttr d) {
           return static_cast<bool>(d);
         });
}

//===----------------------------------------------------------------------===//
// ShapeType
//===----------------------------------------------------------------------===//

Type ShapeType::parse(AsmParser &parser) {
  bool ranked;
  SmallVector<SymExprAttr> dims;
  if (parser.parseLess() || parseRankedDims(parser, ranked, dims) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<ShapeType>(parser.getContext(), dims, ranked);
}

void ShapeType::print(AsmPrinter &printer) const {
  printer << '<';
  printRankedDims(printer, getRanked(), getDims());
  printer << '>';
}

LogicalResult ShapeType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<SymExprAttr> dims, bool ranked) {
  return verifyDims(emitError, dims, ranked);
}

//===----------------------------------------------------------------------===//
// Type relations
//===----------------------------------------------------------------------===//

void mlir::relax::collectDefinableVars(Type type,
                                       llvm::SetVector<StringAttr> &vars) {
  type.walk([&](Type inner) {
    if (auto shaped = dyn_cast<sym::SymShapedTypeInterface>(inner);
        shaped && shaped.hasRank())
      for (SymExprAttr dim : shaped.getSymDims())
        if (dim && dim.isVar())
          vars.insert(dim.getName());
  });
}

bool mlir::relax::isRelaxValueType(Type type) {
  if (isa<RelaxTensorType, ShapeType, ObjectType, StorageType>(type))
    return true;
  if (type.isIntOrIndexOrFloat())
    return true;
  if (auto tuple = dyn_cast<TupleType>(type))
    return llvm::all_of(tuple.getTypes(), isRelaxValueType);
  return false;
}

/// Dims refine when the expected rank is unknown, or the ranks agree and
/// every known expected dim is the same expression as the actual one.
static bool dimsRefine(bool actualRanked, ArrayRef<SymExprAttr> actual,
                       bool expectedRanked, ArrayRef<SymExprAttr> expected) {
  if (!expectedRanked)
    return true;
  if (!actualRanked || actual.size() != expected.size())
    return false;
  for (auto [a, e] : llvm::zip(actual, expected))
    if (e && a != e)
      return false;
  return true;
}

bool mlir::relax::isRefinementOf(Type actual, Type expected) {
  if (actual == expected)
    return true;
  if (auto e = dyn_cast<RelaxTensorType>(expected)) {
    auto a = dyn_cast<RelaxTensorType>(actual);
    return a && a.getElementType() == e.getElementType() &&
           dimsRefine(a.getRanked(), a.getDims(), e.getRanked(), e.getDims());
  }
  if (auto e = dyn_cast<ShapeType>(expected)) {
    auto a = dyn_cast<ShapeType>(actual);
    return a &&
           dimsRefine(a.getRanked(), a.getDims(), e.getRanked(), e.getDims());
  }
  if (auto e = dyn_cast<TupleType>(expected)) {
    auto a = dyn_cast<TupleType>(actual);
    if (!a || a.size() != e.size())
      return false;
    return llvm::all_of(llvm::zip(a.getTypes(), e.getTypes()), [](auto p) {
      return isRefinementOf(std::get<0>(p), std::get<1>(p));
    });
  }
  return false;
}
