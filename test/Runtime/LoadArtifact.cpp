//===- LoadArtifact.cpp - run a shared-library artifact, runtime only -----===//
//
//   xla-load-artifact LIB.so [ENTRY] [--repeat N] [--input A.npy,B.npy,...]
//                     [--output-dir DIR]
//   xla-load-artifact --batch LIST
//
// Links the runtime and nothing of LLVM or MLIR, so it also runs GPU
// artifacts on machines that have only the CUDA driver. Fills input i with
// the values 1, 2, 3, ... (in its element type; 0 for types without a
// simple conversion), runs the entry once and prints each result's type and
// its first 16 elements as NumPy prints scalars, then "all N check(s)
// passed" on stderr when checks ran and passed. With --repeat N it runs N
// more times and prints the median and minimum time of a run (inputs in
// host memory, results copied back, as a caller sees it). --input reads
// the inputs from .npy files (little-endian, C order, the input's element
// type and shape) and --output-dir writes output_<i>.npy, so a script can
// compare results where no compiler is installed (scripts/gpu_artifacts.py
// on a GPU machine); with --repeat and $XLA_GPU_TIMING also
// kernel_times.tsv, the time of every kernel per run (the console shows
// ten). The repeated runs' outputs are compared with the first run's bit
// for bit ("reproducible: K of N outputs ..."). Exit 0 on success, 1 if a
// check failed, 2 if the artifact did not load or run.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/Runtime/GPURuntime.h"
#include "xla-mlir/Runtime/ScalarFormat.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

using namespace xla::runtime;

/// Writes `value` into element `i` of `buffer` when the type is simple.
static void fill(HostBuffer &buffer, int64_t i, double value) {
  switch (buffer.getDType()) {
  case DType::F32:
    buffer.data<float>()[i] = static_cast<float>(value);
    break;
  case DType::F64:
    buffer.data<double>()[i] = value;
    break;
  case DType::I32:
    buffer.data<int32_t>()[i] = static_cast<int32_t>(value);
    break;
  case DType::I64:
    buffer.data<int64_t>()[i] = static_cast<int64_t>(value);
    break;
  default:
    break;
  }
}

/// NumPy's name for an element type; nullptr if it has none.
static const char *npyDescr(DType dtype) {
  switch (dtype) {
  case DType::I1:
    return "|b1";
  case DType::I8:
    return "|i1";
  case DType::I16:
    return "<i2";
  case DType::I32:
    return "<i4";
  case DType::I64:
    return "<i8";
  case DType::UI8:
    return "|u1";
  case DType::UI16:
    return "<u2";
  case DType::UI32:
    return "<u4";
  case DType::UI64:
    return "<u8";
  case DType::F16:
    return "<f2";
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  case DType::Complex64:
    return "<c8";
  case DType::Complex128:
    return "<c16";
  default:
    return nullptr;
  }
}

static std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (int64_t size : shape)
    text += std::to_string(size) + (shape.size() == 1 ? "," : ", ");
  if (shape.size() > 1)
    text.resize(text.size() - 2);
  return text + ")";
}

/// Reads `path` into `buffer`, which must match its type and shape.
static bool readNpy(const std::string &path, HostBuffer &buffer,
                    std::string &error) {
  std::ifstream in(path, std::ios::binary);
  std::string data((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    error = "cannot read " + path;
    return false;
  }
  if (data.size() < 10 || data.compare(0, 6, "\x93NUMPY") != 0) {
    error = path + " is not a .npy file";
    return false;
  }
  size_t headerSize, start;
  if (data[6] == 1) {
    headerSize = static_cast<unsigned char>(data[8]) |
                 static_cast<unsigned char>(data[9]) << 8;
    start = 10;
  } else {
    if (data.size() < 12) {
      error = path + " is truncated";
      return false;
    }
    headerSize = 0;
    for (int i = 3; i >= 0; --i)
      headerSize = headerSize << 8 | static_cast<unsigned char>(data[8 + i]);
    start = 12;
  }
  if (start + headerSize > data.size()) {
    error = path + " is truncated";
    return false;
  }
  std::string header = data.substr(start, headerSize);
  const TensorSpec &spec = buffer.getSpec();
  const char *descr = npyDescr(spec.dtype);
  std::string want = std::string("'descr': '") + (descr ? descr : "?") + "'";
  std::string shape = "'shape': " + shapeText(spec.shape);
  if (header.find(want) == std::string::npos ||
      header.find("'fortran_order': False") == std::string::npos ||
      header.find(shape) == std::string::npos) {
    error = path + ": expected " + spec.str() + " in C order, the header says " +
            header;
    return false;
  }
  size_t bytes = static_cast<size_t>(spec.getNumElements()) *
                 getByteWidth(spec.dtype);
  if (data.size() - start - headerSize != bytes) {
    error = path + ": expected " + std::to_string(bytes) + " bytes of data";
    return false;
  }
  std::memcpy(buffer.data<char>(), data.data() + start + headerSize, bytes);
  return true;
}

static bool writeNpy(const std::string &path, const HostBuffer &buffer) {
  const TensorSpec &spec = buffer.getSpec();
  const char *descr = npyDescr(spec.dtype);
  if (!descr)
    return false;
  std::string header = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': " +
                       shapeText(spec.shape) + ", }";
  // Data starts at a multiple of 64 bytes; the header ends with a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  char preamble[10] = {'\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0,
                       static_cast<char>(header.size() & 0xff),
                       static_cast<char>(header.size() >> 8)};
  out.write(preamble, sizeof(preamble));
  out << header;
  out.write(buffer.data<char>(), static_cast<std::streamsize>(
                                     spec.getNumElements() *
                                     getByteWidth(spec.dtype)));
  return out.good();
}

