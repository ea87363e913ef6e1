//===- MapKernelsToGPU.cpp - Kernel loops onto GPU blocks and threads -----===//
//
// The generic GPU schedule of a kernel function: every linalg op becomes an
// scf.parallel over its parallel dims (reductions sequential inside),
// collapsed into one dim whose iterations go to consecutive threads of a
// one-dimensional grid, striding over the grid while iterations remain, and
// converted to gpu.launch by the upstream patterns.
// The buffers each launch uses are then passed as rank-1 buffers with their
// offset, sizes and strides, because SPIR-V kernels can index a buffer only
// as a flat array.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/GPU/DeviceMemory.h"
#include "Relax/Codegen/GPU/GPUSchedules.h"
#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Conversion/SCFToGPU/SCFToGPU.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXMAPKERNELSTOGPUPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

/// Whether `op` computes its elements with arith and math ops on integers and
/// floats only (no index, no access to memory): those ops take vectors.
static bool isVectorizableBody(linalg::LinalgOp op) {
  auto isElement = [](Type type) { return isa<FloatType, IntegerType>(type); };
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (!isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) ||
        inner.getNumRegions() != 0 ||
        !llvm::all_of(inner.getOperandTypes(), isElement) ||
        !llvm::all_of(inner.getResultTypes(), isElement))
      return false;
  }
  return true;
}

/// Rewrites elementwise op `op` into an `scf.parallel` whose innermost dim
/// steps by `width`, each iteration loading, computing and storing vectors of
/// `width` elements (a thread of the generic schedule then moves 16 bytes of
/// f32 per load). It applies where every buffer has an identity layout (its
/// innermost dim contiguous from a start the GPU pipeline aligns to 256
/// bytes), the innermost loop is static and a multiple of `width`, and each
/// input either reads the innermost dim as its own innermost dim (a vector
/// load) or does not read it (a scalar load, broadcast). Fails, changing
/// nothing, otherwise.
static LogicalResult vectorizeElementwise(RewriterBase &rewriter,
                                          linalg::LinalgOp op, int64_t width) {
  unsigned numLoops = op.getNumLoops();
  if (width < 2 || numLoops == 0 || op.getNumReductionLoops() != 0 ||
      !isVectorizableBody(op))
    return failure();
  unsigned last = numLoops - 1;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges[last]) || ranges[last] % width != 0)
    return failure();
  AffineExpr innermost = rewriter.getAffineDimExpr(last);
  for (OpOperand &operand : op->getOpOperands()) {
    bool isInit = op.isDpsInit(&operand);
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (isInit)
        return failure();
      continue; // A scalar input, broadcast.
    }
    unsigned bits = type.getElementTypeBitWidth();
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!type.getLayout().isIdentity() || bits % 8 != 0 ||
        !map.isProjectedPermutation() || (isInit && !map.isIdentity()) ||
        (map.isFunctionOfDim(last) && map.getResults().back() != innermost))
      return failure();
  }

  Location loc = op.getLoc();
  SmallVector<Range> loopRanges = op.createLoopRanges(rewriter, loc);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lower(numLoops, zero), upper, steps(numLoops, one);
  for (const Range &range : loopRanges)
    upper.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
  steps[last] = arith::ConstantIndexOp::create(rewriter, loc, width);
  auto vectorOf = [&](Type element) {
    return VectorType::get({width}, element);
  };
  auto alignmentOf = [&](Value buffer) {
    return llvm::MaybeAlign(
        width * cast<MemRefType>(buffer.getType()).getElementTypeBitWidth() /
        8);
  };
  auto indicesOf = [](AffineMap map, ValueRange ivs) {
    return llvm::map_to_vector(map.getResults(), [&](AffineExpr expr) {
      return ivs[cast<AffineDimExpr>(expr).getPosition()];
    });
  };
  Block *body = op.getBlock();
  scf::ParallelOp::create(
      rewriter, loc, lower, upper, steps,
      [&](OpBuilder &b, Location nloc, ValueRange ivs) {
        IRMapping mapping;
        auto broadcast = [&](Value scalar) -> Value {
          return vector::BroadcastOp::create(
              b, nloc, vectorOf(scalar.getType()), scalar);
        };
        for (OpOperand &operand : op->getOpOperands()) {
          BlockArgument arg = op.getMatchingBlockArgument(&operand);
          if (arg.use_empty())
            continue;
          Value source = operand.get();
          if (!isa<MemRefType>(source.getType())) {
            mapping.map(arg, broadcast(source));
            continue;
          }
          AffineMap map = op.getMatchingIndexingMap(&operand);
          SmallVector<Value> indices = indicesOf(map, ivs);
          if (map.isFunctionOfDim(last))
            mapping.map(arg,
                        vector::LoadOp::create(
                            b, nloc, vectorOf(arg.getType()), source, indices,
                            /*nontemporal=*/false, alignmentOf(source)));
          else
            mapping.map(arg, broadcast(memref::LoadOp::create(b, nloc, source,
                                                              indices)));
        }
        auto lookup = [&](Value value) -> Value {
          if (Value mapped = mapping.lookupOrNull(value))
            return mapped;
          Value vector = broadcast(value);
          mapping.map(value, vector);
          return vector;
        };
        for (Operation &inner : body->without_terminator()) {
          if (isa<arith::ConstantOp>(inner)) {
            mapping.map(inner.getResult(0),
                        broadcast(b.clone(inner)->getResult(0)));
            continue;
          }
          for (Value operand : inner.getOperands())
            (void)lookup(operand);
          Operation *vectorOp = b.clone(inner, mapping);
          for (OpResult result : vectorOp->getResults())
            result.setType(vectorOf(result.getType()));
        }
        for (auto [value, init] : llvm::zip(
                 body->getTerminator()->getOperands(), op.getDpsInitsMutable()))
          vector::StoreOp::create(b, nloc, lookup(value), init.get(), ivs,
                                  /*nontemporal=*/false,
                                  alignmentOf(init.get()));
        scf::ReduceOp::create(b, nloc);
      });
  return success();
}

