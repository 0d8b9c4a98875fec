//===- Measure.cpp - timed runs and the fused/unfused comparison ----------===//

#include "Measure.h"

#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/GPURuntime.h"
#include "xla-mlir/ToolSupport/Compare.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>

using namespace xla;
using namespace xla::runtime;

double tools::median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

llvm::Expected<tools::Measurement>
tools::measure(const Executable &exe, const std::vector<HostBuffer> &args,
               unsigned numWarmup, unsigned numRuns, bool donate) {
  using Clock = std::chrono::steady_clock;
  Measurement m;
  if (exe.usesGPU())
    gpuResetPeak();
  // The peak of one run, like XLA's memory_analysis (arguments, results and
  // temporaries): what the pool holds beyond what it held when the run
  // started (the arguments, earlier runs' kept results), plus the
  // arguments.
  uint64_t argBytes = 0;
  for (const HostBuffer &arg : args)
    argBytes += arg.getByteSize();
  uint64_t hostPeak = 0, hostLive = 0;
  // Warm-up runs go on for kMinWarmupMs when there are any: right after a
  // cold compile, 1 ms steps of the MLP step ran 2.8x slower for their
  // first 30-50 ms (never after a cache hit, never with the OpenMP worker
  // pinned to the other core by OMP_PROC_BIND=close), presumably while the
  // scheduler still counts the compile threads' load on that core.
  // Once a run is timed, every later one is (time and r only grow).
  constexpr double kMinWarmupMs = 100;
  constexpr unsigned kMaxWarmup = 1000;
  auto warmupStart = Clock::now();
  auto isWarmup = [&](unsigned r) {
    if (r < numWarmup)
      return true;
    return numWarmup > 0 && r < kMaxWarmup &&
           std::chrono::duration<double, std::milli>(Clock::now() -
                                                     warmupStart)
                   .count() < kMinWarmupMs;
  };
  for (unsigned r = 0; r < numWarmup || m.runMs.size() < numRuns; ++r) {
    bool timed = !isWarmup(r);
    CheckReport repeated;
    CheckReport *checks = r == 0 ? &m.checks : &repeated;
    std::vector<HostBuffer> donated;
    if (donate)
      donated = args;
    uint64_t heldBefore = poolStats().bytesInUse;
    uint64_t requestedBefore = poolStats().bytesRequested;
    poolResetPeak();
    auto start = Clock::now();
    StatusOr<std::vector<HostBuffer>> outputs =
        donate ? exe.runDonated(std::move(donated), checks)
               : exe.run(args, checks);
    double ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start)
            .count();
    if (!outputs)
      return toError(outputs.getStatus());
    hostPeak =
        std::max(hostPeak, poolStats().peakBytesInUse - heldBefore + argBytes);
    hostLive = std::max(hostLive, poolStats().peakBytesRequested -
                                      requestedBefore + argBytes);
    if (timed)
      m.runMs.push_back(ms);
    if (r == 0)
      m.results = std::move(*outputs);
  }
  m.peakBytes = exe.usesGPU() ? gpuStats().peakBytesInUse : hostPeak;
  m.peakLiveBytes = exe.usesGPU() ? m.peakBytes : hostLive;
  return std::move(m);
}

static std::string mib(double bytes) {
  return llvm::formatv("{0:f1} MiB", bytes / 1048576.0).str();
}

int tools::compareUnfused(const Executable &fused, const Executable &unfused,
                          const std::vector<HostBuffer> &args,
                          unsigned numRuns, double rtol, double atol,
                          llvm::raw_ostream &os) {
  // One untimed run each first, as --time does: it fills the buffer pool.
  auto a = measure(fused, args, 1, numRuns);
  if (!a) {
    os << "error: fused: " << llvm::toString(a.takeError()) << "\n";
    return 3;
  }
  auto b = measure(unfused, args, 1, numRuns);
  if (!b) {
    os << "error: unfused: " << llvm::toString(b.takeError()) << "\n";
    return 3;
  }
  int code = 0;
  double worst = 0;
  for (size_t i = 0; i < a->results.size(); ++i) {
    Comparison c = compareAllClose(a->results[i], b->results[i], rtol, atol);
    worst = std::max(worst, c.maxAbsError);
    if (!c.matches) {
      os << "output " << i << " differs between fused and unfused: "
         << c.message << "\n";
      code = 1;
    }
  }
  if (!a->checks.passed() || !b->checks.passed())
    code = 1;
  if (code == 0)
    os << "fused and unfused agree on all " << a->results.size()
       << " output(s) (max abs difference " << llvm::format("%.3g", worst)
       << ")\n";
  double fusedMs = median(a->runMs), unfusedMs = median(b->runMs);
  os << llvm::formatv("fused:   run time median {0:f4} ms, peak memory {1}\n",
                      fusedMs, mib(a->peakBytes));
  os << llvm::formatv("unfused: run time median {0:f4} ms, peak memory {1}\n",
                      unfusedMs, mib(b->peakBytes));
  double savedBytes = double(b->peakBytes) - double(a->peakBytes);
  os << llvm::formatv(
      "fusion saves {0:f4} ms ({1:f1}%, {2:f2}x) and {3} ({4:f1}%) of peak "
      "memory over {5} run(s)\n",
      unfusedMs - fusedMs,
      unfusedMs > 0 ? 100 * (unfusedMs - fusedMs) / unfusedMs : 0.0,
      fusedMs > 0 ? unfusedMs / fusedMs : 0.0, mib(savedBytes),
      b->peakBytes ? 100 * savedBytes / double(b->peakBytes) : 0.0, numRuns);
  return code;
}
