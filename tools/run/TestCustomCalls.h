//===- TestCustomCalls.h - custom calls for testing the runtime ---*- C++ -*-===//

#ifndef XLA_MLIR_TOOLS_RUN_TESTCUSTOMCALLS_H
#define XLA_MLIR_TOOLS_RUN_TESTCUSTOMCALLS_H

#include "xla-mlir/Runtime/Status.h"

namespace xla {
namespace runtime {
class CustomCallRegistry;
} // namespace runtime

/// Registers xla_run.test.add_one, xla_run.test.sum_and_count and
/// xla_run.test.fail (see TestCustomCalls.cpp).
runtime::Status registerTestCustomCalls(runtime::CustomCallRegistry &registry);

} // namespace xla

#endif // XLA_MLIR_TOOLS_RUN_TESTCUSTOMCALLS_H
