//===- HostSymbols.cpp - Run-time values of symbolic variables ------------===//

#include "Relax/Conversion/RelaxToFunc.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

/// The graph types of the leaves of `type`: itself, or the fields of a
/// tuple, nested tuples flattened.
static SmallVector<Type> getLeafTypes(Type type) {
  SmallVector<Type> leaves;
  if (auto tuple = dyn_cast<TupleType>(type))
    tuple.getFlattenedTypes(leaves);
  else
    leaves.push_back(type);
  return leaves;
}

/// Evaluates `expr` with the values `lookup` gives its variables: a
/// constant, the value of a bare variable, or a `sym.eval`. Fails with an
/// error at `loc` when a variable has no value.
static FailureOr<Value> evaluateWith(OpBuilder &b, Location loc,
                                     SymExprAttr expr,
                                     function_ref<Value(StringAttr)> lookup) {
  if (std::optional<int64_t> c = expr.getConstantValue())
    return Value(arith::ConstantIndexOp::create(b, loc, *c));
  llvm::SetVector<StringAttr> used;
  expr.collectVars(used);
  SmallVector<Value> bound;
  for (StringAttr var : used) {
    Value value = lookup(var);
    if (!value)
      return emitError(loc, "symbolic variable '")
             << var.getValue() << "' has no value here";
    bound.push_back(value);
  }
  if (expr.isVar())
    return bound.front();
  SmallVector<StringRef> names =
      llvm::map_to_vector(used, [](StringAttr var) { return var.getValue(); });
  return Value(sym::EvalOp::create(b, loc, b.getIndexType(), expr,
                                   b.getStrArrayAttr(names), bound));
}

/// Walks a graph function in order, with the variables bound so far.
struct HostSymbols::Binder {
  Binder(HostSymbols &symbols, FuncOp func)
      : symbols(symbols), b(func.getContext()), func(func) {}

  void record(StringAttr var, Value value) {
    vars[var] = value;
    symbols.values[var].push_back(value);
  }

  FailureOr<Value> evaluate(Location loc, SymExprAttr expr) {
    return evaluateWith(b, loc, expr,
                        [&](StringAttr var) { return vars.lookup(var); });
  }

  /// Binds the bare-variable dims of `dims` that are unbound to the matching
  /// run-time dims of `source`, then checks every other dim. `known` are the
  /// dims the host type of `source` fixes statically (null where dynamic).
  LogicalResult bindDims(Location loc, Value source, ArrayRef<SymExprAttr> dims,
                         ArrayRef<std::optional<int64_t>> known,
                         const std::string &what,
                         ArrayRef<SymExprAttr> sourceDims = {}) {
    SmallVector<Value> actual(dims.size());
    bindVars(loc, source, dims, actual);
    return checkDims(loc, source, dims, known, what, actual, sourceDims);
  }

  /// Binds the bare-variable dims of `dims` that are unbound to the matching
  /// run-time dims of `source`, which are read into `actual`.
  void bindVars(Location loc, Value source, ArrayRef<SymExprAttr> dims,
                MutableArrayRef<Value> actual) {
    for (auto [i, d] : llvm::enumerate(dims))
      if (d && d.isVar() && !vars.count(d.getName())) {
        actual[i] = sym::DimOp::create(b, loc, b.getIndexType(), source, i);
        record(d.getName(), actual[i]);
      }
  }

  /// Checks the dims of `dims` that bindVars did not bind against the
  /// run-time dims of `source` (those read so far are in `actual`).
  LogicalResult checkDims(Location loc, Value source,
                          ArrayRef<SymExprAttr> dims,
                          ArrayRef<std::optional<int64_t>> known,
                          const std::string &what,
                          MutableArrayRef<Value> actual,
                          ArrayRef<SymExprAttr> sourceDims = {}) {
    auto read = [&](size_t i) {
      if (!actual[i])
        actual[i] = sym::DimOp::create(b, loc, b.getIndexType(), source, i);
      return actual[i];
    };
    for (auto [i, d] : llvm::enumerate(dims)) {
      if (!d ||
          (d.isVar() && actual[i] && vars.lookup(d.getName()) == actual[i]))
        continue;
      // The source's type already says so (a cast that only narrows
      // other dims).
      if (i < sourceDims.size() && sourceDims[i] == d)
        continue;
      // A static dim of the host type already has the value its type says.
      if (d.isConstant() && known[i] == d.getValue())
        continue;
      FailureOr<Value> expected = evaluate(loc, d);
      if (failed(expected))
        return failure();
      sym::AssertEqOp::create(b, loc, read(i), *expected,
                              b.getStringAttr(what + ": dim " +
                                              std::to_string(i) + " must be " +
                                              sym::toString(d)));
    }
    return success();
  }

