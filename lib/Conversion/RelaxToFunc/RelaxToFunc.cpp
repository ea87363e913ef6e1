//===- RelaxToFunc.cpp - Graph functions and programs to func.func --------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTOFUNCPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

/// The graph types a value of `type` is passed as: the fields of a tuple,
/// nested tuples flattened, so that tuples exist only at compile time.
static SmallVector<Type> getLeafTypes(Type type) {
  SmallVector<Type> leaves;
  if (auto tuple = dyn_cast<TupleType>(type))
    tuple.getFlattenedTypes(leaves);
  else
    leaves.push_back(type);
  return leaves;
}

/// Appends the host types of the leaves of `types` to `result`.
static LogicalResult convertTypes(Location loc, TypeRange types,
                                  SmallVectorImpl<Type> &result) {
  for (Type type : types) {
    for (Type leaf : getLeafTypes(type)) {
      if (auto tensor = dyn_cast<RelaxTensorType>(leaf)) {
        if (!tensor.hasRank())
          return emitError(loc, "a tensor of unknown rank cannot be lowered; "
                                "match_cast it to a ranked type");
        result.push_back(tensor.getBuiltinType());
      } else if (leaf.isIntOrIndexOrFloat()) {
        result.push_back(leaf);
      } else {
        return emitError(loc, "type ")
               << leaf << " is not supported by the host lowering yet";
      }
    }
  }
  return success();
}

namespace {
/// Converts the body of one graph function.
class HostBuilder {
public:
  HostBuilder(OpBuilder &builder) : b(builder) {}

  LogicalResult convert(FuncOp func, func::FuncOp host);

private:
  /// Materializes `expr` as an index value from the bound variables.
  FailureOr<Value> eval(Location loc, SymExprAttr expr);
  /// Dim `i` of a converted tensor value as an index value.
  Value dim(Location loc, Value tensor, int64_t i);
  /// Binds the bare-variable dims of `dims` that are not bound yet to the
  /// matching dims of `value`, and checks every other dim at run time.
  LogicalResult bindAndCheck(Location loc, ArrayRef<SymExprAttr> dims,
                             ArrayRef<Value> actual, StringRef what);
  /// Binds the dims of every tensor among the leaves of `value` (host
  /// values `leaves`) against its graph type.
  LogicalResult bindLeaves(Location loc, Type type, ArrayRef<Value> leaves,
                           const Twine &what);
  LogicalResult convertOp(Operation *op);
  LogicalResult convertBlock(Block &block);
  LogicalResult convertIf(IfOp op);
  LogicalResult convertCallTIRInplace(CallTIRInplaceOp call);
  LogicalResult convertCallLibrary(CallLibraryOp call);
  /// Calls `callee` with `args` cast to its parameter types and returns its
  /// results cast to `resultTypes`: graph types may be more static than the
  /// callee's (a hand-written program on `tensor<?x?xf32>`).
  FailureOr<SmallVector<Value>> callWithCasts(Operation *op,
                                              FlatSymbolRefAttr callee,
                                              ValueRange args,
                                              TypeRange resultTypes);
  /// The evaluated symbolic dims of `type` that are not constants.
  LogicalResult dynamicSizes(Location loc, RelaxTensorType type,
                             SmallVectorImpl<Value> &sizes);
  /// Destinations for the tensor results `types`: tensor.empty sized by the
  /// evaluated symbolic dims.
  LogicalResult allocate(Location loc, TypeRange types,
                         SmallVectorImpl<Value> &dests);

  /// The host values of a graph value: one, or the leaves of a tuple.
  SmallVector<Value> lookup(Value value) const;
  SmallVector<Value> lookup(ValueRange values) const;
  void bind(Value value, ArrayRef<Value> leaves);
  /// Binds each of `values` to its run of `leaves`, in order.
  void bindAll(ValueRange values, ArrayRef<Value> leaves);
  bool isBound(Value value) const {
    return mapping.contains(value) || tuples.count(value);
  }

