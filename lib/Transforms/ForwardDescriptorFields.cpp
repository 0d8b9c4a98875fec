//===- ForwardDescriptorFields.cpp - fields read where they are built -----===//
//
// See Passes.td. The conversion to the LLVM dialect rebuilds a memref's
// descriptor (an insertvalue chain) where the memref is defined and reads
// its fields (extractvalue) where it is used, and nothing folds the two
// afterwards. Inside an `omp.parallel` region that matters: OpenMP's
// outlining captures every value the region uses from outside, so a read
// of the aligned pointer captured the whole descriptor, which the kernel
// stored field by field into a stack slot for each parallel loop and the
// outlined function loaded back.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseSet.h"

namespace xla {
#define GEN_PASS_DEF_FORWARDDESCRIPTORFIELDSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct ForwardDescriptorFieldsPass
    : xla::impl::ForwardDescriptorFieldsPassBase<ForwardDescriptorFieldsPass> {
  void runOnOperation() override {
    SmallVector<LLVM::ExtractValueOp> reads;
    getOperation()->walk(
        [&](LLVM::ExtractValueOp op) { reads.push_back(op); });
    SmallVector<Operation *> containers;
    // An op can be queued more than once (two reads of one descriptor), or
    // be a read that was forwarded itself.
    llvm::DenseSet<Operation *> erased;
    for (LLVM::ExtractValueOp read : reads) {
      Operation *container = read.getContainer().getDefiningOp();
      // The folder follows the insertvalue chain: it returns the inserted
      // value, or moves the read up the chain (or merges it with a read it
      // reads) in place and returns nothing, or fails. Each step moves to
      // an earlier op; the bound only makes a hang impossible.
      SmallVector<OpFoldResult, 1> folded;
      for (int step = 0; folded.empty() && step < 256; ++step)
        if (failed(read->fold(folded)))
          break;
      if (container && read.getContainer().getDefiningOp() != container)
        containers.push_back(container);
      auto value = folded.size() == 1 ? dyn_cast<Value>(folded.front())
                                      : Value();
      if (!value)
        continue;
      if (Operation *last = read.getContainer().getDefiningOp())
        containers.push_back(last);
      read.getResult().replaceAllUsesWith(value);
      erased.insert(read);
      read.erase();
    }
    // Descriptors nobody reads any more, from the last insert back.
    while (!containers.empty()) {
      Operation *op = containers.pop_back_val();
      if (erased.contains(op) ||
          !isa<LLVM::InsertValueOp, LLVM::ExtractValueOp, LLVM::UndefOp,
               LLVM::PoisonOp>(op) ||
          !op->use_empty())
        continue;
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          containers.push_back(def);
      erased.insert(op);
      op->erase();
    }
  }
};

} // namespace
