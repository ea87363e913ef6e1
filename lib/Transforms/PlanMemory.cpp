//===- PlanMemory.cpp - Memory planning across symbolic sizes -------------===//
//
// Places the storages of a graph function in one arena at symbolic offsets,
// so that storages whose live ranges do not overlap share memory, deciding
// every comparison of symbolic sizes with the prover.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>
#include <random>

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXPLANMEMORYPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;
using sym::SymExprAttr;
using sym::SymProver;

namespace {
/// A storage allocated and killed in the planned block.
struct Buffer {
  AllocStorageOp alloc;
  KillStorageOp kill;
  /// Positions of the alloc and of the kill in the block (from 1).
  unsigned start = 0, end = 0;
  /// Position after which every variable of the size is bound (0: entry).
  /// Also set, with `alloc`, for a returned storage that may lend its
  /// memory.
  unsigned bound = 0;
  SymExprAttr size;
  int64_t alignment = 1;
  /// The size rounded up to the arena's alignment, and the offset in it.
  SymExprAttr footprint, offset;
  /// The `(size + a - 1) floordiv a` atom of a rounded footprint.
  SymExprAttr quotient;

  bool overlaps(const Buffer &other) const {
    return start < other.end && other.start < end;
  }
};

/// What the report states about one function.
struct Summary {
  /// Storages before and after planning.
  unsigned before = 0, after = 0;
  SymExprAttr peak, naive, lowerBound;
  /// Their largest values under the constraints (at the upper bounds of the
  /// variables), where the prover finds one.
  std::optional<int64_t> peakMax, naiveMax, lowerBoundMax;
};
} // namespace

static bool isProven(Proof proof) { return proof == Proof::Proven; }

/// The sum of `exprs`; null on overflow.
static SymExprAttr getSum(MLIRContext *ctx, ArrayRef<SymExprAttr> exprs) {
  SymExprAttr sum = SymExprAttr::getConstant(ctx, 0);
  for (SymExprAttr expr : exprs)
    if (sum && expr)
      sum = SymExprAttr::add(sum, expr);
    else
      return nullptr;
  return sum;
}

/// The maximum of `exprs` without the operands the prover shows to be at
/// most another one, so that comparable terms leave no `max`. Each term is
/// compared with the kept ones only, which stay few where terms compare, so
/// that a long function's ends do not cost a quadratic number of proofs.
static SymExprAttr
getPrunedMax(ArrayRef<SymExprAttr> exprs,
             function_ref<bool(SymExprAttr, SymExprAttr)> proveLe) {
  SmallVector<SymExprAttr> kept;
  for (SymExprAttr expr : exprs) {
    if (!expr)
      return nullptr;
    // Of two provably equal terms, the first is kept.
    if (llvm::any_of(kept, [&](SymExprAttr k) { return proveLe(expr, k); }))
      continue;
    llvm::erase_if(kept, [&](SymExprAttr k) { return proveLe(k, expr); });
    kept.push_back(expr);
  }
  if (kept.empty())
    return exprs.empty() ? nullptr : exprs.front();
  if (kept.size() == 1)
    return kept.front();
  return SymExprAttr::max(kept);
}

/// `size` rounded up to a multiple of `alignment`; sets `quotient` to the
/// floordiv atom of the rounding where there is one.
static SymExprAttr alignSize(SymExprAttr size, int64_t alignment,
                             const SymProver &prover, SymExprAttr &quotient) {
  quotient = nullptr;
  if (std::optional<int64_t> c = size.getConstantValue())
    return SymExprAttr::getConstant(size.getContext(),
                                    llvm::alignTo(*c, alignment));
  if (alignment == 1 || isProven(prover.proveDivisible(size, alignment)))
    return size;
  MLIRContext *ctx = size.getContext();
  SymExprAttr a = SymExprAttr::getConstant(ctx, alignment);
  SymExprAttr sum =
      SymExprAttr::add(size, SymExprAttr::getConstant(ctx, alignment - 1));
  if (!sum)
    return nullptr;
  quotient = SymExprAttr::floorDiv(sum, a);
  return quotient ? SymExprAttr::mul(quotient, a) : nullptr;
}

/// Teaches `prover` the dims a top-level match_cast checks to be equal.
static void learnFromMatchCast(MatchCastOp op, SymProver &prover) {
  std::optional<SmallVector<SymExprAttr>> target =
      sym::getSymDims(op.getType());
  std::optional<SmallVector<SymExprAttr>> source =
      sym::getSymDims(op.getValue().getType());
  if (!target || !source || target->size() != source->size())
    return;
  for (auto [t, s] : llvm::zip(*target, *source))
    if (t && s && t != s)
      prover.addEquality(t, s);
}

/// Analyzes `alloc` as a candidate for planning: every value sharing its
/// memory must be used in `block` itself (not in a nested region, not passed
/// out), and its one `kill_storage` must be the last such use.
static std::optional<Buffer>
analyzeStorage(AllocStorageOp alloc, Block &block,
               const llvm::DenseMap<Operation *, unsigned> &positions) {
  Buffer buffer;
  buffer.alloc = alloc;
  buffer.start = positions.lookup(alloc);
  buffer.size = alloc.getSize();
  buffer.alignment = alloc.getAlignment();
  unsigned lastUse = buffer.start;
  llvm::SetVector<Value> aliases;
  aliases.insert(alloc.getResult());
  for (size_t i = 0; i < aliases.size(); ++i) {
    for (OpOperand &use : aliases[i].getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != &block || user->hasTrait<OpTrait::IsTerminator>())
        return std::nullopt;
      if (i == 0) {
        if (auto kill = dyn_cast<KillStorageOp>(user)) {
          if (buffer.kill)
            return std::nullopt;
          buffer.kill = kill;
        } else if (!isa<AllocTensorOp>(user)) {
          return std::nullopt;
        }
      }
      if (isa<AllocTensorOp, ViewOp, MatchCastOp, TupleOp, TupleGetOp>(user))
        aliases.insert(user->getResult(0));
      lastUse = std::max(lastUse, positions.lookup(user));
    }
  }
  if (!buffer.kill)
    return std::nullopt;
  buffer.end = positions.lookup(buffer.kill);
  if (buffer.end != lastUse)
    return std::nullopt;
  return buffer;
}