  OpBuilder &b;
  IRMapping mapping;
  llvm::DenseMap<Value, SmallVector<Value>> tuples;
  llvm::DenseMap<StringAttr, Value> vars;
  /// Shape values, as their entries.
  llvm::DenseMap<Value, SmallVector<Value>> shapes;
};
} // namespace

Value HostBuilder::dim(Location loc, Value tensor, int64_t i) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(i))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(i));
  return tensor::DimOp::create(b, loc, tensor, i);
}

SmallVector<Value> HostBuilder::lookup(Value value) const {
  if (isa<TupleType>(value.getType()))
    return tuples.lookup(value);
  return {mapping.lookup(value)};
}

SmallVector<Value> HostBuilder::lookup(ValueRange values) const {
  SmallVector<Value> result;
  for (Value value : values)
    llvm::append_range(result, lookup(value));
  return result;
}

void HostBuilder::bind(Value value, ArrayRef<Value> leaves) {
  if (isa<TupleType>(value.getType()))
    tuples[value] = llvm::to_vector(leaves);
  else
    mapping.map(value, leaves.front());
}

void HostBuilder::bindAll(ValueRange values, ArrayRef<Value> leaves) {
  for (Value value : values) {
    size_t n = getLeafTypes(value.getType()).size();
    bind(value, leaves.take_front(n));
    leaves = leaves.drop_front(n);
  }
}

FailureOr<Value> HostBuilder::eval(Location loc, SymExprAttr expr) {
  using Kind = sym::SymExprKind;
  switch (expr.getKind()) {
  case Kind::Constant:
    return Value(arith::ConstantIndexOp::create(b, loc, expr.getValue()));
  case Kind::Var:
    if (Value v = vars.lookup(expr.getName()))
      return v;
    return emitError(loc, "symbolic variable '")
               << expr.getName().getValue() << "' has no value here",
           failure();
  default:
    break;
  }
  SmallVector<Value> ops;
  for (SymExprAttr operand : expr.getOperands()) {
    FailureOr<Value> v = eval(loc, operand);
    if (failed(v))
      return failure();
    ops.push_back(*v);
  }
  Value result = ops.front();
  for (Value next : ArrayRef(ops).drop_front()) {
    switch (expr.getKind()) {
    case Kind::Add:
      result = arith::AddIOp::create(b, loc, result, next);
      break;
    case Kind::Mul:
      result = arith::MulIOp::create(b, loc, result, next);
      break;
    case Kind::FloorDiv:
      result = arith::FloorDivSIOp::create(b, loc, result, next);
      break;
    case Kind::Mod: {
      // Floor modulus: x - d * floor(x / d).
      Value q = arith::FloorDivSIOp::create(b, loc, result, next);
      result = arith::SubIOp::create(b, loc, result,
                                     arith::MulIOp::create(b, loc, q, next));
      break;
    }
    case Kind::Min:
      result = arith::MinSIOp::create(b, loc, result, next);
      break;
    case Kind::Max:
      result = arith::MaxSIOp::create(b, loc, result, next);
      break;
    default:
      llvm_unreachable("leaf kinds handled above");
    }
  }
  return result;
}

LogicalResult HostBuilder::bindAndCheck(Location loc,
                                        ArrayRef<SymExprAttr> dims,
                                        ArrayRef<Value> actual,
                                        StringRef what) {
  // Bind first, so that later dims may use variables bound by earlier ones.
  for (auto [d, v] : llvm::zip(dims, actual))
    if (d && d.isVar() && !vars.count(d.getName()))
      vars[d.getName()] = v;
  for (auto [i, d, v] : llvm::enumerate(dims, actual)) {
    if (!d || (d.isVar() && vars.lookup(d.getName()) == v))
      continue;
    // A static dim of the host type already has the value its type says.
    if (d.isConstant() && getConstantIntValue(v) == d.getValue())
      continue;
    FailureOr<Value> expected = eval(loc, d);
    if (failed(expected))
      return failure();
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, *expected);
    cf::AssertOp::create(
        b, loc, ok,
        (what + ": dim " + Twine(i) + " must be " + sym::toString(d)).str());
  }
  return success();
}

