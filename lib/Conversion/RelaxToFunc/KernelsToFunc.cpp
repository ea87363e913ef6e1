//===- KernelsToFunc.cpp - Tensor programs to kernel functions ------------===//

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXKERNELSTOFUNCPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// The buffer type a kernel takes for a tensor parameter.
static Type getBufferType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(tensor.getShape(), tensor.getElementType());
  return type;
}

/// `dest` expanded to the type of what `collapse` collapses, at the start of
/// its block (so that empty-tensor elimination can compute into it anywhere),
/// or null where a dynamic dim is split: its sizes would come from the body.
static Value expandDestination(RewriterBase &rewriter,
                               tensor::CollapseShapeOp collapse, Value dest) {
  RankedTensorType type = collapse.getSrcType();
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfterValue(dest);
  Location loc = collapse.getLoc();
  SmallVector<OpFoldResult> sizes;
  for (auto [i, group] : llvm::enumerate(groups)) {
    for (int64_t dim : group) {
      if (!type.isDynamicDim(dim)) {
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(dim)));
        continue;
      }
      if (group.size() != 1)
        return {};
      sizes.push_back(
          memref::DimOp::create(rewriter, loc, dest, i).getResult());
    }
  }
  return memref::ExpandShapeOp::create(rewriter, loc,
                                       cast<MemRefType>(getBufferType(type)),
                                       dest, groups, sizes);
}

static FailureOr<func::FuncOp> convertProgram(RewriterBase &rewriter,
                                              tprog::FuncOp program) {
  Location loc = program.getLoc();
  SmallVector<Type> inputs =
      llvm::map_to_vector(program.getArgumentTypes(),
                          [](Type type) { return getBufferType(type); });
  for (Type type : program.getArgumentTypes())
    if (isa<UnrankedTensorType>(type))
      return program.emitOpError("takes an unranked tensor, which a kernel "
                                 "cannot");
  rewriter.setInsertionPoint(program);
  auto kernel = func::FuncOp::create(rewriter, loc, program.getSymName(),
                                     rewriter.getFunctionType(inputs, {}));
  kernel.setVisibility(program.getVisibility());
  kernel->setAttr(codegen::RelaxCodegenDialect::getKernelAttrName(), rewriter.getUnitAttr());
  // Argument attributes stay (the symbolic shapes), except the destination
  // marks of tensor programs.
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
    for (NamedAttribute attr :
         cast<FunctionOpInterface>(program.getOperation()).getArgAttrs(i))
      if (attr.getName() != tprog::TProgDialect::getOutputAttrName())
        kernel.setArgAttr(i, attr.getName(), attr.getValue());
  // The pattern kind served fusion, which is over once kernels are on
  // buffers; the other discardable attributes stay.
  for (NamedAttribute attr : program->getDiscardableAttrs())
    if (attr.getName() != RelaxDialect::getPatternKindAttrName())
      kernel->setAttr(attr.getName(), attr.getValue());
  if (program.isExternal()) {
    rewriter.eraseOp(program);
    return kernel;
  }
  // Kernels stay out of line: LLVM's loop passes are superlinear in the
  // number of loops of one function, so a host function with hundreds of
  // kernels inlined took minutes to compile (1,000 ops: 100 s in -O3, 0.1 s
  // with calls), and a call costs nothing next to a kernel. `no_inline` is
  // for MLIR's inliner; --convert-func-to-llvm drops it but carries
  // `passthrough` to LLVM's function attributes.
  kernel.setNoInline(true);
  kernel->setAttr("passthrough",
                  rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));

  // The body reads its tensors off the buffers, and writes each returned
  // value into its destination; bufferization then makes the writes in
  // place wherever the value is computed in its destination.
  Block *entry = kernel.addEntryBlock();
  rewriter.setInsertionPointToStart(entry);
  SmallVector<Value> replacements;
  SmallVector<unsigned> outputs;
  for (auto [i, type] : llvm::enumerate(program.getArgumentTypes())) {
    Value buffer = entry->getArgument(i);
    bool output = static_cast<bool>(
        program.getArgAttr(i, tprog::TProgDialect::getOutputAttrName()));
    if (output)
      outputs.push_back(i);
    if (!isa<RankedTensorType>(type)) {
      replacements.push_back(buffer);
      continue;
    }
    replacements.push_back(bufferization::ToTensorOp::create(
        rewriter, loc, type, buffer, /*restrict=*/true, /*writable=*/output));
  }
  Block &body = program.getBody().front();
  auto ret = cast<tprog::ReturnOp>(body.getTerminator());
  rewriter.setInsertionPoint(ret);
  if (ret.getNumOperands() != outputs.size())
    return program.emitOpError("returns ")
           << ret.getNumOperands() << " values for " << outputs.size()
           << " destinations";
  SmallVector<tensor::CollapseShapeOp> deadCollapses;
  for (auto [value, index] : llvm::zip(ret.getOperands(), outputs)) {
    // A collapsed value (a product computed in panels) is written through
    // the destination expanded alike, so that what computes it can compute
    // it in place.
    Value dest = entry->getArgument(index);
    auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
    if (collapse)
      if (Value expanded = expandDestination(rewriter, collapse, dest)) {
        value = collapse.getSrc();
        dest = expanded;
        deadCollapses.push_back(collapse);
      }
    auto op = bufferization::MaterializeInDestinationOp::create(
        rewriter, ret.getLoc(), TypeRange(), value, dest);
    op.setRestrict(true);
    op.setWritable(true);
  }
  func::ReturnOp::create(rewriter, ret.getLoc());
  rewriter.eraseOp(ret);
  for (tensor::CollapseShapeOp collapse : deadCollapses)
    if (collapse->use_empty())
      rewriter.eraseOp(collapse);
  if (program.getBody().getBlocks().size() != 1)
    return program.emitOpError("has more than one block");
  rewriter.inlineBlockBefore(&body, entry, entry->end(), replacements);
  rewriter.eraseOp(program);
  return kernel;
}

