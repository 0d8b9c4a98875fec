//===- HLOCoreOps.td - constants, calls, tuples, tokens ------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def HLO_ConstantOp : HLO_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A tensor constant";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Attribute":$value)>];
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r);
  }];
}

// ReturnLike, except that the terminator of hlo.while's cond region forwards
// none of its operands (the predicate) to a region successor.
def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>,
    NativeOpTrait<"ReturnLike">]> {
  let summary = "Returns values from the region of an hlo op";
  let arguments = (ins Variadic<HLO_Any>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def HLO_CustomCallOp : HLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Calls an implementation-defined function by name";
  let arguments = (ins
      Variadic<HLO_Any>:$inputs,
      StrAttr:$call_target_name,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
      OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
      DefaultValuedOptionalAttr<HLO_CustomCallApiVersionAttr,
          "::xla::hlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
      OptionalAttr<FlatSymbolRefArrayAttr>:$called_computations,
      OptionalAttr<TypedArrayAttrBase<IndexElementsAttr, "layouts">>:$operand_layouts,
      OptionalAttr<TypedArrayAttrBase<IndexElementsAttr, "layouts">>:$result_layouts,
      DefaultValuedOptionalAttr<HLO_ArrayOfOutputOperandAlias, "{}">:$output_operand_aliases);
  let results = (outs Variadic<HLO_Any>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_TupleOp : HLO_Op<"tuple", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Builds a tuple";
  let arguments = (ins Variadic<HLO_Any>:$val);
  let results = (outs HLO_Tuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
}

def HLO_GetTupleElementOp : HLO_Op<"get_tuple_element", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Extracts one element of a tuple";
  let arguments = (ins HLO_Tuple:$operand,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs HLO_Any:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_AfterAllOp : HLO_Op<"after_all", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A token that depends on all input tokens";
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def HLO_CreateTokenOp : HLO_Op<"create_token", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A fresh token (deprecated: use after_all)";
  let results = (outs HLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_OptimizationBarrierOp : HLO_Op<"optimization_barrier", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Blocks optimizations across it; returns its operands";
  let arguments = (ins Variadic<HLO_TensorOrToken>:$operand);
  let results = (outs Variadic<HLO_TensorOrToken>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<VariadicSameOperandsAndResultType>(type($operand), type($result)))?
  }];
}

def HLO_CopyOp : HLO_Op<"copy", [Pure, SameOperandsAndResultType]> {
  let summary = "Returns its operand (XLA's and MHLO's copy)";
  let description = [{
    XLA uses `copy` to change a buffer's layout; TensorFlow's StableHLO
    (`mhlo.copy`) puts one on every variable it updates. Tensors here have
    no layout, so it is the identity: it folds to its operand and lowers to
    it.
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasFolder = 1;
}

def HLO_CompositeOp : HLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A named op with a decomposition function";
  let arguments = (ins
      Variadic<HLO_Any>:$inputs,
      StrAttr:$name,
      DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
      FlatSymbolRefAttr:$decomposition,
      DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_Any>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_TD
