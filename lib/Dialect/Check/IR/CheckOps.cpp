//===- CheckOps.cpp - the check dialect -----------------------------------===//

#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/Diagnostics.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::check;
using xla::OpDiag;

#include "xla-mlir/Dialect/Check/IR/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/Check/IR/CheckOps.cpp.inc"
      >();
}

/// Tolerance-based and ULP checks only make sense for float or complex
/// elements.
static LogicalResult verifyFloatLike(Operation *op, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!isa<FloatType, ComplexType>(element))
    return OpDiag(op)() << "requires float or complex elements, got "
           << element;
  return success();
}

static LogicalResult verifyTolerance(Operation *op, double tolerance) {
  if (!(tolerance >= 0.0))
    return OpDiag(op)() << "tolerance must be non-negative, got "
           << tolerance;
  return success();
}

LogicalResult ExpectAlmostEqOp::verify() {
  if (failed(verifyFloatLike(*this, getLhs().getType())))
    return failure();
  return verifyTolerance(*this, getTolerance().convertToDouble());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (failed(verifyFloatLike(*this, getLhs().getType())))
    return failure();
  return verifyTolerance(*this, getTolerance().convertToDouble());
}

LogicalResult ExpectCloseOp::verify() {
  if (getActual().getType() != getExpected().getType())
    return OpDiag(getOperation())()
        << "actual and expected must have the same type, got "
           << getActual().getType() << " and " << getExpected().getType();
  if (failed(verifyFloatLike(*this, getActual().getType())))
    return failure();
  int64_t lo = getMinUlpDifference(), hi = getMaxUlpDifference();
  if (lo < 0 || hi < lo)
    return OpDiag(getOperation())() << "requires 0 <= min_ulp_difference <= "
                       "max_ulp_difference, got ["
           << lo << ", " << hi << "]";
  return success();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/Check/IR/CheckOps.cpp.inc"