/// Rewrites every linalg op of `kernel` (copies first made linalg.copy) into
/// parallel loops with sequential reductions; elementwise ops whose buffers
/// allow it compute vectors of `vectorWidth` elements per iteration.
static LogicalResult convertToLoops(func::FuncOp kernel, int64_t vectorWidth) {
  // A view of a view of a buffer that is the buffer again (the expanded
  // result of a keepdims reduction written into a collapsed view of its
  // destination) is the buffer, and a copy onto itself is nothing: launches
  // only take buffers, not views of them.
  {
    MLIRContext *ctx = kernel.getContext();
    RewritePatternSet patterns(ctx);
    memref::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    memref::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    memref::CopyOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
      return failure();
  }
  IRRewriter rewriter(kernel.getContext());
  SmallVector<memref::CopyOp> copies;
  kernel.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
  }
  SmallVector<linalg::LinalgOp> ops;
  kernel.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  for (linalg::LinalgOp op : ops) {
    if (!op.hasPureBufferSemantics())
      return op->emitOpError("is not on buffers; a GPU kernel is scheduled "
                             "after bufferization");
    rewriter.setInsertionPoint(op);
    if (succeeded(vectorizeElementwise(rewriter, op, vectorWidth))) {
      rewriter.eraseOp(op);
      continue;
    }
    if (failed(linalg::linalgOpToParallelLoops(rewriter, op)))
      return op->emitOpError("cannot be lowered to loops for the GPU");
    rewriter.eraseOp(op);
  }
  // Loads and stores index the buffers that views are taken of.
  RewritePatternSet patterns(kernel.getContext());
  memref::populateFoldMemRefAliasOpPatterns(patterns);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns,
                                                     kernel.getContext());
  if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
    return failure();
  // What the folding reads of a buffer's layout inside a loop (the sizes of
  // a collapsed view, through memref.extract_strided_metadata) is computed
  // once before it: a launch takes sizes, not buffer metadata.
  // Vectors stay in the loops that use them: hoisted to the top of the
  // kernel function they would be host values, passed to launches as vector
  // arguments.
  kernel.walk([](LoopLikeOpInterface loop) {
    moveLoopInvariantCode(
        loop.getLoopRegions(),
        [&](Value value, Region *) {
          return loop.isDefinedOutsideOfLoop(value);
        },
        [](Operation *op, Region *) {
          return isMemoryEffectFree(op) && isSpeculatable(op) &&
                 !llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>);
        },
        [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
  });
  return success();
}