LogicalResult HostBuilder::bindLeaves(Location loc, Type type,
                                      ArrayRef<Value> leaves,
                                      const Twine &what) {
  SmallVector<Type> leafTypes = getLeafTypes(type);
  for (auto [i, leafType, leaf] : llvm::enumerate(leafTypes, leaves)) {
    auto tensor = dyn_cast<RelaxTensorType>(leafType);
    if (!tensor)
      continue;
    SmallVector<Value> actual;
    for (int64_t d = 0, e = tensor.getRank(); d < e; ++d)
      actual.push_back(dim(loc, leaf, d));
    std::string name = what.str();
    if (leafTypes.size() > 1)
      name += " field #" + std::to_string(i);
    if (failed(bindAndCheck(loc, tensor.getDims(), actual, name)))
      return failure();
  }
  return success();
}

FailureOr<SmallVector<Value>>
HostBuilder::callWithCasts(Operation *op, FlatSymbolRefAttr callee,
                           ValueRange args, TypeRange resultTypes) {
  Location loc = op->getLoc();
  auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      b.getInsertionBlock()->getParentOp(), callee);
  if (!function)
    return op->emitOpError("calls a function the host lowering did not "
                           "convert");
  FunctionType type = function.getFunctionType();
  if (type.getNumInputs() != args.size() ||
      type.getNumResults() != resultTypes.size())
    return op->emitOpError("passes ")
           << args.size() << " values and expects " << resultTypes.size()
           << " results, but @" << callee.getValue() << " takes "
           << type.getNumInputs() << " and returns " << type.getNumResults();
  auto castTo = [&](Value value, Type target) -> FailureOr<Value> {
    if (value.getType() == target)
      return value;
    if (!tensor::CastOp::areCastCompatible(value.getType(), target))
      return op->emitOpError("passes ")
             << value.getType() << " where @" << callee.getValue() << " has "
             << target;
    return Value(tensor::CastOp::create(b, loc, target, value));
  };
  SmallVector<Value> operands;
  for (auto [arg, target] : llvm::zip(args, type.getInputs())) {
    FailureOr<Value> cast = castTo(arg, target);
    if (failed(cast))
      return failure();
    operands.push_back(*cast);
  }
  auto call = func::CallOp::create(b, loc, function, operands);
  SmallVector<Value> results;
  for (auto [result, target] : llvm::zip(call.getResults(), resultTypes)) {
    FailureOr<Value> cast = castTo(result, target);
    if (failed(cast))
      return failure();
    results.push_back(*cast);
  }
  return results;
}

LogicalResult HostBuilder::dynamicSizes(Location loc, RelaxTensorType type,
                                        SmallVectorImpl<Value> &sizes) {
  for (SymExprAttr d : type.getDims()) {
    if (d.isConstant())
      continue;
    FailureOr<Value> size = eval(loc, d);
    if (failed(size))
      return failure();
    sizes.push_back(*size);
  }
  return success();
}

LogicalResult HostBuilder::allocate(Location loc, TypeRange types,
                                    SmallVectorImpl<Value> &dests) {
  for (Type type : types) {
    auto tensor = cast<RelaxTensorType>(type);
    SmallVector<Value> dynamic;
    if (failed(dynamicSizes(loc, tensor, dynamic)))
      return failure();
    RankedTensorType builtin = tensor.getBuiltinType();
    dests.push_back(tensor::EmptyOp::create(b, loc, builtin.getShape(),
                                            builtin.getElementType(), dynamic));
  }
  return success();
}

