//===- GPURuntime.cpp - the GPU functions programs import -----------------===//
//
// Generated host code calls these in program order (ABI/GPUABI.h). They
// cannot return errors, so the first failure is recorded in the calling
// thread's GPUExecutionScope and every later call of the run does nothing:
// a failed allocation must not be followed by a launch that writes
// through a null pointer.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/GPURuntime.h"

#include "CUBLAS.h"
#include "CUDADriver.h"

#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/ABI/GPUABI.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

using namespace xla::runtime;
using namespace xla::runtime::cuda;

namespace {

/// The device, its primary context and the stream every program uses.
struct Device {
  const Driver *driver = nullptr;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::string name;
  std::string error; // why there is no usable device

  std::mutex mutex; // guards what follows
  std::map<const void *, CUmodule> modules;
  /// Live executables that have launched kernels of each image's module.
  std::map<const void *, int64_t> moduleUsers;
  std::map<std::pair<CUmodule, std::string>, CUfunction> functions;
  /// Live device allocations (start -> size), to tell device from host
  /// pointers and for the statistics.
  std::map<uintptr_t, uint64_t> allocations;
  GPUStats stats;
  /// With $XLA_GPU_TIMING: events around each launch of the current run,
  /// read when it finishes, and the totals per kernel.
  bool timing = std::getenv("XLA_GPU_TIMING") != nullptr;
  struct Pending {
    std::string kernel;
    CUevent start, stop;
  };
  std::vector<Pending> pending;
  std::map<std::string, GPUKernelTime> kernelTimes;
  /// cuBLAS on `stream`, made by the first library call.
  cublasHandle_t blasHandle = nullptr;

  static Device &get() {
    static Device instance;
    static std::once_flag once;
    std::call_once(once, [] { instance.open(); });
    return instance;
  }

  void open() {
    driver = Driver::get(error);
    if (!driver)
      return;
    auto check = [&](const char *call, CUresult result) {
      if (result != CUDA_SUCCESS && error.empty())
        error = driver->describe(call, result);
      return result == CUDA_SUCCESS;
    };
    int count = 0;
    if (!check("cuInit", driver->cuInit(0)) ||
        !check("cuDeviceGetCount", driver->cuDeviceGetCount(&count)))
      return;
    int ordinal = 0;
    if (const char *chosen = std::getenv("XLA_GPU_DEVICE"))
      ordinal = std::atoi(chosen);
    if (ordinal < 0 || ordinal >= count) {
      error = "no CUDA device " + std::to_string(ordinal) + " (the driver " +
              "reports " + std::to_string(count) + ")";
      return;
    }
    char text[256] = {0};
    if (!check("cuDeviceGet", driver->cuDeviceGet(&device, ordinal)) ||
        !check("cuDeviceGetName",
               driver->cuDeviceGetName(text, sizeof(text) - 1, device)) ||
        !check("cuDevicePrimaryCtxRetain",
               driver->cuDevicePrimaryCtxRetain(&context, device)) ||
        !check("cuCtxSetCurrent", driver->cuCtxSetCurrent(context)) ||
        !check("cuStreamCreate", driver->cuStreamCreate(&stream, 0)))
      return;
    name = text;
    // Keep freed device memory in the pool: a program run in a loop then
    // allocates nothing from the driver after its first run.
    CUmemoryPool pool = nullptr;
    uint64_t keepAll = UINT64_MAX;
    if (check("cuDeviceGetDefaultMemPool",
              driver->cuDeviceGetDefaultMemPool(&pool, device)))
      check("cuMemPoolSetAttribute",
            driver->cuMemPoolSetAttribute(
                pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keepAll));
  }

  bool isDevicePointer(const void *ptr) {
    auto address = reinterpret_cast<uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mutex);
    auto it = allocations.upper_bound(address);
    if (it == allocations.begin())
      return false;
    --it;
    return address < it->first + it->second;
  }
};

thread_local std::string *currentError = nullptr;
/// The images the executable that runs on this thread has launched kernels
/// of (GPUExecutionScope).
thread_local std::set<const void *> *currentImages = nullptr;

/// True if the run has already failed (or cannot start): skip the call.
bool failed() {
  if (currentError && !currentError->empty())
    return true;
  Device &d = Device::get();
  if (d.error.empty())
    return false;
  if (currentError)
    *currentError = d.error;
  return true;
}

void fail(std::string message) {
  if (currentError) {
    if (currentError->empty())
      *currentError = std::move(message);
    return;
  }
  // Outside a runtime call (a program driven by hand): nobody can be told.
  std::fprintf(stderr, "xla-mlir GPU runtime: %s\n", message.c_str());
  std::abort();
}

