//===- xla-run.cpp - compile an hlo program for the CPU and run it --------===//
//
//   xla-run FILE.mlir [--entry NAME] [--input a.npy ...] [--seed N]
//           [--output-dir DIR] [--no-print] [--time] [--runs N]
//           [--expected e.npy ... --rtol R --atol A] [--fusion=false]
//           [--dump-llvm FILE] [--dump-object FILE] [--split-input-file]
//           [--compare-unfused] [--dump-to DIR]
//           [--test-custom-calls] [compile options, Compiler/CommandLine.h]
//
// Exit codes: 0 success, 1 a check or --expected comparison failed, 2 the
// program did not parse, verify or compile, 3 bad inputs or a run-time
// error. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Measure.h"
#include "TestCustomCalls.h"

#include "xla-mlir/Compiler/CommandLine.h"
#include "xla-mlir/Compiler/CompilationCache.h"
#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/ToolSupport/Compare.h"
#include "xla-mlir/ToolSupport/Format.h"
#include "xla-mlir/ToolSupport/Npy.h"
#include "xla-mlir/ToolSupport/RandomInputs.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace xla::runtime;
using namespace xla::tools;
namespace cl = llvm::cl;

namespace {

enum ExitCode : int {
  kSuccess = 0,
  kCheckFailure = 1,
  kCompileError = 2,
  kRunError = 3,
};

/// xla-run's own options; --help lists only these (plus the generic ones),
/// not the hundreds that LLVM's backends register.
cl::OptionCategory category("xla-run options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                               cl::init("-"), cl::cat(category));
cl::list<std::string> inputs("input",
                             cl::desc("An .npy file per argument, in order "
                                      "(repeat the flag or separate with "
                                      "commas)"),
                             cl::CommaSeparated, cl::cat(category));
cl::opt<uint64_t> seed("seed",
                       cl::desc("Seed of generated inputs when no --input is "
                                "given (see docs/runtime.md)"),
                       cl::init(0), cl::cat(category));
cl::opt<std::string> outputDir("output-dir",
                               cl::desc("Write result N to DIR/output_N.npy"),
                               cl::cat(category));
cl::opt<bool> print("print", cl::desc("Print the results like NumPy"),
                    cl::init(true), cl::cat(category));
cl::opt<bool> noPrint("no-print", cl::desc("Same as --print=false"),
                      cl::cat(category));
cl::opt<bool> timing("time",
                     cl::desc("Report compile time and the median and "
                              "minimum run time"),
                     cl::cat(category));
cl::opt<bool> compareUnfusedFlag(
    "compare-unfused",
    cl::desc("Also compile with --fusion=false, check that both agree "
             "(--rtol/--atol) and report each one's run time and peak "
             "memory and what fusion saves"),
    cl::cat(category));
cl::opt<bool> donate(
    "donate",
    cl::desc("Donate the inputs: the program writes each output it aliases "
             "with an input (tf.aliasing_output, mhlo.input_output_alias) "
             "into that input's buffer (each run gets fresh copies)"),
    cl::cat(category));
cl::opt<unsigned> runs("runs",
                       cl::desc("Number of runs (default 1, or 10 with "
                                "--time)"),
                       cl::init(0), cl::cat(category));
cl::list<std::string> expectedFiles(
    "expected",
    cl::desc("An .npy file per result; compare with --rtol/--atol"),
    cl::CommaSeparated, cl::cat(category));
cl::opt<double> rtol("rtol", cl::desc("Relative tolerance of --expected"),
                     cl::init(1e-5), cl::cat(category));
cl::opt<double> atol("atol", cl::desc("Absolute tolerance of --expected"),
                     cl::init(1e-8), cl::cat(category));
cl::opt<std::string> dumpLLVM("dump-llvm",
                              cl::desc("Write the optimized LLVM IR to FILE"),
                              cl::cat(category));
cl::opt<std::string>
    dumpObject("dump-object",
               cl::desc("Write the object code the JIT runs to FILE, its "
                        "parts joined into one object (the same bytes "
                        "`xla-translate --emit=obj` writes for the same "
                        "options)"),
               cl::cat(category));
cl::opt<bool> noCache("no-cache",
                      cl::desc("Compile without the compilation cache"),
                      cl::cat(category));
cl::opt<std::string>
    cacheDir("cache-dir",
             cl::desc("Directory of the compilation cache (default: "
                      "$XLA_CACHE_DIR, else $XDG_CACHE_HOME/xla-mlir, else "
                      "~/.cache/xla-mlir)"),
             cl::cat(category));
cl::opt<std::string> cacheMaxSize(
    "cache-max-size",
    cl::desc("Bound of the compilation cache in bytes, or with a K, M or G "
             "suffix; least recently used programs go first (0: unbounded)"),
    cl::init("1G"), cl::cat(category));

cl::opt<bool> testCustomCalls(
    "test-custom-calls",
    cl::desc("Register the custom calls xla_run.test.* (for tests)"),
    cl::cat(category));
cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Run each '// -----' chunk of the file as its own program"),
    cl::cat(category));

int reportError(llvm::Error error, int code) {
  std::string text = llvm::toString(std::move(error));
  // Diagnostics carry "file:line:col: error:"; plain messages get the tag.
  if (llvm::StringRef(text).contains("error:"))
    llvm::errs() << text << "\n";
  else
    llvm::errs() << "error: " << text << "\n";
  return code;
}

llvm::Expected<std::vector<HostBuffer>> prepareInputs(const Executable &exe) {
  std::vector<HostBuffer> args;
  const std::vector<TensorSpec> &specs = exe.getInputs();
  if (inputs.empty()) {
    for (auto [i, spec] : llvm::enumerate(specs)) {
      llvm::Expected<HostBuffer> input = generateInput(spec, seed, i);
      if (!input)
        return input.takeError();
      args.push_back(std::move(*input));
    }
    return args;
  }
  if (inputs.size() != specs.size())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("@{0} takes {1} argument(s), but {2} --input file(s) "
                      "were given",
                      exe.getEntryName(), specs.size(), inputs.size()));
  for (auto [i, spec] : llvm::enumerate(specs)) {
    llvm::Expected<HostBuffer> buffer = readNpyFileAs(inputs[i], spec);
    if (!buffer)
      return buffer.takeError();
    args.push_back(std::move(*buffer));
  }
  return args;
}

