//===- HLORegionOps.td - hlo ops with regions ---------------*- tablegen -*-===//
//
// Reductions, windowed reductions, sort, map, scatter and the control-flow
// ops (while, if, case): the ops of the spec that carry regions. Every
// region ends in `hlo.return`.
//
// reduce and while have StableHLO's pretty syntax; the other ops use the
// generic form, as StableHLO prints them.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// Result types inferred by a function defined in HLORegionOps.cpp; inferred
// types may refine dynamic dimensions and quantization parameters.
class HLO_InferredRegionOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat(traits,
          [RecursiveMemoryEffects,
           DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def HLO_ReduceOp : HLO_InferredRegionOp<"reduce", [SameVariadicOperandSize]> {
  let summary = "Reduces inputs along dimensions with a body function";
  let description = [{
    Spec: reduce. `body` takes the accumulators of all inputs, then the
    values of all inputs, and returns the new accumulators:
    `(tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
    (tensor<E0>, ..., tensor<EN-1>)`.

    ```mlir
    %0 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1]
        : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values,
      DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ReduceWindowOp
    : HLO_InferredRegionOp<"reduce_window", [SameVariadicOperandSize]> {
  let summary = "Reduces windows of the inputs with a body function";
  let description = [{
    Spec: reduce_window. Absent strides and dilations are 1, absent padding
    is 0.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values,
      DenseI64ArrayAttr:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
      OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
}

def HLO_SelectAndScatterOp : HLO_InferredRegionOp<"select_and_scatter"> {
  let summary = "Scatters source values to the elements select picks in "
                "each window of operand";
  let description = [{
    Spec: select_and_scatter. Absent window dimensions and strides are 1,
    absent padding is 0.
  }];
  let arguments = (ins
      HLO_Tensor:$operand,
      HLO_Tensor:$source,
      HLO_Tensor:$init_value,
      OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
}

//===----------------------------------------------------------------------===//
// Sort, map, scatter
//===----------------------------------------------------------------------===//

def HLO_SortOp : HLO_InferredRegionOp<"sort"> {
  let summary = "Sorts slices of the inputs together along a dimension";
  let description = [{
    Spec: sort. `comparator` takes the two elements compared of each input in
    turn, `(lhs0, rhs0, lhs1, rhs1, ...)`, and returns `tensor<i1>`. A
    negative `dimension` counts from the last dimension.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
}

def HLO_MapOp : HLO_InferredRegionOp<"map"> {
  let summary = "Applies a scalar computation elementwise to the inputs";
  let description = [{
    Spec: map. `dimensions` must be `[0, ..., rank - 1]`.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_ScatterOp : HLO_InferredRegionOp<"scatter",
    [SameVariadicOperandSize]> {
  let summary = "Updates slices of the inputs at scattered indices";
  let description = [{
    Spec: scatter. `update_computation` combines the current values of all
    inputs with the updates of all inputs.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      HLO_IntTensor:$scatter_indices,
      Variadic<HLO_Tensor>:$updates,
      HLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def HLO_WhileOp : HLO_InferredRegionOp<"while", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
        ["getEntrySuccessorOperands", "areTypesCompatible"]>]> {
  let summary = "Runs body while cond returns true";
  let description = [{
    Spec: while. Both regions take the iteration values; `cond` returns
    `tensor<i1>` and `body` returns the next iteration values.

    RegionBranchOpInterface. Control goes from the op to `cond`, from `cond`
    to `body` or out of the op, and from `body` back to `cond`. The values
    that leave `cond` (to `body`'s arguments or the op's results) are
    `cond`'s block arguments, which no operand of its `hlo.return` names
    (scf.while has scf.condition for that), so the two edges out of `cond`
    forward nothing. For the data flow the op adds the edges that skip
    `cond`: from the op and from `body` to each of `cond`, `body` and the
    results, forwarding the operands and `body`'s return values
    respectively. Every iteration value thus has exactly its real sources
    (the operands and the previous `body` result), backward analyses such as
    liveness see every use, and the extra edges only add paths. Forward
    analyses see `body`'s arguments and the results as also reached from
    `cond` with no value (so e.g. SCCP treats them as unknown); `cond`'s
    arguments stay precise. `cond`'s `hlo.return` has no successor operands.

    ```mlir
    %0:2 = hlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i64>, tensor<f32>
     cond {
      ...
      hlo.return %c : tensor<i1>
    } do {
      ...
      hlo.return %x, %y : tensor<i64>, tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Any>:$operand);
  let results = (outs Variadic<HLO_Any>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def HLO_IfOp : HLO_Op<"if", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, ["areTypesCompatible"]>]> {
  let summary = "Runs true_branch or false_branch depending on pred";
  let description = [{
    Spec: if. The branches take no arguments and return the results.
  }];
  let arguments = (ins HLO_ScalarPredTensor:$pred);
  let results = (outs Variadic<HLO_Any>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, ["areTypesCompatible"]>]> {
  let summary = "Runs the branch selected by index";
  let description = [{
    Spec: case. An index out of [0, N - 1) selects the last branch.
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_Any>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD
