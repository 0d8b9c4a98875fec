//===- CopySharedResults.cpp - one tensor per function result -------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace xla {
#define GEN_PASS_DEF_DISTINCTRESULTSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct DistinctResultsPass
    : xla::impl::DistinctResultsPassBase<DistinctResultsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 8> seen;
      OpBuilder builder(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Value value = operand.get();
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (!type || seen.insert(value).second)
          continue;
        operand.set(bufferization::AllocTensorOp::create(
            builder, ret.getLoc(), type, ValueRange(), value));
      }
    });
  }
};

} // namespace
