//===- LowerWorkgroupOps.cpp - Block reductions and workgroup buffers for SPIR-V
//
// --relax-lower-gpu-workgroup-ops: gpu.all_reduce as a tree through a
// workgroup buffer with barriers (no subgroup operations), known block dims
// as constants, and workgroup attributions as allocations in the memory
// space the SPIR-V conversion maps to Workgroup.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "Relax/Codegen/GPU/GPUSchedules.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXLOWERGPUWORKGROUPOPSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;

namespace mlir::relax::codegen {
//===----------------------------------------------------------------------===//
// gpu.all_reduce as a tree in workgroup memory
//===----------------------------------------------------------------------===//

static Value combineAllReduce(OpBuilder &b, Location loc,
                              gpu::AllReduceOperation kind, Value lhs,
                              Value rhs) {
  using Kind = gpu::AllReduceOperation;
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case Kind::ADD:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MUL:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  case Kind::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case Kind::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case Kind::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case Kind::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case Kind::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case Kind::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown all-reduce operation");
}

namespace {
/// Rewrites a uniform `gpu.all_reduce` with an operation attribute, in a
/// kernel with a known 1-D block of N threads, through a workgroup buffer of
/// N elements that `lower` uses: the match and the buffer its two forms
/// share.
struct AllReduceThroughWorkgroupMemory : OpRewritePattern<gpu::AllReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The value of `op`, reduced by `kind` through `buffer`, built at `op`.
  virtual Value lower(PatternRewriter &rewriter, gpu::AllReduceOp op,
                      gpu::AllReduceOperation kind, Value buffer,
                      int64_t threads) const = 0;

  LogicalResult matchAndRewrite(gpu::AllReduceOp op,
                                PatternRewriter &rewriter) const final {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!func || !op.getOp() || !op.getUniform())
      return rewriter.notifyMatchFailure(op, "not a uniform reduction with an "
                                             "operation in a gpu.func");
    std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
    if (!block || (*block)[1] != 1 || (*block)[2] != 1)
      return rewriter.notifyMatchFailure(op, "no known 1-D block size");
    int64_t threads = (*block)[0];
    OpBuilder::InsertionGuard guard(rewriter);
    Value buffer;
    rewriter.modifyOpInPlace(func, [&] {
      buffer = func.addWorkgroupAttribution(
          getWorkgroupBufferType(threads, op.getType()), op.getLoc());
    });
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, lower(rewriter, op, *op.getOp(), buffer, threads));
    return success();
  }
};

/// Each thread stores its value at its id in the buffer; then, after a
/// barrier, the first half combines the second half into itself, halving
/// until one value is left (a non-power-of-two N first folds its excess onto
/// the front); every thread reads the result, and a last barrier frees the
/// buffer for the next reduction.
struct AllReduceToWorkgroupTree : AllReduceThroughWorkgroupMemory {
  using AllReduceThroughWorkgroupMemory::AllReduceThroughWorkgroupMemory;

  Value lower(PatternRewriter &rewriter, gpu::AllReduceOp op,
              gpu::AllReduceOperation kind, Value buffer,
              int64_t threads) const override {
    Location loc = op.getLoc();
    Value tid = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    memref::StoreOp::create(rewriter, loc, op.getValue(), buffer,
                            ValueRange{tid});
    gpu::BarrierOp::create(rewriter, loc);
    auto step = [&](int64_t half, int64_t count) {
      // Threads below `count` combine the value `half` above theirs.
      Value active =
          isLess(rewriter, loc, tid, constantIndex(rewriter, loc, count));
      auto ifActive =
          scf::IfOp::create(rewriter, loc, active, /*withElseRegion=*/false);
      {
        OpBuilder::InsertionGuard inner(rewriter);
        rewriter.setInsertionPointToStart(ifActive.thenBlock());
        Value other = arith::AddIOp::create(rewriter, loc, tid,
                                            constantIndex(rewriter, loc, half));
        Value mine =
            memref::LoadOp::create(rewriter, loc, buffer, ValueRange{tid});
        Value theirs =
            memref::LoadOp::create(rewriter, loc, buffer, ValueRange{other});
        memref::StoreOp::create(
            rewriter, loc, combineAllReduce(rewriter, loc, kind, mine, theirs),
            buffer, ValueRange{tid});
      }
      gpu::BarrierOp::create(rewriter, loc);
    };
    int64_t power = llvm::bit_floor(static_cast<uint64_t>(threads));
    if (power != threads)
      step(power, threads - power);
    for (int64_t half = power / 2; half >= 1; half /= 2)
      step(half, half);
    Value result = memref::LoadOp::create(
        rewriter, loc, buffer, ValueRange{constantIndex(rewriter, loc, 0)});
    gpu::BarrierOp::create(rewriter, loc);
    return result;
  }
};

