//===- RelaxShapeInference.h - Shape inference support ------------*- C++
//-*-===//
//
// The context that graph ops infer their result types in, and helpers shared
// by the shape rules of the op library.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXSHAPEINFERENCE_H
#define RELAX_DIALECT_RELAX_IR_RELAXSHAPEINFERENCE_H

#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"

#include "mlir/IR/Operation.h"

namespace mlir::relax {

/// An equality that shape inference needs but could neither prove nor
/// disprove; it is left to a run-time check, which reports `message`.
struct ShapeRequirement {
  sym::SymExprAttr lhs, rhs;
  std::string message;
};

/// Answers symbolic questions for one op's shape rule, reports provable
/// mismatches at the op's location, and collects the requirements left to
/// run time. A rule sees the op only through its operand types and, when the
/// op exists, its result count, so that it also serves
/// `InferTypeOpInterface::inferReturnTypes`, where there is no op yet.
class ShapeInferenceContext {
public:
  ShapeInferenceContext(Operation *op, const sym::SymProver &prover,
                        bool emitDiagnostics = true)
      : ctx(op->getContext()), loc(op->getLoc()), opName(op->getName()),
        operandTypes(op->getOperandTypes()), numResults(op->getNumResults()),
        prover(prover), emitDiagnostics(emitDiagnostics) {}

  /// The context of an op about to be built, from its operands' types; with
  /// a location, failures are reported there.
  ShapeInferenceContext(MLIRContext *ctx, std::optional<Location> loc,
                        OperationName opName, TypeRange operandTypes,
                        const sym::SymProver &prover)
      : ctx(ctx), loc(loc), opName(opName), operandTypes(operandTypes),
        prover(prover), emitDiagnostics(loc.has_value()) {}

  MLIRContext *getContext() const { return ctx; }
  const sym::SymProver &getProver() const { return prover; }

  unsigned getNumOperands() const { return operandTypes.size(); }
  Type getOperandType(unsigned index) const { return operandTypes[index]; }
  /// The number of results of the op, when it already exists.
  std::optional<unsigned> getNumResults() const { return numResults; }

  /// Reports that the operands can never be valid and returns failure.
  LogicalResult fail(const Twine &message) const;

  /// Decides `lhs == rhs`; null (unknown) dims give Unknown.
  sym::Proof proveEq(sym::SymExprAttr lhs, sym::SymExprAttr rhs) const {
    if (!lhs || !rhs)
      return sym::Proof::Unknown;
    return prover.proveEq(lhs, rhs);
  }

  /// Requires dim `dim` of operand `operand` to equal `expected`. Fails when
  /// that is disproven; records the requirement when it is unknown.
  LogicalResult requireDim(unsigned operand, unsigned dim,
                           sym::SymExprAttr expected, const Twine &what);

  /// Requires `lhs == rhs`. Fails when that is disproven; records the
  /// requirement when it is unknown.
  LogicalResult requireEqual(sym::SymExprAttr lhs, sym::SymExprAttr rhs,
                             const Twine &what);

  /// Requires `expr` to be a multiple of `divisor`; fails when disproven.
  LogicalResult requireDivisible(sym::SymExprAttr expr, int64_t divisor,
                                 const Twine &what);

  ArrayRef<ShapeRequirement> getRequirements() const { return requirements; }

  /// The symbolic dims of operand `index` (std::nullopt: unknown rank).
  std::optional<SmallVector<sym::SymExprAttr>> getDims(unsigned index) const;
  /// The element type of relax tensor operand `index`.
  Type getElementType(unsigned index) const;

private:
  MLIRContext *ctx;
  std::optional<Location> loc;
  OperationName opName;
  TypeRange operandTypes;
  std::optional<unsigned> numResults;
  const sym::SymProver &prover;
  bool emitDiagnostics;
  SmallVector<ShapeRequirement> requirements;
};

/// Dims of a tensor result: std::nullopt for unknown rank.
using DimList = std::optional<SmallVector<sym::SymExprAttr>>;

/// Builds a relax tensor type from dims (unknown rank for std::nullopt).
RelaxTensorType makeTensorType(const DimList &dims, Type elementType);

/// Normalizes a possibly negative axis into [0, rank); fails when out of
/// range.
FailureOr<int64_t> normalizeAxis(ShapeInferenceContext &context, int64_t axis,
                                 int64_t rank);

/// Returns true when `written` may stand for a value of type `inferred`:
/// same structure and element types, and no dim provably different.
bool isCompatibleWithInferred(Type written, Type inferred,
                              const sym::SymProver &prover);

/// Whether each `written` type may stand for the `inferred` one at the same
/// position, with nothing but the types' own facts to prove dims with.
bool areCompatibleWithInferred(TypeRange written, TypeRange inferred);

/// Returns the more precise of two compatible types, dim by dim: known dims
/// of `written` win, unknown ones are taken from `inferred`.
Type refineType(Type written, Type inferred);

namespace detail {
/// Verifier of InferShapeOpInterface.
LogicalResult verifyInferredTypes(Operation *op);
} // namespace detail

} // namespace mlir::relax

#endif // RELAX_DIALECT_RELAX_IR_RELAXSHAPEINFERENCE_H
