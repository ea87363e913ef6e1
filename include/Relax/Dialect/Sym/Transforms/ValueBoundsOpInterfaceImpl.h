//===- ValueBoundsOpInterfaceImpl.h - Value bounds of sym ops -----*- C++
//-*-===//
//
// External models of upstream's `ValueBoundsOpInterface` for the `sym` ops
// that produce index values: `sym.assume`, `sym.dim` and `sym.eval`.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_TRANSFORMS_VALUEBOUNDSOPINTERFACEIMPL_H
#define RELAX_DIALECT_SYM_TRANSFORMS_VALUEBOUNDSOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace sym {
/// Attaches `ValueBoundsOpInterface` to `sym.assume`, `sym.dim` and
/// `sym.eval` once the `sym` dialect is loaded.
void registerValueBoundsOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace sym
} // namespace mlir

#endif // RELAX_DIALECT_SYM_TRANSFORMS_VALUEBOUNDSOPINTERFACEIMPL_H
