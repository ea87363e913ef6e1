//===- RelaxShapeRules.cpp - Shape rules of the op library ----------------===//
//
// Shape and dtype rules of the high-level graph ops, one function per family.
//
// Conventions: an operand of unknown rank makes the result's rank unknown
// unless the rule fixes it; an unknown dim (`?`) propagates as unknown. A
// symbolic dim is never assumed to be 1: only a literal 1 broadcasts.
//
//===----------------------------------------------------------------------===//

#include "RelaxShapeRules.h"

#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::rules;
using sym::Proof;
using sym::SymExprAttr;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static SymExprAttr constant(ShapeInferenceContext &context, int64_t value) {
  return SymExprAttr::getConstant(context.getContext(), value);
}

static bool isOne(SymExprAttr dim) {
  return dim && dim.getConstantValue() == 1;
}

/// A dim that is 1 for every value allowed by the constraints.
static bool isProvenOne(ShapeInferenceContext &context, SymExprAttr dim) {
  return isOne(dim) ||
         (dim && context.proveEq(dim, constant(context, 1)) == Proof::Proven);
}

/// The result of a rule whose operand rank is unknown: a tensor of unknown
/// rank.
static LogicalResult unknownRank(Results &results, Type element) {
  results.push_back(RelaxTensorType::getUnranked(element));
  return success();
}

static bool isNumeric(Type type) {
  return type && (isa<FloatType>(type) || isa<IntegerType>(type));
}

/// Requires every listed operand to have the element type of the first.
static LogicalResult requireSameElementType(ShapeInferenceContext &context,
                                            ArrayRef<unsigned> operands) {
  Type first = context.getElementType(operands.front());
  for (unsigned index : operands.drop_front())
    if (context.getElementType(index) != first)
      return context.fail(
          "operand #" + Twine(index) + " has element type " +
          llvm::formatv("{0}", context.getElementType(index)).str() +
          " but operand #" + Twine(operands.front()) + " has " +
          llvm::formatv("{0}", first).str());
  return success();
}

static LogicalResult requireFloat(ShapeInferenceContext &context,
                                  unsigned operand) {
  Type type = context.getElementType(operand);
  if (!isa<FloatType>(type))
    return context.fail("operand #" + Twine(operand) +
                        " must have a float element type, got " +
                        llvm::formatv("{0}", type).str());
  return success();
}

/// Requires operand `operand` to have rank `rank` when its rank is known.
static LogicalResult requireRank(ShapeInferenceContext &context,
                                 unsigned operand, int64_t rank) {
  DimList dims = context.getDims(operand);
  if (dims && static_cast<int64_t>(dims->size()) != rank)
    return context.fail("operand #" + Twine(operand) + " must have rank " +
                        Twine(rank) + ", got " + Twine(dims->size()));
  return success();
}

/// Normalizes a list of axes, rejecting duplicates.
static FailureOr<SmallVector<int64_t>>
normalizeAxes(ShapeInferenceContext &context, ArrayRef<int64_t> axes,
              int64_t rank) {
  SmallVector<int64_t> result;
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t axis : axes) {
    FailureOr<int64_t> normalized = normalizeAxis(context, axis, rank);
    if (failed(normalized))
      return failure();
    if (!seen.insert(*normalized).second) {
      (void)context.fail("axis " + Twine(axis) + " is repeated");
      return failure();
    }
    result.push_back(*normalized);
  }
  return result;
}

namespace {
/// A list of dims that takes part in broadcasting, with the operand it
/// belongs to (dim `i` of the list is dim `i` of the operand).
struct BroadcastInput {
  unsigned operand;
  ArrayRef<SymExprAttr> dims;
};
} // namespace

