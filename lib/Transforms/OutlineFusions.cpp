//===- OutlineFusions.cpp - one function per hlo.fusion -------------------===//
//
// Each hlo.fusion becomes a private function named after it, and a call.
// The function is the unit the rest of the pipeline compiles as one
// kernel: the linalg fusion and tiling passes work inside it, so no later
// pass can fuse across the kernels the HLO fusion decided, and profiles,
// dumps and the fusion report name the same kernels. It is `noinline` so
// that LLVM keeps it.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_HLOOUTLINEFUSIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct HLOOutlineFusionsPass
    : xla::impl::HLOOutlineFusionsPassBase<HLOOutlineFusionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<xla::hlo::FusionOp> fusions;
    module.walk([&](xla::hlo::FusionOp fusion) { fusions.push_back(fusion); });
    for (xla::hlo::FusionOp fusion : fusions) {
      auto parent = fusion->getParentOfType<func::FuncOp>();
      if (!parent) {
        fusion.emitOpError("must be inside a function to be outlined");
        return signalPassFailure();
      }
      OpBuilder builder(parent);
      auto type = builder.getFunctionType(fusion.getInputs().getTypes(),
                                          fusion.getResultTypes());
      auto kernel = func::FuncOp::create(builder, fusion.getLoc(),
                                         fusion.getName(), type);
      kernel.setPrivate();
      kernel->setAttr("xla.fusion_kind",
                      builder.getStringAttr(xla::hlo::stringifyFusionKind(
                          fusion.getKind())));
      kernel->setAttr("passthrough",
                      builder.getArrayAttr({builder.getStringAttr("noinline")}));
      // Renames on a clash with an existing symbol.
      symbols.insert(kernel);
      kernel.getBody().takeBody(fusion.getBody());
      auto terminator =
          cast<xla::hlo::ReturnOp>(kernel.getBody().front().getTerminator());
      builder.setInsertionPoint(terminator);
      func::ReturnOp::create(builder, terminator.getLoc(),
                             terminator.getOperands());
      terminator.erase();

      builder.setInsertionPoint(fusion);
      auto call = func::CallOp::create(builder, fusion.getLoc(), kernel,
                                       fusion.getInputs());
      fusion.replaceAllUsesWith(call.getResults());
      fusion.erase();
    }
  }
};

} // namespace
