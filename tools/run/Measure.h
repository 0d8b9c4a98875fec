//===- Measure.h - timed runs and the fused/unfused comparison ----*- C++ -*-===//

#ifndef XLA_MLIR_TOOLS_RUN_MEASURE_H
#define XLA_MLIR_TOOLS_RUN_MEASURE_H

#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/Executable.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace xla::tools {

/// What `numRuns` timed runs (after `numWarmup` untimed ones, and, if that
/// is not zero, more until 100 ms have passed) of an
/// executable gave: the first run's results and checks, each timed run's
/// milliseconds, and the most memory the runtime held at once (the
/// buffer pool on the CPU, which serves inputs, results and temporaries;
/// device memory on a GPU).
/// With `donate`, every run donates a copy of `args` (made before its
/// clock starts), so in-place aliased outputs reuse the copies' buffers.
struct Measurement {
  std::vector<runtime::HostBuffer> results;
  runtime::CheckReport checks;
  std::vector<double> runMs;
  uint64_t peakBytes = 0;
  /// The same peak counting each buffer's own size, not the pool's size
  /// class it took (up to 25% more).
  uint64_t peakLiveBytes = 0;
};

llvm::Expected<Measurement>
measure(const runtime::Executable &exe,
        const std::vector<runtime::HostBuffer> &args, unsigned numWarmup,
        unsigned numRuns, bool donate = false);

double median(std::vector<double> values);

/// xla-run --compare-unfused: runs both, checks that every result agrees
/// within rtol/atol (fusion may reassociate nothing, but contracting a
/// multiply-add changes the last bit), and prints each one's run time and
/// peak memory and what fusion saved. Returns xla-run's exit code.
int compareUnfused(const runtime::Executable &fused,
                   const runtime::Executable &unfused,
                   const std::vector<runtime::HostBuffer> &args,
                   unsigned numRuns, double rtol, double atol,
                   llvm::raw_ostream &os);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLS_RUN_MEASURE_H
