//===- RelaxToFunc.cpp - Graph functions and programs to func.func --------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
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

static FailureOr<Type> convertType(Location loc, Type type) {
  if (auto tensor = dyn_cast<RelaxTensorType>(type)) {
    if (!tensor.hasRank())
      return emitError(loc, "a tensor of unknown rank cannot be lowered; "
                            "match_cast it to a ranked type"),
             failure();
    return Type(tensor.getBuiltinType());
  }
  if (type.isIntOrIndexOrFloat())
    return type;
  return emitError(loc, "type ") << type << " is not supported by the host "
                                 << "lowering yet",
         failure();
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
  LogicalResult convertOp(Operation *op);
  LogicalResult convertBlock(Block &block);

  OpBuilder &b;
  IRMapping mapping;
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

LogicalResult HostBuilder::convertOp(Operation *op) {
  Location loc = op->getLoc();
  if (auto dataflow = dyn_cast<DataflowOp>(op)) {
    Block &body = dataflow.getBody().front();
    if (failed(convertBlock(body)))
      return failure();
    for (auto [result, value] :
         llvm::zip(dataflow.getResults(), body.getTerminator()->getOperands()))
      mapping.map(result, mapping.lookup(value));
    return success();
  }
  if (isa<OutputOp>(op))
    return success();
  if (auto call = dyn_cast<CallTIROp>(op)) {
    SmallVector<Value> args = llvm::map_to_vector(
        call.getArgs(), [&](Value v) { return mapping.lookup(v); });
    SmallVector<Type> resultTypes;
    for (Type type : call.getResultTypes()) {
      auto tensor = cast<RelaxTensorType>(type);
      SmallVector<Value> dynamic;
      for (SymExprAttr d : tensor.getDims()) {
        if (d.isConstant())
          continue;
        FailureOr<Value> size = eval(loc, d);
        if (failed(size))
          return failure();
        dynamic.push_back(*size);
      }
      RankedTensorType builtin = tensor.getBuiltinType();
      args.push_back(tensor::EmptyOp::create(
          b, loc, builtin.getShape(), builtin.getElementType(), dynamic));
      resultTypes.push_back(builtin);
    }
    auto callOp =
        func::CallOp::create(b, loc, call.getCallee(), resultTypes, args);
    for (auto [from, to] : llvm::zip(call.getResults(), callOp.getResults()))
      mapping.map(from, to);
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
    for (Type type : call.getResultTypes()) {
      FailureOr<Type> converted = convertType(loc, type);
      if (failed(converted))
        return failure();
      resultTypes.push_back(*converted);
    }
    SmallVector<Value> args = llvm::map_to_vector(
        call.getArgs(), [&](Value v) { return mapping.lookup(v); });
    auto callOp =
        func::CallOp::create(b, loc, call.getCallee(), resultTypes, args);
    for (auto [from, to] : llvm::zip(call.getResults(), callOp.getResults()))
      mapping.map(from, to);
    return success();
  }
  if (auto ret = dyn_cast<ReturnOp>(op)) {
    SmallVector<Value> values;
    for (Value v : ret.getOperands()) {
      if (!mapping.contains(v))
        return op->emitOpError("returns a value the host lowering cannot "
                               "represent");
      values.push_back(mapping.lookup(v));
    }
    func::ReturnOp::create(b, loc, values);
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
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value newArg = entry->getArgument(i);
    mapping.map(arg, newArg);
    auto tensor = dyn_cast<RelaxTensorType>(arg.getType());
    if (!tensor)
      continue;
    SmallVector<Value> actual;
    for (int64_t d = 0, e = tensor.getRank(); d < e; ++d)
      actual.push_back(dim(loc, newArg, d));
    if (failed(bindAndCheck(
            loc, tensor.getDims(), actual,
            ("@" + func.getSymName() + " argument #" + Twine(i)).str())))
      return failure();
  }
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
      for (Type type : graph.getArgumentTypes()) {
        FailureOr<Type> converted = convertType(graph.getLoc(), type);
        if (failed(converted))
          return signalPassFailure();
        inputs.push_back(*converted);
      }
      for (Type type : graph.getResultTypes()) {
        FailureOr<Type> converted = convertType(graph.getLoc(), type);
        if (failed(converted))
          return signalPassFailure();
        results.push_back(*converted);
      }
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
