//===- RelaxToTProg.cpp - Legalize graph ops to tensor programs -----------===//
//
// The driver of --relax-legalize: creates (or reuses) the tensor program of
// each graph op and replaces the op by a relax.call_tir of it.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLEGALIZEPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

namespace {
/// Names the non-constant dims of one call site `d0, d1, ...`, the same
/// expression getting the same name, so that the program's signature only
/// keeps which dims are equal.
class DimNamer {
public:
  explicit DimNamer(MLIRContext *ctx) : ctx(ctx) {}

  SymExprAttr name(SymExprAttr dim) {
    if (dim.isConstant())
      return dim;
    auto [it, inserted] = names.try_emplace(dim, SymExprAttr());
    if (inserted)
      it->second = SymExprAttr::getVar(ctx, "d" + std::to_string(next++));
    return it->second;
  }

  /// The call-site type with its dims renamed.
  RelaxTensorType rename(RelaxTensorType type) {
    return RelaxTensorType::get(
        llvm::map_to_vector(type.getDims(),
                            [&](SymExprAttr d) { return name(d); }),
        type.getElementType());
  }

private:
  MLIRContext *ctx;
  llvm::DenseMap<SymExprAttr, SymExprAttr> names;
  unsigned next = 0;
};

struct RelaxLegalizePass
    : relax::impl::RelaxLegalizePassBase<RelaxLegalizePass> {
  void runOnOperation() override;

  /// Returns the program for `op`, creating it on first use.
  FailureOr<std::pair<tprog::FuncOp, sym::SymShapeAttr>>
  getOrCreateProgram(Operation *op, SymbolTable &symbolTable);

  /// Programs by key, with the call-site expressions of their symbolic
  /// arguments.
  llvm::StringMap<std::pair<tprog::FuncOp, sym::SymShapeAttr>> programs;
};
} // namespace

/// The body builder of the families that need nothing but the op (the
/// manipulation family also takes symbolic arguments; see
/// getOrCreateProgram).
static lowering::BodyBuilder bodyBuilderFor(Operation *op) {
  switch (lowering::getFamily(op)) {
  case lowering::Family::Linear:
    return lowering::buildLinear;
  case lowering::Family::Reduction:
    return lowering::buildReduction;
  case lowering::Family::NeuralNetwork:
    return lowering::buildNeuralNetwork;
  case lowering::Family::Manipulation:
  case lowering::Family::Elementwise:
  case lowering::Family::None:
    break;
  }
  return lowering::buildElementwise;
}

FailureOr<std::pair<tprog::FuncOp, sym::SymShapeAttr>>
RelaxLegalizePass::getOrCreateProgram(Operation *op, SymbolTable &symbolTable) {
  MLIRContext *ctx = op->getContext();
  DimNamer namer(ctx);
  SmallVector<RelaxTensorType> operandTypes, resultTypes;
  for (Type type : op->getOperandTypes())
    operandTypes.push_back(namer.rename(cast<RelaxTensorType>(type)));
  for (Type type : op->getResultTypes())
    resultTypes.push_back(namer.rename(cast<RelaxTensorType>(type)));

  // Programs are shared by ops with the same name, attributes and renamed
  // types.
  std::string key;
  llvm::raw_string_ostream os(key);
  os << op->getName() << op->getAttrDictionary();
  for (Type type : operandTypes)
    os << type;
  os << "->";
  for (Type type : resultTypes)
    os << type;
  auto existing = programs.find(key);
  if (existing != programs.end())
    return existing->second;

  SmallVector<Type> argTypes, outputTypes;
  for (RelaxTensorType type : operandTypes)
    argTypes.push_back(type.getBuiltinType());
  for (RelaxTensorType type : resultTypes)
    outputTypes.push_back(type.getBuiltinType());
  argTypes.append(outputTypes);

  // Programs go right before the first function that uses them, in the
  // order they are created.
  OpBuilder builder(ctx);
  Operation *user = op;
  while (user->getParentOp() != getOperation())
    user = user->getParentOp();
  builder.setInsertionPoint(user);
  Location loc = op->getLoc();
  auto func = tprog::FuncOp::create(
      builder, loc, builder.getStringAttr(op->getName().stripDialect()),
      TypeAttr::get(builder.getFunctionType(argTypes, outputTypes)),
      builder.getStringAttr("private"), ArrayAttr(), ArrayAttr());
  SmallVector<RelaxTensorType> allTypes(operandTypes);
  allTypes.append(resultTypes);
  for (auto [i, type] : llvm::enumerate(allTypes)) {
    if (!type.hasKnownShape() ||
        !llvm::all_of(type.getDims(), [](auto d) { return d.isConstant(); }))
      func.setArgAttr(i, sym::SymDialect::getShapeAttrName(),
                      sym::SymShapeAttr::get(ctx, type.getDims()));
    if (i >= operandTypes.size())
      func.setArgAttr(i, tprog::TProgDialect::getOutputAttrName(),
                      builder.getUnitAttr());
  }

  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  SmallVector<Value> results;
  ValueRange args = entry->getArguments();
  ValueRange inputs = args.take_front(operandTypes.size());
  ValueRange outputs = args.drop_front(operandTypes.size());
  lowering::SymbolicArgs symArgs(func);
  LogicalResult built =
      lowering::getFamily(op) == lowering::Family::Manipulation
          ? lowering::buildManipulation(builder, loc, op, inputs, outputs,
                                        results, &symArgs)
          : bodyBuilderFor(op)(builder, loc, op, inputs, outputs, results);
  if (failed(built)) {
    func.erase();
    return failure();
  }
  tprog::ReturnOp::create(builder, loc, results);
  symbolTable.insert(func);
  sym::SymShapeAttr exprs;
  if (!symArgs.getExprs().empty())
    exprs = sym::SymShapeAttr::get(ctx, symArgs.getExprs());
  programs[key] = {func, exprs};
  return programs[key];
}

void RelaxLegalizePass::runOnOperation() {
  auto module = cast<ModuleOp>(getOperation());
  SymbolTable symbolTable(module);
  SmallVector<Operation *> ops;
  module.walk([&](InferShapeOpInterface op) {
    if (lowering::hasLowering(op) ||
        isa<ReshapeOp, ExpandDimsOp, SqueezeOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    auto known = [](Type type) {
      auto tensor = dyn_cast<RelaxTensorType>(type);
      return tensor && tensor.hasKnownShape();
    };
    if (!llvm::all_of(op->getOperandTypes(), known) ||
        !llvm::all_of(op->getResultTypes(), known)) {
      op->emitOpError("needs fully known operand and result shapes to be "
                      "legalized; run --relax-infer-shapes first");
      return signalPassFailure();
    }
    // Graph tensors are dense and row-major: reshaping keeps the order of
    // the elements, so these ops reinterpret their operand's storage.
    if (isa<ReshapeOp, ExpandDimsOp, SqueezeOp>(op)) {
      OpBuilder builder(op);
      auto view = ViewOp::create(builder, op->getLoc(), op->getResultTypes(),
                                 op->getOperand(0));
      op->replaceAllUsesWith(view->getResults());
      op->erase();
      continue;
    }
    auto program = getOrCreateProgram(op, symbolTable);
    if (failed(program)) {
      op->emitOpError("could not be legalized");
      return signalPassFailure();
    }
    OpBuilder builder(op);
    auto call = CallTIROp::create(builder, op->getLoc(), op->getResultTypes(),
                                  SymbolRefAttr::get(program->first),
                                  op->getOperands(), program->second);
    op->replaceAllUsesWith(call->getResults());
    op->erase();
  }
}
