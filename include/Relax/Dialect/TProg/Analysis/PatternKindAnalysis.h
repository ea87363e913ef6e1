//===- PatternKindAnalysis.h - Pattern kind of tensor programs ----*- C++
//-*-===//
//
// Reads the pattern kind of a tensor program off its body, so that fusion
// can treat a call of a hand-written program like a high-level op.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_TPROG_ANALYSIS_PATTERNKINDANALYSIS_H
#define RELAX_DIALECT_TPROG_ANALYSIS_PATTERNKINDANALYSIS_H

#include "Relax/Interfaces/PatternKindInterface.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

namespace mlir::tprog {

/// Returns the pattern kind of `func`: the least fusable kind among its
/// computations. Linalg ops are classified by their iterator types and
/// indexing maps: contractions and convolutions are
/// output-elementwise-fusable; any reduction loop makes a reduction; a
/// parallel op is elementwise when every map is the identity, broadcast when
/// inputs only drop output dims, and injective when it permutes or otherwise
/// reindexes, or reads tensors at computed indices (tensor.extract). Tensor reshapes, slices and concatenations are injective.
/// Anything else that computes on tensors (loops, calls) is opaque. Scalar
/// and index arithmetic outside linalg ops does not count.
relax::PatternKind analyzePatternKind(FuncOp func);

} // namespace mlir::tprog

#endif // RELAX_DIALECT_TPROG_ANALYSIS_PATTERNKINDANALYSIS_H
