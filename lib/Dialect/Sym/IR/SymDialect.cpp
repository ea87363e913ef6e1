//===- SymDialect.cpp - Symbolic shape dialect ----------------------------===//

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::sym;

#include "Relax/Dialect/Sym/IR/SymDialect.cpp.inc"

void SymDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Relax/Dialect/Sym/IR/SymOps.cpp.inc"
      >();
  // The model lives in RelaxSymTransforms; tools register it with
  // sym::registerValueBoundsOpInterfaceExternalModels.
  declarePromisedInterfaces<ValueBoundsOpInterface, AssumeOp, DimOp, EvalOp>();
}

LogicalResult SymDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() != getConstraintsAttrName())
    return op->emitError("unknown sym dialect attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<FunctionOpInterface>(op))
    return op->emitError("'")
           << getConstraintsAttrName() << "' is only valid on functions";
  auto list = dyn_cast<ArrayAttr>(attr.getValue());
  if (!list)
    return op->emitError("'")
           << getConstraintsAttrName() << "' must be an array of constraints";
  for (Attribute constraint : list)
    if (!isa<SymRangeAttr, SymDivisibleAttr>(constraint))
      return op->emitError("expected #sym.range or #sym.divisible in '")
             << getConstraintsAttrName() << "', got " << constraint;
  return success();
}

/// Checks a `sym.shape` attribute against the type it describes.
static LogicalResult verifyShapeAttr(Operation *op, Type type,
                                     NamedAttribute attr, StringRef what) {
  StringRef name = SymDialect::getShapeAttrName();
  if (attr.getName() != name)
    return op->emitError("unknown sym dialect attribute '")
           << attr.getName().getValue() << "' on " << what;
  auto shape = dyn_cast<SymShapeAttr>(attr.getValue());
  if (!shape)
    return op->emitError("'")
           << name << "' of " << what << " must be a #sym.shape";
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return op->emitError("'") << name << "' on " << what
                              << " needs a ranked shaped type, got " << type;
  if (shaped.getRank() != shape.getRank())
    return op->emitError("'")
           << name << "' of " << what << " has rank " << shape.getRank()
           << " but the type has rank " << shaped.getRank();
  for (auto [i, dim, expr] :
       llvm::enumerate(shaped.getShape(), shape.getDims())) {
    if (!expr)
      return op->emitError("'")
             << name << "' of " << what << " leaves dim " << i << " unknown";
    if (ShapedType::isDynamic(dim))
      continue;
    std::optional<int64_t> c = expr.getConstantValue();
    if (!c || *c != dim) {
      std::string text;
      llvm::raw_string_ostream os(text);
      expr.printExpr(os);
      return op->emitError("'")
             << name << "' of " << what << " gives dim " << i << " as " << text
             << " but the type has static size " << dim;
    }
  }
  return success();
}

LogicalResult SymDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  // Function declarations have no entry block: use the signature.
  Type type;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    type = func.getArgumentTypes()[argIndex];
  else
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  return verifyShapeAttr(op, type, attr,
                         "argument #" + std::to_string(argIndex));
}

LogicalResult SymDialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitError("sym result attributes are only valid on functions");
  return verifyShapeAttr(op, func.getResultTypes()[resultIndex], attr,
                         "result #" + std::to_string(resultIndex));
}

Operation *SymDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || !type.isIndex())
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, integer);
}