static gpu::ParallelLoopDimMappingAttr getMapping(MLIRContext *ctx,
                                                  gpu::Processor processor) {
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  return gpu::ParallelLoopDimMappingAttr::get(ctx, processor, identity,
                                              identity);
}

/// Makes every parallel loop nested in `root` (not `root` itself) a nest of
/// sequential loops: each thread runs them (a reduction's inner loops).
static LogicalResult serializeNestedLoops(scf::ParallelOp root) {
  SmallVector<scf::ParallelOp> nested;
  root.getBody()->walk([&](scf::ParallelOp loop) { nested.push_back(loop); });
  IRRewriter rewriter(root.getContext());
  // Innermost first, so that each rewrite leaves the outer ones intact.
  for (scf::ParallelOp loop : llvm::reverse(nested)) {
    rewriter.setInsertionPoint(loop);
    if (failed(scf::parallelForToNestedFors(rewriter, loop)))
      return loop.emitOpError("cannot be made sequential in a GPU thread");
  }
  return success();
}

/// The most blocks a launch of the generic schedule has: 65535 is the limit
/// of grid y and z on CUDA and ROCm and the least any Vulkan device allows in
/// each dim. Larger iteration spaces are covered by grid-stride loops.
static constexpr int64_t kMaxBlocks = 65535;

/// Maps a top-level parallel loop of a kernel onto a one-dimensional grid:
/// its dims are collapsed into one (so that a small innermost dim leaves no
/// thread idle), the blocks' threads take consecutive iterations, and each
/// thread strides over the grid while iterations remain:
///
///   scf.parallel (%g) = (0) to (min(ceildiv(n, B), kMaxBlocks))  // blocks
///     scf.parallel (%t) = (0) to (B)                              // threads
///       scf.for %i = %g * B + %t to n step blocks * B
///         <body at %i>
static LogicalResult tileAndMap(scf::ParallelOp loop, int64_t blockSize) {
  MLIRContext *ctx = loop.getContext();
  if (failed(serializeNestedLoops(loop)))
    return failure();
  IRRewriter rewriter(ctx);
  Location loc = loop.getLoc();
  if (loop.getNumLoops() > 1) {
    // The collapsed loop replaces `loop` where it was.
    Operation *before = loop->getPrevNode();
    Block *block = loop->getBlock();
    rewriter.setInsertionPoint(loop);
    std::vector<unsigned> all(loop.getNumLoops());
    std::iota(all.begin(), all.end(), 0);
    collapseParallelLoops(rewriter, loop, {all});
    Operation *next = before ? before->getNextNode() : &block->front();
    while (next && !isa<scf::ParallelOp>(next))
      next = next->getNextNode();
    if (!next)
      return emitError(loc, "collapsing a parallel loop lost it");
    loop = cast<scf::ParallelOp>(next);
  }

  // Bounds of the one dim, normalized to start at 0 with step 1.
  rewriter.setInsertionPoint(loop);
  Value lower = loop.getLowerBound()[0], upper = loop.getUpperBound()[0],
        step = loop.getStep()[0];
  AffineExpr l, u, st;
  bindSymbols(ctx, l, u, st);
  Value count = affine::makeComposedAffineApply(
                    rewriter, loc, (u - l).ceilDiv(st), {lower, upper, step})
                    .getResult();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  Value tiles = arith::CeilDivUIOp::create(rewriter, loc, count, threads);
  Value blocks = arith::MinUIOp::create(
      rewriter, loc, tiles,
      arith::ConstantIndexOp::create(rewriter, loc, kMaxBlocks));
  Value stride = arith::MulIOp::create(rewriter, loc, blocks, threads);

  auto grid = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                      ValueRange{blocks}, ValueRange{one});
  rewriter.setInsertionPointToStart(grid.getBody());
  auto block = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                       ValueRange{threads}, ValueRange{one});
  rewriter.setInsertionPointToStart(block.getBody());
  Value first = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, grid.getInductionVars()[0], threads),
      block.getInductionVars()[0]);
  auto strided = scf::ForOp::create(rewriter, loc, first, count, stride);

  // The body, at the original induction value lower + i * step.
  rewriter.setInsertionPointToStart(strided.getBody());
  Value iv =
      affine::makeComposedAffineApply(rewriter, loc, l + u * st,
                                      {lower, strided.getInductionVar(), step})
          .getResult();
  Block *body = loop.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, strided.getBody()->getTerminator(),
                             ValueRange{iv});
  rewriter.eraseOp(loop);

  if (failed(gpu::setMappingAttr(grid,
                                 {getMapping(ctx, gpu::Processor::BlockX)})) ||
      failed(gpu::setMappingAttr(block,
                                 {getMapping(ctx, gpu::Processor::ThreadX)})))
    return failure();
  return success();
}

