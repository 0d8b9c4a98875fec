//===- CommandLine.cpp - compile options as tool flags --------------------===//

#include "xla-mlir/Compiler/CommandLine.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

using namespace xla;
namespace cl = llvm::cl;

namespace {

struct CompileCLOptions {
  CompileCLOptions(cl::OptionCategory &category, const CompileOptions &defaults)
      : entry("entry",
              cl::desc("Function to compile (default: @main, else the "
                       "module's only function)"),
              cl::cat(category)),
        inlineFunctions("inline",
                        cl::desc("Inline private functions (HLO stage)"),
                        cl::init(defaults.inlineFunctions), cl::cat(category)),
        hloSimplify("hlo-simplify",
                    cl::desc("Bit-exact algebraic simplification of hlo ops "
                             "(HLO stage)"),
                    cl::init(defaults.hloSimplify), cl::cat(category)),
        foldConstants("fold-constants",
                      cl::desc("Evaluate hlo ops whose operands are "
                               "constants (HLO stage)"),
                      cl::init(defaults.foldConstants), cl::cat(category)),
        foldLimit("fold-limit",
                  cl::desc("Largest constant, in elements, that folding "
                           "creates"),
                  cl::init(defaults.foldLimit), cl::cat(category)),
        cse("cse",
            cl::desc("Merge identical side-effect-free hlo ops (HLO stage)"),
            cl::init(defaults.cse), cl::cat(category)),
        dce("dce",
            cl::desc("Erase unused side-effect-free hlo ops and private "
                     "functions (HLO stage)"),
            cl::init(defaults.dce), cl::cat(category)),
        fusion("fusion", cl::desc("Fuse elementwise producers into consumers"),
               cl::init(defaults.fusion), cl::cat(category)),
        rematerialize(
            "rematerialize",
            cl::desc("Once fusion is done, recompute cheap values in their "
                     "readers instead of keeping them in memory (less peak "
                     "memory; on by default, =false turns it off)"),
            cl::init(defaults.rematerialize), cl::cat(category)),
        reductionBlock(
            "reduction-block",
            cl::desc("Sum floating-point reductions as trees of chains of at "
                     "most this many additions, and scans in blocks of this "
                     "many (< 2: one chain per result)"),
            cl::init(defaults.reductionBlock), cl::cat(category)),
        vectorize("vectorize", cl::desc("Tile and vectorize linalg ops"),
                  cl::init(defaults.vectorize), cl::cat(category)),
        fuseBlocks("fuse-blocks",
                   cl::desc("Run a kernel whose ops are parallel along rows "
                            "(softmax, layernorm) as one loop over blocks "
                            "that stay in cache (off: one loop nest per op)"),
                   cl::init(defaults.fuseBlocks), cl::cat(category)),
        streamingStores(
            "streaming-stores",
            cl::desc("On x86, write outputs larger than all cores' L2 that "
                     "no cache would hold for their readers with "
                     "non-temporal stores (=false: plain stores)"),
            cl::init(defaults.streamingStores), cl::cat(category)),
        prefetch("prefetch",
                 cl::desc("Prefetch the next block of rows while a fused "
                          "kernel computes on the current one "
                          "(=false: the hardware prefetchers alone)"),
                 cl::init(defaults.prefetch), cl::cat(category)),
        gpuRowFusion(
            "gpu-row-fusion",
            cl::desc("On a GPU, run a fusion whose ops all work row by row "
                     "(softmax, layernorm) as one kernel with each row in "
                     "registers"),
            cl::init(defaults.gpuRowFusion), cl::cat(category)),
        gpuRowWarpLength(
            "gpu-row-warp-length",
            cl::desc("On a GPU, the longest row of such a fusion that a warp "
                     "computes, several rows per block, with shuffles alone "
                     "(0: a block per row)"),
            cl::init(defaults.gpuRowWarpLength), cl::cat(category)),
        gpuVectorBytes(
            "gpu-vector-bytes",
            cl::desc("On a GPU, the widest vector access a thread of an "
                     "elementwise kernel makes of neighbouring elements "
                     "(0: one element per thread)"),
            cl::init(defaults.gpuVectorBytes), cl::cat(category)),
        gpuContractionBlocks(
            "gpu-contraction-blocks-per-sm",
            cl::desc("On a GPU, blocks of a tiled contraction that should "
                     "fit on a multiprocessor at once (2: registers capped "
                     "at half the register file)"),
            cl::init(defaults.gpuContractionBlocks), cl::cat(category)),
        gpuCublas("gpu-cublas",
                  cl::desc("On a GPU, run the matrix products cuBLAS can "
                           "with cuBLAS instead of generated kernels (the "
                           "runtime then needs libcublas)"),
                  cl::init(defaults.gpuCublas), cl::cat(category)),
        gpuTransposeTiles(
            "gpu-transpose-tiles",
            cl::desc("On a GPU, move transposes through shared memory in "
                     "32x32 tiles, reading and writing along contiguous "
                     "dimensions"),
            cl::init(defaults.gpuTransposeTiles), cl::cat(category)),
        gpuContractionEpilogues(
            "gpu-contraction-epilogues",
            cl::desc("On a GPU, apply the elementwise op after a matrix "
                     "product (a bias, an activation, an optimizer's "
                     "update) in the product's kernel"),
            cl::init(defaults.gpuContractionEpilogues), cl::cat(category)),
        gpuReductionEpilogues(
            "gpu-reduction-epilogues",
            cl::desc("On a GPU, apply the elementwise op after a reduction "
                     "(a per-row division, a copy) in the reduction's "
                     "kernel"),
            cl::init(defaults.gpuReductionEpilogues), cl::cat(category)),
        gpuHorizontalFusion(
            "gpu-horizontal-fusion",
            cl::desc("On a GPU, run independent small kernels (of one "
                     "fusion, or between two calls) as one launch"),
            cl::init(defaults.gpuHorizontalFusion), cl::cat(category)),
        gpuEmulate(
            "gpu-emulate",
            cl::desc("With --target=cuda, compile the kernels for the host "
                     "and run them in the runtime's GPU emulator (slow; "
                     "checks the GPU code generation without a GPU)"),
            cl::init(defaults.gpuEmulate), cl::cat(category)),
        gpuTensorCores(
            "gpu-tensor-cores",
            cl::desc("On a GPU, run f32 matrix products on tensor cores: "
                     "tf32 (operands rounded to TF32), tf32x3 (three TF32 "
                     "products, near-f32 accuracy) or empty (FMAs)"),
            cl::init(defaults.gpuTensorCores), cl::cat(category)),
        gpuAsyncCopies(
            "gpu-async-copies",
            cl::desc("On a GPU (sm_80 or later), contraction kernels copy "
                     "their operands' tiles to shared memory with cp.async, "
                     "filled ahead of the products (=false: through "
                     "registers)"),
            cl::init(defaults.gpuAsyncCopies), cl::cat(category)),
        gpuSkinnyProducts(
            "gpu-skinny-products",
            cl::desc("On a GPU, a product of at most 32 rows streams its "
                     "rhs once, each thread a group of columns of all rows "
                     "(=false: the tiled kernel)"),
            cl::init(defaults.gpuSkinnyProducts), cl::cat(category)),
        gpuContractionPrologues(
            "gpu-contraction-prologues",
            cl::desc("On a GPU, the elementwise op that writes a product's "
                     "operand (a normalization, a bias) is computed by the "
                     "product's kernel as it stages the operand (=false: a "
                     "kernel of its own)"),
            cl::init(defaults.gpuContractionPrologues), cl::cat(category)),
        parallelLoops("parallel-loops",
                cl::desc("Run the tiles of large ops on all cores (OpenMP; "
                         "OMP_NUM_THREADS sets how many)"),
                cl::init(defaults.parallelLoops), cl::cat(category)),
        runtimeAlloc("runtime-alloc",
                     cl::desc("Allocate temporaries from the runtime's "
                              "buffer pool (off: malloc/free)"),
                     cl::init(defaults.runtimeAlloc), cl::cat(category)),
        optLevel("opt-level", cl::desc("LLVM optimization level (0-3)"),
                 cl::init(defaults.optLevel), cl::cat(category)),
        llvmUnroll("llvm-unroll",
                   cl::desc("Let LLVM's loop unrollers run (off: only the "
                            "register tiles are unrolled, by xla-mlir)"),
                   cl::init(defaults.llvmUnroll), cl::cat(category)),
        llvmAllPasses(
            "llvm-all-passes",
            cl::desc("Run every pass of LLVM's pipelines for X86 (off: "
                     "the IR pipeline of O1 at most, with the vectorizers, "
                     "less the passes that find nothing in vectorized "
                     "kernels; no induction variable simplification, loop "
                     "strength reduction or post-RA scheduler)"),
            cl::init(defaults.llvmAllPasses), cl::cat(category)),
        verifyEach("verify-each",
                   cl::desc("Verify the IR after every MLIR pass (off: once "
                            "after the pipeline; also $XLA_VERIFY_EACH)"),
                   cl::init(defaults.verifyEach), cl::cat(category)),
        compileThreads(
            "compile-threads",
            cl::desc("Threads that generate machine code for the parts of "
                     "a large program (0: one per hardware thread; the "
                     "code is the same for any count)"),
            cl::init(defaults.compileThreads), cl::cat(category)),
        maxTensorSize(
            "max-tensor-size",
            cl::desc("Reject, before compiling, a program with a tensor "
                     "larger than this many bytes (K, M, G, T suffixes; "
                     "0: the target's memory)"),
            cl::init(std::to_string(defaults.maxTensorSize)),
            cl::value_desc("size"), cl::cat(category)),
        exportName("export-name",
                   cl::desc("Symbol of the compiled entry (default: the "
                            "entry's name)"),
                   cl::cat(category)),
        dumpTo("dump-to",
               cl::desc("Write the IR after each pass, the fusion report "
                        "and graph, and the LLVM IR and assembly into this "
                        "directory (also $XLA_DUMP_TO; docs/dumps.md)"),
               cl::value_desc("dir"), cl::cat(category)),
        target("target",
               cl::desc("Override the host's target description: "
                        "key=value,... (triple, cpu, features, vector-bits, "
                        "vector-registers, cores, l1, l2, l3, clock-ghz, "
                        "bandwidth-gbps, "
                        "peak-gflops, kernel-overhead-us, memory, gpu), or "
                        "cuda for an NVIDIA GPU (gpu=sm_90a)"),
               cl::value_desc("spec"), cl::cat(category)),
        timeCompile("time-compile",
                    cl::desc("Print the time of each compile stage and MLIR "
                             "pass, and the functions that took longest, to "
                             "stderr"),
                    cl::init(false), cl::cat(category)) {}

