//===- PagedKVCache.cpp - Programs of the paged KV cache ops --------------===//
//
// `paged_kv_append` becomes a loop over the new tokens that inserts each
// token's keys and values into its slot of the cache, which the program
// takes as its destination (`relax.call_tir_inplace`): the cache is written
// in place. `paged_attention` reads keys and values through the page table
// inside the bodies of its products (`tensor.extract` at the page a small
// table gives for each token and key position), so the past is never
// gathered into a temporary; the softmax is that of `attention`, with
// each token's own causal bound. In the `pages` form (CPU), each token and
// kv head loops over the pages it sees instead, reading every page's keys
// and values as contiguous blocks in small products.
//
//===----------------------------------------------------------------------===//

#include "TensorUtils.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Transforms/Legalize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::lowering;

// The tables (slots, page table, q_seq, q_pos) are integers of any width;
// each is checked and clamped in its own type, with the sizes it is checked
// against converted to that type, so that no 64-bit integer appears where
// the tables are 32-bit (WebGPU has none, and on the CPU it is wider than
// needed).

/// `size`, a non-negative index, as an integer of `type`, saturated at the
/// type's largest value: a check of a value of `type` against it is exact.
static Value sizeAs(OpBuilder &b, Location loc, Value size, Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 64) {
    Value max = arith::ConstantIndexOp::create(
        b, loc, llvm::APInt::getSignedMaxValue(width).getSExtValue());
    size = arith::MinUIOp::create(b, loc, size, max);
  }
  return arith::IndexCastOp::create(b, loc, type, size);
}

/// Whether `0 <= value < bound` (`value` an integer, `bound` an index),
/// asserting it with `message` when the cf dialect is loaded (a pass that
/// reuses the patterns without it gets the clamping alone).
static Value checkInRange(OpBuilder &b, Location loc, Value value, Value bound,
                          StringRef message) {
  Type type = value.getType();
  Value zero = arith::ConstantIntOp::create(b, loc, type, 0);
  Value valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, value, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, value,
                            sizeAs(b, loc, bound, type)));
  if (b.getContext()->getLoadedDialect<cf::ControlFlowDialect>())
    cf::AssertOp::create(b, loc, valid, message);
  return valid;
}

/// `value` (an integer) clamped into `[0, bound)` (`bound` an index; 0 when
/// the range is empty), as an index.
static Value clampToIndex(OpBuilder &b, Location loc, Value value,
                          Value bound) {
  Type type = value.getType();
  Value zero = arith::ConstantIntOp::create(b, loc, type, 0);
  Value one = arith::ConstantIntOp::create(b, loc, type, 1);
  Value last = arith::SubIOp::create(b, loc, sizeAs(b, loc, bound, type), one);
  Value clamped = arith::MaxSIOp::create(
      b, loc, arith::MinSIOp::create(b, loc, value, last), zero);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), clamped);
}

/// Whether key `j` (an index) is seen by a token at position `pos` (an
/// integer): `j <= pos`, in the type of `pos`.
static Value isKeySeen(OpBuilder &b, Location loc, Value j, Value pos) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                               sizeAs(b, loc, j, pos.getType()), pos);
}

//===----------------------------------------------------------------------===//
// paged_kv_append
//===----------------------------------------------------------------------===//

