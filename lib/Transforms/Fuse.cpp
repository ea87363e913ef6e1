//===- Fuse.cpp - Fuse graph ops into merged tensor programs --------------===//
//
// --relax-fuse: records the pattern kinds of tensor programs, partitions each
// dataflow region into groups, legalizes the high-level ops of every group
// of two or more ops, merges the group's programs into one and simplifies
// it (elementwise producers are fused into their consumers, so that their
// results are not stored). Identical merged programs are shared.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/TProg/Analysis/PatternKindAnalysis.h"
#include "Relax/Transforms/Fusion.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXFUSEPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// What an op computes, for names, remarks and pictures: the callee of a
/// call, the op's name without its dialect otherwise.
static std::string getComputeName(Operation *op) {
  if (auto call = dyn_cast<CallTIROp>(op))
    return call.getCallee().str();
  return op->getName().stripDialect().str();
}

/// `fused_<first ops>`, short enough to read.
static std::string getGroupName(const FusionGroup &group) {
  std::string name = "fused";
  for (Operation *op : llvm::ArrayRef(group.ops).take_front(4))
    name += "_" + getComputeName(op);
  if (group.ops.size() > 4)
    name += "_and_" + std::to_string(group.ops.size() - 4);
  return name;
}

/// Writes the groups of `block` as a Graphviz cluster per group.
static void printDot(llvm::raw_ostream &os, Block &block,
                     ArrayRef<FusionGroup> groups, unsigned &nextId) {
  llvm::DenseMap<Operation *, unsigned> ids;
  for (Operation &op : block.without_terminator())
    ids[&op] = nextId++;
  for (auto [index, group] : llvm::enumerate(groups)) {
    bool cluster = group.ops.size() > 1;
    if (cluster)
      os << "  subgraph cluster_" << ids[group.ops.front()] << " {\n"
         << "    style=filled; color=lightgrey; label=\""
         << stringifyPatternKind(group.kind) << "\";\n";
    for (Operation *op : group.ops) {
      PatternKind kind = getFusionKind(op);
      os << (cluster ? "    " : "  ") << "n" << ids[op] << " [label=\""
         << getComputeName(op) << "\\n"
         << stringifyPatternKind(kind) << "\""
         << (kind == PatternKind::Opaque ? ", shape=box" : "") << "];\n";
    }
    if (cluster)
      os << "  }\n";
  }
  for (Operation &op : block.without_terminator())
    for (Value operand : op.getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (ids.count(def))
          os << "  n" << ids[def] << " -> n" << ids[&op] << ";\n";
}

/// Whether `op` unpacks data: an elementwise generic that reads integers
/// into floats, each input narrower than the result or read along fewer
/// dims than it writes (a dequantize: bytes, or several weights per packed
/// word, and one scale per group). Recomputing it for every read costs
/// arithmetic, where materializing it would write and read back several
/// times its inputs' bytes.
static bool isUnpacking(Operation *op) {
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !isa<FloatType>(getElementTypeOrSelf(generic.getResult(0).getType())))
    return false;
  unsigned resultBits = getElementTypeOrSelf(generic.getResult(0).getType())
                            .getIntOrFloatBitWidth();
  bool readsIntegers = false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    Type element = getElementTypeOrSelf(input->get());
    readsIntegers |= isa<IntegerType>(element);
    if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() < resultBits)
      continue;
    if (generic.getMatchingIndexingMap(input).getNumResults() >=
        generic.getNumLoops())
      return false;
  }
  return readsIntegers;
}

/// The unpacking generic that `value` is a view of, if any.
static Operation *getUnpackingProducer(Value value) {
  if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
    value = collapse.getSrc();
  Operation *producer = value.getDefiningOp();
  return isUnpacking(producer) ? producer : nullptr;
}

/// True when the producer of `operand` may be fused into its consumer: it
/// has one use and does not read its destination (it would read its own
/// writes once its loops run in the consumer's), and the consumer reads each
/// element once (a matmul reading its left operand once per column would
/// recompute it as often).
static bool isFusableProducer(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::LinalgOp>();
  auto consumer = cast<linalg::LinalgOp>(operand->getOwner());
  // Unpacked weights are recomputed by every reader.
  if (producer && isUnpacking(producer))
    return true;
  if (!consumer.getMatchingIndexingMap(operand).isPermutation())
    return false;
  return producer && producer->hasOneUse() &&
         llvm::none_of(producer.getDpsInitsMutable(), [&](OpOperand &o) {
           return producer.payloadUsesValueFromOperand(&o);
         });
}

namespace {
/// The elementwise producer of a copy into a slice of a destination (a
/// concatenation's) is fused into the copy, so that it writes into the
/// destination directly. The copy is generalized for that only together with
/// the fusion: an identity generic on its own would be folded into its input.
struct FuseProducerIntoCopy : OpRewritePattern<linalg::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    OpOperand *input = copy.getDpsInputOperand(0);
    if (!copy.hasPureTensorSemantics() ||
        !input->get().getDefiningOp<linalg::GenericOp>() ||
        !isFusableProducer(input))
      return failure();
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, copy);
    if (failed(generic))
      return failure();
    OpOperand *operand = generic->getDpsInputOperand(0);
    if (!linalg::areElementwiseOpsFusable(operand))
      return success();
    FailureOr<linalg::ElementwiseOpFusionResult> fused =
        linalg::fuseElementwiseOps(rewriter, operand);
    if (failed(fused))
      return success();
    Operation *producer = operand->get().getDefiningOp();
    rewriter.replaceOp(*generic,
                       fused->replacements.lookup(generic->getResult(0)));
    if (producer->use_empty())
      rewriter.eraseOp(producer);
    return success();
  }
};
} // namespace

namespace {
/// A named op (a matmul's linalg.contract) that reads unpacked weights
/// becomes a generic, into which the unpacking generic is fused: the
/// collapsed view it reads becomes loops of the generic, and the unpacking
/// part of its body.
struct GeneralizeUnpackedReader
    : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp>(op.getOperation()) ||
        !op.hasPureTensorSemantics() ||
        llvm::none_of(op.getDpsInputs(), getUnpackingProducer))
      return failure();
    return linalg::generalizeNamedOp(rewriter, op);
  }
};
} // namespace

/// Whether the reshape that `operand` reads is to be folded into the
/// generic that owns it: a collapsed view of unpacked weights.
static bool foldsUnpackedView(OpOperand *operand) {
  return isa<linalg::GenericOp>(operand->getOwner()) &&
         operand->get().getDefiningOp<tensor::CollapseShapeOp>() &&
         getUnpackingProducer(operand->get());
}

namespace {
/// A copy into a new tensor is its source to the linalg ops that read it:
/// a slice (of a split or a strided_slice) is read where it lies, or copied
/// into a slice of a destination (a concatenation's) directly.
struct ForwardCopyIntoEmpty : OpRewritePattern<linalg::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    Value source = copy.getDpsInputOperand(0)->get();
    if (!copy.hasPureTensorSemantics() ||
        !copy.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>() ||
        source.getType() != copy.getResult(0).getType())
      return failure();
    bool changed = false;
    rewriter.replaceUsesWithIf(
        copy.getResult(0), source, [&](OpOperand &use) {
          auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
          bool forwarded = user && user.isDpsInput(&use);
          changed |= forwarded;
          return forwarded;
        });
    if (copy->use_empty())
      rewriter.eraseOp(copy);
    return success(changed);
  }
};
} // namespace

/// Simplifies a merged program: casts folded into their users, elementwise
/// producers with one use (and unpacked weights) fused into their
/// consumers, copies into new tensors forwarded, duplicates removed.
static LogicalResult simplifyProgram(tprog::FuncOp program) {
  MLIRContext *ctx = program.getContext();
  RewritePatternSet patterns(ctx);
  linalg::populateElementwiseOpsFusionPatterns(patterns, isFusableProducer);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                    foldsUnpackedView);
  patterns.add<FuseProducerIntoCopy, ForwardCopyIntoEmpty,
               GeneralizeUnpackedReader>(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName name : ctx->getRegisteredOperations())
    name.getCanonicalizationPatterns(patterns, ctx);
  if (failed(applyPatternsGreedily(program, std::move(patterns))))
    return failure();
  IRRewriter rewriter(ctx);
  DominanceInfo dominance(program);
  eliminateCommonSubExpressions(rewriter, dominance, program);
  return success();
}

/// The text of `program` without its name, to find identical programs.
static std::string getProgramKey(tprog::FuncOp program) {
  StringAttr name = program.getSymNameAttr();
  program.setSymName("");
  std::string key;
  llvm::raw_string_ostream os(key);
  program->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  program.setSymNameAttr(name);
  return key;
}

namespace {
/// Records what the op a pattern replaced was replaced with.
struct ReplacementRecorder : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *, ValueRange values) override {
    replacements.assign(values.begin(), values.end());
  }
  SmallVector<Value> replacements;
};

struct RelaxFusePass : relax::impl::RelaxFusePassBase<RelaxFusePass> {
  using Base::Base;

  void runOnOperation() override;

