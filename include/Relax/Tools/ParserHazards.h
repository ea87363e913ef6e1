//===- ParserHazards.h - Input that crashes MLIR 22's parser ----*- C++ -*-===//
//
// Text that upstream MLIR 22's parser crashes on instead of diagnosing,
// found before the parser sees it, so that the tools give a located error
// and exit 1.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_PARSERHAZARDS_H
#define RELAX_TOOLS_PARSERHAZARDS_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::relax {

/// Finds, outside `//` comments, the first dense array attribute of
/// `index` elements (`array<index: 1, 2>`, which the dense-array parser of
/// MLIR 22 dereferences null on) and reports it to `os` as
/// `file:line:col: error: ...` with the source line. Returns failure when
/// it finds one.
LogicalResult checkParserHazards(const llvm::MemoryBuffer &buffer,
                                 llvm::raw_ostream &os);

} // namespace mlir::relax

#endif // RELAX_TOOLS_PARSERHAZARDS_H