  cl::opt<std::string> entry;
  cl::opt<bool> inlineFunctions;
  cl::opt<bool> hloSimplify;
  cl::opt<bool> foldConstants;
  cl::opt<int64_t> foldLimit;
  cl::opt<bool> cse;
  cl::opt<bool> dce;
  cl::opt<bool> fusion;
  cl::opt<bool> rematerialize;
  cl::opt<int64_t> reductionBlock;
  cl::opt<bool> vectorize;
  cl::opt<bool> fuseBlocks;
  cl::opt<bool> streamingStores;
  cl::opt<bool> prefetch;
  cl::opt<bool> gpuRowFusion;
  cl::opt<int64_t> gpuRowWarpLength;
  cl::opt<int64_t> gpuVectorBytes;
  cl::opt<int64_t> gpuContractionBlocks;
  cl::opt<bool> gpuCublas;
  cl::opt<bool> gpuTransposeTiles;
  cl::opt<bool> gpuContractionEpilogues;
  cl::opt<bool> gpuReductionEpilogues;
  cl::opt<bool> gpuHorizontalFusion;
  cl::opt<bool> gpuEmulate;
  cl::opt<std::string> gpuTensorCores;
  cl::opt<bool> gpuAsyncCopies;
  cl::opt<bool> gpuSkinnyProducts;
  cl::opt<bool> gpuContractionPrologues;
  cl::opt<bool> parallelLoops;
  cl::opt<bool> runtimeAlloc;
  cl::opt<unsigned> optLevel;
  cl::opt<bool> llvmUnroll;
  cl::opt<bool> llvmAllPasses;
  cl::opt<bool> verifyEach;
  cl::opt<unsigned> compileThreads;
  cl::opt<std::string> maxTensorSize;
  cl::opt<std::string> exportName;
  cl::opt<std::string> dumpTo;
  cl::opt<std::string> target;
  cl::opt<bool> timeCompile;
};

std::unique_ptr<CompileCLOptions> &instance() {
  static std::unique_ptr<CompileCLOptions> options;
  return options;
}

} // namespace

