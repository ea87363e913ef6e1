//===- RelaxDialect.cpp - Relax graph dialect -----------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxAttrs.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"
#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::relax;

#include "Relax/Dialect/Relax/IR/RelaxDialect.cpp.inc"
#include "Relax/Dialect/Relax/IR/RelaxEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxAttrs.cpp.inc"

void RelaxDialect::initialize() {
  registerTypes();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Relax/Dialect/Relax/IR/RelaxAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Relax/Dialect/Relax/IR/RelaxOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.cpp.inc"
      >();
  registerInlinerInterface();
}

/// `relax.transform_params = @f` on a relax.func: @f is a relax.func whose
/// results are the function's trailing parameters.
static LogicalResult verifyTransformParams(Operation *op, Attribute value) {
  StringRef name = RelaxDialect::getTransformParamsAttrName();
  auto symbol = dyn_cast<FlatSymbolRefAttr>(value);
  auto func = dyn_cast<FuncOp>(op);
  if (!symbol || !func)
    return op->emitError("'") << name
                              << "' is a symbol reference on relax.func";
  auto transform = SymbolTable::lookupNearestSymbolFrom<FuncOp>(op, symbol);
  if (!transform)
    return op->emitError("'")
           << name << "' names " << symbol << ", which is not a relax.func";
  ArrayRef<Type> results = transform.getResultTypes();
  ArrayRef<Type> params = func.getArgumentTypes();
  if (results.size() > params.size() ||
      results != params.take_back(results.size()))
    return op->emitError("'")
           << name << "': the results of " << symbol
           << " must be the trailing parameters of the function";
  return success();
}

LogicalResult RelaxDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  if (attr.getName() == getErrorsReleasedAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) ||
        !(isa<CallOpInterface>(op) || op->getNumRegions() != 0))
      return op->emitError("'") << getErrorsReleasedAttrName()
                                << "' is a unit attribute of calls and of ops "
                                   "with regions";
    return success();
  }
  if (attr.getName() == getTransformParamsAttrName())
    return verifyTransformParams(op, attr.getValue());
  if (attr.getName() == getGridAttrName() ||
      attr.getName() == getPartitionedAttrName())
    return verifyGridAttr(op, attr);
  if (attr.getName() == getPlannedPeakAttrName() ||
      attr.getName() == getPlannedPeakMaxAttrName()) {
    bool isPeak = attr.getName() == getPlannedPeakAttrName();
    auto integer = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<FuncOp>(op) ||
        (isPeak ? !isa<sym::SymExprAttr>(attr.getValue())
                : !integer || !integer.getType().isInteger(64)))
      return op->emitError("'")
             << attr.getName().getValue() << "' is "
             << (isPeak ? "a #sym.expr" : "an i64") << " of a relax.func";
    return success();
  }
  if (attr.getName() != getPatternKindAttrName())
    return op->emitError("unknown relax dialect attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<PatternKindAttr>(attr.getValue()))
    return op->emitError("'")
           << getPatternKindAttrName()
           << "' must be a #relax.pattern_kind, got " << attr.getValue();
  if (!isa<tprog::FuncOp>(op))
    return op->emitError("'") << getPatternKindAttrName()
                              << "' is only valid on tprog.func";
  return success();
}

/// Attributes of parameter or result `index` of a relax.func: its name in
/// a weights file, and its split over the ranks of a grid.
static LogicalResult verifyValueAttribute(Operation *op, bool isResult,
                                          unsigned region, unsigned index,
                                          NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  StringRef what = isResult ? "result" : "parameter";
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || region != 0 ||
      index >= (isResult ? func.getNumResults() : func.getNumArguments()))
    return op->emitError("'")
           << name << "' is an attribute of function " << what << "s";
  if (name == RelaxDialect::getParamNameAttrName()) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << what << " #" << index << ": '" << name
                             << "' must be a string";
    return success();
  }
  if (name == RelaxDialect::getSplitAxesAttrName() ||
      name == RelaxDialect::getSplitSegmentsAttrName())
    return verifySplitAttr(
        op, isResult ? func.getResultTypes()[index]
                     : func.getArgumentTypes()[index],
        what, index, attr,
        isResult ? func.getResultAttrDict(index) : func.getArgAttrDict(index));
  return op->emitError() << what << " #" << index
                         << ": unknown relax dialect attribute '" << name
                         << "'";
}

LogicalResult RelaxDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned region,
                                                     unsigned index,
                                                     NamedAttribute attr) {
  return verifyValueAttribute(op, /*isResult=*/false, region, index, attr);
}

LogicalResult RelaxDialect::verifyRegionResultAttribute(Operation *op,
                                                        unsigned region,
                                                        unsigned index,
                                                        NamedAttribute attr) {
  return verifyValueAttribute(op, /*isResult=*/true, region, index, attr);
}

Operation *RelaxDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || !isa<RelaxTensorType>(type))
    return nullptr;
  auto op = ConstantOp::create(builder, loc, elements);
  if (op.getType() != type) {
    op.erase();
    return nullptr;
  }
  return op;
}

std::string relax::getCheckLocationText(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                         file.getLine(), file.getColumn())
        .str();
  return llvm::formatv("{0}", loc).str();
}
