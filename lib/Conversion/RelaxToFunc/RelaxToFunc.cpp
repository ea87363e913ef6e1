//===- RelaxToFunc.cpp - Host lowering of graph functions -----------------===//
//
// Conversion patterns from graph functions, after explicit allocation, to
// func.func on memrefs, and the pass that applies them with a target's
// kernel-call patterns.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/RelaxToFunc.h"

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTOFUNCPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

HostTypeConverter::HostTypeConverter() {
  addConversion([](Type type) -> std::optional<Type> {
    if (type.isIntOrIndexOrFloat() || isa<MemRefType, UnrankedMemRefType>(type))
      return type;
    return std::nullopt;
  });
  addConversion([](RelaxTensorType type) -> std::optional<Type> {
    if (!type.hasRank())
      return std::nullopt;
    RankedTensorType builtin = type.getBuiltinType();
    return MemRefType::get(builtin.getShape(), builtin.getElementType());
  });
  addConversion([](StorageType type) -> Type {
    return MemRefType::get({ShapedType::kDynamic},
                           IntegerType::get(type.getContext(), 8));
  });
  addConversion([](ShapeType type, SmallVectorImpl<Type> &results)
                    -> std::optional<LogicalResult> {
    if (!type.hasRank())
      return std::nullopt;
    results.append(type.getDims().size(), IndexType::get(type.getContext()));
    return success();
  });
  addConversion(
      [this](TupleType type,
             SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        for (Type field : type.getTypes())
          if (failed(convertType(field, results)))
            return failure();
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    llvm::append_range(values, range);
  return values;
}

/// Splits `values` into one run per original result of `op`, by the number
/// of host types each converts to.
static FailureOr<SmallVector<SmallVector<Value>>>
groupResults(const TypeConverter &converter, Operation *op, ValueRange values) {
  SmallVector<SmallVector<Value>> groups;
  for (Type type : op->getResultTypes()) {
    SmallVector<Type> converted;
    if (failed(converter.convertType(type, converted)))
      return failure();
    groups.emplace_back(values.take_front(converted.size()));
    values = values.drop_front(converted.size());
  }
  return groups;
}

/// Replaces the single result of `op` by its host `leaves`.
static void replaceWithLeaves(ConversionPatternRewriter &rewriter,
                              Operation *op, SmallVector<Value> leaves) {
  SmallVector<SmallVector<Value>> groups;
  groups.push_back(std::move(leaves));
  rewriter.replaceOpWithMultiple(op, std::move(groups));
}

FailureOr<Value> relax::castHostValue(OpBuilder &b, Operation *op, Value value,
                                      Type type) {
  if (value.getType() == type)
    return value;
  if (isa<MemRefType>(value.getType()) && isa<MemRefType>(type) &&
      memref::CastOp::areCastCompatible(value.getType(), type))
    return Value(memref::CastOp::create(b, op->getLoc(), type, value));
  return op->emitOpError("passes ")
         << value.getType() << " where " << type << " is expected";
}

FailureOr<func::FuncOp>
relax::convertGraphFunction(FuncOp func, StringRef name,
                            const TypeConverter &converter,
                            ConversionPatternRewriter &rewriter) {
  TypeConverter::SignatureConversion signature(func.getNumArguments());
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    SmallVector<Type> converted;
    if (failed(converter.convertType(type, converted)))
      return func.emitOpError("has argument #")
             << i << " of type " << type
             << " that the host lowering cannot represent";
    signature.addInputs(i, converted);
  }
  SmallVector<Type> results;
  if (failed(converter.convertTypes(func.getResultTypes(), results)))
    return func.emitOpError("has a result type that the host lowering "
                            "cannot represent");
  auto host = func::FuncOp::create(
      rewriter, func.getLoc(), name,
      rewriter.getFunctionType(signature.getConvertedTypes(), results));
  host.setVisibility(func.getVisibility());
  if (!func.isExternal()) {
    if (func.isPublic()) {
      host->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
      // The C interface's wrapper passes every buffer to the function as its
      // descriptor's fields, a call of thousands of stack arguments for a
      // model's weights, which LLVM's instruction selection takes seconds to
      // lower; inlined, the call is gone.
      host->setAttr("always_inline", rewriter.getUnitAttr());
    }
    rewriter.inlineRegionBefore(func.getBody(), host.getBody(), host.end());
    if (failed(
            rewriter.convertRegionTypes(&host.getBody(), converter, &signature)))
      return failure();
  }
  return host;
}

LogicalResult relax::replaceGraphIf(IfOp op, Value cond,
                                    const TypeConverter &converter,
                                    ConversionPatternRewriter &rewriter) {
  SmallVector<Type> resultTypes;
  if (failed(converter.convertTypes(op.getResultTypes(), resultTypes)))
    return op.emitOpError("has a result type that the host lowering cannot "
                          "represent");
  auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), resultTypes, cond,
                                /*addThenBlock=*/false,
                                /*addElseBlock=*/false);
  rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                              ifOp.getThenRegion().end());
  rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                              ifOp.getElseRegion().end());
  auto groups = groupResults(converter, op, ifOp.getResults());
  if (failed(groups))
    return failure();
  rewriter.replaceOpWithMultiple(op, std::move(*groups));
  return success();
}

