//===- HoistKernelScratch.cpp - Kernel scratch allocated by callers -------===//
//
// Kernels allocate their temporary buffers themselves, once per call, where
// memory planning does not see them. This pass makes each top-level
// allocation of a kernel a view of a scratch destination of its own, which
// every call of the kernel allocates with the graph's own ops, at a symbolic
// byte size that the kernel's size computation gives at that call.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/ExplicitAlloc.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXHOISTKERNELSCRATCHPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

/// The alignment of kernels' own allocations, the most that a scratch
/// buffer may ask for to become a view.
static constexpr int64_t kAlignment = 64;

namespace {
/// A kernel's top-level allocations, in order, with their deallocations.
struct Scratch {
  SmallVector<memref::AllocOp> allocs;
  SmallVector<SmallVector<Operation *>> deallocs;
};

/// Follows an index value of a kernel back to the symbolic sizes of one
/// call: buffer arguments' dims are the dims of the call's operand types,
/// symbolic arguments are the call's `sym_args`.
class CallSizes {
public:
  CallSizes(func::FuncOp kernel, CallTIRDPSOp call)
      : kernel(kernel), call(call) {}

  /// The expression of `value` at this call, or null.
  SymExprAttr get(Value value) {
    MLIRContext *ctx = kernel.getContext();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != &kernel.getBody().front())
        return {};
      unsigned index = arg.getArgNumber();
      unsigned numBuffers = call.getArgs().size() + call.getOuts().size();
      if (index < numBuffers || !call.getSymArgs())
        return {};
      ArrayRef<SymExprAttr> symArgs = call.getSymArgs()->getDims();
      return index - numBuffers < symArgs.size() ? symArgs[index - numBuffers]
                                                 : SymExprAttr();
    }
    Operation *def = value.getDefiningOp();
    if (!def)
      return {};
    if (auto constant = dyn_cast<arith::ConstantIndexOp>(def))
      return SymExprAttr::getConstant(ctx, constant.value());
    if (auto dim = dyn_cast<memref::DimOp>(def)) {
      std::optional<int64_t> index = dim.getConstantIndex();
      return index ? getDim(dim.getSource(), *index) : SymExprAttr();
    }
    auto binary = [&](auto build) -> SymExprAttr {
      SymExprAttr lhs = get(def->getOperand(0)), rhs = get(def->getOperand(1));
      return lhs && rhs ? build(lhs, rhs) : SymExprAttr();
    };
    if (isa<arith::AddIOp>(def))
      return binary(SymExprAttr::add);
    if (isa<arith::SubIOp>(def))
      return binary(SymExprAttr::sub);
    if (isa<arith::MulIOp>(def))
      return binary(SymExprAttr::mul);
    // Sizes are never negative: truncating and flooring divisions agree.
    if (isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp>(def))
      return binary(SymExprAttr::floorDiv);
    if (isa<arith::RemUIOp, arith::RemSIOp>(def))
      return binary(SymExprAttr::mod);
    if (isa<arith::CeilDivUIOp, arith::CeilDivSIOp>(def))
      return binary([&](SymExprAttr lhs, SymExprAttr rhs) {
        return SymExprAttr::floorDiv(
            SymExprAttr::sub(SymExprAttr::add(lhs, rhs),
                             SymExprAttr::getConstant(ctx, 1)),
            rhs);
      });
    if (isa<arith::MaxUIOp, arith::MaxSIOp>(def))
      return binary([](SymExprAttr lhs, SymExprAttr rhs) {
        return SymExprAttr::max({lhs, rhs});
      });
    if (isa<arith::MinUIOp, arith::MinSIOp>(def))
      return binary([](SymExprAttr lhs, SymExprAttr rhs) {
        return SymExprAttr::min({lhs, rhs});
      });
    if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
      // A padded size (`s0 + 2` rows of a convolution's input).
      AffineMap map = apply.getAffineMap();
      SmallVector<SymExprAttr> operands;
      for (Value operand : apply.getMapOperands()) {
        operands.push_back(get(operand));
        if (!operands.back())
          return {};
      }
      return fromAffine(map.getResult(0), operands, map.getNumDims());
    }
    return {};
  }

  /// `expr` with dims and then symbols replaced by `operands`.
  static SymExprAttr fromAffine(AffineExpr expr, ArrayRef<SymExprAttr> operands,
                                unsigned numDims) {
    MLIRContext *ctx = expr.getContext();
    if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      return SymExprAttr::getConstant(ctx, constant.getValue());
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return operands[dim.getPosition()];
    if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
      return operands[numDims + symbol.getPosition()];
    auto binary = cast<AffineBinaryOpExpr>(expr);
    SymExprAttr lhs = fromAffine(binary.getLHS(), operands, numDims);
    SymExprAttr rhs = fromAffine(binary.getRHS(), operands, numDims);
    if (!lhs || !rhs)
      return {};
    switch (expr.getKind()) {
    case AffineExprKind::Add:
      return SymExprAttr::add(lhs, rhs);
    case AffineExprKind::Mul:
      return SymExprAttr::mul(lhs, rhs);
    case AffineExprKind::FloorDiv:
      return SymExprAttr::floorDiv(lhs, rhs);
    case AffineExprKind::Mod:
      return SymExprAttr::mod(lhs, rhs);
    case AffineExprKind::CeilDiv:
      return SymExprAttr::floorDiv(
          SymExprAttr::sub(SymExprAttr::add(lhs, rhs),
                           SymExprAttr::getConstant(ctx, 1)),
          rhs);
    default:
      return {};
    }
  }

  /// The expression of dim `index` of the buffer `buffer` at this call: an
  /// argument's is its operand's, an allocation's its size, a reshaped
  /// buffer's follows from its source's.
  SymExprAttr getDim(Value buffer, int64_t index) {
    MLIRContext *ctx = kernel.getContext();
    auto type = cast<MemRefType>(buffer.getType());
    if (index < 0 || index >= type.getRank())
      return {};
    if (!type.isDynamicDim(index))
      return SymExprAttr::getConstant(ctx, type.getDimSize(index));
    if (auto arg = dyn_cast<BlockArgument>(buffer)) {
      if (arg.getOwner() != &kernel.getBody().front() ||
          arg.getArgNumber() >= call->getNumOperands())
        return {};
      auto operand = dyn_cast<RelaxTensorType>(
          call->getOperand(arg.getArgNumber()).getType());
      if (!operand || !operand.hasRank() || index >= operand.getRank())
        return {};
      return operand.getDims()[index];
    }
    if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
      return get(alloc.getDynamicSizes()[type.getDynamicDimIndex(index)]);
    if (auto expand = buffer.getDefiningOp<memref::ExpandShapeOp>()) {
      OpFoldResult size = expand.getMixedOutputShape()[index];
      if (auto value = dyn_cast<Value>(size))
        return get(value);
      return SymExprAttr::getConstant(
          ctx, cast<IntegerAttr>(cast<Attribute>(size)).getInt());
    }
    if (auto collapse = buffer.getDefiningOp<memref::CollapseShapeOp>()) {
      SymExprAttr product = SymExprAttr::getConstant(ctx, 1);
      SmallVector<ReassociationIndices> groups =
          collapse.getReassociationIndices();
      for (int64_t source : groups[index]) {
        SymExprAttr dim = getDim(collapse.getSrc(), source);
        if (!dim)
          return {};
        product = SymExprAttr::mul(product, dim);
      }
      return product;
    }
    return {};
  }

