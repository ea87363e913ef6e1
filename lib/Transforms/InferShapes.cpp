//===- InferShapes.cpp - Infer the types of graph values ------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXINFERSHAPESPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;
using sym::SymExprAttr;

namespace {

/// Type of the unknown-shape join of two types (for relax.if results).
Type joinTypes(Type a, Type b, const sym::SymProver &prover) {
  if (a == b)
    return a;
  auto ta = dyn_cast<RelaxTensorType>(a), tb = dyn_cast<RelaxTensorType>(b);
  if (ta && tb && ta.getElementType() == tb.getElementType()) {
    if (!ta.hasRank() || !tb.hasRank() || ta.getRank() != tb.getRank())
      return RelaxTensorType::getUnranked(ta.getElementType());
    SmallVector<SymExprAttr> dims;
    for (auto [x, y] : llvm::zip(ta.getDims(), tb.getDims()))
      dims.push_back(
          x && y && prover.proveEq(x, y) == Proof::Proven ? x : SymExprAttr());
    return RelaxTensorType::get(dims, ta.getElementType());
  }
  auto tupleA = dyn_cast<TupleType>(a), tupleB = dyn_cast<TupleType>(b);
  if (tupleA && tupleB && tupleA.size() == tupleB.size()) {
    SmallVector<Type> fields;
    for (auto [x, y] : llvm::zip(tupleA.getTypes(), tupleB.getTypes()))
      fields.push_back(joinTypes(x, y, prover));
    return TupleType::get(a.getContext(), fields);
  }
  return a;
}

/// Replaces the dims of `type` that use a variable outside `vars` by `?`.
Type eraseDimsOutside(Type type, const llvm::SetVector<StringAttr> &vars) {
  auto keep = [&](SymExprAttr dim) {
    if (!dim)
      return dim;
    llvm::SetVector<StringAttr> used;
    dim.collectVars(used);
    return llvm::all_of(used, [&](StringAttr v) { return vars.contains(v); })
               ? dim
               : SymExprAttr();
  };
  if (auto tensor = dyn_cast<RelaxTensorType>(type)) {
    if (!tensor.hasRank())
      return type;
    return RelaxTensorType::get(llvm::map_to_vector(tensor.getDims(), keep),
                                tensor.getElementType());
  }
  if (auto shape = dyn_cast<ShapeType>(type)) {
    if (!shape.hasRank())
      return type;
    return ShapeType::get(type.getContext(),
                          llvm::map_to_vector(shape.getDims(), keep), true);
  }
  if (auto tuple = dyn_cast<TupleType>(type))
    return TupleType::get(type.getContext(),
                          llvm::map_to_vector(tuple.getTypes(), [&](Type t) {
                            return eraseDimsOutside(t, vars);
                          }));
  return type;
}

/// Substitutes deduced variables in `type`; unbound dims become `?`.
Type substituteType(Type type, const sym::SymBindings &bindings) {
  if (auto tensor = dyn_cast<RelaxTensorType>(type)) {
    if (!tensor.hasRank())
      return type;
    return RelaxTensorType::get(bindings.substituteDims(tensor.getDims()),
                                tensor.getElementType());
  }
  if (auto shape = dyn_cast<ShapeType>(type)) {
    if (!shape.hasRank())
      return type;
    return ShapeType::get(type.getContext(),
                          bindings.substituteDims(shape.getDims()), true);
  }
  if (auto tuple = dyn_cast<TupleType>(type))
    return TupleType::get(type.getContext(),
                          llvm::map_to_vector(tuple.getTypes(), [&](Type t) {
                            return substituteType(t, bindings);
                          }));
  return type;
}

/// Collects the (callee dims, call dims) pairs of two matching types.
void collectDimPairs(
    Type callee, Type call,
    SmallVectorImpl<std::pair<ArrayRef<SymExprAttr>, ArrayRef<SymExprAttr>>>
        &pairs) {
  auto a = dyn_cast<sym::SymShapedTypeInterface>(callee);
  auto b = dyn_cast<sym::SymShapedTypeInterface>(call);
  if (a && b && a.hasRank() && b.hasRank() &&
      a.getSymDims().size() == b.getSymDims().size()) {
    pairs.push_back({a.getSymDims(), b.getSymDims()});
    return;
  }
  auto ta = dyn_cast<TupleType>(callee), tb = dyn_cast<TupleType>(call);
  if (ta && tb && ta.size() == tb.size())
    for (auto [x, y] : llvm::zip(ta.getTypes(), tb.getTypes()))
      collectDimPairs(x, y, pairs);
}

class ShapeInferrer {
public:
  explicit ShapeInferrer(SymbolTableCollection &symbolTables)
      : symbolTables(symbolTables) {}