FailureOr<memref::GetGlobalOp>
relax::createConstantGlobal(ConstantOp op, const TypeConverter &converter,
                            RewriterBase &rewriter, unsigned &counter) {
  auto type =
      dyn_cast_or_null<MemRefType>(converter.convertType(op.getType()));
  auto value = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!type || !value)
    return op.emitOpError("has a value the host lowering cannot place in "
                          "memory");
  auto module = op->getParentOfType<ModuleOp>();
  std::string name;
  do
    name = "__relax_constant_" + std::to_string(counter++);
  while (module.lookupSymbol(name));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    memref::GlobalOp::create(rewriter, op.getLoc(), name,
                             rewriter.getStringAttr("private"), type, value,
                             /*constant=*/true, rewriter.getI64IntegerAttr(64));
  }
  return memref::GetGlobalOp::create(rewriter, op.getLoc(), type, name);
}

bool relax::isTensorInStorage(Value tensor) {
  while (Operation *def = tensor.getDefiningOp()) {
    if (auto view = dyn_cast<ViewOp>(def))
      tensor = view.getSource();
    else if (auto cast = dyn_cast<MatchCastOp>(def))
      tensor = cast.getValue();
    else
      break;
  }
  return tensor.getDefiningOp<AllocTensorOp>() != nullptr;
}

namespace {
/// Base of the patterns that evaluate symbolic expressions.
template <typename OpTy>
struct SymbolicPattern : OpConversionPattern<OpTy> {
  SymbolicPattern(const TypeConverter &converter, MLIRContext *ctx,
                  const HostSymbols &symbols)
      : OpConversionPattern<OpTy>(converter, ctx), symbols(symbols) {}
  const HostSymbols &symbols;
};

//===----------------------------------------------------------------------===//
// Functions, calls and control flow
//===----------------------------------------------------------------------===//

struct FuncOpLowering : OpConversionPattern<FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(convertGraphFunction(func, func.getSymName(), *typeConverter,
                                    rewriter)))
      return failure();
    rewriter.eraseOp(func);
    return success();
  }
};

struct ReturnOpLowering : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op,
                                                flatten(adaptor.getOperands()));
    return success();
  }
};

struct CallOpLowering : OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The callee's host signature, whether it is converted yet or not.
    Operation *callee =
        SymbolTable::lookupNearestSymbolFrom(op, op.getCalleeAttr());
    FunctionType calleeType;
    if (auto host = dyn_cast_or_null<func::FuncOp>(callee)) {
      calleeType = host.getFunctionType();
    } else if (auto graph = dyn_cast_or_null<FuncOp>(callee)) {
      SmallVector<Type> inputs, results;
      if (failed(
              typeConverter->convertTypes(graph.getArgumentTypes(), inputs)) ||
          failed(typeConverter->convertTypes(graph.getResultTypes(), results)))
        return op.emitOpError("calls a function the host lowering cannot "
                              "represent");
      calleeType = rewriter.getFunctionType(inputs, results);
    } else {
      return op.emitOpError("calls a function the host lowering did not "
                            "convert");
    }
    SmallVector<Value> args = flatten(adaptor.getOperands());
    if (args.size() != calleeType.getNumInputs())
      return op.emitOpError("passes ")
             << args.size() << " host values where @" << op.getCallee()
             << " takes " << calleeType.getNumInputs();
    for (auto [arg, type] : llvm::zip(args, calleeType.getInputs())) {
      FailureOr<Value> cast = castHostValue(rewriter, op, arg, type);
      if (failed(cast))
        return failure();
      arg = *cast;
    }
    auto call = func::CallOp::create(rewriter, op.getLoc(), op.getCallee(),
                                     calleeType.getResults(), args);
    SmallVector<Type> resultTypes;
    if (failed(typeConverter->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    SmallVector<Value> results;
    for (auto [result, type] : llvm::zip(call.getResults(), resultTypes)) {
      FailureOr<Value> cast = castHostValue(rewriter, op, result, type);
      if (failed(cast))
        return failure();
      results.push_back(*cast);
    }
    auto groups = groupResults(*typeConverter, op, results);
    if (failed(groups))
      return failure();
    rewriter.replaceOpWithMultiple(op, std::move(*groups));
    return success();
  }
};

struct IfOpLowering : OpConversionPattern<IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IfOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value cond = adaptor.getCond().front();
    if (isa<MemRefType>(cond.getType()))
      cond = memref::LoadOp::create(rewriter, op.getLoc(), cond, ValueRange{});
    return replaceGraphIf(op, cond, *typeConverter, rewriter);
  }
};

struct YieldOpLowering : OpConversionPattern<YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(YieldOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto parent = dyn_cast<scf::IfOp>(op->getParentOp());
    if (!parent)
      return failure();
    SmallVector<Value> values = flatten(adaptor.getOperands());
    // A branch may yield a more static type than the result's.
    for (auto [value, type] : llvm::zip(values, parent.getResultTypes())) {
      FailureOr<Value> cast = castHostValue(rewriter, op, value, type);
      if (failed(cast))
        return failure();
      value = *cast;
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, values);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tuples, shapes, casts and constants
//===----------------------------------------------------------------------===//

struct TupleOpLowering : OpConversionPattern<TupleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TupleOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    replaceWithLeaves(rewriter, op, flatten(adaptor.getOperands()));
    return success();
  }
};

struct TupleGetOpLowering : OpConversionPattern<TupleGetOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TupleGetOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<TupleType>(op.getTuple().getType());
    size_t offset = 0;
    for (Type field : type.getTypes().take_front(op.getIndex())) {
      SmallVector<Type> converted;
      if (failed(typeConverter->convertType(field, converted)))
        return failure();
      offset += converted.size();
    }
    SmallVector<Type> converted;
    if (failed(typeConverter->convertType(op.getType(), converted)))
      return failure();
    ValueRange leaves = adaptor.getTuple();
    replaceWithLeaves(rewriter, op,
                      llvm::to_vector(leaves.slice(offset, converted.size())));
    return success();
  }
};

struct ShapeOpLowering : SymbolicPattern<ShapeOp> {
  using SymbolicPattern::SymbolicPattern;
  LogicalResult
  matchAndRewrite(ShapeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> entries;
    for (SymExprAttr d : op.getDims().getDims()) {
      FailureOr<Value> v =
          symbols.evaluate(rewriter, op.getLoc(), op, d, &rewriter);
      if (failed(v))
        return failure();
      entries.push_back(*v);
    }
    replaceWithLeaves(rewriter, op, std::move(entries));
    return success();
  }
};

struct ShapeOfOpLowering : OpConversionPattern<ShapeOfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ShapeOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value memref = adaptor.getValue();
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<Value> entries;
    for (int64_t i = 0, e = type.getRank(); i < e; ++i)
      entries.push_back(sym::DimOp::create(rewriter, op.getLoc(),
                                           rewriter.getIndexType(), memref, i));
    replaceWithLeaves(rewriter, op, std::move(entries));
    return success();
  }
};

/// The checks of a cast are emitted by HostSymbols; what remains is a cast
/// of the memref to the more or less static host type.
struct MatchCastOpLowering : OpConversionPattern<MatchCastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MatchCastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values(adaptor.getValue());
    if (isa<RelaxTensorType>(op.getType())) {
      Type type = typeConverter->convertType(op.getType());
      if (!type || values.size() != 1)
        return op.emitOpError("casts to a type the host lowering cannot "
                              "represent");
      FailureOr<Value> cast = castHostValue(rewriter, op, values.front(), type);
      if (failed(cast))
        return failure();
      values = {*cast};
    }
    replaceWithLeaves(rewriter, op, std::move(values));
    return success();
  }
};

struct ConstantOpLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<memref::GetGlobalOp> global =
        createConstantGlobal(op, *typeConverter, rewriter, counter);
    if (failed(global))
      return failure();
    rewriter.replaceOp(op, global->getResult());
    return success();
  }
  mutable unsigned counter = 0;
};

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

