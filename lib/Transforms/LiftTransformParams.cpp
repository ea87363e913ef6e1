//===- LiftTransformParams.cpp - Weight-only work out of the entry --------===//
//
// --relax-lift-transform-params: what a graph function computes from its
// weights alone (the parameters named by `relax.param_name`) moves into a
// function of its own, `@<name>_transform_params`, which a runtime calls
// once when the weights load; the function then takes the transformed
// weights. With `transpose-weights`, a product by a `[K, N]` weight first
// reads it transposed, so that the transpose is what moves out; with
// `pack-weights`, it reads it packed in column panels.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLIFTTRANSFORMPARAMSPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// True when `type` is a tensor whose every dim is a constant.
static bool hasStaticShape(Type type) {
  auto tensor = dyn_cast<RelaxTensorType>(type);
  return tensor && tensor.hasKnownShape() &&
         llvm::all_of(tensor.getDims(), [](sym::SymExprAttr dim) {
           return dim.getConstantValue().has_value();
         });
}

/// The weights of `func`: parameters named by `relax.param_name`, of a
/// static shape.
static SmallVector<BlockArgument> getWeights(FuncOp func) {
  SmallVector<BlockArgument> weights;
  for (BlockArgument arg : func.getArguments())
    if (func.getArgAttr(arg.getArgNumber(),
                        RelaxDialect::getParamNameAttrName()) &&
        hasStaticShape(arg.getType()))
      weights.push_back(arg);
  return weights;
}

/// The ops of `func` whose operands are weights, constants or results of
/// such ops (at least one not a constant), dequantizes and what reads them
/// aside, in order; `derived` gets the
/// weights and the ops' results.
static SmallVector<Operation *> getLiftableOps(FuncOp func,
                                               ArrayRef<BlockArgument> weights,
                                               DenseSet<Value> &derived) {
  derived.clear();
  derived.insert(weights.begin(), weights.end());
  SmallVector<Operation *> lifted;
  func.walk([&](Operation *op) {
    if (op == func || op->getNumRegions() ||
        op->hasTrait<OpTrait::IsTerminator>() || op->getNumResults() == 0 ||
        !isMemoryEffectFree(op) || isa<ConstantOp>(op))
      return;
    // Unpacked weights are 4 to 8 times their packed bytes: a dequantize
    // stays, and fusion unpacks in the kernels that read them.
    if (isa<DequantizeOp>(op))
      return;
    bool fromWeights = false;
    for (Value operand : op->getOperands()) {
      if (derived.contains(operand)) {
        fromWeights = true;
        continue;
      }
      if (!operand.getDefiningOp<ConstantOp>())
        return;
    }
    if (!fromWeights || !llvm::all_of(op->getResultTypes(), hasStaticShape))
      return;
    lifted.push_back(op);
    derived.insert(op->result_begin(), op->result_end());
  });
  return lifted;
}

/// Makes every product by a rank-2 value computed from the weights alone
/// read it as `[N, K]` (`transpose_b`): a product by a transposed one drops
/// the transpose, and one by a `[K, N]` one reads a transposed copy, which
/// the lifting then computes once.
static void transposeWeights(FuncOp func, ArrayRef<BlockArgument> weights) {
  DenseSet<Value> derived;
  (void)getLiftableOps(func, weights, derived);
  auto isMatrix = [&](Value value) {
    return derived.contains(value) &&
           cast<RelaxTensorType>(value.getType()).getRank() == 2;
  };
  DenseMap<Value, Value> transposed;
  func.walk([&](MatmulOp op) {
    // A product by permute_dims(w) reads w with the other transpose flag.
    if (auto permute = op.getB().getDefiningOp<PermuteDimsOp>()) {
      std::optional<ArrayRef<int64_t>> axes = permute.getAxes();
      if (isMatrix(permute.getX()) &&
          (!axes || llvm::equal(*axes, ArrayRef<int64_t>{1, 0}))) {
        op.getBMutable().assign(permute.getX());
        op.setTransposeB(!op.getTransposeB());
        if (permute->use_empty())
          permute.erase();
      }
    }
    Value b = op.getB();
    if (op.getTransposeB() || !isMatrix(b))
      return;
    Value &copy = transposed[b];
    if (!copy) {
      auto type = cast<RelaxTensorType>(b.getType());
      OpBuilder builder(op);
      if (auto arg = dyn_cast<BlockArgument>(b))
        builder.setInsertionPointToStart(arg.getOwner());
      else
        builder.setInsertionPointAfterValue(b);
      copy = PermuteDimsOp::create(
          builder, b.getLoc(),
          RelaxTensorType::get({type.getDims()[1], type.getDims()[0]},
                               type.getElementType()),
          b, builder.getDenseI64ArrayAttr({1, 0}));
    }
    op.getBMutable().assign(copy);
    op.setTransposeB(true);
  });
}

/// Makes every product by an `[N, K]` value computed from the weights alone
/// (after transposeWeights) a `relax.packed_matmul` by the value packed in
/// panels of `panel` columns:
/// `permute_dims(reshape(w, [N / panel, panel, K]), [0, 2, 1])`, which the
/// lifting then computes once. When N is no multiple of `panel` (GPT-2's
/// LM head, 50257 columns), the weight is padded with zero rows to the next
/// multiple first, and the product's padding columns are sliced off, if
/// the padding is at most an eighth of N.
static void packWeights(FuncOp func, ArrayRef<BlockArgument> weights,
                        int64_t panel) {
  DenseSet<Value> derived;
  (void)getLiftableOps(func, weights, derived);
  MLIRContext *ctx = func.getContext();
  DenseMap<Value, Value> packed;
  SmallVector<MatmulOp> products;
  func.walk([&](MatmulOp op) { products.push_back(op); });
  for (MatmulOp op : products) {
    Value b = op.getB();
    auto aType = dyn_cast<RelaxTensorType>(op.getA().getType());
    auto bType = cast<RelaxTensorType>(b.getType());
    if (!op.getTransposeB() || op.getTransposeA() || !derived.contains(b) ||
        !aType || !aType.hasKnownShape() || aType.getRank() < 2 ||
        bType.getRank() != 2)
      continue;
    std::optional<int64_t> n = bType.getDims()[0].getConstantValue();
    if (!n)
      continue;
    // Padding costs its share of the product: a weight is padded when that
    // is at most an eighth of its columns (and its rows and the product's
    // shape are known).
    int64_t padded = llvm::alignTo(*n, panel);
    Type element = bType.getElementType();
    std::optional<int64_t> k = bType.getDims()[1].getConstantValue();
    if (padded != *n &&
        (!k || !isa<FloatType>(element) || (padded - *n) * 8 > *n ||
         !cast<RelaxTensorType>(op.getType()).hasKnownShape()))
      continue;
    Value &copy = packed[b];
    if (!copy) {
      OpBuilder builder(op);
      if (auto arg = dyn_cast<BlockArgument>(b))
        builder.setInsertionPointToStart(arg.getOwner());
      else
        builder.setInsertionPointAfterValue(b);
      Value rows = b;
      if (padded != *n) {
        auto zerosType = RankedTensorType::get({padded - *n, *k}, element);
        Value zeros = ConstantOp::create(
            builder, b.getLoc(),
            RelaxTensorType::get(
                {sym::SymExprAttr::getConstant(ctx, padded - *n),
                 bType.getDims()[1]},
                element),
            DenseElementsAttr::get(zerosType,
                                   builder.getFloatAttr(element, 0.0)));
        rows = ConcatOp::create(
            builder, b.getLoc(),
            RelaxTensorType::get({sym::SymExprAttr::getConstant(ctx, padded),
                                  bType.getDims()[1]},
                                 element),
            ValueRange{b, zeros}, builder.getI64IntegerAttr(0));
      }
      sym::SymExprAttr panels =
          sym::SymExprAttr::getConstant(ctx, padded / panel);
      sym::SymExprAttr width = sym::SymExprAttr::getConstant(ctx, panel);
      auto splitType =
          RelaxTensorType::get({panels, width, bType.getDims()[1]}, element);
      Value split =
          ReshapeOp::create(builder, b.getLoc(), splitType, rows,
                            sym::SymShapeAttr::get(ctx, splitType.getDims()));
      copy = PermuteDimsOp::create(
          builder, b.getLoc(),
          RelaxTensorType::get({panels, bType.getDims()[1], width}, element),
          split, builder.getDenseI64ArrayAttr({0, 2, 1}));
    }
    OpBuilder builder(op);
    // With padding, the product has the padded columns, which a slice
    // drops.
    auto type = cast<RelaxTensorType>(op.getType());
    RelaxTensorType productType = type;
    if (padded != *n) {
      SmallVector<sym::SymExprAttr> dims = llvm::to_vector(type.getDims());
      dims.back() = sym::SymExprAttr::getConstant(ctx, padded);
      productType = RelaxTensorType::get(dims, element);
    }
    Value result = PackedMatmulOp::create(builder, op.getLoc(), productType,
                                          op.getA(), copy);
    if (padded != *n)
      result = StridedSliceOp::create(
          builder, op.getLoc(), type, result,
          builder.getDenseI64ArrayAttr({type.getRank() - 1}),
          sym::SymShapeAttr::get(ctx, {sym::SymExprAttr::getConstant(ctx, 0)}),
          sym::SymShapeAttr::get(ctx, {sym::SymExprAttr::getConstant(ctx, *n)}),
          /*strides=*/nullptr);
    op.replaceAllUsesWith(result);
    op.erase();
  }
}

