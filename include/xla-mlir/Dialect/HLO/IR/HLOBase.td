//===- HLOBase.td - hlo dialect, types and type constraints -*- tablegen -*-===//
//
// The `hlo` dialect mirrors the StableHLO op set, semantics and syntax, so a
// StableHLO program becomes an `hlo` program by renaming the namespace.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOBASE_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def HLO_Dialect : Dialect {
  let name = "hlo";
  let cppNamespace = "::xla::hlo";
  let summary = "High-level operations: the StableHLO op set";
  let description = [{
    Tensor operations with the semantics of the StableHLO specification.
    Op names, attributes and the custom assembly syntax follow StableHLO, so
    StableHLO text (as JAX prints it) parses directly into this dialect.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class HLO_Type<string name, string typeMnemonic> : TypeDef<HLO_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def HLO_TokenType : HLO_Type<"Token", "token"> {
  let summary = "Token: orders side-effecting operations";
}

//===----------------------------------------------------------------------===//
// Element-type and tensor-type constraints (spec: "Types")
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "bool">;
def HLO_SInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt]>;
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
    F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0FNU,
    F16, BF16, F32, F64]>;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def HLO_QuantizedInt : Type<
    CPred<"::xla::hlo::isQuantizedIntType($_self)">, "quantized integer">;

def HLO_IntOrPred : AnyTypeOf<[HLO_Pred, HLO_Int]>;
def HLO_IntFpOrComplex : AnyTypeOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_FpOrComplex : AnyTypeOf<[HLO_Float, HLO_Complex]>;
def HLO_ElementType : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
    HLO_QuantizedInt]>;

// Ranked tensors only: the spec has no unranked tensors. Dimensions may be
// dynamic ('?'), optionally with bounds in the encoding.
def HLO_Tensor : RankedTensorOf<[HLO_ElementType]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_IntOrPredTensor : RankedTensorOf<[HLO_IntOrPred]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_ComplexTensor : RankedTensorOf<[HLO_Complex]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_FpOrComplex]>;
def HLO_FpOrQuantizedTensor : RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>;
def HLO_FpComplexOrQuantizedTensor :
    RankedTensorOf<[HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_IntFpOrComplexTensor : RankedTensorOf<[HLO_IntFpOrComplex]>;
def HLO_NonQuantizedTensor :
    RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_QuantizedTensor : RankedTensorOf<[HLO_QuantizedInt]>;

def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_ScalarPredTensor : 0DTensorOf<[HLO_Pred]>;
def HLO_Dim1IntTensor : 1DTensorOf<[HLO_Int, Index]>;
def HLO_StaticDim1IntTensor : StaticShapeTensorOf<[HLO_Int, Index]>;

def HLO_Token : Type<CPred<"::llvm::isa<::xla::hlo::TokenType>($_self)">,
                     "token", "::xla::hlo::TokenType">,
                BuildableType<"::xla::hlo::TokenType::get($_builder.getContext())">;
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_Token]>;
def HLO_Any : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>;

//===----------------------------------------------------------------------===//
// Base op classes
//===----------------------------------------------------------------------===//

// Elementwise except that 0-d operands broadcast to the result's shape
// (clamp's min/max, select's pred). Upstream `Elementwise` verifies that all
// tensor operands have the same shape, so these ops cannot carry it; passes
// that treat elementwise ops uniformly ask `xla::hlo::isElementwise`, which
// accepts both traits.
def HLO_ElementwiseBroadcastingScalars
    : NativeOpTrait<"ElementwiseBroadcastingScalars"> {
  let cppNamespace = "::xla::hlo::traits";
}

class HLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<HLO_Dialect, mnemonic, traits>;

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOBASE_TD