void xla::registerCompileCLOptions(cl::OptionCategory &category,
                                   const CompileOptions &defaults) {
  if (!instance())
    instance() = std::make_unique<CompileCLOptions>(category, defaults);
}

bool xla::isFlagGiven(llvm::StringRef name) {
  auto &options = cl::getRegisteredOptions();
  auto it = options.find(name);
  return it != options.end() && it->second->getNumOccurrences() > 0;
}

llvm::Expected<CompileOptions> xla::getCompileOptionsFromCL() {
  CompileOptions options;
  CompileCLOptions *cl = instance().get();
  if (!cl)
    return options;
  options.entry = cl->entry;
  options.inlineFunctions = cl->inlineFunctions;
  options.hloSimplify = cl->hloSimplify;
  options.foldConstants = cl->foldConstants;
  options.foldLimit = cl->foldLimit;
  options.cse = cl->cse;
  options.dce = cl->dce;
  options.fusion = cl->fusion;
  options.rematerialize = cl->rematerialize;
  options.reductionBlock = cl->reductionBlock;
  options.vectorize = cl->vectorize;
  options.fuseBlocks = cl->fuseBlocks;
  options.streamingStores = cl->streamingStores;
  options.prefetch = cl->prefetch;
  options.gpuRowFusion = cl->gpuRowFusion;
  options.gpuRowWarpLength = cl->gpuRowWarpLength;
  options.gpuVectorBytes = cl->gpuVectorBytes;
  options.gpuContractionBlocks = cl->gpuContractionBlocks;
  options.gpuCublas = cl->gpuCublas;
  options.gpuTransposeTiles = cl->gpuTransposeTiles;
  options.gpuContractionEpilogues = cl->gpuContractionEpilogues;
  options.gpuReductionEpilogues = cl->gpuReductionEpilogues;
  options.gpuHorizontalFusion = cl->gpuHorizontalFusion;
  options.gpuEmulate = cl->gpuEmulate;
  options.gpuTensorCores = cl->gpuTensorCores;
  options.gpuAsyncCopies = cl->gpuAsyncCopies;
  options.gpuSkinnyProducts = cl->gpuSkinnyProducts;
  options.gpuContractionPrologues = cl->gpuContractionPrologues;
  options.parallelLoops = cl->parallelLoops;
  options.runtimeAlloc = cl->runtimeAlloc;
  options.optLevel = cl->optLevel;
  options.llvmUnroll = cl->llvmUnroll;
  options.llvmAllPasses = cl->llvmAllPasses;
  options.verifyEach = cl->verifyEach;
  options.compileThreads = cl->compileThreads;
  std::optional<int64_t> maxTensorSize = parseByteSize(cl->maxTensorSize);
  if (!maxTensorSize)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--max-tensor-size: expected a size in bytes, optionally with a K, "
        "M, G or T suffix, got '" + cl->maxTensorSize + "'");
  options.maxTensorSize = *maxTensorSize;
  options.exportName = cl->exportName;
  options.dumpTo = cl->dumpTo;
  return options;
}