/// Moves what `func` computes from its weights alone into
/// `@<name>_transform_params`. Fails, with a diagnostic, when that name is
/// taken.
static LogicalResult liftTransformParams(FuncOp func, SymbolTable &symbols,
                                         bool transpose, int64_t panel) {
  Block &body = func.getBody().front();
  SmallVector<BlockArgument> weights = getWeights(func);
  if (weights.empty())
    return success();
  if (transpose || panel > 0)
    transposeWeights(func, weights);
  if (panel > 0)
    packWeights(func, weights, panel);
  DenseSet<Value> derived;
  SmallVector<Operation *> lifted = getLiftableOps(func, weights, derived);
  if (lifted.empty())
    return success();
  DenseSet<Operation *> liftedSet(lifted.begin(), lifted.end());

  // The computed values the rest of the function reads: the new
  // parameters. Weights it reads as they are stay its parameters.
  SmallVector<Value> params;
  for (Operation *op : lifted)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !liftedSet.contains(user);
          }))
        params.push_back(result);
  // The transform takes the weights that the lifted ops read.
  SmallVector<BlockArgument> inputs;
  for (BlockArgument weight : weights)
    if (llvm::any_of(weight.getUsers(), [&](Operation *user) {
          return liftedSet.contains(user);
        }))
      inputs.push_back(weight);

  std::string name = (func.getSymName() + "_transform_params").str();
  if (symbols.lookup(name))
    return func.emitError("cannot lift the computation on weights into @")
           << name << ": the name is taken";

  // @<name>_transform_params(weights) -> params.
  OpBuilder builder(func);
  SmallVector<Type> weightTypes, paramTypes;
  SmallVector<Attribute> weightAttrs;
  for (BlockArgument weight : inputs) {
    weightTypes.push_back(weight.getType());
    weightAttrs.push_back(func.getArgAttrDict(weight.getArgNumber()));
  }
  for (Value param : params)
    paramTypes.push_back(param.getType());
  auto transform = FuncOp::create(
      builder, func.getLoc(), name,
      builder.getFunctionType(weightTypes, paramTypes),
      /*sym_visibility=*/nullptr, builder.getArrayAttr(weightAttrs),
      /*res_attrs=*/nullptr);
  // The weights of a partitioned function are each rank's blocks, and keep
  // their split annotations.
  if (Attribute grid = func->getAttr(RelaxDialect::getPartitionedAttrName()))
    transform->setAttr(RelaxDialect::getPartitionedAttrName(), grid);
  Block *transformBody = builder.createBlock(&transform.getBody());
  IRMapping mapping;
  for (BlockArgument weight : inputs)
    mapping.map(weight,
                transformBody->addArgument(weight.getType(), weight.getLoc()));
  builder.setInsertionPointToStart(transformBody);
  for (Operation *op : lifted) {
    for (Value operand : op->getOperands())
      if (!mapping.contains(operand))
        builder.clone(*operand.getDefiningOp(), mapping);
    builder.clone(*op, mapping);
  }
  SmallVector<Value> results;
  for (Value param : params)
    results.push_back(mapping.lookup(param));
  ReturnOp::create(builder, func.getLoc(), results);
  symbols.insert(transform);

  // The function takes its other parameters, then the computed values; a
  // weight only the lifted ops read goes.
  unsigned firstParam = func.getNumArguments();
  SmallVector<unsigned> positions(params.size(), firstParam);
  SmallVector<DictionaryAttr> noAttrs(params.size());
  SmallVector<Location> locs;
  for (Value param : params)
    locs.push_back(param.getLoc());
  if (failed(func.insertArguments(positions, paramTypes, noAttrs, locs)))
    return failure();
  for (auto [index, param] : llvm::enumerate(params))
    param.replaceAllUsesWith(body.getArgument(firstParam + index));
  SetVector<Operation *> constants;
  for (Operation *op : lifted)
    for (Value operand : op->getOperands())
      if (auto constant = operand.getDefiningOp<ConstantOp>())
        constants.insert(constant);
  for (Operation *op : llvm::reverse(lifted))
    op->erase();
  for (Operation *constant : constants)
    if (constant->use_empty())
      constant->erase();
  llvm::BitVector erased(func.getNumArguments());
  for (BlockArgument weight : inputs)
    if (weight.use_empty())
      erased.set(weight.getArgNumber());
  if (failed(func.eraseArguments(erased)))
    return failure();
  func->setAttr(RelaxDialect::getTransformParamsAttrName(),
                FlatSymbolRefAttr::get(transform));
  return success();
}

namespace {
struct RelaxLiftTransformParamsPass
    : relax::impl::RelaxLiftTransformParamsPassBase<
          RelaxLiftTransformParamsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (packWeights < 0)
      return emitError(UnknownLoc::get(ctx))
             << "pack-weights must be at least 0, not "
             << static_cast<int64_t>(packWeights);
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (FuncOp func : llvm::to_vector(module.getOps<FuncOp>())) {
      if (func.isExternal() || func.isPrivate() ||
          func->hasAttr(RelaxDialect::getTransformParamsAttrName()))
        continue;
      if (failed(liftTransformParams(func, symbols, transposeWeights,
                                     packWeights)))
        return signalPassFailure();
    }
  }
};
} // namespace