/// Whether `op` is a sequential loop of the kernel function whose body has
/// parallel loops: it stays on the host and launches them in each iteration
/// (a cumulative sum, column by column).
static bool isHostLoop(Operation *op) {
  auto loop = dyn_cast<scf::ForOp>(op);
  return loop && !loop.getBody()->getOps<scf::ParallelOp>().empty();
}

/// Whether `op` stays on the host: allocation, views, dims and pure index
/// computations, which a launch captures as values.
static bool staysOnHost(Operation *op) {
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp, func::ReturnOp,
          scf::ParallelOp>(op))
    return true;
  return isMemoryEffectFree(op);
}

/// The buffer `value` is a view of, through view-like ops.
static Value getRootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether `op` or an op nested in it may write the buffer `root` (or a view
/// of it); ops whose effects are unknown may.
static bool mayWrite(Operation *op, Value root) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects)
        if (isa<MemoryEffects::Write>(effect.getEffect()) &&
            (!effect.getValue() || getRootBuffer(effect.getValue()) == root))
          return WalkResult::interrupt();
      return WalkResult::advance();
    }
    // A launch and a reduction across threads write through the ops in
    // their bodies only; terminators write nothing.
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        nested->hasTrait<OpTrait::IsTerminator>() ||
        isa<gpu::LaunchOp, gpu::AllReduceOp>(nested))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// Moves each top-level load next to each of its uses, when every use is
/// nested in an op of the block and nothing from the load to its last use
/// writes the buffer it reads (a scalar operand such as the value of a fill,
/// or a reduction's result that a fill then broadcasts): a launch cannot use
/// a value that the host would have to read from device memory. A use in a
/// parallel loop, in serial code (a reduction to a scalar, which runs on one
/// thread) or in the launch of a schedule reads it on the device; a use in
/// the body of a loop that stays on the host would read it there.
static void sinkLoadsIntoLoops(Block &body) {
  auto readsOnDevice = [&](Operation *user) {
    if (user->getParentOfType<scf::ParallelOp>() ||
        user->getParentOfType<gpu::LaunchOp>())
      return true;
    // A use at the top level keeps the load where it is.
    Operation *top = body.findAncestorOpInBlock(*user);
    return top && top != user && !isHostLoop(top);
  };
  for (auto load : llvm::make_early_inc_range(body.getOps<memref::LoadOp>())) {
    if (!llvm::all_of(load->getUsers(), readsOnDevice))
      continue;
    Operation *last = load;
    for (Operation *user : load->getUsers()) {
      Operation *top = body.findAncestorOpInBlock(*user);
      if (top && last->isBeforeInBlock(top))
        last = top;
    }
    Value root = getRootBuffer(load.getMemref());
    bool written = false;
    for (Operation *op = load->getNextNode(); op && !written;
         op = op == last ? nullptr : op->getNextNode())
      written = mayWrite(op, root);
    if (written)
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(load->getUses())) {
      OpBuilder b(use.getOwner());
      use.set(b.clone(*load)->getResult(0));
    }
    load->erase();
  }
}