LogicalResult HostBuilder::convertCallTIRInplace(CallTIRInplaceOp call) {
  Location loc = call.getLoc();
  SmallVector<Value> args = lookup(call.getArgs());
  ArrayRef<int64_t> inplace = call.getInplaceIndices();
  // The program receives the arguments, then a new destination for each
  // result that overwrites none. It returns one value per destination, in
  // the order of its parameters.
  SmallVector<Type> fresh;
  for (auto [result, index] : llvm::zip(call.getResults(), inplace))
    if (index < 0)
      fresh.push_back(result.getType());
  if (failed(allocate(loc, fresh, args)))
    return failure();
  SmallVector<int64_t> destinations;
  int64_t next = call.getArgs().size();
  for (int64_t index : inplace)
    destinations.push_back(index < 0 ? next++ : index);
  // Result i is the return value at the rank of its destination among all
  // destinations.
  SmallVector<int64_t> order = destinations;
  llvm::sort(order);
  SmallVector<size_t> ranks;
  SmallVector<Type> resultTypes(order.size());
  for (auto [result, position] : llvm::zip(call.getResults(), destinations)) {
    ranks.push_back(llvm::find(order, position) - order.begin());
    resultTypes[ranks.back()] =
        cast<RelaxTensorType>(result.getType()).getBuiltinType();
  }
  FailureOr<SmallVector<Value>> returned =
      callWithCasts(call, call.getCalleeAttr(), args, resultTypes);
  if (failed(returned))
    return failure();
  for (auto [result, i] : llvm::zip(call.getResults(), ranks))
    mapping.map(result, (*returned)[i]);
  return success();
}

LogicalResult HostBuilder::convertCallLibrary(CallLibraryOp call) {
  Location loc = call.getLoc();
  // The function gets every input, then a destination per result, as
  // unranked memrefs (so one C signature serves every rank), and writes the
  // destinations. Buffers of the inputs are taken from the tensors here;
  // bufferization then connects them to the rest of the function.
  auto unranked = [&](Value memref) -> Value {
    auto type = cast<MemRefType>(memref.getType());
    return memref::CastOp::create(
        b, loc, UnrankedMemRefType::get(type.getElementType(), 0), memref);
  };
  auto bufferOf = [&](Value tensor, bool readOnly) -> Value {
    auto type = cast<RankedTensorType>(tensor.getType());
    return bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()), tensor,
        readOnly);
  };
  SmallVector<Value> operands;
  for (Value arg : call.getArgs()) {
    if (!isa<RelaxTensorType>(arg.getType()))
      return call.emitOpError("passes only tensors to library functions on "
                              "the host");
    operands.push_back(unranked(bufferOf(mapping.lookup(arg), true)));
  }
  // Destinations are allocated as buffers: a tensor.empty could be merged
  // with an identical one, and bufferization would not know that the call
  // writes it.
  SmallVector<Value> buffers;
  for (Type type : call.getResultTypes()) {
    auto tensor = cast<RelaxTensorType>(type);
    SmallVector<Value> dynamic;
    if (failed(dynamicSizes(loc, tensor, dynamic)))
      return failure();
    RankedTensorType builtin = tensor.getBuiltinType();
    buffers.push_back(memref::AllocOp::create(
        b, loc, MemRefType::get(builtin.getShape(), builtin.getElementType()),
        dynamic));
    operands.push_back(unranked(buffers.back()));
  }

  // Declare the function the first time it is called.
  std::string name = call.getCallee().str();
  std::replace(name.begin(), name.end(), '.', '_');
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  auto type = b.getFunctionType(TypeRange(operands), {});
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (!function) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    function = func::FuncOp::create(b, loc, name, type);
    function.setPrivate();
    function->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  } else if (function.getFunctionType() != type) {
    return call.emitOpError("calls library function '")
           << call.getCallee() << "' with types that differ from an earlier "
           << "call";
  }
  func::CallOp::create(b, loc, function, operands);
  for (auto [result, buffer] : llvm::zip(call.getResults(), buffers)) {
    auto tensorType = cast<RelaxTensorType>(result.getType()).getBuiltinType();
    mapping.map(result, bufferization::ToTensorOp::create(
                            b, loc, tensorType, buffer, /*restrict=*/true,
                            /*writable=*/true));
  }
  return success();
}