  /// A ranked tensor leaf of an argument, with the dims read from it.
  struct Leaf {
    Value value;
    ArrayRef<SymExprAttr> dims;
    SmallVector<std::optional<int64_t>> known;
    std::string what;
    SmallVector<Value> actual;
  };

  /// Appends the ranked tensor leaves of `value` to `leaves`.
  void collectLeaves(Location loc, Value value, const std::string &what,
                     SmallVectorImpl<Leaf> &leaves) {
    SmallVector<Type> leafTypes = getLeafTypes(value.getType());
    for (auto [i, leafType] : llvm::enumerate(leafTypes)) {
      auto tensor = dyn_cast<RelaxTensorType>(leafType);
      if (!tensor || !tensor.hasRank())
        continue;
      Leaf &leaf = leaves.emplace_back();
      leaf.value = value;
      if (isa<TupleType>(value.getType()))
        leaf.value = getLeaf(loc, value, i);
      leaf.what = what;
      if (leafTypes.size() > 1)
        leaf.what += " field #" + std::to_string(i);
      leaf.dims = tensor.getDims();
      for (SymExprAttr d : leaf.dims)
        leaf.known.push_back(d ? d.getConstantValue() : std::nullopt);
      leaf.actual.resize(leaf.dims.size());
    }
  }

  /// Leaf `index` of a tuple value, read with relax.tuple_get.
  Value getLeaf(Location loc, Value tuple, size_t index) {
    while (auto type = dyn_cast<TupleType>(tuple.getType())) {
      for (auto [i, field] : llvm::enumerate(type.getTypes())) {
        size_t size = getLeafTypes(field).size();
        if (index < size) {
          tuple = TupleGetOp::create(b, loc, tuple, i);
          break;
        }
        index -= size;
      }
    }
    return tuple;
  }

  LogicalResult bindConstraints(Location loc) {
    auto constraints = func->getAttrOfType<ArrayAttr>(
        sym::SymDialect::getConstraintsAttrName());
    if (!constraints)
      return success();
    std::string name = ("@" + func.getSymName()).str();
    auto check = [&](arith::CmpIPredicate pred, Value lhs, int64_t rhs,
                     const Twine &message) {
      Value ok = arith::CmpIOp::create(
          b, loc, pred, lhs, arith::ConstantIndexOp::create(b, loc, rhs));
      cf::AssertOp::create(b, loc, ok, message.str());
    };
    // One assumption per variable, with everything known about it.
    llvm::MapVector<StringAttr, std::tuple<std::optional<int64_t>,
                                           std::optional<int64_t>, int64_t>>
        facts;
    for (Attribute attr : constraints) {
      if (auto range = dyn_cast<sym::SymRangeAttr>(attr)) {
        Value v = vars.lookup(range.getVar());
        if (!v)
          continue;
        StringRef var = range.getVar().getValue();
        auto &[lower, upper, divisor] = facts[range.getVar()];
        if ((lower = range.getLower()))
          check(arith::CmpIPredicate::sge, v, *lower,
                name + ": " + var + " must be >= " + Twine(*lower));
        if ((upper = range.getUpper()))
          check(arith::CmpIPredicate::sle, v, *upper,
                name + ": " + var + " must be <= " + Twine(*upper));
        if (!divisor)
          divisor = 1;
      } else if (auto div = dyn_cast<sym::SymDivisibleAttr>(attr)) {
        Value v = vars.lookup(div.getVar());
        if (!v)
          continue;
        Value rem = arith::RemSIOp::create(
            b, loc, v,
            arith::ConstantIndexOp::create(b, loc, div.getDivisor()));
        check(arith::CmpIPredicate::eq, rem, 0,
              name + ": " + div.getVar().getValue() +
                  " must be a multiple of " + Twine(div.getDivisor()));
        auto &fact = facts[div.getVar()];
        std::get<2>(fact) = div.getDivisor();
      }
    }
    // Past the checks, the facts hold: later code may rely on them.
    for (auto &[var, fact] : facts) {
      auto [lower, upper, divisor] = fact;
      auto attr = [&](std::optional<int64_t> v) {
        return v ? b.getI64IntegerAttr(*v) : IntegerAttr();
      };
      Value assumed = sym::AssumeOp::create(
          b, loc, b.getIndexType(), vars.lookup(var), attr(lower), attr(upper),
          divisor > 1 ? b.getI64IntegerAttr(divisor) : IntegerAttr());
      record(var, assumed);
    }
    return success();
  }