std::unique_ptr<CompileTimeReport> xla::createTimeReportFromCL() {
  if (!instance() || !instance()->timeCompile)
    return nullptr;
  return std::make_unique<CompileTimeReport>();
}

llvm::Expected<TargetDescription> xla::getTargetFromCL() {
  llvm::Expected<TargetDescription> target = TargetDescription::host();
  if (!target || !instance() || instance()->target.empty())
    return target;
  if (llvm::Error error = target->applyOverrides(instance()->target))
    return std::move(error);
  return target;
}

namespace {

llvm::Error badValue(llvm::StringRef name, llvm::StringRef expected,
                     llvm::StringRef value) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "option '" + name + "': expected " +
                                     expected + ", got '" + value + "'");
}

llvm::Error parseValue(llvm::StringRef name, llvm::StringRef value,
                       bool &out) {
  std::string lower = value.lower();
  if (lower == "true" || lower == "1" || lower == "on")
    out = true;
  else if (lower == "false" || lower == "0" || lower == "off")
    out = false;
  else
    return badValue(name, "a boolean", value);
  return llvm::Error::success();
}

template <typename Int>
llvm::Error parseValue(llvm::StringRef name, llvm::StringRef value, Int &out) {
  Int parsed;
  if (value.getAsInteger(10, parsed))
    return badValue(name, std::is_signed_v<Int> ? "an integer"
                                                : "a non-negative integer",
                    value);
  out = parsed;
  return llvm::Error::success();
}

llvm::Error parseValue(llvm::StringRef, llvm::StringRef value,
                       std::string &out) {
  out = value.str();
  return llvm::Error::success();
}

/// One keyword: its flag spelling and how it sets CompileOptions.
struct OptionSetter {
  llvm::StringRef name;
  std::function<llvm::Error(CompileOptions &, llvm::StringRef)> set;
};

