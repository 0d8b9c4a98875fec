//===- CompileTimeReport.cpp - where a compilation spends its time --------===//

#include "xla-mlir/Compiler/CompileTimeReport.h"

#include "CodeGen.h"

#include "xla-mlir/Compiler/CompileOptions.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <vector>

using namespace xla;
using Clock = std::chrono::steady_clock;

static double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

CompileTimeReport::CompileTimeReport() {
  manager.setEnabled(true);
  manager.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
  root = mlir::TimingScope(manager.getRootTimer());
}

CompileTimeReport::~CompileTimeReport() = default;

void CompileTimeReport::addFunctionTime(Work work, llvm::StringRef name,
                                        double seconds) {
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = functions.try_emplace(name);
  if (inserted)
    it->second.fill(0.0);
  it->second[static_cast<unsigned>(work)] += seconds;
}

void CompileTimeReport::addLLVMPassTime(llvm::StringRef pass,
                                        double seconds, bool starts) {
  std::lock_guard<std::mutex> lock(mutex);
  LLVMPassTime &time = llvmPasses[pass];
  time.seconds += seconds;
  time.runs += starts;
}

void CompileTimeReport::addPartTime(unsigned part, size_t size,
                                    Clock::time_point start,
                                    double seconds) {
  std::lock_guard<std::mutex> lock(mutex);
  parts.push_back({part, size, start, seconds, std::this_thread::get_id()});
}

namespace {

/// MLIR passes on function-like ops (func.func, llvm.func, gpu.func): the
/// time between before and after, per thread (function passes of a nested
/// pipeline run on several threads at once). Module passes are in the
/// stage tree only.
class FunctionPassTimer : public mlir::PassInstrumentation {
public:
  explicit FunctionPassTimer(CompileTimeReport &report) : report(report) {}

  void runBeforePass(mlir::Pass *, mlir::Operation *op) override {
    if (isFunction(op))
      starts().push_back(Clock::now());
  }
  void runAfterPass(mlir::Pass *, mlir::Operation *op) override { stop(op); }
  void runAfterPassFailed(mlir::Pass *, mlir::Operation *op) override {
    stop(op);
  }

private:
  static bool isFunction(mlir::Operation *op) {
    return op->getNumRegions() == 1 &&
           op->hasAttr(mlir::SymbolTable::getSymbolAttrName()) &&
           !op->hasTrait<mlir::OpTrait::SymbolTable>();
  }
  static std::vector<Clock::time_point> &starts() {
    thread_local std::vector<Clock::time_point> stack;
    return stack;
  }
  void stop(mlir::Operation *op) {
    if (!isFunction(op) || starts().empty())
      return;
    double seconds = secondsSince(starts().back());
    starts().pop_back();
    report.addFunctionTime(CompileTimeReport::Work::MLIRPasses,
                           mlir::SymbolTable::getSymbolName(op).getValue(),
                           seconds);
  }

  CompileTimeReport &report;
};

/// The function an LLVM pass runs on, or empty for module and call-graph
/// passes (their time is the stage's, not one function's).
llvm::StringRef functionOf(llvm::Any ir) {
  const llvm::Function *function = getPassFunction(ir);
  return function ? function->getName() : llvm::StringRef();
}

/// Pass managers, adaptors and analysis plumbing: their own time is the
/// dispatch to what they hold, which is not worth a line of the report.
bool isContainerPass(llvm::StringRef pass) {
  return llvm::isSpecialPass(
      pass, {"PassManager", "PassAdaptor", "AnalysisManagerProxy",
             "DevirtSCCRepeatedPass", "ModuleInlinerWrapperPass",
             "RequireAnalysisPass", "InvalidateAnalysisPass"});
}

/// Exclusive time per function and per pass: a pass that starts inside
/// another (the passes of a function pipeline inside a call-graph pass,
/// loop passes inside a function pass) pauses its parent's clock.
struct LLVMPassTimer {
  struct Frame {
    std::string function;
    std::string pass;
    Clock::time_point start;
    /// Not yet charged: the pass's first charge counts a run.
    bool fresh = true;
  };
  CompileTimeReport &report;
  std::vector<Frame> stack;

  void charge(Frame &frame) {
    double seconds = secondsSince(frame.start);
    if (!frame.function.empty())
      report.addFunctionTime(CompileTimeReport::Work::LLVMOptimization,
                             frame.function, seconds);
    if (!frame.pass.empty())
      report.addLLVMPassTime(frame.pass, seconds, frame.fresh);
    frame.fresh = false;
  }
  void before(llvm::StringRef pass, llvm::Any ir) {
    if (!stack.empty())
      charge(stack.back());
    stack.push_back({functionOf(ir).str(),
                     isContainerPass(pass) ? std::string() : pass.str(),
                     Clock::now()});
  }
  void after() {
    if (stack.empty())
      return;
    charge(stack.back());
    stack.pop_back();
    if (!stack.empty())
      stack.back().start = Clock::now();
  }
};

} // namespace

