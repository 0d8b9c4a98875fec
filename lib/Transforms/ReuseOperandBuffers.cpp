//===- ReuseOperandBuffers.cpp - results written over dead operands -------===//
//
// XLA's buffer assignment lets an elementwise kernel's output share the
// buffer of an operand that dies at that kernel. Here the same: a call of a
// kernel whose xla.in_place pairs allow its out-param to share an input,
// where the input is a temporary that no later op reads and the out-param
// a fresh one, passes the input's buffer as the out-param. The step of a
// training loop holds one activation-sized buffer less at each such call
// (the backward pass of a GELU feeds its gradient kernel two of them).
//
//===----------------------------------------------------------------------===//

#include "BufferUses.h"

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace xla {
#define GEN_PASS_DEF_REUSEOPERANDBUFFERSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// The allocation of `value` in `block`, if it has a static shape: only
/// then do two allocations of one type hold the same number of bytes.
static memref::AllocOp getStaticAlloc(Value value, Block &block) {
  auto alloc = value.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != &block ||
      !alloc.getType().hasStaticShape())
    return nullptr;
  return alloc;
}

/// Whether `call` may write its operand `out` into the buffer of its
/// operand `in`, both allocated in the call's block: the call is the last
/// op to touch `in` and the first to touch `out`, it sees both buffers
/// whole, and the callee reads each element of `in` before it writes that
/// element of `out`.
static bool mayReuse(func::CallOp call, memref::AllocOp in,
                     memref::AllocOp out, SymbolTableCollection &symbols) {
  if (in == out || in.getType() != out.getType())
    return false;
  Block &block = *call->getBlock();
  xla::BlockUses reads(in, block), writes(out, block);
  if (reads.first(/*last=*/true) != call || !reads.direct.lookup(call) ||
      writes.first() != call || !writes.direct.lookup(call) ||
      !xla::readsBeforeWriting(call, in, out, symbols))
    return false;
  // `in` must dominate what uses `out`, views included.
  return llvm::all_of(out->getUsers(), [&](Operation *user) {
    Operation *op = block.findAncestorOpInBlock(*user);
    return op && in->isBeforeInBlock(op);
  });
}

/// Hands the buffer of a dying input of `call` to each out-param that may
/// take it.
static void reuse(func::CallOp call, SymbolTableCollection &symbols) {
  DenseI64ArrayAttr pairs = xla::getInPlacePairs(call, symbols);
  if (!pairs)
    return;
  Block &block = *call->getBlock();
  int64_t numOperands = call->getNumOperands();
  for (int64_t i = 0; i + 1 < pairs.size(); i += 2) {
    if (pairs[i] < 0 || pairs[i] >= numOperands || pairs[i + 1] < 0 ||
        pairs[i + 1] >= numOperands)
      continue;
    memref::AllocOp in = getStaticAlloc(call->getOperand(pairs[i]), block);
    memref::AllocOp out =
        getStaticAlloc(call->getOperand(pairs[i + 1]), block);
    if (!in || !out || !mayReuse(call, in, out, symbols))
      continue;
    if (out.getAlignment().value_or(0) > in.getAlignment().value_or(0))
      in.setAlignment(out.getAlignment());
    out.replaceAllUsesWith(in.getResult());
    out.erase();
  }
}

namespace {

struct ReuseOperandBuffersPass
    : xla::impl::ReuseOperandBuffersPassBase<ReuseOperandBuffersPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    SmallVector<func::CallOp> calls;
    getOperation().walk([&](func::CallOp call) { calls.push_back(call); });
    for (func::CallOp call : calls)
      reuse(call, symbols);
  }
};

} // namespace
