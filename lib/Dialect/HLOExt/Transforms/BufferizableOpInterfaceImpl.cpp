//===- BufferizableOpInterfaceImpl.cpp - hloext bufferization -------------===//
//
// The analysis side (inits are read and written and alias their results,
// inputs are only read) is upstream's model for destination-style ops;
// bufferize() re-creates the op on the buffers of its operands.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLOExt/Transforms/BufferizableOpInterfaceImpl.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace xla::hloext {
namespace {

template <typename OpTy>
struct StructuredOpInterface
    : DstBufferizableOpInterfaceExternalModel<StructuredOpInterface<OpTy>,
                                              OpTy> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dpsOp = cast<DestinationStyleOpInterface>(op);
    if (dpsOp.hasPureBufferSemantics())
      return success();
    if (!dpsOp.hasPureTensorSemantics())
      return op->emitOpError("mixes tensor and buffer operands");
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    SmallVector<Value> buffers;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      buffers.push_back(*buffer);
    }
    // The region only works on scalars and is copied as it is.
    Operation *newOp = mlir::clone(rewriter, op, TypeRange{}, buffers);
    // The results are the (in-place updated) init buffers.
    SmallVector<Value> results;
    for (OpOperand &init : dpsOp.getDpsInitsMutable())
      results.push_back(newOp->getOperand(init.getOperandNumber()));
    replaceOpWithBufferizedValues(rewriter, op, results);
    return success();
  }
};

} // namespace

void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, HLOExtDialect *) {
    FftOp::attachInterface<StructuredOpInterface<FftOp>>(*context);
    ScatterOp::attachInterface<StructuredOpInterface<ScatterOp>>(*context);
    SelectAndScatterOp::attachInterface<
        StructuredOpInterface<SelectAndScatterOp>>(*context);
    SortOp::attachInterface<StructuredOpInterface<SortOp>>(*context);
  });
}

} // namespace xla::hloext
