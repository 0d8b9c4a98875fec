//===- CompileTimeReport.h - where a compilation spends its time -*- C++ -*-===//
//
// `--time-compile` (xla-run, xla-translate): the time of every stage of the
// compile driver as a tree (MLIR's DefaultTimingManager, so each MLIR pass
// appears on its own under "MLIR passes"), the functions (kernels) that
// cost the most, split into time in MLIR passes that ran on them and in
// LLVM's optimizer, the time of each LLVM optimization pass, and when and
// on which thread each part of a program compiled in parts ran.
// A compilation records into a report through CompileOptions::timeReport;
// the report is not part of the compilation cache's key and changes no
// code.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_COMPILETIMEREPORT_H
#define XLA_MLIR_COMPILER_COMPILETIMEREPORT_H

#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace llvm {
class PassInstrumentationCallbacks;
class raw_ostream;
} // namespace llvm

namespace mlir {
class PassInstrumentation;
} // namespace mlir

namespace xla {

struct CompileOptions;

class CompileTimeReport {
public:
  /// What a function's time was spent on.
  enum class Work { MLIRPasses, LLVMOptimization };
  static constexpr unsigned kNumWorks = 2;

  CompileTimeReport();
  ~CompileTimeReport();
  CompileTimeReport(const CompileTimeReport &) = delete;
  CompileTimeReport &operator=(const CompileTimeReport &) = delete;

  /// The scope the driver nests its stages in.
  mlir::TimingScope &getRootScope() { return root; }

  /// Adds `seconds` of `work` on function `name`. Thread-safe.
  void addFunctionTime(Work work, llvm::StringRef name, double seconds);

  /// Adds `seconds` of LLVM pass `pass` (its exclusive time), and one run
  /// if `starts` (the pass's first stretch on a function, loop or
  /// module). Thread-safe.
  void addLLVMPassTime(llvm::StringRef pass, double seconds, bool starts);

  /// Records that part `part` of a program compiled in parts (`size` ops
  /// or instructions) ran on the calling thread from `start` for
  /// `seconds`. Thread-safe.
  void addPartTime(unsigned part, size_t size,
                   std::chrono::steady_clock::time_point start,
                   double seconds);

  /// Charges the time of MLIR passes that run on a function op to it.
  std::unique_ptr<mlir::PassInstrumentation> createPassInstrumentation();

  /// Charges the time of LLVM passes to the function they run on (loops to
  /// their function; a function pass inside a call-graph pass to the
  /// function, not to both) and to the pass.
  void instrument(llvm::PassInstrumentationCallbacks &callbacks);

  /// Stops the clock and prints the stage tree, the `count` functions
  /// that took longest, every LLVM optimization pass, slowest first, and
  /// the parts.
  /// Call once, after the compilation.
  void print(llvm::raw_ostream &os, unsigned count = 10);

private:
  mlir::DefaultTimingManager manager;
  mlir::TimingScope root;
  std::mutex mutex;
  llvm::StringMap<std::array<double, kNumWorks>> functions;
  struct LLVMPassTime {
    double seconds = 0;
    unsigned runs = 0;
  };
  llvm::StringMap<LLVMPassTime> llvmPasses;
  struct PartTime {
    unsigned part;
    size_t size;
    std::chrono::steady_clock::time_point start;
    double seconds;
    std::thread::id thread;
  };
  std::vector<PartTime> parts;

  void printParts(llvm::raw_ostream &os);
};

/// A stage of the compilation, timed when `options` carry a report
/// (else a scope that does nothing).
mlir::TimingScope timeStage(const CompileOptions &options,
                            llvm::StringRef name);

} // namespace xla

#endif // XLA_MLIR_COMPILER_COMPILETIMEREPORT_H
