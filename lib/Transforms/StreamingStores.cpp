//===- StreamingStores.cpp - non-temporal stores of large outputs ---------===//
//
// See Passes.td. Mechanism only: which outputs to stream is decided by
// xla-plan-streaming-stores (PlanStreamingStores.cpp).
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SetVector.h"

namespace xla {
#define GEN_PASS_DEF_STREAMINGSTORESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// x86 writes a cache line of 64 bytes; a streaming store of less than a
/// line leaves a partly filled write-combining buffer, which costs more
/// than the read it saves.
constexpr int64_t kLineBytes = 64;

/// Whether every use of `buffer`, through its views, stores into it. A
/// read, a copy out of it, a call or anything else unknown makes it a
/// buffer the function reads, whose lines it had better keep in the cache.
bool isOnlyWritten(Value buffer) {
  return llvm::all_of(xla::usesThroughViews(buffer), xla::isStore);
}

/// Lines a loop of writes of less than a line must span at least when it
/// does not span whole lines.
constexpr int64_t kSweepLines = 8;

/// Whether `write`, of less than a line, is one of a loop's writes that
/// sweep a row: its innermost index is the induction variable of the loop
/// around it, which steps by the vector and spans whole lines or at least
/// kSweepLines. Its stores then fill each line one after the other (the
/// 32-byte vectors of AVX2, two to a line), and a write-combining buffer
/// is left partly filled at the ends of the row at most.
bool sweepsLines(vector::TransferWriteOp write, int64_t bytes) {
  auto loop = dyn_cast<scf::ForOp>(write->getParentOp());
  if (!loop || write.getIndices().empty() ||
      write.getIndices().back() != loop.getInductionVar())
    return false;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  int64_t lanes = write.getVectorType().getNumElements();
  if (!lower || !upper || !step || *step != lanes ||
      (*upper - *lower) % lanes != 0)
    return false;
  int64_t span = (*upper - *lower) / lanes * bytes;
  return span % kLineBytes == 0 || span >= kSweepLines * kLineBytes;
}

/// A write this pass can turn into a streaming store: a contiguous piece
/// of a row, no mask, no out-of-bounds lanes, of whole lines or of a loop
/// that writes whole lines. Returns the store's alignment (its size, up to
/// a line), or nullopt.
std::optional<int64_t> lineWriteAlignment(vector::TransferWriteOp write) {
  if (!xla::isContiguousTransfer(write))
    return std::nullopt;
  VectorType type = write.getVectorType();
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  if (bytes % kLineBytes == 0)
    return kLineBytes;
  // 16 bytes at least: SSE's streaming stores.
  if (bytes >= 16 && kLineBytes % bytes == 0 && sweepsLines(write, bytes))
    return bytes;
  return std::nullopt;
}

/// Whether `root` is an argument of `function` that the strategy
/// (xla-plan-streaming-stores) marked.
bool isMarkedArgument(func::FuncOp function, Value root) {
  auto argument = dyn_cast<BlockArgument>(root);
  return argument && argument.getOwner() == &function.getBody().front() &&
         function.getArgAttr(argument.getArgNumber(),
                             xla::kStreamingStoreAttrName);
}

/// `write`'s first byte is at a multiple of `alignment`: the aligned
/// pointer plus (offset + sum of index x stride) elements.
Value isAligned(OpBuilder &b, vector::TransferWriteOp write,
                int64_t alignment) {
  Location loc = write.getLoc();
  Value base = write.getBase();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, base);
  Value linear = metadata.getOffset();
  for (auto [index, stride] :
       llvm::zip(write.getIndices(), metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  int64_t elementBytes =
      write.getVectorType().getElementTypeBitWidth() / 8;
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, base);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(
          b, loc, linear,
          arith::ConstantIndexOp::create(b, loc, elementBytes)));
  Value misalignment = arith::AndIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, alignment - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

/// scf.if aligned { streaming vector.store } else { `write` as it was }.
void streamWrite(vector::TransferWriteOp write, int64_t alignment) {
  OpBuilder b(write);
  Value aligned = isAligned(b, write, alignment);
  auto branch = scf::IfOp::create(b, write.getLoc(), aligned,
                                  /*withElseRegion=*/true);
  b.setInsertionPointToStart(branch.thenBlock());
  vector::StoreOp::create(b, write.getLoc(), write.getVector(),
                          write.getBase(), write.getIndices(),
                          /*nontemporal=*/true, llvm::Align(alignment));
  write->moveBefore(branch.elseBlock()->getTerminator());
}

/// The op after which the stores of `op`'s loop nest are complete in one
/// thread: its outermost ancestor inside sequential control flow only
/// (below a parallel loop, an OpenMP loop or the function).
Operation *threadNestOf(Operation *op) {
  while (isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp>(op->getParentOp()))
    op = op->getParentOp();
  return op;
}

struct StreamingStoresPass
    : xla::impl::StreamingStoresPassBase<StreamingStoresPass> {

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal())
      return;
    DenseMap<Value, bool> streamable;
    SmallVector<std::pair<vector::TransferWriteOp, int64_t>> writes;
    function.walk([&](vector::TransferWriteOp write) {
      std::optional<int64_t> alignment = lineWriteAlignment(write);
      if (!alignment)
        return;
      Value root = memref::skipViewLikeOps(cast<MemrefValue>(write.getBase()));
      auto [it, inserted] = streamable.try_emplace(root, false);
      if (inserted)
        it->second = isMarkedArgument(function, root) && isOnlyWritten(root);
      if (it->second)
        writes.push_back({write, *alignment});
    });
    llvm::SetVector<Operation *> nests;
    for (auto [write, alignment] : writes) {
      nests.insert(threadNestOf(write));
      streamWrite(write, alignment);
    }
    // Streaming stores are weakly ordered: without a fence, the release of
    // the parallel loop's barrier could become visible before them.
    for (Operation *nest : nests) {
      OpBuilder b(nest->getContext());
      b.setInsertionPointAfter(nest);
      LLVM::CallIntrinsicOp::create(b, nest->getLoc(),
                                    b.getStringAttr("llvm.x86.sse.sfence"),
                                    ValueRange());
    }
    for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
      function.removeArgAttr(i, xla::kStreamingStoreAttrName);
  }
};

} // namespace