bool check(const char *call, CUresult result) {
  if (result == CUDA_SUCCESS)
    return true;
  fail(Device::get().driver->describe(call, result));
  return false;
}

/// Runs `enqueue` (which puts work on the stream and returns false after
/// recording a failure), between CUDA events with $XLA_GPU_TIMING, whose
/// time the run's end adds to `name`'s.
template <typename Enqueue> void timed(const char *name, Enqueue enqueue) {
  Device &d = Device::get();
  Device::Pending events{name, nullptr, nullptr};
  if (d.timing &&
      (!check("cuEventCreate", d.driver->cuEventCreate(&events.start, 0)) ||
       !check("cuEventCreate", d.driver->cuEventCreate(&events.stop, 0)) ||
       !check("cuEventRecord",
              d.driver->cuEventRecord(events.start, d.stream))))
    return;
  if (!enqueue())
    return;
  if (d.timing && check("cuEventRecord",
                        d.driver->cuEventRecord(events.stop, d.stream))) {
    std::lock_guard<std::mutex> lock(d.mutex);
    d.pending.push_back(std::move(events));
  }
}

void *gpuAlloc(uint64_t size) {
  if (failed())
    return nullptr;
  Device &d = Device::get();
  CUdeviceptr ptr = 0;
  // Zero-sized buffers still get a distinct address.
  if (!check("cuMemAllocAsync",
             d.driver->cuMemAllocAsync(&ptr, size ? size : 1, d.stream)))
    return nullptr;
  std::lock_guard<std::mutex> lock(d.mutex);
  d.allocations[ptr] = size;
  d.stats.bytesInUse += size;
  if (d.stats.bytesInUse > d.stats.peakBytesInUse)
    d.stats.peakBytesInUse = d.stats.bytesInUse;
  return reinterpret_cast<void *>(ptr);
}

void *gpuAlignedAlloc(uint64_t alignment, uint64_t size) {
  // The pool's blocks are aligned to at least 256 bytes.
  if (alignment > 256) {
    fail("device allocation aligned to " + std::to_string(alignment) +
         " bytes (at most 256 supported)");
    return nullptr;
  }
  return gpuAlloc(size);
}

void gpuFree(void *ptr) {
  if (!ptr)
    return;
  Device &d = Device::get();
  {
    std::lock_guard<std::mutex> lock(d.mutex);
    auto it = d.allocations.find(reinterpret_cast<uintptr_t>(ptr));
    if (it != d.allocations.end()) {
      d.stats.bytesInUse -= it->second;
      d.allocations.erase(it);
    }
  }
  // Freed in stream order, so a pending kernel may still use it; even a
  // failed run frees what it allocated.
  if (d.driver && d.error.empty())
    d.driver->cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(ptr), d.stream);
}

/// Host buffers handed out after a failure: the host code goes on to read
/// them (a while condition, a check), so they must be real memory.
std::mutex fallbackMutex;
std::vector<void *> fallbackHostBuffers;

void *gpuHostAlloc(uint64_t size) {
  void *ptr = nullptr;
  if (!failed() &&
      check("cuMemAllocHost",
            Device::get().driver->cuMemAllocHost(&ptr, size ? size : 1)))
    return ptr;
  ptr = std::calloc(size ? size : 1, 1);
  std::lock_guard<std::mutex> lock(fallbackMutex);
  fallbackHostBuffers.push_back(ptr);
  return ptr;
}

void gpuHostFree(void *ptr) {
  if (!ptr)
    return;
  {
    std::lock_guard<std::mutex> lock(fallbackMutex);
    for (void *&fallback : fallbackHostBuffers)
      if (fallback == ptr) {
        std::free(ptr);
        fallback = fallbackHostBuffers.back();
        fallbackHostBuffers.pop_back();
        return;
      }
  }
  Device &d = Device::get();
  // A copy out of this buffer may still be in flight.
  d.driver->cuStreamSynchronize(d.stream);
  d.driver->cuMemFreeHost(ptr);
}

void gpuMemcpy(void *dst, const void *src, uint64_t size) {
  if (size == 0 || failed())
    return;
  Device &d = Device::get();
  // Unified addressing tells the driver which side each pointer is on.
  if (!check("cuMemcpyAsync",
             d.driver->cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                     reinterpret_cast<CUdeviceptr>(src), size,
                                     d.stream)))
    return;
  // The host reads what arrives in host memory right after this returns.
  if (!d.isDevicePointer(dst))
    check("cuStreamSynchronize", d.driver->cuStreamSynchronize(d.stream));
}

