//===- MarkReadonlyArguments.cpp - inputs belong to the caller ------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace xla {
#define GEN_PASS_DEF_READONLYENTRYARGUMENTSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct ReadOnlyEntryArgumentsPass
    : xla::impl::ReadOnlyEntryArgumentsPassBase<ReadOnlyEntryArgumentsPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<TensorType>(type)) {
          func.setArgAttr(index,
                          bufferization::BufferizationDialect::kWritableAttrName,
                          b.getBoolAttr(false));
          // Bufferization drops the attribute above; later stages (the GPU
          // buffer placement) still need to tell inputs from the out-params
          // it appends.
          func.setArgAttr(index, xla::kInputAttrName, b.getUnitAttr());
        }
    }
  }
};

} // namespace
