//===- SelectLoweringConfig.cpp - The GPU chooser -------------------------===//
//
// Records a `#relax_codegen.gpu_config` on every linalg op of a GPU kernel,
// from the kind of the op and its static shapes.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXGPUSELECTLOWERINGCONFIGPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax::codegen;

/// Reductions shorter than this (statically) stay one thread per output.
static constexpr int64_t kMinRowLength = 32;
/// Contractions with at most this many output rows (statically) are GEMVs.
static constexpr int64_t kMaxGEMVRows = 4;
/// The tiled matmul: the output tile and the reduction chunk, and the
/// threads along a tile row.
static constexpr int64_t kTileM = 64, kTileN = 64, kTileK = 16;
static constexpr int64_t kThreadsN = 16;
/// The GEMV on [K, N] weights: the columns of a block.
static constexpr int64_t kGEMVColumns = 32;

/// The schedule of `op` from its kind and its static shapes.
static GPUSchedule chooseSchedule(linalg::LinalgOp op) {
  // An op in a loop of the kernel function (a cumulative sum, column by
  // column) is launched in each iteration by the generic schedule.
  if (!isa_and_nonnull<FunctionOpInterface>(op->getParentOp()))
    return GPUSchedule::Generic;
  if (std::optional<Contraction> c = matchContraction(op)) {
    std::optional<int64_t> rows = getStaticExtent(op, c->m);
    if (rows && *rows <= kMaxGEMVRows)
      return GPUSchedule::GEMV;
    return GPUSchedule::TiledMatmul;
  }
  if (isRowReduction(op)) {
    std::optional<int64_t> length =
        getStaticExtent(op, {static_cast<unsigned>(op.getNumLoops() - 1)});
    if (!length || *length >= kMinRowLength)
      return GPUSchedule::RowReduction;
  }
  return GPUSchedule::Generic;
}

/// The config of `schedule` for blocks of `workgroup` threads, or the
/// generic schedule's when its tiles do not fit them.
static GPULoweringConfigAttr getConfig(MLIRContext *ctx, GPUSchedule schedule,
                                       int64_t workgroup) {
  auto generic = [&] {
    return GPULoweringConfigAttr::get(ctx, GPUSchedule::Generic, workgroup, {},
                                      {});
  };
  auto verified = [&](ArrayRef<int64_t> tile, ArrayRef<int64_t> threads) {
    if (!GPULoweringConfigAttr::isValid(schedule, workgroup, tile, threads))
      return generic();
    return GPULoweringConfigAttr::get(ctx, schedule, workgroup, tile, threads);
  };
  switch (schedule) {
  case GPUSchedule::Generic:
  case GPUSchedule::RowReduction:
    return GPULoweringConfigAttr::get(ctx, schedule, workgroup, {}, {});
  case GPUSchedule::GEMV:
    return verified({kGEMVColumns}, {});
  case GPUSchedule::TiledMatmul:
    if (workgroup % kThreadsN != 0)
      return generic();
    return verified({kTileM, kTileN, kTileK},
                    {workgroup / kThreadsN, kThreadsN});
  }
  llvm_unreachable("unknown GPU schedule");
}

namespace {
struct RelaxGPUSelectLoweringConfigPass
    : mlir::relax::codegen::impl::RelaxGPUSelectLoweringConfigPassBase<
          RelaxGPUSelectLoweringConfigPass> {
  using Base::Base;
  std::optional<GPUSchedule> forced;
  /// The options are checked once, before any function.
  LogicalResult initialize(MLIRContext *ctx) override {
    if (!force.empty()) {
      forced = symbolizeGPUSchedule(force);
      if (!forced)
        return emitError(UnknownLoc::get(ctx))
               << "unknown GPU schedule '" << force << "'";
    }
    if (workgroupSize < 1 ||
        workgroupSize > GPULoweringConfigAttr::kMaxWorkgroupSize)
      return emitError(UnknownLoc::get(ctx))
             << "workgroup-size must be in [1, "
             << GPULoweringConfigAttr::kMaxWorkgroupSize << "], not "
             << static_cast<int64_t>(workgroupSize);
    return success();
  }

  void runOnOperation() override {
    FunctionOpInterface function = getOperation();
    if (function.isExternal())
      return;
    MLIRContext *ctx = &getContext();
    StringRef name = RelaxCodegenDialect::getLoweringConfigAttrName();
    function.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(name))
        return;
      GPUSchedule schedule = forced ? *forced : chooseSchedule(op);
      op->setAttr(name, getConfig(ctx, schedule, workgroupSize));
    });
  }
};
} // namespace
