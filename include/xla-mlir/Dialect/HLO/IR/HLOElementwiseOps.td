//===- HLOElementwiseOps.td - elementwise hlo ops ------------*- tablegen -*-===//
//
// Unary, binary and ternary elementwise ops, compare, convert and friends
// (spec sections of the same names). Result types are inferred from the
// operands wherever the spec defines them.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

// Elementwise op whose result has the type of operand `resultLike`; the
// quantization parameters of quantized types may differ.
class HLO_ElementwiseOp<string mnemonic, list<Trait> traits = [],
                        int resultLike = 0>
    : HLO_Op<mnemonic, !listconcat(traits,
          [Pure, Elementwise, SameOperandsAndResultShape,
           InferTypeOpInterface])> {
  code inferTypeDecl = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::xla::hlo::inferTypeOfOperand(loc, operands, }] # resultLike # [{,
                                            inferred);
    }
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
  let extraClassDeclaration = inferTypeDecl;
}

class HLO_UnaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : HLO_ElementwiseOp<mnemonic, traits> {
  let arguments = (ins operandType:$operand);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// Transcendental unary op with the optional `result_accuracy` attribute.
class HLO_AccuracyUnaryOp<string mnemonic, Type operandType>
    : HLO_UnaryOp<mnemonic, operandType> {
  let arguments = (ins operandType:$operand,
                       OptionalAttr<HLO_ResultAccuracy>:$result_accuracy);
}

// lhs and rhs must agree on element type (quantized types only on storage
// and expressed type).
def HLO_CompatibleOperandElementTypes : PredOpTrait<
    "operands have compatible element types",
    CPred<"::xla::hlo::haveCompatibleElementTypes($_op.getOperandTypes())">>;

class HLO_BinaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : HLO_ElementwiseOp<mnemonic,
                        !listconcat(traits, [HLO_CompatibleOperandElementTypes])> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

def HLO_AbsOp : HLO_ElementwiseOp<"abs"> {
  let summary = "Absolute value; |complex| is real";
  let arguments = (ins RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex,
                                       HLO_QuantizedInt]>:$operand);
  let results = (outs RankedTensorOf<[HLO_SInt, HLO_Float,
                                      HLO_QuantizedInt]>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

def HLO_CbrtOp : HLO_AccuracyUnaryOp<"cbrt", HLO_FpComplexOrQuantizedTensor>;
def HLO_CeilOp : HLO_UnaryOp<"ceil", HLO_FpOrQuantizedTensor>;
def HLO_ClzOp : HLO_UnaryOp<"count_leading_zeros", HLO_IntTensor>;
def HLO_CosineOp
    : HLO_AccuracyUnaryOp<"cosine", HLO_FpComplexOrQuantizedTensor>;
def HLO_ExpOp
    : HLO_AccuracyUnaryOp<"exponential", HLO_FpComplexOrQuantizedTensor>;
def HLO_Expm1Op : HLO_AccuracyUnaryOp<"exponential_minus_one",
                                      HLO_FpComplexOrQuantizedTensor>;
def HLO_FloorOp : HLO_UnaryOp<"floor", HLO_FpOrQuantizedTensor>;
def HLO_LogOp : HLO_AccuracyUnaryOp<"log", HLO_FpComplexOrQuantizedTensor>;
def HLO_Log1pOp
    : HLO_AccuracyUnaryOp<"log_plus_one", HLO_FpComplexOrQuantizedTensor>;
def HLO_LogisticOp
    : HLO_AccuracyUnaryOp<"logistic", HLO_FpComplexOrQuantizedTensor>;
def HLO_NegOp : HLO_UnaryOp<"negate",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>>;
def HLO_NotOp : HLO_UnaryOp<"not", HLO_IntOrPredTensor>;
def HLO_PopulationCountOp : HLO_UnaryOp<"popcnt", HLO_IntTensor>;
def HLO_RoundOp : HLO_UnaryOp<"round_nearest_afz", HLO_FpOrQuantizedTensor>;
def HLO_RoundNearestEvenOp
    : HLO_UnaryOp<"round_nearest_even", HLO_FpOrQuantizedTensor>;
def HLO_RsqrtOp : HLO_AccuracyUnaryOp<"rsqrt", HLO_FpComplexOrQuantizedTensor>;
def HLO_SignOp : HLO_UnaryOp<"sign",
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>>;
def HLO_SineOp : HLO_AccuracyUnaryOp<"sine", HLO_FpComplexOrQuantizedTensor>;
def HLO_SqrtOp : HLO_AccuracyUnaryOp<"sqrt", HLO_FpComplexOrQuantizedTensor>;
def HLO_TanOp : HLO_AccuracyUnaryOp<"tan", HLO_FpComplexOrQuantizedTensor>;
def HLO_TanhOp : HLO_AccuracyUnaryOp<"tanh", HLO_FpComplexOrQuantizedTensor>;

// Unary ops whose result element type differs from the operand's.
class HLO_ComplexPartOp<string mnemonic> : HLO_ElementwiseOp<mnemonic> {
  let arguments = (ins HLO_FpOrComplexTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::xla::hlo::inferComplexPartType(loc, operands, inferred);
    }
  }];
}
def HLO_RealOp : HLO_ComplexPartOp<"real"> { let summary = "Real part"; }
def HLO_ImagOp : HLO_ComplexPartOp<"imag"> { let summary = "Imaginary part"; }

