//===- HLOEnums.td - hlo enum attributes ---------------------*- tablegen -*-===//
//
// Enum attributes print as `#hlo<comparison_direction EQ>` in attribute
// position and as a bare keyword (`EQ`) inside custom op syntax, exactly as
// StableHLO does.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOENUMS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOENUMS_TD

include "xla-mlir/Dialect/HLO/IR/HLOBase.td"
include "mlir/IR/EnumAttr.td"

class HLO_EnumAttr<I32EnumAttr enumInfo, string mnemonic>
    : EnumAttr<HLO_Dialect, enumInfo, mnemonic> {
  let assemblyFormat = "$value";
}

class HLO_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::xla::hlo";
}

def HLO_ComparisonDirection : HLO_I32Enum<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]>;
def HLO_ComparisonDirectionAttr
    : HLO_EnumAttr<HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : HLO_I32Enum<"ComparisonType", "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]>;
def HLO_ComparisonTypeAttr
    : HLO_EnumAttr<HLO_ComparisonType, "comparison_type">;

def HLO_Precision : HLO_I32Enum<"Precision", "precision config", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]>;
def HLO_PrecisionAttr : HLO_EnumAttr<HLO_Precision, "precision">;
def HLO_PrecisionConfigAttr : TypedArrayAttrBase<HLO_PrecisionAttr,
    "precision config attribute">;

def HLO_FftType : HLO_I32Enum<"FftType", "FFT type", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]>;
def HLO_FftTypeAttr : HLO_EnumAttr<HLO_FftType, "fft_type">;

def HLO_Transpose : HLO_I32Enum<"Transpose", "transpose kind", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]>;
def HLO_TransposeAttr : HLO_EnumAttr<HLO_Transpose, "transpose">;

def HLO_RngDistribution : HLO_I32Enum<"RngDistribution", "RNG distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]>;
def HLO_RngDistributionAttr
    : HLO_EnumAttr<HLO_RngDistribution, "rng_distribution">;

def HLO_RngAlgorithm : HLO_I32Enum<"RngAlgorithm", "RNG algorithm", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]>;
def HLO_RngAlgorithmAttr : HLO_EnumAttr<HLO_RngAlgorithm, "rng_algorithm">;

def HLO_ResultAccuracyMode : HLO_I32Enum<"ResultAccuracyMode",
    "result accuracy mode", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]>;
def HLO_ResultAccuracyModeAttr
    : EnumAttr<HLO_Dialect, HLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// The kind of an hlo.fusion, after its hero (XLA's names): a loop fusion
// has neither a reduction nor a contraction, an input fusion ends in a
// reduction, an output fusion is a contraction with its epilogue, and a
// multi-output fusion has several results and no contraction.
def HLO_FusionKind : HLO_I32Enum<"FusionKind", "fusion kind", [
      I32EnumAttrCase<"loop", 0>, I32EnumAttrCase<"input", 1>,
      I32EnumAttrCase<"output", 2>, I32EnumAttrCase<"multi_output", 3>]>;
def HLO_FusionKindAttr : HLO_EnumAttr<HLO_FusionKind, "fusion_kind">;

// custom_call's api_version is a plain i32 attribute in StableHLO text.
def HLO_CustomCallApiVersionAttr : I32EnumAttr<"CustomCallApiVersion",
    "custom call API version", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::xla::hlo";
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOENUMS_TD
