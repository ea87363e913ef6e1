//===- InitAll.h - Register Relax-MLIR dialects and passes --------*- C++
//-*-===//
//
// One place that registers what relax-opt and embedding tools need: the
// Relax dialects and passes, and the upstream dialects, extensions and passes
// that the pipelines from the graph level down to target dialects use.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_INITALL_H
#define RELAX_INITALL_H

namespace mlir {
class DialectRegistry;

namespace relax {

/// Registers the sym, relax and tprog dialects.
void registerRelaxDialects(DialectRegistry &registry);

/// Registers the Relax dialects, the upstream dialects the lowering
/// pipelines produce or consume, and the upstream extensions (external
/// interface models) they rely on.
void registerAllDialects(DialectRegistry &registry);

/// Registers the Relax passes and the upstream passes and pipelines used by
/// the lowering pipelines.
void registerAllPasses();

} // namespace relax
} // namespace mlir

#endif // RELAX_INITALL_H