template <typename T>
OptionSetter field(llvm::StringRef name, T CompileOptions::*member) {
  return {name, [name, member](CompileOptions &options, llvm::StringRef v) {
            return parseValue(name, v, options.*member);
          }};
}

/// Same names as the cl::opts above (python/tests checks them against
/// xla-run --help).
const std::vector<OptionSetter> &optionSetters() {
  static const std::vector<OptionSetter> setters = {
      field("entry", &CompileOptions::entry),
      field("inline", &CompileOptions::inlineFunctions),
      field("hlo-simplify", &CompileOptions::hloSimplify),
      field("fold-constants", &CompileOptions::foldConstants),
      field("fold-limit", &CompileOptions::foldLimit),
      field("cse", &CompileOptions::cse),
      field("dce", &CompileOptions::dce),
      field("fusion", &CompileOptions::fusion),
      field("rematerialize", &CompileOptions::rematerialize),
      field("reduction-block", &CompileOptions::reductionBlock),
      field("vectorize", &CompileOptions::vectorize),
      field("fuse-blocks", &CompileOptions::fuseBlocks),
      field("streaming-stores", &CompileOptions::streamingStores),
      field("prefetch", &CompileOptions::prefetch),
      field("gpu-row-fusion", &CompileOptions::gpuRowFusion),
      field("gpu-row-warp-length", &CompileOptions::gpuRowWarpLength),
      field("gpu-vector-bytes", &CompileOptions::gpuVectorBytes),
      field("gpu-contraction-blocks-per-sm",
            &CompileOptions::gpuContractionBlocks),
      field("gpu-cublas", &CompileOptions::gpuCublas),
      field("gpu-transpose-tiles", &CompileOptions::gpuTransposeTiles),
      field("gpu-contraction-epilogues",
            &CompileOptions::gpuContractionEpilogues),
      field("gpu-reduction-epilogues",
            &CompileOptions::gpuReductionEpilogues),
      field("gpu-horizontal-fusion", &CompileOptions::gpuHorizontalFusion),
      field("gpu-emulate", &CompileOptions::gpuEmulate),
      field("gpu-tensor-cores", &CompileOptions::gpuTensorCores),
      field("gpu-async-copies", &CompileOptions::gpuAsyncCopies),
      field("gpu-skinny-products", &CompileOptions::gpuSkinnyProducts),
      field("gpu-contraction-prologues",
            &CompileOptions::gpuContractionPrologues),
      field("parallel-loops", &CompileOptions::parallelLoops),
      field("runtime-alloc", &CompileOptions::runtimeAlloc),
      {"opt-level",
       [](CompileOptions &options, llvm::StringRef value) -> llvm::Error {
         unsigned level;
         if (value.getAsInteger(10, level) || level > 3)
           return badValue("opt-level", "0, 1, 2 or 3", value);
         options.optLevel = level;
         return llvm::Error::success();
       }},
      field("llvm-unroll", &CompileOptions::llvmUnroll),
      field("verify-each", &CompileOptions::verifyEach),
      field("compile-threads", &CompileOptions::compileThreads),
      {"max-tensor-size",
       [](CompileOptions &options, llvm::StringRef value) -> llvm::Error {
         std::optional<int64_t> size = parseByteSize(value);
         if (!size)
           return badValue("max-tensor-size",
                           "a size in bytes, optionally with a K, M, G or T "
                           "suffix",
                           value);
         options.maxTensorSize = *size;
         return llvm::Error::success();
       }},
      field("export-name", &CompileOptions::exportName),
      field("dump-to", &CompileOptions::dumpTo),
  };
  return setters;
}

} // namespace

llvm::Error xla::setCompileOption(CompileOptions &options,
                                  llvm::StringRef name,
                                  llvm::StringRef value) {
  std::string spelled = name.str();
  std::replace(spelled.begin(), spelled.end(), '_', '-');
  for (const OptionSetter &setter : optionSetters())
    if (setter.name == spelled)
      return setter.set(options, value);
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown compile option '" + name + "'");
}

llvm::ArrayRef<llvm::StringRef> xla::getCompileOptionNames() {
  static const std::vector<llvm::StringRef> names = [] {
    std::vector<llvm::StringRef> result;
    for (const OptionSetter &setter : optionSetters())
      result.push_back(setter.name);
    return result;
  }();
  return names;
}