LogicalResult HostBuilder::convertIf(IfOp op) {
  Location loc = op.getLoc();
  Value cond = mapping.lookup(op.getCond());
  if (isa<RankedTensorType>(cond.getType()))
    cond = tensor::ExtractOp::create(b, loc, cond, ValueRange{});
  SmallVector<Type> resultTypes;
  if (failed(convertTypes(loc, op.getResultTypes(), resultTypes)))
    return failure();
  auto ifOp = scf::IfOp::create(b, loc, resultTypes, cond,
                                /*withElseRegion=*/true);
  // Variables and shapes a branch binds are not visible after it.
  auto savedVars = vars;
  auto savedShapes = shapes;
  for (auto [from, to] :
       {std::pair(&op.getThenRegion(), &ifOp.getThenRegion()),
        std::pair(&op.getElseRegion(), &ifOp.getElseRegion())}) {
    Block &block = to->front();
    // An empty scf.if block has no terminator; a non-empty one gets ours.
    if (!block.empty())
      block.back().erase();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&block);
    if (failed(convertBlock(from->front())))
      return failure();
    vars = savedVars;
    shapes = savedShapes;
  }
  bindAll(op.getResults(), SmallVector<Value>(ifOp.getResults()));
  return success();
}

LogicalResult HostBuilder::convertOp(Operation *op) {
  Location loc = op->getLoc();
  if (auto dataflow = dyn_cast<DataflowOp>(op)) {
    Block &body = dataflow.getBody().front();
    if (failed(convertBlock(body)))
      return failure();
    for (auto [result, value] :
         llvm::zip(dataflow.getResults(), body.getTerminator()->getOperands()))
      bind(result, lookup(value));
    return success();
  }
  if (isa<OutputOp>(op))
    return success();
  if (auto call = dyn_cast<CallTIROp>(op)) {
    SmallVector<Value> args = lookup(call.getArgs());
    if (failed(allocate(loc, call.getResultTypes(), args)))
      return failure();
    SmallVector<Type> resultTypes;
    for (Type type : call.getResultTypes())
      resultTypes.push_back(cast<RelaxTensorType>(type).getBuiltinType());
    FailureOr<SmallVector<Value>> results =
        callWithCasts(op, call.getCalleeAttr(), args, resultTypes);
    if (failed(results))
      return failure();
    for (auto [from, to] : llvm::zip(call.getResults(), *results))
      mapping.map(from, to);
    return success();
  }
  if (auto call = dyn_cast<CallTIRInplaceOp>(op))
    return convertCallTIRInplace(call);
  if (auto call = dyn_cast<CallLibraryOp>(op))
    return convertCallLibrary(call);
  if (auto ifOp = dyn_cast<IfOp>(op))
    return convertIf(ifOp);
  if (auto yield = dyn_cast<YieldOp>(op)) {
    auto parent = cast<scf::IfOp>(b.getInsertionBlock()->getParentOp());
    SmallVector<Value> values = lookup(yield.getOperands());
    // A branch may yield a more static type than the result's.
    for (auto [value, type] : llvm::zip(values, parent.getResultTypes()))
      if (value.getType() != type)
        value = tensor::CastOp::create(b, loc, type, value);
    scf::YieldOp::create(b, loc, values);
    return success();
  }
  if (auto tuple = dyn_cast<TupleOp>(op)) {
    bind(tuple.getResult(), lookup(tuple.getOperands()));
    return success();
  }
  if (auto get = dyn_cast<TupleGetOp>(op)) {
    auto type = cast<TupleType>(get.getTuple().getType());
    size_t offset = 0;
    for (Type field : type.getTypes().take_front(get.getIndex()))
      offset += getLeafTypes(field).size();
    SmallVector<Value> leaves = lookup(get.getTuple());
    bind(get.getResult(),
         ArrayRef(leaves).slice(offset, getLeafTypes(get.getType()).size()));
    return success();
  }
  if (auto shape = dyn_cast<ShapeOp>(op)) {
    SmallVector<Value> entries;
    for (SymExprAttr d : shape.getDims().getDims()) {
      FailureOr<Value> v = eval(loc, d);
      if (failed(v))
        return failure();
      entries.push_back(*v);
    }
    shapes[shape.getResult()] = entries;
    return success();
  }
  if (auto shapeOf = dyn_cast<ShapeOfOp>(op)) {
    Value tensor = mapping.lookup(shapeOf.getValue());
    int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
    SmallVector<Value> entries;
    for (int64_t i = 0; i < rank; ++i)
      entries.push_back(dim(loc, tensor, i));
    shapes[shapeOf.getResult()] = entries;
    return success();
  }
  if (auto cast = dyn_cast<MatchCastOp>(op)) {
    std::string what =
        cast.getMessage()
            ? cast.getMessage()->str()
            : ("relax.match_cast at " + llvm::formatv("{0}", loc).str());
    if (auto target = dyn_cast<ShapeType>(cast.getType())) {
      auto it = shapes.find(cast.getValue());
      if (it == shapes.end() || !target.hasRank() ||
          target.getDims().size() != it->second.size())
        return op->emitOpError("only shapes of known rank can be checked "
                               "by the host lowering");
      SmallVector<Value> entries = it->second;
      if (failed(bindAndCheck(loc, target.getDims(), entries, what)))
        return failure();
      shapes[cast.getResult()] = entries;
      return success();
    }
    auto target = dyn_cast<RelaxTensorType>(cast.getType());
    if (!target || !target.hasRank())
      return op->emitOpError("only casts to ranked tensors are supported by "
                             "the host lowering");
    Value source = mapping.lookup(cast.getValue());
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    if (!sourceType || sourceType.getRank() != target.getRank())
      return op->emitOpError("casts between ranks are not supported by the "
                             "host lowering");
    SmallVector<Value> actual;
    for (int64_t i = 0, e = target.getRank(); i < e; ++i)
      actual.push_back(dim(loc, source, i));
    if (failed(bindAndCheck(loc, target.getDims(), actual, what)))
      return failure();
    RankedTensorType builtin = target.getBuiltinType();
    mapping.map(cast.getResult(),
                builtin == sourceType
                    ? source
                    : Value(tensor::CastOp::create(b, loc, builtin, source)));
    return success();
  }
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    mapping.map(constant.getResult(),
                arith::ConstantOp::create(b, loc, constant.getValue()));
    return success();
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    SmallVector<Type> resultTypes;
    if (failed(convertTypes(loc, call.getResultTypes(), resultTypes)))
      return failure();
    FailureOr<SmallVector<Value>> called = callWithCasts(
        op, call.getCalleeAttr(), lookup(call.getArgs()), resultTypes);
    if (failed(called))
      return failure();
    bindAll(call.getResults(), *called);
    return success();
  }
  if (auto ret = dyn_cast<ReturnOp>(op)) {
    for (Value v : ret.getOperands())
      if (!isBound(v))
        return op->emitOpError("returns a value the host lowering cannot "
                               "represent");
    func::ReturnOp::create(b, loc, lookup(ret.getOperands()));
    return success();
  }
  if (isa<InferShapeOpInterface>(op))
    return op->emitOpError("is not legalized; run --relax-legalize first");
  return op->emitOpError("is not supported by the host lowering yet");
}

