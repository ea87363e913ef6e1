//===- MergeTensorPrograms.cpp - One tensor program per fusion group ------===//
//
// TVM's FuseTIR: the programs a group calls are inlined, in the group's
// order, into one new program whose arguments are the group's inputs and
// outputs. Its signature is written in the call site's shapes, with the
// group's symbolic expressions renamed `d0, d1, ...` consistently across
// all calls, so that dims equal in the caller are one variable in the
// program and dims constant in the caller are static.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Legalize.h"
#include "Relax/Transforms/Fusion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

namespace {
/// Builds the body of the merged program.
class ProgramMerger {
public:
  ProgramMerger(tprog::FuncOp program, ValueRange inputs, ValueRange outputs,
                OpBuilder &builder)
      : program(program), symArgs(program), builder(builder) {
    Block &entry = program.front();
    for (auto [value, arg] : llvm::zip(inputs, entry.getArguments()))
      boundary.push_back({value, arg});
    for (auto [value, arg] :
         llvm::zip(outputs, entry.getArguments().drop_front(inputs.size())))
      boundary.push_back({value, arg});
  }

  /// The `index` value of call-site expression `expr` in the program: a
  /// constant, a dim of an argument with that very dim, or a symbolic
  /// argument.
  Value getSize(SymExprAttr expr, Location loc) {
    if (std::optional<int64_t> value = expr.getConstantValue())
      return arith::ConstantIndexOp::create(builder, loc, *value);
    if (Value known = sizes.lookup(expr))
      return known;
    for (auto [value, arg] : boundary) {
      auto type = cast<RelaxTensorType>(value.getType());
      for (auto [i, dim] : llvm::enumerate(type.getDims()))
        if (dim == expr) {
          OpBuilder::InsertionGuard guard(builder);
          builder.setInsertionPointToStart(&program.front());
          Value size = tensor::DimOp::create(builder, loc, arg, i);
          sizes[expr] = size;
          return size;
        }
    }
    Value size = symArgs.get(expr);
    sizes[expr] = size;
    return size;
  }

  /// `value` with type `type`, through a cast where they differ.
  Value castTo(Value value, Type type, Location loc) {
    if (value.getType() == type)
      return value;
    return tensor::CastOp::create(builder, loc, type, value);
  }

  /// Inlines the program `call` calls.
  void inlineCall(CallTIROp call, tprog::FuncOp callee) {
    Location loc = call.getLoc();
    Block &body = callee.front();
    IRMapping mapping;
    unsigned arg = 0;
    for (Value operand : call.getArgs()) {
      Value value = lookup(operand);
      mapping.map(body.getArgument(arg),
                  castTo(value, body.getArgument(arg).getType(), loc));
      ++arg;
    }
    for (Value result : call.getResults()) {
      Value dest = lookupBoundary(result);
      if (!dest) {
        auto type = cast<RelaxTensorType>(result.getType());
        SmallVector<Value> dynamicSizes;
        for (SymExprAttr dim : type.getDims())
          if (!dim.isConstant())
            dynamicSizes.push_back(getSize(dim, loc));
        dest = tensor::EmptyOp::create(builder, loc, type.getBuiltinType(),
                                       dynamicSizes);
      }
      mapping.map(body.getArgument(arg),
                  castTo(dest, body.getArgument(arg).getType(), loc));
      ++arg;
    }
    if (sym::SymShapeAttr callSymArgs = call.getSymArgsAttr())
      for (SymExprAttr expr : callSymArgs.getDims())
        mapping.map(body.getArgument(arg++), getSize(expr, loc));

    for (Operation &op : body.without_terminator())
      builder.clone(op, mapping);
    Operation *terminator = body.getTerminator();
    for (auto [result, returned] :
         llvm::zip(call.getResults(), terminator->getOperands()))
      values[result] = mapping.lookup(returned);
  }

  /// The program's value of graph value `value`.
  Value lookup(Value value) {
    if (Value inner = values.lookup(value))
      return inner;
    return lookupBoundary(value);
  }

  SymbolicArgs &getSymArgs() { return symArgs; }

private:
  Value lookupBoundary(Value value) {
    for (auto [outer, arg] : boundary)
      if (outer == value)
        return arg;
    return {};
  }

  tprog::FuncOp program;
  SymbolicArgs symArgs;
  OpBuilder &builder;
  SmallVector<std::pair<Value, Value>> boundary;
  llvm::DenseMap<Value, Value> values;
  llvm::DenseMap<SymExprAttr, Value> sizes;
};
} // namespace

/// Returns a name for a new symbol of `module` built from `base`.
static std::string getUniqueName(ModuleOp module, StringRef base) {
  std::string name = base.str();
  for (unsigned i = 0; SymbolTable::lookupSymbolIn(module, name); ++i)
    name = (base + "_" + Twine(i)).str();
  return name;
}

FailureOr<CallTIROp> relax::mergeTensorProgramCalls(ArrayRef<CallTIROp> calls,
                                                    StringRef name,
                                                    RewriterBase &rewriter) {
  if (calls.empty())
    return failure();
  auto module = calls.front()->getParentOfType<ModuleOp>();
  SmallVector<tprog::FuncOp> callees;
  for (CallTIROp call : calls) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<tprog::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
      return failure();
    callees.push_back(callee);
  }

  // The group's inputs (values it reads but does not compute) and outputs
  // (values it computes that are used elsewhere).
  llvm::SmallPtrSet<Operation *, 16> members;
  for (CallTIROp call : calls)
    members.insert(call);
  llvm::SetVector<Value> inputs;
  SmallVector<Value> outputs;
  for (CallTIROp call : calls) {
    for (Value operand : call.getArgs())
      if (!members.contains(operand.getDefiningOp()))
        inputs.insert(operand);
    for (Value result : call.getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !members.contains(user);
          }))
        outputs.push_back(result);
  }
  // A group whose results are all unused (dead code in the region) would be
  // a program without destinations, which is invalid: it stays as it is,
  // for dead-code elimination.
  if (outputs.empty())
    return failure();

  // The signature, in the call site's shapes with renamed variables.
  MLIRContext *ctx = rewriter.getContext();
  DimNamer namer(ctx);
  SmallVector<Type> argTypes, resultTypes;
  SmallVector<RelaxTensorType> boundaryTypes;
  for (Value value : inputs)
    boundaryTypes.push_back(cast<RelaxTensorType>(value.getType()));
  for (Value value : outputs)
    boundaryTypes.push_back(cast<RelaxTensorType>(value.getType()));
  for (RelaxTensorType type : boundaryTypes)
    argTypes.push_back(type.getBuiltinType());
  for (Value value : outputs)
    resultTypes.push_back(
        cast<RelaxTensorType>(value.getType()).getBuiltinType());

  Operation *holder = calls.front();
  while (holder->getParentOp() != module)
    holder = holder->getParentOp();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(holder);
  SmallVector<Location> locs =
      llvm::map_to_vector(calls, [](CallTIROp call) { return call.getLoc(); });
  Location loc = rewriter.getFusedLoc(locs);
  auto program = tprog::FuncOp::create(
      rewriter, loc, rewriter.getStringAttr(getUniqueName(module, name)),
      TypeAttr::get(rewriter.getFunctionType(argTypes, resultTypes)),
      rewriter.getStringAttr("private"), ArrayAttr(), ArrayAttr());
  for (auto [i, type] : llvm::enumerate(boundaryTypes)) {
    ArrayRef<SymExprAttr> dims = namer.rename(type).getDims();
    if (!llvm::all_of(dims, [](SymExprAttr d) { return d.isConstant(); }))
      program.setArgAttr(i, sym::SymDialect::getShapeAttrName(),
                         sym::SymShapeAttr::get(ctx, dims));
    if (i >= inputs.size())
      program.setArgAttr(i, tprog::TProgDialect::getOutputAttrName(),
                         rewriter.getUnitAttr());
  }

  Block *entry = program.addEntryBlock();
  rewriter.setInsertionPointToStart(entry);
  ProgramMerger merger(program, inputs.getArrayRef(), outputs, rewriter);
  for (auto [call, callee] : llvm::zip(calls, callees))
    merger.inlineCall(call, callee);
  SmallVector<Value> returned;
  for (auto [value, type] : llvm::zip(outputs, resultTypes))
    returned.push_back(merger.castTo(merger.lookup(value), type, loc));
  tprog::ReturnOp::create(rewriter, loc, returned);

  // One call replaces the group, where its last op was.
  rewriter.setInsertionPoint(calls.back());
  SmallVector<Type> outputTypes =
      llvm::map_to_vector(outputs, [](Value value) { return value.getType(); });
  ArrayRef<SymExprAttr> symArgExprs = merger.getSymArgs().getExprs();
  auto fused = CallTIROp::create(
      rewriter, loc, outputTypes, FlatSymbolRefAttr::get(program),
      inputs.getArrayRef(),
      symArgExprs.empty() ? sym::SymShapeAttr()
                          : sym::SymShapeAttr::get(ctx, symArgExprs));
  for (auto [value, replacement] : llvm::zip(outputs, fused.getResults()))
    rewriter.replaceAllUsesWith(value, replacement);
  for (CallTIROp call : llvm::reverse(calls))
    rewriter.eraseOp(call);
  return fused;
}