/// Loads `path`, runs `entry` as the file comment says; the executable
/// goes into `loaded`. `gpuRunFailed` is set when a GPU program failed
/// while it ran: the device may be unusable for the rest of the process.
static int runArtifact(const std::string &path, const std::string &entry,
                       int repeat, const std::vector<std::string> &inputFiles,
                       const std::string &outputDir,
                       std::vector<std::unique_ptr<Executable>> &loaded,
                       bool &gpuRunFailed) {
  StatusOr<std::unique_ptr<Executable>> exe = Executable::load(path, entry);
  if (!exe) {
    std::fprintf(stderr, "error: %s\n", exe.getStatus().message().c_str());
    return 2;
  }
  std::vector<HostBuffer> inputs;
  if (!inputFiles.empty() && inputFiles.size() != (*exe)->getInputs().size()) {
    std::fprintf(stderr, "error: %zu --input files for %zu inputs\n",
                 inputFiles.size(), (*exe)->getInputs().size());
    return 2;
  }
  for (const TensorSpec &spec : (*exe)->getInputs()) {
    inputs.emplace_back(spec);
    if (!inputFiles.empty()) {
      std::string error;
      if (!readNpy(inputFiles[inputs.size() - 1], inputs.back(), error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 2;
      }
      continue;
    }
    for (int64_t i = 0; i < spec.getNumElements(); ++i)
      fill(inputs.back(), i, static_cast<double>(i + 1));
  }
  CheckReport checks;
  StatusOr<std::vector<HostBuffer>> outputs = (*exe)->run(inputs, &checks);
  if (!outputs) {
    std::fprintf(stderr, "error: %s\n",
                 outputs.getStatus().message().c_str());
    gpuRunFailed = (*exe)->usesGPU();
    return 2;
  }
  for (size_t n = 0; n < outputs->size(); ++n) {
    const HostBuffer &result = (*outputs)[n];
    std::printf("output %zu: %s\n", n, result.getSpec().str().c_str());
    size_t width = getByteWidth(result.getDType());
    for (int64_t i = 0; i < result.getNumElements() && i < 16; ++i)
      std::printf("%s%s", i ? " " : "",
                  formatScalar(result.data<char>() + i * width,
                               result.getDType())
                      .c_str());
    std::printf("\n");
  }
  if (!outputDir.empty())
    for (size_t n = 0; n < outputs->size(); ++n) {
      std::string path = outputDir + "/output_" + std::to_string(n) + ".npy";
      if (!writeNpy(path, (*outputs)[n])) {
        std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
        return 2;
      }
    }
  for (const CheckFailure &failure : checks.failures)
    std::fprintf(stderr, "%s\n", failure.str().c_str());
  if (checks.passed() && checks.numChecks > 0)
    std::fprintf(stderr, "all %lld check(s) passed\n",
                 static_cast<long long>(checks.numChecks));
  if (repeat > 0) {
    // Kernel times of the timed runs only (XLA_GPU_TIMING).
    gpuResetKernelTimes();
    std::vector<double> ms;
    // Outputs whose bits changed in some run (a sum in no fixed order:
    // atomic adds).
    std::vector<bool> changed(outputs->size(), false);
    for (int i = 0; i < repeat; ++i) {
      CheckReport ignored;
      auto start = std::chrono::steady_clock::now();
      StatusOr<std::vector<HostBuffer>> again = (*exe)->run(inputs, &ignored);
      auto stop = std::chrono::steady_clock::now();
      if (!again) {
        std::fprintf(stderr, "error: %s\n",
                     again.getStatus().message().c_str());
        gpuRunFailed = (*exe)->usesGPU();
        return 2;
      }
      ms.push_back(std::chrono::duration<double, std::milli>(stop - start)
                       .count());
      for (size_t n = 0; n < outputs->size(); ++n)
        changed[n] = changed[n] ||
                     std::memcmp((*again)[n].data(), (*outputs)[n].data(),
                                 (*outputs)[n].getByteSize()) != 0;
    }
    std::sort(ms.begin(), ms.end());
    std::printf("time: median %.4f ms, min %.4f ms over %d runs\n",
                ms[ms.size() / 2], ms.front(), repeat);
    if ((*exe)->usesGPU() && gpuTimingEnabled()) {
      std::vector<GPUKernelTime> kernels = gpuKernelTimes();
      double total = 0;
      for (const GPUKernelTime &k : kernels)
        total += k.milliseconds;
      std::sort(kernels.begin(), kernels.end(),
                [](const GPUKernelTime &a, const GPUKernelTime &b) {
                  return a.milliseconds > b.milliseconds;
                });
      std::printf("kernel time: %.4f ms per run in %zu kernels\n",
                  total / repeat, kernels.size());
      for (size_t i = 0; i < kernels.size() && i < 10; ++i)
        std::printf("  %-40s %9.4f ms per run (%llu launches)\n",
                    kernels[i].kernel.c_str(),
                    kernels[i].milliseconds / repeat,
                    static_cast<unsigned long long>(kernels[i].launches));
      // Every kernel, for a profile read where the GPU is not.
      if (!outputDir.empty()) {
        std::ofstream tsv(outputDir + "/kernel_times.tsv");
        tsv << "kernel\tms_per_run\tlaunches_per_run\n";
        for (const GPUKernelTime &k : kernels)
          tsv << k.kernel << '\t' << k.milliseconds / repeat << '\t'
              << double(k.launches) / repeat << '\n';
        if (!tsv.good()) {
          std::fprintf(stderr, "error: cannot write %s/kernel_times.tsv\n",
                       outputDir.c_str());
          return 2;
        }
      }
    }
    size_t differing = std::count(changed.begin(), changed.end(), true);
    std::printf("reproducible: %zu of %zu outputs the same bits in all %d "
                "runs",
                outputs->size() - differing, outputs->size(), repeat + 1);
    for (size_t n = 0, listed = 0; n < changed.size() && listed < 10; ++n)
      if (changed[n])
        std::printf("%s%zu", listed++ ? ", " : "; differing: output ", n);
    std::printf("\n");
  }
  int result = checks.passed() ? 0 : 1;
  loaded.push_back(std::move(*exe));
  return result;
}

/// --batch LIST: each line of LIST is `LIB.so[<tab>ENTRY]`, run in turn in
/// this process, so that the CUDA driver starts once for all of them
/// (about a second each on an H200 otherwise: the conformance corpus's
/// 1532 programs). Each run's output on stdout and on stderr starts with
/// `=== xla-load-artifact N LIB.so`, and stdout gets `=== exit CODE` after
/// it. Each artifact is unloaded after its run, so a later one may load at
/// its address: the GPU runtime must have dropped its modules
/// (Executable's destructor), or the later one would run its kernels. A
/// GPU program that fails while it runs (a bad address makes the CUDA
/// context unusable) ends the batch: `=== stopped` follows its exit code,
/// and the programs after it are left to a process of their own.
static int runBatch(const std::string &list) {
  std::ifstream in(list);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", list.c_str());
    return 2;
  }
  std::vector<std::unique_ptr<Executable>> loaded;
  int worst = 0, n = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty())
      continue;
    size_t tab = line.find('\t');
    std::string path = line.substr(0, tab);
    std::string entry =
        tab == std::string::npos ? "main" : line.substr(tab + 1);
    std::printf("=== xla-load-artifact %d %s\n", n, path.c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "=== xla-load-artifact %d %s\n", n, path.c_str());
    bool gpuRunFailed = false;
    int code = runArtifact(path, entry, 0, {}, "", loaded, gpuRunFailed);
    loaded.clear();
    std::fflush(stderr);
    std::printf("=== exit %d\n", code);
    std::fflush(stdout);
    worst = std::max(worst, code);
    ++n;
    if (gpuRunFailed) {
      std::printf("=== stopped\n");
      return 2;
    }
  }
  return worst;
}

