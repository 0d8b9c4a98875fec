//===- MemoryAccess.cpp - how kernels touch their buffers -----------------===//
//
// See MemoryAccess.h.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

SmallVector<OpOperand *> xla::usesThroughViews(Value buffer) {
  SmallVector<OpOperand *> uses;
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    Value value = work.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      auto view = dyn_cast<ViewLikeOpInterface>(use.getOwner());
      if (!view || view.getViewSource() != value) {
        uses.push_back(&use);
        continue;
      }
      // extract_strided_metadata's sizes and strides are no view.
      for (Value result : view->getResults())
        if (isa<BaseMemRefType>(result.getType()))
          work.push_back(result);
    }
  }
  return uses;
}

bool xla::isStore(OpOperand *use) {
  Operation *user = use->getOwner();
  if (auto write = dyn_cast<vector::TransferWriteOp>(user))
    return use == &write.getBaseMutable();
  if (auto store = dyn_cast<vector::StoreOp>(user))
    return use == &store.getBaseMutable();
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return use == &store.getMemrefMutable();
  if (auto copy = dyn_cast<memref::CopyOp>(user))
    return use == &copy.getTargetMutable();
  return false;
}

bool xla::isContiguousTransfer(VectorTransferOpInterface transfer) {
  VectorType type = transfer.getVectorType();
  auto memref = dyn_cast<MemRefType>(transfer.getBase().getType());
  return memref && !transfer.getMask() && type.getRank() == 1 &&
         !type.isScalable() && type.getElementType().isIntOrFloat() &&
         type.getElementTypeBitWidth() % 8 == 0 &&
         !transfer.hasOutOfBoundsDim() &&
         transfer.getPermutationMap().isMinorIdentity() &&
         memref.isLastDimUnitStride();
}
