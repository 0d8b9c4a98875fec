//===- GPUDedupeKernels.cpp - one module per distinct kernel --------------===//
//
// A fusion function called at every layer of a model is one function with
// one set of kernels until horizontal fusion inlines its calls into the
// host code (to merge launches across them): then each call has a copy of
// each kernel (`fusion_3_0`, `fusion_3_0_call1`, ...), and every copy went
// through the NVVM lowering, LLVM's NVPTX back end and ptxas again, which
// are most of a GPU compile. Modules that are the same but for their names
// are one now: the copies' launches use the first. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

namespace xla {
#define GEN_PASS_DEF_GPUDEDUPEKERNELSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// `module` printed with its own name and its functions' names replaced by
/// placeholders (in order): equal texts are the same kernels. A reference
/// to one of the old names inside the module would still differ, so such
/// modules are never taken for one another.
std::string canonicalText(gpu::GPUModuleOp module) {
  OpBuilder b(module.getContext());
  auto copy = cast<gpu::GPUModuleOp>(b.clone(*module));
  copy.setSymName("m");
  unsigned index = 0;
  for (auto func : copy.getOps<gpu::GPUFuncOp>())
    func.setName(("k" + Twine(index++)).str());
  std::string text;
  llvm::raw_string_ostream os(text);
  // Everything printed, whatever the command line's printing options say:
  // an elided constant or region would make different modules match.
  OpPrintingFlags flags;
  flags.elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
      .enableDebugInfo(false)
      .printGenericOpForm()
      .skipRegions(false)
      .assumeVerified();
  copy->print(os, flags);
  copy->erase();
  return text;
}

struct GPUDedupeKernelsPass
    : xla::impl::GPUDedupeKernelsPassBase<GPUDedupeKernelsPass> {
  void runOnOperation() override {
    ModuleOp top = getOperation();
    llvm::StringMap<gpu::GPUModuleOp> firstOf;
    SmallVector<gpu::GPUModuleOp> copies;
    // A copy's kernel -> the first module's kernel at the same position.
    DenseMap<SymbolRefAttr, SymbolRefAttr> kernelOf;
    for (auto module : top.getOps<gpu::GPUModuleOp>()) {
      auto [it, inserted] = firstOf.try_emplace(canonicalText(module), module);
      if (inserted)
        continue;
      copies.push_back(module);
      for (auto [copy, first] :
           llvm::zip_equal(module.getOps<gpu::GPUFuncOp>(),
                           it->second.getOps<gpu::GPUFuncOp>()))
        kernelOf[SymbolRefAttr::get(
            module.getSymNameAttr(),
            {FlatSymbolRefAttr::get(copy.getNameAttr())})] =
            SymbolRefAttr::get(it->second.getSymNameAttr(),
                               {FlatSymbolRefAttr::get(first.getNameAttr())});
    }
    top.walk([&](gpu::LaunchFuncOp launch) {
      if (SymbolRefAttr first = kernelOf.lookup(launch.getKernelAttr()))
        launch.setKernelAttr(first);
    });
    // A copy some launch still names (a kernel not among its functions)
    // stays.
    for (gpu::GPUModuleOp copy : copies)
      if (SymbolTable::symbolKnownUseEmpty(copy, top))
        copy->erase();
  }
};

} // namespace