namespace {
class MemoryPlanner {
public:
  MemoryPlanner(FuncOp func, bool useArena, bool staticArena, bool search,
                bool lend, bool planResults)
      : func(func), ctx(func.getContext()), prover(func), useArena(useArena),
        staticArena(staticArena), search(search), lend(lend),
        planResults(planResults) {}

  /// Plans the function's body block; fills `summary`.
  void run(Summary &summary);
  void plan(Summary &summary);

private:
  /// Collects the candidates and the positions where variables are bound.
  void analyze();
  /// Places `buffers` at offsets in an arena, trying several orders; returns
  /// its size, or null when an expression overflows or no arena is provably
  /// smaller than the storages it replaces.
  SymExprAttr place(ArrayRef<Buffer *> buffers, int64_t alignment);
  /// Places `order`'s buffers one after another, each at the lowest offset
  /// that the prover shows to overlap no live buffer placed before it;
  /// returns the arena size, or null on overflow.
  SymExprAttr placeInOrder(ArrayRef<Buffer *> order);
  /// Searches for orders that the same first-fit placement packs tighter
  /// at the sample sizes than every order of `seeds`; none when none is
  /// found or a size has no value at a sample.
  SmallVector<SmallVector<Buffer *>>
  searchOrder(ArrayRef<Buffer *> planned,
              ArrayRef<SmallVector<Buffer *>> seeds);
  /// Sets `samples`: every variable of `vars` at sizes from 1 to 4096, all
  /// together and one at a time, clamped to their ranges.
  void collectSamples(const llvm::SetVector<StringAttr> &vars);
  /// Whether `lhs < rhs`: proven, else at more of the samples than not.
  bool isSmaller(SymExprAttr lhs, SymExprAttr rhs);
  /// Moves `buffers` into an arena of `size` created after position `at`.
  void rewriteIntoArena(ArrayRef<Buffer *> buffers, SymExprAttr size,
                        int64_t alignment, unsigned at);
  /// Lets later storages take the place of dead ones of at least their
  /// size; returns the sizes of the storages that remain.
  SmallVector<SymExprAttr> reuse(ArrayRef<Buffer *> buffers);
  /// The largest sum of the sizes of buffers live at one point.
  SymExprAttr getLowerBound();
  /// Chooses buffers of `planned` to live in returned storages before those
  /// are allocated; returns (guest, host) pairs.
  SmallVector<std::pair<Buffer *, Buffer *>>
  chooseGuests(ArrayRef<Buffer *> planned);
  /// Moves each guest into its host, and the host's allocation in front of
  /// its first guest.
  void rewriteIntoHosts(ArrayRef<std::pair<Buffer *, Buffer *>> guests);
  /// Proves `lhs <= rhs`, also where rounded footprints need monotonicity.
  bool proveLe(SymExprAttr lhs, SymExprAttr rhs);
  bool proveLeUncached(SymExprAttr lhs, SymExprAttr rhs);
  function_ref<bool(SymExprAttr, SymExprAttr)> getProveLe() {
    return proveLeRef;
  }

  FuncOp func;
  MLIRContext *ctx;
  SymProver prover;
  bool useArena, staticArena, search, lend, planResults;
  SmallVector<Operation *> ops;
  llvm::DenseMap<Operation *, unsigned> positions;
  llvm::DenseMap<StringAttr, unsigned> bindings;
  /// The candidates, and the other storages with the live range they have
  /// at least (the report counts them).
  SmallVector<Buffer> buffers, others;
  /// Values of the variables at which sizes that the prover cannot order
  /// are compared.
  SmallVector<llvm::DenseMap<StringAttr, SymExprAttr>> samples;
  /// The buffer of each rounding atom.
  llvm::DenseMap<SymExprAttr, Buffer *> rounded;
  /// What `proveLe` returned for each pair, while `rounded` stays the same:
  /// placing in several orders asks the same questions many times, each a
  /// walk of expressions that grow with the number of buffers.
  llvm::DenseMap<std::pair<SymExprAttr, SymExprAttr>, bool> proofs;
  /// Whether one buffer's size is provably at most another's, per pair.
  llvm::DenseMap<std::pair<Buffer *, Buffer *>, bool> sizeOrder;
  bool isSizeLe(Buffer *small, Buffer *large) {
    auto [it, inserted] = sizeOrder.try_emplace({small, large}, false);
    if (inserted)
      it->second = isProven(prover.proveLe(small->size, large->size));
    return it->second;
  }
  std::function<bool(SymExprAttr, SymExprAttr)> proveLeRef =
      [this](SymExprAttr lhs, SymExprAttr rhs) { return proveLe(lhs, rhs); };
};
} // namespace

