// Force-included into every C++ file of a sanitizer build (CMakeLists.txt).
//
// Debian's libLLVM and libMLIR are not instrumented, but their headers
// switch to ASan mode in an instrumented translation unit: inline
// BumpPtrAllocator code compiled here poisons a whole new slab, and the
// library's own (uninstrumented) Allocate then hands out pieces of it
// without unpoisoning them, so the first write into, say, an attribute's
// storage is reported as use-after-poison. Poisoning is turned off;
// unpoisoning stays (it is harmless), and ASan still checks every heap
// block, stack slot and global of our own code.
#ifndef XLA_MLIR_CMAKE_ASANWITHUNINSTRUMENTEDLLVM_H
#define XLA_MLIR_CMAKE_ASANWITHUNINSTRUMENTEDLLVM_H
#include "llvm/Support/Compiler.h"
#undef __asan_poison_memory_region
#define __asan_poison_memory_region(addr, size) ((void)(addr), (void)(size))
#endif