std::unique_ptr<mlir::PassInstrumentation>
CompileTimeReport::createPassInstrumentation() {
  return std::make_unique<FunctionPassTimer>(*this);
}

void CompileTimeReport::instrument(
    llvm::PassInstrumentationCallbacks &callbacks) {
  // The callbacks outlive no pipeline run: one timer per instrumented
  // pass builder, shared by its callbacks.
  auto timer = std::make_shared<LLVMPassTimer>(LLVMPassTimer{*this, {}});
  callbacks.registerBeforeNonSkippedPassCallback(
      [timer](llvm::StringRef pass, llvm::Any ir) { timer->before(pass, ir); });
  callbacks.registerAfterPassCallback(
      [timer](llvm::StringRef, llvm::Any, const llvm::PreservedAnalyses &) {
        timer->after();
      });
  callbacks.registerAfterPassInvalidatedCallback(
      [timer](llvm::StringRef, const llvm::PreservedAnalyses &) {
        timer->after();
      });
}

void CompileTimeReport::print(llvm::raw_ostream &os, unsigned count) {
  root.stop();
  os << "===- compile time -===\n";
  manager.setOutput(mlir::createOutputStrategy(
      mlir::DefaultTimingManager::OutputFormat::Text, os));
  manager.print();
  // Else the manager prints an empty report again when destroyed.
  manager.setEnabled(false);

  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::pair<llvm::StringRef, std::array<double, kNumWorks>>>
      sorted;
  for (const auto &entry : functions)
    sorted.emplace_back(entry.getKey(), entry.getValue());
  auto total = [](const std::array<double, kNumWorks> &times) {
    return times[0] + times[1];
  };
  llvm::sort(sorted, [&](const auto &a, const auto &b) {
    return total(a.second) != total(b.second)
               ? total(a.second) > total(b.second)
               : a.first < b.first;
  });
  os << "===- slowest functions (" << std::min<size_t>(count, sorted.size())
     << " of " << sorted.size() << "), seconds -===\n"
     << "     total  MLIR passes  LLVM opt  function\n";
  for (const auto &[name, times] : llvm::make_range(
           sorted.begin(), sorted.begin() + std::min<size_t>(count,
                                                             sorted.size())))
    os << llvm::format("%10.4f   %10.4f  %8.4f  ", total(times), times[0],
                       times[1])
       << name << "\n";

  // Every LLVM pass that ran (as the stage tree lists every MLIR pass),
  // summed over the functions and the parts' threads.
  // `runs`: the functions, loops or modules (parts) it ran on.
  std::vector<std::pair<llvm::StringRef, LLVMPassTime>> passes;
  for (const auto &entry : llvmPasses)
    passes.emplace_back(entry.getKey(), entry.getValue());
  llvm::sort(passes, [](const auto &a, const auto &b) {
    return a.second.seconds != b.second.seconds
               ? a.second.seconds > b.second.seconds
               : a.first < b.first;
  });
  os << "===- LLVM optimization passes (" << passes.size()
     << "), slowest first -===\n"
     << "   seconds   runs  pass\n";
  for (const auto &[name, time] : passes)
    os << llvm::format("%10.4f %6u  ", time.seconds, time.runs) << name
       << "\n";
  printParts(os);
}

/// The parts in the order they started, each with its thread (numbered in
/// the order the threads first appear); `span` is from the first start to
/// the last end, `busy` the sum of the parts' times: busy / span is how
/// many threads were at work on average.
void CompileTimeReport::printParts(llvm::raw_ostream &os) {
  if (parts.empty())
    return;
  llvm::sort(parts, [](const PartTime &a, const PartTime &b) {
    return std::make_pair(a.start, a.part) < std::make_pair(b.start, b.part);
  });
  Clock::time_point first = parts.front().start, last = first;
  double busy = 0;
  std::vector<std::thread::id> threads;
  for (const PartTime &part : parts) {
    last = std::max(last, part.start +
                              std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(part.seconds)));
    busy += part.seconds;
    if (!llvm::is_contained(threads, part.thread))
      threads.push_back(part.thread);
  }
  double span = std::chrono::duration<double>(last - first).count();
  os << "===- parts (" << parts.size() << ") on " << threads.size()
     << " threads: span " << llvm::format("%.4f", span) << " s, busy "
     << llvm::format("%.4f", busy) << " s -===\n"
     << "  part    size  thread     start   seconds\n";
  for (const PartTime &part : parts)
    os << llvm::format("%6u %7zu %7zu %9.4f %9.4f\n", part.part, part.size,
                       static_cast<size_t>(llvm::find(threads, part.thread) -
                                           threads.begin()),
                       std::chrono::duration<double>(part.start - first)
                           .count(),
                       part.seconds);
}

mlir::TimingScope xla::timeStage(const CompileOptions &options,
                                 llvm::StringRef name) {
  if (!options.timeReport)
    return mlir::TimingScope();
  return options.timeReport->getRootScope().nest(name);
}