void MemoryPlanner::analyze() {
  Block &block = func.getBody().front();
  for (Type type : func.getArgumentTypes()) {
    llvm::SetVector<StringAttr> vars;
    collectDefinableVars(type, vars);
    for (StringAttr var : vars)
      bindings.try_emplace(var, 0);
  }
  for (Operation &op : block) {
    ops.push_back(&op);
    positions[&op] = ops.size();
    if (auto cast = dyn_cast<MatchCastOp>(op)) {
      llvm::SetVector<StringAttr> vars;
      collectDefinableVars(cast.getType(), vars);
      for (StringAttr var : vars)
        bindings.try_emplace(var, ops.size());
      learnFromMatchCast(cast, prover);
    }
  }
  func.walk([&](AllocStorageOp alloc) {
    Operation *ancestor = block.findAncestorOpInBlock(*alloc);
    std::optional<Buffer> buffer;
    if (ancestor == alloc)
      buffer = analyzeStorage(alloc, block, positions);
    if (!buffer) {
      // Live at least for its ancestor op; until the end when it stays
      // alive in this block.
      Buffer other;
      other.size = alloc.getSize();
      other.start = positions.lookup(ancestor);
      other.end = other.start + 1;
      if (ancestor == alloc) {
        other.end = ops.size() + 1;
        for (Operation *user : alloc->getUsers())
          if (isa<KillStorageOp>(user) && user->getBlock() == &block)
            other.end = positions.lookup(user);
        // Never killed, and holding only tensors placed in this block: its
        // memory leaves the function with what it returns.
        if (other.end == ops.size() + 1 &&
            llvm::all_of(alloc->getUsers(), [&](Operation *user) {
              return isa<AllocTensorOp>(user) && user->getBlock() == &block;
            })) {
          other.alloc = alloc;
          other.alignment = alloc.getAlignment();
          llvm::SetVector<StringAttr> vars;
          other.size.collectVars(vars);
          for (StringAttr var : vars)
            other.bound = std::max(other.bound, bindings.lookup(var));
          // Planned too where results may live in the arena: live to the
          // end, and the arena is then returned rather than killed.
          if (planResults) {
            buffers.push_back(other);
            return;
          }
        }
      }
      others.push_back(other);
      return;
    }
    llvm::SetVector<StringAttr> vars;
    buffer->size.collectVars(vars);
    for (StringAttr var : vars)
      buffer->bound = std::max(buffer->bound, bindings.lookup(var));
    buffers.push_back(*buffer);
  });
}

bool MemoryPlanner::proveLe(SymExprAttr lhs, SymExprAttr rhs) {
  auto key = std::make_pair(lhs, rhs);
  auto it = proofs.find(key);
  if (it != proofs.end())
    return it->second;
  bool proven = proveLeUncached(lhs, rhs);
  proofs[key] = proven;
  return proven;
}

bool MemoryPlanner::proveLeUncached(SymExprAttr lhs, SymExprAttr rhs) {
  if (isProven(prover.proveLe(lhs, rhs)))
    return true;
  // Arena sizes are maxima of ends: split them here, where each side may
  // need the rounding argument below.
  if (lhs.getKind() == sym::SymExprKind::Max)
    return llvm::all_of(lhs.getOperands(),
                        [&](SymExprAttr op) { return proveLe(op, rhs); });
  if (rhs.getKind() == sym::SymExprKind::Max &&
      llvm::any_of(rhs.getOperands(),
                   [&](SymExprAttr op) { return proveLe(lhs, op); }))
    return true;
  // The prover bounds `a * ((s + a - 1) floordiv a)` by `s` and `s + a - 1`
  // only, which loses that rounding up is monotonic. Where `rhs - lhs`
  // holds `+ round(t)` and `- round(s)` with `s <= t` proven, it suffices
  // to show the difference minus `k * (round(t) - round(s))` for any
  // `k >= 0`: take the `k` that cancels one of them, while pairs remain.
  SymExprAttr diff = SymExprAttr::sub(rhs, lhs);
  auto getAtoms = [&](SymExprAttr expr) {
    llvm::SetVector<Buffer *> atoms;
    expr.walk([&](SymExprAttr sub) {
      if (Buffer *buffer = rounded.lookup(sub))
        atoms.insert(buffer);
    });
    return atoms;
  };
  auto cancelPair = [&]() -> bool {
    llvm::SetVector<Buffer *> atoms = getAtoms(diff);
    for (Buffer *small : atoms) {
      for (Buffer *large : atoms) {
        if (small == large || !isSizeLe(small, large))
          continue;
        SymExprAttr step = SymExprAttr::sub(large->footprint, small->footprint);
        SymExprAttr next = diff;
        for (int k = 1; k <= 8 && step && next; ++k) {
          next = SymExprAttr::sub(next, step);
          if (!next)
            break;
          llvm::SetVector<Buffer *> left = getAtoms(next);
          if (!left.contains(small) || !left.contains(large)) {
            diff = next;
            return true;
          }
        }
      }
    }
    return false;
  };
  SymExprAttr original = diff;
  while (diff && cancelPair()) {
  }
  SymExprAttr zero = SymExprAttr::getConstant(lhs.getContext(), 0);
  return diff && diff != original && isProven(prover.proveLe(zero, diff));
}

/// The value of `expr` with the variables of `sample`, when constant.
static std::optional<int64_t>
evaluate(SymExprAttr expr,
         const llvm::DenseMap<StringAttr, SymExprAttr> &sample) {
  SymExprAttr value =
      expr.replaceVars([&](StringAttr var) { return sample.lookup(var); });
  return value ? value.getConstantValue() : std::nullopt;
}

bool MemoryPlanner::isSmaller(SymExprAttr lhs, SymExprAttr rhs) {
  if (proveLe(rhs, lhs))
    return false;
  if (proveLe(lhs, rhs))
    return true;
  int wins = 0;
  for (const auto &sample : samples) {
    std::optional<int64_t> l = evaluate(lhs, sample), r = evaluate(rhs, sample);
    if (l && r)
      wins += *l < *r ? 1 : *l > *r ? -1 : 0;
  }
  return wins > 0;
}

