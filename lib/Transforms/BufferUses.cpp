//===- BufferUses.cpp - who reads and writes a buffer in a block ----------===//

#include "BufferUses.h"

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

void xla::BlockUses::collect(Value value, Block &block, bool isBuffer) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    // Views (subview, cast, reshapes) and queries (dim) touch no memory:
    // follow the buffer through them.
    if (isMemoryEffectFree(user)) {
      for (Value result : user->getResults())
        collect(result, block, false);
      continue;
    }
    Operation *op = block.findAncestorOpInBlock(*user);
    bool plain = isBuffer && op == user;
    auto [it, inserted] = direct.try_emplace(op, plain);
    if (!inserted)
      it->second &= plain;
  }
}

Operation *xla::BlockUses::first(bool last) const {
  Operation *found = nullptr;
  for (auto [op, _] : direct)
    if (!found ||
        (last ? found->isBeforeInBlock(op) : op->isBeforeInBlock(found)))
      found = op;
  return found;
}

DenseI64ArrayAttr xla::getInPlacePairs(Operation *op,
                                       SymbolTableCollection &symbols) {
  auto call = dyn_cast<func::CallOp>(op);
  auto callee = call ? symbols.lookupNearestSymbolFrom<func::FuncOp>(
                           call, call.getCalleeAttr())
                     : func::FuncOp();
  return callee ? callee->getAttrOfType<DenseI64ArrayAttr>(
                      xla::kInPlaceAttrName)
                : DenseI64ArrayAttr();
}

bool xla::readsBeforeWriting(Operation *op, Value input, Value output,
                             SymbolTableCollection &symbols) {
  DenseI64ArrayAttr pairs = getInPlacePairs(op, symbols);
  if (!pairs)
    return false;
  auto allowed = [&](int64_t in, int64_t out) {
    for (int64_t i = 0; i + 1 < pairs.size(); i += 2)
      if (pairs[i] == in && pairs[i + 1] == out)
        return true;
    return false;
  };
  // Every position that passes the input must be allowed to share every
  // position that passes the output.
  for (OpOperand &in : op->getOpOperands()) {
    if (in.get() != input)
      continue;
    for (OpOperand &out : op->getOpOperands())
      if (out.get() == output &&
          !allowed(in.getOperandNumber(), out.getOperandNumber()))
        return false;
  }
  return true;
}
