// The layer check of cmake/XLALayers.cmake, which every configuration of
// xla-mlir runs, on small projects shaped like ours: a well-layered one
// configures; a lower layer that links a higher one, or a runtime that
// links an LLVM library, stops the configuration with an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake -S %S/Inputs/project -B %t/ok -DXLA_CMAKE_DIR=%xla_src/cmake 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not cmake -S %S/Inputs/project -B %t/upward -DXLA_CMAKE_DIR=%xla_src/cmake -DBREAK=upward 2>&1 | FileCheck %s --check-prefix=UPWARD
// RUN: not cmake -S %S/Inputs/project -B %t/runtime -DXLA_CMAKE_DIR=%xla_src/cmake -DBREAK=runtime 2>&1 | FileCheck %s --check-prefix=RUNTIME
// OK: layers ok
// UPWARD: layering: XLAFakeDialect (layer 1) links XLAFakeCompiler (layer 4)
// RUNTIME: layering: the runtime (XLAFakeRuntime) links LLVMSupport