  /// Fuses one group; returns the new call, or null when the group was left
  /// as it is.
  CallTIROp fuseGroup(const FusionGroup &group,
                      PatternApplicator &legalization);

  llvm::StringMap<tprog::FuncOp> programsByKey;
  /// Programs that fused calls called; those no call is left to are erased.
  llvm::SetVector<StringAttr> replacedCallees;
};
} // namespace

CallTIROp RelaxFusePass::fuseGroup(const FusionGroup &group,
                                   PatternApplicator &legalization) {
  // Named before the ops are replaced.
  std::string name = getGroupName(group);
  SmallVector<std::string> opNames =
      llvm::map_to_vector(group.ops, getComputeName);

  // The group's high-level ops become calls of their programs first.
  PatternRewriter rewriter(&getContext());
  SmallVector<CallTIROp> calls;
  for (Operation *op : group.ops) {
    if (auto call = dyn_cast<CallTIROp>(op)) {
      calls.push_back(call);
      continue;
    }
    rewriter.setInsertionPoint(op);
    ReplacementRecorder recorder;
    rewriter.setListener(&recorder);
    LogicalResult legalized = legalization.matchAndRewrite(op, rewriter);
    rewriter.setListener(nullptr);
    if (failed(legalized) || recorder.replacements.empty())
      return {};
    auto call = recorder.replacements.front().getDefiningOp<CallTIROp>();
    if (!call)
      return {};
    calls.push_back(call);
  }
  for (CallTIROp call : calls)
    replacedCallees.insert(call.getCalleeAttr().getAttr());
  FailureOr<CallTIROp> fused = mergeTensorProgramCalls(calls, name, rewriter);
  if (failed(fused))
    return {};

  auto program = SymbolTable::lookupNearestSymbolFrom<tprog::FuncOp>(
      *fused, fused->getCalleeAttr());
  if (failed(simplifyProgram(program)))
    return {};
  // The group's kind, not one re-derived from the merged body: fusing the
  // result again then forms the same groups, so fusion is idempotent.
  program->setAttr(RelaxDialect::getPatternKindAttrName(),
                   PatternKindAttr::get(rewriter.getContext(), group.kind));

  // Identical groups call one program.
  std::string key = getProgramKey(program);
  auto [it, inserted] = programsByKey.try_emplace(key, program);
  if (!inserted) {
    fused->setCalleeAttr(FlatSymbolRefAttr::get(it->second));
    program.erase();
  }

  if (remarks) {
    InFlightDiagnostic remark = emitRemark(fused->getLoc())
                                << "fused " << group.ops.size() << " ops ("
                                << stringifyPatternKind(group.kind)
                                << ") into @" << fused->getCallee() << ":";
    for (const std::string &opName : opNames)
      remark << " " << opName;
  }
  return *fused;
}

/// Gives every op that reads dequantized weights an unpacking of its own
/// (the dequantize, and the astype that converts its result, if any), which
/// fusion puts into its kernel: the unpacked weights are never written to
/// memory. An embedding lookup (a take along a leading dim) gathers packed
/// rows and their scales, and unpacks what it gathered.
static void prepareDequantizes(FuncOp func) {
  SmallVector<DequantizeOp> dequantizes;
  func.walk([&](DequantizeOp op) { dequantizes.push_back(op); });
  for (DequantizeOp op : dequantizes) {
    // Every reader, with the chain of ops it reads through.
    SmallVector<std::pair<OpOperand *, SmallVector<Operation *, 2>>> readers;
    for (OpOperand &use : op->getUses()) {
      auto cast = dyn_cast<AstypeOp>(use.getOwner());
      if (!cast) {
        readers.push_back({&use, {op}});
        continue;
      }
      for (OpOperand &castUse : cast->getUses())
        readers.push_back({&castUse, {op, cast}});
    }
    for (auto &[use, chain] : readers) {
      Operation *user = use->getOwner();
      OpBuilder b(user);
      auto take = dyn_cast<TakeOp>(user);
      auto takeType =
          take ? dyn_cast<RelaxTensorType>(take.getType()) : RelaxTensorType();
      int64_t rank = cast<RelaxTensorType>(op.getType()).getRank();
      int64_t axis = take ? take.getAxis() : 0;
      if (take && use->getOperandNumber() == 0 && takeType &&
          takeType.hasKnownShape() && rank > 0 &&
          (axis < 0 ? axis + rank : axis) < rank - 1) {
        Location loc = take.getLoc();
        Value data = TakeOp::create(b, loc, op.getData(), take.getIndices(),
                                    take.getAxisAttr(), take.getModeAttr());
        Value scale = TakeOp::create(b, loc, op.getScale(), take.getIndices(),
                                     take.getAxisAttr(), take.getModeAttr());
        Type element = cast<RelaxTensorType>(op.getType()).getElementType();
        Value unpacked = DequantizeOp::create(
            b, loc, RelaxTensorType::get(takeType.getDims(), element), data,
            scale, op.getFormatAttr());
        if (chain.size() > 1)
          unpacked = AstypeOp::create(b, loc, takeType, unpacked,
                                      cast<AstypeOp>(chain[1]).getDtypeAttr());
        take.getResult().replaceAllUsesWith(unpacked);
        take.erase();
        continue;
      }
      IRMapping mapping;
      Operation *last = nullptr;
      for (Operation *link : chain)
        last = b.clone(*link, mapping);
      use->set(last->getResult(0));
    }
    for (OpOperand &use : llvm::make_early_inc_range(op->getUses()))
      if (use.getOwner()->use_empty())
        use.getOwner()->erase();
    if (op->use_empty())
      op.erase();
  }
}

