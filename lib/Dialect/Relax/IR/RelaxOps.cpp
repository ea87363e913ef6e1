//===- RelaxOps.cpp - Relax graph dialect ops -----------------------------===//
//
// Shapes, tuples, constants, match_cast and the memory ops. Functions and
// calls live in RelaxFuncOps.cpp and RelaxCallOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

static ParseResult parseSymDims(OpAsmParser &parser, sym::SymShapeAttr &dims) {
  SmallVector<SymExprAttr> list;
  if (sym::parseSymDimList(parser, list))
    return failure();
  dims = sym::SymShapeAttr::get(parser.getContext(), list);
  return success();
}

static void printSymDims(OpAsmPrinter &printer, Operation *,
                         sym::SymShapeAttr dims) {
  sym::printSymDimList(printer, dims.getDims());
}

static ParseResult parseSymExpr(OpAsmParser &parser, SymExprAttr &expr) {
  FailureOr<SymExprAttr> parsed = SymExprAttr::parseExpr(parser);
  if (failed(parsed))
    return failure();
  expr = *parsed;
  return success();
}

static void printSymExpr(OpAsmPrinter &printer, Operation *, SymExprAttr expr) {
  expr.printExpr(printer.getStream());
}

#define GET_OP_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxOps.cpp.inc"

//===----------------------------------------------------------------------===//
// MatchCastOp
//===----------------------------------------------------------------------===//

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '\'' << type << '\'';
  return text;
}

/// Explains why a value of type `source` can never match `target`, or
/// returns an empty string when it may.
static std::string whyCastFails(Type source, Type target) {
  // Any value is an object; an object may turn out to be anything.
  if (source == target || isa<ObjectType>(source) || isa<ObjectType>(target))
    return "";
  auto describeDims =
      [](std::optional<SmallVector<SymExprAttr>> src,
         std::optional<SmallVector<SymExprAttr>> dst) -> std::string {
    if (!src || !dst)
      return "";
    if (src->size() != dst->size())
      return "rank " + std::to_string(src->size()) + " can never match rank " +
             std::to_string(dst->size());
    for (auto [i, s, d] : llvm::enumerate(*src, *dst))
      if (sym::provablyDifferent(s, d))
        return "dim " + std::to_string(i) + " is " + sym::toString(s) +
               ", which can never equal " + sym::toString(d);
    return "";
  };
  if (auto dst = dyn_cast<RelaxTensorType>(target)) {
    auto src = dyn_cast<RelaxTensorType>(source);
    if (!src)
      return "a non-tensor value cannot be cast to a tensor";
    if (src.getElementType() != dst.getElementType())
      return "element type " + typeString(src.getElementType()) +
             " differs from " + typeString(dst.getElementType());
    return describeDims(sym::getSymDims(src), sym::getSymDims(dst));
  }
  if (auto dst = dyn_cast<ShapeType>(target)) {
    auto src = dyn_cast<ShapeType>(source);
    if (!src)
      return "a non-shape value cannot be cast to a shape";
    return describeDims(sym::getSymDims(src), sym::getSymDims(dst));
  }
  if (auto dst = dyn_cast<TupleType>(target)) {
    auto src = dyn_cast<TupleType>(source);
    if (!src || src.size() != dst.size())
      return "tuple structure differs";
    for (auto [i, s, d] : llvm::enumerate(src.getTypes(), dst.getTypes())) {
      std::string why = whyCastFails(s, d);
      if (!why.empty())
        return "field " + std::to_string(i) + ": " + why;
    }
    return "";
  }
  return "type " + typeString(source) + " can never match " +
         typeString(target);
}

LogicalResult MatchCastOp::verify() {
  std::string why = whyCastFails(getValue().getType(), getType());
  if (!why.empty())
    return emitOpError("can never succeed: ") << why;
  return success();
}

//===----------------------------------------------------------------------===//
// ShapeOfOp
//===----------------------------------------------------------------------===//

LogicalResult ShapeOfOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<RelaxTensorType>(operands.front().getType());
  inferred.push_back(
      ShapeType::get(context, tensor.getDims(), tensor.getRanked()));
  return success();
}