SymExprAttr MemoryPlanner::placeInOrder(ArrayRef<Buffer *> order) {
  SymExprAttr zero = SymExprAttr::getConstant(ctx, 0);
  SmallVector<Buffer *> placed;
  SmallVector<SymExprAttr> ends;
  for (Buffer *buffer : order) {
    SmallVector<Buffer *> live;
    for (Buffer *other : placed)
      if (other->overlaps(*buffer))
        live.push_back(other);
    // Candidates: the start of the arena and the end of each live buffer.
    // Buffers placed before this one have their variables bound no later
    // than this one's, so its offset only uses variables bound here.
    SmallVector<SymExprAttr> candidates{zero};
    for (Buffer *other : live) {
      SymExprAttr end = SymExprAttr::add(other->offset, other->footprint);
      if (!end)
        return nullptr;
      if (!llvm::is_contained(candidates, end))
        candidates.push_back(end);
    }
    auto fits = [&](SymExprAttr offset) {
      SymExprAttr end = SymExprAttr::add(offset, buffer->footprint);
      if (!end)
        return false;
      return llvm::all_of(live, [&](Buffer *other) {
        SymExprAttr otherEnd =
            SymExprAttr::add(other->offset, other->footprint);
        return proveLe(end, other->offset) ||
               (otherEnd && proveLe(otherEnd, offset));
      });
    };
    SmallVector<SymExprAttr> valid = llvm::filter_to_vector(candidates, fits);
    if (valid.empty()) {
      // Nothing provably fits: above every live buffer.
      buffer->offset =
          getPrunedMax(ArrayRef(candidates).drop_front(), getProveLe());
    } else {
      // The lowest valid offset: proven, else at most samples.
      buffer->offset = valid.front();
      for (SymExprAttr offset : ArrayRef(valid).drop_front())
        if (isSmaller(offset, buffer->offset))
          buffer->offset = offset;
    }
    if (!buffer->offset)
      return nullptr;
    placed.push_back(buffer);
    // Offsets are aligned; the arena need not end at an aligned size.
    ends.push_back(SymExprAttr::add(buffer->offset, buffer->size));
  }
  return getPrunedMax(ends, getProveLe());
}

/// How many of the orders that a search finds best are placed symbolically.
static constexpr size_t kSearchedOrders = 8;

/// First-fit placement at concrete sizes, as `placeInOrder` does
/// symbolically: each buffer of `order` goes to the lowest of the arena's
/// start and the ends of the buffers placed before it that it overlaps in
/// time where it overlaps none of them in memory. Returns the arena size.
///
/// That offset is found by a sweep over the memory of the buffers it
/// overlaps in time, by their start: the lowest point it fits at is 0 or
/// the end of one of them, and below the first start that leaves room for
/// it every earlier buffer ends at most at the sweep's point. This is the
/// search's inner loop: it visits the buffers each one overlaps in time
/// (`overlapping`) rather than all placed before it, and sorts their m
/// ranges (m log m) rather than testing each of m candidates against all of
/// them (m^2).
static int64_t placeConcrete(ArrayRef<unsigned> order, ArrayRef<int64_t> sizes,
                             ArrayRef<SmallVector<unsigned>> overlapping,
                             SmallVectorImpl<int64_t> &offsets) {
  int64_t arena = 0;
  llvm::BitVector placed(sizes.size());
  SmallVector<std::pair<int64_t, int64_t>> busy;
  for (unsigned k : order) {
    busy.clear();
    for (unsigned other : overlapping[k])
      // Empty buffers take no memory: they conflict with nothing.
      if (placed[other] && sizes[other] > 0)
        busy.push_back({offsets[other], offsets[other] + sizes[other]});
    llvm::sort(busy);
    int64_t offset = 0;
    for (auto [start, end] : busy) {
      if (start >= offset + sizes[k])
        break;
      offset = std::max(offset, end);
    }
    offsets[k] = offset;
    arena = std::max(arena, offsets[k] + sizes[k]);
    placed.set(k);
  }
  return arena;
}

void MemoryPlanner::collectSamples(const llvm::SetVector<StringAttr> &vars) {
  samples.clear();
  auto clamp = [&](StringAttr var, int64_t value) {
    sym::Interval range = prover.getBounds(SymExprAttr::getVar(var));
    int64_t clamped = std::max(value, range.lower.value_or(0));
    return std::min(clamped, range.upper.value_or(clamped));
  };
  SmallVector<SmallVector<int64_t>> seen;
  auto add = [&](function_ref<int64_t(StringAttr)> valueOf) {
    SmallVector<int64_t> values =
        llvm::map_to_vector(vars, [&](StringAttr var) { return valueOf(var); });
    if (llvm::is_contained(seen, values))
      return;
    llvm::DenseMap<StringAttr, SymExprAttr> &sample = samples.emplace_back();
    for (auto [var, value] : llvm::zip(vars, values))
      sample[var] = SymExprAttr::getConstant(ctx, value);
    seen.push_back(std::move(values));
  };
  for (int64_t value : {1, 16, 64, 128, 256, 512, 1024, 4096}) {
    add([&](StringAttr var) { return clamp(var, value); });
    // One variable at a time, the others at their least (batch sizes are
    // often 1 while sequences are long).
    if (vars.size() > 1)
      for (StringAttr varied : vars)
        add([&](StringAttr var) {
          return var == varied ? clamp(var, value) : clamp(var, 1);
        });
  }
}

