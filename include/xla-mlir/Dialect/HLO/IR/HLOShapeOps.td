//===- HLOShapeOps.td - hlo Shape ops ---------------------------*- tablegen -*-===//
//
// Ops that move data between shapes: broadcasts, reshapes, transposes,
// slices, concatenation, padding, reversal, iota, gathers, and their
// dynamic-shape variants (spec sections of the same names).
//
// Result types are inferred wherever the spec defines the result shape from
// the operands and attributes; the shape constraints of those ops are checked
// by the inference itself, since MLIR runs it before the op's verifier. Ops
// whose result shape is given by the result type alone (broadcast_in_dim,
// reshape, iota, the dynamic ops) check their constraints in a verifier.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

//===----------------------------------------------------------------------===//
// Local constraints and base classes
//===----------------------------------------------------------------------===//

def HLOShape_StaticTensor : StaticShapeTensorOf<[HLO_ElementType]>;
// iota results: integer, floating-point, complex or quantized elements.
def HLOShape_IotaTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex,
                                          HLO_QuantizedInt]>;
def HLOShape_StaticIotaTensor : StaticShapeTensorOf<[HLO_Int, HLO_Float,
                                                     HLO_Complex,
                                                     HLO_QuantizedInt]>;

// Shape op whose result type is inferred: `inferResultType` (defined in
// HLOShapeOps.cpp) checks the op's shape constraints and computes the type.
// Inferred and declared types are compatible when the static dimensions
// agree (see isCompatibleForHloTypeInference).
class HLO_ShapeInferOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat(traits, [Pure, InferTypeOpInterface])> {
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr attributes, ::mlir::OpaqueProperties properties,
        ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return inferResultType(ctx, loc,
          Adaptor(operands, attributes, properties, regions), inferred);
    }
    static ::llvm::LogicalResult inferResultType(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "Broadcasts operand dimensions to result dimensions";
  let description = [{
    Dimension `i` of `operand` becomes dimension `broadcast_dimensions[i]` of
    the result; it must have size 1 or the size of that result dimension.

    ```mlir
    %r = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLOShape_StaticTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_BroadcastOp : HLO_ShapeInferOp<"broadcast"> {
  let summary = "Prepends dimensions of the given sizes (deprecated)";
  let description = [{
    The result has shape `broadcast_sizes ++ shape(operand)`; prefer
    `broadcast_in_dim`.

    ```mlir
    %r = hlo.broadcast %x, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<DenseI64Array>($broadcast_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicBroadcastInDimOp : HLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim with a result shape computed at run time";
  let description = [{
    `output_dimensions` holds the result shape. `known_expanding_dimensions`
    and `known_nonexpanding_dimensions` are disjoint sets of operand
    dimensions known to be (respectively known not to be) broadcast.

    ```mlir
    %r = hlo.dynamic_broadcast_in_dim %x, %shape, dims = [0] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_Dim1IntTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` custom<DenseI64Array>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reshapes and transposes
//===----------------------------------------------------------------------===//

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure]> {
  let summary = "Changes the shape, keeping the elements in row-major order";
  let description = [{
    ```mlir
    %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLOShape_StaticTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicReshapeOp : HLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to a shape computed at run time";
  let description = [{
    ```mlir
    %r = hlo.dynamic_reshape %x, %shape : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Dim1IntTensor:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_TransposeOp : HLO_ShapeInferOp<"transpose"> {
  let summary = "Permutes the dimensions of the operand";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`.

    ```mlir
    %r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

def HLO_SliceOp : HLO_ShapeInferOp<"slice"> {
  let summary = "Extracts a strided slice with static bounds";
  let description = [{
    Ranges print as `[start:limit:stride, ...]`, the stride omitted when 1.

    ```mlir
    %r = hlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicSliceOp : HLO_ShapeInferOp<"dynamic_slice"> {
  let summary = "Extracts a slice of static sizes at run-time offsets";
  let description = [{
    Start indices are clamped so that the slice stays within the operand.

    ```mlir
    %r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       Variadic<HLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `` custom<StartIndices>($start_indices)
      `sizes` `=` custom<DenseI64Array>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicUpdateSliceOp : HLO_ShapeInferOp<"dynamic_update_slice"> {
  let summary = "Overwrites a slice of the operand at run-time offsets";
  let description = [{
    ```mlir
    %r = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_RealDynamicSliceOp : HLO_Op<"real_dynamic_slice", [Pure,
    AllTypesMatch<["start_indices", "limit_indices", "strides"]>]> {
  let summary = "slice with start, limit and strides computed at run time";
  let description = [{
    ```mlir
    %r = hlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_Dim1IntTensor:$start_indices,
                       HLO_Dim1IntTensor:$limit_indices,
                       HLO_Dim1IntTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Concatenate, pad, reverse
//===----------------------------------------------------------------------===//

def HLO_ConcatenateOp : HLO_ShapeInferOp<"concatenate"> {
  let summary = "Concatenates the inputs along one dimension";
  let description = [{
    ```mlir
    %r = hlo.concatenate %a, %b, dim = 0 : (tensor<1xf32>, tensor<2xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_PadOp : HLO_ShapeInferOp<"pad"> {
  let summary = "Pads the edges and the interior of the operand";
  let description = [{
    Negative edge padding removes elements; interior padding inserts
    `interior_padding[d]` padding values between adjacent elements.

    ```mlir
    %r = hlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<DenseI64Array>($edge_padding_low) `,`
      `high` `=` custom<DenseI64Array>($edge_padding_high) `,`
      `interior` `=` custom<DenseI64Array>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicPadOp : HLO_Op<"dynamic_pad", [Pure,
    AllTypesMatch<["edge_padding_low", "edge_padding_high",
                   "interior_padding"]>]> {
  let summary = "pad with paddings computed at run time";
  let description = [{
    ```mlir
    %r = hlo.dynamic_pad %x, %v, %low, %high, %interior : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       HLO_Dim1IntTensor:$edge_padding_low,
                       HLO_Dim1IntTensor:$edge_padding_high,
                       HLO_Dim1IntTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReverseOp : HLO_ShapeInferOp<"reverse"> {
  let summary = "Reverses the order of elements along the given dimensions";
  let description = [{
    ```mlir
    %r = hlo.reverse %x, dims = [0] : tensor<2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($dimensions)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Iota
//===----------------------------------------------------------------------===//

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let summary = "Counts up from zero along one dimension";
  let description = [{
    ```mlir
    %r = hlo.iota dim = 0 : tensor<4xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLOShape_StaticIotaTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def HLO_DynamicIotaOp : HLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota with a result shape computed at run time";
  let description = [{
    ```mlir
    %r = hlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_Dim1IntTensor:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLOShape_IotaTensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

def HLO_GatherOp : HLO_ShapeInferOp<"gather"> {
  let summary = "Gathers slices of the operand at run-time offsets";
  let description = [{
    Written in generic form, as StableHLO does:

    ```mlir
    %r = "hlo.gather"(%x, %idx) {
      dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                      start_index_map = [0], index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 3>
    } : (tensor<3x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
}

def HLO_DynamicGatherOp : HLO_ShapeInferOp<"dynamic_gather"> {
  let summary = "gather with slice sizes computed at run time";
  let description = [{
    When `slice_sizes` is a constant, the result shape is inferred exactly;
    otherwise the offset dimensions of the result are dynamic.
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       HLO_Dim1IntTensor:$slice_sizes,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
}

def HLO_TorchIndexSelectOp : HLO_ShapeInferOp<"torch_index_select"> {
  let summary = "PyTorch's index_select with leading batch dimensions";
  let description = [{
    The result has shape
    `shape(operand)[:dim] ++ shape(index)[batch_dims:] ++ shape(operand)[dim+1:]`.
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs HLO_Tensor:$result);
}

//===----------------------------------------------------------------------===//
// Dimension sizes
//===----------------------------------------------------------------------===//

def HLO_GetDimensionSizeOp : HLO_ShapeInferOp<"get_dimension_size"> {
  let summary = "The size of one dimension of the operand, as an i32 scalar";
  let description = [{
    ```mlir
    %r = hlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD
