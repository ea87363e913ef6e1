//===- RelaxShapeRules.h - Shape rules of the op library ----------*- C++
//-*-===//
//
// One function per family of graph ops. Each reads the operands of the op in
// `context`, checks element types and shapes, and appends the result types.
// The op definitions generated from RelaxGraphOps.td call them.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_RELAX_IR_RELAXSHAPERULES_H
#define LIB_DIALECT_RELAX_IR_RELAXSHAPERULES_H

#include "Relax/Dialect/Relax/IR/RelaxAttrs.h"
#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"

namespace mlir::relax::rules {

using Results = SmallVectorImpl<Type>;
using OptionalAxes = std::optional<ArrayRef<int64_t>>;

LogicalResult unary(ShapeInferenceContext &context, Results &results,
                    bool floatOnly);
LogicalResult binary(ShapeInferenceContext &context, Results &results,
                     bool isCompare);
LogicalResult where(ShapeInferenceContext &context, Results &results);
LogicalResult matmul(ShapeInferenceContext &context, Results &results,
                     bool transposeA, bool transposeB);
LogicalResult packedMatmul(ShapeInferenceContext &context, Results &results);
LogicalResult softmax(ShapeInferenceContext &context, Results &results,
                      int64_t axis);
LogicalResult reduce(ShapeInferenceContext &context, Results &results,
                     OptionalAxes axes, bool keepdims, bool indexResult,
                     bool floatOnly);
LogicalResult argReduce(ShapeInferenceContext &context, Results &results,
                        std::optional<int64_t> axis, bool keepdims);
LogicalResult sameShape(ShapeInferenceContext &context, Results &results,
                        int64_t minRank, std::optional<int64_t> axis);
LogicalResult allGather(ShapeInferenceContext &context, Results &results,
                        int64_t axis, int64_t numRanks);
LogicalResult norm(ShapeInferenceContext &context, Results &results,
                   OptionalAxes axes, unsigned numParams);
LogicalResult groupNorm(ShapeInferenceContext &context, Results &results,
                        int64_t numGroups, int64_t channelAxis);
LogicalResult reshape(ShapeInferenceContext &context, Results &results,
                      sym::SymShapeAttr shape);
LogicalResult permuteDims(ShapeInferenceContext &context, Results &results,
                          OptionalAxes axes);
LogicalResult expandDims(ShapeInferenceContext &context, Results &results,
                         ArrayRef<int64_t> axes);
LogicalResult squeeze(ShapeInferenceContext &context, Results &results,
                      OptionalAxes axes);
LogicalResult broadcastTo(ShapeInferenceContext &context, Results &results,
                          sym::SymShapeAttr shape);
LogicalResult concat(ShapeInferenceContext &context, Results &results,
                     int64_t axis);
LogicalResult split(ShapeInferenceContext &context, Results &results,
                    int64_t axis, std::optional<int64_t> sections,
                    sym::SymShapeAttr indices);
LogicalResult stridedSlice(ShapeInferenceContext &context, Results &results,
                           ArrayRef<int64_t> axes, sym::SymShapeAttr begin,
                           sym::SymShapeAttr end, OptionalAxes strides);
LogicalResult take(ShapeInferenceContext &context, Results &results,
                   int64_t axis);
LogicalResult astype(ShapeInferenceContext &context, Results &results,
                     Type dtype);
LogicalResult dequantize(ShapeInferenceContext &context, Results &results,
                         QuantFormat format);
LogicalResult full(ShapeInferenceContext &context, Results &results,
                   sym::SymShapeAttr shape);
LogicalResult fill(ShapeInferenceContext &context, Results &results,
                   sym::SymShapeAttr shape, Type dtype);
LogicalResult arange(ShapeInferenceContext &context, Results &results,
                     sym::SymExprAttr start, sym::SymExprAttr end,
                     sym::SymExprAttr step, Type dtype);
LogicalResult rotaryEmbedding(ShapeInferenceContext &context, Results &results);
LogicalResult attention(ShapeInferenceContext &context, Results &results);
LogicalResult pagedKVAppend(ShapeInferenceContext &context, Results &results,
                            int64_t layer);
LogicalResult pagedAttention(ShapeInferenceContext &context, Results &results,
                             int64_t layer);
LogicalResult conv(ShapeInferenceContext &context, Results &results,
                   unsigned spatial, OptionalAxes strides, OptionalAxes padding,
                   OptionalAxes dilation, int64_t groups);
LogicalResult pool(ShapeInferenceContext &context, Results &results,
                   ArrayRef<int64_t> poolSize, OptionalAxes strides,
                   OptionalAxes padding, OptionalAxes dilation);

} // namespace mlir::relax::rules

#endif // LIB_DIALECT_RELAX_IR_RELAXSHAPERULES_H