/// Broadcasts right-aligned dim lists as numpy does.
static FailureOr<SmallVector<SymExprAttr>>
broadcastDims(ShapeInferenceContext &context, ArrayRef<BroadcastInput> inputs) {
  size_t rank = 0;
  for (const BroadcastInput &input : inputs)
    rank = std::max(rank, input.dims.size());
  SmallVector<SymExprAttr> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Position i of the result, counted from the right.
    SymExprAttr out = constant(context, 1);
    bool sawUnknown = false;
    SmallVector<std::pair<unsigned, unsigned>> symbolic;
    for (const BroadcastInput &input : inputs) {
      if (i >= input.dims.size())
        continue;
      unsigned pos = input.dims.size() - 1 - i;
      SymExprAttr dim = input.dims[pos];
      if (!dim) {
        sawUnknown = true;
        continue;
      }
      if (isProvenOne(context, dim))
        continue;
      if (isProvenOne(context, out)) {
        out = dim;
        continue;
      }
      if (failed(context.requireDim(input.operand, pos, out, "broadcast")))
        return failure();
    }
    // An unknown dim is 1 or the other dims; if all others are 1 it decides.
    result[rank - 1 - i] = (sawUnknown && isOne(out)) ? SymExprAttr() : out;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult rules::unary(ShapeInferenceContext &context, Results &results,
                           bool floatOnly) {
  Type element = context.getElementType(0);
  if (floatOnly ? failed(requireFloat(context, 0)) : !isNumeric(element))
    return floatOnly ? failure()
                     : context.fail("operand #0 must have an integer or "
                                    "float element type");
  results.push_back(context.getOperandType(0));
  return success();
}

/// Broadcasts all operands of the op in `operands`.
static FailureOr<DimList> broadcastOperands(ShapeInferenceContext &context,
                                            ArrayRef<unsigned> operands) {
  SmallVector<SmallVector<SymExprAttr>> storage;
  SmallVector<BroadcastInput> inputs;
  for (unsigned index : operands) {
    DimList dims = context.getDims(index);
    if (!dims)
      return DimList();
    storage.push_back(std::move(*dims));
  }
  for (auto [index, dims] : llvm::zip(operands, storage))
    inputs.push_back({index, dims});
  FailureOr<SmallVector<SymExprAttr>> result = broadcastDims(context, inputs);
  if (failed(result))
    return failure();
  return DimList(std::move(*result));
}

LogicalResult rules::binary(ShapeInferenceContext &context, Results &results,
                            bool isCompare) {
  if (failed(requireSameElementType(context, {0, 1})))
    return failure();
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operands must have an integer or float element type");
  FailureOr<DimList> dims = broadcastOperands(context, {0, 1});
  if (failed(dims))
    return failure();
  Type element = isCompare ? IntegerType::get(context.getContext(), 1)
                           : context.getElementType(0);
  results.push_back(makeTensorType(*dims, element));
  return success();
}

LogicalResult rules::where(ShapeInferenceContext &context, Results &results) {
  if (!context.getElementType(0).isInteger(1))
    return context.fail("condition must have element type i1");
  if (failed(requireSameElementType(context, {1, 2})))
    return failure();
  if (!isNumeric(context.getElementType(1)))
    return context.fail("values must have an integer or float element type");
  FailureOr<DimList> dims = broadcastOperands(context, {0, 1, 2});
  if (failed(dims))
    return failure();
  results.push_back(makeTensorType(*dims, context.getElementType(1)));
  return success();
}

LogicalResult rules::astype(ShapeInferenceContext &context, Results &results,
                            Type dtype) {
  if (!isNumeric(dtype) && !dtype.isIndex())
    return context.fail("dtype must be an integer or float type");
  results.push_back(makeTensorType(context.getDims(0), dtype));
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

LogicalResult rules::matmul(ShapeInferenceContext &context, Results &results,
                            bool transposeA, bool transposeB) {
  if (failed(requireSameElementType(context, {0, 1})))
    return failure();
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operands must have an integer or float element type");
  Type element = context.getElementType(0);
  DimList a = context.getDims(0), b = context.getDims(1);
  if (!a || !b)
    return unknownRank(results, element);
  if (a->empty() || b->empty())
    return context.fail("matmul operands must have rank at least 1");
  // Positions of m, k in a and of k, n in b (-1 when absent).
  int64_t ra = a->size(), rb = b->size();
  int64_t aK = ra == 1 ? 0 : (transposeA ? ra - 2 : ra - 1);
  int64_t aM = ra == 1 ? -1 : (transposeA ? ra - 1 : ra - 2);
  int64_t bK = rb == 1 ? 0 : (transposeB ? rb - 1 : rb - 2);
  int64_t bN = rb == 1 ? -1 : (transposeB ? rb - 2 : rb - 1);
  if (failed(context.requireDim(1, bK, (*a)[aK], "contraction dim")))
    return failure();
  ArrayRef<SymExprAttr> batchA =
      ArrayRef<SymExprAttr>(*a).take_front(std::max<int64_t>(ra - 2, 0));
  ArrayRef<SymExprAttr> batchB =
      ArrayRef<SymExprAttr>(*b).take_front(std::max<int64_t>(rb - 2, 0));
  FailureOr<SmallVector<SymExprAttr>> dims =
      broadcastDims(context, {{0, batchA}, {1, batchB}});
  if (failed(dims))
    return failure();
  if (aM >= 0)
    dims->push_back((*a)[aM]);
  if (bN >= 0)
    dims->push_back((*b)[bN]);
  results.push_back(RelaxTensorType::get(*dims, element));
  return success();
}

LogicalResult rules::packedMatmul(ShapeInferenceContext &context,
                                  Results &results) {
  if (failed(requireSameElementType(context, {0, 1})) ||
      failed(requireFloat(context, 0)))
    return failure();
  Type element = context.getElementType(0);
  DimList a = context.getDims(0), b = context.getDims(1);
  if (b && b->size() != 3)
    return context.fail("packed operand must have rank 3 ([n / p, k, p]), "
                        "got " +
                        Twine(b->size()));
  if (a && a->size() < 2)
    return context.fail("operand #0 must have rank at least 2");
  if (b && (!(*b)[2] || !(*b)[2].getConstantValue()))
    return context.fail("the panel width (dim 2 of the packed operand) must "
                        "be static");
  if (!a || !b)
    return unknownRank(results, element);
  if (failed(context.requireDim(1, 1, a->back(), "contraction dim")))
    return failure();
  SmallVector<SymExprAttr> dims(a->begin(), a->end() - 1);
  SymExprAttr panels = (*b)[0];
  dims.push_back(panels ? SymExprAttr::mul(panels, (*b)[2]) : SymExprAttr());
  results.push_back(RelaxTensorType::get(dims, element));
  return success();
}

LogicalResult rules::softmax(ShapeInferenceContext &context, Results &results,
                             int64_t axis) {
  if (failed(requireFloat(context, 0)))
    return failure();
  return sameShape(context, results, 1, axis);
}

//===----------------------------------------------------------------------===//
// Reductions and normalization
//===----------------------------------------------------------------------===//

/// Result dims of reducing `dims` along `axes` (all when absent).
static FailureOr<DimList> reducedDims(ShapeInferenceContext &context,
                                      const DimList &dims, OptionalAxes axes,
                                      bool keepdims) {
  if (!dims)
    return DimList();
  int64_t rank = dims->size();
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(context, axes ? *axes : ArrayRef<int64_t>(all), rank);
  if (failed(normalized))
    return failure();
  llvm::SmallSet<int64_t, 4> reduced(normalized->begin(), normalized->end());
  SmallVector<SymExprAttr> result;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced.contains(i))
      result.push_back((*dims)[i]);
    else if (keepdims)
      result.push_back(constant(context, 1));
  }
  return DimList(std::move(result));
}