LogicalResult HostBuilder::convertBlock(Block &block) {
  for (Operation &op : block)
    if (failed(convertOp(&op)))
      return failure();
  return success();
}

LogicalResult HostBuilder::convert(FuncOp func, func::FuncOp host) {
  Block *entry = host.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Location loc = func.getLoc();
  Block &body = func.getBody().front();
  bindAll(body.getArguments(), SmallVector<Value>(entry->getArguments()));
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    if (failed(bindLeaves(loc, arg.getType(), lookup(arg),
                          "@" + func.getSymName() + " argument #" + Twine(i))))
      return failure();
  // The constraints on the parameters hold at run time.
  if (auto constraints = func->getAttrOfType<ArrayAttr>(
          sym::SymDialect::getConstraintsAttrName())) {
    for (Attribute attr : constraints) {
      auto check = [&](arith::CmpIPredicate pred, Value lhs, Value rhs,
                       const Twine &message) {
        Value ok = arith::CmpIOp::create(b, loc, pred, lhs, rhs);
        cf::AssertOp::create(b, loc, ok, message.str());
      };
      if (auto range = dyn_cast<sym::SymRangeAttr>(attr)) {
        Value v = vars.lookup(range.getVar());
        if (!v)
          continue;
        StringRef name = range.getVar().getValue();
        if (range.getLower())
          check(arith::CmpIPredicate::sge, v,
                arith::ConstantIndexOp::create(b, loc, *range.getLower()),
                "@" + func.getSymName() + ": " + name +
                    " must be >= " + Twine(*range.getLower()));
        if (range.getUpper())
          check(arith::CmpIPredicate::sle, v,
                arith::ConstantIndexOp::create(b, loc, *range.getUpper()),
                "@" + func.getSymName() + ": " + name +
                    " must be <= " + Twine(*range.getUpper()));
      } else if (auto div = dyn_cast<sym::SymDivisibleAttr>(attr)) {
        Value v = vars.lookup(div.getVar());
        if (!v)
          continue;
        Value d = arith::ConstantIndexOp::create(b, loc, div.getDivisor());
        Value rem = arith::RemSIOp::create(b, loc, v, d);
        check(arith::CmpIPredicate::eq, rem,
              arith::ConstantIndexOp::create(b, loc, 0),
              "@" + func.getSymName() + ": " + div.getVar().getValue() +
                  " must be a multiple of " + Twine(div.getDivisor()));
      }
    }
  }
  return convertBlock(body);
}

