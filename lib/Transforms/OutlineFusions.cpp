//===- OutlineFusions.cpp - one function per hlo.fusion -------------------===//
//
// Each hlo.fusion becomes a private function named after it, and a call.
// The function is the unit the rest of the pipeline compiles as one
// kernel: the linalg fusion and tiling passes work inside it, so no later
// pass can fuse across the kernels the HLO fusion decided, and profiles,
// dumps and the fusion report name the same kernels. It is `noinline` so
// that LLVM keeps it.
//
// Fusions that compute the same thing (the layers of a transformer, the
// blocks of a ResNet) share one function: every later stage, LLVM's
// optimizer and code generation included, costs time per kernel, and a
// training step repeats each layer's kernels once per layer. XLA:GPU's
// kernel reuse does the same.
//
//===----------------------------------------------------------------------===//

#include "OpsHash.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_HLOOUTLINEFUSIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Equal for fusions that may share a kernel: kind, types and every op of
/// the body, locations aside.
llvm::hash_code hashFusion(xla::hlo::FusionOp fusion) {
  return xla::hashRegionOps(
      fusion.getBody(),
      llvm::hash_combine(fusion.getKind(), fusion.getInputs().getTypes(),
                         fusion.getResultTypes()));
}

/// Whether `fusion` and `other` compute the same results from the same
/// operands. Locations do not count: no op of a fusion reports its own
/// (run-time checks stay outside fusions, and the verifier keeps ops with
/// side effects out), so a shared kernel behaves alike at every call.
bool computeTheSame(xla::hlo::FusionOp fusion, xla::hlo::FusionOp other) {
  if (fusion.getKind() != other.getKind() ||
      fusion.getInputs().getTypes() != other.getInputs().getTypes() ||
      fusion.getResultTypes() != other.getResultTypes())
    return false;
  return OperationEquivalence::isRegionEquivalentTo(
      &fusion.getBody(), &other.getBody(),
      OperationEquivalence::IgnoreLocations);
}

struct HLOOutlineFusionsPass
    : xla::impl::HLOOutlineFusionsPassBase<HLOOutlineFusionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<xla::hlo::FusionOp> fusions;
    module.walk([&](xla::hlo::FusionOp fusion) { fusions.push_back(fusion); });
    // The fusions already outlined, by hash, with their functions; a
    // fusion's body moves into its function, so a clone of it (detached)
    // stays here to compare with.
    llvm::DenseMap<llvm::hash_code,
                   SmallVector<std::pair<xla::hlo::FusionOp, func::FuncOp>>>
        outlined;
    for (xla::hlo::FusionOp fusion : fusions) {
      auto parent = fusion->getParentOfType<func::FuncOp>();
      if (!parent) {
        fusion.emitOpError("must be inside a function to be outlined");
        return signalPassFailure();
      }
      func::FuncOp kernel;
      llvm::hash_code hash = share ? hashFusion(fusion) : llvm::hash_code();
      if (share)
        for (auto [prototype, function] : outlined.lookup(hash))
          if (computeTheSame(fusion, prototype)) {
            kernel = function;
            break;
          }
      if (kernel) {
        addFusionName(kernel, fusion.getName());
      } else {
        auto prototype =
            share ? cast<xla::hlo::FusionOp>(fusion->clone()) : nullptr;
        kernel = outline(fusion, parent, symbols);
        if (share)
          outlined[hash].push_back({prototype, kernel});
      }
      OpBuilder builder(fusion);
      auto call = func::CallOp::create(builder, fusion.getLoc(), kernel,
                                       fusion.getInputs());
      fusion.replaceAllUsesWith(call.getResults());
      fusion.erase();
    }
    for (auto &entry : outlined)
      for (auto [prototype, function] : entry.second)
        prototype->destroy();
  }

  /// Lists `name` in the kernel's xla.fusions, the fusions it computes
  /// (shown in dumps; profiles name the kernel).
  static void addFusionName(func::FuncOp kernel, StringRef name) {
    Builder builder(kernel.getContext());
    SmallVector<Attribute> names;
    if (auto list = kernel->getAttrOfType<ArrayAttr>("xla.fusions"))
      llvm::append_range(names, list);
    else
      names.push_back(kernel.getSymNameAttr());
    names.push_back(builder.getStringAttr(name));
    kernel->setAttr("xla.fusions", builder.getArrayAttr(names));
  }

  static func::FuncOp outline(xla::hlo::FusionOp fusion, func::FuncOp parent,
                              SymbolTable &symbols) {
    OpBuilder builder(parent);
    auto type = builder.getFunctionType(fusion.getInputs().getTypes(),
                                        fusion.getResultTypes());
    auto kernel = func::FuncOp::create(builder, fusion.getLoc(),
                                       fusion.getName(), type);
    kernel.setPrivate();
    kernel->setAttr("xla.fusion_kind",
                    builder.getStringAttr(
                        xla::hlo::stringifyFusionKind(fusion.getKind())));
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
    return kernel;
  }
};

} // namespace
