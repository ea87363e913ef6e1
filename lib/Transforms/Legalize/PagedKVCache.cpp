//===- PagedKVCache.cpp - Programs of the paged KV cache ops --------------===//
//
// `paged_kv_append` becomes a loop over the new tokens that inserts each
// token's keys and values into its slot of the cache, which the program
// takes as its destination (`relax.call_tir_inplace`): the cache is written
// in place. `paged_attention` reads keys and values through the page table
// inside the bodies of its products (`tensor.extract` at the page a small
// table gives for each token and key position), so the past is never
// gathered into a temporary; the softmax is that of `attention`, with
// each token's own causal bound.
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

/// `value`, an index or an integer of any width, as i64 (sign-extended).
static Value toI64(OpBuilder &b, Location loc, Value value) {
  return getValueOrCreateCastToIndexLike(b, loc, b.getI64Type(), value);
}

/// Whether `0 <= value < bound` (both i64), asserting it with `message`
/// when the cf dialect is loaded (a pass that reuses the patterns without
/// it gets the clamping alone).
static Value checkInRange(OpBuilder &b, Location loc, Value value, Value bound,
                          StringRef message) {
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  Value valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, value, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, value, bound));
  if (b.getContext()->getLoadedDialect<cf::ControlFlowDialect>())
    cf::AssertOp::create(b, loc, valid, message);
  return valid;
}

