//===- CUDADriver.h - the CUDA driver API, loaded at run time -----*- C++ -*-===//
//
// The few driver functions the runtime uses, resolved from libcuda.so.1
// with dlopen, and the types and constants of cuda.h they need (the driver
// ABI is stable, so the runtime builds without the CUDA toolkit).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_RUNTIME_CUDADRIVER_H
#define XLA_MLIR_LIB_RUNTIME_CUDADRIVER_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace xla::runtime::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUstream = struct CUstream_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUmemoryPool = struct CUmemPoolHandle_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4;

struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  CUresult (*cuMemAllocAsync)(CUdeviceptr *, size_t, CUstream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr, CUstream);
  CUresult (*cuMemAllocHost)(void **, size_t);
  CUresult (*cuMemFreeHost)(void *);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuDeviceGetDefaultMemPool)(CUmemoryPool *, CUdevice);
  CUresult (*cuMemPoolSetAttribute)(CUmemoryPool, int, void *);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);

  /// The driver of this process, loaded on first use; nullptr (and
  /// `error` set) if libcuda.so.1 or one of the functions is missing.
  static const Driver *get(std::string &error);

  /// "cuFoo: CUDA_ERROR_BAR (explanation)".
  std::string describe(const char *call, CUresult result) const;
};

} // namespace xla::runtime::cuda

#endif // XLA_MLIR_LIB_RUNTIME_CUDADRIVER_H