/// Compares results with the --expected files; returns the exit code.
int compareWithExpected(llvm::ArrayRef<HostBuffer> results) {
  if (expectedFiles.size() != results.size()) {
    llvm::errs() << "error: " << results.size() << " result(s), but "
                 << expectedFiles.size() << " --expected file(s)\n";
    return kRunError;
  }
  int code = kSuccess;
  for (auto [i, result] : llvm::enumerate(results)) {
    llvm::Expected<HostBuffer> expected = readNpyFile(expectedFiles[i]);
    if (!expected)
      return reportError(expected.takeError(), kRunError);
    Comparison comparison = compareAllClose(result, *expected, rtol, atol);
    if (comparison.matches) {
      llvm::outs() << "output " << i << " matches " << expectedFiles[i]
                   << " (max abs error " << formatDouble(comparison.maxAbsError)
                   << ")\n";
      continue;
    }
    llvm::outs() << "output " << i << " does not match " << expectedFiles[i]
                 << ": " << comparison.message << "\n";
    code = kCheckFailure;
  }
  return code;
}

using xla::tools::median;

/// Four significant digits, so microsecond runs do not print as 0.000.
std::string formatMilliseconds(double ms) {
  return llvm::formatv("{0}", llvm::format("%.4g", ms)).str();
}

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

/// Compiles, runs and reports one module; returns the exit code.
/// Writes `bytes` to `path`.
llvm::Error writeFile(llvm::StringRef path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot write " + path + ": " +
                                           ec.message());
  os << bytes;
  return llvm::Error::success();
}

/// What the cache did for the last compile().
xla::CacheOutcome cacheOutcome = xla::CacheOutcome::Bypassed;

