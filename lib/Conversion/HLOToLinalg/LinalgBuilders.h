//===- LinalgBuilders.h - tensor/linalg building blocks -----------*- C++ -*-===//
//
// Small builders shared by the structured lowerings (dot, convolution,
// reduce, reduce_window, map, batch_norm): init tensors, padding, the
// multiply-accumulate of contractions and the scalar bodies built from hlo
// regions.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_LINALGBUILDERS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_LINALGBUILDERS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xla::hlo::detail {

/// tensor.empty of static type `type`.
mlir::Value emptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType type);

/// A tensor of static type `type` with every element `scalar`
/// (tensor.empty + linalg.fill).
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType type, mlir::Value scalar);

/// The element of 0-d tensor `tensor`.
mlir::Value extractScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value tensor);

/// `input` padded with `padValue` as hlo.pad does it: `low`/`high` elements
/// before/after each dimension (negative values remove elements) and
/// `interior` elements between neighbours. Returns `input` when nothing is
/// padded; plain edge padding is a tensor.pad, interior padding a filled
/// tensor with the input inserted at a stride.
mlir::Value padTensor(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value input, mlir::Value padValue,
                      llvm::ArrayRef<int64_t> low,
                      llvm::ArrayRef<int64_t> high,
                      llvm::ArrayRef<int64_t> interior);

/// The hlo element type contractions accumulate in for hlo result element
/// type `resultType`: f32 for f16/bf16 (XLA's CPU backend upcasts them too,
/// and rounding once at the end keeps long sums accurate), else
/// `resultType` itself.
mlir::Type accumulatorType(mlir::Type resultType);

/// `acc + lhs * rhs` with `lhs`/`rhs` first converted (hlo.convert
/// semantics) from hlo element types `lhsType`/`rhsType` to the hlo type
/// `accType` of `acc`. Integers wrap, i1 uses and/or, complex numbers use
/// the complex dialect.
mlir::Value emitMultiplyAdd(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value lhs, mlir::Value rhs, mlir::Value acc,
                            mlir::Type lhsType, mlir::Type rhsType,
                            mlir::Type accType);

/// The cast a named linalg contraction or convolution must apply to its
/// operands (hlo element types `lhs`, `rhs`) so that it computes exactly
/// hlo.convert to the accumulator type `acc`, or nullopt if none does:
/// named ops apply one cast to both operands and have no i1 or complex
/// semantics of ours.
std::optional<mlir::linalg::TypeFn> namedOpCast(mlir::Type lhs, mlir::Type rhs,
                                                mlir::Type acc);

/// `tensor` permuted (result dimension i is
/// dimension `perm[i]` of `tensor`); `tensor` itself if `perm` is the
/// identity.
mlir::Value transposeTensor(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value tensor, llvm::ArrayRef<int64_t> perm);

/// Converts every element of `tensor` from hlo element type `from` to `to`
/// with a parallel linalg.generic (hlo.convert semantics).
mlir::Value convertTensor(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value tensor, mlir::Type from, mlir::Type to);

/// Converts `types` with `converter` into `result`; fails unless every
/// converted type is a statically shaped ranked tensor.
mlir::LogicalResult
convertToStaticTensorTypes(const mlir::TypeConverter &converter,
                           mlir::TypeRange types,
                           llvm::SmallVectorImpl<mlir::Type> &result);

/// Gives structured op `structured` (linalg.generic, linalg.reduce, ...)
/// its body: a block with one scalar argument per operand, holding the
/// scalar code of hlo region `body` (of hlo op `op`) with the region's
/// arguments bound to `bindArgs(block)`, and a linalg.yield of its results.
/// Values the hlo body uses from outside it (canonicalization hoists
/// constants out of bodies) must have one element: constants are re-created
/// inside, other values are read by a tensor.extract before `structured`.
/// On failure emits an error at `op`, erases `structured` and fails.
mlir::LogicalResult buildScalarBody(
    mlir::ConversionPatternRewriter &rewriter, mlir::Operation *op,
    mlir::Operation *structured, mlir::Region &body,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::Block *)>
        bindArgs);

/// The affine map `(d0, ..., d{numDims-1}) -> (d[dims[0]], d[dims[1]], ...)`.
mlir::AffineMap selectDims(mlir::MLIRContext *context, unsigned numDims,
                           llvm::ArrayRef<int64_t> dims);

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_LINALGBUILDERS_H