/// for t in tokens: if 0 <= slots[t] < pages * page_size, write k[t] and
/// v[t] at [layer, slot / page_size, 0 | 1, :, slot % page_size, :].
static LogicalResult buildAppend(TensorProgramBody &body, int64_t layer) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  Value pages = body.outputs[0], k = body.inputs[1], v = body.inputs[2],
        slots = body.inputs[3];
  auto kType = cast<RankedTensorType>(k.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value pageSize = dimSize(b, loc, pages, 4);
  Value capacity =
      arith::MulIOp::create(b, loc, dimSize(b, loc, pages, 1), pageSize);
  auto rowType = RankedTensorType::get(
      {kType.getDimSize(1), kType.getDimSize(2)}, kType.getElementType());
  OpFoldResult heads = tensor::getMixedSize(b, loc, k, 1),
               headDim = tensor::getMixedSize(b, loc, k, 2);
  OpFoldResult unit = b.getIndexAttr(1), origin = b.getIndexAttr(0);

  auto loop = scf::ForOp::create(
      b, loc, zero, dimSize(b, loc, k, 0), one, ValueRange{pages},
      [&](OpBuilder &nb, Location nloc, Value t, ValueRange iterArgs) {
        Value slot = tensor::ExtractOp::create(nb, nloc, slots, t);
        Value valid = checkInRange(nb, nloc, slot, capacity,
                                   "paged_kv_append: a slot is outside the "
                                   "cache");
        auto ifOp = scf::IfOp::create(
            nb, nloc, valid,
            [&](OpBuilder &tb, Location tloc) {
              Value index =
                  arith::IndexCastOp::create(tb, tloc, tb.getIndexType(), slot);
              Value page = arith::DivUIOp::create(tb, tloc, index, pageSize);
              Value offset = arith::RemUIOp::create(tb, tloc, index, pageSize);
              Value cache = iterArgs[0];
              Value sources[] = {k, v};
              for (auto [part, source] : llvm::enumerate(sources)) {
                Value row = tensor::ExtractSliceOp::create(
                    tb, tloc, rowType, source,
                    ArrayRef<OpFoldResult>{t, origin, origin},
                    ArrayRef<OpFoldResult>{unit, heads, headDim},
                    ArrayRef<OpFoldResult>{unit, unit, unit});
                cache = tensor::InsertSliceOp::create(
                    tb, tloc, row, cache,
                    ArrayRef<OpFoldResult>{
                        tb.getIndexAttr(layer), page,
                        tb.getIndexAttr(static_cast<int64_t>(part)), origin,
                        offset, origin},
                    ArrayRef<OpFoldResult>{unit, unit, unit, heads, unit,
                                           headDim},
                    SmallVector<OpFoldResult>(6, unit));
              }
              scf::YieldOp::create(tb, tloc, cache);
            },
            [&](OpBuilder &eb, Location eloc) {
              scf::YieldOp::create(eb, eloc, iterArgs[0]);
            });
        scf::YieldOp::create(nb, nloc, ifOp.getResult(0));
      });
  body.results.push_back(loop.getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// paged_attention
//===----------------------------------------------------------------------===//

/// The scores' scale: the op's, or 1 / sqrt(head dim) of `q`.
static Value getScale(OpBuilder &b, Location loc, PagedAttentionOp op,
                      Value q) {
  auto qType = cast<RankedTensorType>(q.getType());
  Type element = qType.getElementType();
  if (std::optional<APFloat> attr = op.getScale())
    return scalarConstant(b, loc, element, attr->convertToDouble());
  if (!qType.isDynamicDim(2))
    return scalarConstant(b, loc, element,
                          1.0 / std::sqrt(double(qType.getDimSize(2))));
  return math::RsqrtOp::create(
      b, loc, indexTo(b, loc, dimSize(b, loc, q, 2), element));
}

/// The page table's row of sequence `seq` (an integer), checked and clamped
/// into the rows: an index out of range is reported and reads row 0. An
/// index.
static Value lookUpRow(OpBuilder &b, Location loc, Value pageTable,
                       Value seq) {
  Value numSeqs = dimSize(b, loc, pageTable, 0);
  checkInRange(b, loc, seq, numSeqs,
               "paged_attention: a token's sequence is not a row of the "
               "page table");
  return clampToIndex(b, loc, seq, numSeqs);
}

/// The page at `row`, `column` of the page table, checked against the
/// cache's pages and clamped into them. An index.
static Value lookUpPage(OpBuilder &b, Location loc, Value pageTable, Value row,
                        Value column, Value numPages) {
  Value page = tensor::ExtractOp::create(b, loc, pageTable,
                                         ValueRange{row, column});
  checkInRange(b, loc, page, numPages,
               "paged_attention: the page table names a page outside the "
               "cache");
  return clampToIndex(b, loc, page, numPages);
}

/// The softmax of the last dim of `scores`, unnormalized: exp(x - max) and
/// the sums of the rows, which the weighted values are divided by once.
static std::pair<Value, Value> softmaxNumerators(OpBuilder &b, Location loc,
                                                 Value scores) {
  auto type = cast<RankedTensorType>(scores.getType());
  unsigned rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap all = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap rows = all.dropResult(rank - 1);
  // The reduction of each row of `x` from `init` by `combine`.
  auto reduceRows = [&](Value x, Value init,
                        function_ref<Value(OpBuilder &, Location, Value, Value)>
                            combine) {
    Value empty = tensor::EmptyOp::create(
        b, loc,
        ArrayRef<OpFoldResult>(tensor::getMixedSizes(b, loc, scores))
            .drop_back(),
        type.getElementType());
    return generic(b, loc, ValueRange{x}, fill(b, loc, empty, init),
                   {all, rows}, iteratorsFor(rank, {rank - 1}),
                   [&](OpBuilder &nb, Location nloc, ValueRange args) {
                     return combine(nb, nloc, args[1], args[0]);
                   });
  };
  Value max = reduceRows(
      scores, lowestOf(b, loc, type.getElementType()),
      [](OpBuilder &nb, Location nloc, Value acc, Value x) -> Value {
        return arith::MaximumFOp::create(nb, nloc, acc, x);
      });
  Value probs = generic(
      b, loc, ValueRange{max}, scores, {rows, all}, iteratorsFor(rank, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return math::ExpOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, args[1], args[0]));
      });
  Value sum = reduceRows(
      probs, zeroOf(b, loc, type.getElementType()),
      [](OpBuilder &nb, Location nloc, Value acc, Value x) -> Value {
        return arith::AddFOp::create(nb, nloc, acc, x);
      });
  return {probs, sum};
}

/// `values` divided by `sums` along their rows (every dim but the last).
static Value divideRows(OpBuilder &b, Location loc, Value values, Value sums) {
  unsigned rank = cast<RankedTensorType>(values.getType()).getRank();
  AffineMap all = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  return generic(b, loc, ValueRange{sums}, values,
                 {all.dropResult(rank - 1), all}, iteratorsFor(rank, {}),
                 [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                   return arith::DivFOp::create(nb, nloc, args[1], args[0]);
                 });
}

/// out + lhs * rhs: the body of a product.
static Value multiplyAdd(OpBuilder &b, Location loc, ValueRange args) {
  return arith::AddFOp::create(b, loc, args[2],
                               arith::MulFOp::create(b, loc, args[0], args[1]));
}

/// The kv heads of the cache and the query heads per kv head, which both
/// forms need static.
static LogicalResult getHeads(TensorProgramBody &body, int64_t &kvHeads,
                              int64_t &groupSize) {
  auto qType = cast<RankedTensorType>(body.inputs[0].getType());
  auto pagesType = cast<RankedTensorType>(body.inputs[1].getType());
  if (qType.isDynamicDim(1) || pagesType.isDynamicDim(3))
    return body.fail("the query heads and the cache's kv heads must be static");
  kvHeads = pagesType.getDimSize(3);
  groupSize = qType.getDimSize(1) / kvHeads;
  return success();
}