/// The value of `get(buffer)` for each of `buffers` at each of `samples`;
/// std::nullopt where one has no value or one beyond 2^50 bytes.
static std::optional<SmallVector<SmallVector<int64_t>>>
evaluateAtSamples(ArrayRef<Buffer *> buffers,
                  function_ref<SymExprAttr(Buffer *)> get,
                  ArrayRef<llvm::DenseMap<StringAttr, SymExprAttr>> samples) {
  SmallVector<SmallVector<int64_t>> values;
  for (const auto &sample : samples) {
    SmallVector<int64_t> &sizes = values.emplace_back();
    for (Buffer *buffer : buffers) {
      std::optional<int64_t> value = evaluate(get(buffer), sample);
      if (!value || *value < 0 || *value > (int64_t(1) << 50))
        return std::nullopt;
      sizes.push_back(*value);
    }
  }
  return values;
}

/// For each of `buffers`, the sum of `sizes` of the buffers live where it
/// is allocated.
static SmallVector<int64_t> getLiveSums(ArrayRef<Buffer *> buffers,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> sums(buffers.size(), 0);
  for (auto [t, at] : llvm::enumerate(buffers))
    for (auto [buffer, size] : llvm::zip(buffers, sizes))
      if (buffer->start <= at->start && at->start < buffer->end)
        sums[t] += size;
  return sums;
}

SmallVector<SmallVector<Buffer *>>
MemoryPlanner::searchOrder(ArrayRef<Buffer *> planned,
                           ArrayRef<SmallVector<Buffer *>> seeds) {
  size_t n = planned.size();
  llvm::DenseMap<Buffer *, unsigned> index;
  for (auto [i, buffer] : llvm::enumerate(planned))
    index[buffer] = i;
  SmallVector<SmallVector<unsigned>> overlapping(n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j && planned[i]->overlaps(*planned[j]))
        overlapping[i].push_back(j);

  // Footprints at each sample, and the largest sum live at one point, which
  // normalizes each sample's arena so that small samples count as much.
  std::optional<SmallVector<SmallVector<int64_t>>> footprints =
      evaluateAtSamples(
          planned, [](Buffer *b) { return b->footprint; }, samples);
  if (!footprints)
    return {};
  SmallVector<SmallVector<int64_t>> &sizes = *footprints;
  SmallVector<double> lowerBounds;
  for (ArrayRef<int64_t> values : sizes)
    lowerBounds.push_back(double(std::max<int64_t>(
        1, *llvm::max_element(getLiveSums(planned, values)))));
  SmallVector<int64_t> offsets(n);
  auto score = [&](ArrayRef<unsigned> order) {
    double total = 0;
    for (auto [values, lower] : llvm::zip(sizes, lowerBounds))
      total += double(placeConcrete(order, values, overlapping, offsets)) / lower;
    return total;
  };
  // `a` may be placed before `b` when the variables of `a`'s size are bound
  // by the time `b` is (the orders that `place` builds keep this).
  auto mayPrecede = [&](unsigned a, unsigned b) {
    return planned[a]->bound <= planned[b]->bound ||
           planned[a]->bound < planned[b]->start;
  };

  SmallVector<unsigned> current;
  double currentScore = std::numeric_limits<double>::infinity();
  for (ArrayRef<Buffer *> seed : seeds) {
    SmallVector<unsigned> order =
        llvm::map_to_vector(seed, [&](Buffer *b) { return index.lookup(b); });
    double value = score(order);
    if (value < currentScore) {
      current = std::move(order);
      currentScore = value;
    }
  }
  // The orders that pack best; several, since placing them symbolically
  // (where the prover cannot order two sizes) may differ.
  double seedScore = currentScore;
  SmallVector<SmallVector<unsigned>> best;
  double bestScore = currentScore;

  // Local search over moves of one buffer to another position, accepting
  // moves that do not pack worse (plateaus are common: many buffers have
  // one size). The budget keeps the work near 10^7 steps of placement.
  std::mt19937 rng(1);
  int64_t steps = int64_t(n * n) * int64_t(sizes.size()) + 1;
  int64_t iterations = std::clamp<int64_t>(20000000 / steps, 100, 4000);
  SmallVector<unsigned> next;
  for (int64_t it = 0; it < iterations; ++it) {
    unsigned from = rng() % n, to = rng() % n;
    if (from == to)
      continue;
    unsigned moved = current[from];
    bool valid =
        from < to ? llvm::all_of(ArrayRef(current).slice(from + 1, to - from),
                                 [&](unsigned other) {
                                   return mayPrecede(other, moved);
                                 })
                  : llvm::all_of(ArrayRef(current).slice(to, from - to),
                                 [&](unsigned other) {
                                   return mayPrecede(moved, other);
                                 });
    if (!valid)
      continue;
    next = current;
    next.erase(next.begin() + from);
    next.insert(next.begin() + to, moved);
    double value = score(next);
    if (value > currentScore)
      continue;
    std::swap(current, next);
    currentScore = value;
    if (value < bestScore) {
      best.clear();
      bestScore = value;
    }
    if (value == bestScore && best.size() < kSearchedOrders &&
        !llvm::is_contained(best, current))
      best.push_back(current);
  }
  if (!(bestScore < seedScore))
    return {};
  return llvm::map_to_vector(best, [&](ArrayRef<unsigned> order) {
    return llvm::map_to_vector(order, [&](unsigned i) { return planned[i]; });
  });
}

