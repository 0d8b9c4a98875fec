//===- BufferUses.h - who reads and writes a buffer in a block --*- C++ -*-===//
//
// Shared by xla-prepare-donation (an input donated to a result) and
// xla-reuse-operand-buffers (a temporary handed on to a kernel's result):
// both decide, on the caller's ops after bufferization, whether two buffers
// may be one, from the order of their uses and the kernels' xla.in_place
// pairs.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_BUFFERUSES_H
#define XLA_MLIR_LIB_TRANSFORMS_BUFFERUSES_H

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace xla {

/// The ops of `block` that use `buffer`, directly or through views, each
/// with whether it only ever sees `buffer` itself (not a view of it).
struct BlockUses {
  llvm::MapVector<mlir::Operation *, bool> direct;

  BlockUses(mlir::Value buffer, mlir::Block &block) {
    collect(buffer, block, true);
  }

  /// The first (or last) op in block order; null without uses.
  mlir::Operation *first(bool last = false) const;

private:
  void collect(mlir::Value value, mlir::Block &block, bool isBuffer);
};

/// The xla.in_place pairs of the function `call` calls, or null.
mlir::DenseI64ArrayAttr getInPlacePairs(mlir::Operation *call,
                                        mlir::SymbolTableCollection &symbols);

/// True if `op`, which reads `input` and writes `output` (both passed
/// directly), reads each element of `input` before it writes that element
/// of `output`: a call of a kernel whose xla.in_place pairs say so.
bool readsBeforeWriting(mlir::Operation *op, mlir::Value input,
                        mlir::Value output,
                        mlir::SymbolTableCollection &symbols);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_BUFFERUSES_H
