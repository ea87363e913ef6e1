//===- MathApproximations.h - Vector-friendly math functions ----*- C++ -*-===//
//
// Rewrites of math dialect functions into arith ops that work on whole
// vectors, for the ones whose upstream approximations are not accurate
// enough for the arguments models feed them.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_COMMON_MATHAPPROXIMATIONS_H
#define RELAX_CODEGEN_COMMON_MATHAPPROXIMATIONS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {

/// Adds patterns that rewrite `math.sin` and `math.cos` on f32 scalars and
/// vectors (and on f16 and bf16 ones, computed in f32) into arith ops: an
/// argument reduction by pi/2 in f64, exact for |x| < 2^20 * pi/2, and
/// polynomials on [-pi/4, pi/4]. Results are within 1e-7 of the exact value
/// for |x| <= 1e5 and within 1.5e-7 for |x| <= 1e9; beyond, the error grows
/// as |x| * 2^-53 (1e-6 at 1e10) and results stay in [-1, 1]. Infinities and
/// NaN give NaN. f64 ops are left alone (libm).
void populateSinCosApproximationPatterns(RewritePatternSet &patterns,
                                         PatternBenefit benefit = 1);

} // namespace mlir::relax

#endif // RELAX_CODEGEN_COMMON_MATHAPPROXIMATIONS_H