/// `value` clamped into `[0, bound)` (i64; 0 when the range is empty), as an
/// index.
static Value clampToIndex(OpBuilder &b, Location loc, Value value,
                          Value bound) {
  Type i64 = b.getI64Type();
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
  Value last = arith::SubIOp::create(b, loc, bound, one);
  Value clamped = arith::MaxSIOp::create(
      b, loc, arith::MinSIOp::create(b, loc, value, last), zero);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), clamped);
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
      toI64(b, loc,
            arith::MulIOp::create(b, loc, dimSize(b, loc, pages, 1), pageSize));
  auto rowType = RankedTensorType::get(
      {kType.getDimSize(1), kType.getDimSize(2)}, kType.getElementType());
  OpFoldResult heads = tensor::getMixedSize(b, loc, k, 1),
               headDim = tensor::getMixedSize(b, loc, k, 2);
  OpFoldResult unit = b.getIndexAttr(1), origin = b.getIndexAttr(0);

  auto loop = scf::ForOp::create(
      b, loc, zero, dimSize(b, loc, k, 0), one, ValueRange{pages},
      [&](OpBuilder &nb, Location nloc, Value t, ValueRange iterArgs) {
        Value slot =
            toI64(nb, nloc, tensor::ExtractOp::create(nb, nloc, slots, t));
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
  auto qType = cast<RankedTensorType>(q.getType());
  auto pagesType = cast<RankedTensorType>(pages.getType());
  Type element = qType.getElementType();
  if (qType.isDynamicDim(1) || pagesType.isDynamicDim(3))
    return body.fail("the query heads and the cache's kv heads must be static");
  int64_t kvHeads = pagesType.getDimSize(3);
  int64_t groupSize = qType.getDimSize(1) / kvHeads;
  int64_t layer = op.getLayer();
  Type i64 = b.getI64Type();

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
  Value numSeqs = toI64(b, loc, dimSize(b, loc, pageTable, 0));
  Value numPages = toI64(b, loc, dimSize(b, loc, pages, 1));

  // page[t, j], checked and clamped: an index out of range is reported and
  // reads page 0 of sequence 0.
  Value pageOf = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{tokens, keys}, i64);
  pageOf = generic(
      b, loc, ValueRange{qSeq}, pageOf, {map(2, {d(0)}), map(2, {d(0), d(1)})},
      iteratorsFor(2, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value seq = toI64(nb, nloc, args[0]);
        checkInRange(nb, nloc, seq, numSeqs,
                     "paged_attention: a token's sequence is not a row of the "
                     "page table");
        Value row = clampToIndex(nb, nloc, seq, numSeqs);
        Value column =
            arith::DivUIOp::create(nb, nloc, index(nb, nloc, 1), pageSize);
        Value page = toI64(nb, nloc,
                           tensor::ExtractOp::create(nb, nloc, pageTable,
                                                     ValueRange{row, column}));
        checkInRange(nb, nloc, page, numPages,
                     "paged_attention: the page table names a page outside "
                     "the cache");
        Value clamped = clampToIndex(nb, nloc, page, numPages);
        return arith::IndexCastOp::create(nb, nloc, i64, clamped);
      });

  // Reads K (part 0) or V (part 1) at kv head dim `c`, key dim `j` and head
  // dim `e` of the loop, through the page `pageArg`.
  Value layerIndex = arith::ConstantIndexOp::create(b, loc, layer);
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
                     return arith::AddFOp::create(
                         nb, nloc, args[2],
                         arith::MulFOp::create(nb, nloc, args[0], key));
                   });

  // Scaled and masked: key j is seen by token t when j <= q_pos[t].
  Value scale;
  if (std::optional<APFloat> attr = op.getScale())
    scale = scalarConstant(b, loc, element, attr->convertToDouble());
  else if (!qType.isDynamicDim(2))
    scale = scalarConstant(b, loc, element,
                           1.0 / std::sqrt(double(qType.getDimSize(2))));
  else
    scale = math::RsqrtOp::create(
        b, loc, indexTo(b, loc, dimSize(b, loc, q, 2), element));
  Value negInf = lowestOf(b, loc, element);
  AffineMap id4 = AffineMap::getMultiDimIdentityMap(4, ctx);
  auto isSeen = [&](OpBuilder &nb, Location nloc, Value pos) -> Value {
    Value j = toI64(nb, nloc, index(nb, nloc, 3));
    return arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sle, j,
                                 toI64(nb, nloc, pos));
  };
  scores = generic(b, loc, ValueRange{qPos}, scores, {map(4, {d(0)}), id4},
                   iteratorsFor(4, {}),
                   [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                     Value scaled =
                         arith::MulFOp::create(nb, nloc, args[1], scale);
                     return arith::SelectOp::create(
                         nb, nloc, isSeen(nb, nloc, args[0]), scaled, negInf);
                   });

  // Softmax over j, unnormalized: exp(x - max) and the sums.
  AffineMap rows = map(4, {d(0), d(1), d(2)});
  auto rowEmpty = [&] {
    return tensor::EmptyOp::create(
        b, loc,
        ArrayRef<OpFoldResult>{tokens, b.getIndexAttr(kvHeads),
                               b.getIndexAttr(groupSize)},
        element);
  };
  Value max =
      generic(b, loc, ValueRange{scores}, fill(b, loc, rowEmpty(), negInf),
              {id4, rows}, iteratorsFor(4, {3}),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return arith::MaximumFOp::create(nb, nloc, args[1], args[0]);
              });
  Value probs = generic(
      b, loc, ValueRange{max}, scores, {rows, id4}, iteratorsFor(4, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return math::ExpOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, args[1], args[0]));
      });
  Value sum =
      generic(b, loc, ValueRange{probs},
              fill(b, loc, rowEmpty(), zeroOf(b, loc, element)), {id4, rows},
              iteratorsFor(4, {3}),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return arith::AddFOp::create(nb, nloc, args[1], args[0]);
              });

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
        Value j = toI64(nb, nloc, index(nb, nloc, 4));
        Value seen = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sle,
                                           j, toI64(nb, nloc, args[2]));
        Value contribution = arith::SelectOp::create(nb, nloc, seen, product,
                                                     zeroOf(nb, nloc, element));
        return arith::AddFOp::create(nb, nloc, args[3], contribution);
      });
  Value normalized = generic(
      b, loc, ValueRange{sum}, weighted, {rows, id4}, iteratorsFor(4, {}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return arith::DivFOp::create(nb, nloc, args[1], args[0]);
      });
  body.results.push_back(
      tensor::CollapseShapeOp::create(b, loc, outType, normalized, groups));
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
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(PagedAttentionOp op,
                          TensorProgramBody &body) const override {
    return buildPagedAttention(body, op);
  }
};
} // namespace

void mlir::relax::populateRelaxPagedKVCacheLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  patterns.add<PagedKVAppendOpLowering, PagedAttentionOpLowering>(
      patterns.getContext(), cache);
}
