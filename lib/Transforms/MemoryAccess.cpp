//===- MemoryAccess.cpp - how kernels touch their buffers -----------------===//
//
// See MemoryAccess.h.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

bool xla::NextIteration::dependsOnIV(Value value) {
  if (value == iv)
    return true;
  if (!body.isAncestor(value.getParentRegion()))
    return false;
  auto [it, inserted] = depends.try_emplace(value, true);
  if (!inserted)
    return it->second;
  bool result = true;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    auto inner = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
    if (inner && argument == inner.getInductionVar())
      result = dependsOnIV(inner.getLowerBound()) ||
               dependsOnIV(inner.getUpperBound()) ||
               dependsOnIV(inner.getStep());
  } else {
    Operation *op = value.getDefiningOp();
    result = op->getNumRegions() != 0 ||
             llvm::any_of(op->getOperands(),
                          [&](Value v) { return dependsOnIV(v); });
  }
  depends[value] = result;
  return result;
}

Value xla::NextIteration::at(OpBuilder &b, Value value, IRMapping &cloned) {
  if (!dependsOnIV(value))
    return value;
  if (value == iv) {
    if (!next) {
      OpBuilder start = OpBuilder::atBlockBegin(&body.front());
      Location loc = iv.getLoc();
      next = arith::MinSIOp::create(
          start, loc, arith::AddIOp::create(start, loc, iv, step),
          arith::ConstantIndexOp::create(start, loc, last));
    }
    return next;
  }
  if (Value done = cloned.lookupOrNull(value))
    return done;
  Operation *op = value.getDefiningOp();
  if (!op || !isPure(op) || op->getNumRegions() != 0)
    return nullptr;
  for (Value operand : op->getOperands()) {
    Value later = at(b, operand, cloned);
    if (!later)
      return nullptr;
    cloned.map(operand, later);
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(op);
  Operation *copy = b.clone(*op, cloned);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}