/// Each subgroup reduces its values with `gpu.subgroup_reduce`, its first
/// lane stores the result at the subgroup's id in the buffer (room for
/// subgroups of any size), and after a barrier every thread combines the
/// subgroups' results in order; a last barrier frees the buffer for the
/// next reduction. Two barriers, where the tree takes one per halving.
struct AllReduceThroughSubgroups : AllReduceThroughWorkgroupMemory {
  using AllReduceThroughWorkgroupMemory::AllReduceThroughWorkgroupMemory;

  Value lower(PatternRewriter &rewriter, gpu::AllReduceOp op,
              gpu::AllReduceOperation kind, Value buffer,
              int64_t threads) const override {
    Location loc = op.getLoc();
    Value partial = gpu::SubgroupReduceOp::create(rewriter, loc, op.getValue(),
                                                  kind, /*uniform=*/false);
    Value lane = gpu::LaneIdOp::create(rewriter, loc, /*upperBound=*/nullptr);
    Value subgroup =
        gpu::SubgroupIdOp::create(rewriter, loc, /*upperBound=*/nullptr);
    Value subgroups =
        gpu::NumSubgroupsOp::create(rewriter, loc, /*upperBound=*/nullptr);
    Value zero = constantIndex(rewriter, loc, 0);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        lane, zero);
    auto ifFirst =
        scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard inner(rewriter);
      rewriter.setInsertionPointToStart(ifFirst.thenBlock());
      memref::StoreOp::create(rewriter, loc, partial, buffer,
                              ValueRange{subgroup});
    }
    gpu::BarrierOp::create(rewriter, loc);
    Value start =
        memref::LoadOp::create(rewriter, loc, buffer, ValueRange{zero});
    Value one = constantIndex(rewriter, loc, 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, one, subgroups, one, ValueRange{start},
        [&](OpBuilder &b, Location l, Value i, ValueRange acc) {
          Value value = memref::LoadOp::create(b, l, buffer, ValueRange{i});
          scf::YieldOp::create(
              b, l, combineAllReduce(b, l, kind, acc.front(), value));
        });
    gpu::BarrierOp::create(rewriter, loc);
    return loop.getResult(0);
  }
};
} // namespace

void populateGPUAllReduceThroughSubgroupsPatterns(RewritePatternSet &patterns) {
  patterns.add<AllReduceThroughSubgroups>(patterns.getContext());
}

void populateGPUAllReduceToWorkgroupTreePatterns(RewritePatternSet &patterns) {
  patterns.add<AllReduceToWorkgroupTree>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

namespace {
struct RelaxLowerGPUWorkgroupOpsPass
    : impl::RelaxLowerGPUWorkgroupOpsPassBase<RelaxLowerGPUWorkgroupOpsPass> {
  using Base::Base;
  void runOnOperation() override {
    // Block dims of kernels with a known block size are constants (ROCm
    // would read them through its device libraries).
    getOperation().walk([](gpu::BlockDimOp dim) {
      auto func = dim->getParentOfType<gpu::GPUFuncOp>();
      std::optional<ArrayRef<int32_t>> block =
          func ? func.getKnownBlockSize() : std::nullopt;
      if (!block)
        return;
      OpBuilder b(dim);
      dim.replaceAllUsesWith(
          constantIndex(b, dim.getLoc(),
                        (*block)[static_cast<unsigned>(dim.getDimension())]));
      dim->erase();
    });
    RewritePatternSet patterns(&getContext());
    if (subgroupReduce)
      populateGPUAllReduceThroughSubgroupsPatterns(patterns);
    else
      populateGPUAllReduceToWorkgroupTreePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    bool leftOver = false;
    getOperation().walk([&](gpu::AllReduceOp op) {
      op.emitOpError("cannot be lowered to a workgroup tree (it needs an "
                     "operation, uniformity and a known 1-D block size)");
      leftOver = true;
    });
    if (leftOver)
      return signalPassFailure();
    if (!attributionsToAllocs)
      return;
    // Workgroup attributions become workgroup allocations at the entry.
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      unsigned count = func.getNumWorkgroupAttributions();
      if (count == 0)
        continue;
      Block &entry = func.getBody().front();
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      unsigned first = func.getFirstWorkgroupAttributionIndex();
      for (unsigned i = 0; i < count; ++i) {
        BlockArgument arg = entry.getArgument(first + i);
        Value alloc = memref::AllocOp::create(b, func.getLoc(),
                                              cast<MemRefType>(arg.getType()));
        arg.replaceAllUsesWith(alloc);
      }
      entry.eraseArguments(first, count);
      func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                    b.getI64IntegerAttr(0));
    }
    // The SPIR-V conversion maps numeric memory spaces to storage classes:
    // workgroup allocations get 3, its number for Workgroup.
    getOperation().walk([](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      auto space =
          dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
      if (!space || space.getValue() != gpu::AddressSpace::Workgroup)
        return;
      alloc.getResult().setType(MemRefType::get(
          type.getShape(), type.getElementType(), type.getLayout(),
          IntegerAttr::get(IntegerType::get(alloc.getContext(), 64), 3)));
    });
  }
};
} // namespace

} // namespace mlir::relax::codegen