int main(int argc, char **argv) {
  std::vector<const char *> positional;
  int repeat = 0;
  std::vector<std::string> inputFiles;
  std::string outputDir, batch;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--input") == 0 && i + 1 < argc) {
      std::stringstream list(argv[++i]);
      for (std::string file; std::getline(list, file, ',');)
        inputFiles.push_back(file);
    } else if (std::strcmp(argv[i], "--output-dir") == 0 && i + 1 < argc) {
      outputDir = argv[++i];
    } else if (std::strcmp(argv[i], "--batch") == 0 && i + 1 < argc) {
      batch = argv[++i];
    } else {
      positional.push_back(argv[i]);
    }
  }
  if (!batch.empty()) {
    if (!positional.empty() || repeat || !inputFiles.empty() ||
        !outputDir.empty()) {
      std::fprintf(stderr, "error: --batch takes no other arguments\n");
      return 2;
    }
    return runBatch(batch);
  }
  if (positional.empty() || positional.size() > 2 || repeat < 0) {
    std::fprintf(stderr, "usage: xla-load-artifact LIB.so [ENTRY] [--repeat "
                         "N]\n       xla-load-artifact --batch LIST\n");
    return 2;
  }
  std::vector<std::unique_ptr<Executable>> loaded;
  bool gpuRunFailed = false;
  return runArtifact(positional[0],
                     positional.size() == 2 ? positional[1] : "main", repeat,
                     inputFiles, outputDir, loaded, gpuRunFailed);
}
