//===- CUBLAS.h - cuBLAS, loaded at run time ----------------------*- C++ -*-===//
//
// The cuBLAS functions behind `xla_rt_gpu_gemm` (ABI/GPUABI.h), resolved
// with dlopen on first use like the driver (CUDADriver.h): a program that
// makes no library call needs no cuBLAS, and the runtime builds without the
// CUDA toolkit. The library is $XLA_CUBLAS_LIBRARY if set, else the first
// of libcublas.so.13, .12 and .so the loader finds.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_RUNTIME_CUBLAS_H
#define XLA_MLIR_LIB_RUNTIME_CUBLAS_H

#include "CUDADriver.h"

#include <string>

namespace xla::runtime::cuda {

using cublasHandle_t = struct cublasContext *;
using cublasStatus_t = int;
using cublasOperation_t = int;
using cublasMath_t = int;

constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = 0;
constexpr cublasOperation_t CUBLAS_OP_N = 0;
constexpr cublasOperation_t CUBLAS_OP_T = 1;
/// Computes at least in the precision asked for (no TF32 for f32), as
/// PyTorch with TF32 off does.
constexpr cublasMath_t CUBLAS_DEFAULT_MATH = 0;

struct CUBLAS {
  cublasStatus_t (*cublasCreate)(cublasHandle_t *);
  cublasStatus_t (*cublasSetStream)(cublasHandle_t, CUstream);
  cublasStatus_t (*cublasSetMathMode)(cublasHandle_t, cublasMath_t);
  cublasStatus_t (*cublasSgemmStridedBatched)(
      cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
      const float *, const float *, int, long long, const float *, int,
      long long, const float *, float *, int, long long, int);
  cublasStatus_t (*cublasDgemmStridedBatched)(
      cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
      const double *, const double *, int, long long, const double *, int,
      long long, const double *, double *, int, long long, int);
  const char *(*cublasGetStatusString)(cublasStatus_t);

  /// cuBLAS for this process, loaded on first use; nullptr (and `error`
  /// set) if the library or one of its functions is missing.
  static const CUBLAS *get(std::string &error);

  /// "cublasFoo: CUBLAS_STATUS_BAR".
  std::string describe(const char *call, cublasStatus_t status) const;
};

} // namespace xla::runtime::cuda

#endif // XLA_MLIR_LIB_RUNTIME_CUBLAS_H