private:
  func::FuncOp kernel;
  CallTIRDPSOp call;
};
} // namespace

/// Whether `alloc` can become a view of bytes: of the identity layout in the
/// default memory space, without symbol operands, of integers or floats, and
/// aligned to at most the scratch's alignment.
static bool isViewable(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  return type.getLayout().isIdentity() && !type.getMemorySpace() &&
         alloc.getSymbolOperands().empty() &&
         type.getElementType().isIntOrFloat() &&
         alloc.getAlignment().value_or(1) <= kAlignment;
}

/// The bytes of a buffer of `type` whose dynamic sizes are `sizes`, as an
/// index value.
static Value createByteSize(OpBuilder &b, Location loc, MemRefType type,
                            ArrayRef<OpFoldResult> sizes) {
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, getElementBytes(type.getElementType()));
  unsigned next = 0;
  for (int64_t size : type.getShape()) {
    OpFoldResult dim =
        ShapedType::isDynamic(size) ? sizes[next++] : b.getIndexAttr(size);
    bytes = arith::MulIOp::create(b, loc, bytes,
                                  getValueOrCreateConstantIndexOp(b, loc, dim));
  }
  return bytes;
}

/// The type of a scratch buffer: bytes.
static MemRefType getBytesType(MLIRContext *ctx) {
  return MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 8));
}