/// Wraps each run of top-level ops that access memory outside parallel loops
/// (a reduction to a scalar) in a one-iteration loop that runs on one thread,
/// with the ops that use what they compute; pure ops they do not depend on
/// (sizes, constants) stay on the host.
static LogicalResult wrapSerialCode(Block &body) {
  SmallVector<SmallVector<Operation *>> runs;
  SmallVector<Operation *> run;
  llvm::SmallPtrSet<Operation *, 16> moved;
  auto flush = [&] {
    if (!run.empty())
      runs.push_back(run);
    run.clear();
  };
  for (Operation &op : body) {
    if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
            func::ReturnOp, scf::ParallelOp, scf::YieldOp, gpu::LaunchOp>(op) ||
        isHostLoop(&op)) {
      flush();
      continue;
    }
    bool usesMoved = llvm::any_of(op.getOperands(), [&](Value operand) {
      Operation *def = operand.getDefiningOp();
      return def && moved.contains(def);
    });
    if (!usesMoved && staysOnHost(&op))
      continue;
    moved.insert(&op);
    run.push_back(&op);
  }
  flush();
  MLIRContext *ctx = body.getParentOp()->getContext();
  for (ArrayRef<Operation *> ops : runs) {
    for (Operation *op : ops)
      for (Operation *user : op->getUsers())
        if (!moved.contains(user) && !llvm::any_of(ops, [&](Operation *o) {
              return o->isProperAncestor(user);
            }))
          return op->emitOpError("computes a value on the device that the "
                                 "host uses");
    // After the last op of the run, so that what stays on the host and the
    // run uses is computed before.
    OpBuilder builder(ops.back());
    builder.setInsertionPointAfter(ops.back());
    Location loc = ops.front()->getLoc();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    auto loop = scf::ParallelOp::create(builder, loc, ValueRange{zero},
                                        ValueRange{one}, ValueRange{one});
    Operation *terminator = loop.getBody()->getTerminator();
    for (Operation *op : ops)
      op->moveBefore(terminator);
    if (failed(serializeNestedLoops(loop)) ||
        failed(gpu::setMappingAttr(loop,
                                   {getMapping(ctx, gpu::Processor::BlockX)})))
      return failure();
  }
  return success();
}

namespace {
/// The flat form of a buffer a launch uses: the rank-1 buffer from its base
/// pointer, its offset, sizes and strides.
struct FlatBuffer {
  Value flat;
  Value offset;
  SmallVector<Value> sizes, strides;
};
} // namespace

static FlatBuffer flattenBuffer(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  FlatBuffer result;
  result.offset = metadata.getOffset();
  llvm::append_range(result.sizes, metadata.getSizes());
  llvm::append_range(result.strides, metadata.getStrides());
  // The extent: the offset plus one past the last element, or just the
  // offset when the buffer has no elements.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = zero;
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (auto [size, stride] : llvm::zip(result.sizes, result.strides)) {
    Value isZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero);
    empty = arith::OrIOp::create(b, loc, empty, isZero);
    Value span = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, one), stride);
    last = arith::AddIOp::create(b, loc, last, span);
  }
  Value extent = arith::AddIOp::create(
      b, loc, result.offset,
      arith::SelectOp::create(b, loc, empty, zero,
                              arith::AddIOp::create(b, loc, last, one)));
  auto flatType =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  result.flat = memref::ReinterpretCastOp::create(
      b, loc, flatType, metadata.getBaseBuffer(),
      /*offset=*/b.getIndexAttr(0), /*sizes=*/ArrayRef<OpFoldResult>{extent},
      /*strides=*/ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return result;
}

/// The position of `indices` in the flat buffer.
static Value linearize(OpBuilder &b, Location loc, const FlatBuffer &buffer,
                       ValueRange indices) {
  Value position = buffer.offset;
  for (auto [index, stride] : llvm::zip(indices, buffer.strides))
    position = arith::AddIOp::create(
        b, loc, position, arith::MulIOp::create(b, loc, index, stride));
  return position;
}