LogicalResult rules::reduce(ShapeInferenceContext &context, Results &results,
                            OptionalAxes axes, bool keepdims, bool indexResult,
                            bool floatOnly) {
  if (floatOnly && failed(requireFloat(context, 0)))
    return failure();
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operand #0 must have an integer or float element "
                        "type");
  FailureOr<DimList> dims =
      reducedDims(context, context.getDims(0), axes, keepdims);
  if (failed(dims))
    return failure();
  Type element = indexResult ? IntegerType::get(context.getContext(), 64)
                             : context.getElementType(0);
  results.push_back(makeTensorType(*dims, element));
  return success();
}

LogicalResult rules::argReduce(ShapeInferenceContext &context, Results &results,
                               std::optional<int64_t> axis, bool keepdims) {
  std::optional<SmallVector<int64_t>> axes;
  if (axis)
    axes = SmallVector<int64_t>{*axis};
  return reduce(context, results,
                axes ? OptionalAxes(ArrayRef<int64_t>(*axes)) : std::nullopt,
                keepdims, /*indexResult=*/true, /*floatOnly=*/false);
}

LogicalResult rules::sameShape(ShapeInferenceContext &context, Results &results,
                               int64_t minRank, std::optional<int64_t> axis) {
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operand #0 must have an integer or float element "
                        "type");
  DimList dims = context.getDims(0);
  if (dims) {
    int64_t rank = dims->size();
    if (rank < minRank)
      return context.fail("operand #0 must have rank at least " +
                          Twine(minRank) + ", got " + Twine(rank));
    if (axis && failed(normalizeAxis(context, *axis, rank)))
      return failure();
  }
  results.push_back(context.getOperandType(0));
  return success();
}

LogicalResult rules::allGather(ShapeInferenceContext &context, Results &results,
                               int64_t axis, int64_t numRanks) {
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operand #0 must have an integer or float element "
                        "type");
  DimList dims = context.getDims(0);
  if (dims) {
    FailureOr<int64_t> normalized = normalizeAxis(context, axis, dims->size());
    if (failed(normalized))
      return failure();
    SymExprAttr &dim = (*dims)[*normalized];
    if (dim)
      dim = SymExprAttr::mul(dim, constant(context, numRanks));
  }
  results.push_back(makeTensorType(dims, context.getElementType(0)));
  return success();
}

LogicalResult rules::norm(ShapeInferenceContext &context, Results &results,
                          OptionalAxes axes, unsigned numParams) {
  if (failed(requireFloat(context, 0)))
    return failure();
  SmallVector<unsigned> operands = {0};
  for (unsigned i = 1; i <= numParams; ++i)
    operands.push_back(i);
  if (failed(requireSameElementType(context, operands)))
    return failure();
  DimList dims = context.getDims(0);
  if (dims) {
    int64_t rank = dims->size();
    SmallVector<int64_t> last = {-1};
    if (axes && axes->empty())
      return context.fail("needs at least one axis to normalize over");
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(context, axes ? *axes : ArrayRef<int64_t>(last), rank);
    if (failed(normalized))
      return failure();
    // Each parameter has the shape of the normalized axes.
    for (unsigned param = 1; param <= numParams; ++param) {
      if (failed(requireRank(context, param, normalized->size())))
        return failure();
      for (auto [i, axis] : llvm::enumerate(*normalized))
        if (failed(context.requireDim(param, i, (*dims)[axis],
                                      "normalization parameter")))
          return failure();
    }
  }
  results.push_back(context.getOperandType(0));
  return success();
}

LogicalResult rules::groupNorm(ShapeInferenceContext &context, Results &results,
                               int64_t numGroups, int64_t channelAxis) {
  if (numGroups <= 0)
    return context.fail("num_groups must be positive");
  if (failed(requireFloat(context, 0)) ||
      failed(requireSameElementType(context, {0, 1, 2})))
    return failure();
  DimList dims = context.getDims(0);
  if (dims) {
    FailureOr<int64_t> axis = normalizeAxis(context, channelAxis, dims->size());
    if (failed(axis))
      return failure();
    SymExprAttr channels = (*dims)[*axis];
    if (failed(context.requireDivisible(channels, numGroups, "channel count")))
      return failure();
    for (unsigned param : {1u, 2u})
      if (failed(requireRank(context, param, 1)) ||
          failed(context.requireDim(param, 0, channels, "per-channel scale")))
        return failure();
  }
  results.push_back(context.getOperandType(0));
  return success();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

/// Product of dims; null when one is unknown.
static SymExprAttr product(ShapeInferenceContext &context,
                           ArrayRef<SymExprAttr> dims) {
  SymExprAttr result = constant(context, 1);
  for (SymExprAttr dim : dims)
    result = dim ? SymExprAttr::mul(result, dim) : SymExprAttr();
  return result;
}

LogicalResult rules::reshape(ShapeInferenceContext &context, Results &results,
                             sym::SymShapeAttr shape) {
  SmallVector<SymExprAttr> target(shape.getDims());
  unsigned inferred = target.size();
  for (auto [i, dim] : llvm::enumerate(target)) {
    if (dim)
      continue;
    if (inferred != target.size())
      return context.fail("at most one dim of the new shape may be inferred");
    inferred = i;
  }
  DimList dims = context.getDims(0);
  SymExprAttr count = dims ? product(context, *dims) : SymExprAttr();
  if (inferred != target.size()) {
    SmallVector<SymExprAttr> known(target);
    known.erase(known.begin() + inferred);
    SymExprAttr rest = product(context, known);
    SymExprAttr quotient = SymExprAttr::exactDiv(count, rest);
    if (!quotient && count && rest) {
      // Not an exact polynomial division: the element count check below
      // makes sure the division leaves no remainder.
      if (std::optional<int64_t> c = rest.getConstantValue();
          c && *c != 0 &&
          context.getProver().proveDivisible(count, *c) == Proof::Disproven)
        return context.fail("cannot infer a dim: " + sym::toString(count) +
                            " elements do not split into rows of " +
                            sym::toString(rest));
      quotient = SymExprAttr::floorDiv(count, rest);
    }
    target[inferred] = quotient;
  }
  SymExprAttr newCount = product(context, target);
  if (failed(context.requireEqual(count, newCount, "element count")))
    return failure();
  results.push_back(RelaxTensorType::get(target, context.getElementType(0)));
  return success();
}

LogicalResult rules::permuteDims(ShapeInferenceContext &context,
                                 Results &results, OptionalAxes axes) {
  DimList dims = context.getDims(0);
  Type element = context.getElementType(0);
  if (!dims)
    return unknownRank(results, element);
  int64_t rank = dims->size();
  SmallVector<int64_t> order;
  if (axes) {
    if (static_cast<int64_t>(axes->size()) != rank)
      return context.fail("permutation has " + Twine(axes->size()) +
                          " axes for rank " + Twine(rank));
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(context, *axes, rank);
    if (failed(normalized))
      return failure();
    order = std::move(*normalized);
  } else {
    for (int64_t i = rank - 1; i >= 0; --i)
      order.push_back(i);
  }
  SmallVector<SymExprAttr> result;
  for (int64_t axis : order)
    result.push_back((*dims)[axis]);
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::expandDims(ShapeInferenceContext &context,
                                Results &results, ArrayRef<int64_t> axes) {
  DimList dims = context.getDims(0);
  Type element = context.getElementType(0);
  if (!dims)
    return unknownRank(results, element);
  int64_t rank = dims->size() + axes.size();
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(context, axes, rank);
  if (failed(normalized))
    return failure();
  llvm::SmallSet<int64_t, 4> inserted(normalized->begin(), normalized->end());
  SmallVector<SymExprAttr> result;
  auto next = dims->begin();
  for (int64_t i = 0; i < rank; ++i)
    result.push_back(inserted.contains(i) ? constant(context, 1) : *next++);
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::squeeze(ShapeInferenceContext &context, Results &results,
                             OptionalAxes axes) {
  DimList dims = context.getDims(0);
  Type element = context.getElementType(0);
  if (!dims)
    return unknownRank(results, element);
  int64_t rank = dims->size();
  llvm::SmallSet<int64_t, 4> removed;
  if (axes) {
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(context, *axes, rank);
    if (failed(normalized))
      return failure();
    for (int64_t axis : *normalized) {
      if (failed(context.requireDim(0, axis, constant(context, 1),
                                    "squeezed dim")))
        return failure();
      removed.insert(axis);
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      if (isOne((*dims)[i]))
        removed.insert(i);
  }
  SmallVector<SymExprAttr> result;
  for (int64_t i = 0; i < rank; ++i)
    if (!removed.contains(i))
      result.push_back((*dims)[i]);
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::broadcastTo(ShapeInferenceContext &context,
                                 Results &results, sym::SymShapeAttr shape) {
  ArrayRef<SymExprAttr> target = shape.getDims();
  if (llvm::any_of(target, [](SymExprAttr d) { return !d; }))
    return context.fail("target shape must be fully known");
  DimList dims = context.getDims(0);
  if (dims) {
    if (dims->size() > target.size())
      return context.fail("cannot broadcast rank " + Twine(dims->size()) +
                          " to rank " + Twine(target.size()));
    size_t offset = target.size() - dims->size();
    for (auto [i, dim] : llvm::enumerate(*dims))
      if (!isOne(dim) &&
          failed(context.requireDim(0, i, target[offset + i], "broadcast")))
        return failure();
  }
  results.push_back(RelaxTensorType::get(target, context.getElementType(0)));
  return success();
}

LogicalResult rules::concat(ShapeInferenceContext &context, Results &results,
                            int64_t axis) {
  unsigned numInputs = context.getNumOperands();
  if (numInputs == 0)
    return context.fail("needs at least one input");
  SmallVector<unsigned> operands =
      llvm::to_vector(llvm::seq<unsigned>(0, numInputs));
  if (failed(requireSameElementType(context, operands)))
    return failure();
  Type element = context.getElementType(0);
  // The first ranked input fixes the rank and the other dims.
  DimList first;
  for (unsigned i : operands)
    if ((first = context.getDims(i)))
      break;
  if (!first)
    return unknownRank(results, element);
  int64_t rank = first->size();
  FailureOr<int64_t> normalized = normalizeAxis(context, axis, rank);
  if (failed(normalized))
    return failure();
  SmallVector<SymExprAttr> result(*first);
  SymExprAttr total = constant(context, 0);
  for (unsigned i : operands) {
    DimList dims = context.getDims(i);
    if (!dims) {
      total = {};
      continue;
    }
    if (failed(requireRank(context, i, rank)))
      return failure();
    for (int64_t d = 0; d < rank; ++d) {
      if (d == *normalized)
        continue;
      if (!result[d])
        result[d] = (*dims)[d];
      else if (failed(context.requireDim(i, d, result[d], "concat")))
        return failure();
    }
    SymExprAttr dim = (*dims)[*normalized];
    total = (total && dim) ? SymExprAttr::add(total, dim) : SymExprAttr();
  }
  result[*normalized] = total;
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::split(ShapeInferenceContext &context, Results &results,
                           int64_t axis, std::optional<int64_t> sections,
                           sym::SymShapeAttr indices) {
  if (sections.has_value() == static_cast<bool>(indices))
    return context.fail("needs exactly one of 'sections' and 'indices'");
  if (sections && *sections <= 0)
    return context.fail("needs a positive number of sections");
  // The parts follow from the attributes; an existing op must agree.
  unsigned numResults = sections ? *sections : indices.getRank() + 1;
  std::optional<unsigned> written = context.getNumResults();
  if (sections && written && *sections != *written)
    return context.fail(Twine(*sections) + " sections but " + Twine(*written) +
                        " results");
  if (indices && written && indices.getRank() + 1 != *written)
    return context.fail(Twine(indices.getRank()) + " split indices give " +
                        Twine(indices.getRank() + 1) + " parts but there are " +
                        Twine(*written) + " results");
  Type element = context.getElementType(0);
  DimList dims = context.getDims(0);
  if (!dims) {
    results.append(numResults, RelaxTensorType::getUnranked(element));
    return success();
  }
  FailureOr<int64_t> normalized = normalizeAxis(context, axis, dims->size());
  if (failed(normalized))
    return failure();
  SymExprAttr dim = (*dims)[*normalized];
  SmallVector<SymExprAttr> sizes;
  if (sections) {
    if (failed(context.requireDivisible(dim, *sections, "split dim")))
      return failure();
    SymExprAttr part =
        dim ? SymExprAttr::floorDiv(dim, constant(context, *sections))
            : SymExprAttr();
    sizes.append(numResults, part);
  } else {
    SymExprAttr previous = constant(context, 0);
    SmallVector<SymExprAttr> bounds(indices.getDims());
    bounds.push_back(dim);
    for (SymExprAttr bound : bounds) {
      if (!bound) {
        if (bound != dim)
          return context.fail("split indices must be known");
        sizes.push_back({});
        continue;
      }
      SymExprAttr size = SymExprAttr::sub(bound, previous);
      if (context.getProver().proveLe(previous, bound) == Proof::Disproven)
        return context.fail("split indices must be increasing");
      sizes.push_back(size);
      previous = bound;
    }
  }
  for (SymExprAttr size : sizes) {
    SmallVector<SymExprAttr> part(*dims);
    part[*normalized] = size;
    results.push_back(RelaxTensorType::get(part, element));
  }
  return success();
}

LogicalResult rules::stridedSlice(ShapeInferenceContext &context,
                                  Results &results, ArrayRef<int64_t> axes,
                                  sym::SymShapeAttr begin,
                                  sym::SymShapeAttr end, OptionalAxes strides) {
  if (begin.getRank() != static_cast<int64_t>(axes.size()) ||
      end.getRank() != static_cast<int64_t>(axes.size()) ||
      (strides && strides->size() != axes.size()))
    return context.fail("begin, end and strides need one entry per axis");
  Type element = context.getElementType(0);
  DimList dims = context.getDims(0);
  if (!dims)
    return unknownRank(results, element);
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(context, axes, dims->size());
  if (failed(normalized))
    return failure();
  SmallVector<SymExprAttr> result(*dims);
  for (auto [i, axis] : llvm::enumerate(*normalized)) {
    int64_t stride = strides ? (*strides)[i] : 1;
    if (stride <= 0)
      return context.fail("strides must be positive, got " + Twine(stride));
    SymExprAttr lo = begin.getDims()[i], hi = end.getDims()[i];
    SymExprAttr dim = (*dims)[axis];
    if (!lo || !hi || !dim) {
      result[axis] = {};
      continue;
    }
    if (context.getProver().proveLe(constant(context, 0), lo) ==
        Proof::Disproven)
      return context.fail("slice begin " + sym::toString(lo) + " is negative");
    SymExprAttr stop =
        context.getProver().simplify(SymExprAttr::min({hi, dim}));
    // Length of [lo, stop) in steps of `stride`, and 0 when empty.
    SymExprAttr length =
        SymExprAttr::floorDiv(SymExprAttr::add(SymExprAttr::sub(stop, lo),
                                               constant(context, stride - 1)),
                              constant(context, stride));
    result[axis] = context.getProver().simplify(
        SymExprAttr::max({length, constant(context, 0)}));
  }
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::take(ShapeInferenceContext &context, Results &results,
                          int64_t axis) {
  if (!isa<IntegerType>(context.getElementType(1)))
    return context.fail("indices must have an integer element type");
  Type element = context.getElementType(0);
  DimList dims = context.getDims(0), indices = context.getDims(1);
  if (!dims || !indices)
    return unknownRank(results, element);
  FailureOr<int64_t> normalized = normalizeAxis(context, axis, dims->size());
  if (failed(normalized))
    return failure();
  SmallVector<SymExprAttr> result(dims->begin(), dims->begin() + *normalized);
  result.append(indices->begin(), indices->end());
  result.append(dims->begin() + *normalized + 1, dims->end());
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

LogicalResult rules::dequantize(ShapeInferenceContext &context,
                                Results &results, QuantFormat format) {
  MLIRContext *ctx = context.getContext();
  // The packed element type, the weights per packed element and the scale
  // and result element types of each layout.
  bool mlc = format == QuantFormat::Q4F16_1 || format == QuantFormat::Q4F32_1;
  Type packed = IntegerType::get(ctx, mlc ? 32 : 8);
  int64_t perElement = mlc ? 8 : format == QuantFormat::Q4_0 ? 2 : 1;
  Type scale = format == QuantFormat::Q4F32_1 ? Type(Float32Type::get(ctx))
                                              : Type(Float16Type::get(ctx));
  Type result = format == QuantFormat::Q4F16_1 ? Type(Float16Type::get(ctx))
                                               : Type(Float32Type::get(ctx));
  StringRef name = stringifyQuantFormat(format);
  auto requireElement = [&](unsigned operand, Type expected) {
    Type actual = context.getElementType(operand);
    if (actual == expected)
      return success();
    return context.fail(llvm::formatv("{0} {1} must have element type {2}, "
                                      "got {3}",
                                      name, operand == 0 ? "data" : "scales",
                                      expected, actual)
                            .str());
  };
  if (failed(requireElement(0, packed)) || failed(requireElement(1, scale)))
    return failure();
  DimList data = context.getDims(0), scales = context.getDims(1);
  if (!data)
    return unknownRank(results, result);
  if (data->empty())
    return context.fail("data must have rank at least 1");
  if (failed(requireRank(context, 1, data->size())))
    return failure();
  for (unsigned i = 0, e = data->size() - 1; i < e; ++i)
    if (failed(context.requireDim(1, i, (*data)[i], "scales")))
      return failure();
  // Groups of 32 weights: the packed row holds 32 / perElement elements per
  // group, and the scales one.
  SymExprAttr row = data->back();
  int64_t perGroup = 32 / perElement;
  if (failed(context.requireDivisible(
          row, perGroup,
          llvm::formatv("{0} data (groups of {1} elements)", name, perGroup)
              .str())))
    return failure();
  if (row && scales &&
      failed(context.requireDim(
          1, data->size() - 1,
          context.getProver().simplify(
              SymExprAttr::floorDiv(row, constant(context, perGroup))),
          "scales (one per group of 32 weights)")))
    return failure();
  SmallVector<SymExprAttr> dims(data->begin(), data->end());
  if (row)
    dims.back() = context.getProver().simplify(
        SymExprAttr::mul(row, constant(context, perElement)));
  results.push_back(RelaxTensorType::get(dims, result));
  return success();
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

static LogicalResult requireKnownShape(ShapeInferenceContext &context,
                                       sym::SymShapeAttr shape) {
  if (llvm::any_of(shape.getDims(), [](SymExprAttr d) { return !d; }))
    return context.fail("shape must be fully known");
  return success();
}

LogicalResult rules::full(ShapeInferenceContext &context, Results &results,
                          sym::SymShapeAttr shape) {
  if (failed(requireKnownShape(context, shape)) ||
      failed(requireRank(context, 0, 0)))
    return failure();
  results.push_back(
      RelaxTensorType::get(shape.getDims(), context.getElementType(0)));
  return success();
}

LogicalResult rules::fill(ShapeInferenceContext &context, Results &results,
                          sym::SymShapeAttr shape, Type dtype) {
  if (failed(requireKnownShape(context, shape)))
    return failure();
  if (!isNumeric(dtype))
    return context.fail("dtype must be an integer or float type");
  results.push_back(RelaxTensorType::get(shape.getDims(), dtype));
  return success();
}

LogicalResult rules::arange(ShapeInferenceContext &context, Results &results,
                            SymExprAttr start, SymExprAttr end,
                            SymExprAttr step, Type dtype) {
  if (!isNumeric(dtype))
    return context.fail("dtype must be an integer or float type");
  std::optional<int64_t> stride = step.getConstantValue();
  if (stride && *stride <= 0)
    return context.fail("step must be positive, got " + Twine(*stride));
  SymExprAttr length;
  if (stride)
    length = context.getProver().simplify(SymExprAttr::max(
        {SymExprAttr::floorDiv(SymExprAttr::add(SymExprAttr::sub(end, start),
                                                constant(context, *stride - 1)),
                               step),
         constant(context, 0)}));
  results.push_back(RelaxTensorType::get({length}, dtype));
  return success();
}

//===----------------------------------------------------------------------===//
// Transformer and convolution ops
//===----------------------------------------------------------------------===//

LogicalResult rules::rotaryEmbedding(ShapeInferenceContext &context,
                                     Results &results) {
  if (failed(requireFloat(context, 0)) ||
      failed(requireSameElementType(context, {0, 1, 2})) ||
      failed(requireRank(context, 0, 4)) ||
      failed(requireRank(context, 1, 2)) || failed(requireRank(context, 2, 2)))
    return failure();
  if (DimList x = context.getDims(0)) {
    SymExprAttr seq = (*x)[1], headDim = (*x)[3];
    if (failed(context.requireDivisible(headDim, 2, "head dim")))
      return failure();
    for (unsigned table : {1u, 2u})
      if (failed(context.requireDim(table, 0, seq, "rotary table length")) ||
          failed(context.requireDim(table, 1, headDim, "rotary table width")))
        return failure();
  }
  results.push_back(context.getOperandType(0));
  return success();
}

LogicalResult rules::attention(ShapeInferenceContext &context,
                               Results &results) {
  if (failed(requireFloat(context, 0)) ||
      failed(requireSameElementType(context, {0, 1, 2})))
    return failure();
  for (unsigned i : {0u, 1u, 2u})
    if (failed(requireRank(context, i, 4)))
      return failure();
  Type element = context.getElementType(0);
  DimList q = context.getDims(0), k = context.getDims(1),
          v = context.getDims(2);
  if (!q)
    return unknownRank(results, element);
  SymExprAttr batch = (*q)[0], heads = (*q)[2], headDim = (*q)[3];
  SymExprAttr vDim;
  if (k) {
    SymExprAttr kvSeq = (*k)[1], kvHeads = (*k)[2];
    if (failed(context.requireDim(1, 0, batch, "key batch")) ||
        failed(context.requireDim(1, 3, headDim, "key head dim")))
      return failure();
    if (std::optional<int64_t> c =
            kvHeads ? kvHeads.getConstantValue() : std::nullopt) {
      if (*c <= 0)
        return context.fail("key heads must be positive, got " + Twine(*c));
      if (failed(context.requireDivisible(
              heads, *c, "query heads (grouped by key heads)")))
        return failure();
    }
    if (v && (failed(context.requireDim(2, 0, batch, "value batch")) ||
              failed(context.requireDim(2, 1, kvSeq, "value length")) ||
              failed(context.requireDim(2, 2, kvHeads, "value heads"))))
      return failure();
  }
  if (v)
    vDim = (*v)[3];
  // The mask broadcasts to [batch, heads, seq, kv_seq]: only a literal 1
  // broadcasts, other dims must be proven equal.
  if (context.getNumOperands() == 4) {
    Type maskElement = context.getElementType(3);
    if (maskElement && !maskElement.isInteger(1) && maskElement != element)
      return context.fail("the mask must be of i1 or of the query's element "
                          "type");
    if (DimList mask = context.getDims(3)) {
      if (mask->size() > 4)
        return context.fail("the mask has rank " + Twine(mask->size()) +
                            "; it broadcasts to rank 4");
      SymExprAttr kvSeq = k ? (*k)[1] : SymExprAttr();
      SymExprAttr target[] = {batch, heads, (*q)[1], kvSeq};
      static const char *names[] = {"mask batch", "mask heads", "mask queries",
                                    "mask keys"};
      size_t offset = 4 - mask->size();
      for (auto [i, dim] : llvm::enumerate(*mask))
        if (!isOne(dim) && target[offset + i] &&
            failed(context.requireDim(3, i, target[offset + i],
                                      names[offset + i])))
          return failure();
    }
  }
  results.push_back(
      RelaxTensorType::get({batch, (*q)[1], heads, vDim}, element));
  return success();
}

/// Requires operand `operand` to have an integer element type.
static LogicalResult requireInteger(ShapeInferenceContext &context,
                                    unsigned operand, StringRef what) {
  Type type = context.getElementType(operand);
  if (type && !isa<IntegerType>(type))
    return context.fail(what + " must have an integer element type, got " +
                        llvm::formatv("{0}", type).str());
  return success();
}

/// The checks both paged-cache ops make of the cache, operand `operand`:
/// rank 6, K and V in dim 2, `layer` one of its layers, and the head dim
/// `headDim` when known.
static LogicalResult checkPages(ShapeInferenceContext &context,
                                unsigned operand, int64_t layer,
                                SymExprAttr kvHeads, SymExprAttr headDim) {
  if (failed(requireRank(context, operand, 6)))
    return failure();
  if (layer < 0)
    return context.fail("layer must not be negative, got " + Twine(layer));
  DimList pages = context.getDims(operand);
  if (!pages)
    return success();
  if (std::optional<int64_t> layers =
          (*pages)[0] ? (*pages)[0].getConstantValue() : std::nullopt;
      layers && layer >= *layers)
    return context.fail("layer " + Twine(layer) + " is not one of the " +
                        Twine(*layers) + " layers of the cache");
  if (failed(context.requireDim(operand, 2, constant(context, 2),
                                "cache keys and values")))
    return failure();
  if (kvHeads &&
      failed(context.requireDim(operand, 3, kvHeads, "cache kv heads")))
    return failure();
  if (headDim &&
      failed(context.requireDim(operand, 5, headDim, "cache head dim")))
    return failure();
  return success();
}

LogicalResult rules::pagedKVAppend(ShapeInferenceContext &context,
                                   Results &results, int64_t layer) {
  if (failed(requireFloat(context, 0)) ||
      failed(requireSameElementType(context, {0, 1, 2})) ||
      failed(requireRank(context, 1, 3)) || failed(requireRank(context, 2, 3)) ||
      failed(requireRank(context, 3, 1)) ||
      failed(requireInteger(context, 3, "slots")))
    return failure();
  SymExprAttr kvHeads, headDim;
  if (DimList k = context.getDims(1)) {
    kvHeads = (*k)[1];
    headDim = (*k)[2];
    if (failed(context.requireDim(2, 0, (*k)[0], "value tokens")) ||
        failed(context.requireDim(2, 1, kvHeads, "value heads")) ||
        failed(context.requireDim(2, 2, headDim, "value head dim")) ||
        failed(context.requireDim(3, 0, (*k)[0], "slots")))
      return failure();
  }
  if (failed(checkPages(context, 0, layer, kvHeads, headDim)))
    return failure();
  results.push_back(context.getOperandType(0));
  return success();
}

LogicalResult rules::pagedAttention(ShapeInferenceContext &context,
                                    Results &results, int64_t layer) {
  if (failed(requireFloat(context, 0)) ||
      failed(requireSameElementType(context, {0, 1})) ||
      failed(requireRank(context, 0, 3)) || failed(requireRank(context, 2, 2)) ||
      failed(requireRank(context, 3, 1)) || failed(requireRank(context, 4, 1)) ||
      failed(requireInteger(context, 2, "the page table")) ||
      failed(requireInteger(context, 3, "q_seq")) ||
      failed(requireInteger(context, 4, "q_pos")))
    return failure();
  DimList q = context.getDims(0);
  SymExprAttr headDim = q ? (*q)[2] : SymExprAttr();
  if (failed(checkPages(context, 1, layer, SymExprAttr(), headDim)))
    return failure();
  if (!q)
    return unknownRank(results, context.getElementType(0));
  if (failed(context.requireDim(3, 0, (*q)[0], "q_seq tokens")) ||
      failed(context.requireDim(4, 0, (*q)[0], "q_pos tokens")))
    return failure();
  if (DimList pages = context.getDims(1)) {
    if (std::optional<int64_t> kvHeads =
            (*pages)[3] ? (*pages)[3].getConstantValue() : std::nullopt) {
      if (*kvHeads <= 0)
        return context.fail("cache kv heads must be positive, got " +
                            Twine(*kvHeads));
      if (failed(context.requireDivisible(
              (*q)[1], *kvHeads, "query heads (grouped by cache kv heads)")))
        return failure();
    }
  }
  results.push_back(context.getOperandType(0));
  return success();
}

/// Reads a per-spatial-dim attribute: `count` values, or one value for all,
/// or `fallback` everywhere when absent.
static FailureOr<SmallVector<int64_t>>
spatialValues(ShapeInferenceContext &context, OptionalAxes values,
              unsigned count, int64_t fallback, StringRef name) {
  if (!values)
    return SmallVector<int64_t>(count, fallback);
  if (values->size() == 1)
    return SmallVector<int64_t>(count, values->front());
  if (values->size() != count) {
    (void)context.fail(name + " needs " + Twine(count) + " values, got " +
                       Twine(values->size()));
    return failure();
  }
  return llvm::to_vector(*values);
}

/// `(in + padBegin + padEnd - dilation * (kernel - 1) - 1) floordiv stride + 1`
static SymExprAttr windowOutput(ShapeInferenceContext &context, SymExprAttr in,
                                SymExprAttr kernel, int64_t stride,
                                int64_t padBegin, int64_t padEnd,
                                int64_t dilation) {
  if (!in || !kernel)
    return {};
  SymExprAttr span = SymExprAttr::add(
      SymExprAttr::mul(constant(context, dilation),
                       SymExprAttr::sub(kernel, constant(context, 1))),
      constant(context, 1));
  SymExprAttr padded =
      SymExprAttr::add(in, constant(context, padBegin + padEnd));
  return SymExprAttr::add(SymExprAttr::floorDiv(SymExprAttr::sub(padded, span),
                                                constant(context, stride)),
                          constant(context, 1));
}

/// Rejects window outputs that are negative for every allowed input size.
static LogicalResult checkWindowOutputs(ShapeInferenceContext &context,
                                        ArrayRef<SymExprAttr> dims) {
  for (SymExprAttr dim : dims)
    if (dim && context.getProver().proveLe(constant(context, 0), dim) ==
                   Proof::Disproven)
      return context.fail("window does not fit the padded input: output dim " +
                          sym::toString(dim) + " is negative");
  return success();
}

/// Checks the window attributes of a convolution or pooling op.
static LogicalResult
windowAttributes(ShapeInferenceContext &context, unsigned spatial,
                 OptionalAxes strides, OptionalAxes padding,
                 OptionalAxes dilation, SmallVectorImpl<int64_t> &strideValues,
                 SmallVectorImpl<int64_t> &padValues,
                 SmallVectorImpl<int64_t> &dilationValues) {
  FailureOr<SmallVector<int64_t>> s =
      spatialValues(context, strides, spatial, 1, "strides");
  FailureOr<SmallVector<int64_t>> d =
      spatialValues(context, dilation, spatial, 1, "dilation");
  if (failed(s) || failed(d))
    return failure();
  SmallVector<int64_t> p(2 * spatial, 0);
  if (padding) {
    if (padding->size() == spatial) {
      for (unsigned i = 0; i < spatial; ++i)
        p[i] = p[spatial + i] = (*padding)[i];
    } else if (padding->size() == 2 * spatial) {
      p.assign(padding->begin(), padding->end());
    } else {
      return context.fail("padding needs " + Twine(spatial) + " or " +
                          Twine(2 * spatial) + " values, got " +
                          Twine(padding->size()));
    }
  }
  if (llvm::any_of(*s, [](int64_t v) { return v <= 0; }) ||
      llvm::any_of(*d, [](int64_t v) { return v <= 0; }) ||
      llvm::any_of(p, [](int64_t v) { return v < 0; }))
    return context.fail("strides and dilation must be positive and padding "
                        "non-negative");
  strideValues.assign(s->begin(), s->end());
  dilationValues.assign(d->begin(), d->end());
  padValues.assign(p.begin(), p.end());
  return success();
}

LogicalResult rules::conv(ShapeInferenceContext &context, Results &results,
                          unsigned spatial, OptionalAxes strides,
                          OptionalAxes padding, OptionalAxes dilation,
                          int64_t groups) {
  if (groups <= 0)
    return context.fail("groups must be positive");
  if (failed(requireSameElementType(context, {0, 1})) ||
      failed(requireRank(context, 0, spatial + 2)) ||
      failed(requireRank(context, 1, spatial + 2)))
    return failure();
  SmallVector<int64_t> s, p, d;
  if (failed(windowAttributes(context, spatial, strides, padding, dilation, s,
                              p, d)))
    return failure();
  Type element = context.getElementType(0);
  DimList x = context.getDims(0), w = context.getDims(1);
  if (!x)
    return unknownRank(results, element);
  SmallVector<SymExprAttr> result = {(*x)[0], w ? (*w)[0] : SymExprAttr()};
  if (w) {
    SymExprAttr channels = (*x)[1];
    if (failed(context.requireDivisible(channels, groups, "input channels")) ||
        failed(context.requireDivisible((*w)[0], groups, "output channels")))
      return failure();
    if (channels &&
        failed(context.requireDim(
            1, 1, SymExprAttr::floorDiv(channels, constant(context, groups)),
            "weight input channels")))
      return failure();
  }
  for (unsigned i = 0; i < spatial; ++i)
    result.push_back(windowOutput(context, (*x)[2 + i],
                                  w ? (*w)[2 + i] : SymExprAttr(), s[i], p[i],
                                  p[spatial + i], d[i]));
  if (failed(checkWindowOutputs(context, ArrayRef(result).drop_front(2))))
    return failure();
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}

LogicalResult rules::pool(ShapeInferenceContext &context, Results &results,
                          ArrayRef<int64_t> poolSize, OptionalAxes strides,
                          OptionalAxes padding, OptionalAxes dilation) {
  if (poolSize.size() != 2 ||
      llvm::any_of(poolSize, [](int64_t v) { return v <= 0; }))
    return context.fail("pool_size needs two positive values");
  if (failed(requireRank(context, 0, 4)))
    return failure();
  if (!isNumeric(context.getElementType(0)))
    return context.fail("operand #0 must have an integer or float element "
                        "type");
  SmallVector<int64_t> s, p, d;
  if (failed(windowAttributes(context, 2, strides, padding, dilation, s, p, d)))
    return failure();
  Type element = context.getElementType(0);
  DimList x = context.getDims(0);
  if (!x)
    return unknownRank(results, element);
  SmallVector<SymExprAttr> result = {(*x)[0], (*x)[1]};
  for (unsigned i = 0; i < 2; ++i)
    result.push_back(windowOutput(context, (*x)[2 + i],
                                  constant(context, poolSize[i]), s[i], p[i],
                                  p[2 + i], d[i]));
  if (failed(checkWindowOutputs(context, ArrayRef(result).drop_front(2))))
    return failure();
  results.push_back(RelaxTensorType::get(result, element));
  return success();
}
