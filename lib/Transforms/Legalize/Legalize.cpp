//===- Legalize.cpp - Legalize graph ops to tensor programs ---------------===//
//
// The program cache, the pattern machinery shared by every lowering, and
// --relax-legalize, which applies the patterns of every family.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Legalize.h"

#include "Relax/Transforms/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/InterleavedRange.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLEGALIZEPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// TensorProgramCache
//===----------------------------------------------------------------------===//

Value SymbolicArgs::get(SymExprAttr expr) {
  for (auto [i, known] : llvm::enumerate(exprs))
    if (known == expr && llvm::none_of(siteAttrs, [&](auto site) {
          return site.second == i;
        }))
      return values[i];
  return append(expr);
}

Value SymbolicArgs::getSiteAttr(StringAttr name, int64_t value) {
  for (auto [known, i] : siteAttrs)
    if (known == name)
      return values[i];
  siteAttrs.emplace_back(name, exprs.size());
  return append(SymExprAttr::getConstant(program.getContext(), value));
}

Value SymbolicArgs::append(SymExprAttr expr) {
  unsigned index = program.getNumArguments();
  (void)program.insertArgument(index, IndexType::get(program.getContext()),
                               DictionaryAttr(), program.getLoc());
  exprs.push_back(expr);
  values.push_back(program.getArgument(index));
  return values.back();
}

TensorProgramCache::TensorProgramCache(ModuleOp module)
    : module(module), symbolTable(module) {}

FailureOr<TensorProgram> TensorProgramCache::getOrCreate(
    Operation *op, PatternRewriter &rewriter,
    function_ref<LogicalResult(TensorProgramBody &)> buildBody,
    ArrayRef<int64_t> inplace, ArrayRef<StringRef> siteAttrs) {
  MLIRContext *ctx = op->getContext();
  auto isNew = [&](size_t result) {
    return inplace.empty() || inplace[result] < 0;
  };
  DimNamer namer(ctx);
  SmallVector<RelaxTensorType> operandTypes, resultTypes;
  for (Type type : op->getOperandTypes())
    operandTypes.push_back(namer.rename(cast<RelaxTensorType>(type)));
  for (Type type : op->getResultTypes())
    resultTypes.push_back(namer.rename(cast<RelaxTensorType>(type)));

  // Programs are shared by ops with the same name, attributes and renamed
  // types.
  std::string key;
  llvm::raw_string_ostream os(key);
  NamedAttrList keyAttrs(op->getAttrDictionary());
  for (StringRef name : siteAttrs)
    keyAttrs.erase(name);
  os << op->getName() << keyAttrs.getDictionary(ctx);
  for (Type type : operandTypes)
    os << type;
  os << "->";
  for (Type type : resultTypes)
    os << type;
  if (!inplace.empty())
    os << "inplace" << llvm::interleaved(inplace);
  // The site attributes' arguments take this op's values.
  auto forThisSite = [&](TensorProgram program) {
    if (program.siteAttrs.empty())
      return program;
    SmallVector<SymExprAttr> exprs(program.symArgs.getDims());
    for (auto [name, index] : program.siteAttrs)
      exprs[index] = SymExprAttr::getConstant(
          ctx, cast<IntegerAttr>(op->getAttr(name)).getInt());
    program.symArgs = sym::SymShapeAttr::get(ctx, exprs);
    return program;
  };
  auto existing = programs.find(key);
  if (existing != programs.end())
    return forThisSite(existing->second);

  SmallVector<Type> argTypes, outputTypes;
  for (RelaxTensorType type : operandTypes)
    argTypes.push_back(type.getBuiltinType());
  for (RelaxTensorType type : resultTypes)
    outputTypes.push_back(type.getBuiltinType());
  SmallVector<RelaxTensorType> newTypes;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (!isNew(i))
      continue;
    argTypes.push_back(type.getBuiltinType());
    newTypes.push_back(type);
  }

  // Programs go right before the first function that uses them, in the
  // order they are created.
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *user = op;
  while (user->getParentOp() != module)
    user = user->getParentOp();
  rewriter.setInsertionPoint(user);
  Location loc = op->getLoc();
  auto func = tprog::FuncOp::create(
      rewriter, loc, rewriter.getStringAttr(op->getName().stripDialect()),
      TypeAttr::get(rewriter.getFunctionType(argTypes, outputTypes)),
      rewriter.getStringAttr("private"), ArrayAttr(), ArrayAttr());
  SmallVector<RelaxTensorType> allTypes(operandTypes);
  allTypes.append(newTypes);
  for (auto [i, type] : llvm::enumerate(allTypes)) {
    if (!type.hasKnownShape() ||
        !llvm::all_of(type.getDims(), [](auto d) { return d.isConstant(); }))
      func.setArgAttr(i, sym::SymDialect::getShapeAttrName(),
                      sym::SymShapeAttr::get(ctx, type.getDims()));
    if (i >= operandTypes.size() ||
        llvm::is_contained(inplace, static_cast<int64_t>(i)))
      func.setArgAttr(i, tprog::TProgDialect::getOutputAttrName(),
                      rewriter.getUnitAttr());
  }

  Block *entry = func.addEntryBlock();
  rewriter.setInsertionPointToStart(entry);
  ValueRange args = entry->getArguments();
  SymbolicArgs symArgs(func);
  // Each result's destination: a new argument, or the operand it is
  // written into.
  SmallVector<Value> outputs;
  for (size_t i = 0, next = operandTypes.size(); i < resultTypes.size(); ++i)
    outputs.push_back(isNew(i) ? args[next++] : args[inplace[i]]);
  TensorProgramBody body(rewriter, loc, args.take_front(operandTypes.size()),
                         outputs, symArgs);
  if (failed(buildBody(body))) {
    rewriter.eraseOp(func);
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "could not be legalized";
      if (!body.getFailureReason().empty())
        diag << ": " << body.getFailureReason();
    });
  }
  tprog::ReturnOp::create(rewriter, loc, body.results);
  // A site attribute the body did not take as an argument would be the
  // first site's constant in every program that shares it.
  assert(llvm::all_of(siteAttrs,
                      [&](StringRef name) {
                        return llvm::any_of(
                            symArgs.getSiteAttrs(), [&](auto site) {
                              return site.first.getValue() == name;
                            });
                      }) &&
         "a site attribute must be read through SymbolicArgs::getSiteAttr");
  rewriter.modifyOpInPlace(func, [&] { symbolTable.insert(func); });
  sym::SymShapeAttr exprs;
  if (!symArgs.getExprs().empty())
    exprs = sym::SymShapeAttr::get(ctx, symArgs.getExprs());
  return programs[key] = {func, exprs, llvm::to_vector(symArgs.getSiteAttrs())};
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