void RelaxFusePass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  if (maxGroupSize <= 0) {
    module.emitError("max-group-size must be positive");
    return signalPassFailure();
  }
  FusionOptions options;
  options.maxGroupSize = maxGroupSize;
  options.horizontal = horizontal;
  options.prologue = prologue;
  options.injectiveConsumers = injectiveConsumers;

  // Shapes first: fusion groups by the shapes it can prove, and sinking
  // reshapes rewrites only values whose types are known. A function written
  // for a grid of ranks is partitioned then: fusion works on each rank's.
  if (inferShapes) {
    OpPassManager infer(ModuleOp::getOperationName());
    infer.addPass(createRelaxInferShapesPass());
    infer.addPass(createRelaxTensorParallelPass());
    if (failed(runPipeline(infer, module)))
      return signalPassFailure();
  }

  // Pattern kinds of the programs called so far.
  for (auto program : module.getOps<tprog::FuncOp>())
    if (!program.isExternal() &&
        !program->hasAttr(RelaxDialect::getPatternKindAttrName()))
      program->setAttr(
          RelaxDialect::getPatternKindAttrName(),
          PatternKindAttr::get(ctx, tprog::analyzePatternKind(program)));

  TensorProgramCache cache(module);
  RewritePatternSet patterns(ctx);
  populateRelaxLegalizationPatterns(patterns, cache);
  FrozenRewritePatternSet frozen(std::move(patterns));
  PatternApplicator legalization(frozen);
  legalization.applyDefaultCostModel();

  std::string dot;
  llvm::raw_string_ostream dotStream(dot);
  unsigned nextDotId = 0;

  for (auto func : llvm::to_vector(module.getOps<FuncOp>())) {
    if (sinkReshapes)
      relax::sinkReshapes(func);
    prepareDequantizes(func);
    sym::SymProver prover(cast<FunctionOpInterface>(func.getOperation()));
    SmallVector<DataflowOp> regions;
    func.walk([&](DataflowOp region) { regions.push_back(region); });
    for (DataflowOp region : regions) {
      Block &block = region.getBody().front();
      SmallVector<FusionGroup> groups =
          partitionIntoFusionGroups(block, prover, options);
      if (!dotFile.empty())
        printDot(dotStream, block, groups, nextDotId);
      for (const FusionGroup &group : groups) {
        if (group.ops.size() < 2)
          continue;
        (void)fuseGroup(group, legalization);
      }
      // Values a group computes may be used between its ops.
      sortTopologically(&block);
    }
  }

  // Private programs only the fused groups called are gone with them.
  for (StringAttr name : replacedCallees) {
    auto program = dyn_cast_or_null<tprog::FuncOp>(
        SymbolTable::lookupSymbolIn(module, name));
    if (program && program.isPrivate() &&
        SymbolTable::symbolKnownUseEmpty(program, module))
      program.erase();
  }

  if (!dotFile.empty()) {
    std::error_code error;
    llvm::raw_fd_ostream file(dotFile, error, llvm::sys::fs::OF_Text);
    // (Reported at the module's location, without the module as a note.)
    if (error) {
      mlir::emitError(module.getLoc(), "cannot write '")
          << dotFile << "': " << error.message();
      return signalPassFailure();
    }
    file << "digraph fusion {\n  node [style=filled, fillcolor=white];\n"
         << dot << "}\n";
    // A failed write (a full disk) is a diagnostic, not the fatal error a
    // stream closed with its error set reports.
    file.close();
    if (file.has_error()) {
      mlir::emitError(module.getLoc(), "cannot write '")
          << dotFile << "': " << file.error().message();
      file.clear_error();
      return signalPassFailure();
    }
  }
}
