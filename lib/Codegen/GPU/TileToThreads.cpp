//===- TileToThreads.cpp - Reductions in a block tiled over threads -------===//
//
// Tiles the row reductions and GEMVs in blocks' tiles over the threads of
// the block, on tensors: an scf.forall mapped to #gpu.thread whose every
// iteration is one thread's part of the op (its strided slice of the
// reduction dim, so that consecutive threads read consecutive elements)
// into its slot of a workgroup buffer, and the slots merged by a reduction.
// The merge comes from the op's PartialReductionOpInterface; the
// per-thread slicing is this file's, since upstream's reduction tiling gives
// each thread a contiguous chunk (or keeps the slots in memory across
// chunks, measured 2.2x slower; docs/design.md).
//
//===----------------------------------------------------------------------===//

#include "TileAndFuseFills.h"

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

/// Whether `op` sits in the tile of a block (an scf.forall mapped to
/// blocks, made by --relax-gpu-tile-to-blocks).
static bool isInBlockTile(Operation *op) {
  auto forall = op->getParentOfType<scf::ForallOp>();
  return forall && isBlockForall(forall);
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

/// How a thread reads a loop: `size` elements from `offset`, `stride`
/// apart.
struct LoopSlice {
  OpFoldResult offset, size;
  int64_t stride;
};

/// The slice of `operand` that a thread reads: along each loop of `slices`
/// its slice, along every other loop all of it.
static Value sliceForThread(OpBuilder &b, Location loc, linalg::LinalgOp op,
                            OpOperand *operand,
                            const DenseMap<unsigned, LoopSlice> &slices) {
  Value source = operand->get();
  if (!isa<RankedTensorType>(source.getType()))
    return source;
  AffineMap map = op.getMatchingIndexingMap(operand);
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<OpFoldResult> dims = tensor::getMixedSizes(b, loc, source);
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    auto it = slices.find(map.getDimPosition(i));
    if (it == slices.end()) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(dims[i]);
      strides.push_back(b.getIndexAttr(1));
      continue;
    }
    offsets.push_back(it->second.offset);
    sizes.push_back(it->second.size);
    strides.push_back(b.getIndexAttr(it->second.stride));
  }
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

/// The elements `first`, `first + step`, ... below `size` of a loop:
/// max(0, (size - first) ceildiv step).
static OpFoldResult getStridedCount(OpBuilder &b, Location loc, Value first,
                                    OpFoldResult size, int64_t step) {
  MLIRContext *ctx = b.getContext();
  AffineExpr t, k;
  bindDims(ctx, t);
  bindSymbols(ctx, k);
  return affine::makeComposedFoldedAffineMax(
      b, loc,
      AffineMap::get(
          1, 1, {(k - t).ceilDiv(step), getAffineConstantExpr(0, ctx)}, ctx),
      {first, size});
}

