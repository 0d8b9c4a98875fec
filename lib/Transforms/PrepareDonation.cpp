//===- PrepareDonation.cpp - aliased results that may share a buffer ------===//
//
// A caller that donates an input passes its buffer as the out-param of the
// result aliased with it (Runtime/Signature.h, `alias ... in-place`), so a
// training step updates its weights without a second copy of them. The
// entry must compute the same values whether the two buffers are one or
// not; this pass makes sure of it, on the entry's ops after bufferization
// (see Passes.td). The usual case needs no change: the update kernel is the
// last reader of the parameter and writes the new value element by
// element. Anything else writes a buffer of its own, copied at the end.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace xla {
#define GEN_PASS_DEF_PREPAREDONATIONPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// The ops of `block` that use `buffer`, directly or through views, each
/// with whether it only ever sees `buffer` itself (not a view of it).
struct BlockUses {
  llvm::MapVector<Operation *, bool> direct;

  BlockUses(Value buffer, Block &block) { collect(buffer, block, true); }

  void collect(Value value, Block &block, bool isBuffer) {
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

  /// The first (or last) op in block order; null without uses.
  Operation *first(bool last = false) const {
    Operation *found = nullptr;
    for (auto [op, _] : direct)
      if (!found || (last ? found->isBeforeInBlock(op)
                          : op->isBeforeInBlock(found)))
        found = op;
    return found;
  }
};

/// True if `op`, which reads `input` and writes `output` (both passed
/// directly), reads each element of `input` before it writes that element
/// of `output`: a call of a kernel whose xla.in_place pairs say so.
bool readsBeforeWriting(Operation *op, Value input, Value output,
                        SymbolTableCollection &symbols) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call)
    return false;
  auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  auto pairs = callee ? callee->getAttrOfType<DenseI64ArrayAttr>(
                            xla::kInPlaceAttrName)
                      : DenseI64ArrayAttr();
  if (!pairs)
    return false;
  auto allowed = [&](int64_t in, int64_t out) {
    for (size_t i = 0; i + 1 < pairs.size(); i += 2)
      if (pairs[i] == in && pairs[i + 1] == out)
        return true;
    return false;
  };
  // Every position that passes the input must be allowed to share every
  // position that passes the output.
  for (OpOperand &in : call->getOpOperands()) {
    if (in.get() != input)
      continue;
    for (OpOperand &out : call->getOpOperands())
      if (out.get() == output &&
          !allowed(in.getOperandNumber(), out.getOperandNumber()))
        return false;
  }
  return true;
}

/// True if `function` computes the same results when `input` and `output`
/// are one buffer.
bool mayShare(BlockArgument input, BlockArgument output,
              SymbolTableCollection &symbols) {
  Block &block = *input.getOwner();
  BlockUses reads(input, block), writes(output, block);
  // A copy of the input itself into the output changes nothing when the
  // two are one.
  writes.direct.remove_if([&](const auto &entry) {
    auto copy = dyn_cast<memref::CopyOp>(entry.first);
    return copy && copy.getSource() == input && copy.getTarget() == output;
  });
  Operation *lastRead = reads.first(/*last=*/true);
  Operation *firstWrite = writes.first();
  if (!lastRead || !firstWrite || lastRead->isBeforeInBlock(firstWrite))
    return true;
  // One op both reads the input last and writes the output first.
  return lastRead == firstWrite && reads.direct.lookup(lastRead) &&
         writes.direct.lookup(firstWrite) &&
         readsBeforeWriting(lastRead, input, output, symbols);
}

struct PrepareDonationPass
    : xla::impl::PrepareDonationPassBase<PrepareDonationPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      if (failed(prepare(func, symbols)))
        return signalPassFailure();
    }
  }

  LogicalResult prepare(func::FuncOp func, SymbolTableCollection &symbols) {
    Block &entry = func.getBody().front();
    // Out-params follow the inputs, one per result.
    unsigned numInputs = 0;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      numInputs += func.getArgAttr(i, xla::kInputAttrName) != nullptr;
    for (unsigned i = 0; i < numInputs; ++i) {
      auto result =
          func.getArgAttrOfType<IntegerAttr>(i, xla::kAliasedResultAttrName);
      if (!result)
        continue;
      int64_t outIndex = numInputs + result.getInt();
      if (result.getInt() < 0 || outIndex >= func.getNumArguments() ||
          func.getArgument(outIndex).getType() !=
              func.getArgument(i).getType())
        return func.emitOpError("argument ")
               << i << ": " << xla::kAliasedResultAttrName << " = "
               << result.getInt()
               << " names no out-param of the argument's type";
      BlockArgument input = func.getArgument(i);
      BlockArgument output = func.getArgument(outIndex);
      if (mayShare(input, output, symbols))
        continue;
      // Compute into a buffer of its own, copied into the out-param after
      // the last use of the input (the terminator comes after all of them).

      auto type = cast<MemRefType>(output.getType());
      OpBuilder builder(&entry, entry.begin());
      Value own = memref::AllocOp::create(builder, func.getLoc(), type);
      output.replaceAllUsesWith(own);
      builder.setInsertionPoint(entry.getTerminator());
      memref::CopyOp::create(builder, func.getLoc(), own, output);
    }
    return success();
  }
};

} // namespace
