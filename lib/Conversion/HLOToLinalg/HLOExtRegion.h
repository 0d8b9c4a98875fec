//===- HLOExtRegion.h - hlo bodies as hloext regions --------------*- C++ -*-===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_HLOEXTREGION_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_HLOEXTREGION_H

#include "ScalarOps.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/IR/TypeUtilities.h"

namespace xla::hlo::detail {

/// Fills the empty region `target` of an hloext op with the scalar code of
/// the hlo body `body` (a sort comparator, a scatter update computation):
/// one block whose arguments have the codegen types of the body's 0-d
/// tensor arguments, ending in hloext.yield. Fails, leaving a block behind
/// for the caller to erase with its op, if the body is not scalar code.
inline llvm::LogicalResult buildHLOExtRegion(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             mlir::Region &body,
                                             mlir::Region &target) {
  llvm::SmallVector<mlir::Type> argTypes;
  for (mlir::Type type : body.getArgumentTypes())
    argTypes.push_back(convertElementType(mlir::getElementTypeOrSelf(type)));
  llvm::SmallVector<mlir::Location> argLocs(argTypes.size(), loc);
  mlir::OpBuilder::InsertionGuard guard(b);
  mlir::Block *block = b.createBlock(&target, {}, argTypes, argLocs);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>> results =
      emitScalarRegion(b, body, block->getArguments());
  if (mlir::failed(results))
    return mlir::failure();
  hloext::YieldOp::create(b, loc, *results);
  return mlir::success();
}

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_HLOEXTREGION_H
