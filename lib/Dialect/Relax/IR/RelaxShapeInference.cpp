//===- RelaxShapeInference.cpp - Shape inference support ------------------===//

#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"
#include "Relax/Dialect/Relax/IR/RelaxInterfaces.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;
using sym::SymExprAttr;

#include "Relax/Dialect/Relax/IR/RelaxInterfaces.cpp.inc"

LogicalResult ShapeInferenceContext::fail(const Twine &message) const {
  // The op may not exist yet: spell the diagnostic as emitOpError does.
  if (emitDiagnostics)
    emitError(*loc) << "'" << opName << "' op " << message;
  return failure();
}

LogicalResult ShapeInferenceContext::requireDim(unsigned operand, unsigned dim,
                                                SymExprAttr expected,
                                                const Twine &what) {
  DimList dims = getDims(operand);
  if (!dims || !expected || !(*dims)[dim])
    return success();
  return requireEqual((*dims)[dim], expected,
                      what + ": operand #" + Twine(operand) + " dim " +
                          Twine(dim));
}

LogicalResult ShapeInferenceContext::requireEqual(SymExprAttr lhs,
                                                  SymExprAttr rhs,
                                                  const Twine &what) {
  switch (proveEq(lhs, rhs)) {
  case Proof::Proven:
    return success();
  case Proof::Disproven:
    return fail(what + " is " + sym::toString(lhs) + " but must equal " +
                sym::toString(rhs));
  case Proof::Unknown:
    // One run-time check per equality, however many dims need it.
    if (lhs && rhs && llvm::none_of(requirements, [&](const auto &req) {
          return (req.lhs == lhs && req.rhs == rhs) ||
                 (req.lhs == rhs && req.rhs == lhs);
        }))
      requirements.push_back({lhs, rhs,
                              (what + ": expected " + sym::toString(lhs) +
                               " == " + sym::toString(rhs))
                                  .str()});
    return success();
  }
  llvm_unreachable("unknown proof");
}

LogicalResult ShapeInferenceContext::requireDivisible(SymExprAttr expr,
                                                      int64_t divisor,
                                                      const Twine &what) {
  if (!expr)
    return success();
  switch (prover.proveDivisible(expr, divisor)) {
  case Proof::Proven:
    return success();
  case Proof::Disproven:
    return fail(what + ": " + sym::toString(expr) + " is not a multiple of " +
                Twine(divisor));
  case Proof::Unknown:
    // Checked at run time as `expr mod divisor == 0`.
    return requireEqual(
        SymExprAttr::mod(expr, SymExprAttr::getConstant(getContext(), divisor)),
        SymExprAttr::getConstant(getContext(), 0),
        what + " " + sym::toString(expr) + " modulo " + Twine(divisor));
  }
  llvm_unreachable("unknown proof");
}

DimList ShapeInferenceContext::getDims(unsigned index) const {
  return sym::getSymDims(getOperandType(index));
}

Type ShapeInferenceContext::getElementType(unsigned index) const {
  if (auto tensor = dyn_cast<RelaxTensorType>(getOperandType(index)))
    return tensor.getElementType();
  return {};
}

RelaxTensorType mlir::relax::makeTensorType(const DimList &dims,
                                            Type elementType) {
  if (!dims)
    return RelaxTensorType::getUnranked(elementType);
  return RelaxTensorType::get(*dims, elementType);
}

FailureOr<int64_t> mlir::relax::normalizeAxis(ShapeInferenceContext &context,
                                              int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) {
    (void)context.fail("axis " + Twine(axis) + " is out of range for rank " +
                       Twine(rank));
    return failure();
  }
  return axis < 0 ? axis + rank : axis;
}

bool mlir::relax::isCompatibleWithInferred(Type written, Type inferred,
                                           const sym::SymProver &prover) {
  if (written == inferred)
    return true;
  if (auto w = dyn_cast<RelaxTensorType>(written)) {
    auto i = dyn_cast<RelaxTensorType>(inferred);
    if (!i || w.getElementType() != i.getElementType())
      return false;
    if (!w.hasRank() || !i.hasRank())
      return true;
    if (w.getRank() != i.getRank())
      return false;
    for (auto [a, b] : llvm::zip(w.getDims(), i.getDims()))
      if (a && b && prover.proveEq(a, b) == Proof::Disproven)
        return false;
    return true;
  }
  if (auto w = dyn_cast<TupleType>(written)) {
    auto i = dyn_cast<TupleType>(inferred);
    if (!i || i.size() != w.size())
      return false;
    for (auto [a, b] : llvm::zip(w.getTypes(), i.getTypes()))
      if (!isCompatibleWithInferred(a, b, prover))
        return false;
    return true;
  }
  return false;
}

bool mlir::relax::areCompatibleWithInferred(TypeRange written,
                                            TypeRange inferred) {
  sym::SymProver prover;
  return written.size() == inferred.size() &&
         llvm::all_of(llvm::zip(written, inferred), [&](auto pair) {
           return isCompatibleWithInferred(std::get<0>(pair), std::get<1>(pair),
                                           prover);
         });
}

Type mlir::relax::refineType(Type written, Type inferred) {
  if (auto w = dyn_cast<RelaxTensorType>(written)) {
    auto i = dyn_cast<RelaxTensorType>(inferred);
    if (!i || !i.hasRank())
      return written;
    if (!w.hasRank())
      return inferred;
    SmallVector<SymExprAttr> dims;
    for (auto [a, b] : llvm::zip(w.getDims(), i.getDims()))
      dims.push_back(a ? a : b);
    return RelaxTensorType::get(dims, w.getElementType());
  }
  if (auto w = dyn_cast<TupleType>(written)) {
    auto i = cast<TupleType>(inferred);
    SmallVector<Type> fields;
    for (auto [a, b] : llvm::zip(w.getTypes(), i.getTypes()))
      fields.push_back(refineType(a, b));
    return TupleType::get(written.getContext(), fields);
  }
  return written;
}

LogicalResult mlir::relax::detail::verifyInferredTypes(Operation *op) {
  // Facts recorded on the enclosing function sharpen what is provable.
  sym::SymProver prover;
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    prover = sym::SymProver(func);
  ShapeInferenceContext context(op, prover);
  SmallVector<Type> inferred;
  if (failed(
          cast<InferShapeOpInterface>(op).inferRelaxTypes(context, inferred)))
    return failure();
  if (inferred.size() != op->getNumResults())
    return op->emitOpError("has ")
           << op->getNumResults() << " results but its operands give "
           << inferred.size();
  for (auto [i, result, type] : llvm::enumerate(op->getResults(), inferred))
    if (!isCompatibleWithInferred(result.getType(), type, prover))
      return op->emitOpError("result #")
             << i << " has type " << result.getType()
             << " but the operands give " << type;
  return success();
}
