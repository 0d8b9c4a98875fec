//===- LoadArtifact.cpp - run a shared-library artifact, runtime only -----===//
//
//   xla-load-artifact LIB.so [ENTRY] [--repeat N]
//
// Links the runtime and nothing of LLVM or MLIR, so it also runs GPU
// artifacts on machines that have only the CUDA driver. Fills input i with
// the values 1, 2, 3, ... (in its element type; 0 for types without a
// simple conversion), runs the entry once and prints each result's type and
// its first 16 elements as NumPy prints scalars, then "all N check(s)
// passed" on stderr when checks ran and passed. With --repeat N it runs N
// more times and prints the median and minimum time of a run (inputs in
// host memory, results copied back, as a caller sees it). Exit 0 on
// success, 1 if a check failed, 2 if the artifact did not load or run.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/Runtime/ScalarFormat.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

int main(int argc, char **argv) {
  std::vector<const char *> positional;
  int repeat = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
      repeat = std::atoi(argv[++i]);
    else
      positional.push_back(argv[i]);
  }
  if (positional.empty() || positional.size() > 2 || repeat < 0) {
    std::fprintf(stderr,
                 "usage: xla-load-artifact LIB.so [ENTRY] [--repeat N]\n");
    return 2;
  }
  StatusOr<std::unique_ptr<Executable>> exe = Executable::load(
      positional[0], positional.size() == 2 ? positional[1] : "main");
  if (!exe) {
    std::fprintf(stderr, "error: %s\n", exe.getStatus().message().c_str());
    return 2;
  }
  std::vector<HostBuffer> inputs;
  for (const TensorSpec &spec : (*exe)->getInputs()) {
    inputs.emplace_back(spec);
    for (int64_t i = 0; i < spec.getNumElements(); ++i)
      fill(inputs.back(), i, static_cast<double>(i + 1));
  }
  CheckReport checks;
  StatusOr<std::vector<HostBuffer>> outputs = (*exe)->run(inputs, &checks);
  if (!outputs) {
    std::fprintf(stderr, "error: %s\n",
                 outputs.getStatus().message().c_str());
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
  for (const CheckFailure &failure : checks.failures)
    std::fprintf(stderr, "%s\n", failure.str().c_str());
  if (checks.passed() && checks.numChecks > 0)
    std::fprintf(stderr, "all %lld check(s) passed\n",
                 static_cast<long long>(checks.numChecks));
  if (repeat > 0) {
    std::vector<double> ms;
    for (int i = 0; i < repeat; ++i) {
      CheckReport ignored;
      auto start = std::chrono::steady_clock::now();
      StatusOr<std::vector<HostBuffer>> again = (*exe)->run(inputs, &ignored);
      auto stop = std::chrono::steady_clock::now();
      if (!again) {
        std::fprintf(stderr, "error: %s\n",
                     again.getStatus().message().c_str());
        return 2;
      }
      ms.push_back(std::chrono::duration<double, std::milli>(stop - start)
                       .count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("time: median %.4f ms, min %.4f ms over %d runs\n",
                ms[ms.size() / 2], ms.front(), repeat);
  }
  return checks.passed() ? 0 : 1;
}