/// Rewrites loads and stores through a selected buffer (a hand-written
/// program that picks one of several tensors per element) into a branch with
/// one access per buffer: SPIR-V kernels cannot select between storage
/// buffers.
static void splitSelectedAccesses(gpu::LaunchOp launch) {
  SmallVector<Operation *> accesses;
  launch.getBody().walk([&](Operation *op) {
    Value buffer;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      buffer = load.getMemref();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      buffer = store.getMemref();
    if (buffer && buffer.getDefiningOp<arith::SelectOp>())
      accesses.push_back(op);
  });
  while (!accesses.empty()) {
    Operation *op = accesses.pop_back_val();
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto load = dyn_cast<memref::LoadOp>(op);
    Value buffer =
        load ? load.getMemref() : cast<memref::StoreOp>(op).getMemref();
    auto select = buffer.getDefiningOp<arith::SelectOp>();
    auto ifOp = scf::IfOp::create(b, loc, op->getResultTypes(),
                                  select.getCondition(), /*withElse=*/true);
    for (auto [block, source] :
         {std::make_pair(ifOp.thenBlock(), select.getTrueValue()),
          std::make_pair(ifOp.elseBlock(), select.getFalseValue())}) {
      OpBuilder inner = OpBuilder::atBlockBegin(block);
      if (load) {
        Value value =
            memref::LoadOp::create(inner, loc, source, load.getIndices());
        if (block->mightHaveTerminator())
          block->getTerminator()->erase();
        scf::YieldOp::create(inner, loc, value);
      } else {
        auto store = cast<memref::StoreOp>(op);
        memref::StoreOp::create(inner, loc, store.getValueToStore(), source,
                                store.getIndices());
      }
      // A source that is itself selected is split in turn.
      if (source.getDefiningOp<arith::SelectOp>())
        accesses.push_back(&block->front());
    }
    op->replaceAllUsesWith(ifOp.getResults());
    op->erase();
    if (select->use_empty())
      select->erase();
  }
}

/// Makes every buffer `launch` uses a rank-1 buffer from its base pointer.
static LogicalResult flattenLaunchBuffers(gpu::LaunchOp launch) {
  splitSelectedAccesses(launch);
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(launch.getBody(), captured);
  for (Value buffer : captured) {
    if (!isa<MemRefType>(buffer.getType()))
      continue;
    OpBuilder host(launch);
    FlatBuffer flat = flattenBuffer(host, launch.getLoc(), buffer);
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : buffer.getUses())
      if (launch->isProperAncestor(use.getOwner()))
        uses.push_back(&use);
    for (OpOperand *use : uses) {
      Operation *user = use->getOwner();
      OpBuilder b(user);
      Location loc = user->getLoc();
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        Value position = linearize(b, loc, flat, load.getIndices());
        load->replaceAllUsesWith(
            memref::LoadOp::create(b, loc, flat.flat, ValueRange{position}));
        load->erase();
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        Value position = linearize(b, loc, flat, store.getIndices());
        memref::StoreOp::create(b, loc, store.getValueToStore(), flat.flat,
                                ValueRange{position});
        store->erase();
        continue;
      }
      if (auto load = dyn_cast<vector::LoadOp>(user)) {
        Value position = linearize(b, loc, flat, load.getIndices());
        load->replaceAllUsesWith(vector::LoadOp::create(
            b, loc, load.getVectorType(), flat.flat, ValueRange{position},
            load.getNontemporal(),
            load.getAlignment() ? llvm::MaybeAlign(*load.getAlignment())
                                : llvm::MaybeAlign()));
        load->erase();
        continue;
      }
      if (auto store = dyn_cast<vector::StoreOp>(user)) {
        Value position = linearize(b, loc, flat, store.getIndices());
        vector::StoreOp::create(b, loc, store.getValueToStore(), flat.flat,
                                ValueRange{position}, store.getNontemporal(),
                                store.getAlignment()
                                    ? llvm::MaybeAlign(*store.getAlignment())
                                    : llvm::MaybeAlign());
        store->erase();
        continue;
      }
      if (auto dim = dyn_cast<memref::DimOp>(user)) {
        std::optional<int64_t> index = dim.getConstantIndex();
        if (index && *index >= 0 &&
            *index < static_cast<int64_t>(flat.sizes.size())) {
          dim.replaceAllUsesWith(flat.sizes[*index]);
          dim->erase();
          continue;
        }
      }
      // Folded views (a store through a collapsed buffer) read the sizes of
      // the buffer they view: the flat buffer's, computed on the host.
      if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(user);
          metadata && metadata.getBaseBuffer().use_empty()) {
        metadata.getOffset().replaceAllUsesWith(flat.offset);
        for (auto [from, to] : llvm::zip(metadata.getSizes(), flat.sizes))
          from.replaceAllUsesWith(to);
        for (auto [from, to] : llvm::zip(metadata.getStrides(), flat.strides))
          from.replaceAllUsesWith(to);
        metadata->erase();
        continue;
      }
      return user->emitOpError("uses a buffer in a GPU kernel in a way the "
                               "GPU lowering does not support (only loads, "
                               "stores, dims and strided metadata)");
    }
  }
  return success();
}

