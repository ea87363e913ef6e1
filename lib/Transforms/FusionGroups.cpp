//===- FusionGroups.cpp - Partitioning a dataflow region for fusion -------===//
//
// TVM's FuseOps on the ops of one dataflow region: each op is a node of the
// region's dataflow graph, whose immediate post-dominator decides where its
// group may grow. Three phases run over the nodes in order:
//
//   0. an output-elementwise-fusable op (an anchor) absorbs the path to its
//      post-dominator when every op on it is elementwise or broadcast and
//      every edge is elementwise; elementwise and broadcast ops join their
//      post-dominator along injective paths (or paths that end in a
//      reduction or an anchor);
//   1. injective ops join their post-dominator along injective paths;
//   2. the horizontal and prologue rules, which TVM does not have.
//
// Joining a path merges every op on it, so groups stay convex: no path
// leaves a group and comes back. The horizontal and prologue rules merge
// whole groups and check convexity explicitly.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Fusion.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;

PatternKind relax::getFusionKind(Operation *op) {
  // Shape-only ops become views of their operand's storage.
  if (isa<ReshapeOp, ExpandDimsOp, SqueezeOp, ViewOp>(op))
    return PatternKind::Opaque;
  auto kindOp = dyn_cast<PatternKindOpInterface>(op);
  if (!kindOp)
    return PatternKind::Opaque;
  auto isKnownTensor = [](Type type) {
    auto tensor = dyn_cast<RelaxTensorType>(type);
    return tensor && tensor.hasKnownShape();
  };
  if (!llvm::all_of(op->getOperandTypes(), isKnownTensor) ||
      !llvm::all_of(op->getResultTypes(), isKnownTensor) ||
      op->getNumResults() == 0)
    return PatternKind::Opaque;
  return kindOp.getPatternKind();
}

namespace {
/// The dataflow graph of one block and its partition into groups.
class Partitioner {
public:
  Partitioner(Block &block, const sym::SymProver &prover,
              const FusionOptions &options);

  SmallVector<FusionGroup> run();

private:
  /// The programs that calls in the block call.
  SymbolTableCollection symbols;

  struct Node {
    Operation *op;
    PatternKind kind;
    /// Nodes that use a result, each once, in block order.
    SmallVector<unsigned> consumers;
    /// A result is used after the region.
    bool leaves = false;
    /// Immediate post-dominator; -1 when only the region's exit
    /// post-dominates the node (a result leaves the region).
    int ipdom = -1;
    unsigned depth = 0;
    /// Number of `relax.match_cast` ops before the node.
    unsigned segment = 0;
  };

  /// Union-find over nodes; the root holds the group's summary.
  unsigned find(unsigned n) {
    while (parent[n] != n)
      n = parent[n] = parent[parent[n]];
    return n;
  }
  void merge(unsigned from, unsigned into) {
    from = find(from);
    into = find(into);
    if (from == into)
      return;
    parent[from] = into;
    size[into] += size[from];
    kind[into] = std::max(kind[into], kind[from]);
    anchors[into] += anchors[from];
  }

  void buildGraph();
  void buildPostDominators();
  int leastCommonAncestor(int a, int b) const;

  /// The kind of the edge from `producer` into `consumer`: the consumer's
  /// kind, where a broadcast whose operand from `producer` provably has the
  /// result's shape is elementwise.
  PatternKind getEdgeKind(unsigned producer, unsigned consumer) const;

  /// Visits every node on a path from `src` to `sink` (excluding `src`);
  /// returns false when `check(node, isSink)` fails for one of them.
  /// `edgeKind` is set to the largest edge kind on those paths.
  bool checkPath(unsigned src, unsigned sink,
                 function_ref<bool(unsigned node, bool isSink)> check,
                 PatternKind *edgeKind = nullptr);
  /// Merges `src` and every node on a path to `sink` into sink's group.
  void commitPath(unsigned src, unsigned sink);

  /// True when the groups with roots `a` and `b` can become one: same
  /// segment, within the size limit, and no path between them leaves both.
  bool canMerge(unsigned a, unsigned b);
  bool reachesThroughOutside(unsigned from, unsigned to);

  void fuseDequantizes();
  void fusePhase(unsigned phase);
  void fuseInjectiveConsumers();
  void fuseHorizontally();
  void fusePrologues();

  const sym::SymProver &prover;
  const FusionOptions &options;
  SmallVector<Node> nodes;
  llvm::DenseMap<Operation *, unsigned> indexOf;
  SmallVector<unsigned> parent, size, anchors;
  SmallVector<PatternKind> kind;
};
} // namespace