SymExprAttr MemoryPlanner::place(ArrayRef<Buffer *> planned,
                                 int64_t alignment) {
  proofs.clear();
  sizeOrder.clear();
  for (Buffer *buffer : planned) {
    buffer->footprint =
        alignSize(buffer->size, alignment, prover, buffer->quotient);
    if (!buffer->footprint)
      return nullptr;
    if (buffer->quotient)
      rounded[buffer->quotient] = buffer;
  }

  // Sample sizes, where the prover cannot order two sizes.
  llvm::SetVector<StringAttr> vars;
  for (Buffer *buffer : planned)
    buffer->footprint.collectVars(vars);
  collectSamples(vars);
  // Orders to place in: allocation order, and largest first at each sample
  // (among buffers whose variables are bound at the same point, so that
  // offsets only name variables bound where their tensor is placed).
  SmallVector<SmallVector<Buffer *>> orders{llvm::to_vector(planned)};
  for (const auto &sample : samples) {
    // (bound, -size, allocation order, buffer)
    SmallVector<std::tuple<unsigned, int64_t, unsigned, Buffer *>> keyed;
    for (Buffer *buffer : planned)
      keyed.push_back({buffer->bound,
                       -evaluate(buffer->footprint, sample).value_or(0),
                       buffer->start, buffer});
    llvm::sort(keyed);
    SmallVector<Buffer *> order = llvm::map_to_vector(
        keyed, [](const auto &entry) { return std::get<3>(entry); });
    if (!llvm::is_contained(orders, order))
      orders.push_back(std::move(order));
  }
  // And the best orders a search finds at the samples' sizes.
  if (search)
    for (SmallVector<Buffer *> &searched : searchOrder(planned, orders))
      if (!llvm::is_contained(orders, searched))
        orders.push_back(std::move(searched));

  // An arena must provably need no more than the storages it replaces,
  // rounded the same way. Each offset is 0 or the end of a chain of
  // distinct buffers placed before (or the largest of such ends), so with
  // non-negative footprints that holds by construction; otherwise the
  // prover checks it.
  SmallVector<SymExprAttr> footprints =
      llvm::map_to_vector(planned, [](Buffer *b) { return b->footprint; });
  SymExprAttr total = getSum(ctx, footprints);
  if (!total)
    return nullptr;
  SymExprAttr zero = SymExprAttr::getConstant(ctx, 0);
  bool nonNegative = llvm::all_of(footprints, [&](SymExprAttr footprint) {
    return proveLe(zero, footprint);
  });
  // Keep the smallest arena: proven smaller, else smaller at more samples.
  SymExprAttr best;
  SmallVector<SymExprAttr> offsets;
  for (ArrayRef<Buffer *> order : orders) {
    SymExprAttr size = placeInOrder(order);
    if (!size || (!nonNegative && !proveLe(size, total)) ||
        (best && !isSmaller(size, best)))
      continue;
    best = size;
    offsets = llvm::map_to_vector(planned, [](Buffer *b) { return b->offset; });
  }
  for (auto [buffer, offset] : llvm::zip(planned, offsets))
    buffer->offset = offset;
  return best;
}

void MemoryPlanner::rewriteIntoArena(ArrayRef<Buffer *> planned,
                                     SymExprAttr size, int64_t alignment,
                                     unsigned at) {
  Block &block = func.getBody().front();
  OpBuilder builder(ctx);
  if (at == 0)
    builder.setInsertionPointToStart(&block);
  else
    builder.setInsertionPointAfter(ops[at - 1]);
  Location loc = planned.front()->alloc.getLoc();
  auto arena = AllocStorageOp::create(builder, loc, StorageType::get(ctx), size,
                                      builder.getI64IntegerAttr(alignment));
  // An arena that holds a result leaves the function with it.
  Buffer *last = *llvm::max_element(
      planned, [](Buffer *a, Buffer *b) { return a->end < b->end; });
  if (last->kill) {
    builder.setInsertionPointAfter(last->kill);
    KillStorageOp::create(builder, last->kill.getLoc(), arena);
  }
  for (Buffer *buffer : planned) {
    for (Operation *user :
         llvm::make_early_inc_range(buffer->alloc->getUsers())) {
      if (auto tensor = dyn_cast<AllocTensorOp>(user)) {
        tensor.getStorageMutable().assign(arena);
        tensor.setOffsetAttr(
            SymExprAttr::add(buffer->offset, tensor.getOffset()));
      }
    }
    if (buffer->kill)
      buffer->kill.erase();
    buffer->alloc.erase();
  }
}

SmallVector<SymExprAttr> MemoryPlanner::reuse(ArrayRef<Buffer *> planned) {
  // A storage that serves one buffer after another, until `end`.
  struct Slot {
    Buffer *owner;
    unsigned end;
  };
  SmallVector<Slot> slots;
  SmallVector<SymExprAttr> sizes;
  for (Buffer *buffer : planned) {
    Slot *chosen = nullptr;
    bool exact = false;
    for (Slot &slot : slots) {
      Buffer *owner = slot.owner;
      if (slot.end >= buffer->start || owner->alignment < buffer->alignment ||
          !isProven(prover.proveLe(buffer->size, owner->size)))
        continue;
      // An exact fit wastes nothing; otherwise the first that fits.
      bool same = isProven(prover.proveEq(buffer->size, owner->size));
      if (!chosen || (same && !exact)) {
        chosen = &slot;
        exact = same;
      }
    }
    if (!chosen) {
      slots.push_back({buffer, buffer->end});
      sizes.push_back(buffer->size);
      continue;
    }
    // The slot's storage lives on until this buffer's kill.
    Buffer *owner = chosen->owner;
    buffer->alloc.getResult().replaceAllUsesWith(owner->alloc.getResult());
    buffer->alloc.erase();
    owner->kill.erase();
    // Null when the new tenant is a result: the storage is then returned.
    owner->kill = buffer->kill;
    chosen->end = buffer->end;
  }
  return sizes;
}

SmallVector<std::pair<Buffer *, Buffer *>>
MemoryPlanner::chooseGuests(ArrayRef<Buffer *> planned) {
  SmallVector<Buffer *> hosts;
  for (Buffer &other : others)
    if (other.alloc)
      hosts.push_back(&other);
  if (hosts.empty() || planned.empty())
    return {};
  // A guest dies before its host is allocated, after the variables of the
  // host's size are bound, and provably fits.
  auto fits = [&](Buffer *guest, Buffer *host) {
    return guest->end < host->start && host->bound < guest->start &&
           host->alignment >= guest->alignment &&
           isProven(prover.proveLe(guest->size, host->size));
  };
  SmallVector<std::pair<Buffer *, SmallVector<Buffer *>>> candidates;
  for (Buffer *guest : planned) {
    SmallVector<Buffer *> into = llvm::filter_to_vector(
        hosts, [&](Buffer *host) { return fits(guest, host); });
    if (!into.empty())
      candidates.push_back({guest, std::move(into)});
  }
  if (candidates.empty())
    return {};

  // The sum of the planned sizes live at each buffer's start, per sample:
  // a guest lowers it over its live range. Guests are chosen greedily while
  // they lower the peaks (each relative to its sample's first peak).
  llvm::SetVector<StringAttr> vars;
  for (Buffer *buffer : planned)
    buffer->size.collectVars(vars);
  collectSamples(vars);
  size_t n = planned.size();
  llvm::DenseMap<Buffer *, unsigned> index;
  for (auto [i, buffer] : llvm::enumerate(planned))
    index[buffer] = i;
  std::optional<SmallVector<SmallVector<int64_t>>> sizesAtSamples =
      evaluateAtSamples(
          planned, [](Buffer *b) { return b->size; }, samples);
  if (!sizesAtSamples)
    return {};
  SmallVector<SmallVector<int64_t>> &values = *sizesAtSamples;
  SmallVector<SmallVector<int64_t>> profiles =
      llvm::map_to_vector(values, [&](ArrayRef<int64_t> sizes) {
        return getLiveSums(planned, sizes);
      });
  SmallVector<double> firstPeaks =
      llvm::map_to_vector(profiles, [](ArrayRef<int64_t> p) {
        return double(std::max<int64_t>(1, *llvm::max_element(p)));
      });
  auto cost = [&](Buffer *without) {
    double total = 0;
    for (auto [profile, sizes, first] :
         llvm::zip(profiles, values, firstPeaks)) {
      int64_t peak = 0;
      for (size_t t = 0; t < n; ++t) {
        int64_t live = profile[t];
        if (without && without->start <= planned[t]->start &&
            planned[t]->start < without->end)
          live -= sizes[index.lookup(without)];
        peak = std::max(peak, live);
      }
      total += double(peak) / first;
    }
    return total;
  };

  // What each host holds already, as live ranges.
  llvm::DenseMap<Buffer *, SmallVector<Buffer *>> held;
  SmallVector<std::pair<Buffer *, Buffer *>> chosen;
  double current = cost(nullptr);
  while (!candidates.empty()) {
    std::optional<size_t> best;
    Buffer *bestHost = nullptr;
    double bestCost = current;
    for (auto [i, candidate] : llvm::enumerate(candidates)) {
      Buffer *guest = candidate.first;
      ArrayRef<Buffer *> into = candidate.second;
      // The smallest host whose earlier guests are dead by then.
      Buffer *host = nullptr;
      for (Buffer *option : into) {
        if (llvm::any_of(held[option],
                         [&](Buffer *b) { return b->overlaps(*guest); }))
          continue;
        if (!host || isProven(prover.proveLe(option->size, host->size)))
          host = option;
      }
      if (!host)
        continue;
      double value = cost(guest);
      if (value < bestCost) {
        best = i;
        bestHost = host;
        bestCost = value;
      }
    }
    if (!best)
      break;
    Buffer *guest = candidates[*best].first;
    chosen.push_back({guest, bestHost});
    held[bestHost].push_back(guest);
    candidates.erase(candidates.begin() + *best);
    // The guest leaves the profiles.
    for (auto [profile, sizes] : llvm::zip(profiles, values))
      for (size_t t = 0; t < n; ++t)
        if (guest->start <= planned[t]->start && planned[t]->start < guest->end)
          profile[t] -= sizes[index.lookup(guest)];
    current = bestCost;
  }
  return chosen;
}

void MemoryPlanner::rewriteIntoHosts(
    ArrayRef<std::pair<Buffer *, Buffer *>> guests) {
  for (auto [guest, host] : guests) {
    if (guest->alloc->isBeforeInBlock(host->alloc))
      host->alloc->moveBefore(guest->alloc);
    guest->alloc.getResult().replaceAllUsesWith(host->alloc.getResult());
    guest->kill.erase();
    guest->alloc.erase();
  }
}

SymExprAttr MemoryPlanner::getLowerBound() {
  auto all = llvm::concat<const Buffer>(buffers, others);
  SmallVector<SymExprAttr> sums;
  for (const Buffer &buffer : all) {
    SmallVector<SymExprAttr> live;
    for (const Buffer &other : all)
      if (other.start <= buffer.start && buffer.start < other.end)
        live.push_back(other.size);
    sums.push_back(getSum(ctx, live));
  }
  return getPrunedMax(sums, getProveLe());
}

void MemoryPlanner::run(Summary &summary) {
  plan(summary);
  auto getMax = [&](SymExprAttr expr) -> std::optional<int64_t> {
    if (!expr)
      return std::nullopt;
    return prover.getBounds(expr).upper;
  };
  summary.peakMax = getMax(summary.peak);
  summary.naiveMax = getMax(summary.naive);
  summary.lowerBoundMax = getMax(summary.lowerBound);
}

