//===- PlaceConstantGlobals.cpp - constant globals in program order -------===//
//
// See Passes.td: bufferization names the globals of tensor constants in the
// order it visits functions, which is not deterministic; creating them here
// first, in program order, fixes the names and the order.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_PLACECONSTANTGLOBALSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct PlaceConstantGlobalsPass
    : xla::impl::PlaceConstantGlobalsPassBase<PlaceConstantGlobalsPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    // The alignment One-Shot Bufferize asks for (its default, which the
    // pipeline keeps): a global of another alignment would not be reused.
    uint64_t alignment = bufferization::BufferizationOptions().bufferAlignment;
    WalkResult result = getOperation().walk([&](arith::ConstantOp constant) {
      if (!isa<RankedTensorType>(constant.getType()))
        return WalkResult::advance();
      if (failed(bufferization::getGlobalFor(constant, symbols, alignment))) {
        constant.emitOpError("cannot be placed in a global");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