/// Compiles `module` through the compilation cache, or for the JIT when the
/// cache is off or a --dump-* flag asks to see the compilation.
llvm::Expected<std::unique_ptr<Executable>>
compile(ModuleOp module, const xla::TargetDescription &target,
        bool unfused = false, xla::CompileTimeReport *timeReport = nullptr) {
  llvm::Expected<xla::CompileOptions> parsedOptions =
      xla::getCompileOptionsFromCL();
  if (!parsedOptions)
    return parsedOptions.takeError();
  xla::CompileOptions options = std::move(*parsedOptions);
  options.timeReport = timeReport;
  if (unfused) {
    options.fusion = false;
    options.dumpTo.clear(); // the dump is the fused program's
  }
  // --dump-llvm and --dump-object show this compilation, so they bypass
  // the cache (as --dump-to does inside compileWithCache).
  if (!noCache && dumpLLVM.empty() && dumpObject.empty()) {
    std::string directory =
        cacheDir.empty() ? xla::getDefaultCacheDirectory() : cacheDir.getValue();
    std::optional<int64_t> maxBytes = xla::parseByteSize(cacheMaxSize);
    if (!maxBytes)
      return llvm::createStringError(
          "--cache-max-size: expected a size like 512M or 1G, got '" +
          cacheMaxSize + "'");
    if (!directory.empty()) {
      xla::CompilationCache cache(directory, *maxBytes);
      return xla::compileWithCache(module, target, options, cache,
                                   &cacheOutcome);
    }
  }
  // Only --dump-llvm needs the optimized module itself.
  xla::CompiledObject compiled;
  if (dumpLLVM.empty()) {
    llvm::Expected<xla::CompiledObject> object =
        xla::compileToObject(module, target, options);
    if (!object)
      return object.takeError();
    compiled = std::move(*object);
  } else {
    llvm::Expected<xla::CompiledModule> llvmModule =
        xla::compileToLLVM(module, target, options);
    if (!llvmModule)
      return llvmModule.takeError();
    std::string text;
    llvm::raw_string_ostream os(text);
    llvmModule->module->print(os, nullptr);
    if (llvm::Error error = writeFile(dumpLLVM, text))
      return std::move(error);
    llvm::Expected<xla::ObjectCode> objects =
        xla::takeObjects(*llvmModule, target, options);
    if (!objects)
      return objects.takeError();
    compiled = {std::move(llvmModule->signature), std::move(*objects)};
  }
  if (!dumpObject.empty()) {
    auto joined = xla::joinObjects(compiled.objects, options);
    if (!joined)
      return joined.takeError();
    if (llvm::Error error = writeFile(
            dumpObject, llvm::StringRef(joined->data(), joined->size())))
      return std::move(error);
  }
  return xla::loadInJIT(compiled.objects, compiled.signature, options);
}

