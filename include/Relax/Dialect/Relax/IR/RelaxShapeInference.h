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
#include "Relax/Dialect/Sym/Analysis/SymProver.h"

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
/// run time.
class ShapeInferenceContext {
public:
  ShapeInferenceContext(Operation *op, const sym::SymProver &prover,
                        bool emitDiagnostics = true)
      : op(op), prover(prover), emitDiagnostics(emitDiagnostics) {}

  Operation *getOp() const { return op; }
  MLIRContext *getContext() const { return op->getContext(); }
  const sym::SymProver &getProver() const { return prover; }

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
  Operation *op;
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

/// Returns the more precise of two compatible types, dim by dim: known dims
/// of `written` win, unknown ones are taken from `inferred`.
Type refineType(Type written, Type inferred);

namespace detail {
/// Verifier of InferShapeOpInterface.
LogicalResult verifyInferredTypes(Operation *op);
} // namespace detail

} // namespace mlir::relax

#endif // RELAX_DIALECT_RELAX_IR_RELAXSHAPEINFERENCE_H
