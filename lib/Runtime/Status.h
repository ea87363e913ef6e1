//===- Status.h - Errors of the runtime's C API -----------------*- C++ -*-===//
//
// Every function of the C API that fails records its message for
// relaxGetLastErrorMessage, per thread, and returns its status.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_STATUS_H
#define RELAX_LIB_RUNTIME_STATUS_H

#include "Relax/Runtime/RelaxModule.h"

#include <string>

namespace relax::runtime {

/// Records `message` as this thread's last error and returns `status`.
RelaxStatus fail(RelaxStatus status, std::string message);

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_STATUS_H
