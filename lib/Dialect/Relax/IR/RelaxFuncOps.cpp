//===- RelaxFuncOps.cpp - Relax functions and regions ---------------------===//
//
// relax.func, relax.return, relax.dataflow and relax.output, and the check
// that every symbolic variable is bound before it is used.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// Symbolic variables of types
//===----------------------------------------------------------------------===//

/// Adds every variable used anywhere in `typeOrAttr` to `vars`.
template <typename T>
static void collectUsedVars(T typeOrAttr, llvm::SetVector<StringAttr> &vars) {
  typeOrAttr.walk([&](SymExprAttr expr) {
    if (expr.isVar())
      vars.insert(expr.getName());
  });
}

static LogicalResult verifyBindings(Region &region,
                                    llvm::SetVector<StringAttr> &bound);

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult FuncOp::verify() {
  for (auto [i, type] : llvm::enumerate(getArgumentTypes()))
    if (!isRelaxValueType(type))
      return emitOpError("parameter #")
             << i << " has type " << type << ", which is not a relax value";
  for (auto [i, type] : llvm::enumerate(getResultTypes()))
    if (!isRelaxValueType(type))
      return emitOpError("result #")
             << i << " has type " << type << ", which is not a relax value";
  if (!getBody().empty() && !getBody().hasOneBlock())
    return emitOpError("body must be a single block");

  // Parameters bind the variables that appear alone as a dim; every other
  // variable of the signature must be one of those.
  llvm::SetVector<StringAttr> bound, used;
  for (Type type : getArgumentTypes()) {
    collectDefinableVars(type, bound);
    collectUsedVars(type, used);
  }
  for (StringAttr var : used)
    if (!bound.contains(var))
      return emitOpError("symbolic variable '")
             << var.getValue()
             << "' is used in parameter types but never appears alone as a "
                "dim, so it cannot be bound";
  for (auto [i, type] : llvm::enumerate(getResultTypes())) {
    llvm::SetVector<StringAttr> resultVars;
    collectUsedVars(type, resultVars);
    for (StringAttr var : resultVars)
      if (!bound.contains(var))
        return emitOpError("result #")
               << i << " uses symbolic variable '" << var.getValue()
               << "', which no parameter binds";
  }
  if (auto constraints = (*this)->getAttrOfType<ArrayAttr>(
          sym::SymDialect::getConstraintsAttrName())) {
    for (Attribute constraint : constraints) {
      StringAttr var;
      if (auto range = dyn_cast<sym::SymRangeAttr>(constraint))
        var = range.getVar();
      else if (auto div = dyn_cast<sym::SymDivisibleAttr>(constraint))
        var = div.getVar();
      if (var && !bound.contains(var))
        return emitOpError("constraint on '")
               << var.getValue() << "', which is not a symbolic parameter";
    }
  }
  return success();
}

LogicalResult FuncOp::verifyRegions() {
  if (isExternal())
    return success();
  Block &entry = getBody().front();
  if (entry.getArgumentTypes() != getArgumentTypes())
    return emitOpError("entry block arguments must match the parameters");

  llvm::SetVector<StringAttr> bound;
  for (Type type : getArgumentTypes())
    collectDefinableVars(type, bound);

  return verifyBindings(getBody(), bound);
}

/// Checks that the types and graph-op attributes in `region` only use bound
/// variables, adding those that match_casts bind. Ops are visited in program
/// order, which is dominance order at the graph level. A dataflow region
/// runs exactly once, so its bindings stay visible after it; a branch of a
/// relax.if binds only for itself.
static LogicalResult verifyBindings(Region &region,
                                    llvm::SetVector<StringAttr> &bound) {
  for (Block &block : region) {
    for (Operation &op : block) {
      auto check = [&](llvm::SetVector<StringAttr> &used,
                       StringRef where) -> LogicalResult {
        for (StringAttr var : used)
          if (!bound.contains(var))
            return op.emitOpError("uses symbolic variable '")
                   << var.getValue() << "' in its " << where
                   << " before it is bound; bind it with a parameter or a "
                      "relax.match_cast";
        return success();
      };
      llvm::SetVector<StringAttr> used;
      for (Region &nested : op.getRegions())
        for (Block &nestedBlock : nested)
          for (Type type : nestedBlock.getArgumentTypes())
            collectUsedVars(type, used);
      if (failed(check(used, "block arguments")))
        return failure();
      for (Region &nested : op.getRegions()) {
        if (isa<DataflowOp>(op)) {
          if (failed(verifyBindings(nested, bound)))
            return failure();
          continue;
        }
        llvm::SetVector<StringAttr> scoped = bound;
        if (failed(verifyBindings(nested, scoped)))
          return failure();
      }
      if (isa<MatchCastOp>(op))
        collectDefinableVars(op.getResult(0).getType(), bound);
      used.clear();
      for (Type type : op.getResultTypes())
        collectUsedVars(type, used);
      if (failed(check(used, "result types")))
        return failure();
      // Attributes of graph ops (sizes, offsets, shapes) are evaluated with
      // the bound values too.
      if (isa<RelaxDialect>(op.getDialect())) {
        used.clear();
        collectUsedVars(op.getAttrDictionary(), used);
        if (failed(check(used, "attributes")))
          return failure();
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp and OutputOp
//===----------------------------------------------------------------------===//

/// Checks that `values` may be yielded where `expected` types are declared.
static LogicalResult verifyYield(Operation *op, ValueRange values,
                                 TypeRange expected, StringRef what) {
  if (values.size() != expected.size())
    return op->emitOpError("yields ")
           << values.size() << " values but the " << what << " has "
           << expected.size() << " results";
  for (auto [i, value, type] : llvm::enumerate(values, expected))
    if (!isRefinementOf(value.getType(), type))
      return op->emitOpError("operand #")
             << i << " has type " << value.getType() << " but the " << what
             << " declares " << type;
  return success();
}

LogicalResult ReturnOp::verify() {
  auto func = (*this)->getParentOfType<FuncOp>();
  return verifyYield(*this, getOperands(), func.getResultTypes(), "function");
}

LogicalResult OutputOp::verify() {
  // A dataflow region only groups ops: its results are exactly the values
  // it outputs, so that inlining the region keeps every type.
  auto dataflow = (*this)->getParentOfType<DataflowOp>();
  TypeRange expected = dataflow.getResultTypes();
  if (getNumOperands() != expected.size())
    return emitOpError("yields ")
           << getNumOperands() << " values but the dataflow region has "
           << expected.size() << " results";
  for (auto [i, value, type] : llvm::enumerate(getOperands(), expected))
    if (value.getType() != type)
      return emitOpError("operand #")
             << i << " has type " << value.getType()
             << " but the dataflow region declares " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// DataflowOp
//===----------------------------------------------------------------------===//

LogicalResult DataflowOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.empty() || !isa<OutputOp>(body.back()))
    return emitOpError("region must end with relax.output");
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() != 0)
      return op.emitOpError("is not allowed in a dataflow region: dataflow "
                            "regions have no control flow");
    if (!isa<MatchCastOp>(op) && !isMemoryEffectFree(&op))
      return op.emitOpError("has side effects and is not allowed in a "
                            "dataflow region");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp and YieldOp
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  if (auto tensor = dyn_cast<RelaxTensorType>(getCond().getType()))
    if (!tensor.getElementType().isInteger(1) ||
        (tensor.hasRank() && tensor.getRank() != 0))
      return emitOpError("condition must be i1 or a rank-0 i1 tensor, got ")
             << tensor;
  for (Region *region : {&getThenRegion(), &getElseRegion()})
    if (region->front().empty() || !isa<YieldOp>(region->front().back()))
      return emitOpError("each branch must end with relax.yield");
  return success();
}

LogicalResult YieldOp::verify() {
  auto parent = (*this)->getParentOfType<IfOp>();
  return verifyYield(*this, getOperands(), parent.getResultTypes(), "relax.if");
}

//===----------------------------------------------------------------------===//
// RegionBranchOpInterface
//===----------------------------------------------------------------------===//

/// A region may yield a more static type than the op's result (`[4]` for
/// `[?]`); the ops' verifiers check the refinement.
static bool areRelaxTypesCompatible(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  auto a = dyn_cast<RelaxTensorType>(lhs), b = dyn_cast<RelaxTensorType>(rhs);
  if (a && b)
    return a.getElementType() == b.getElementType();
  auto s = dyn_cast<ShapeType>(lhs), t = dyn_cast<ShapeType>(rhs);
  return s && t;
}

void IfOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  // Both branches are entered from the op and return to it.
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
    return;
  }
  regions.push_back(RegionSuccessor(&getThenRegion()));
  regions.push_back(RegionSuccessor(&getElseRegion()));
}

bool IfOp::areTypesCompatible(Type lhs, Type rhs) {
  return areRelaxTypesCompatible(lhs, rhs);
}

void DataflowOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
    return;
  }
  regions.push_back(RegionSuccessor(&getBody()));
}

bool DataflowOp::areTypesCompatible(Type lhs, Type rhs) {
  return areRelaxTypesCompatible(lhs, rhs);
}

void IfOp::getRegionInvocationBounds(
    ArrayRef<Attribute>, SmallVectorImpl<InvocationBounds> &bounds) {
  // Each branch runs at most once.
  bounds.assign(2, InvocationBounds(0, 1));
}