/// With G = heads / kv_heads, c a kv head and g a query head of its group,
/// j a key position (J = max_pages * page_size of them) and e the head dim:
///   page[t, j]           = page_table[q_seq[t], j / page_size]
///   K(t, c, j, e)        = pages[layer, page[t, j], 0, c, j % page_size, e]
///   scores[t, c, g, j]   = sum_e q[t, c * G + g, e] * K(t, c, j, e)
///   probs                = exp(s * scale - max_j), 0 where j > q_pos[t]
///   out[t, c * G + g, e] = sum_j probs * V(t, c, j, e) / sum_j probs
static LogicalResult buildPagedAttention(TensorProgramBody &body,
                                         PagedAttentionOp op) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  MLIRContext *ctx = b.getContext();
  Value q = body.inputs[0], pages = body.inputs[1], pageTable = body.inputs[2],
        qSeq = body.inputs[3], qPos = body.inputs[4], out = body.outputs[0];
  Type element = cast<RankedTensorType>(q.getType()).getElementType();
  int64_t kvHeads, groupSize;
  if (failed(getHeads(body, kvHeads, groupSize)))
    return failure();
  Type tableType = getElementTypeOrSelf(pageTable.getType());

  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto map = [&](unsigned numDims, ArrayRef<AffineExpr> exprs) {
    return AffineMap::get(numDims, 0, exprs, ctx);
  };
  auto index = [](OpBuilder &nb, Location nloc, unsigned dim) -> Value {
    return linalg::IndexOp::create(nb, nloc, dim);
  };
  Value pageSize = dimSize(b, loc, pages, 4);
  Value keys =
      arith::MulIOp::create(b, loc, dimSize(b, loc, pageTable, 1), pageSize);
  Value tokens = dimSize(b, loc, q, 0);
  Value numPages = dimSize(b, loc, pages, 1);

  // page[t, j], checked and clamped: an index out of range is reported and
  // reads page 0 of sequence 0.
  Value pageOf = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{tokens, keys}, tableType);
  pageOf = generic(
      b, loc, ValueRange{qSeq}, pageOf, {map(2, {d(0)}), map(2, {d(0), d(1)})},
      iteratorsFor(2, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value column =
            arith::DivUIOp::create(nb, nloc, index(nb, nloc, 1), pageSize);
        Value row = lookUpRow(nb, nloc, pageTable, args[0]);
        Value page = lookUpPage(nb, nloc, pageTable, row, column, numPages);
        return arith::IndexCastOp::create(nb, nloc, tableType, page);
      });

  // Reads K (part 0) or V (part 1) at kv head dim `c`, key dim `j` and head
  // dim `e` of the loop, through the page `pageArg`.
  Value layerIndex =
      body.symArgs.getSiteAttr(op.getLayerAttrName(), op.getLayer());
  auto readCache = [&](OpBuilder &nb, Location nloc, Value pageArg,
                       int64_t part, unsigned c, unsigned j,
                       unsigned e) -> Value {
    Value page =
        arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), pageArg);
    Value offset =
        arith::RemUIOp::create(nb, nloc, index(nb, nloc, j), pageSize);
    Value partIndex = arith::ConstantIndexOp::create(nb, nloc, part);
    return tensor::ExtractOp::create(nb, nloc, pages,
                                     ValueRange{layerIndex, page, partIndex,
                                                index(nb, nloc, c), offset,
                                                index(nb, nloc, e)});
  };

  // Scores in the space (t, c, g, j, e).
  AffineExpr head = d(1) * groupSize + d(2);
  Value scores = tensor::EmptyOp::create(
      b, loc,
      ArrayRef<OpFoldResult>{tokens, b.getIndexAttr(kvHeads),
                             b.getIndexAttr(groupSize), keys},
      element);
  scores = generic(b, loc, ValueRange{q, pageOf},
                   fill(b, loc, scores, zeroOf(b, loc, element)),
                   {map(5, {d(0), head, d(4)}), map(5, {d(0), d(3)}),
                    map(5, {d(0), d(1), d(2), d(3)})},
                   iteratorsFor(5, {4}),
                   [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                     Value key = readCache(nb, nloc, args[1], 0, 1, 3, 4);
                     return multiplyAdd(nb, nloc, {args[0], key, args[2]});
                   });

  // Scaled and masked: key j is seen by token t when j <= q_pos[t].
  Value scale = getScale(b, loc, op, q);
  Value negInf = lowestOf(b, loc, element);
  AffineMap id4 = AffineMap::getMultiDimIdentityMap(4, ctx);
  auto isSeen = [&](OpBuilder &nb, Location nloc, Value pos) -> Value {
    return isKeySeen(nb, nloc, index(nb, nloc, 3), pos);
  };
  scores = generic(b, loc, ValueRange{qPos}, scores, {map(4, {d(0)}), id4},
                   iteratorsFor(4, {}),
                   [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                     Value scaled =
                         arith::MulFOp::create(nb, nloc, args[1], scale);
                     return arith::SelectOp::create(
                         nb, nloc, isSeen(nb, nloc, args[0]), scaled, negInf);
                   });

  // Softmax over j, unnormalized.
  auto [probs, sum] = softmaxNumerators(b, loc, scores);

  // The output viewed as [t, c, g, e]; products in the space (t, c, g, e,
  // j). A key that is not seen contributes nothing, whatever its page
  // holds.
  auto outType = cast<RankedTensorType>(out.getType());
  auto splitType = RankedTensorType::get(
      {outType.getDimSize(0), kvHeads, groupSize, outType.getDimSize(2)},
      element);
  SmallVector<ReassociationIndices> groups = {{0}, {1, 2}, {3}};
  Value outs = tensor::ExpandShapeOp::create(
      b, loc, splitType, out, groups,
      ArrayRef<OpFoldResult>{tensor::getMixedSize(b, loc, out, 0),
                             b.getIndexAttr(kvHeads), b.getIndexAttr(groupSize),
                             tensor::getMixedSize(b, loc, out, 2)});
  Value weighted = generic(
      b, loc, ValueRange{probs, pageOf, qPos},
      fill(b, loc, outs, zeroOf(b, loc, element)),
      {map(5, {d(0), d(1), d(2), d(4)}), map(5, {d(0), d(4)}), map(5, {d(0)}),
       map(5, {d(0), d(1), d(2), d(3)})},
      iteratorsFor(5, {4}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value value = readCache(nb, nloc, args[1], 1, 1, 4, 3);
        Value product = arith::MulFOp::create(nb, nloc, args[0], value);
        Value seen = isKeySeen(nb, nloc, index(nb, nloc, 4), args[2]);
        Value contribution = arith::SelectOp::create(nb, nloc, seen, product,
                                                     zeroOf(nb, nloc, element));
        return arith::AddFOp::create(nb, nloc, args[3], contribution);
      });
  body.results.push_back(tensor::CollapseShapeOp::create(
      b, loc, outType, divideRows(b, loc, weighted, sum), groups));
  return success();
}