void MemoryPlanner::plan(Summary &summary) {
  analyze();
  SmallVector<SymExprAttr> sizes, unplanned;
  for (const Buffer &buffer : llvm::concat<const Buffer>(buffers, others))
    sizes.push_back(buffer.size);
  for (const Buffer &buffer : others)
    unplanned.push_back(buffer.size);
  summary.before = summary.after = sizes.size();
  summary.naive = getSum(ctx, sizes);
  summary.lowerBound = getLowerBound();
  summary.peak = summary.naive;
  if (buffers.size() < 2)
    return;

  SmallVector<Buffer *> all =
      llvm::map_to_vector(buffers, [](Buffer &b) { return &b; });
  // Returned storages first hold buffers that die before them.
  SmallVector<std::pair<Buffer *, Buffer *>> guests;
  if (lend) {
    guests = chooseGuests(all);
    for (auto [guest, host] : guests)
      llvm::erase(all, guest);
  }
  int64_t alignment = 1;
  for (Buffer *buffer : all)
    alignment = std::max(alignment, buffer->alignment);

  // The arena goes after the last binding of the variables of its size (at
  // the entry when the size is a constant, e.g. its bound): storages
  // allocated before that point stay out of it.
  auto getBinding = [&](SymExprAttr expr) {
    llvm::SetVector<StringAttr> vars;
    expr.collectVars(vars);
    unsigned position = 0;
    for (StringAttr var : vars)
      position = std::max(position, bindings.lookup(var));
    return position;
  };
  auto placeChecked = [&](ArrayRef<Buffer *> planned) -> SymExprAttr {
    return planned.size() < 2 ? nullptr : place(planned, alignment);
  };
  SmallVector<Buffer *> planned = all, excluded;
  SymExprAttr arenaSize;
  unsigned at = 0;
  if (useArena) {
    arenaSize = placeChecked(planned);
    if (arenaSize && staticArena) {
      if (std::optional<int64_t> upper = prover.getBounds(arenaSize).upper)
        arenaSize = SymExprAttr::getConstant(ctx, *upper);
    }
    while (arenaSize) {
      at = getBinding(arenaSize);
      auto early = [&](Buffer *b) { return b->start < at; };
      if (llvm::none_of(planned, early))
        break;
      llvm::append_range(excluded, llvm::make_filter_range(planned, early));
      llvm::erase_if(planned, early);
      arenaSize = placeChecked(planned);
    }
  }
  if (!arenaSize) {
    planned.clear();
    excluded = all;
  }
  llvm::sort(excluded,
             [](Buffer *a, Buffer *b) { return a->start < b->start; });

  SmallVector<SymExprAttr> peak = unplanned;
  if (arenaSize) {
    rewriteIntoArena(planned, arenaSize, alignment, at);
    peak.push_back(arenaSize);
  }
  llvm::append_range(peak, reuse(excluded));
  rewriteIntoHosts(guests);
  summary.after = peak.size();
  summary.peak = getSum(ctx, peak);
}

/// Prints `expr`, and its value under `values` when that is a constant.
static void printSize(llvm::raw_ostream &os, SymExprAttr expr,
                      const llvm::DenseMap<StringAttr, SymExprAttr> &values) {
  if (!expr) {
    os << "?";
    return;
  }
  expr.printExpr(os);
  if (values.empty() || expr.isConstant())
    return;
  SymExprAttr value =
      expr.replaceVars([&](StringAttr var) { return values.lookup(var); });
  if (value && value.isConstant())
    os << " (" << value.getValue() << ")";
}

namespace {
struct RelaxPlanMemoryPass
    : relax::impl::RelaxPlanMemoryPassBase<RelaxPlanMemoryPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    llvm::DenseMap<StringAttr, SymExprAttr> values;
    for (StringRef entry : sizes) {
      auto [name, text] = entry.split('=');
      int64_t value;
      if (name.trim().empty() || text.trim().getAsInteger(10, value)) {
        getOperation().emitError("relax-plan-memory: invalid entry '")
            << entry << "' in sizes, expected name=value";
        return signalPassFailure();
      }
      values[StringAttr::get(ctx, name.trim())] =
          SymExprAttr::getConstant(ctx, value);
    }
    for (auto func : getOperation().getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      Summary summary;
      MemoryPlanner(func, arena, staticArena, search, lendReturned, planResults)
          .run(summary);
      if (record) {
        SymExprAttr peak =
            summary.before ? summary.peak : SymExprAttr::getConstant(ctx, 0);
        func->setAttr(RelaxDialect::getPlannedPeakAttrName(), peak);
        if (std::optional<int64_t> max =
                summary.before ? summary.peakMax : std::optional<int64_t>(0))
          func->setAttr(RelaxDialect::getPlannedPeakMaxAttrName(),
                        IntegerAttr::get(IntegerType::get(ctx, 64), *max));
      }
      if (!report || summary.before == 0)
        continue;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "storages: " << summary.before << " -> " << summary.after
         << "; peak ";
      printSize(os, summary.peak, values);
      os << " bytes, naive ";
      printSize(os, summary.naive, values);
      os << ", lower bound ";
      printSize(os, summary.lowerBound, values);
      // Not for constant sizes, which are their own bounds.
      if (summary.peakMax && !summary.peak.isConstant()) {
        auto print = [&](std::optional<int64_t> value) {
          if (value)
            os << *value;
          else
            os << "unbounded";
        };
        os << "; at the upper bounds: peak ";
        print(summary.peakMax);
        os << " bytes, naive ";
        print(summary.naiveMax);
        os << ", lower bound ";
        print(summary.lowerBoundMax);
      }
      func.emitRemark(text);
    }
  }
};
} // namespace