struct AllocStorageOpLowering : SymbolicPattern<AllocStorageOp> {
  using SymbolicPattern::SymbolicPattern;
  LogicalResult
  matchAndRewrite(AllocStorageOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> size =
        symbols.evaluate(rewriter, op.getLoc(), op, op.getSize(), &rewriter);
    if (failed(size))
      return failure();
    auto type = cast<MemRefType>(typeConverter->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<memref::AllocOp>(
        op, type, ValueRange{*size},
        rewriter.getI64IntegerAttr(op.getAlignment()));
    return success();
  }
};

struct AllocTensorOpLowering : SymbolicPattern<AllocTensorOp> {
  using SymbolicPattern::SymbolicPattern;
  LogicalResult
  matchAndRewrite(AllocTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> offset =
        symbols.evaluate(rewriter, loc, op, op.getOffset(), &rewriter);
    SmallVector<Value> sizes;
    if (failed(offset) ||
        failed(symbols.evaluateSizes(rewriter, loc, op, op.getType(), sizes,
                                     &rewriter)))
      return failure();
    auto type = cast<MemRefType>(typeConverter->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<memref::ViewOp>(op, type, adaptor.getStorage(),
                                                *offset, sizes);
    return success();
  }
};

/// Tensors in a storage end with it; other owned tensors are freed.
struct KillTensorOpLowering : OpConversionPattern<KillTensorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(KillTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorInStorage(op.getTensor()))
      memref::DeallocOp::create(rewriter, op.getLoc(), adaptor.getTensor());
    rewriter.eraseOp(op);
    return success();
  }
};

struct KillStorageOpLowering : OpConversionPattern<KillStorageOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(KillStorageOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::DeallocOp>(op, adaptor.getStorage());
    return success();
  }
};

/// A view is the same buffer with the row-major strides of the new shape.
struct ViewOpLowering : SymbolicPattern<ViewOp> {
  using SymbolicPattern::SymbolicPattern;
  LogicalResult
  matchAndRewrite(ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RelaxTensorType>(op.getType());
    auto type =
        dyn_cast_or_null<MemRefType>(typeConverter->convertType(resultType));
    if (!type)
      return failure();
    SmallVector<OpFoldResult> sizes, strides(type.getRank());
    for (SymExprAttr d : resultType.getDims()) {
      if (d.isConstant()) {
        sizes.push_back(rewriter.getIndexAttr(d.getValue()));
        continue;
      }
      FailureOr<Value> size = symbols.evaluate(rewriter, loc, op, d, &rewriter);
      if (failed(size))
        return failure();
      sizes.push_back(*size);
    }
    OpFoldResult stride = rewriter.getIndexAttr(1);
    for (int64_t i = type.getRank() - 1; i >= 0; --i) {
      strides[i] = stride;
      if (i == 0)
        break;
      std::optional<int64_t> a = getConstantIntValue(stride),
                             b = getConstantIntValue(sizes[i]);
      if (a && b)
        stride = rewriter.getIndexAttr(*a * *b);
      else
        stride = Value(arith::MulIOp::create(
            rewriter, loc,
            getValueOrCreateConstantIndexOp(rewriter, loc, stride),
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[i])));
    }
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, type, adaptor.getSource(), rewriter.getIndexAttr(0), sizes,
        strides);
    return success();
  }
};

struct CopyTensorOpLowering : OpConversionPattern<CopyTensorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::CopyOp>(op, adaptor.getSource(),
                                                adaptor.getTarget());
    return success();
  }
};

/// Dims of graph values are dims of their memrefs, or entries of shapes.
struct SymDimOpLowering : OpConversionPattern<sym::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(sym::DimOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange source = adaptor.getSource();
    if (isa<ShapeType>(op.getSource().getType())) {
      rewriter.replaceOp(op, source[op.getIndex()]);
      return success();
    }
    rewriter.replaceOpWithNewOp<sym::DimOp>(op, rewriter.getIndexType(),
                                            source.front(), op.getIndex());
    return success();
  }
};
} // namespace

void relax::populateRelaxToFuncConversionPatterns(HostTypeConverter &converter,
                                                  const HostSymbols &symbols,
                                                  RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FuncOpLowering, ReturnOpLowering, CallOpLowering, IfOpLowering,
               YieldOpLowering, TupleOpLowering, TupleGetOpLowering,
               ShapeOfOpLowering, MatchCastOpLowering, ConstantOpLowering,
               KillTensorOpLowering, KillStorageOpLowering,
               CopyTensorOpLowering, SymDimOpLowering>(converter, ctx);
  patterns.add<ShapeOpLowering, AllocStorageOpLowering, AllocTensorOpLowering,
               ViewOpLowering>(converter, ctx, symbols);
}

