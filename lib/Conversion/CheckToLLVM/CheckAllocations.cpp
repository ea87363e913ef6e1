//===- CheckAllocations.cpp - Run-time checks of allocations --------------===//
//
// A failed allocation (a symbolic size larger than the machine's memory)
// becomes a run-time check failure reported through the runtime's error
// callback instead of a write through a null pointer.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXCHECKALLOCATIONSPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// Checks after `alloc` that its pointer is not null, unless it has no
/// elements (where malloc may return null).
static void checkAllocation(OpBuilder &b, memref::AllocOp alloc) {
  Location loc = alloc.getLoc();
  MemRefType type = alloc.getType();
  if (type.hasStaticShape() && type.getNumElements() == 0)
    return;
  b.setInsertionPointAfter(alloc);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, alloc);
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, pointer,
                                   zero);
  // A static dim of 0 was ruled out above; a dynamic one may be 0.
  for (Value size : alloc.getDynamicSizes()) {
    Value empty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero);
    ok = arith::OrIOp::create(b, loc, ok, empty);
  }
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "out of memory: cannot allocate " << type << " at "
     << getCheckLocationText(loc);
  cf::AssertOp::create(b, loc, ok, message);
}

namespace {
struct RelaxCheckAllocationsPass
    : relax::impl::RelaxCheckAllocationsPassBase<RelaxCheckAllocationsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    SmallVector<memref::AllocOp> allocs;
    for (Block &block : func.getBody())
      for (auto alloc : block.getOps<memref::AllocOp>())
        allocs.push_back(alloc);
    OpBuilder b(&getContext());
    for (memref::AllocOp alloc : allocs)
      checkAllocation(b, alloc);
  }
};
} // namespace