  LogicalResult walk(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto cast = dyn_cast<MatchCastOp>(op)) {
        if (failed(bindCast(cast)))
          return failure();
        continue;
      }
      for (Region &region : op.getRegions()) {
        // What a branch binds is not visible after it.
        auto saved = vars;
        for (Block &nested : region)
          if (failed(walk(nested)))
            return failure();
        if (isa<IfOp>(op))
          vars = std::move(saved);
      }
    }
    return success();
  }

  LogicalResult bindCast(MatchCastOp cast) {
    Location loc = cast.getLoc();
    std::string what =
        cast.getMessage()
            ? cast.getMessage()->str()
            : ("relax.match_cast at " + llvm::formatv("{0}", loc).str());
    b.setInsertionPoint(cast);
    Type sourceType = cast.getValue().getType();
    if (auto target = dyn_cast<ShapeType>(cast.getType())) {
      auto source = dyn_cast<ShapeType>(sourceType);
      if (!target.hasRank() || !source || !source.hasRank() ||
          source.getDims().size() != target.getDims().size())
        return cast.emitOpError("only shapes of known rank can be checked by "
                                "the host lowering");
      SmallVector<std::optional<int64_t>> known;
      for (SymExprAttr d : source.getDims())
        known.push_back(d ? d.getConstantValue() : std::nullopt);
      return bindDims(loc, cast.getValue(), target.getDims(), known, what,
                      source.getDims());
    }
    auto target = dyn_cast<RelaxTensorType>(cast.getType());
    auto source = dyn_cast<RelaxTensorType>(sourceType);
    if (!target || !target.hasRank())
      return cast.emitOpError("only casts to ranked tensors are supported by "
                              "the host lowering");
    if (!source || !source.hasRank() || source.getRank() != target.getRank())
      return cast.emitOpError("casts between ranks are not supported by the "
                              "host lowering");
    SmallVector<std::optional<int64_t>> known;
    for (SymExprAttr d : source.getDims())
      known.push_back(d ? d.getConstantValue() : std::nullopt);
    return bindDims(loc, cast.getValue(), target.getDims(), known, what,
                    source.getDims());
  }

  LogicalResult run() {
    Block &body = func.getBody().front();
    b.setInsertionPointToStart(&body);
    Location loc = func.getLoc();
    SmallVector<Leaf> leaves;
    for (auto [i, arg] : llvm::enumerate(body.getArguments()))
      collectLeaves(
          loc, arg,
          ("@" + func.getSymName() + " argument #" + std::to_string(i)).str(),
          leaves);
    // Every argument binds its variables before any dim is checked: a dim
    // may use a variable that a later argument binds.
    for (Leaf &leaf : leaves)
      bindVars(loc, leaf.value, leaf.dims, leaf.actual);
    for (Leaf &leaf : leaves)
      if (failed(checkDims(loc, leaf.value, leaf.dims, leaf.known, leaf.what,
                           leaf.actual)))
        return failure();
    if (failed(bindConstraints(loc)))
      return failure();
    return walk(body);
  }

  HostSymbols &symbols;
  OpBuilder b;
  FuncOp func;
  llvm::DenseMap<StringAttr, Value> vars;
};

LogicalResult HostSymbols::bind(FuncOp func) {
  if (func.isExternal())
    return success();
  return Binder(*this, func).run();
}

Value HostSymbols::lookup(Operation *at, StringAttr var,
                          ConversionPatternRewriter *rewriter) const {
  auto it = values.find(var);
  if (it == values.end())
    return nullptr;
  // The last binding that is visible at `at`: defined before it in a block
  // that contains it.
  for (Value value : llvm::reverse(it->second)) {
    Operation *def = value.getDefiningOp();
    Block *block = def ? def->getBlock() : value.getParentBlock();
    Operation *ancestor = block->findAncestorOpInBlock(*at);
    if (!ancestor ||
        (def && (def == ancestor || !def->isBeforeInBlock(ancestor))))
      continue;
    return rewriter ? rewriter->getRemappedValue(value) : value;
  }
  return nullptr;
}

FailureOr<Value>
HostSymbols::evaluate(OpBuilder &b, Location loc, Operation *at,
                      SymExprAttr expr,
                      ConversionPatternRewriter *rewriter) const {
  return evaluateWith(
      b, loc, expr, [&](StringAttr var) { return lookup(at, var, rewriter); });
}

LogicalResult
HostSymbols::evaluateSizes(OpBuilder &b, Location loc, Operation *at,
                           RelaxTensorType type, SmallVectorImpl<Value> &sizes,
                           ConversionPatternRewriter *rewriter) const {
  for (auto [i, d] : llvm::enumerate(type.getDims())) {
    if (d.isConstant())
      continue;
    FailureOr<Value> size = evaluate(b, loc, at, d, rewriter);
    if (failed(size))
      return failure();
    // A dim that an expression gives may be negative at run time (a window
    // larger than its input); a range analysis removes the check where the
    // constraints rule that out.
    if (!d.isVar()) {
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, *size, zero);
      cf::AssertOp::create(
          b, loc, ok,
          llvm::formatv("a tensor of {0} at {1}: dim {2} = {3} is negative",
                        Type(type), getCheckLocationText(loc), i,
                        sym::toString(d))
              .str());
    }
    sizes.push_back(*size);
  }
  return success();
}
