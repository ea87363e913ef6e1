//===- BlockTiles.cpp - The recorded GPU schedules applied ----------------===//
//
// Applies the GPU schedules recorded on a kernel's ops: each block forall
// (--relax-gpu-tile-to-blocks) becomes one launch whose blocks stride over
// its iterations, with the thread foralls of its tile mapped by upstream's
// thread mapping and its scheduled ops built with the block's threads; a
// scheduled op outside a block forall becomes a launch of its own.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "Relax/Codegen/GPU/GPUSchedules.h"
#include "Relax/Codegen/IR/CodegenDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/TransformOps/GPUTransformOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <numeric>

using namespace mlir;

namespace mlir::relax::codegen {
//===----------------------------------------------------------------------===//
// Block foralls
//===----------------------------------------------------------------------===//

/// The value of the fill of `op`'s output that `fill` is, when it fills
/// exactly the buffer `op` accumulates into (a fill fused into the tile).
static Value getFusedFillValue(linalg::LinalgOp fill, linalg::LinalgOp op) {
  auto fillOp = dyn_cast_or_null<linalg::FillOp>(fill.getOperation());
  if (!fillOp || !op || op.getNumDpsInits() != 1 ||
      fillOp.getDpsInits()[0] != op.getDpsInits()[0] ||
      llvm::is_contained(op.getDpsInputs(), fillOp.getDpsInits()[0]))
    return nullptr;
  return fillOp.value();
}

/// Applies a scheduled op in a block's tile, inlined in `launch`, its
/// accumulators starting from `init` (or from the output when null).
static LogicalResult applyScheduleInBlock(linalg::LinalgOp op,
                                          GPULoweringConfigAttr config,
                                          gpu::LaunchOp launch, Value init) {
  GPUSchedule schedule = config.getSchedule();
  auto fail = [&](StringRef why) {
    return op->emitOpError("cannot be mapped with the GPU schedule '")
           << stringifyGPUSchedule(schedule) << "': " << why;
  };
  Value tid = launch.getThreadIds().x;
  int64_t blockSize = config.getWorkgroup();
  OpBuilder b(op);
  Location loc = op.getLoc();
  std::optional<Contraction> c = matchContraction(op);
  bool asRows = schedule == GPUSchedule::RowReduction ||
                (schedule == GPUSchedule::GEMV && c &&
                 isReductionInnermostInB(op, *c) && isRowReduction(op));
  if (asRows) {
    if (!isRowReduction(op))
      return fail("it is not a reduction along its innermost loop with a "
                  "known combiner");
    applyRowReductionInBlock(op, tid, blockSize, init);
    return success();
  }
  if (!c)
    return fail("it is not a contraction");
  // The tile's extents: its own loops' (the dims of its views).
  ContractionTile t;
  t.tid = tid;
  t.blockDim = launch.getBlockSize().x;
  Value zero = constantIndex(b, loc, 0);
  t.batch = t.m0 = t.n0 = zero;
  t.sizes = getLoopSizes(b, loc, op);
  t.mSize = getProduct(b, loc, getSizes(t.sizes, c->m));
  t.nSize = t.sizes[c->n];
  t.kSize = t.sizes[c->k];
  t.init = init;
  auto addBuffer = [&](int64_t size, Type type) {
    return launch.addWorkgroupAttribution(
        getWorkgroupBufferType(size, getElementTypeOrSelf(type)), loc);
  };
  if (schedule == GPUSchedule::TiledMatmul) {
    ArrayRef<int64_t> tile = config.getTile();
    Value aTile =
        addBuffer(tile[2] * tile[0], op.getDpsInputs()[c->a].getType());
    Value bTile =
        addBuffer(tile[2] * tile[1], op.getDpsInputs()[c->b].getType());
    emitMatmulTile(b, loc, op, *c, config, t, aTile, bTile);
    return success();
  }
  if (schedule == GPUSchedule::GEMV) {
    Value partials = addBuffer(blockSize, op.getDpsInits()[0].getType());
    emitColumnGEMVTile(b, loc, op, *c, config, t, zero, partials);
    return success();
  }
  return fail("it does not apply inside a block's tile");
}

/// Applies the ops of a block's tile, inlined in `launch`: scheduled ops
/// with the block's threads, starting from the fill of their output when
/// it comes right before them (the fill is then dropped); the other ops as
/// loops on thread 0, with a barrier after them.
static LogicalResult applyInBlock(Block &body, gpu::LaunchOp launch) {
  SmallVector<linalg::LinalgOp> ops(body.getOps<linalg::LinalgOp>());
  Value tid = launch.getThreadIds().x;
  IRRewriter rewriter(launch.getContext());
  auto isScheduled = [](linalg::LinalgOp op) {
    GPULoweringConfigAttr config = op ? getGPULoweringConfig(op) : nullptr;
    return config && config.getSchedule() != GPUSchedule::Generic;
  };
  Value fillValue;
  for (auto [i, op] : llvm::enumerate(ops)) {
    linalg::LinalgOp next = i + 1 < ops.size() ? ops[i + 1] : nullptr;
    if (isScheduled(op)) {
      if (failed(applyScheduleInBlock(op, getGPULoweringConfig(op), launch,
                                      fillValue)))
        return failure();
      fillValue = nullptr;
      rewriter.eraseOp(op);
      continue;
    }
    if (isScheduled(next)) {
      if (Value value = getFusedFillValue(op, next)) {
        fillValue = value;
        rewriter.eraseOp(op);
        continue;
      }
    }
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        tid, constantIndex(rewriter, loc, 0));
    auto ifFirst =
        scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
    rewriter.moveOpBefore(op, ifFirst.thenBlock()->getTerminator());
    rewriter.setInsertionPoint(op);
    if (failed(linalg::linalgOpToLoops(rewriter, op)))
      return op->emitOpError("cannot be lowered to loops for the GPU");
    rewriter.eraseOp(op);
    // The ops after it may read what thread 0 wrote on any thread.
    if (next) {
      rewriter.setInsertionPointAfter(ifFirst);
      gpu::BarrierOp::create(rewriter, loc);
    }
  }
  return success();
}

