//===- Module.cpp - xla_mlir._xla_mlir, the extension module --------------===//
//
// Thin bindings: compile (CompileProgram.h) and run. The Python layer
// (xla_mlir/_executable.py) checks arguments against the signature, turns
// arrays into data pointers without copying, and views the result bytes
// returned here as arrays of their dtype. This file includes no LLVM or
// MLIR header, because it is compiled with exceptions and RTTI (nanobind
// needs both) and LLVM is not.
//
//===----------------------------------------------------------------------===//

#include "CompileProgram.h"

#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/Executable.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace nb = nanobind;
using namespace nb::literals;
using namespace xla;
using xla::runtime::HostBuffer;
using xla::runtime::TensorSpec;

namespace {

/// A compiled program and how it was obtained.
struct PyExecutable {
  std::unique_ptr<runtime::Executable> executable;
  std::string cacheOutcome;
  double compileSeconds = 0;
};

nb::list describe(const std::vector<TensorSpec> &specs) {
  nb::list list;
  for (const TensorSpec &spec : specs) {
    nb::list shape;
    for (int64_t size : spec.shape)
      shape.append(size);
    list.append(nb::make_tuple(runtime::getName(spec.dtype), nb::tuple(shape)));
  }
  return list;
}

/// Result bytes as a 1-D uint8 NumPy array that owns the HostBuffer (no
/// copy); Python views it with the result's dtype and shape.
nb::object ownBytes(HostBuffer buffer) {
  auto *owned = new HostBuffer(std::move(buffer));
  nb::capsule owner(owned, [](void *ptr) noexcept {
    delete static_cast<HostBuffer *>(ptr);
  });
  size_t shape[1] = {owned->getByteSize()};
  return nb::cast(nb::ndarray<nb::numpy, uint8_t, nb::ndim<1>>(
      owned->data(), 1, shape, owner));
}

/// Runs the program on `inputs` (one data pointer per parameter, each to a
/// dense row-major buffer of its spec; the caller keeps the arrays alive
/// and has checked them) without holding the GIL. The inputs listed in
/// `donated` are given up: an output aliased in place with one of them is
/// written into its buffer and comes back as None.
nb::list execute(const PyExecutable &self, const std::vector<uintptr_t> &inputs,
                 const std::vector<size_t> &donated) {
  const runtime::Executable &exe = *self.executable;
  if (inputs.size() != exe.getInputs().size())
    throw nb::value_error("wrong number of input buffers");
  std::vector<void *> buffers;
  for (uintptr_t input : inputs) {
    if (!input)
      throw nb::value_error("null input buffer");
    buffers.push_back(reinterpret_cast<void *>(input));
  }
  size_t numOutputs = exe.getOutputs().size();
  std::vector<void *> inPlace(numOutputs, nullptr);
  for (const runtime::Signature::Alias &alias : exe.getSignature().aliases)
    if (alias.inPlace &&
        std::find(donated.begin(), donated.end(), alias.input) !=
            donated.end())
      inPlace[alias.output] = buffers[alias.input];
  std::vector<HostBuffer> outputs;
  outputs.reserve(numOutputs);
  for (size_t k = 0; k < numOutputs; ++k) {
    if (inPlace[k]) {
      buffers.push_back(inPlace[k]);
      continue;
    }
    runtime::StatusOr<HostBuffer> buffer =
        HostBuffer::create(exe.getOutputs()[k], /*zeroed=*/false);
    if (!buffer)
      throw std::bad_alloc();
    outputs.push_back(std::move(*buffer));
    buffers.push_back(outputs.back().data());
  }
  runtime::Status status;
  {
    nb::gil_scoped_release release;
    status = exe.execute(buffers.data());
  }
  if (!status.ok())
    throw std::runtime_error(status.message());
  nb::list results;
  auto next = outputs.begin();
  for (size_t k = 0; k < numOutputs; ++k)
    results.append(inPlace[k] ? nb::none() : ownBytes(std::move(*next++)));
  return results;
}

using Options = std::vector<std::pair<std::string, std::string>>;

python::CompileRequest makeRequest(nb::bytes source, std::string bufferName,
                                   Options options, std::string target) {
  python::CompileRequest request;
  request.source.assign(source.c_str(), source.size());
  request.bufferName = std::move(bufferName);
  request.options = std::move(options);
  request.target = std::move(target);
  return request;
}

const char *errorKindName(python::CompileErrorKind kind) {
  switch (kind) {
  case python::CompileErrorKind::None:
    return "";
  case python::CompileErrorKind::UnknownOption:
    return "unknown-option";
  case python::CompileErrorKind::BadOption:
    return "bad-option";
  case python::CompileErrorKind::Program:
    return "program";
  }
  return "program";
}

/// (Executable or None, error kind, message).
nb::tuple compile(nb::bytes source, std::string bufferName, Options options,
                  std::string target, bool useCache, std::string cacheDir,
                  std::string cacheMaxSize) {
  python::CompileRequest request =
      makeRequest(source, std::move(bufferName), std::move(options),
                  std::move(target));
  request.useCache = useCache;
  request.cacheDirectory = std::move(cacheDir);
  request.cacheMaxSize = std::move(cacheMaxSize);
  python::CompileResult result;
  {
    // Compiling takes seconds: other Python threads run meanwhile.
    nb::gil_scoped_release release;
    result = python::compileProgram(request);
  }
  const char *kind = errorKindName(result.errorKind);
  if (!result.executable)
    return nb::make_tuple(nb::none(), kind, result.error);
  auto exe = std::make_unique<PyExecutable>();
  exe->executable = std::move(result.executable);
  exe->cacheOutcome = result.cacheOutcome;
  exe->compileSeconds = result.compileSeconds;
  return nb::make_tuple(nb::cast(exe.release(), nb::rv_policy::take_ownership),
                        kind, "");
}

/// (report JSON or None, error kind, message).
nb::tuple reportFusions(nb::bytes source, std::string bufferName,
                        Options options, std::string target) {
  python::CompileRequest request =
      makeRequest(source, std::move(bufferName), std::move(options),
                  std::move(target));
  python::ReportResult result;
  {
    nb::gil_scoped_release release;
    result = python::reportFusions(request);
  }
  if (result.errorKind != python::CompileErrorKind::None)
    return nb::make_tuple(nb::none(), errorKindName(result.errorKind),
                          result.error);
  return nb::make_tuple(result.report, "", "");
}

} // namespace

NB_MODULE(_xla_mlir, m) {
  m.doc() = "xla-mlir's compiler and runtime (use the xla_mlir package)";

  nb::class_<PyExecutable>(m, "Executable")
      .def_prop_ro("entry",
                   [](const PyExecutable &self) {
                     return self.executable->getEntryName();
                   })
      .def_prop_ro("inputs",
                   [](const PyExecutable &self) {
                     return describe(self.executable->getInputs());
                   })
      .def_prop_ro("outputs",
                   [](const PyExecutable &self) {
                     return describe(self.executable->getOutputs());
                   })
      .def_prop_ro("aliases",
                   [](const PyExecutable &self) {
                     nb::list list;
                     for (const auto &alias :
                          self.executable->getSignature().aliases)
                       list.append(nb::make_tuple(alias.output, alias.input,
                                                  alias.inPlace));
                     return list;
                   })
      .def_ro("cache_outcome", &PyExecutable::cacheOutcome)
      .def_ro("compile_seconds", &PyExecutable::compileSeconds)
      .def("execute", &execute, "inputs"_a, "donated"_a);

  m.def("compile", &compile, "source"_a, "buffer_name"_a, "options"_a,
        "target"_a, "use_cache"_a, "cache_dir"_a, "cache_max_size"_a);
  m.def("report_fusions", &reportFusions, "source"_a, "buffer_name"_a,
        "options"_a, "target"_a);
  m.def("option_keywords", &python::getCompileOptionKeywords);
  m.def("pool_stats", [] {
    runtime::BufferPoolStats stats = runtime::poolStats();
    nb::dict dict;
    dict["bytes_in_use"] = stats.bytesInUse;
    dict["peak_bytes_in_use"] = stats.peakBytesInUse;
    dict["bytes_cached"] = stats.bytesCached;
    return dict;
  });
  m.def("pool_reset_peak", &runtime::poolResetPeak);
}