namespace {
struct RelaxToFuncPass : relax::impl::RelaxToFuncPassBase<RelaxToFuncPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(&getContext());

    // Tensor programs: same signature and body, as func.func.
    for (auto program :
         llvm::make_early_inc_range(module.getOps<tprog::FuncOp>())) {
      builder.setInsertionPoint(program);
      auto func =
          func::FuncOp::create(builder, program.getLoc(), program.getSymName(),
                               program.getFunctionType());
      func.setVisibility(program.getVisibility());
      for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
        if (auto shape =
                program.getArgAttr(i, sym::SymDialect::getShapeAttrName()))
          func.setArgAttr(i, sym::SymDialect::getShapeAttrName(), shape);
      func.getBody().takeBody(program.getBody());
      for (Block &block : func.getBody())
        if (auto ret = dyn_cast<tprog::ReturnOp>(block.getTerminator())) {
          builder.setInsertionPoint(ret);
          func::ReturnOp::create(builder, ret.getLoc(), ret.getOperands());
          ret.erase();
        }
      program.erase();
    }

    // Graph functions: declarations first, so that calls resolve.
    SmallVector<std::pair<FuncOp, func::FuncOp>> work;
    for (auto graph : module.getOps<FuncOp>()) {
      SmallVector<Type> inputs, results;
      if (failed(
              convertTypes(graph.getLoc(), graph.getArgumentTypes(), inputs)) ||
          failed(convertTypes(graph.getLoc(), graph.getResultTypes(), results)))
        return signalPassFailure();
      builder.setInsertionPoint(graph);
      auto host =
          func::FuncOp::create(builder, graph.getLoc(), graph.getSymName(),
                               builder.getFunctionType(inputs, results));
      host.setVisibility(graph.getVisibility());
      if (!graph.isExternal() && graph.isPublic())
        host->setAttr("llvm.emit_c_interface", builder.getUnitAttr());
      work.push_back({graph, host});
    }
    for (auto [graph, host] : work) {
      if (graph.isExternal())
        continue;
      HostBuilder hostBuilder(builder);
      if (failed(hostBuilder.convert(graph, host)))
        return signalPassFailure();
    }
    for (auto [graph, host] : work)
      graph.erase();
  }
};
} // namespace
