//===- HLOAttrs.td - hlo structured attributes ---------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOATTRS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOATTRS_TD

include "xla-mlir/Dialect/HLO/IR/HLOEnums.td"

class HLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HLO_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// The dimension-number attributes print only their non-empty fields, in the
// StableHLO order, and parse fields in any order (see HLOAttrs.cpp).
def HLO_GatherDimensionNumbers : HLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "Dimension numbers of gather";
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t">:$offsetDims,
      OptionalArrayRefParameter<"int64_t">:$collapsedSliceDims,
      OptionalArrayRefParameter<"int64_t">:$operandBatchingDims,
      OptionalArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
      OptionalArrayRefParameter<"int64_t">:$startIndexMap,
      "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ScatterDimensionNumbers
    : HLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "Dimension numbers of scatter";
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t">:$updateWindowDims,
      OptionalArrayRefParameter<"int64_t">:$insertedWindowDims,
      OptionalArrayRefParameter<"int64_t">:$inputBatchingDims,
      OptionalArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
      OptionalArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
      "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def HLO_DotDimensionNumbers : HLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "Dimension numbers of dot_general";
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
      OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
      OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
      OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions);
  let hasCustomAssemblyFormat = 1;
}

// `<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type =
// f32, lhs_component_count = 1, rhs_component_count = 1,
// num_primitive_operations = 1, allow_imprecise_accumulation = false>`:
// StableHLO's keys, in any order, all required. dot_general's pretty form
// `algorithm = <...>` uses the same parser (see HLOAttrs.cpp).
def HLO_DotAlgorithm : HLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "Algorithm constraints of dot_general";
  let parameters = (ins
      "::mlir::Type":$lhs_precision_type,
      "::mlir::Type":$rhs_precision_type,
      "::mlir::Type":$accumulation_type,
      "int64_t":$lhs_component_count,
      "int64_t":$rhs_component_count,
      "int64_t":$num_primitive_operations,
      "bool":$allow_imprecise_accumulation);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ConvDimensionNumbers : HLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "Dimension numbers of convolution";
  let parameters = (ins
      "int64_t":$inputBatchDimension,
      "int64_t":$inputFeatureDimension,
      ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
      "int64_t":$kernelInputFeatureDimension,
      "int64_t":$kernelOutputFeatureDimension,
      ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
      "int64_t":$outputBatchDimension,
      "int64_t":$outputFeatureDimension,
      ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ChannelHandle : HLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "Channel of a collective or send/recv";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def HLO_OutputOperandAlias
    : HLO_Attr<"OutputOperandAlias", "output_operand_alias"> {
  let summary = "Aliasing of a custom_call output with an operand";
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t">:$outputTupleIndices,
      "int64_t":$operandIndex,
      OptionalArrayRefParameter<"int64_t">:$operandTupleIndices);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ResultAccuracy : HLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "Requested accuracy of a transcendental op";
  let parameters = (ins
      "::llvm::APFloat":$atol,
      "::llvm::APFloat":$rtol,
      "int64_t":$ulps,
      "::xla::hlo::ResultAccuracyModeAttr":$mode);
  let hasCustomAssemblyFormat = 1;
}

// Bounds of dynamic dimensions, carried as a tensor-type encoding.
def HLO_TypeExtensions : HLO_Attr<"TypeExtensions", "type_extensions"> {
  let summary = "Bounds of the dynamic dimensions of a tensor type";
  let parameters = (ins ArrayRefParameter<"int64_t">:$bounds);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ArrayOfOutputOperandAlias
    : TypedArrayAttrBase<HLO_OutputOperandAlias, "output operand aliases">;

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOATTRS_TD
