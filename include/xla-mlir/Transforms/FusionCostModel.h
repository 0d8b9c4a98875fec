//===- FusionCostModel.h - what a kernel of hlo ops costs ---------*- C++ -*-===//
//
// The estimates every fusion decision is made from. A kernel is a set of hlo
// ops of one block; it reads each value it uses but does not define once,
// writes each value it defines that is used outside it, computes each of
// its ops as often as its users inside the kernel read every element (an
// `exp` feeding a dot's operand is recomputed for every column of the
// other operand), and costs a fixed overhead. The time is the larger of
// memory and arithmetic time at the target description's bandwidth and peak
// rate, plus the overhead. There are no lists of op pairs: what fuses
// follows from these numbers alone.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TRANSFORMS_FUSIONCOSTMODEL_H
#define XLA_MLIR_TRANSFORMS_FUSIONCOSTMODEL_H

#include "xla-mlir/Target/TargetDescription.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace xla {

/// The estimate of one kernel.
struct KernelCost {
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;
  /// Arithmetic, in flops: a multiply-add of a contraction is 2.
  double flops = 0;
  /// Transcendental function evaluations (exp, log, tanh, sin, erf, ...).
  double transcendentals = 0;
  /// Estimated run time in seconds, overhead included.
  double seconds = 0;
};

/// The work of computing every result element of one op once.
struct OpWork {
  /// Multiply-adds of a contraction (dot_general, convolution), as flops.
  double contractionFlops = 0;
  /// Other arithmetic (elementwise ops, reduction steps), as flops.
  double flops = 0;
  double transcendentals = 0;
  /// Evaluations of functions that run as scalar libm calls (tanh, erf,
  /// expm1, ...): far slower than a vectorized exp.
  double libmCalls = 0;
};

class FusionCostModel {
public:
  explicit FusionCostModel(const TargetDescription &target) : target(target) {}

  /// What estimate() needs of an op, which depends on the op's kind and
  /// types and on its operands' producers only.
  struct OpFacts {
    OpWork work;
    bool movesData = false;
    /// Per result: its elements and bytes.
    llvm::SmallVector<double, 2> resultElements;
    llvm::SmallVector<int64_t, 2> resultBytes;
    /// Per operand: getReads(), the bytes the op reads of it (a slice
    /// only its result's), the bytes of the whole value, and whether it
    /// is free (isFreeValue).
    llvm::SmallVector<double, 4> reads;
    llvm::SmallVector<int64_t, 4> readBytes;
    llvm::SmallVector<int64_t, 4> valueBytes;
    llvm::SmallVector<bool, 4> free;
  };
  static OpFacts getFacts(mlir::Operation *op);

  /// The facts of every op of a block, for estimating many kernels of it
  /// (fusion planning estimates tens of thousands); valid while the block's
  /// ops and their operands stay as they are.
  class FactTable {
  public:
    explicit FactTable(mlir::Block &block);
    const OpFacts &lookup(mlir::Operation *op) const {
      return facts.find(op)->second;
    }

  private:
    llvm::DenseMap<mlir::Operation *, OpFacts> facts;
  };

  /// Estimates a kernel made of `ops`, all in one block. A result is
  /// written if a use outside `ops` reads it from memory, which
  /// `readsMemory` decides (by default every such use does; a user that
  /// computes its own copy of the producer does not). With `table`, the
  /// facts of the block's ops come from it.
  KernelCost estimate(
      llvm::ArrayRef<mlir::Operation *> ops,
      llvm::function_ref<bool(mlir::OpOperand &)> readsMemory = nullptr,
      const FactTable *table = nullptr) const;

  /// The work of `op` (an hlo op) computing each result element once.
  static OpWork getWork(mlir::Operation *op);

  /// How many elements of operand `index` `op` reads when it computes each
  /// result element once: the result size for elementwise and broadcast
  /// ops, the multiply-adds for a contraction, the operand size for a
  /// reduce or concatenate input.
  static double getReads(mlir::Operation *op, unsigned index);

  /// Bytes of a statically shaped tensor or buffer (0 for others).
  static int64_t getBytes(mlir::Value value);

  /// True for values a kernel recomputes for free instead of reading:
  /// splat constants, which every kernel that uses them clones.
  static bool isFreeValue(mlir::Value value);

  const TargetDescription &getTarget() const { return target; }

private:
  const TargetDescription &target;
};

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_FUSIONCOSTMODEL_H