void gpuLaunch(const void *image, uint64_t imageSize, const char *kernel,
               uint64_t gridX, uint64_t gridY, uint64_t gridZ,
               uint64_t blockX, uint64_t blockY, uint64_t blockZ,
               uint32_t sharedMemoryBytes, const uint64_t *params,
               uint64_t numParams) {
  (void)imageSize;
  if (failed())
    return;
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return; // an empty iteration space
  if (gridX > 0x7fffffffu || gridY > 65535 || gridZ > 65535) {
    fail(std::string("kernel ") + kernel + ": grid " +
         std::to_string(gridX) + "x" + std::to_string(gridY) + "x" +
         std::to_string(gridZ) + " exceeds the device's limits");
    return;
  }
  Device &d = Device::get();
  CUfunction function = nullptr;
  {
    std::lock_guard<std::mutex> lock(d.mutex);
    CUmodule &module = d.modules[image];
    if (!module &&
        !check("cuModuleLoadData", d.driver->cuModuleLoadData(&module, image)))
      return;
    // Each executable that uses a module holds it until it goes.
    if (currentImages && currentImages->insert(image).second)
      ++d.moduleUsers[image];
    CUfunction &cached = d.functions[{module, kernel}];
    if (!cached && !check("cuModuleGetFunction",
                          d.driver->cuModuleGetFunction(&cached, module,
                                                        kernel)))
      return;
    function = cached;
    ++d.stats.launches;
  }
  std::vector<void *> pointers(numParams);
  for (uint64_t i = 0; i < numParams; ++i)
    pointers[i] = const_cast<uint64_t *>(params + i);
  timed(kernel, [&] {
    CUresult result = d.driver->cuLaunchKernel(
        function, gridX, gridY, gridZ, blockX, blockY, blockZ,
        sharedMemoryBytes, d.stream, pointers.data(), nullptr);
    if (result == CUDA_SUCCESS)
      return true;
    fail(d.driver->describe("cuLaunchKernel", result) + " for kernel " +
         kernel);
    return false;
  });
}

/// The cuBLAS handle of the runtime's stream, created on first use;
/// nullptr after a failure (recorded).
cublasHandle_t blasHandle(const CUBLAS *&blas) {
  Device &d = Device::get();
  std::string error;
  blas = CUBLAS::get(error);
  if (!blas) {
    fail(error);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(d.mutex);
  if (!d.blasHandle) {
    cublasStatus_t status = blas->cublasCreate(&d.blasHandle);
    if (status == CUBLAS_STATUS_SUCCESS)
      status = blas->cublasSetStream(d.blasHandle, d.stream);
    if (status == CUBLAS_STATUS_SUCCESS)
      status = blas->cublasSetMathMode(d.blasHandle, CUBLAS_DEFAULT_MATH);
    if (status != CUBLAS_STATUS_SUCCESS) {
      fail(blas->describe("creating a cuBLAS handle", status));
      d.blasHandle = nullptr;
    }
  }
  return d.blasHandle;
}

void gpuGemm(const char *name, uint64_t dtype, uint64_t transX,
             uint64_t transY, int64_t m, int64_t n, int64_t k, int64_t batch,
             uint64_t x, int64_t ldx, int64_t strideX, uint64_t y,
             int64_t ldy, int64_t strideY, uint64_t d, int64_t ldd,
             int64_t strideD, uint64_t accumulate) {
  if (failed() || batch == 0 || m == 0 || n == 0)
    return;
  const CUBLAS *blas = nullptr;
  cublasHandle_t handle = blasHandle(blas);
  if (!handle)
    return;
  cublasOperation_t opX = transX ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opY = transY ? CUBLAS_OP_T : CUBLAS_OP_N;
  timed(name, [&] {
    // alpha = 1, beta = 0 or 1, in the element type.
    auto gemm = [&](auto function, auto one) {
      using T = decltype(one);
      T beta = accumulate ? one : T(0);
      return function(handle, opX, opY, m, n, k, &one,
                      reinterpret_cast<const T *>(x), ldx, strideX,
                      reinterpret_cast<const T *>(y), ldy, strideY, &beta,
                      reinterpret_cast<T *>(d), ldd, strideD, batch);
    };
    cublasStatus_t status;
    const char *call;
    if (dtype == static_cast<uint64_t>(DType::F64)) {
      call = "cublasDgemmStridedBatched";
      status = gemm(blas->cublasDgemmStridedBatched, 1.0);
    } else if (dtype == static_cast<uint64_t>(DType::F32)) {
      call = "cublasSgemmStridedBatched";
      status = gemm(blas->cublasSgemmStridedBatched, 1.0f);
    } else {
      fail(std::string(name) + ": GEMM of element type " +
           std::to_string(dtype) + " (cuBLAS calls support f32 and f64)");
      return false;
    }
    if (status == CUBLAS_STATUS_SUCCESS)
      return true;
    fail(blas->describe(call, status) + " for " + name);
    return false;
  });
}

} // namespace

