//===- VectorMathPolynomials.h - math functions of f32 vectors --*- C++ -*-===//
//
// The polynomials xla-approximate-vector-math puts in place of math ops on
// f32 vectors, where upstream's are too inaccurate (sin, cos) or slower
// than they need to be (exp). Each builds its function of the vector `x`
// at the builder's insertion point and returns the result.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_VECTORMATHPOLYNOMIALS_H
#define XLA_MLIR_LIB_TRANSFORMS_VECTORMATHPOLYNOMIALS_H

#include "mlir/IR/Builders.h"

namespace xla {

/// sin or cos (`cosine`) of `x`, reduced by pi/2 and evaluated in float64:
/// at most 0.56 ulp for |x| <= kSinCosLimit, meaningless beyond it.
mlir::Value buildSinCos(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value x, bool cosine);

/// Largest |x| buildSinCos is accurate for.
constexpr double kSinCosLimit = 1 << 20;

/// exp of `x`, for every input (infinities, NaN, overflow, subnormal
/// results) within 1.01 ulp. With `avx512`, vectors of 16k lanes scale by
/// 2^k with vscalefps; other shapes compute the same bits portably, with
/// a branch (scf.if) to a short path for vectors whose results are all
/// normal floats.
mlir::Value buildExp(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                     bool avx512);

/// erfc of `x`, for every input (infinities, NaN, subnormal results), with
/// one division and no branch: 2.39 ulp at most over 6 million floats of
/// +-[1e-30, 11] (docs/numerics.md).
mlir::Value buildErfc(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// Whether any lane of the i1 vector `mask` (of any rank) is set.
mlir::Value anyLane(mlir::OpBuilder &b, mlir::Location loc, mlir::Value mask);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_VECTORMATHPOLYNOMIALS_H