/// The same attention one page at a time. For each token t and kv head c
/// (an `scf.forall`), with n = ceil((q_pos[t] + 1) / page_size) pages seen:
///   for p < n: scores[g, p * S + s] = sum_e q[t, c * G + g, e] *
///                  pages[layer, page_table[q_seq[t], p], 0, c, s, e]
///   probs = softmax over the row of scale * scores, keys past q_pos[t] out
///   for p < n: acc[g, e] += sum_s probs[g, p * S + s] *
///                  pages[layer, page_table[q_seq[t], p], 1, c, s, e]
///   out[t, c * G + g, e] = acc[g, e]
/// Each page's keys and values are a contiguous [S, D] block: the products
/// are dot products along e and rank-1 updates along e, and only the pages
/// a token sees are read.
static LogicalResult buildPagedAttentionByPage(TensorProgramBody &body,
                                               PagedAttentionOp op) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  MLIRContext *ctx = b.getContext();
  Value q = body.inputs[0], pages = body.inputs[1], pageTable = body.inputs[2],
        qSeq = body.inputs[3], qPos = body.inputs[4], out = body.outputs[0];
  auto qType = cast<RankedTensorType>(q.getType());
  auto pagesType = cast<RankedTensorType>(pages.getType());
  Type element = qType.getElementType();
  int64_t kvHeads, groupSize;
  if (failed(getHeads(body, kvHeads, groupSize)))
    return failure();
  int64_t headDim = qType.getDimSize(2);

  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto map = [&](unsigned numDims, ArrayRef<AffineExpr> exprs) {
    return AffineMap::get(numDims, 0, exprs, ctx);
  };
  OpFoldResult unit = b.getIndexAttr(1), origin = b.getIndexAttr(0);
  OpFoldResult group = b.getIndexAttr(groupSize);
  OpFoldResult dims = tensor::getMixedSize(b, loc, q, 2);
  OpFoldResult pageSizeOfr = tensor::getMixedSize(b, loc, pages, 4);
  Value pageSize = getValueOrCreateConstantIndexOp(b, loc, pageSizeOfr);
  Value tablePages = dimSize(b, loc, pageTable, 1);
  Value numPages = dimSize(b, loc, pages, 1);
  Value scale = getScale(b, loc, op, q);
  Value zero = zeroOf(b, loc, element), negInf = lowestOf(b, loc, element);
  Value layer = body.symArgs.getSiteAttr(op.getLayerAttrName(), op.getLayer());
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);

  auto forall = scf::ForallOp::create(
      b, loc,
      ArrayRef<OpFoldResult>{tensor::getMixedSize(b, loc, q, 0),
                             b.getIndexAttr(kvHeads)},
      ValueRange{out}, std::nullopt);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forall.getBody());
  Value t = forall.getInductionVar(0), c = forall.getInductionVar(1);

  Value row =
      lookUpRow(b, loc, pageTable, tensor::ExtractOp::create(b, loc, qSeq, t));
  Value pos = tensor::ExtractOp::create(b, loc, qPos, t);
  // Keys 0 .. pos are seen: n pages, at most the table's row (counted as an
  // index, so that pos + 1 cannot wrap in the type of pos).
  Value seen = arith::MaxSIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc, arith::IndexCastOp::create(b, loc, b.getIndexType(), pos),
          c1),
      c0);
  Value numSeen = arith::MinUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, seen, pageSize), tablePages);
  Value keys = arith::MulIOp::create(b, loc, numSeen, pageSize);

  // The group's queries, [G, D], and page `p`'s keys or values, [S, D].
  Value head0 = arith::MulIOp::create(
      b, loc, c, arith::ConstantIndexOp::create(b, loc, groupSize));
  auto queriesType = RankedTensorType::get({groupSize, headDim}, element);
  Value queries = tensor::ExtractSliceOp::create(
      b, loc, queriesType, q, ArrayRef<OpFoldResult>{t, head0, origin},
      ArrayRef<OpFoldResult>{unit, group, dims},
      ArrayRef<OpFoldResult>{unit, unit, unit});
  auto blockType = RankedTensorType::get(
      {pagesType.getDimSize(4), pagesType.getDimSize(5)}, element);
  auto readBlock = [&](OpBuilder &nb, Location nloc, Value p,
                       int64_t part) -> Value {
    Value page = lookUpPage(nb, nloc, pageTable, row, p, numPages);
    return tensor::ExtractSliceOp::create(
        nb, nloc, blockType, pages,
        ArrayRef<OpFoldResult>{layer, page, nb.getIndexAttr(part), c, origin,
                               origin},
        ArrayRef<OpFoldResult>{unit, unit, unit, unit, pageSizeOfr,
                               tensor::getMixedSize(nb, nloc, pages, 5)},
        SmallVector<OpFoldResult>(6, unit));
  };
  // Columns [p * S, (p + 1) * S) of a [G, keys] tensor.
  auto pageColumns = [&](OpBuilder &nb, Location nloc, Value scores,
                         Value p) -> Value {
    Value first = arith::MulIOp::create(nb, nloc, p, pageSize);
    return tensor::ExtractSliceOp::create(
        nb, nloc, scores, ArrayRef<OpFoldResult>{origin, first},
        ArrayRef<OpFoldResult>{group, pageSizeOfr},
        ArrayRef<OpFoldResult>{unit, unit});
  };

  // Scores, page by page, each written into its columns of the row.
  Value allScores = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{group, keys}, element);
  auto scoreLoop = scf::ForOp::create(
      b, loc, c0, numSeen, c1, ValueRange{allScores},
      [&](OpBuilder &nb, Location nloc, Value p, ValueRange iterArgs) {
        Value block = readBlock(nb, nloc, p, 0);
        Value columns = pageColumns(nb, nloc, iterArgs[0], p);
        Value scores = generic(
            nb, nloc, ValueRange{queries, block},
            fill(nb, nloc, columns, zero),
            {map(3, {d(0), d(2)}), map(3, {d(1), d(2)}), map(3, {d(0), d(1)})},
            iteratorsFor(3, {2}),
            multiplyAdd);
        Value first = arith::MulIOp::create(nb, nloc, p, pageSize);
        Value updated = tensor::InsertSliceOp::create(
            nb, nloc, scores, iterArgs[0],
            ArrayRef<OpFoldResult>{origin, first},
            ArrayRef<OpFoldResult>{group, pageSizeOfr},
            ArrayRef<OpFoldResult>{unit, unit});
        scf::YieldOp::create(nb, nloc, updated);
      });

  // Scaled, keys past pos masked, and the softmax's exp(x - max) and sums.
  Value scores = generic(
      b, loc, ValueRange{}, scoreLoop.getResult(0),
      {AffineMap::getMultiDimIdentityMap(2, ctx)}, iteratorsFor(2, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value isSeen =
            isKeySeen(nb, nloc, linalg::IndexOp::create(nb, nloc, 1), pos);
        return arith::SelectOp::create(
            nb, nloc, isSeen, arith::MulFOp::create(nb, nloc, args[0], scale),
            negInf);
      });
  // (Named values, not structured bindings: the loop's body captures them.)
  std::pair<Value, Value> numerators = softmaxNumerators(b, loc, scores);
  Value probs = numerators.first, sum = numerators.second;

  // The weighted values, page by page, accumulated in place.
  Value acc = fill(
      b, loc,
      tensor::EmptyOp::create(b, loc, ArrayRef<OpFoldResult>{group, dims},
                              element),
      zero);
  auto valueLoop = scf::ForOp::create(
      b, loc, c0, numSeen, c1, ValueRange{acc},
      [&](OpBuilder &nb, Location nloc, Value p, ValueRange iterArgs) {
        Value block = readBlock(nb, nloc, p, 1);
        Value weights = pageColumns(nb, nloc, probs, p);
        Value updated = generic(
            nb, nloc, ValueRange{weights, block}, iterArgs[0],
            {map(3, {d(0), d(2)}), map(3, {d(2), d(1)}), map(3, {d(0), d(1)})},
            iteratorsFor(3, {2}),
            multiplyAdd);
        scf::YieldOp::create(nb, nloc, updated);
      });
  Value normalized = divideRows(b, loc, valueLoop.getResult(0), sum);

  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(
      b, loc, normalized, forall.getRegionOutArgs()[0],
      ArrayRef<OpFoldResult>{t, head0, origin},
      ArrayRef<OpFoldResult>{unit, group, dims},
      ArrayRef<OpFoldResult>{unit, unit, unit});
  body.results.push_back(forall.getResult(0));
  return success();
}