Status xla::runtime::gpuAvailable() {
  Device &d = Device::get();
  return d.error.empty() ? Status() : Status::error(d.error);
}

std::string xla::runtime::gpuDeviceName() { return Device::get().name; }

GPUStats xla::runtime::gpuStats() {
  Device &d = Device::get();
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.stats;
}

void xla::runtime::gpuResetPeak() {
  Device &d = Device::get();
  std::lock_guard<std::mutex> lock(d.mutex);
  d.stats.peakBytesInUse = d.stats.bytesInUse;
}

bool xla::runtime::gpuTimingEnabled() { return Device::get().timing; }

std::vector<GPUKernelTime> xla::runtime::gpuKernelTimes() {
  Device &d = Device::get();
  std::lock_guard<std::mutex> lock(d.mutex);
  std::vector<GPUKernelTime> result;
  for (auto &[name, time] : d.kernelTimes)
    result.push_back(time);
  return result;
}

void xla::runtime::gpuResetKernelTimes() {
  Device &d = Device::get();
  std::lock_guard<std::mutex> lock(d.mutex);
  d.kernelTimes.clear();
}

GPUExecutionScope::GPUExecutionScope(std::set<const void *> *images)
    : previous(currentError), previousImages(currentImages) {
  currentError = &error;
  currentImages = images;
}

GPUExecutionScope::~GPUExecutionScope() {
  currentError = previous;
  currentImages = previousImages;
}

void xla::runtime::gpuReleaseModules(const std::set<const void *> &images) {
  if (images.empty())
    return;
  Device &d = Device::get();
  if (!d.driver || !d.error.empty())
    return;
  // No kernel of theirs may still run (outside the lock: other threads
  // keep launching meanwhile).
  d.driver->cuStreamSynchronize(d.stream);
  std::lock_guard<std::mutex> lock(d.mutex);
  for (const void *image : images) {
    auto users = d.moduleUsers.find(image);
    if (users == d.moduleUsers.end() || --users->second > 0)
      continue;
    d.moduleUsers.erase(users);
    auto it = d.modules.find(image);
    if (it == d.modules.end())
      continue;
    CUmodule module = it->second;
    for (auto f = d.functions.begin(); f != d.functions.end();)
      f = f->first.first == module ? d.functions.erase(f) : std::next(f);
    d.modules.erase(it);
    d.driver->cuModuleUnload(module);
  }
}

Status GPUExecutionScope::finish() {
  Device &d = Device::get();
  if (error.empty() && d.error.empty())
    check("cuStreamSynchronize", d.driver->cuStreamSynchronize(d.stream));
  if (d.driver && !d.pending.empty()) {
    std::lock_guard<std::mutex> lock(d.mutex);
    for (Device::Pending &p : d.pending) {
      float ms = 0;
      if (error.empty() &&
          d.driver->cuEventElapsedTime(&ms, p.start, p.stop) == CUDA_SUCCESS) {
        GPUKernelTime &total = d.kernelTimes[p.kernel];
        total.kernel = p.kernel;
        ++total.launches;
        total.milliseconds += ms;
      }
      d.driver->cuEventDestroy(p.start);
      d.driver->cuEventDestroy(p.stop);
    }
    d.pending.clear();
  }
  if (error.empty() && !d.error.empty())
    error = d.error;
  return error.empty() ? Status()
                       : Status::error("GPU execution failed: " + error);
}

void *xla::runtime::lookupGPURuntimeSymbol(const char *name) {
  struct Entry {
    const char *name;
    void *function;
  };
  static const Entry table[] = {
      {kGPUAllocSymbol, reinterpret_cast<void *>(&gpuAlloc)},
      {kGPUAlignedAllocSymbol, reinterpret_cast<void *>(&gpuAlignedAlloc)},
      {kGPUFreeSymbol, reinterpret_cast<void *>(&gpuFree)},
      {kGPUHostAllocSymbol, reinterpret_cast<void *>(&gpuHostAlloc)},
      {kGPUHostFreeSymbol, reinterpret_cast<void *>(&gpuHostFree)},
      {kGPUMemcpySymbol, reinterpret_cast<void *>(&gpuMemcpy)},
      {kGPULaunchSymbol, reinterpret_cast<void *>(&gpuLaunch)},
      {kGPUGemmSymbol, reinterpret_cast<void *>(&gpuGemm)},
  };
  for (const Entry &entry : table)
    if (std::strcmp(entry.name, name) == 0)
      return entry.function;
  return nullptr;
}
