//===- TileToBlocks.cpp - Row reductions tiled over GPU blocks ------------===//
//
// Tiles the ops whose GPU schedule works on blocks' tiles (row reductions,
// GEMVs, tiled matmuls) into an scf.forall over blocks, with the fill of the
// output fused into the tile.
//
//===----------------------------------------------------------------------===//

#include "TileAndFuseFills.h"

#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXGPUTILETOBLOCKSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax::codegen;

/// The linear block mappings there are: `#gpu.block<linear_dim_0>` to
/// `linear_dim_9`.
static constexpr unsigned kLinearMappingIds = 10;

/// A block's tile of an op: the size of each loop in it (0: whole) and the
/// loops it is tiled along, fastest first.
struct BlockTile {
  SmallVector<int64_t> sizes;
  SmallVector<unsigned> fastestFirst;
};

/// The parallel dims by 1, the last the fastest: a row per block.
static BlockTile getRowTile(linalg::LinalgOp op) {
  BlockTile tile;
  for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray())) {
    bool parallel = type == utils::IteratorType::parallel;
    tile.sizes.push_back(parallel ? 1 : 0);
    if (parallel)
      tile.fastestFirst.insert(tile.fastestFirst.begin(), dim);
  }
  return tile;
}

/// A contraction's output tile of `rows` x `columns`: its n dim by
/// `columns` (the fastest), its innermost m dim by `rows` and the other m
/// dims and the batch dims by 1.
static BlockTile getContractionTile(linalg::LinalgOp op, const Contraction &c,
                                    int64_t rows, int64_t columns) {
  BlockTile tile;
  tile.sizes.assign(op.getNumLoops(), 0);
  tile.sizes[c.n] = columns;
  tile.fastestFirst.push_back(c.n);
  for (auto [i, dim] : llvm::enumerate(llvm::reverse(c.m))) {
    tile.sizes[dim] = i == 0 ? rows : 1;
    tile.fastestFirst.push_back(dim);
  }
  for (unsigned dim : llvm::reverse(c.batch)) {
    tile.sizes[dim] = 1;
    tile.fastestFirst.push_back(dim);
  }
  return tile;
}

/// The block tile of `op` under `config`, if its schedule tiles over blocks.
static std::optional<BlockTile> getBlockTile(linalg::LinalgOp op,
                                             GPULoweringConfigAttr config) {
  switch (config.getSchedule()) {
  case GPUSchedule::Generic:
    return std::nullopt;
  case GPUSchedule::RowReduction:
    if (!isRowReduction(op))
      return std::nullopt;
    return getRowTile(op);
  case GPUSchedule::GEMV: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return std::nullopt;
    if (isReductionInnermostInB(op, *c) && isRowReduction(op))
      return getRowTile(op);
    // One row (of the batch and m dims) and the config's columns a block.
    return getContractionTile(op, *c, 1, config.getTile()[0]);
  }
  case GPUSchedule::TiledMatmul: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return std::nullopt;
    return getContractionTile(op, *c, config.getTile()[0], config.getTile()[1]);
  }
  }
  llvm_unreachable("unknown GPU schedule");
}

/// Tiles `op` by `tile` into a forall over blocks, fusing the fills of its
/// outputs. Fails, changing nothing, when `op` is not on tensors or the
/// tile has no dim or more than the linear mapping ids.
static LogicalResult tileToBlocks(RewriterBase &rewriter, linalg::LinalgOp op,
                                  const BlockTile &tile) {
  if (!op.hasPureTensorSemantics() || tile.fastestFirst.empty() ||
      tile.fastestFirst.size() > kLinearMappingIds)
    return failure();
  MLIRContext *ctx = op.getContext();
  // The forall's dims are the tiled loops in order; each is mapped to its
  // place in `fastestFirst`.
  SmallVector<Attribute> mapping;
  for (unsigned dim = 0; dim < op.getNumLoops(); ++dim) {
    if (tile.sizes[dim] == 0)
      continue;
    unsigned rank =
        llvm::find(tile.fastestFirst, dim) - tile.fastestFirst.begin();
    mapping.push_back(gpu::GPUBlockMappingAttr::get(
        ctx, static_cast<gpu::MappingId>(
                 static_cast<unsigned>(gpu::MappingId::LinearDim0) + rank)));
  }
  scf::SCFTilingOptions options;
  options
      .setTileSizes(llvm::map_to_vector(tile.sizes,
                                        [&](int64_t size) -> OpFoldResult {
                                          return rewriter.getIndexAttr(size);
                                        }))
      .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setMapping(mapping);
  return tileAndFuseFills(rewriter, cast<TilingInterface>(op.getOperation()),
                          options);
}

namespace {
struct RelaxGPUTileToBlocksPass
    : mlir::relax::codegen::impl::RelaxGPUTileToBlocksPassBase<
          RelaxGPUTileToBlocksPass> {
  void runOnOperation() override {
    FunctionOpInterface function = getOperation();
    if (function.isExternal())
      return;
    SmallVector<std::pair<linalg::LinalgOp, BlockTile>> roots;
    function.walk([&](linalg::LinalgOp op) {
      GPULoweringConfigAttr config = getGPULoweringConfig(op);
      if (!config || op->getParentOfType<scf::ForallOp>())
        return;
      if (std::optional<BlockTile> tile = getBlockTile(op, config))
        roots.push_back({op, *tile});
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, tile] : roots)
      (void)tileToBlocks(rewriter, op, tile);
    // Folding drops what tiling left dead: the fills whose every use was
    // fused, and the dims read of them.
    if (!roots.empty() && failed(applyPatternsGreedily(
                              function, RewritePatternSet(&getContext()))))
      return signalPassFailure();
  }
};
} // namespace
