//===- HLOChloOps.td - hlo Chlo ops ---------------------------*- tablegen -*-===//
//
// The "client HLO" ops that JAX emits next to StableHLO: special functions
// and inverse trigonometry that StableHLO has no op for, and top_k. They are
// hlo ops named like the CHLO op, with CHLO's syntax, so `chlo.X` text parses
// straight into `hlo.X`:
//
//   %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
//   %1 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
//   %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
//
// Unlike CHLO's broadcast_* ops, none of these broadcast: operands and
// results have the same shape. `chlo.tan` is `hlo.tan` (elementwise family).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

// Element types of the ops below, as CHLO defines them: real floats, or real
// floats and complex numbers. No quantized or integer types.
def HLO_ChloFpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_ChloFpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;

// Shared InferTypeOpInterface methods: the result has the type of operand 0.
class HLO_ChloSameTypeInference {
  code inferTypeDecl = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::xla::hlo::inferTypeOfOperand(loc, operands, 0, inferred);
    }
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops: `op %x : T -> T`
//===----------------------------------------------------------------------===//

// Unary elementwise op whose result has the operand's type. CHLO always
// prints both types, `: T -> T`, even when they are equal.
class HLO_ChloUnaryOp<string mnemonic, Type tensorType, string opSummary>
    : HLO_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultShape,
                        SameOperandsAndResultElementType,
                        InferTypeOpInterface]>,
      HLO_ChloSameTypeInference {
  let summary = opSummary;
  let arguments = (ins tensorType:$operand);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let extraClassDeclaration = inferTypeDecl;
}

def HLO_AcosOp : HLO_ChloUnaryOp<"acos", HLO_ChloFpOrComplexTensor,
    "Inverse cosine, elementwise">;
def HLO_AcoshOp : HLO_ChloUnaryOp<"acosh", HLO_ChloFpOrComplexTensor,
    "Inverse hyperbolic cosine, elementwise">;
def HLO_AsinOp : HLO_ChloUnaryOp<"asin", HLO_ChloFpOrComplexTensor,
    "Inverse sine, elementwise">;
def HLO_AsinhOp : HLO_ChloUnaryOp<"asinh", HLO_ChloFpOrComplexTensor,
    "Inverse hyperbolic sine, elementwise">;
def HLO_AtanOp : HLO_ChloUnaryOp<"atan", HLO_ChloFpOrComplexTensor,
    "Inverse tangent, elementwise">;
def HLO_AtanhOp : HLO_ChloUnaryOp<"atanh", HLO_ChloFpOrComplexTensor,
    "Inverse hyperbolic tangent, elementwise">;
def HLO_BesselI1eOp : HLO_ChloUnaryOp<"bessel_i1e", HLO_ChloFpOrComplexTensor,
    "Exponentially scaled modified Bessel function of order 1, elementwise"> {
  let description = [{
    `bessel_i1e(x) = exp(-|x|) * I1(x)`, where `I1` is the modified Bessel
    function of the first kind of order 1.
  }];
}
def HLO_ConjOp : HLO_ChloUnaryOp<"conj", HLO_ChloFpOrComplexTensor,
    "Complex conjugate, elementwise; the identity on real numbers">;
def HLO_CoshOp : HLO_ChloUnaryOp<"cosh", HLO_ChloFpOrComplexTensor,
    "Hyperbolic cosine, elementwise">;
def HLO_SinhOp : HLO_ChloUnaryOp<"sinh", HLO_ChloFpOrComplexTensor,
    "Hyperbolic sine, elementwise">;
def HLO_SquareOp : HLO_ChloUnaryOp<"square", HLO_ChloFpOrComplexTensor,
    "x * x, elementwise">;

def HLO_DigammaOp : HLO_ChloUnaryOp<"digamma", HLO_ChloFpTensor,
    "Digamma function (derivative of lgamma), elementwise">;
