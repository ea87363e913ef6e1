//===- Passes.h - Relax transformation passes ---------------------*- C++
//-*-===//

#ifndef RELAX_TRANSFORMS_PASSES_H
#define RELAX_TRANSFORMS_PASSES_H

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::relax {

/// How `relax.paged_attention` reads the cache in its tensor program.
enum class PagedAttentionForm {
  /// Its products read each (token, key) element through the page table
  /// (`tensor.extract` in their bodies): every output element is computed
  /// on its own, which the GPU schedules map to threads.
  Gather,
  /// Each token and kv head loops over the pages it sees, reading every
  /// page's keys and values as contiguous blocks in small products, which
  /// the CPU schedules tile and vectorize.
  Pages,
};

#define GEN_PASS_DECL
#include "Relax/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Relax/Transforms/Passes.h.inc"

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_PASSES_H
