//===- GPUAlignSharedMemory.cpp - 16-byte alignment of shared buffers -----===//
//
// The tiled contraction reads its shared tiles with 16-byte vector loads
// (ld.shared.v4) that claim 16-byte alignment. The lowering of workgroup
// attributions gives their globals no alignment beyond the element's
// unless the attribution carries `llvm.align`, so ptxas may place a buffer
// at any 4-byte offset and such a load would fault.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace xla {
#define GEN_PASS_DEF_GPUALIGNSHAREDMEMORYPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct GPUAlignSharedMemoryPass
    : xla::impl::GPUAlignSharedMemoryPassBase<GPUAlignSharedMemoryPass> {
  void runOnOperation() override {
    // The widest access NVPTX has: 4 x 32 bits.
    constexpr int64_t kAlignment = 16;
    StringRef name = LLVM::LLVMDialect::getAlignAttrName();
    Builder b(&getContext());
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      for (unsigned i = 0, e = func.getNumWorkgroupAttributions(); i < e; ++i) {
        auto old = dyn_cast_or_null<IntegerAttr>(
            func.getWorkgroupAttributionAttr(i, name));
        if (!old || old.getInt() < kAlignment)
          func.setWorkgroupAttributionAttr(i, name,
                                           b.getI64IntegerAttr(kAlignment));
      }
    });
  }
};

} // namespace
