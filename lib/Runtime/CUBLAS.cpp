//===- CUBLAS.cpp - cuBLAS, loaded at run time ----------------------------===//

#include "CUBLAS.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace xla::runtime::cuda;

const CUBLAS *CUBLAS::get(std::string &error) {
  static CUBLAS library;
  static std::string loadError;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string tried;
    void *handle = nullptr;
    const char *chosen = std::getenv("XLA_CUBLAS_LIBRARY");
    for (const char *name :
         {chosen, "libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
      if (!name || !*name)
        continue;
      handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (handle || name == chosen) {
        if (!handle)
          tried = dlerror();
        break;
      }
      tried += (tried.empty() ? "" : ", ") + std::string(name);
    }
    if (!handle) {
      loadError = "no cuBLAS (" + tried + "): set XLA_CUBLAS_LIBRARY to "
                  "libcublas.so, or compile without --gpu-cublas";
      return;
    }
    auto bind = [&](auto &slot, const char *name) {
      slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(
          dlsym(handle, name));
      if (!slot && loadError.empty())
        loadError = std::string("cuBLAS lacks ") + name;
    };
    bind(library.cublasCreate, "cublasCreate_v2");
    bind(library.cublasSetStream, "cublasSetStream_v2");
    bind(library.cublasSetMathMode, "cublasSetMathMode");
    bind(library.cublasSgemmStridedBatched, "cublasSgemmStridedBatched");
    bind(library.cublasDgemmStridedBatched, "cublasDgemmStridedBatched");
    bind(library.cublasGetStatusString, "cublasGetStatusString");
  });
  if (!loadError.empty()) {
    error = loadError;
    return nullptr;
  }
  return &library;
}

std::string CUBLAS::describe(const char *call, cublasStatus_t status) const {
  const char *text = cublasGetStatusString(status);
  return std::string(call) + ": " +
         (text ? text : "cuBLAS status " + std::to_string(status));
}