LogicalResult mlir::relax::matchKnownShapes(Operation *op,
                                            PatternRewriter &rewriter) {
  auto known = [](Type type) {
    auto tensor = dyn_cast<RelaxTensorType>(type);
    return tensor && tensor.hasKnownShape();
  };
  if (llvm::all_of(op->getOperandTypes(), known) &&
      llvm::all_of(op->getResultTypes(), known))
    return success();
  return rewriter.notifyMatchFailure(
      op, "needs fully known operand and result shapes to be legalized; run "
          "--relax-infer-shapes first, or relax.match_cast a tensor of "
          "unknown rank to the shape it has");
}

void mlir::relax::replaceOpWithCallTIR(PatternRewriter &rewriter, Operation *op,
                                       const TensorProgram &program,
                                       ArrayRef<int64_t> inplace) {
  if (!inplace.empty()) {
    assert(!program.symArgs && "an in-place call takes no symbolic arguments");
    rewriter.replaceOpWithNewOp<CallTIRInplaceOp>(
        op, op->getResultTypes(), SymbolRefAttr::get(program.func),
        op->getOperands(), rewriter.getDenseI64ArrayAttr(inplace));
    return;
  }
  rewriter.replaceOpWithNewOp<CallTIROp>(op, op->getResultTypes(),
                                         SymbolRefAttr::get(program.func),
                                         op->getOperands(), program.symArgs);
}

void mlir::relax::populateRelaxLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache,
    PagedAttentionForm pagedAttention) {
  populateRelaxElementwiseLegalizationPatterns(patterns, cache);
  populateRelaxReductionLegalizationPatterns(patterns, cache);
  populateRelaxLinearLegalizationPatterns(patterns, cache);
  populateRelaxManipulationLegalizationPatterns(patterns, cache);
  populateRelaxNeuralNetworkLegalizationPatterns(patterns, cache);
  populateRelaxPagedKVCacheLegalizationPatterns(patterns, cache,
                                                pagedAttention);
  populateRelaxQuantizeLegalizationPatterns(patterns, cache);
  populateRelaxViewLegalizationPatterns(patterns);
  populateRelaxCollectiveLegalizationPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// RelaxLegalizePass
//===----------------------------------------------------------------------===//

namespace {
/// Records the reasons patterns give for not rewriting an op. The walk driver
/// tells a listener where a match failed, not which op was being matched:
/// the ops left unrewritten claim the reasons at their location, in walk
/// order.
struct MatchFailureRecorder : RewriterBase::Listener {
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    Diagnostic diag(loc, DiagnosticSeverity::Remark);
    reasonCallback(diag);
    failures[loc].reasons.push_back(diag.str());
  }

  /// Returns the next unclaimed reason at `loc`, or null.
  const std::string *claim(Location loc) {
    auto it = failures.find(loc);
    if (it == failures.end() || it->second.next == it->second.reasons.size())
      return nullptr;
    return &it->second.reasons[it->second.next++];
  }

private:
  struct Reasons {
    SmallVector<std::string, 1> reasons;
    unsigned next = 0;
  };
  llvm::DenseMap<Location, Reasons> failures;
};

struct RelaxLegalizePass
    : relax::impl::RelaxLegalizePassBase<RelaxLegalizePass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    TensorProgramCache cache(module);
    RewritePatternSet patterns(&getContext());
    populateRelaxLegalizationPatterns(patterns, cache, pagedAttention);
    FrozenRewritePatternSet frozen(std::move(patterns));
    // The walk driver neither folds nor revisits: programs stay as built,
    // and ops no pattern matches stay for a later pass.
    MatchFailureRecorder failures;
    walkAndApplyPatterns(module, frozen, &failures);

    // An op that a pattern failed on is still there. A reason completes
    // "'relax.exp' op ...".
    const auto &rooted = frozen.getOpSpecificNativePatterns();
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (!rooted.contains(op->getName()))
        return;
      if (const std::string *reason = failures.claim(op->getLoc())) {
        op->emitOpError(*reason);
        failedAny = true;
      }
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