def HLO_IsFiniteOp : HLO_Op<"is_finite", [Pure, Elementwise,
    SameOperandsAndResultShape, InferTypeOpInterface]> {
  let summary = "True where the element is neither infinite nor NaN";
  let arguments = (ins HLO_FpOrQuantizedTensor:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = [{
    $x attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location>, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      inferred.push_back(::xla::hlo::withElementType(operands[0].getType(),
          ::mlir::IntegerType::get(ctx, 1)));
      return ::mlir::success();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

def HLO_AddOp : HLO_BinaryOp<"add", HLO_Tensor, [Commutative]>;
def HLO_Atan2Op : HLO_BinaryOp<"atan2", HLO_FpComplexOrQuantizedTensor>;
def HLO_DivOp : HLO_BinaryOp<"divide",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>>;
def HLO_MaxOp : HLO_BinaryOp<"maximum", HLO_Tensor, [Commutative]>;
def HLO_MinOp : HLO_BinaryOp<"minimum", HLO_Tensor, [Commutative]>;
def HLO_MulOp : HLO_BinaryOp<"multiply", HLO_Tensor, [Commutative]>;
def HLO_PowOp : HLO_BinaryOp<"power",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>>;
def HLO_RemOp : HLO_BinaryOp<"remainder",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_QuantizedInt]>>;
def HLO_ShiftLeftOp : HLO_BinaryOp<"shift_left", HLO_IntTensor>;
def HLO_ShiftRightArithmeticOp
    : HLO_BinaryOp<"shift_right_arithmetic", HLO_IntTensor>;
def HLO_ShiftRightLogicalOp
    : HLO_BinaryOp<"shift_right_logical", HLO_IntTensor>;
def HLO_SubtractOp : HLO_BinaryOp<"subtract",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>>;
def HLO_AndOp : HLO_BinaryOp<"and", HLO_IntOrPredTensor, [Commutative]>;
def HLO_OrOp : HLO_BinaryOp<"or", HLO_IntOrPredTensor, [Commutative]>;
def HLO_XorOp : HLO_BinaryOp<"xor", HLO_IntOrPredTensor, [Commutative]>;

def HLO_ComplexOp : HLO_Op<"complex", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsElementType,
    InferTypeOpInterface]> {
  let summary = "Builds complex numbers from real and imaginary parts";
  let arguments = (ins RankedTensorOf<[F32, F64]>:$lhs,
                       RankedTensorOf<[F32, F64]>:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = [{
    operands attr-dict
      `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location>, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      auto ty = ::llvm::cast<::mlir::ShapedType>(operands[0].getType());
      inferred.push_back(::xla::hlo::withElementType(ty,
          ::mlir::ComplexType::get(ty.getElementType())));
      return ::mlir::success();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Ternary ops
//===----------------------------------------------------------------------===//

def HLO_ClampOp : HLO_Op<"clamp", [Pure, HLO_ElementwiseBroadcastingScalars,
    InferTypeOpInterface]> {
  let summary = "min(max(operand, min), max); min and max may be scalars";
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::xla::hlo::inferTypeOfOperand(loc, operands, 1, inferred);
    }
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

def HLO_SelectOp : HLO_Op<"select", [Pure, HLO_ElementwiseBroadcastingScalars,
    InferTypeOpInterface]> {
  let summary = "Picks on_true where pred holds, else on_false";
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::xla::hlo::inferTypeOfOperand(loc, operands, 1, inferred);
    }
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Compare and conversions
//===----------------------------------------------------------------------===//

def HLO_CompareOp : HLO_Op<"compare", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsElementType,
    InferTypeOpInterface]> {
  let summary = "Elementwise comparison producing i1";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location>, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      inferred.push_back(::xla::hlo::withElementType(operands[0].getType(),
          ::mlir::IntegerType::get(ctx, 1)));
      return ::mlir::success();
    }
  }];
}

def HLO_ConvertOp : HLO_Op<"convert", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Elementwise conversion between element types";
  let arguments = (ins HLO_NonQuantizedTensor:$operand);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert", [Pure]> {
  let summary = "Reinterprets the bits of each element as another type";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReducePrecisionOp : HLO_Op<"reduce_precision", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Rounds to a float format with fewer exponent/mantissa bits";
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs HLO_FpOrQuantizedTensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_TD
