//===- MemoryAccess.h - how kernels touch their buffers ---------*- C++ -*-===//
//
// Shared by the strategies and mechanisms of streaming stores
// (PlanStreamingStores.cpp, StreamingStores.cpp) and next-block prefetch
// (PlanBlockPrefetch.cpp, PrefetchNextBlock.cpp), so that a strategy marks
// exactly what its mechanism rewrites, and by the prefetches of a packed
// product's next lhs strip (PrefetchLhsStrips.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H
#define XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/ADT/SmallVector.h"

namespace xla {

/// The uses of `buffer` and of its views (subviews, reshapes, casts), the
/// views themselves excepted.
llvm::SmallVector<mlir::OpOperand *> usesThroughViews(mlir::Value buffer);

/// Whether `use` stores into its buffer: a vector write or store, a scalar
/// store, or the target of a copy.
bool isStore(mlir::OpOperand *use);

/// A 1-D vector read or write of ints or floats along the contiguous last
/// dimension of a memref, in bounds and without a mask: the lines it
/// touches follow from its indices.
bool isContiguousTransfer(mlir::VectorTransferOpInterface transfer);

/// Values of one iteration of a loop as its next iteration computes them:
/// the induction variable `iv` of the loop whose body is `body` becomes
/// `min(iv + step, last)`, so that the last iteration computes its own
/// values instead of values past its buffers, and the ops in between are
/// cloned. That next value is made at the start of the body the first
/// time `at` needs it (nothing is left behind when nothing needs it);
/// `step` may be null where only `dependsOnIV` is asked.
class NextIteration {
public:
  NextIteration(mlir::Region &body, mlir::Value iv, mlir::Value step = {},
                int64_t last = 0)
      : body(body), iv(iv), step(step), last(last) {}

  /// Whether `value` changes from one iteration of the loop to the next.
  /// Block arguments other than the induction variables of `scf.for`s
  /// (loop-carried values) and ops with regions count as changing.
  bool dependsOnIV(mlir::Value value);

  /// `value` one iteration later; null when an op on the way is not pure.
  /// Each clone goes right after its original, where its operands' clones
  /// already are: out of the inner loops the original is out of.
  mlir::Value at(mlir::OpBuilder &b, mlir::Value value,
                 mlir::IRMapping &cloned);

private:
  mlir::Region &body;
  mlir::Value iv, step;
  int64_t last;
  mlir::Value next;
  llvm::DenseMap<mlir::Value, bool> depends;
};

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H
