//===- TileToThreads.cpp - Row reductions in a block tiled over threads ---===//
//
// Tiles the row reductions in blocks' tiles over the threads of the block,
// with upstream's reduction tiling: the reduction dim is tiled by the
// workgroup size into partial values (one per thread, in workgroup memory),
// each chunk's partial op is distributed over the threads by an scf.forall
// mapped to #gpu.thread<x>, and the partial values are merged by a
// reduction that the block's threads combine.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXGPUTILETOTHREADSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax::codegen;

static GPULoweringConfigAttr getConfig(Operation *op) {
  return op->getAttrOfType<GPULoweringConfigAttr>(
      RelaxCodegenDialect::getLoweringConfigAttrName());
}

/// Whether `op` sits in the tile of a block (an scf.forall mapped to
/// blocks, made by --relax-gpu-tile-to-blocks).
static bool isInBlockTile(Operation *op) {
  auto forall = op->getParentOfType<scf::ForallOp>();
  if (!forall)
    return false;
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUBlockMappingAttr>);
}

/// Whether the block schedule of `op` is a row reduction: a row_reduction,
/// or a gemv whose reduction dim is innermost in the weights.
static bool isScheduledAsRows(linalg::LinalgOp op,
                              GPULoweringConfigAttr config) {
  if (!isRowReduction(op))
    return false;
  if (config.getSchedule() == GPUSchedule::RowReduction)
    return true;
  if (config.getSchedule() != GPUSchedule::GEMV)
    return false;
  std::optional<Contraction> c = matchContraction(op);
  return c && isReductionInnermostInB(op, *c);
}

/// The slice of `operand` that the thread `tid` of `threads` reads: the
/// elements `tid`, `tid + threads`, ... (`count` of them) along the
/// reduction loop `kDim`, all of every other dim.
static Value sliceForThread(OpBuilder &b, Location loc, linalg::LinalgOp op,
                            OpOperand *operand, unsigned kDim, Value tid,
                            OpFoldResult count, int64_t threads) {
  Value source = operand->get();
  if (!isa<RankedTensorType>(source.getType()))
    return source;
  AffineMap map = op.getMatchingIndexingMap(operand);
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<OpFoldResult> dims = tensor::getMixedSizes(b, loc, source);
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    bool strided = map.getDimPosition(i) == kDim;
    offsets.push_back(strided ? OpFoldResult(tid) : b.getIndexAttr(0));
    sizes.push_back(strided ? count : dims[i]);
    strides.push_back(b.getIndexAttr(strided ? threads : 1));
  }
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