  LogicalResult inferFunction(FuncOp func);

private:
  LogicalResult inferBlock(Block &block, sym::SymProver &prover);
  LogicalResult inferOp(Operation *op, sym::SymProver &prover);
  LogicalResult inferCall(CallOp call, sym::SymProver &prover);
  void learnFromMatchCast(MatchCastOp op, sym::SymProver &prover);
  /// Inserts a run-time check of `lhs == rhs` before `op`.
  void insertCheck(Operation *op, SymExprAttr lhs, SymExprAttr rhs,
                   StringRef message, sym::SymProver &prover);
  /// Sets the type of `result` to its refinement with `inferred`, checking
  /// at run time the written dims that are not proven equal.
  void refineResult(Operation *op, OpResult result, Type inferred,
                    sym::SymProver &prover);

  SymbolTableCollection &symbolTables;
};

} // namespace

void ShapeInferrer::insertCheck(Operation *op, SymExprAttr lhs, SymExprAttr rhs,
                                StringRef message, sym::SymProver &prover) {
  OpBuilder builder(op);
  MLIRContext *ctx = op->getContext();
  auto actual = ShapeOp::create(builder, op->getLoc(),
                                sym::SymShapeAttr::get(ctx, {lhs}));
  auto cast = MatchCastOp::create(builder, op->getLoc(),
                                  ShapeType::get(ctx, {rhs}, /*ranked=*/true),
                                  actual, builder.getStringAttr(message));
  (void)cast;
  prover.addEquality(lhs, rhs);
}

void ShapeInferrer::refineResult(Operation *op, OpResult result, Type inferred,
                                 sym::SymProver &prover) {
  Type written = result.getType();
  auto w = dyn_cast<RelaxTensorType>(written);
  auto i = dyn_cast<RelaxTensorType>(inferred);
  if (w && i && w.hasRank() && i.hasRank() && w.getRank() == i.getRank()) {
    for (auto [d, pair] :
         llvm::enumerate(llvm::zip(w.getDims(), i.getDims()))) {
      auto [a, b] = pair;
      if (a && b && prover.proveEq(a, b) == Proof::Unknown)
        insertCheck(op, b, a,
                    (op->getName().getStringRef() + ": result #" +
                     Twine(result.getResultNumber()) + " dim " + Twine(d) +
                     " is written as " + sym::toString(a) +
                     " but the operands give " + sym::toString(b))
                        .str(),
                    prover);
    }
  }
  result.setType(refineType(written, inferred));
}

void ShapeInferrer::learnFromMatchCast(MatchCastOp op, sym::SymProver &prover) {
  SmallVector<std::pair<ArrayRef<SymExprAttr>, ArrayRef<SymExprAttr>>> pairs;
  collectDimPairs(op.getType(), op.getValue().getType(), pairs);
  for (auto [target, source] : pairs)
    for (auto [t, s] : llvm::zip(target, source))
      if (t && s && t != s)
        prover.addEquality(t, s);
}

LogicalResult ShapeInferrer::inferCall(CallOp call, sym::SymProver &prover) {
  auto callee =
      symbolTables.lookupNearestSymbolFrom<FuncOp>(call, call.getCalleeAttr());
  if (!callee)
    return call.emitOpError("'")
           << call.getCallee() << "' does not reference a relax.func";
  SmallVector<std::pair<ArrayRef<SymExprAttr>, ArrayRef<SymExprAttr>>> pairs;
  for (auto [param, arg] :
       llvm::zip(callee.getArgumentTypes(), call.getArgs().getTypes()))
    collectDimPairs(param, arg, pairs);
  sym::SymBindings bindings;
  for (auto [pattern, actual] : pairs)
    bindings.bind(pattern, actual);
  // Every dim of every argument against the callee's, after deduction.
  for (auto [pattern, actual] : pairs) {
    for (auto [d, p, a] : llvm::enumerate(pattern, actual)) {
      SymExprAttr expected = bindings.substitute(p);
      if (!expected || !a)
        continue;
      switch (prover.proveEq(a, expected)) {
      case Proof::Proven:
        break;
      case Proof::Disproven:
        return call.emitOpError("argument dim ")
               << d << " is " << sym::toString(a) << " but '"
               << call.getCallee() << "' expects " << sym::toString(expected);
      case Proof::Unknown:
        insertCheck(call, a, expected,
                    ("relax.call @" + call.getCallee() + ": argument dim " +
                     Twine(d) + " must equal " + sym::toString(expected))
                        .str(),
                    prover);
        break;
      }
    }
  }
  for (auto [result, declared] :
       llvm::zip(call->getResults(), callee.getResultTypes()))
    refineResult(call, cast<OpResult>(result),
                 substituteType(declared, bindings), prover);
  return success();
}