Partitioner::Partitioner(Block &block, const sym::SymProver &prover,
                         const FusionOptions &options)
    : prover(prover), options(options) {
  unsigned segment = 0;
  for (Operation &op : block.without_terminator()) {
    if (isa<MatchCastOp>(op))
      ++segment;
    indexOf[&op] = nodes.size();
    Node node{&op, getFusionKind(&op), {}, false, -1, 0, segment};
    nodes.push_back(node);
  }
  for (unsigned i = 0, e = nodes.size(); i < e; ++i) {
    parent.push_back(i);
    size.push_back(1);
    kind.push_back(nodes[i].kind);
    anchors.push_back(nodes[i].kind == PatternKind::OutElementWiseFusable);
  }
}

void Partitioner::buildGraph() {
  for (auto [i, node] : llvm::enumerate(nodes)) {
    bool leaves = false;
    llvm::SmallDenseSet<unsigned> seen;
    for (Operation *user : node.op->getUsers()) {
      // Users inside regions of ops of the block count as that op.
      Operation *owner = node.op->getBlock()->findAncestorOpInBlock(*user);
      auto it = owner ? indexOf.find(owner) : indexOf.end();
      if (it == indexOf.end()) {
        leaves = true;
        continue;
      }
      if (seen.insert(it->second).second)
        node.consumers.push_back(it->second);
    }
    llvm::sort(node.consumers);
    node.leaves = leaves;
  }
}

int Partitioner::leastCommonAncestor(int a, int b) const {
  while (a != b) {
    if (a < 0 || b < 0)
      return -1;
    if (nodes[a].depth > nodes[b].depth)
      a = nodes[a].ipdom;
    else if (nodes[b].depth > nodes[a].depth)
      b = nodes[b].ipdom;
    else {
      a = nodes[a].ipdom;
      b = nodes[b].ipdom;
    }
  }
  return a;
}

void Partitioner::buildPostDominators() {
  // Consumers come later in the block, so reverse order visits them first.
  for (int i = nodes.size() - 1; i >= 0; --i) {
    Node &node = nodes[i];
    // A node whose value leaves the region is post-dominated by the exit
    // only; so is one without users.
    if (node.leaves || node.consumers.empty()) {
      node.ipdom = -1;
      node.depth = 1;
      continue;
    }
    int lca = node.consumers.front();
    for (unsigned c : ArrayRef(node.consumers).drop_front())
      lca = leastCommonAncestor(lca, c);
    node.ipdom = lca;
    node.depth = lca < 0 ? 1 : nodes[lca].depth + 1;
  }
}

PatternKind Partitioner::getEdgeKind(unsigned producer,
                                     unsigned consumer) const {
  PatternKind edge = nodes[consumer].kind;
  if (edge != PatternKind::Broadcast)
    return edge;
  Operation *op = nodes[consumer].op;
  auto result = cast<RelaxTensorType>(op->getResult(0).getType());
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.get().getDefiningOp() != nodes[producer].op)
      continue;
    auto type = cast<RelaxTensorType>(operand.get().getType());
    if (type.getRank() != result.getRank())
      return edge;
    for (auto [lhs, rhs] : llvm::zip(type.getDims(), result.getDims()))
      if (prover.proveEq(lhs, rhs) != Proof::Proven)
        return edge;
  }
  return PatternKind::ElementWise;
}

bool Partitioner::checkPath(unsigned src, unsigned sink,
                            function_ref<bool(unsigned, bool)> check,
                            PatternKind *edgeKind) {
  if (edgeKind)
    *edgeKind = PatternKind::ElementWise;
  llvm::DenseSet<unsigned> visited;
  SmallVector<unsigned> worklist = {src};
  while (!worklist.empty()) {
    unsigned n = worklist.pop_back_val();
    for (unsigned c : nodes[n].consumers) {
      if (edgeKind)
        *edgeKind = std::max(*edgeKind, getEdgeKind(n, c));
      if (!visited.insert(c).second)
        continue;
      if (!check(c, c == sink))
        return false;
      if (c != sink)
        worklist.push_back(c);
    }
  }
  return true;
}

void Partitioner::commitPath(unsigned src, unsigned sink) {
  SmallVector<unsigned> path = {src};
  (void)checkPath(src, sink, [&](unsigned n, bool isSink) {
    if (!isSink)
      path.push_back(n);
    return true;
  });
  for (unsigned n : path)
    merge(n, sink);
}

