//===- OpsHash.h - a structural hash of a region's ops ----------*- C++ -*-===//
//
// Shared by the passes that look for regions that compute alike
// (OutlineFusions, PartitionProgram).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_OPSHASH_H
#define XLA_MLIR_LIB_TRANSFORMS_OPSHASH_H

#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"

namespace xla {

/// `hash` combined with each op of `region` in walk order: its name,
/// attributes and types, not the values it uses or its location. Equal
/// regions hash alike; a collision is for the caller to tell apart.
inline llvm::hash_code hashRegionOps(mlir::Region &region,
                                     llvm::hash_code hash) {
  region.walk([&](mlir::Operation *op) {
    hash = llvm::hash_combine(
        hash, mlir::OperationEquivalence::computeHash(
                  op, mlir::OperationEquivalence::ignoreHashValue,
                  mlir::OperationEquivalence::ignoreHashValue,
                  mlir::OperationEquivalence::IgnoreLocations));
  });
  return hash;
}

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_OPSHASH_H
