//===- TileAndFuseFills.cpp - Tiling into foralls with fused fills --------===//

#include "TileAndFuseFills.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

LogicalResult
relax::codegen::tileAndFuseFills(RewriterBase &rewriter, TilingInterface op,
                                 const scf::SCFTilingOptions &options) {
  scf::SCFTileAndFuseOptions fuseOptions;
  fuseOptions.setTilingOptions(options);
  fuseOptions.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult producer,
         bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!isa<linalg::FillOp>(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, op, fuseOptions);
  if (failed(result))
    return failure();
  for (OpResult value : op->getResults())
    rewriter.replaceAllUsesWith(value, result->replacements.lookup(value));
  rewriter.eraseOp(op);
  return success();
}
