//===- GPUAnnotateKernels.cpp - strategy attributes on outlined kernels ---===//
//
// The kernel generators run on gpu.launch, whose attributes outlining does
// not carry to the gpu.func it makes; what they want of the outlined
// kernel travels in a module attribute keyed by kernel name. See
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace xla {
#define GEN_PASS_DEF_GPUANNOTATEKERNELSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct GPUAnnotateKernelsPass
    : xla::impl::GPUAnnotateKernelsPassBase<GPUAnnotateKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto wanted = module->getAttrOfType<DictionaryAttr>(
        xla::gpu_kernels::kKernelMinBlocks);
    if (!wanted)
      return;
    module->removeAttr(xla::gpu_kernels::kKernelMinBlocks);
    module.walk([&](gpu::GPUFuncOp kernel) {
      if (auto blocks = wanted.getAs<IntegerAttr>(kernel.getName()))
        kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), blocks);
    });
  }
};

} // namespace
