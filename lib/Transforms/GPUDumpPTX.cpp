//===- GPUDumpPTX.cpp - each kernel module's PTX, as a file ---------------===//
//
// For --dump-to: the binaries embedded in a program are cubins (or fatbins),
// so the PTX that XLA users find in their dumps is compiled here once more,
// from the same gpu.module and target, as text.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace xla {
#define GEN_PASS_DEF_GPUDUMPPTXPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct GPUDumpPTXPass : xla::impl::GPUDumpPTXPassBase<GPUDumpPTXPass> {
  using Base::Base;

  void runOnOperation() override {
    if (directory.empty())
      return;
    if (std::error_code error = llvm::sys::fs::create_directories(directory)) {
      getOperation()->emitError("cannot create ")
          << directory << ": " << error.message();
      return signalPassFailure();
    }
    SymbolTable symbols(getOperation());
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty())
        continue;
      auto target = dyn_cast<gpu::TargetAttrInterface>(targets[0]);
      if (!target)
        continue;
      gpu::TargetOptions options(
          /*toolkitPath=*/{}, /*librariesToLink=*/{}, /*cmdOptions=*/{},
          /*elfSection=*/{}, gpu::CompilationTarget::Assembly,
          [&]() { return &symbols; });
      std::optional<SmallVector<char, 0>> ptx =
          target.serializeToObject(module, options);
      if (!ptx) {
        module.emitError("could not compile the kernel module to PTX for "
                         "the dump");
        return signalPassFailure();
      }
      llvm::SmallString<256> path(directory);
      llvm::sys::path::append(path, module.getSymName() + ".ptx");
      std::error_code error;
      llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
      if (error) {
        module.emitError("cannot write ") << path << ": " << error.message();
        return signalPassFailure();
      }
      // The text ends with a NUL for the driver; the file does not.
      StringRef text(ptx->data(), ptx->size());
      os << text.rtrim('\0');
    }
  }
};

} // namespace
