//===- CUDADriver.cpp - the CUDA driver API, loaded at run time -----------===//

#include "CUDADriver.h"

#include <dlfcn.h>
#include <mutex>

using namespace xla::runtime::cuda;

const Driver *Driver::get(std::string &error) {
  static Driver driver;
  static std::string loadError;
  static std::once_flag once;
  std::call_once(once, [] {
    // RTLD_LOCAL: the driver's symbols are reached through these pointers.
    void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      loadError = std::string("no CUDA driver: ") + dlerror();
      return;
    }
    auto bind = [&](auto &slot, const char *name) {
      slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(
          dlsym(handle, name));
      if (!slot && loadError.empty())
        loadError = std::string("the CUDA driver lacks ") + name;
    };
    bind(driver.cuInit, "cuInit");
    bind(driver.cuDeviceGetCount, "cuDeviceGetCount");
    bind(driver.cuDeviceGet, "cuDeviceGet");
    bind(driver.cuDeviceGetName, "cuDeviceGetName");
    bind(driver.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    bind(driver.cuCtxSetCurrent, "cuCtxSetCurrent");
    bind(driver.cuStreamCreate, "cuStreamCreate");
    bind(driver.cuStreamSynchronize, "cuStreamSynchronize");
    bind(driver.cuModuleLoadData, "cuModuleLoadData");
    bind(driver.cuModuleGetFunction, "cuModuleGetFunction");
    bind(driver.cuModuleUnload, "cuModuleUnload");
    bind(driver.cuLaunchKernel, "cuLaunchKernel");
    bind(driver.cuMemAllocAsync, "cuMemAllocAsync");
    bind(driver.cuMemFreeAsync, "cuMemFreeAsync");
    bind(driver.cuMemAllocHost, "cuMemAllocHost_v2");
    bind(driver.cuMemFreeHost, "cuMemFreeHost");
    bind(driver.cuMemcpyAsync, "cuMemcpyAsync");
    bind(driver.cuDeviceGetDefaultMemPool, "cuDeviceGetDefaultMemPool");
    bind(driver.cuMemPoolSetAttribute, "cuMemPoolSetAttribute");
    bind(driver.cuEventCreate, "cuEventCreate");
    bind(driver.cuEventRecord, "cuEventRecord");
    bind(driver.cuEventElapsedTime, "cuEventElapsedTime");
    bind(driver.cuEventDestroy, "cuEventDestroy_v2");
    bind(driver.cuGetErrorName, "cuGetErrorName");
    bind(driver.cuGetErrorString, "cuGetErrorString");
  });
  if (!loadError.empty()) {
    error = loadError;
    return nullptr;
  }
  return &driver;
}

std::string Driver::describe(const char *call, CUresult result) const {
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(result, &name);
  cuGetErrorString(result, &text);
  return std::string(call) + ": " + (name ? name : "unknown CUDA error") +
         (text ? std::string(" (") + text + ")" : std::string());
}
