//===- CustomCallABI.h - how generated code calls custom calls ----*- C++ -*-===//
//
// `custom-call-lower-to-runtime` turns `hlo.custom_call @name(...)` (other
// than the check.* forms) into a call of the external function
//
//   void xla_rt_custom_call(const char *site,
//                           void *allocated, int64_t *pointers,
//                           int64_t offset, int64_t size, int64_t stride);
//
// The last five arguments are an exploded memref<?xindex> holding the
// aligned data pointer of every operand, then of every result (dense,
// row-major buffers; results are allocated by the program and written by
// the callee). `site` is a NUL-terminated description of the call site,
// lines separated by '\n':
//
//   name
//   operand types, comma-separated, each "DTYPE:DIMS" (e.g. "11:2x3";
//   DTYPE is a DType code, DIMS is empty for 0-d tensors)
//   result types, same form
//   backend_config (the rest of the string; may contain newlines)
//
// The JIT binds the symbol to the runtime's dispatcher, which calls the
// function registered under `name` in the CustomCallRegistry of the run in
// progress; nothing is looked up in the process by name.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_ABI_CUSTOMCALLABI_H
#define XLA_MLIR_ABI_CUSTOMCALLABI_H

namespace xla::runtime {

/// The external function custom-call-lower-to-runtime declares.
constexpr const char kCustomCallSymbol[] = "xla_rt_custom_call";

} // namespace xla::runtime

#endif // XLA_MLIR_ABI_CUSTOMCALLABI_H
