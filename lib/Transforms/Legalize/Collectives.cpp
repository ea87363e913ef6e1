//===- Collectives.cpp - Legalize collectives to runtime calls -----------===//
//
// `relax.ccl.*` become calls of the runtime's collectives by name,
// `relax.ccl.<op>_<dtype>` (`allreduce_<kind>_<dtype>`): on the CPU,
// librelax_mpi_runtime implements them over MPI. Each call reads its
// operand and writes a new result, so explicit allocation and memory
// planning treat it like any library call.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/Legalize.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::relax;

/// The dtype suffix of a collective's function (the element type as MLIR
/// prints it), or "" for an element type the runtime does not move.
static std::string getDTypeSuffix(Type type) {
  auto tensor = dyn_cast<RelaxTensorType>(type);
  if (!tensor)
    return "";
  std::string name = llvm::formatv("{0}", tensor.getElementType()).str();
  return llvm::is_contained({"f16", "bf16", "f32", "f64", "i8", "i32", "i64"},
                            name)
             ? name
             : "";
}

namespace {
template <typename OpTy>
struct CollectiveToLibraryCall : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    std::string dtype = getDTypeSuffix(op.getX().getType());
    if (dtype.empty())
      return rewriter.notifyMatchFailure(
          op, "collectives move f16, bf16, f32, f64, i8, i32 and i64 "
              "tensors");
    std::string name = "relax.ccl.";
    if constexpr (std::is_same_v<OpTy, CCLAllReduceOp>)
      name += "allreduce_" + stringifyReductionKind(op.getKind()).str();
    else if constexpr (std::is_same_v<OpTy, CCLAllGatherOp>)
      name += "allgather";
    else
      name += "broadcast";
    name += "_" + dtype;
    rewriter.replaceOpWithNewOp<CallLibraryOp>(
        op, op->getResultTypes(), rewriter.getStringAttr(name),
        ValueRange{op.getX()});
    return success();
  }
};
} // namespace

void mlir::relax::populateRelaxCollectiveLegalizationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<CollectiveToLibraryCall<CCLAllReduceOp>,
               CollectiveToLibraryCall<CCLAllGatherOp>,
               CollectiveToLibraryCall<CCLBroadcastOp>>(patterns.getContext());
}