/// Maps the thread foralls in `launch` (a block's tile, on buffers) to the
/// thread ids of its 1-D block of `blockSize` threads with upstream's
/// mapping, their ops lowered to loops that each thread runs, and makes the
/// workgroup buffers the tile allocates attributions of the launch.
static LogicalResult mapThreadForalls(gpu::LaunchOp launch, int64_t blockSize) {
  SmallVector<scf::ForallOp> foralls;
  launch.getBody().walk([&](scf::ForallOp forall) {
    if (isThreadForall(forall))
      foralls.push_back(forall);
  });
  if (foralls.empty())
    return success();
  IRRewriter rewriter(launch.getContext());
  for (scf::ForallOp forall : foralls) {
    SmallVector<Operation *> ops;
    forall.getBody()->walk([&](Operation *op) {
      if (isa<linalg::LinalgOp, memref::CopyOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        // A copy onto itself is nothing; another becomes a linalg.copy.
        bool inPlace = copy.getSource() == copy.getTarget();
        if (!inPlace)
          op = linalg::CopyOp::create(rewriter, copy.getLoc(), copy.getSource(),
                                      copy.getTarget());
        rewriter.eraseOp(copy);
        if (inPlace)
          continue;
      }
      auto linalgOp = cast<linalg::LinalgOp>(op);
      if (isThreadRowReduction(linalgOp)) {
        emitThreadRowReduction(rewriter, linalgOp);
      } else if (failed(linalg::linalgOpToLoops(rewriter, linalgOp))) {
        return op->emitOpError("cannot be lowered to loops for a thread");
      }
      rewriter.eraseOp(op);
    }
  }
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  // A barrier follows each forall: what its threads wrote (the partial
  // values in workgroup memory) is read by other threads after it.
  DiagnosedSilenceableFailure mapped =
      transform::gpu::mapNestedForallToThreadsImpl(
          rewriter, std::nullopt, launch, {blockSize, 1, 1},
          /*warpSize=*/32, /*syncAfterDistribute=*/true);
  if (!mapped.succeeded()) {
    (void)mapped.silence();
    return launch.emitOpError("cannot map the thread foralls of a block's "
                              "tile to a block of ")
           << blockSize << " threads";
  }
  SmallVector<memref::AllocOp> allocs;
  launch.getBody().walk([&](memref::AllocOp alloc) {
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs) {
    if (!alloc.getType().hasStaticShape())
      return alloc.emitOpError("is workgroup memory of a dynamic size");
    BlockArgument buffer =
        launch.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        rewriter.eraseOp(user);
    rewriter.replaceOp(alloc, buffer);
  }
  return success();
}

/// Makes block forall `forall` (on buffers) one launch of a 1-D grid of
/// blocks of the workgroup its ops' configs name: the grid has one block
/// per iteration up to the limit, the blocks take the iterations in the
/// order of the mapping ids (linear_dim_0 fastest) and stride over the grid
/// while iterations remain, and the body is applied with the block's
/// threads.
static LogicalResult mapBlockForall(scf::ForallOp forall) {
  if (!forall.getOutputs().empty())
    return forall.emitOpError("is not on buffers; a GPU kernel is mapped "
                              "after bufferization");
  std::optional<int64_t> blockSize;
  WalkResult found = forall.getBody()->walk([&](linalg::LinalgOp op) {
    if (GPULoweringConfigAttr config = getGPULoweringConfig(op)) {
      blockSize = config.getWorkgroup();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!found.wasInterrupted())
    return forall.emitOpError("maps to blocks but has no op with a GPU "
                              "lowering config naming the workgroup");
  // The dims slowest first: from the highest mapping id to linear_dim_0.
  ArrayAttr mapping = *forall.getMapping();
  SmallVector<unsigned> order(forall.getRank());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    return cast<DeviceMappingAttrInterface>(mapping[lhs]).getMappingId() >
           cast<DeviceMappingAttrInterface>(mapping[rhs]).getMappingId();
  });

  OpBuilder b(forall);
  Location loc = forall.getLoc();
  SmallVector<Value> lower =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedLowerBound());
  SmallVector<Value> upper =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedUpperBound());
  SmallVector<Value> steps =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedStep());
  SmallVector<Value> counts;
  for (unsigned dim : order) {
    Value extent = arith::SubIOp::create(b, loc, upper[dim], lower[dim]);
    counts.push_back(arith::CeilDivUIOp::create(b, loc, extent, steps[dim]));
  }
  Value total = getProduct(b, loc, counts);
  Value grid = getGridDim(b, loc, total);
  gpu::LaunchOp launch = createLaunch(b, loc, {grid}, *blockSize);
  grid = getGridDim(b, loc, total);
  Value linear =
      createGridStrideLoop(b, loc, launch.getBlockIds().x, grid, total);
  SmallVector<Value> indices = delinearize(b, loc, linear, counts);
  SmallVector<Value> ivs(forall.getRank());
  for (auto [index, dim] : llvm::zip(indices, order))
    ivs[dim] = arith::AddIOp::create(
        b, loc, lower[dim], arith::MulIOp::create(b, loc, index, steps[dim]));

  IRRewriter rewriter(forall.getContext());
  Block *body = forall.getBody();
  rewriter.eraseOp(body->getTerminator());
  Block *loopBody = b.getInsertionBlock();
  rewriter.inlineBlockBefore(body, loopBody->getTerminator(), ivs);
  rewriter.eraseOp(forall);
  if (failed(mapThreadForalls(launch, *blockSize)))
    return failure();
  return applyInBlock(*loopBody, launch);
}

