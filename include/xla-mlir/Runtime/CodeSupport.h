//===- CodeSupport.h - functions compiled code calls by name ------*- C++ -*-===//
//
// Compiled code calls a few functions by name that come from libraries the
// runtime would rather not need: MLIR's `memrefCopy` (a `memref.copy` whose
// operands are not both contiguous) from MLIR's C runner utilities, which
// need libMLIR.so and libLLVM.so, and the bf16 truncations
// `__truncsfbf2`/`__truncdfbf2`, which libgcc has only since GCC 13. The
// runtime has its own. Programs compiled for the runtime import the copy
// as `xla_rt_memref_copy` (ABI/EntryABI.h); the JIT binds all of them by
// their names (code compiled with --runtime-alloc=false calls memrefCopy).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_CODESUPPORT_H
#define XLA_MLIR_RUNTIME_CODESUPPORT_H

#include <cstddef>
#include <cstdint>

namespace xla::runtime {

/// Copies `src` to `dst`, unranked memref descriptors ({rank, ranked
/// descriptor}; the ranked one is {allocated, aligned, offset,
/// sizes[rank], strides[rank]}) of the same shape, elements of
/// `elementSize` bytes. MLIR's `memrefCopy` ABI.
void memrefCopy(int64_t elementSize, const int64_t *src, const int64_t *dst);

/// A function compiled code calls by `name`, and its address.
struct CodeSupportSymbol {
  const char *name;
  void *address;
};

/// The functions above and the bf16 truncations (rounding to nearest even,
/// NaN to a quiet NaN), by the names compiled code calls them.
extern const CodeSupportSymbol kCodeSupportSymbols[];
extern const size_t kNumCodeSupportSymbols;

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_CODESUPPORT_H
