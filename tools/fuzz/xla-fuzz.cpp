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
// Any diagnostic is a fine outcome; a crash, a sanitizer report, a timeout
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

#include <cstdlib>
#include <memory>

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
        xla::compileToLLVM(*module, target, options);
    if (!compiled)
      llvm::consumeError(compiled.takeError());
  }
};

} // namespace

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