LogicalResult ShapeInferrer::inferOp(Operation *op, sym::SymProver &prover) {
  if (auto dataflow = dyn_cast<DataflowOp>(op)) {
    Block &body = dataflow.getBody().front();
    if (failed(inferBlock(body, prover)))
      return failure();
    for (auto [result, value] :
         llvm::zip(dataflow.getResults(), body.getTerminator()->getOperands()))
      result.setType(value.getType());
    return success();
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    SmallVector<SmallVector<Type>> yielded;
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      // A branch's facts stay in the branch.
      sym::SymProver branchProver = prover;
      if (failed(inferBlock(region->front(), branchProver)))
        return failure();
      yielded.push_back(
          llvm::to_vector(region->front().getTerminator()->getOperandTypes()));
    }
    for (auto [i, result] : llvm::enumerate(ifOp.getResults()))
      result.setType(refineType(
          result.getType(), joinTypes(yielded[0][i], yielded[1][i], prover)));
    return success();
  }
  if (auto matchCast = dyn_cast<MatchCastOp>(op)) {
    learnFromMatchCast(matchCast, prover);
    return success();
  }
  if (auto call = dyn_cast<CallOp>(op))
    return inferCall(call, prover);
  if (auto graphOp = dyn_cast<InferShapeOpInterface>(op)) {
    ShapeInferenceContext context(op, prover);
    SmallVector<Type> inferred;
    if (failed(graphOp.inferRelaxTypes(context, inferred)))
      return failure();
    for (const ShapeRequirement &req : context.getRequirements())
      insertCheck(op, req.lhs, req.rhs,
                  (op->getName().getStringRef() + ": " + req.message).str(),
                  prover);
    for (auto [result, type] : llvm::zip(op->getResults(), inferred))
      refineResult(op, cast<OpResult>(result), type, prover);
    return success();
  }
  if (auto inferTypes = dyn_cast<InferTypeOpInterface>(op)) {
    SmallVector<Type> inferred;
    if (failed(inferTypes.inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return failure();
    for (auto [result, type] : llvm::zip(op->getResults(), inferred))
      result.setType(type);
  }
  return success();
}

LogicalResult ShapeInferrer::inferBlock(Block &block, sym::SymProver &prover) {
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(inferOp(&op, prover)))
      return failure();
  return success();
}

LogicalResult ShapeInferrer::inferFunction(FuncOp func) {
  if (func.isExternal())
    return success();
  sym::SymProver prover(func);
  Block &body = func.getBody().front();
  if (failed(inferBlock(body, prover)))
    return failure();
  // Refine the declared results with what is returned, as far as it can be
  // said in terms of the parameters.
  llvm::SetVector<StringAttr> params;
  for (Type type : func.getArgumentTypes())
    collectDefinableVars(type, params);
  SmallVector<Type> results;
  for (auto [declared, returned] : llvm::zip(
           func.getResultTypes(), body.getTerminator()->getOperandTypes()))
    results.push_back(refineType(declared, eraseDimsOutside(returned, params)));
  func.setFunctionType(
      FunctionType::get(func.getContext(), func.getArgumentTypes(), results));
  return success();
}

namespace {
struct RelaxInferShapesPass
    : relax::impl::RelaxInferShapesPassBase<RelaxInferShapesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbolTables;
    // Callees first: a post-order walk of the call graph from every
    // function; a cycle is cut where it is found.
    SmallVector<FuncOp> order;
    llvm::DenseSet<Operation *> visited;
    std::function<void(FuncOp)> visit = [&](FuncOp func) {
      if (!visited.insert(func).second)
        return;
      func.walk([&](CallOp call) {
        if (auto callee = symbolTables.lookupNearestSymbolFrom<FuncOp>(
                call, call.getCalleeAttr()))
          visit(callee);
      });
      order.push_back(func);
    };
    for (auto func : module.getOps<FuncOp>())
      visit(func);

    ShapeInferrer inferrer(symbolTables);
    for (FuncOp func : order)
      if (failed(inferrer.inferFunction(func)))
        return signalPassFailure();
  }
};
} // namespace