void relax::configureRelaxToFuncConversionTarget(ConversionTarget &target) {
  target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                         func::FuncDialect, gpu::GPUDialect,
                         memref::MemRefDialect,
                         scf::SCFDialect, sym::SymDialect>();
  target.addIllegalDialect<RelaxDialect>();
  target.addDynamicallyLegalOp<sym::DimOp>([](sym::DimOp op) {
    return !isa<RelaxTensorType, ShapeType>(op.getSource().getType());
  });
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct RelaxToFuncPass : relax::impl::RelaxToFuncPassBase<RelaxToFuncPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // What must happen before the host lowering, named, and what it cannot
    // represent.
    HostTypeConverter converter;
    WalkResult checked = module.walk([&](Operation *op) {
      if (isa<InferShapeOpInterface>(op)) {
        op->emitOpError("is not legalized; run --relax-legalize first");
        return WalkResult::interrupt();
      }
      if (isa<CallTIROp, CallTIRInplaceOp, CallLibraryOp>(op)) {
        op->emitOpError("allocates implicitly; run --relax-explicit-alloc "
                        "first");
        return WalkResult::interrupt();
      }
      if (isa<DataflowOp>(op)) {
        op->emitOpError("must be removed first; run --relax-to-non-dataflow");
        return WalkResult::interrupt();
      }
      auto func = dyn_cast<FuncOp>(op);
      if (!func)
        return WalkResult::advance();
      if (func->hasAttr(RelaxDialect::getGridAttrName())) {
        func.emitOpError("is written for a grid of ranks; run "
                         "--relax-tensor-parallel first");
        return WalkResult::interrupt();
      }
      for (auto [what, types] : {std::pair("argument", func.getArgumentTypes()),
                                 std::pair("result", func.getResultTypes())}) {
        for (auto [i, type] : llvm::enumerate(types)) {
          SmallVector<Type> converted;
          if (succeeded(converter.convertType(type, converted)))
            continue;
          InFlightDiagnostic diag = func.emitOpError("has ")
                                    << what << " #" << i << " of type " << type
                                    << ", which the host lowering cannot "
                                       "represent";
          auto tensor = dyn_cast<RelaxTensorType>(type);
          if (tensor && !tensor.hasRank())
            diag << "; match_cast it to a tensor of known rank";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();

    HostSymbols symbols;
    for (auto func : module.getOps<FuncOp>())
      if (failed(symbols.bind(func)))
        return signalPassFailure();

    // On a GPU, public functions become device functions `@f_device`, which
    // every call refers to; the patterns give `@f` back as their entry on
    // host memory.
    llvm::DenseMap<StringAttr, StringAttr> entries;
    if (target == HostTarget::GPU && failed(renameEntries(module, entries)))
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    populateRelaxToFuncConversionPatterns(converter, symbols, patterns);
    // Until the GPU maps its kernels (--relax-map-kernels-to-gpu), a kernel
    // is called on either target as a function on buffers.
    populateRelaxCPUKernelCallPatterns(converter, symbols, patterns);
    if (target == HostTarget::GPU)
      populateRelaxGPUHostPatterns(converter, symbols, entries, patterns);
    ConversionTarget conversionTarget(getContext());
    configureRelaxToFuncConversionTarget(conversionTarget);
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();
    // The CPU claims every kernel here: it is a plain function from now on.
    // A GPU's kernels keep the mark until --relax-map-kernels-to-gpu claims
    // them.
    if (target == HostTarget::CPU)
      for (auto func : module.getOps<func::FuncOp>())
        func->removeAttr(codegen::RelaxCodegenDialect::getKernelAttrName());
    // The grids named the ranks of partitioned functions, whose host code is
    // now what each rank runs.
    for (auto grid :
         llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
      grid.erase();
  }

  LogicalResult renameEntries(ModuleOp module,
                              llvm::DenseMap<StringAttr, StringAttr> &entries) {
    SymbolTable symbols(module);
    for (FuncOp func : llvm::to_vector(module.getOps<FuncOp>())) {
      if (!func.isPublic() || func.isExternal())
        continue;
      StringAttr name = func.getSymNameAttr();
      auto device = StringAttr::get(&getContext(), name.str() + "_device");
      if (symbols.lookup(device))
        return func.emitOpError("cannot be wrapped on a GPU: '")
               << device.getValue() << "' exists";
      if (failed(symbols.rename(func, device)))
        return failure();
      entries[device] = name;
    }
    return success();
  }
};
} // namespace
