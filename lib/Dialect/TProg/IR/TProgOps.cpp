//===- TProgOps.cpp - Tensor program ops ----------------------------------===//

#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tprog;

#define GET_OP_CLASSES
#include "Relax/Dialect/TProg/IR/TProgOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

unsigned FuncOp::getNumOutputs() {
  unsigned count = 0;
  for (unsigned i = 0, e = getNumArguments(); i < e; ++i)
    if (getArgAttr(i, TProgDialect::getOutputAttrName()))
      ++count;
  return count;
}

std::optional<SmallVector<sym::SymExprAttr>>
FuncOp::getArgSymDims(unsigned index) {
  if (auto shape = getArgAttrOfType<sym::SymShapeAttr>(
          index, sym::SymDialect::getShapeAttrName()))
    return llvm::to_vector(shape.getDims());
  return sym::getSymDims(getArgumentTypes()[index]);
}

LogicalResult FuncOp::verify() {
  ArrayRef<Type> argTypes = getArgumentTypes();
  SmallVector<Type> outputTypes;
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i)
    if (getArgAttr(i, TProgDialect::getOutputAttrName()))
      outputTypes.push_back(argTypes[i]);
  if (outputTypes.empty())
    return emitOpError("needs at least one destination argument marked '")
           << TProgDialect::getOutputAttrName() << "'";

  // On tensors a destination is returned; on memrefs it is written in place.
  bool allTensors = llvm::all_of(
      outputTypes, [](Type t) { return isa<RankedTensorType>(t); });
  bool allMemRefs =
      llvm::all_of(outputTypes, [](Type t) { return isa<MemRefType>(t); });
  if (allTensors) {
    if (getResultTypes() != ArrayRef<Type>(outputTypes))
      return emitOpError("must return one value per destination, of the "
                         "destination's type");
  } else if (allMemRefs) {
    if (!getResultTypes().empty())
      return emitOpError("writes memref destinations in place and must not "
                         "return values");
  } else {
    return emitOpError("destinations must be all ranked tensors or all "
                       "memrefs");
  }

  // Every dynamic dim is named, and every variable can be read off an
  // argument: it appears alone as some dim.
  llvm::SetVector<StringAttr> used;
  llvm::DenseSet<StringAttr> definable;
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i) {
    auto shaped = dyn_cast<ShapedType>(argTypes[i]);
    auto shape = getArgAttrOfType<sym::SymShapeAttr>(
        i, sym::SymDialect::getShapeAttrName());
    if (shaped && !shaped.hasStaticShape() && !shape)
      return emitOpError("argument #")
             << i << " of type " << argTypes[i] << " has dynamic dims but no '"
             << sym::SymDialect::getShapeAttrName() << "' naming them";
    if (!shape)
      continue;
    for (sym::SymExprAttr dim : shape.getDims()) {
      dim.collectVars(used);
      if (dim.isVar())
        definable.insert(dim.getName());
    }
  }
  for (StringAttr var : used)
    if (!definable.contains(var))
      return emitOpError("symbolic variable '")
             << var.getValue()
             << "' is not bound: it must appear alone as a dim of some "
                "argument";
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = (*this)->getParentOfType<FuncOp>();
  ArrayRef<Type> results = func.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("returns ")
           << getNumOperands() << " values but the function has "
           << results.size() << " results";
  for (auto [i, operand, type] : llvm::enumerate(getOperands(), results))
    if (operand.getType() != type)
      return emitOpError("operand #") << i << " has type " << operand.getType()
                                      << " but the function returns " << type;
  return success();
}
