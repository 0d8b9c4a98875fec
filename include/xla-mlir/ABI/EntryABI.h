//===- EntryABI.h - what a compiled program exports ---------------*- C++ -*-===//
//
// The compiler turns an entry function NAME into code (a JIT module, an
// object file or a shared library) that exports:
//
//   void NAME(const T *arg0, ..., T *result0, ...);
//       The C ABI of ahead-of-time objects (xla-translate --header): dense
//       row-major buffers, results written into caller-allocated ones.
//   void _xla_packed_NAME(void **buffers);
//       The same call with the buffer pointers in one array (inputs, then
//       results), so the runtime calls any program through one C type.
//   const char _xla_signature_NAME[];
//       The signature as text (Runtime/Signature.h): element types and
//       shapes of inputs and results, the custom calls the program makes
//       and the runtime functions it imports.
//   void *_xla_import_SYMBOL;  (one per imported runtime function)
//       The program calls the runtime (checks, custom calls, the buffer
//       pool) only through these pointers, which the runtime fills before
//       the first run. The code therefore has no undefined symbol in the
//       runtime's namespace: the JIT and a dlopen'ed shared library bind it
//       the same way, and the runtime need not be a shared library or export
//       symbols from the executable that loads it.
//
// Header-only and dependency-free, like the rest of ABI/.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_ABI_ENTRYABI_H
#define XLA_MLIR_ABI_ENTRYABI_H

#include <string_view>

namespace xla::runtime {

constexpr const char kPackedEntryPrefix[] = "_xla_packed_";
constexpr const char kSignaturePrefix[] = "_xla_signature_";
constexpr const char kImportPrefix[] = "_xla_import_";

/// Version of the signature text; a loader rejects any other.
constexpr int kSignatureVersion = 1;

/// The allocation functions of `finalize-memref-to-llvm` with
/// `use-generic-functions` (the pipeline's `runtime-alloc`), served by the
/// runtime's buffer pool.
constexpr const char kAllocSymbol[] = "_mlir_memref_to_llvm_alloc";
constexpr const char kAlignedAllocSymbol[] =
    "_mlir_memref_to_llvm_aligned_alloc";
constexpr const char kFreeSymbol[] = "_mlir_memref_to_llvm_free";

/// MLIR's `memrefCopy` (a strided `memref.copy`), which
/// `xla-finalize-memref-to-llvm` renames to this with
/// `use-generic-functions`: the runtime's (Runtime/CodeSupport.h), so that
/// an artifact needs no MLIR library where it runs.
constexpr const char kMemrefCopySymbol[] = "xla_rt_memref_copy";

/// The namespace of runtime functions; nothing else in it may be called.
constexpr const char kRuntimeSymbolPrefix[] = "xla_rt_";

/// True for the functions a program imports from the runtime (and so calls
/// through `_xla_import_<name>`): checks (ABI/CheckABI.h), the custom-call
/// dispatcher (ABI/CustomCallABI.h), the buffer pool's allocation
/// functions and the strided copy. libm and OpenMP are ordinary dynamic
/// symbols.
inline bool isRuntimeImport(std::string_view name) {
  return name.substr(0, sizeof(kRuntimeSymbolPrefix) - 1) ==
             kRuntimeSymbolPrefix ||
         name == kAllocSymbol || name == kAlignedAllocSymbol ||
         name == kFreeSymbol;
}

} // namespace xla::runtime

#endif // XLA_MLIR_ABI_ENTRYABI_H
