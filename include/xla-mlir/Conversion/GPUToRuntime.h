//===- GPUToRuntime.h - host side of GPU programs to runtime calls -*- C++ -*-===//

#ifndef XLA_MLIR_CONVERSION_GPUTORUNTIME_H
#define XLA_MLIR_CONVERSION_GPUTORUNTIME_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {

/// Patterns for gpu.launch_func, gpu.alloc, gpu.dealloc and gpu.memcpy in
/// host code (ABI/GPUABI.h). A launch refers to its module's image as the
/// global `<module>_image`, which the pass creates from the gpu.binary;
/// with `emulated`, to the host entry of its kernel (GPUKernelsToHost.h).
void populateGPUToRuntimeConversionPatterns(
    mlir::LLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    bool emulated = false);

} // namespace xla

#endif // XLA_MLIR_CONVERSION_GPUTORUNTIME_H