bool Partitioner::reachesThroughOutside(unsigned from, unsigned to) {
  // Groups become one call each, so a path that enters another group at
  // one op may leave it from any of its ops: walk groups, not ops.
  llvm::DenseMap<unsigned, SmallVector<unsigned>> members;
  for (unsigned n = 0, e = nodes.size(); n < e; ++n)
    members[find(n)].push_back(n);
  llvm::DenseSet<unsigned> visited;
  SmallVector<unsigned> worklist = {from};
  while (!worklist.empty()) {
    unsigned group = worklist.pop_back_val();
    for (unsigned n : members[group])
      for (unsigned c : nodes[n].consumers) {
        unsigned g = find(c);
        if (g == group)
          continue;
        // A direct edge into `to` is no path through the outside.
        if (g == to) {
          if (group != from)
            return true;
          continue;
        }
        if (g != from && visited.insert(g).second)
          worklist.push_back(g);
      }
  }
  return false;
}

bool Partitioner::canMerge(unsigned a, unsigned b) {
  a = find(a);
  b = find(b);
  if (a == b)
    return false;
  if (nodes[a].segment != nodes[b].segment ||
      static_cast<int64_t>(size[a] + size[b]) > options.maxGroupSize)
    return false;
  return !reachesThroughOutside(a, b) && !reachesThroughOutside(b, a);
}

void Partitioner::fusePhase(unsigned phase) {
  for (unsigned n = 0, e = nodes.size(); n < e; ++n) {
    unsigned group = find(n);
    PatternKind groupKind = kind[group];
    if (groupKind == PatternKind::Opaque || nodes[n].ipdom < 0)
      continue;
    unsigned dom = nodes[n].ipdom;
    unsigned domGroup = find(dom);
    if (domGroup == group || nodes[n].segment != nodes[dom].segment ||
        static_cast<int64_t>(size[group] + size[domGroup]) >
            options.maxGroupSize)
      continue;
    auto groupKindOf = [&](unsigned node) { return kind[find(node)]; };

    if (groupKind == PatternKind::OutElementWiseFusable) {
      if (phase != 0 || anchors[domGroup] != 0)
        continue;
      PatternKind edgeKind;
      bool ok = checkPath(
          n, dom,
          [&](unsigned node, bool) {
            return groupKindOf(node) <= PatternKind::Broadcast;
          },
          &edgeKind);
      if (ok && edgeKind == PatternKind::ElementWise)
        commitPath(n, dom);
      continue;
    }
    if (groupKind <= PatternKind::Broadcast) {
      if (phase != 0)
        continue;
      PatternKind edgeKind;
      (void)checkPath(
          n, dom, [](unsigned, bool) { return true; }, &edgeKind);
      if (edgeKind > PatternKind::Injective &&
          edgeKind != PatternKind::Reduction)
        continue;
      if (anchors[group] != 0 && anchors[domGroup] != 0)
        continue;
      if (checkPath(n, dom, [&](unsigned node, bool isSink) {
            PatternKind k = groupKindOf(node);
            if (!isSink)
              return k <= PatternKind::Injective;
            return k <= PatternKind::Reduction ||
                   k == PatternKind::OutElementWiseFusable;
          }))
        commitPath(n, dom);
      continue;
    }
    if (groupKind == PatternKind::Injective) {
      if (phase != 1)
        continue;
      if (checkPath(n, dom, [&](unsigned node, bool) {
            return groupKindOf(node) <= PatternKind::Injective;
          }))
        commitPath(n, dom);
    }
  }
}

void Partitioner::fuseDequantizes() {
  for (unsigned n = 0, e = nodes.size(); n < e; ++n) {
    if (!isa<DequantizeOp>(nodes[n].op))
      continue;
    // Along the chain of the dequantize and the astype converting it, each
    // link joins its one reader.
    for (unsigned link = n;;) {
      if (nodes[link].kind == PatternKind::Opaque || nodes[link].leaves ||
          nodes[link].consumers.size() != 1)
        break;
      unsigned consumer = nodes[link].consumers.front();
      if (nodes[consumer].kind == PatternKind::Opaque ||
          !canMerge(link, consumer))
        break;
      merge(link, consumer);
      if (!isa<AstypeOp>(nodes[consumer].op))
        break;
      link = consumer;
    }
  }
}

