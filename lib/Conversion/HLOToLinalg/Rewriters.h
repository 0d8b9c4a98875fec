//===- Rewriters.h - per-family hlo -> linalg patterns ------------*- C++ -*-===//
//
// Private to lib/Conversion/HLOToLinalg: each op family lives in its own
// file and adds its patterns through one of these functions.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_REWRITERS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_REWRITERS_H

#include "mlir/Transforms/DialectConversion.h"

namespace xla::hlo::detail {

/// Every elementwise hlo op (`xla::hlo::isElementwise`), and constant.
void populatePointwiseToLinalgPatterns(mlir::MLIRContext *context,
                                       const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// Replaces single-result `op` by a parallel linalg.generic whose body is
/// the op's entry in the scalar lowering table; 0-d operands broadcast.
/// Fails (changing nothing) without a static shape or scalar code.
llvm::LogicalResult lowerPointwise(mlir::Operation *op,
                                   mlir::ValueRange operands,
                                   const mlir::TypeConverter &converter,
                                   mlir::ConversionPatternRewriter &rewriter);

/// bitcast_convert: pointwise between equal widths, reshaping otherwise.
void populateBitcastConvertToLinalgPatterns(
    mlir::MLIRContext *context, const mlir::TypeConverter &converter,
    mlir::RewritePatternSet &patterns);

/// broadcast_in_dim, broadcast, reshape, transpose, reverse, iota,
/// get_dimension_size, optimization_barrier (Shape.cpp).
void populateShapeToLinalgPatterns(mlir::MLIRContext *context,
                                   const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// slice, dynamic_slice, dynamic_update_slice, concatenate, pad (Slice.cpp).
void populateSliceToLinalgPatterns(mlir::MLIRContext *context,
                                   const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// gather, torch_index_select (Gather.cpp).
void populateGatherToLinalgPatterns(mlir::MLIRContext *context,
                                    const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);

/// Retypes func.func/call/return and any other non-hlo op whose operand or
/// result types mention hlo-only types (unsigned integers).
void populateTypeRetypingPatterns(mlir::MLIRContext *context,
                                  const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// dot_general and dot (Dot.cpp).
void populateDotToLinalgPatterns(mlir::MLIRContext *context,
                                 const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// reduce (Reduce.cpp).
void populateReduceToLinalgPatterns(mlir::MLIRContext *context,
                                    const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
/// reduce_window (ReduceWindow.cpp).
void populateReduceWindowToLinalgPatterns(mlir::MLIRContext *context,
                                          const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// map (Map.cpp).
void populateMapToLinalgPatterns(mlir::MLIRContext *context,
                                 const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// convolution (Convolution.cpp).
void populateConvolutionToLinalgPatterns(mlir::MLIRContext *context,
                                         const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);
/// batch_norm_inference, batch_norm_training, batch_norm_grad
/// (BatchNorm.cpp).
void populateBatchNormToLinalgPatterns(mlir::MLIRContext *context,
                                       const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
/// triangular_solve as row-by-row substitution (TriangularSolve.cpp).
void populateTriangularSolveToLinalgPatterns(
    mlir::MLIRContext *context, const mlir::TypeConverter &converter,
    mlir::RewritePatternSet &patterns);
/// while, if, case and the hlo.return of their regions (ControlFlow.cpp).
void populateControlFlowToScfPatterns(mlir::MLIRContext *context,
                                      const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// scatter, select_and_scatter, sort, top_k and fft, to the structured ops
/// of the hloext dialect (Scatter.cpp, SelectAndScatter.cpp, Sort.cpp,
/// TopK.cpp, Fft.cpp).
void populateScatterToHLOExtPatterns(mlir::MLIRContext *context,
                                     const mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
void populateSelectAndScatterToHLOExtPatterns(
    mlir::MLIRContext *context, const mlir::TypeConverter &converter,
    mlir::RewritePatternSet &patterns);
void populateSortToHLOExtPatterns(mlir::MLIRContext *context,
                                  const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateTopKToHLOExtPatterns(mlir::MLIRContext *context,
                                  const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateFftToHLOExtPatterns(mlir::MLIRContext *context,
                                 const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_REWRITERS_H