namespace {
struct PagedKVAppendOpLowering final : TensorProgramPattern<PagedKVAppendOp> {
  using TensorProgramPattern::TensorProgramPattern;

  SmallVector<int64_t> getInplaceOperands(PagedKVAppendOp) const override {
    return {0};
  }
  LogicalResult buildBody(PagedKVAppendOp op,
                          TensorProgramBody &body) const override {
    return buildAppend(body, op.getLayer());
  }
};

struct PagedAttentionOpLowering final : TensorProgramPattern<PagedAttentionOp> {
  PagedAttentionOpLowering(MLIRContext *context, TensorProgramCache &cache,
                           PagedAttentionForm form)
      : TensorProgramPattern(context, cache), form(form) {}

  /// Every layer's attention is one program, which takes the layer.
  SmallVector<StringRef> getSiteAttrNames(PagedAttentionOp op) const override {
    return {op.getLayerAttrName().getValue()};
  }

  LogicalResult buildBody(PagedAttentionOp op,
                          TensorProgramBody &body) const override {
    if (form == PagedAttentionForm::Pages)
      return buildPagedAttentionByPage(body, op);
    return buildPagedAttention(body, op);
  }

private:
  PagedAttentionForm form;
};
} // namespace

void mlir::relax::populateRelaxPagedKVCacheLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache,
    PagedAttentionForm form) {
  patterns.add<PagedKVAppendOpLowering>(patterns.getContext(), cache);
  patterns.add<PagedAttentionOpLowering>(patterns.getContext(), cache, form);
}