//===----------------------------------------------------------------------===//
// Applying the recorded schedules
//===----------------------------------------------------------------------===//

static LogicalResult applySchedule(linalg::LinalgOp op,
                                   GPULoweringConfigAttr config) {
  GPUSchedule schedule = config.getSchedule();
  auto fail = [&](StringRef why) {
    return op->emitOpError("cannot be mapped with the GPU schedule '")
           << stringifyGPUSchedule(schedule) << "': " << why;
  };
  if (schedule != GPUSchedule::Generic && !op.hasPureBufferSemantics())
    return fail("it is not on buffers; a GPU kernel is scheduled after "
                "bufferization");
  switch (schedule) {
  case GPUSchedule::Generic:
    return success();
  case GPUSchedule::RowReduction:
    if (!isRowReduction(op))
      return fail("it is not a reduction along its innermost loop with a "
                  "known combiner");
    applyRowReduction(op, config.getWorkgroup());
    break;
  case GPUSchedule::TiledMatmul: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return fail("it is not a contraction");
    applyTiledMatmul(op, *c, config);
    break;
  }
  case GPUSchedule::GEMV: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return fail("it is not a contraction");
    if (isReductionInnermostInB(op, *c) && isRowReduction(op)) {
      applyRowReduction(op, config.getWorkgroup());
      break;
    }
    applyColumnGEMV(op, *c, config);
    break;
  }
  }
  op->erase();
  return success();
}

LogicalResult applyGPUSchedules(func::FuncOp kernel) {
  if (kernel.isExternal())
    return success();
  SmallVector<scf::ForallOp> foralls;
  kernel.walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
    if (isBlockForall(forall))
      foralls.push_back(forall);
    return WalkResult::skip();
  });
  for (scf::ForallOp forall : foralls)
    if (failed(mapBlockForall(forall)))
      return failure();
  SmallVector<std::pair<linalg::LinalgOp, GPULoweringConfigAttr>> scheduled;
  for (auto op : kernel.getBody().front().getOps<linalg::LinalgOp>())
    if (auto config = op->getAttrOfType<GPULoweringConfigAttr>(
            RelaxCodegenDialect::getLoweringConfigAttrName()))
      scheduled.push_back({op, config});
  for (auto [op, config] : scheduled)
    if (failed(applySchedule(op, config)))
      return failure();
  return success();
}

} // namespace mlir::relax::codegen