/// Tiles the row reduction `op` of a block's tile (its parallel dims 1, its
/// reduction dim `k` innermost) over the `W` threads of the block:
///
///   %slots = bufferization.alloc_tensor() (workgroup memory, a slot a thread)
///   %p = scf.forall (%t) in (W) shared_outs(%s = %slots) {
///     // the thread's elements t, t + W, ... < k: consecutive threads read
///     // consecutive elements
///     %x = tensor.extract_slice %row[0, %t] [1, (k - t) ceildiv W] [1, W]
///     %r = (op) ins(%x) outs(linalg.fill (identity) of its slot)
///     parallel_insert_slice %r into %s[.., %t]
///   } {mapping = [#gpu.thread<x>]}
///   %r = linalg.reduce %p into (op's output)   (a row_reduction: the
///                                               block's threads combine)
///
/// The partial values and their merge come from the op's
/// PartialReductionOpInterface. Fails, changing nothing, for an op whose
/// body reads its indices (the thread's slice renumbers them) or whose
/// partial values are not laid out with the slots innermost.
static LogicalResult tileRowReductionToThreads(RewriterBase &rewriter,
                                               linalg::LinalgOp op,
                                               GPULoweringConfigAttr config) {
  std::optional<BodyReduction> reduction = matchBodyReduction(op);
  auto partial = dyn_cast<PartialReductionOpInterface>(op.getOperation());
  if (!reduction || !partial || op.hasIndexSemantics() ||
      op.getNumDpsInits() != 1)
    return failure();
  int64_t threads = config.getWorkgroup();
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  unsigned rank = op.getNumLoops();
  unsigned kDim = rank - 1;
  auto outType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  if (!outType.hasStaticShape())
    return failure();

  rewriter.setInsertionPoint(op);
  // The partial values' sizes: the tile's along the parallel loops, a slot
  // a thread along the reduction loop.
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  SmallVector<OpFoldResult> tileSizes =
      llvm::map_to_vector(ranges, [](Range range) { return range.size; });
  tileSizes[kDim] = rewriter.getIndexAttr(threads);
  SetVector<unsigned> reductionDims;
  reductionDims.insert(kDim);
  FailureOr<SmallVector<Value>> inits =
      partial.generateInitialTensorForPartialReduction(rewriter, loc, tileSizes,
                                                       reductionDims);
  if (failed(inits) || inits->size() != 1)
    return failure();
  auto fill = inits->front().getDefiningOp<linalg::FillOp>();
  auto empty =
      fill ? fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>() : nullptr;
  auto slotsType = cast<RankedTensorType>(inits->front().getType());
  SmallVector<int64_t> expected(outType.getShape());
  expected.push_back(threads);
  if (!empty || slotsType.getShape() != ArrayRef<int64_t>(expected)) {
    rewriter.eraseOp(fill);
    if (empty)
      rewriter.eraseOp(empty);
    return failure();
  }
  // Each thread starts its own slot: the slots need no fill of their own.
  auto slots = bufferization::AllocTensorOp::create(
      rewriter, loc, slotsType, ValueRange(), /*copy=*/Value(),
      /*size_hint=*/Value(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  rewriter.eraseOp(fill);
  rewriter.eraseOp(empty);

  OpFoldResult k = ranges[kDim].size;
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(threads)},
      ValueRange{slots},
      rewriter.getArrayAttr(
          {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX)}));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(forall.getTerminator());
    Value tid = forall.getInductionVars().front();
    Value shared = forall.getRegionIterArgs().front();
    AffineExpr t, size;
    bindDims(ctx, t);
    bindSymbols(ctx, size);
    // max(0, (k - t) ceildiv W): the elements of the thread.
    OpFoldResult count = affine::makeComposedFoldedAffineMax(
        rewriter, loc,
        AffineMap::get(
            1, 1, {(size - t).ceilDiv(threads), getAffineConstantExpr(0, ctx)},
            ctx),
        {tid, k});
    SmallVector<Value> operands;
    for (OpOperand *input : op.getDpsInputOperands())
      operands.push_back(
          sliceForThread(rewriter, loc, op, input, kDim, tid, count, threads));
    SmallVector<OpFoldResult> offsets(outType.getRank(),
                                      rewriter.getIndexAttr(0));
    offsets.push_back(tid);
    SmallVector<OpFoldResult> sizes(outType.getRank() + 1,
                                    rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> strides(outType.getRank() + 1,
                                      rewriter.getIndexAttr(1));
    for (auto [i, dim] : llvm::enumerate(outType.getShape()))
      sizes[i] = rewriter.getIndexAttr(dim);
    Value slot = tensor::ExtractSliceOp::create(rewriter, loc, outType, shared,
                                                offsets, sizes, strides);
    Value identity =
        arith::ConstantOp::create(rewriter, loc, reduction->identity);
    Value start =
        linalg::FillOp::create(rewriter, loc, identity, slot).getResult(0);
    operands.push_back(start);
    Operation *tiled = mlir::clone(rewriter, op, TypeRange{outType}, operands);
    tiled->removeAttr(RelaxCodegenDialect::getLoweringConfigAttrName());
    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, tiled->getResult(0),
                                          shared, offsets, sizes, strides);
  }

  rewriter.setInsertionPointAfter(forall);
  FailureOr<MergeResult> merged = partial.mergeReductions(
      rewriter, loc, forall.getResults(), reductionDims);
  if (failed(merged))
    return op->emitOpError("cannot merge the partial values of its threads");
  // The merge is a row reduction of the slots, whatever the op was.
  auto mergeConfig = GPULoweringConfigAttr::get(ctx, GPUSchedule::RowReduction,
                                                threads, {}, {});
  for (Operation *merge : merged->mergeOps)
    merge->setAttr(RelaxCodegenDialect::getLoweringConfigAttrName(),
                   mergeConfig);
  rewriter.replaceOp(op, merged->replacements);
  return success();
}

namespace {
struct RelaxGPUTileToThreadsPass
    : mlir::relax::codegen::impl::RelaxGPUTileToThreadsPassBase<
          RelaxGPUTileToThreadsPass> {
  void runOnOperation() override {
    FunctionOpInterface function = getOperation();
    if (function.isExternal())
      return;
    SmallVector<std::pair<linalg::LinalgOp, GPULoweringConfigAttr>> roots;
    function.walk([&](linalg::LinalgOp op) {
      GPULoweringConfigAttr config = getConfig(op);
      if (config && op.hasPureTensorSemantics() && isInBlockTile(op) &&
          isScheduledAsRows(op, config))
        roots.push_back({op, config});
    });
    IRRewriter rewriter(&getContext());
    // An op this does not apply to keeps its block schedule, which
    // --relax-map-kernels-to-gpu builds in the block.
    for (auto [op, config] : roots)
      (void)tileRowReductionToThreads(rewriter, op, config);
    if (roots.empty())
      return;
    if (failed(applyPatternsGreedily(
            function,
            linalg::getLinalgTilingCanonicalizationPatterns(&getContext()))))
      return signalPassFailure();
  }
};
} // namespace