void Partitioner::fuseHorizontally() {
  // Anchors grouped by the value they read first (a matmul's left operand).
  llvm::MapVector<Value, SmallVector<unsigned>> readers;
  for (unsigned n = 0, e = nodes.size(); n < e; ++n)
    if (nodes[n].kind == PatternKind::OutElementWiseFusable &&
        nodes[n].op->getNumOperands() > 0)
      readers[nodes[n].op->getOperand(0)].push_back(n);
  for (auto &[value, anchorsOfValue] : readers)
    for (unsigned i = 1; i < anchorsOfValue.size(); ++i)
      for (unsigned j = 0; j < i; ++j)
        if (canMerge(anchorsOfValue[i], anchorsOfValue[j])) {
          merge(anchorsOfValue[i], anchorsOfValue[j]);
          break;
        }
}

void Partitioner::fuseInjectiveConsumers() {
  for (unsigned n = 0, e = nodes.size(); n < e; ++n) {
    for (unsigned c : nodes[n].consumers) {
      unsigned group = find(n), consumer = find(c);
      if (group == consumer || kind[group] != PatternKind::Injective ||
          kind[consumer] > PatternKind::Injective || anchors[group] != 0 ||
          anchors[consumer] != 0)
        continue;
      if (canMerge(group, consumer))
        merge(group, consumer);
    }
  }
}

/// Whether argument `index` of the program that `call` calls is read only as
/// the left operand (the rows) of contractions, as a graph-level anchor's
/// left operand is. A program that fusion made with a prologue reads it
/// through the prologue instead, so fusing a fused module again finds no
/// prologue to add.
static bool feedsContractionRows(SymbolTableCollection &symbols, CallTIROp call,
                                 unsigned index) {
  auto program = symbols.lookupNearestSymbolFrom<tprog::FuncOp>(
      call, call.getCalleeAttr());
  if (!program || program.isExternal() || index >= program.getNumArguments())
    return false;
  Value arg = program.getArgument(index);
  // Shape queries read no elements.
  auto readers = llvm::make_filter_range(arg.getUses(), [](OpOperand &use) {
    return !isa<tensor::DimOp>(use.getOwner());
  });
  return !readers.empty() && llvm::all_of(readers, [](OpOperand &use) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return linalgOp && linalgOp.getNumReductionLoops() > 0 &&
           linalgOp.getNumDpsInputs() > 0 &&
           linalgOp.getDpsInputOperand(0) == &use;
  });
}

void Partitioner::fusePrologues() {
  for (unsigned n = 0, e = nodes.size(); n < e; ++n) {
    unsigned group = n;
    if (find(n) != n)
      continue;
    if (kind[group] > PatternKind::Reduction || anchors[group] != 0)
      continue;
    // Every use outside the group must be the left operand of an anchor, all
    // anchors of one group.
    std::optional<unsigned> target;
    bool ok = true;
    bool any = false;
    for (unsigned m = 0; m < e && ok; ++m) {
      if (find(m) != group)
        continue;
      for (unsigned c : nodes[m].consumers) {
        if (find(c) == group)
          continue;
        any = true;
        Operation *user = nodes[c].op;
        bool leftOnly = llvm::all_of(user->getOpOperands(), [&](OpOperand &o) {
          return o.get().getDefiningOp() != nodes[m].op ||
                 o.getOperandNumber() == 0;
        });
        auto call = dyn_cast<CallTIROp>(user);
        if (nodes[c].kind != PatternKind::OutElementWiseFusable || !leftOnly ||
            (call && !feedsContractionRows(symbols, call, 0)) ||
            (target && *target != find(c))) {
          ok = false;
          break;
        }
        target = find(c);
      }
      // A value that leaves the region is stored anyway.
      ok &= !nodes[m].leaves;
    }
    if (ok && any && target && canMerge(group, *target))
      merge(group, *target);
  }
}

SmallVector<FusionGroup> Partitioner::run() {
  buildGraph();
  buildPostDominators();
  fuseDequantizes();
  fusePhase(0);
  fusePhase(1);
  if (options.injectiveConsumers)
    fuseInjectiveConsumers();
  if (options.horizontal)
    fuseHorizontally();
  if (options.prologue)
    fusePrologues();

  llvm::MapVector<unsigned, FusionGroup> groups;
  for (unsigned n = 0, e = nodes.size(); n < e; ++n) {
    unsigned root = find(n);
    FusionGroup &group = groups[root];
    group.ops.push_back(nodes[n].op);
    group.kind = kind[root];
    group.anchors = anchors[root];
  }
  return llvm::to_vector(llvm::make_second_range(groups.takeVector()));
}

SmallVector<FusionGroup>
relax::partitionIntoFusionGroups(Block &block, const sym::SymProver &prover,
                                 const FusionOptions &options) {
  return Partitioner(block, prover, options).run();
}