/// Maps the parallel loops of `block` (the kernel function's body, or the
/// body of a sequential loop on the host) and runs what accesses memory
/// outside them on one thread.
static LogicalResult mapBlock(func::FuncOp kernel, Block &block,
                              int64_t blockSize) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
      if (failed(tileAndMap(loop, blockSize)))
        return failure();
    } else if (isHostLoop(&op)) {
      if (failed(mapBlock(kernel, *cast<scf::ForOp>(op).getBody(), blockSize)))
        return failure();
    }
  }
  sinkLoadsIntoLoops(block);
  return wrapSerialCode(block);
}

static LogicalResult mapKernel(func::FuncOp kernel, int64_t blockSize,
                               int64_t vectorWidth) {
  // Ops with a recorded config (--relax-gpu-select-lowering-config) first
  // become launches of it; the generic schedule maps the rest.
  if (failed(applyGPUSchedules(kernel)) ||
      failed(convertToLoops(kernel, vectorWidth)))
    return failure();
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError("has more than one block; a GPU kernel "
                              "function is one block of loops");
  if (failed(mapBlock(kernel, kernel.getBody().front(), blockSize)))
    return failure();

  MLIRContext *ctx = kernel.getContext();
  RewritePatternSet patterns(ctx);
  populateParallelLoopToGPUPatterns(patterns);
  ConversionTarget target(*ctx);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  configureParallelLoopToGPULegality(target);
  if (failed(applyPartialConversion(kernel, target, std::move(patterns))))
    return failure();
  finalizeParallelLoopToGPUConversion(kernel);
  kernel.walk(
      [](gpu::LaunchOp launch) { launch->removeAttr("SCFToGPU_visited"); });

  WalkResult result = kernel.walk([](gpu::LaunchOp launch) {
    return failed(flattenLaunchBuffers(launch)) ? WalkResult::interrupt()
                                                : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// A kernel cannot stop the program: each check inside a launch (of
/// gather indices, which are also clamped so that the kernel reads in
/// bounds) writes its number, when it fails, to a word of device memory that
/// the host reads after the launch and checks there with the check's
/// message. Runs after moveToDevice: the word's copies are device copies
/// already.
static LogicalResult reportKernelChecks(func::FuncOp kernel) {
  SmallVector<gpu::LaunchOp> launches;
  kernel.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
  for (gpu::LaunchOp launch : launches) {
    SmallVector<cf::AssertOp> checks;
    launch.getBody().walk([&](cf::AssertOp check) { checks.push_back(check); });
    if (checks.empty())
      continue;
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    auto wordType = MemRefType::get({1}, b.getI32Type());
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value host = memref::AllocaOp::create(b, loc, wordType);
    memref::StoreOp::create(b, loc,
                            arith::ConstantIntOp::create(b, loc, 0, 32), host,
                            zero);
    Value device = createDeviceAlloc(b, loc, wordType, {});
    if (failed(createDeviceCopy(b, launch, device, host)))
      return failure();
    SmallVector<std::pair<Location, std::string>> messages;
    for (auto [index, check] : llvm::enumerate(checks)) {
      messages.emplace_back(check.getLoc(), check.getMsg().str());
      OpBuilder kb(check);
      Location checkLoc = check.getLoc();
      Value failed = arith::XOrIOp::create(
          kb, checkLoc, check.getArg(),
          arith::ConstantIntOp::create(kb, checkLoc, 1, 1));
      auto ifFailed = scf::IfOp::create(kb, checkLoc, failed,
                                        /*withElseRegion=*/false);
      kb.setInsertionPointToStart(ifFailed.thenBlock());
      memref::StoreOp::create(
          kb, checkLoc, arith::ConstantIntOp::create(kb, checkLoc, index + 1, 32),
          device, arith::ConstantIndexOp::create(kb, checkLoc, 0).getResult());
      check->erase();
    }
    b.setInsertionPointAfter(launch);
    if (failed(createDeviceCopy(b, launch, host, device)))
      return failure();
    Value word = memref::LoadOp::create(b, loc, host, zero);
    for (auto [index, message] : llvm::enumerate(messages)) {
      Value passed = arith::CmpIOp::create(
          b, message.first, arith::CmpIPredicate::ne, word,
          arith::ConstantIntOp::create(b, message.first, index + 1, 32));
      cf::AssertOp::create(b, message.first, passed, message.second);
    }
    createDeviceDealloc(b, loc, device);
  }
  return success();
}

/// Puts the memory the host part of a mapped kernel touches (its
/// temporaries, copies and constants) on the device.
static LogicalResult moveToDevice(func::FuncOp kernel) {
  SmallVector<Operation *> ops;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
            memref::GetGlobalOp, memref::LoadOp, memref::StoreOp>(op))
      ops.push_back(op);
    return WalkResult::advance();
  });
  IRRewriter rewriter(kernel.getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (!alloc.getSymbolOperands().empty())
        return alloc.emitOpError("has symbol operands, which device "
                                 "allocations do not take");
      rewriter.replaceOp(alloc,
                         createDeviceAlloc(rewriter, loc, alloc.getType(),
                                           alloc.getDynamicSizes()));
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      createDeviceDealloc(rewriter, loc, dealloc.getMemref());
      rewriter.eraseOp(dealloc);
    } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (failed(createDeviceCopy(rewriter, copy, copy.getTarget(),
                                  copy.getSource())))
        return failure();
      rewriter.eraseOp(copy);
    } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
      // A constant the kernel reads, copied to the device for the call: its
      // uses read the copy, then the copy is made from it.
      Value device = createDeviceAllocLike(rewriter, loc, global.getResult());
      rewriter.replaceAllUsesWith(global.getResult(), device);
      rewriter.setInsertionPointAfter(global);
      if (failed(
              createDeviceCopy(rewriter, global, device, global.getResult())))
        return failure();
      rewriter.setInsertionPoint(global->getBlock()->getTerminator());
      createDeviceDealloc(rewriter, loc, device);
    } else {
      return op->emitOpError("accesses device memory from the host");
    }
  }
  return success();
}

namespace {
struct RelaxMapKernelsToGPUPass
    : codegen::impl::RelaxMapKernelsToGPUPassBase<RelaxMapKernelsToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    if (blockSize < 1) {
      getOperation().emitError("block-size must be positive, not ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    if (vectorWidth < 1 || vectorWidth > maxVectorWidth) {
      getOperation().emitError("vector-width must be in [1, ")
          << static_cast<int64_t>(maxVectorWidth) << "] for the target, not "
          << static_cast<int64_t>(vectorWidth);
      return signalPassFailure();
    }
    for (auto kernel : getOperation().getOps<func::FuncOp>()) {
      if (!kernel->hasAttr(codegen::RelaxCodegenDialect::getKernelAttrName()) ||
          kernel.isExternal())
        continue;
      if (failed(mapKernel(kernel, blockSize, vectorWidth)) ||
          failed(moveToDevice(kernel)) || failed(reportKernelChecks(kernel)))
        return signalPassFailure();
      // The kernel launches on the device now: the GPU has claimed it.
      kernel->removeAttr(codegen::RelaxCodegenDialect::getKernelAttrName());
    }
  }
};
} // namespace