namespace {
/// shape_of(x) -> relax.shape [dims] when the type of x has a known shape.
struct FoldShapeOfKnownShape : OpRewritePattern<ShapeOfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOfOp op,
                                PatternRewriter &rewriter) const override {
    auto tensor = cast<RelaxTensorType>(op.getValue().getType());
    if (!tensor.hasKnownShape())
      return failure();
    rewriter.replaceOpWithNewOp<ShapeOp>(
        op, sym::SymShapeAttr::get(getContext(), tensor.getDims()));
    return success();
  }
};
} // namespace

void ShapeOfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldShapeOfKnownShape>(context);
}

//===----------------------------------------------------------------------===//
// ShapeOp
//===----------------------------------------------------------------------===//

LogicalResult
ShapeOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                          ValueRange operands, DictionaryAttr attributes,
                          OpaqueProperties properties, RegionRange regions,
                          SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  inferred.push_back(
      ShapeType::get(context, adaptor.getDims().getDims(), /*ranked=*/true));
  return success();
}

LogicalResult ShapeOp::verify() {
  for (auto [i, dim] : llvm::enumerate(getDims().getDims()))
    if (!dim)
      return emitOpError("dim ") << i << " of a shape value must be known";
  return success();
}

//===----------------------------------------------------------------------===//
// TupleOp and TupleGetOp
//===----------------------------------------------------------------------===//

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  inferred.push_back(TupleType::get(context, operands.getTypes()));
  return success();
}

LogicalResult TupleGetOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto tuple = cast<TupleType>(operands.front().getType());
  int64_t index = adaptor.getIndex();
  if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
    return emitOptionalError(location, "tuple index ", index,
                             " is out of range for a tuple of ", tuple.size(),
                             " fields");
  inferred.push_back(tuple.getType(index));
  return success();
}

OpFoldResult TupleGetOp::fold(FoldAdaptor) {
  if (auto tuple = getTuple().getDefiningOp<TupleOp>())
    return tuple.getFields()[getIndex()];
  return {};
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(ValueRange(), attributes, properties, regions);
  auto shaped = dyn_cast<ShapedType>(adaptor.getValue().getType());
  if (!shaped || !shaped.hasStaticShape())
    return emitOptionalError(location,
                             "constant value must have a static shape");
  inferred.push_back(
      RelaxTensorType::getStatic(shaped.getShape(), shaped.getElementType()));
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

LogicalResult AllocStorageOp::verify() {
  if (std::optional<int64_t> size = getSize().getConstantValue();
      size && *size < 0)
    return emitOpError("storage size must be non-negative, got ") << *size;
  int64_t alignment = getAlignment();
  if (alignment <= 0 || !llvm::isPowerOf2_64(alignment))
    return emitOpError("alignment must be a positive power of two, got ")
           << alignment;
  return success();
}

LogicalResult AllocTensorOp::verify() {
  if (std::optional<int64_t> offset = getOffset().getConstantValue();
      offset && *offset < 0)
    return emitOpError("offset must be non-negative, got ") << *offset;
  if (!getType().hasKnownShape())
    return emitOpError("result must have a fully known shape, got ")
           << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

/// The number of elements of `type` as a symbolic expression.
static sym::SymExprAttr getNumElements(RelaxTensorType type) {
  sym::SymExprAttr count = sym::SymExprAttr::getConstant(type.getContext(), 1);
  for (sym::SymExprAttr d : type.getDims()) {
    if (!d)
      return nullptr;
    count = sym::SymExprAttr::mul(count, d);
  }
  return count;
}

LogicalResult ViewOp::verify() {
  auto source = cast<RelaxTensorType>(getSource().getType());
  auto result = cast<RelaxTensorType>(getResult().getType());
  if (!source.hasRank() || !result.hasRank())
    return emitOpError("needs tensors of known rank");
  if (source.getElementType() != result.getElementType())
    return emitOpError("cannot change the element type from ")
           << source.getElementType() << " to " << result.getElementType();
  sym::SymExprAttr from = getNumElements(source), to = getNumElements(result);
  if (from && to && from.isConstant() && to.isConstant() && from != to)
    return emitOpError("views ")
           << from.getValue() << " elements as " << to.getValue();
  return success();
}
