//===- SymDialect.cpp - Symbolic shape dialect ----------------------------===//

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::sym;

#include "Relax/Dialect/Sym/IR/SymDialect.cpp.inc"

void SymDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Relax/Dialect/Sym/IR/SymOps.cpp.inc"
      >();
}

LogicalResult SymDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() != getConstraintsAttrName())
    return op->emitError("unknown sym dialect attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<FunctionOpInterface>(op))
    return op->emitError("'") << getConstraintsAttrName()
                              << "' is only valid on functions";
  auto list = dyn_cast<ArrayAttr>(attr.getValue());
  if (!list)
    return op->emitError("'") << getConstraintsAttrName()
                              << "' must be an array of constraints";
  for (Attribute constraint : list)
    if (!isa<SymRangeAttr, SymDivisibleAttr>(constraint))
      return op->emitError("expected #sym.range or #sym.divisible in '")
             << getConstraintsAttrName() << "', got " << constraint;
  return success();
}

LogicalResult SymDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  if (attr.getName() != getShapeAttrName())
    return op->emitError("unknown sym dialect argument attribute '")
           << attr.getName().getValue() << "'";
  auto shape = dyn_cast<SymShapeAttr>(attr.getValue());
  if (!shape)
    return op->emitError("'") << getShapeAttrName() << "' of argument #"
                              << argIndex << " must be a #sym.shape";
  Type type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return op->emitError("'")
           << getShapeAttrName() << "' on argument #" << argIndex
           << " needs a ranked shaped type, got " << type;
  if (shaped.getRank() != shape.getRank())
    return op->emitError("'")
           << getShapeAttrName() << "' of argument #" << argIndex
           << " has rank " << shape.getRank() << " but the type has rank "
           << shaped.getRank();
  for (auto [i, dim, expr] :
       llvm::enumerate(shaped.getShape(), shape.getDims())) {
    if (!expr)
      return op->emitError("'") << getShapeAttrName() << "' of argument #"
                                << argIndex << " leaves dim " << i
                                << " unknown";
    if (ShapedType::isDynamic(dim))
      continue;
    std::optional<int64_t> c = expr.getConstantValue();
    if (!c || *c != dim) {
      std::string text;
      llvm::raw_string_ostream os(text);
      expr.printExpr(os);
      return op->emitError("'")
             << getShapeAttrName() << "' of argument #" << argIndex
             << " gives dim " << i << " as " << text
             << " but the type has static size " << dim;
    }
  }
  return success();
}