def HLO_ErfOp : HLO_ChloUnaryOp<"erf", HLO_ChloFpTensor,
    "Gauss error function, elementwise">;
def HLO_ErfInvOp : HLO_ChloUnaryOp<"erf_inv", HLO_ChloFpTensor,
    "Inverse of the error function, elementwise">;
def HLO_ErfcOp : HLO_ChloUnaryOp<"erfc", HLO_ChloFpTensor,
    "Complementary error function 1 - erf(x), elementwise">;
def HLO_LgammaOp : HLO_ChloUnaryOp<"lgamma", HLO_ChloFpTensor,
    "Logarithm of the absolute value of the gamma function, elementwise">;

// Float predicates: `op %x : tensor<...xF> -> tensor<...xi1>`.
class HLO_ChloPredicateOp<string mnemonic, string opSummary>
    : HLO_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultShape,
                        InferTypeOpInterface]> {
  let summary = opSummary;
  let arguments = (ins HLO_ChloFpTensor:$operand);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

def HLO_IsInfOp
    : HLO_ChloPredicateOp<"is_inf", "True where the element is +inf or -inf">;
def HLO_IsNegInfOp
    : HLO_ChloPredicateOp<"is_neg_inf", "True where the element is -inf">;
def HLO_IsPosInfOp
    : HLO_ChloPredicateOp<"is_pos_inf", "True where the element is +inf">;

//===----------------------------------------------------------------------===//
// Binary elementwise ops: `op %a, %b : T, T -> T`
//===----------------------------------------------------------------------===//

def HLO_NextAfterOp : HLO_Op<"next_after", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultElementType,
    InferTypeOpInterface]>, HLO_ChloSameTypeInference {
  let summary = "The next representable value after x in the direction of y";
  let description = [{
    Elementwise `std::nextafter(x, y)`; the result may be subnormal.
  }];
  let arguments = (ins HLO_ChloFpTensor:$x, HLO_ChloFpTensor:$y);
  let results = (outs HLO_ChloFpTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
  let extraClassDeclaration = inferTypeDecl;
}

def HLO_PolygammaOp : HLO_Op<"polygamma", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultElementType,
    InferTypeOpInterface]>, HLO_ChloSameTypeInference {
  let summary = "Polygamma function of order n at x, elementwise";
  let arguments = (ins HLO_ChloFpTensor:$n, HLO_ChloFpTensor:$x);
  let results = (outs HLO_ChloFpTensor:$result);
  let assemblyFormat = [{
    $n `,` $x attr-dict `:` type($n) `,` type($x) `->` type($result)
  }];
  let extraClassDeclaration = inferTypeDecl;
}

def HLO_ZetaOp : HLO_Op<"zeta", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultElementType,
    InferTypeOpInterface]>, HLO_ChloSameTypeInference {
  let summary = "Hurwitz zeta function zeta(x, q) = sum_n (q + n)^-x";
  let arguments = (ins HLO_ChloFpTensor:$x, HLO_ChloFpTensor:$q);
  let results = (outs HLO_ChloFpTensor:$result);
  let assemblyFormat = [{
    $x `,` $q attr-dict `:` type($x) `,` type($q) `->` type($result)
  }];
  let extraClassDeclaration = inferTypeDecl;
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

def HLO_TopKOp : HLO_Op<"top_k", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The k largest elements along the last dimension, and their indices";
  let description = [{
    For each vector along the last dimension of `operand`, `values` holds its
    `k` largest elements in descending order and `indices` their positions in
    that vector (i32); equal elements keep their order. Both results have the
    shape of `operand` with the last dimension replaced by `k`, which must be
    at least 0 and at most the size of the last dimension.

    ```mlir
    %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
    ```
  }];
  // Complex numbers have no order, so they are not accepted.
  let arguments = (ins
      RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_QuantizedInt]>:$operand,
      I64Attr:$k);
  let results = (outs
      RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_QuantizedInt]>:$values,
      RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD
