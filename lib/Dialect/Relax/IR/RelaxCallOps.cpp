//===- RelaxCallOps.cpp - Calls between graph functions and programs ------===//
//
// relax.call, relax.call_tir, relax.call_tir_inplace and relax.call_library.
// Calls are checked against their callee by deducing the callee's symbolic
// parameters from the call's types and reporting any dim that provably
// disagrees.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// Signature matching
//===----------------------------------------------------------------------===//

namespace {
enum class LeafKind { Tensor, Shape, Other };

/// The symbolic view of one non-tuple type on one side of a call.
struct Leaf {
  Type type;
  LeafKind kind = LeafKind::Other;
  Type elementType;
  /// std::nullopt when the rank is unknown or the type is not shaped.
  std::optional<SmallVector<SymExprAttr>> dims;
};

/// A callee-side leaf and the call-side leaf it is matched with.
struct LeafPair {
  Leaf callee, call;
  std::string name;
  StringRef calleeVerb;
};
} // namespace

static Leaf leafOf(Type type,
                   std::optional<SmallVector<SymExprAttr>> dims = {}) {
  Leaf leaf;
  leaf.type = type;
  if (auto tensor = dyn_cast<RelaxTensorType>(type)) {
    leaf.kind = LeafKind::Tensor;
    leaf.elementType = tensor.getElementType();
  } else if (auto shaped = dyn_cast<ShapedType>(type)) {
    leaf.kind = LeafKind::Tensor;
    leaf.elementType = shaped.getElementType();
  } else if (isa<ShapeType>(type)) {
    leaf.kind = LeafKind::Shape;
  }
  leaf.dims = dims ? dims : sym::getSymDims(type);
  return leaf;
}

/// Pairs the leaves of `callee` and `call`, descending through tuples.
static LogicalResult pairLeaves(Operation *op, Type callee, Type call,
                                const std::string &name, StringRef verb,
                                SmallVectorImpl<LeafPair> &pairs) {
  auto calleeTuple = dyn_cast<TupleType>(callee);
  auto callTuple = dyn_cast<TupleType>(call);
  if (calleeTuple || callTuple) {
    if (!calleeTuple || !callTuple || calleeTuple.size() != callTuple.size())
      return op->emitOpError() << name << " has type " << call
                               << " but the callee " << verb << " " << callee;
    for (auto [i, c, a] :
         llvm::enumerate(calleeTuple.getTypes(), callTuple.getTypes()))
      if (failed(pairLeaves(op, c, a, name + " field " + std::to_string(i),
                            verb, pairs)))
        return failure();
    return success();
  }
  pairs.push_back({leafOf(callee), leafOf(call), name, verb});
  return success();
}

/// Checks each pair for a provable disagreement, after optionally binding
/// the callee's variables from the call side.
static LogicalResult matchLeaves(Operation *op, ArrayRef<LeafPair> pairs,
                                 sym::SymBindings &bindings, bool bind) {
  if (bind)
    for (const LeafPair &p : pairs)
      if (p.callee.dims && p.call.dims &&
          p.callee.dims->size() == p.call.dims->size())
        bindings.bind(*p.callee.dims, *p.call.dims);

  for (const LeafPair &p : pairs) {
    auto diag = [&]() { return op->emitOpError() << p.name << ' '; };
    if (p.callee.kind != p.call.kind ||
        (p.callee.kind == LeafKind::Other && p.callee.type != p.call.type &&
         !isa<ObjectType>(p.call.type)))
      return diag() << "has type " << p.call.type << " but the callee "
                    << p.calleeVerb << " " << p.callee.type;
    if (p.callee.kind == LeafKind::Tensor &&
        p.callee.elementType != p.call.elementType)
      return diag() << "has element type " << p.call.elementType
                    << " but the callee " << p.calleeVerb << " "
                    << p.callee.elementType;
    if (!p.callee.dims || !p.call.dims)
      continue;
    if (p.callee.dims->size() != p.call.dims->size())
      return diag() << "has rank " << p.call.dims->size() << " but the callee "
                    << p.calleeVerb << " rank " << p.callee.dims->size();
    if (std::optional<unsigned> dim =
            bindings.findMismatch(*p.callee.dims, *p.call.dims))
      return diag() << "dim " << *dim << " is "
                    << sym::toString((*p.call.dims)[*dim]) << " but the callee "
                    << p.calleeVerb << " "
                    << sym::toString(
                           bindings.substitute((*p.callee.dims)[*dim]));
  }
  return success();
}

/// Results that the caller allocates need a fully known shape.
static LogicalResult verifyAllocatedResults(Operation *op,
                                            ArrayRef<bool> allocated = {}) {
  for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
    if (!allocated.empty() && !allocated[i])
      continue;
    if (!cast<RelaxTensorType>(type).hasKnownShape())
      return op->emitOpError("result #")
             << i << " has type " << type
             << "; results allocated by the caller need a fully known shape";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

CallInterfaceCallable CallOp::getCallableForCallee() { return getCalleeAttr(); }

void CallOp::setCalleeFromCallable(CallInterfaceCallable callee) {
  setCalleeAttr(cast<FlatSymbolRefAttr>(cast<SymbolRefAttr>(callee)));
}

Operation::operand_range CallOp::getArgOperands() { return getArgs(); }

MutableOperandRange CallOp::getArgOperandsMutable() { return getArgsMutable(); }

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'")
           << getCallee() << "' does not reference a relax.func";
  ArrayRef<Type> params = callee.getArgumentTypes();
  ArrayRef<Type> results = callee.getResultTypes();
  if (params.size() != getArgs().size())
    return emitOpError("passes ") << getArgs().size() << " arguments but '"
                                  << getCallee() << "' takes " << params.size();
  if (results.size() != getNumResults())
    return emitOpError("has ") << getNumResults() << " results but '"
                               << getCallee() << "' returns " << results.size();

  SmallVector<LeafPair> argPairs, resultPairs;
  for (auto [i, param, arg] : llvm::enumerate(params, getArgs().getTypes()))
    if (failed(pairLeaves(*this, param, arg, "argument #" + std::to_string(i),
                          "expects", argPairs)))
      return failure();
  for (auto [i, expected, written] : llvm::enumerate(results, getResultTypes()))
    if (failed(pairLeaves(*this, expected, written,
                          "result #" + std::to_string(i), "returns",
                          resultPairs)))
      return failure();
  sym::SymBindings bindings;
  if (failed(matchLeaves(*this, argPairs, bindings, /*bind=*/true)))
    return failure();
  return matchLeaves(*this, resultPairs, bindings, /*bind=*/false);
}

//===----------------------------------------------------------------------===//
// CallTIROp
//===----------------------------------------------------------------------===//

LogicalResult CallTIROp::verify() { return verifyAllocatedResults(*this); }

CallInterfaceCallable CallTIROp::getCallableForCallee() {
  return getCalleeAttr();
}

void CallTIROp::setCalleeFromCallable(CallInterfaceCallable callee) {
  setCalleeAttr(cast<FlatSymbolRefAttr>(cast<SymbolRefAttr>(callee)));
}

/// The destinations the callee receives after these are allocated by the
/// call itself, and the symbolic values are attributes: the operands are
/// the inputs only.
Operation::operand_range CallTIROp::getArgOperands() { return getArgs(); }

MutableOperandRange CallTIROp::getArgOperandsMutable() {
  return getArgsMutable();
}

/// Looks up the tensor program a call refers to.
static tprog::FuncOp lookupProgram(Operation *op, FlatSymbolRefAttr name,
                                   SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<tprog::FuncOp>(op, name);
  if (!callee)
    op->emitOpError("'") << name.getValue()
                         << "' does not reference a tprog.func";
  return callee;
}

/// Matches callee argument `index` with a call-side type.
static void addProgramPair(tprog::FuncOp callee, unsigned index, Type call,
                           std::string name, SmallVectorImpl<LeafPair> &pairs) {
  pairs.push_back(
      {leafOf(callee.getArgumentTypes()[index], callee.getArgSymDims(index)),
       leafOf(call), std::move(name), "expects"});
}

static bool isOutputArg(tprog::FuncOp callee, unsigned index) {
  return static_cast<bool>(
      callee.getArgAttr(index, tprog::TProgDialect::getOutputAttrName()));
}

/// The callee's arguments from `first` on receive symbolic values: `index`.
static LogicalResult verifySymbolicParams(Operation *op, tprog::FuncOp callee,
                                          unsigned first) {
  for (unsigned i = first, e = callee.getNumArguments(); i < e; ++i)
    if (!callee.getArgumentTypes()[i].isIndex())
      return op->emitOpError("passes a symbolic value as argument #")
             << i << " of '" << callee.getSymName() << "', which has type "
             << callee.getArgumentTypes()[i] << " instead of index";
  return success();
}

LogicalResult CallTIROp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  tprog::FuncOp callee = lookupProgram(*this, getCalleeAttr(), symbolTable);
  if (!callee)
    return failure();
  unsigned numArgs = getArgs().size(), numResults = getNumResults();
  unsigned numSym = getSymArgs() ? getSymArgs()->getDims().size() : 0;
  if (callee.getNumArguments() != numArgs + numResults + numSym)
    return emitOpError("passes ")
           << numArgs << " arguments, " << numResults << " destinations and "
           << numSym << " symbolic values but '" << getCallee() << "' takes "
           << callee.getNumArguments() << " arguments";
  if (failed(verifySymbolicParams(*this, callee, numArgs + numResults)))
    return failure();
  for (unsigned i = 0, e = numArgs + numResults; i < e; ++i)
    if (isOutputArg(callee, i) != (i >= numArgs))
      return emitOpError("expects '")
             << getCallee() << "' to take " << numArgs << " inputs followed by "
             << numResults << " destinations, but argument #" << i << " is "
             << (i >= numArgs ? "not " : "") << "a destination";

  SmallVector<LeafPair> pairs;
  for (auto [i, type] : llvm::enumerate(getArgs().getTypes()))
    addProgramPair(callee, i, type, "operand #" + std::to_string(i), pairs);
  for (auto [i, type] : llvm::enumerate(getResultTypes()))
    addProgramPair(callee, numArgs + i, type, "result #" + std::to_string(i),
                   pairs);
  sym::SymBindings bindings;
  return matchLeaves(*this, pairs, bindings, /*bind=*/true);
}

PatternKind CallTIROp::getPatternKind() {
  auto callee = SymbolTable::lookupNearestSymbolFrom<tprog::FuncOp>(
      *this, getCalleeAttr());
  if (!callee)
    return PatternKind::Opaque;
  auto kind = callee->getAttrOfType<PatternKindAttr>(
      RelaxDialect::getPatternKindAttrName());
  return kind ? kind.getValue() : PatternKind::Opaque;
}

//===----------------------------------------------------------------------===//
// CallTIRInplaceOp
//===----------------------------------------------------------------------===//

LogicalResult CallTIRInplaceOp::verify() {
  ArrayRef<int64_t> indices = getInplaceIndices();
  int64_t numArgs = getArgs().size();
  if (indices.size() != getNumResults())
    return emitOpError("has ") << getNumResults() << " results but "
                               << indices.size() << " in-place indices";
  llvm::SmallDenseSet<int64_t> seen;
  SmallVector<bool> allocated;
  for (auto [i, index] : llvm::enumerate(indices)) {
    allocated.push_back(index == -1);
    if (index == -1)
      continue;
    if (index < 0 || index >= numArgs)
      return emitOpError("in-place index ")
             << index << " of result #" << i << " is out of range for "
             << numArgs << " arguments";
    if (!seen.insert(index).second)
      return emitOpError("argument #")
             << index << " is overwritten by more than one result";
    Type argType = getArgs()[index].getType();
    if (!isRefinementOf(argType, getResult(i).getType()))
      return emitOpError("result #")
             << i << " of type " << getResult(i).getType()
             << " does not match argument #" << index << " of type " << argType
             << " that it overwrites";
    // The overwritten value is dead after the call, also after the regions
    // that enclose it.
    Value arg = getArgs()[index];
    for (Operation *scope = getOperation(); scope && !isa<FuncOp>(scope);
         scope = scope->getParentOp()) {
      for (Operation *user : arg.getUsers()) {
        if (user == getOperation())
          continue;
        Operation *ancestor = scope->getBlock()->findAncestorOpInBlock(*user);
        if (ancestor && ancestor != scope && scope->isBeforeInBlock(ancestor))
          return emitOpError("argument #")
                 << index << " is overwritten but used again afterwards";
      }
    }
  }
  return verifyAllocatedResults(*this, allocated);
}

LogicalResult
CallTIRInplaceOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  tprog::FuncOp callee = lookupProgram(*this, getCalleeAttr(), symbolTable);
  if (!callee)
    return failure();
  ArrayRef<int64_t> indices = getInplaceIndices();
  unsigned numArgs = getArgs().size();
  unsigned numFresh = llvm::count(indices, -1);
  if (callee.getNumArguments() != numArgs + numFresh)
    return emitOpError("passes ")
           << numArgs << " arguments and " << numFresh
           << " new destinations but '" << getCallee() << "' takes "
           << callee.getNumArguments() << " arguments";
  // Overwritten arguments and new destinations are written by the callee.
  llvm::SmallDenseSet<int64_t> written(indices.begin(), indices.end());
  for (unsigned i = 0, e = callee.getNumArguments(); i < e; ++i) {
    bool expectOutput = i >= numArgs || written.contains(i);
    if (isOutputArg(callee, i) != expectOutput)
      return emitOpError("expects argument #")
             << i << " of '" << getCallee() << "' to be "
             << (expectOutput ? "" : "not ") << "a destination";
  }

  SmallVector<LeafPair> pairs;
  for (auto [i, type] : llvm::enumerate(getArgs().getTypes()))
    addProgramPair(callee, i, type, "operand #" + std::to_string(i), pairs);
  unsigned fresh = numArgs;
  for (auto [i, index] : llvm::enumerate(indices))
    if (index == -1)
      addProgramPair(callee, fresh++, getResult(i).getType(),
                     "result #" + std::to_string(i), pairs);
  sym::SymBindings bindings;
  return matchLeaves(*this, pairs, bindings, /*bind=*/true);
}

//===----------------------------------------------------------------------===//
// CallLibraryOp
//===----------------------------------------------------------------------===//

LogicalResult CallLibraryOp::verify() {
  if (getCallee().empty())
    return emitOpError("needs a non-empty library function name");
  return verifyAllocatedResults(*this);
}

//===----------------------------------------------------------------------===//
// CallTIRDPSOp
//===----------------------------------------------------------------------===//

CallInterfaceCallable CallTIRDPSOp::getCallableForCallee() {
  return getCalleeAttr();
}

void CallTIRDPSOp::setCalleeFromCallable(CallInterfaceCallable callee) {
  setCalleeAttr(cast<FlatSymbolRefAttr>(cast<SymbolRefAttr>(callee)));
}

/// The callee receives the inputs followed by the destinations.
Operation::operand_range CallTIRDPSOp::getArgOperands() {
  return getOperands();
}

MutableOperandRange CallTIRDPSOp::getArgOperandsMutable() {
  return MutableOperandRange(getOperation());
}

LogicalResult
CallTIRDPSOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  unsigned numArgs = getArgs().size(), numOuts = getOuts().size();
  unsigned numSym = getSymArgs() ? getSymArgs()->getDims().size() : 0;
  unsigned expected = numArgs + numOuts + numSym;
  // A program rewritten into a kernel is a function on buffers of another
  // dialect (func.func).
  auto kernel = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (kernel && !isa<tprog::FuncOp>(kernel)) {
    if (kernel.getNumArguments() != expected)
      return emitOpError("passes ")
             << expected << " values but kernel '" << getCallee() << "' takes "
             << kernel.getNumArguments() << " arguments";
    return success();
  }
  tprog::FuncOp callee = lookupProgram(*this, getCalleeAttr(), symbolTable);
  if (!callee)
    return failure();
  if (callee.getNumArguments() != expected)
    return emitOpError("passes ")
           << numArgs << " arguments, " << numOuts << " destinations and "
           << numSym << " symbolic values but '" << getCallee() << "' takes "
           << callee.getNumArguments() << " arguments";
  if (failed(verifySymbolicParams(*this, callee, numArgs + numOuts)))
    return failure();
  for (unsigned i = numArgs, e = numArgs + numOuts; i < e; ++i)
    if (!isOutputArg(callee, i))
      return emitOpError("expects argument #")
             << i << " of '" << getCallee() << "' to be a destination";
  SmallVector<LeafPair> pairs;
  for (auto [i, type] : llvm::enumerate(getArgs().getTypes()))
    addProgramPair(callee, i, type, "operand #" + std::to_string(i), pairs);
  for (auto [i, type] : llvm::enumerate(getOuts().getTypes()))
    addProgramPair(callee, numArgs + i, type,
                   "destination #" + std::to_string(i), pairs);
  sym::SymBindings bindings;
  return matchLeaves(*this, pairs, bindings, /*bind=*/true);
}