/// The byte size of `alloc` at `call`, or null where a size cannot be
/// followed.
static SymExprAttr getBytes(func::FuncOp kernel, memref::AllocOp alloc,
                            CallTIRDPSOp call) {
  CallSizes sizes(kernel, call);
  MLIRContext *ctx = kernel.getContext();
  MemRefType type = alloc.getType();
  SymExprAttr bytes =
      SymExprAttr::getConstant(ctx, getElementBytes(type.getElementType()));
  unsigned next = 0;
  for (int64_t size : type.getShape()) {
    SymExprAttr dim = ShapedType::isDynamic(size)
                          ? sizes.get(alloc.getDynamicSizes()[next++])
                          : SymExprAttr::getConstant(ctx, size);
    if (!dim)
      return {};
    bytes = SymExprAttr::mul(bytes, dim);
  }
  return bytes;
}

/// An upper bound of the size `size` of an allocation in the loop nest whose
/// outermost loop is `outer`, valid before that loop: the size itself when
/// it is defined before the loop; for an `affine.min` (a partial tile's
/// size), its smallest constant, and where a result is `ub - iv` for the
/// induction variable of a loop of the nest and a `ub` defined before it,
/// also `ub - lb` with the loop's lower bound `lb` (so a tile of 16 rows of
/// `s` is bounded by `min(16, s)`, not 16, for short sequences); for an
/// `arith.minsi`/`minui`, its smallest constant. Ops it builds go before
/// `outer` and into `built`. Null otherwise.
static OpFoldResult getBound(Value size, Operation *outer,
                             SmallVectorImpl<Operation *> &built) {
  Block *entry = outer->getBlock();
  if (auto arg = dyn_cast<BlockArgument>(size))
    return arg.getOwner() == entry ? OpFoldResult(size) : OpFoldResult();
  Operation *def = size.getDefiningOp();
  if (def->getBlock() == entry && def->isBeforeInBlock(outer))
    return size;
  auto isBefore = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner() == entry;
    Operation *op = value.getDefiningOp();
    return op->getBlock() == entry && op->isBeforeInBlock(outer);
  };
  std::optional<int64_t> bound;
  auto take = [&](int64_t value) {
    bound = bound ? std::min(*bound, value) : value;
  };
  // `ub - lb` for a result `ub - iv` of an affine.min.
  Value span;
  if (auto min = dyn_cast<affine::AffineMinOp>(def)) {
    AffineMap map = min.getAffineMap();
    for (AffineExpr expr : map.getResults()) {
      if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
        take(constant.getValue());
        continue;
      }
      if (span)
        continue;
      for (unsigned d = 0; d < map.getNumDims() && !span; ++d) {
        auto loop = scf::getForInductionVarOwner(min.getDimOperands()[d]);
        if (!loop || !outer->isAncestor(loop) ||
            !isBefore(loop.getLowerBound()))
          continue;
        for (unsigned k = 0; k < map.getNumSymbols() && !span; ++k) {
          Value ub = min.getSymbolOperands()[k];
          if (expr != getAffineSymbolExpr(k, expr.getContext()) -
                          getAffineDimExpr(d, expr.getContext()) ||
              !isBefore(ub))
            continue;
          OpBuilder b(outer);
          span =
              arith::SubIOp::create(b, min.getLoc(), ub, loop.getLowerBound());
          built.push_back(span.getDefiningOp());
        }
      }
    }
  } else if (isa<arith::MinSIOp, arith::MinUIOp>(def)) {
    for (Value operand : def->getOperands())
      if (std::optional<int64_t> constant = getConstantIntValue(operand))
        take(*constant);
  }
  if (!bound || *bound < 0)
    return {};
  if (span) {
    OpBuilder b(outer);
    auto constant = arith::ConstantIndexOp::create(b, def->getLoc(), *bound);
    auto min = arith::MinSIOp::create(b, def->getLoc(), constant, span);
    built.append({constant, min});
    return min.getResult();
  }
  return IntegerAttr::get(IndexType::get(size.getContext()), *bound);
}

