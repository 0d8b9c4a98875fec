//===- xla-fuzz.cpp - libFuzzer harness of the compiler -------------------===//
//
// Each input is a program text, split at `// -----` like lit's
// --split-input-file. Each chunk goes the way xla-run takes it: parse and
// verify (xla::parseProgram), then, if it is a valid program, the compile
// driver (xla::compileToLLVM: hlo-import, the entry's signature, the
// tensor-size check, the HLO stage, fusion, lowering to linalg, vectors and
// the LLVM dialect, translation to LLVM IR). Machine code is not generated:
// LLVM's back end is not ours to fuzz, and it would cost most of the time.
//
// A custom mutator (below) complements libFuzzer's byte-level mutations
// with edits that keep the text well formed. Any diagnostic is a fine
// outcome; a crash, a sanitizer report, a timeout
// or running out of memory is a bug. Built only with -DXLA_ENABLE_FUZZER=ON
// (scripts/fuzz.sh); docs/robustness.md.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Compiler/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace mlir;

namespace {

struct Harness {
  DialectRegistry registry;
  xla::TargetDescription target;
  xla::CompileOptions options;
  bool compile = true;

  Harness() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    xla::registerCompilerDialects(registry);
    llvm::Expected<xla::TargetDescription> host =
        xla::TargetDescription::host();
    if (!host) {
      llvm::errs() << llvm::toString(host.takeError()) << "\n";
      std::abort();
    }
    target = *host;
    // XLA_FUZZ_TARGET: a --target spec (`cuda`: the GPU pipeline).
    if (const char *spec = std::getenv("XLA_FUZZ_TARGET"); spec && *spec) {
      if (llvm::Error error = target.applyOverrides(spec)) {
        llvm::errs() << "XLA_FUZZ_TARGET: " << llvm::toString(std::move(error))
                     << "\n";
        std::abort();
      }
      options.gpuEmulate = !target.gpu.empty();
    }
    // A mutated program's tensors are small or rejected: the limit keeps a
    // valid program with large constants from spending the input's time
    // budget (and memory) folding them.
    options.maxTensorSize = 64 << 20;
    // Optimizing the LLVM IR is LLVM's code, not the compiler's.
    options.optLevel = 0;
    options.compileThreads = 1;
    // XLA_FUZZ_PARSE_ONLY=1: parse and verify only (faster, for the
    // parsers and verifiers).
    if (const char *parseOnly = std::getenv("XLA_FUZZ_PARSE_ONLY"))
      compile = llvm::StringRef(parseOnly) != "1";
  }

  void runChunk(llvm::StringRef text) {
    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    // Diagnostics are expected; printing them would only slow the fuzzer.
    ScopedDiagnosticHandler quiet(&context,
                                  [](Diagnostic &) { return success(); });
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"),
        llvm::SMLoc());
    OwningOpRef<ModuleOp> module = xla::parseProgram(sourceMgr, &context);
    if (!module || !compile)
      return;
    llvm::Expected<xla::CompiledModule> compiled =
        xla::compileToLLVM(*module, target, options, /*withObject=*/false);
    if (!compiled)
      llvm::consumeError(compiled.takeError());
  }
};

} // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size,
                                   size_t maxSize);

/// Structure-aware mutations, half of the time (libFuzzer's byte-level
/// ones otherwise): a number in the text becomes a value at an edge of an
/// integer type or of memory (dimensions, indices, attribute values), or a
/// whole line is dropped or repeated. Byte flips rarely keep a program
/// parseable; these keep it well-formed text and move it to the values
/// where size arithmetic and range checks break.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::minstd_rand rng(seed);
  if (rng() % 2 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char *>(data), size);
  unsigned kind = rng() % 4;
  if (kind < 2) {
    static const char *const edges[] = {
        "0", "1", "2", "3", "7", "8", "16", "255", "256", "65535", "65536",
        "2147483647", "2147483648", "4294967295", "4294967296",
        "1099511627776", "4611686018427387904", "9223372036854775807",
        "9223372036854775808", "18446744073709551615"};
    std::vector<std::pair<size_t, size_t>> numbers;
    for (size_t i = 0; i < text.size();) {
      size_t j = i;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
        ++j;
      if (j > i)
        numbers.emplace_back(i, j - i);
      i = j > i ? j : i + 1;
    }
    if (numbers.empty())
      return LLVMFuzzerMutate(data, size, maxSize);
    auto [at, length] = numbers[rng() % numbers.size()];
    text.replace(at, length, edges[rng() % std::size(edges)]);
  } else {
    std::vector<size_t> starts{0};
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n' && i + 1 < text.size())
        starts.push_back(i + 1);
    size_t line = rng() % starts.size();
    size_t begin = starts[line];
    size_t end = line + 1 < starts.size() ? starts[line + 1] : text.size();
    std::string content = text.substr(begin, end - begin);
    if (kind == 2)
      text.erase(begin, end - begin);
    else
      text.insert(end, content);
  }
  if (text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Harness *harness = new Harness();
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  constexpr llvm::StringLiteral separator = "// -----";
  while (true) {
    size_t at = input.find(separator);
    harness->runChunk(input.take_front(at));
    if (at == llvm::StringRef::npos)
      break;
    input = input.drop_front(at + separator.size());
  }
  return 0;
}