/// Bufferizes the body of `kernel` and frees what it allocates inside.
static LogicalResult bufferizeKernel(func::FuncOp kernel,
                                     SymbolTableCollection &symbolTables) {
  // A result computed in a `tensor.empty` (outs that the computation does
  // not read are canonicalized into one) is computed in its destination
  // instead of a temporary that is copied there.
  IRRewriter rewriter(kernel.getContext());
  if (failed(bufferization::eliminateEmptyTensors(rewriter, kernel)))
    return failure();
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = false;
  bufferization::BufferizationState state;
  if (failed(bufferization::runOneShotBufferize(kernel, options, state)))
    return failure();
  // A temporary that does not leave the block that allocates it (a tile
  // buffer inside a loop body, or one at the top of the kernel) is freed at
  // the end of that block. Only one that is passed out of its block needs
  // the general ownership analysis, whose run-time bookkeeping costs a few
  // small allocations in every iteration of the loops around a write.
  SmallVector<memref::AllocOp> allocs;
  bool escapes = !kernel.getBody().hasOneBlock();
  kernel.walk([&](memref::AllocOp alloc) {
    // Workgroup memory lives as long as its launch and is never freed.
    if (alloc.getType().getMemorySpace())
      return;
    allocs.push_back(alloc);
    SmallVector<Value> aliases = {alloc.getResult()};
    while (!aliases.empty() && !escapes) {
      Value alias = aliases.pop_back_val();
      for (Operation *user : alias.getUsers()) {
        if (user->hasTrait<OpTrait::IsTerminator>() ||
            isa<CallOpInterface>(user) ||
            !alloc->getBlock()->findAncestorOpInBlock(*user))
          escapes = true;
        if (auto view = dyn_cast<ViewLikeOpInterface>(user))
          if (view.getViewSource() == alias)
            llvm::append_range(aliases, user->getResults());
      }
    }
  });
  if (escapes)
    return bufferization::deallocateBuffersOwnershipBased(
        kernel, bufferization::DeallocationOptions(), symbolTables);
  for (memref::AllocOp alloc : allocs) {
    OpBuilder builder(alloc->getBlock()->getTerminator());
    memref::DeallocOp::create(builder, alloc.getLoc(), alloc);
  }
  return success();
}

namespace {
struct RelaxKernelsToFuncPass
    : relax::impl::RelaxKernelsToFuncPassBase<RelaxKernelsToFuncPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SymbolTableCollection symbolTables;
    // Kernels are named after their op (`exp`, `sin`): as functions they
    // would take the place of the C library's, which code generation calls
    // for the same math. They get a `_kernel` suffix, unique in the module.
    llvm::StringSet<> names;
    for (Operation &op : *module.getBody())
      if (auto symbol = dyn_cast<SymbolOpInterface>(op))
        names.insert(symbol.getName());
    for (auto program :
         llvm::make_early_inc_range(module.getOps<tprog::FuncOp>())) {
      std::string name = (program.getSymName() + "_kernel").str();
      for (unsigned i = 0; names.contains(name); ++i)
        name = (program.getSymName() + "_kernel_" + Twine(i)).str();
      names.insert(name);
      auto newName = StringAttr::get(&getContext(), name);
      if (failed(SymbolTable::replaceAllSymbolUses(program, newName, module)))
        return signalPassFailure();
      program.setSymName(name);
    }
    for (auto program :
         llvm::make_early_inc_range(module.getOps<tprog::FuncOp>())) {
      FailureOr<func::FuncOp> kernel = convertProgram(rewriter, program);
      if (failed(kernel))
        return signalPassFailure();
      if (bufferize && !kernel->isExternal() &&
          failed(bufferizeKernel(*kernel, symbolTables)))
        return signalPassFailure();
    }
  }
};
} // namespace