int runModule(ModuleOp module, const xla::TargetDescription &target) {
  // --time-compile times the (fused) program's compilation.
  std::unique_ptr<xla::CompileTimeReport> timeReport =
      xla::createTimeReportFromCL();
  auto compileStart = Clock::now();
  llvm::Expected<std::unique_ptr<Executable>> exe =
      compile(module, target, /*unfused=*/false, timeReport.get());
  double compileMs = millisecondsSince(compileStart);
  if (timeReport)
    timeReport->print(llvm::errs());
  if (!exe)
    return reportError(exe.takeError(), kCompileError);

  llvm::Expected<std::vector<HostBuffer>> args = prepareInputs(**exe);
  if (!args)
    return reportError(args.takeError(), kRunError);

  if (compareUnfusedFlag) {
    llvm::Expected<std::unique_ptr<Executable>> unfused =
        compile(module, target, /*unfused=*/true);
    if (!unfused)
      return reportError(unfused.takeError(), kCompileError);
    return xla::tools::compareUnfused(**exe, **unfused, *args,
                                      runs ? runs : 10, rtol, atol,
                                      llvm::outs());
  }

  unsigned numRuns = runs ? runs : (timing ? 10 : 1);
  // With --time, one untimed run first: it fills the buffer pool, whose
  // fresh pages would otherwise be charged to the first timed run.
  unsigned numWarmup = timing ? 1 : 0;
  llvm::Expected<xla::tools::Measurement> measured =
      xla::tools::measure(**exe, *args, numWarmup, numRuns, donate);
  if (!measured)
    return reportError(measured.takeError(), kRunError);
  CheckReport &checks = measured->checks;
  std::vector<HostBuffer> &results = measured->results;
  std::vector<double> &runMs = measured->runMs;

  if (print && !noPrint) {
    for (auto [i, result] : llvm::enumerate(results)) {
      llvm::outs() << "output " << i << ": " << result.getSpec().str() << "\n";
      printArray(llvm::outs(), result);
      llvm::outs() << "\n";
    }
  }
  if (!outputDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
      llvm::errs() << "error: cannot create " << outputDir << ": "
                   << ec.message() << "\n";
      return kRunError;
    }
    for (auto [i, result] : llvm::enumerate(results)) {
      llvm::SmallString<256> path(outputDir);
      llvm::sys::path::append(path, "output_" + std::to_string(i) + ".npy");
      if (llvm::Error error = writeNpyFile(path, result))
        return reportError(std::move(error), kRunError);
    }
  }
  if (timing) {
    llvm::outs() << "compile time: " << formatMilliseconds(compileMs)
                 << " ms (compilation cache: " << xla::toString(cacheOutcome)
                 << ")\n";
    llvm::outs() << "run time: median " << formatMilliseconds(median(runMs))
                 << " ms, min "
                 << formatMilliseconds(
                        *std::min_element(runMs.begin(), runMs.end()))
                 << " ms over " << numRuns << " run(s)\n";
    // Inputs, results and temporaries all come from the buffer pool (device
    // memory for a GPU program).
    llvm::outs() << "peak buffer memory: "
                 << llvm::format("%.1f", measured->peakBytes / 1048576.0)
                 << " MiB (live buffers "
                 << llvm::format("%.1f", measured->peakLiveBytes / 1048576.0)
                 << " MiB)\n";
  }

  // Keep results and diagnostics in order when both go to one file.
  llvm::outs().flush();
  int code = kSuccess;
  for (const std::string &location : checks.skipped)
    llvm::errs() << location
                 << ": warning: check skipped (not supported by the CPU "
                    "runtime)\n";
  for (const CheckFailure &failure : checks.failures)
    llvm::errs() << failure.str() << "\n";
  int64_t numSkipped = checks.skipped.size();
  int64_t numEvaluated = checks.numChecks - numSkipped;
  std::string skipped =
      numSkipped ? ", " + std::to_string(numSkipped) + " skipped" : "";
  if (!checks.passed()) {
    llvm::errs() << checks.failures.size() << " of " << numEvaluated
                 << " check(s) failed" << skipped << "\n";
    code = kCheckFailure;
  } else if (checks.numChecks) {
    llvm::errs() << "all " << numEvaluated << " check(s) passed" << skipped
                 << "\n";
  }
  if (!expectedFiles.empty())
    code = std::max(code, compareWithExpected(results));
  return code;
}

/// Parses and runs one buffer (a whole file or one split chunk).
int processBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                  MLIRContext &context, const xla::TargetDescription &target) {
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  OwningOpRef<ModuleOp> module = xla::parseProgram(sourceMgr, &context);
  if (!module)
    return kCompileError;
  return runModule(*module, target);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  xla::registerCompileCLOptions(category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "xla-run: compile an hlo/StableHLO program for this CPU and run it\n");

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return kCompileError;
  }
  if (testCustomCalls)
    if (Status status =
            xla::registerTestCustomCalls(CustomCallRegistry::global()))
      return reportError(xla::toError(status), kCompileError);
  llvm::Expected<xla::TargetDescription> target = xla::getTargetFromCL();
  if (!target)
    return reportError(target.takeError(), kCompileError);
  // xla-run runs what it compiles here: refuse code this CPU cannot run.
  if (llvm::Error error = target->checkRunsOnHost())
    return reportError(std::move(error), kCompileError);

  DialectRegistry registry;
  xla::registerCompilerDialects(registry);
  MLIRContext context(registry);
  // Diagnostics point at the source; dumping the op after them is noise.
  context.printOpOnDiagnostic(false);

  if (!splitInputFile)
    return processBuffer(std::move(file), context, *target);

  // Each chunk is padded with the newlines before it, so diagnostics and
  // check failures point at lines of the original file.
  int worst = kSuccess;
  llvm::StringRef text = file->getBuffer();
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  std::string chunk;
  size_t chunkStart = 0, chunkIndex = 0;
  for (size_t i = 0; i <= lines.size(); ++i) {
    bool atEnd = i == lines.size();
    if (!atEnd && lines[i].trim() != kDefaultSplitMarker) {
      chunk += lines[i].str() + "\n";
      continue;
    }
    llvm::outs() << "--- chunk " << chunkIndex++ << " ---\n";
    llvm::outs().flush();
    std::string padded = std::string(chunkStart, '\n') + chunk;
    worst = std::max(
        worst, processBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                 padded, file->getBufferIdentifier()),
                             context, *target));
    chunk.clear();
    chunkStart = i + 1;
  }
  return worst;
}