/// The thread's part of `op`: `op` on the slices of its inputs, started
/// from the combiner's identity in `slot`.
static Value emitThreadPart(OpBuilder &b, Location loc, linalg::LinalgOp op,
                            const BodyReduction &reduction,
                            const DenseMap<unsigned, LoopSlice> &slices,
                            Value slot) {
  SmallVector<Value> operands;
  for (OpOperand *input : op.getDpsInputOperands())
    operands.push_back(sliceForThread(b, loc, op, input, slices));
  Value identity = arith::ConstantOp::create(b, loc, reduction.identity);
  operands.push_back(
      linalg::FillOp::create(b, loc, identity, slot).getResult(0));
  return mlir::clone(b, op, TypeRange{slot.getType()}, operands)->getResult(0);
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
/// The merge comes from the op's PartialReductionOpInterface. Changes
/// nothing for an op whose body reads its indices (the thread's slice
/// renumbers them).
static LogicalResult tileRowReductionToThreads(RewriterBase &rewriter,
                                               linalg::LinalgOp op,
                                               GPULoweringConfigAttr config) {
  std::optional<BodyReduction> reduction = matchBodyReduction(op);
  auto partial = dyn_cast<PartialReductionOpInterface>(op.getOperation());
  if (!reduction || !partial || op.hasIndexSemantics() ||
      op.getNumDpsInits() != 1)
    return success();
  int64_t threads = config.getWorkgroup();
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  unsigned rank = op.getNumLoops();
  unsigned kDim = rank - 1;
  auto outType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  if (!outType.hasStaticShape())
    return success();

  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  SetVector<unsigned> reductionDims;
  reductionDims.insert(kDim);
  // The slots: the output's shape and a slot a thread after it, where the
  // op's partial reduction puts its innermost reduction loop (the merge
  // reduces that dim). Each thread starts its own slot: no fill of them.
  SmallVector<int64_t> slotsShape(outType.getShape());
  slotsShape.push_back(threads);
  auto slotsType = RankedTensorType::get(slotsShape, outType.getElementType());
  auto slots = bufferization::AllocTensorOp::create(
      rewriter, loc, slotsType, ValueRange(), /*copy=*/Value(),
      /*size_hint=*/Value(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));

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
    DenseMap<unsigned, LoopSlice> slices;
    slices[kDim] = {tid, getStridedCount(rewriter, loc, tid, k, threads),
                    threads};
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
    Value part = emitThreadPart(rewriter, loc, op, *reduction, slices, slot);
    part.getDefiningOp()->removeAttr(
        RelaxCodegenDialect::getLoweringConfigAttrName());
    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, part, shared, offsets,
                                          sizes, strides);
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

/// Tiles the GEMV `op` on [K, N] weights of a block's tile (one row of its
/// batch and m dims, `C` = tile[0] columns, the reduction dim `k` whole)
/// over the `W` threads of the block, `S` = W / C slices of C:
///
///   %slots = bufferization.alloc_tensor() (workgroup memory, [.., C, S])
///   %p = scf.forall (%s, %c) in (S, C) shared_outs(%o = %slots) {
///     // column c (clamped to the tile's last: the threads past a partial
///     // tile compute its last column again, into their own slots) of the
///     // rows s, s + S, ... < k of the weights: consecutive threads read
///     // consecutive columns of a row
///     %r = (op) on those slices, from the identity in slot [.., c, s]
///   } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
///   %r = linalg.reduce (the slots of the tile's columns) into the output,
///        in a forall of C threads each combining its column's S slots
///        (the fill of the output fused into it)
static LogicalResult tileColumnGEMVToThreads(RewriterBase &rewriter,
                                             linalg::LinalgOp op,
                                             GPULoweringConfigAttr config) {
  std::optional<Contraction> c = matchContraction(op);
  std::optional<BodyReduction> reduction = matchBodyReduction(op);
  auto partial = dyn_cast<PartialReductionOpInterface>(op.getOperation());
  if (!c || !reduction || !partial || op.hasIndexSemantics() ||
      op.getNumDpsInits() != 1 || config.getTile().size() != 1 ||
      c->k != op.getNumLoops() - 1)
    return success();
  int64_t threads = config.getWorkgroup();
  int64_t columns = config.getTile()[0];
  int64_t slices = threads / columns;
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap outMap = op.getMatchingIndexingMap(init);
  auto outType = cast<RankedTensorType>(init->get().getType());
  // The output's n dim; every other dim of the tile has one element.
  std::optional<unsigned> nPos =
      outMap.getResultPosition(getAffineDimExpr(c->n, op.getContext()));
  if (!nPos || slices < 1 || threads % columns != 0 ||
      llvm::any_of(llvm::enumerate(outType.getShape()), [&](auto dim) {
        return dim.index() != *nPos && dim.value() != 1;
      }))
    return success();
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  unsigned kDim = c->k;
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  OpFoldResult k = ranges[kDim].size;
  OpFoldResult n = ranges[c->n].size;
  Type elementType = outType.getElementType();

  // The slots: the output tile with C columns, and S slots a column.
  SmallVector<int64_t> slotsShape(outType.getShape());
  slotsShape[*nPos] = columns;
  slotsShape.push_back(slices);
  auto slots = bufferization::AllocTensorOp::create(
      rewriter, loc, RankedTensorType::get(slotsShape, elementType),
      ValueRange(), /*copy=*/Value(), /*size_hint=*/Value(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  SmallVector<int64_t> slotShape(outType.getShape());
  slotShape[*nPos] = 1;
  auto slotType = RankedTensorType::get(slotShape, elementType);
  unsigned slotsRank = slotsShape.size();

  auto forall = scf::ForallOp::create(
      rewriter, loc,
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(slices),
                             rewriter.getIndexAttr(columns)},
      ValueRange{slots},
      rewriter.getArrayAttr(
          {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim1),
           gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim0)}));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(forall.getTerminator());
    Value slice = forall.getInductionVars()[0];
    Value column = forall.getInductionVars()[1];
    Value shared = forall.getRegionIterArgs().front();
    AffineExpr d0, s0;
    bindDims(ctx, d0);
    bindSymbols(ctx, s0);
    OpFoldResult clamped = affine::makeComposedFoldedAffineMin(
        rewriter, loc, AffineMap::get(1, 1, {d0, s0 - 1}, ctx), {column, n});
    DenseMap<unsigned, LoopSlice> loopSlices;
    loopSlices[c->n] = {clamped, rewriter.getIndexAttr(1), 1};
    loopSlices[kDim] = {slice, getStridedCount(rewriter, loc, slice, k, slices),
                        slices};
    SmallVector<OpFoldResult> offsets(slotsRank, rewriter.getIndexAttr(0));
    offsets[*nPos] = column;
    offsets.back() = slice;
    SmallVector<OpFoldResult> sizes(slotsRank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> strides(slotsRank, rewriter.getIndexAttr(1));
    Value slot = tensor::ExtractSliceOp::create(rewriter, loc, slotType, shared,
                                                offsets, sizes, strides);
    Value part =
        emitThreadPart(rewriter, loc, op, *reduction, loopSlices, slot);
    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, part, shared, offsets,
                                          sizes, strides);
  }

  // The merge reads the slots of the tile's columns only.
  rewriter.setInsertionPointAfter(forall);
  SmallVector<OpFoldResult> offsets(slotsRank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim : slotsShape)
    sizes.push_back(rewriter.getIndexAttr(dim));
  sizes[*nPos] = n;
  SmallVector<OpFoldResult> strides(slotsRank, rewriter.getIndexAttr(1));
  Value valid = tensor::ExtractSliceOp::create(
      rewriter, loc, forall.getResult(0), offsets, sizes, strides);
  SetVector<unsigned> reductionDims;
  reductionDims.insert(kDim);
  FailureOr<MergeResult> merged =
      partial.mergeReductions(rewriter, loc, ValueRange{valid}, reductionDims);
  if (failed(merged) || merged->mergeOps.size() != 1)
    return op->emitOpError("cannot merge the partial values of its threads");
  rewriter.replaceOp(op, merged->replacements);

  // A thread a column combines the column's slots, from the output's fill.
  auto merge = cast<TilingInterface>(merged->mergeOps.front());
  unsigned mergeLoops = merge.getLoopIteratorTypes().size();
  SmallVector<OpFoldResult> numThreads(mergeLoops, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> tileSizes(mergeLoops, rewriter.getIndexAttr(0));
  numThreads[*nPos] = rewriter.getIndexAttr(columns);
  tileSizes[*nPos] = rewriter.getIndexAttr(1);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setNumThreads(numThreads)
      .setTileSizes(tileSizes)
      .setMapping({gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX)});
  if (failed(tileAndFuseFills(rewriter, merge, options)))
    return op->emitOpError("cannot spread the merge of its partial values "
                           "over the threads of a block");
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
      GPULoweringConfigAttr config = getGPULoweringConfig(op);
      if (config && op.hasPureTensorSemantics() && isInBlockTile(op) &&
          (isScheduledAsRows(op, config) ||
           config.getSchedule() == GPUSchedule::GEMV))
        roots.push_back({op, config});
    });
    IRRewriter rewriter(&getContext());
    // An op this does not apply to keeps its block schedule, which
    // --relax-map-kernels-to-gpu builds in the block.
    for (auto [op, config] : roots) {
      if (failed(isScheduledAsRows(op, config)
                     ? tileRowReductionToThreads(rewriter, op, config)
                     : tileColumnGEMVToThreads(rewriter, op, config)))
        return signalPassFailure();
    }
    if (roots.empty())
      return;
    if (failed(applyPatternsGreedily(
            function,
            linalg::getLinalgTilingCanonicalizationPatterns(&getContext()))))
      return signalPassFailure();
  }
};
} // namespace