/// Allocates each buffer that a nest of sequential loops allocates per
/// iteration (the tile of an intermediate, whose rows are at most the tile
/// size) once, before the nest, at the bound of its sizes, as bytes; each
/// iteration views it at its own sizes. The buffer is then a top-level
/// allocation like the others. Loops that run in parallel keep theirs: each
/// thread needs its own.
static void hoistBoundedAllocations(func::FuncOp kernel) {
  Block &entry = kernel.getBody().front();
  SmallVector<memref::AllocOp> allocs;
  kernel.walk([&](memref::AllocOp alloc) {
    if (alloc->getBlock() != &entry)
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs) {
    if (!isViewable(alloc))
      continue;
    MemRefType type = alloc.getType();
    // Only scf.for loops up to the top level.
    Operation *outer = alloc;
    bool sequential = true;
    while (outer->getBlock() != &entry) {
      outer = outer->getParentOp();
      sequential &= isa<scf::ForOp>(outer);
    }
    if (!sequential)
      continue;
    // Deallocations must be in the allocation's block, after it.
    SmallVector<Operation *> deallocs;
    bool ok = true;
    for (Operation *user : alloc->getUsers()) {
      if (isa<memref::DeallocOp>(user) && user->getBlock() == alloc->getBlock())
        deallocs.push_back(user);
      else if (isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(
                   user))
        ok = false;
    }
    if (!ok)
      continue;
    SmallVector<OpFoldResult> bounds;
    SmallVector<Operation *> built;
    for (Value size : alloc.getDynamicSizes())
      bounds.push_back(getBound(size, outer, built));
    if (llvm::any_of(bounds, [](OpFoldResult b) { return !b; })) {
      for (Operation *op : llvm::reverse(built))
        op->erase();
      continue;
    }
    OpBuilder b(outer);
    Location loc = alloc.getLoc();
    Value bytes = createByteSize(b, loc, type, bounds);
    auto buffer = memref::AllocOp::create(b, loc, getBytesType(b.getContext()),
                                          ValueRange{bytes},
                                          b.getI64IntegerAttr(kAlignment));
    b.setInsertionPointAfter(outer);
    memref::DeallocOp::create(b, loc, buffer);
    b.setInsertionPoint(alloc);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    auto view = memref::ViewOp::create(b, loc, type, buffer, zero,
                                       alloc.getDynamicSizes());
    alloc.replaceAllUsesWith(view.getResult());
    for (Operation *dealloc : deallocs)
      dealloc->erase();
    alloc.erase();
  }
}

/// The top-level allocations of `kernel` that can become views, used by no
/// op that asks for its own allocation. Their deallocations are recorded.
static Scratch findScratch(func::FuncOp kernel) {
  Scratch scratch;
  for (auto alloc : kernel.getBody().front().getOps<memref::AllocOp>()) {
    if (!isViewable(alloc))
      continue;
    SmallVector<Operation *> deallocs;
    bool ok = true;
    for (Operation *user : alloc->getUsers()) {
      if (isa<memref::DeallocOp>(user))
        deallocs.push_back(user);
      else if (isa<memref::ExtractAlignedPointerAsIndexOp>(user))
        ok = false;
    }
    if (!ok)
      continue;
    scratch.allocs.push_back(alloc);
    scratch.deallocs.push_back(std::move(deallocs));
  }
  return scratch;
}

/// Makes the allocations of `scratch` views into a new `memref<?xi8>`
/// argument of `kernel` at `position`.
static void rewriteKernel(func::FuncOp kernel, const Scratch &scratch,
                          unsigned position) {
  MLIRContext *ctx = kernel.getContext();
  OpBuilder b(ctx);
  for (auto [i, constAlloc] : llvm::enumerate(scratch.allocs)) {
    memref::AllocOp alloc = constAlloc;
    (void)kernel.insertArgument(position + i, getBytesType(ctx),
                                DictionaryAttr(), kernel.getLoc());
    b.setInsertionPoint(alloc);
    Location loc = alloc.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    auto view = memref::ViewOp::create(b, loc, alloc.getType(),
                                       kernel.getArgument(position + i), zero,
                                       alloc.getDynamicSizes());
    alloc.replaceAllUsesWith(view.getResult());
    for (Operation *dealloc : scratch.deallocs[i])
      dealloc->erase();
    alloc.erase();
  }
}

namespace {
struct RelaxHoistKernelScratchPass
    : relax::impl::RelaxHoistKernelScratchPassBase<
          RelaxHoistKernelScratchPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The users of each symbol, from one walk of the module.
    std::optional<SymbolTable::UseRange> allUses =
        SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!allUses)
      return;
    llvm::DenseMap<StringAttr, SmallVector<Operation *>> users;
    for (const SymbolTable::SymbolUse &use : *allUses)
      users[use.getSymbolRef().getRootReference()].push_back(use.getUser());
    for (auto kernel :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (kernel.isExternal() ||
          !kernel->hasAttr(codegen::RelaxCodegenDialect::getKernelAttrName()))
        continue;
      hoistBoundedAllocations(kernel);
      Scratch scratch = findScratch(kernel);
      if (scratch.allocs.empty())
        continue;
      // Every use of the kernel must be a call that can pass the scratch.
      SmallVector<CallTIRDPSOp> calls;
      for (Operation *user : users.lookup(kernel.getSymNameAttr())) {
        auto call = dyn_cast<CallTIRDPSOp>(user);
        if (!call) {
          calls.clear();
          break;
        }
        calls.push_back(call);
      }
      if (calls.empty())
        continue;
      // The allocations whose sizes every call gives, and their parts of
      // each call's scratch.
      SmallVector<SmallVector<SymExprAttr>> parts(calls.size());
      Scratch hoisted;
      for (auto [alloc, deallocs] :
           llvm::zip(scratch.allocs, scratch.deallocs)) {
        SmallVector<SymExprAttr> bytes;
        for (CallTIRDPSOp call : calls)
          if (SymExprAttr part = getBytes(kernel, alloc, call))
            bytes.push_back(part);
        if (bytes.size() != calls.size())
          continue;
        for (auto [i, part] : llvm::enumerate(bytes))
          parts[i].push_back(part);
        hoisted.allocs.push_back(alloc);
        hoisted.deallocs.push_back(deallocs);
      }
      if (hoisted.allocs.empty())
        continue;
      unsigned position =
          calls.front().getArgs().size() + calls.front().getOuts().size();
      rewriteKernel(kernel, hoisted, position);
      for (auto [call, callParts] : llvm::zip(calls, parts)) {
        OpBuilder b(call);
        Location loc = call.getLoc();
        SmallVector<Value> tensors;
        for (SymExprAttr bytes : callParts) {
          auto type = RelaxTensorType::get({bytes}, IntegerType::get(ctx, 8));
          tensors.push_back(createAllocation(
              b, loc, type, std::max<int64_t>(alignment, kAlignment)));
        }
        call.getOutsMutable().append(tensors);
        b.setInsertionPointAfter(call);
        for (Value tensor : tensors) {
          KillTensorOp::create(b, loc, tensor);
          KillStorageOp::create(
              b, loc, tensor.getDefiningOp<AllocTensorOp>().getStorage());
        }
      }
    }
  }
};
} // namespace
