//===- HLOLinalgOps.td - hlo Linalg ops ---------------------*- tablegen -*-===//
//
// Contractions and linear algebra: dot, dot_general, convolution,
// dynamic_conv, fft, triangular_solve, cholesky, the batch_norm ops and the
// einsum ops (spec sections of the same names). Verifiers check the spec's
// constraints; result types are inferred wherever the spec defines them
// (shapes only for dot_general and convolution, whose result element type
// may be wider than the operands').
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

// An op whose result types follow from its operands and attributes; the
// quantization parameters of quantized results may differ from the inferred
// ones.
class HLO_InferredLinalgOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat(traits, [Pure, InferTypeOpAdaptor])> {
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

//===----------------------------------------------------------------------===//
// dot, dot_general
//===----------------------------------------------------------------------===//

def HLO_DotOp : HLO_Op<"dot", [Pure]> {
  let summary = "Matrix-vector and matrix-matrix products (legacy; use dot_general)";
  let description = [{
    `lhs` has rank 1 or 2, `rhs` has rank 1 or 2; the last dimension of
    `lhs` is contracted with the first dimension of `rhs`.

    ```mlir
    %0 = hlo.dot %a, %b, precision = [DEFAULT, DEFAULT]
        : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<DotPrecision>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure, InferShapedTypeOpAdaptor]> {
  let summary = "Dot products between slices of lhs and rhs";
  let description = [{
    ```mlir
    %0 = hlo.dot_general %lhs, %rhs, batching_dims = [0] x [0],
        contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT]
        : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
    ```

    The result shape is inferred (spec C12); its element type may differ
    from the operands' (e.g. an i8 x i8 -> i32 accumulation).
  }];
  let arguments = (ins
      HLO_Tensor:$lhs,
      HLO_Tensor:$rhs,
      HLO_DotDimensionNumbers:$dot_dimension_numbers,
      OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
      OptionalAttr<HLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers)
      `` custom<PrecisionAndAlgorithm>($precision_config, $algorithm) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

def HLO_ConvolutionOp : HLO_Op<"convolution",
    [Pure, InferShapedTypeOpAdaptor]> {
  let summary = "Windowed dot products of lhs windows and rhs";
  let description = [{
    ```mlir
    %0 = hlo.convolution(%lhs, %rhs)
        dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
        window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2],
                  rhs_dilate = [1, 1], reverse = [false, false]}
        {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
        : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
    ```

    Absent window attributes take the spec's defaults: strides and
    dilations of 1, no padding, no reversal.
  }];
  let arguments = (ins
      HLO_Tensor:$lhs,
      HLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      HLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count,
      I64Attr:$batch_group_count,
      OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `)`
      `dim_numbers` `=` custom<ConvDimensionNumbers>($dimension_numbers) `,`
      `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
                                                $lhs_dilation, $rhs_dilation,
                                                $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicConvOp : HLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution whose padding is an operand";
  let description = [{
    Like `convolution`, with the `[N-2, 2]` padding given as a tensor
    operand. The spatial result dimensions are checked when the padding is a
    constant.
  }];
  let arguments = (ins
      HLO_Tensor:$lhs,
      HLO_Tensor:$rhs,
      HLO_IntTensor:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      HLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count,
      I64Attr:$batch_group_count,
      OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

def HLO_FftOp : HLO_InferredLinalgOp<"fft"> {
  let summary = "Forward and inverse Fourier transforms of real and complex inputs";
  let description = [{
    ```mlir
    %0 = hlo.fft %x, type = RFFT, length = [16]
        : (tensor<16xf32>) -> tensor<9xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand,
                       HLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=`
      custom<DenseI64Array>($fft_length) attr-dict
      `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// triangular_solve, cholesky
//===----------------------------------------------------------------------===//

// Generic form only, as StableHLO prints it.
def HLO_TriangularSolveOp : HLO_InferredLinalgOp<"triangular_solve"> {
  let summary = "Solves batches of triangular systems of linear equations";
  let arguments = (ins HLO_FpOrComplexTensor:$a,
                       HLO_FpOrComplexTensor:$b,
                       BoolAttr:$left_side,
                       BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       HLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpOrComplexTensor:$result);
}

def HLO_CholeskyOp : HLO_InferredLinalgOp<"cholesky"> {
  let summary = "Cholesky decomposition of a batch of matrices";
  let description = [{
    ```mlir
    %0 = hlo.cholesky %a, lower = true : tensor<3x3xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// batch_norm_grad, batch_norm_inference, batch_norm_training
//===----------------------------------------------------------------------===//

def HLO_LinalgVectorFpTensor : 1DTensorOf<[HLO_Float]>;

def HLO_BatchNormGradOp : HLO_InferredLinalgOp<"batch_norm_grad"> {
  let summary = "Gradients of batch_norm_training";
  let arguments = (ins HLO_FpTensor:$operand,
                       HLO_LinalgVectorFpTensor:$scale,
                       HLO_LinalgVectorFpTensor:$mean,
                       HLO_LinalgVectorFpTensor:$variance,
                       HLO_FpTensor:$grad_output,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_FpTensor:$grad_operand,
                      HLO_LinalgVectorFpTensor:$grad_scale,
                      HLO_LinalgVectorFpTensor:$grad_offset);
}

def HLO_BatchNormInferenceOp : HLO_InferredLinalgOp<"batch_norm_inference"> {
  let summary = "Normalizes with the given mean and variance";
  let arguments = (ins HLO_FpTensor:$operand,
                       HLO_LinalgVectorFpTensor:$scale,
                       HLO_LinalgVectorFpTensor:$offset,
                       HLO_LinalgVectorFpTensor:$mean,
                       HLO_LinalgVectorFpTensor:$variance,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_FpTensor:$result);
}

def HLO_BatchNormTrainingOp : HLO_InferredLinalgOp<"batch_norm_training"> {
  let summary = "Normalizes with the batch mean and variance, and returns them";
  let arguments = (ins HLO_FpTensor:$operand,
                       HLO_LinalgVectorFpTensor:$scale,
                       HLO_LinalgVectorFpTensor:$offset,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_FpTensor:$output,
                      HLO_LinalgVectorFpTensor:$batch_mean,
                      HLO_LinalgVectorFpTensor:$batch_var);
}

//===----------------------------------------------------------------------===//
// einsum, unary_einsum
//===----------------------------------------------------------------------===//

def HLO_EinsumOp : HLO_Op<"einsum", [Pure]> {
  let summary = "Einstein summation of two tensors (not in HLO)";
  let description = [{
    ```mlir
    %0 = hlo.einsum %a, %b, config = "ab,bc->ac"
        : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_UnaryEinsumOp : HLO_Op<"unary_einsum", [Pure]> {
  let summary = "Einstein summation of one tensor (not in HLO)";
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD
