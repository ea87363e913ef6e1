//===- TileUtils.cpp - Helpers of the CPU tiling passes -------------------===//

#include "TileUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

FailureOr<linalg::LinalgOp>
codegen::tileDims(RewriterBase &rewriter, linalg::LinalgOp op,
                  ArrayRef<int64_t> tiles, ArrayRef<int64_t> order,
                  function_ref<bool(unsigned)> selected,
                  scf::SCFTilingOptions::LoopType loopType,
                  SmallVectorImpl<LoopLikeOpInterface> *loops) {
  SmallVector<OpFoldResult> sizes;
  bool any = false;
  for (auto [dim, tile] : llvm::enumerate(tiles)) {
    bool tiled = selected(dim);
    any |= tiled;
    sizes.push_back(rewriter.getIndexAttr(tiled ? tile : 0));
  }
  if (!any)
    return op;
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes).setLoopType(loopType).setInterchange(order);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  if (loops)
    llvm::append_range(*loops, result->loops);
  return cast<linalg::LinalgOp>(result->tiledOps.back());
}

linalg::GenericOp codegen::getEpilogue(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
    return {};
  auto epilogue =
      dyn_cast<linalg::GenericOp>(*op->getResult(0).getUsers().begin());
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!epilogue || !type || epilogue->getBlock() != op->getBlock() ||
      !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumReductionLoops() != 0 || epilogue.getNumDpsInits() != 1 ||
      epilogue.getNumLoops() != static_cast<unsigned>(type.getRank()))
    return {};
  for (OpOperand &operand : epilogue->getOpOperands())
    if ((operand.get() == op->getResult(0) || epilogue.isDpsInit(&operand)) &&
        !epilogue.getMatchingIndexingMap(&operand).isIdentity())
      return {};
  // The output map of `op` names the loop of `op` each epilogue loop is.
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!outMap.isProjectedPermutation())
    return {};
  return epilogue;
}
