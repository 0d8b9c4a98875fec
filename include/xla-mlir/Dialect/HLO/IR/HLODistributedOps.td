//===- HLODistributedOps.td - hlo Distributed ops ---------------------------*- tablegen -*-===//
//
// Collectives (all_gather, all_reduce, all_to_all, reduce_scatter,
// collective_permute, collective_broadcast, collective_reduce), process ids,
// host communication (infeed, outfeed, send, recv), random numbers (rng,
// rng_bit_generator) and quantization (uniform_quantize, uniform_dequantize).
//
// Collectives, infeed/outfeed and send/recv have no pretty form in StableHLO:
// they print and parse in the generic form, e.g.
//   "hlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = ...}>
// The others reproduce StableHLO's custom syntax.
//
// Collectives, infeed/outfeed, send/recv and rng declare no memory effects,
// so they are treated as having unknown side effects and are never folded
// away or merged.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

def HLO_AllGatherOp : HLO_Op<"all_gather"> {
  let summary = "Concatenates the operands of every process of a group";
  let description = [{
    Within each process group, concatenates the `operands` of all processes
    along `all_gather_dim`. Variadic: operand `i` produces result `i`.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$operands,
      I64Attr:$all_gather_dim,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_AllReduceOp : HLO_Op<"all_reduce"> {
  let summary = "Reduces the operands of every process of a group";
  let description = [{
    Within each process group, reduces the `operands` of all processes with
    `computation`, a `(tensor<E>, tensor<E>) -> tensor<E>` region. Variadic:
    the computation is applied to each operand separately.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$operands,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_CollectiveReduceOp : HLO_Op<"collective_reduce"> {
  let summary = "Reduces the operands of a group onto its root process";
  let description = [{
    Like `all_reduce`, but only the root of each process group (its first
    member) receives the reduction; the other processes receive zeros.
    With `has_dynamic_root`, the last operand is a 1-D integer tensor that
    holds, for each data operand, the index of the root within its group.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$operands,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids,
      UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_AllToAllOp : HLO_Op<"all_to_all", [InferTypeOpInterface]> {
  let summary = "Splits operands and exchanges the parts within a group";
  let description = [{
    Within each process group, splits each operand into `split_count` parts
    along `split_dimension`, sends part `i` to the `i`-th process of the
    group, and concatenates the received parts along `concat_dimension`.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$operands,
      I64Attr:$split_dimension,
      I64Attr:$concat_dimension,
      I64Attr:$split_count,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> loc, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr attributes, ::mlir::OpaqueProperties properties,
        ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return ::xla::hlo::isCompatibleForHloTypeInference(l, r);
    }
  }];
}

def HLO_ReduceScatterOp : HLO_Op<"reduce_scatter"> {
  let summary = "Reduces within a group, then scatters the parts";
  let description = [{
    Within each process group, reduces the operands with `computation` and
    splits the reduction along `scatter_dimension` into one part per process.
  }];
  let arguments = (ins
      HLO_Tensor:$operand,
      I64Attr:$scatter_dimension,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_CollectivePermuteOp : HLO_Op<"collective_permute",
    [AllTypesMatch<["operand", "result"]>]> {
  let summary = "Sends the operand from source to target processes";
  let description = [{
    Each `[source, target]` pair of `source_target_pairs` sends the operand
    of `source` to `target`; processes that are no target receive zeros.
  }];
  let arguments = (ins
      HLO_Tensor:$operand,
      I64ElementsAttr:$source_target_pairs,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_CollectiveBroadcastOp : HLO_Op<"collective_broadcast"> {
  let summary = "Broadcasts the operands of a group's root to the group";
  let description = [{
    Within each process group, sends the operands of the root process (the
    first of the group) to every process of the group; processes in no group
    receive zeros. With `has_dynamic_root`, the last operand is a 1-D integer
    tensor that holds, for each data operand, the index of its root within
    the group.
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$operands,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<HLO_ChannelHandle>:$channel_handle,
      UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Process ids
//===----------------------------------------------------------------------===//

class HLO_ProcessIdOp<string mnemonic> : HLO_Op<mnemonic,
    [Pure, InferTypeOpInterface]> {
  let results = (outs 0DTensorOf<[UI32]>);
  let assemblyFormat = "attr-dict `:` type(results)";
  let extraClassDeclaration = [{
    static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext *ctx,
        std::optional<::mlir::Location>, ::mlir::ValueRange,
        ::mlir::DictionaryAttr, ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      inferred.push_back(::mlir::RankedTensorType::get(
          {}, ::mlir::IntegerType::get(ctx, 32, ::mlir::IntegerType::Unsigned)));
      return ::mlir::success();
    }
  }];
}

def HLO_ReplicaIdOp : HLO_ProcessIdOp<"replica_id"> {
  let summary = "The replica id of the current process";
}

def HLO_PartitionIdOp : HLO_ProcessIdOp<"partition_id"> {
  let summary = "The partition id of the current process";
}

//===----------------------------------------------------------------------===//
// Host communication
//===----------------------------------------------------------------------===//

def HLO_InfeedOp : HLO_Op<"infeed"> {
  let summary = "Reads values from the infeed";
  let description = [{
    Reads tensors from the infeed; the last result is a token. `layout`, when
    given, holds one minor-to-major permutation per tensor result.
  }];
  let arguments = (ins
      HLO_Token:$token,
      DefaultValuedOptionalAttr<StrAttr, "\"\"">:$infeed_config,
      OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def HLO_OutfeedOp : HLO_Op<"outfeed",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Writes values to the outfeed";
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      HLO_Token:$token,
      DefaultValuedOptionalAttr<StrAttr, "\"\"">:$outfeed_config);
  let results = (outs HLO_Token);
}

def HLO_SendOp : HLO_Op<"send",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Sends values over a channel";
  let description = [{
    Sends `inputs` over `channel_handle`, to the host when `is_host_transfer`
    is set (channel type DEVICE_TO_HOST), to another device otherwise
    (DEVICE_TO_DEVICE).
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      HLO_Token:$token,
      HLO_ChannelHandle:$channel_handle,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
      OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs HLO_Token);
  let hasVerifier = 1;
}

def HLO_RecvOp : HLO_Op<"recv"> {
  let summary = "Receives values over a channel";
  let description = [{
    Receives tensors over `channel_handle`, from the host when
    `is_host_transfer` is set (channel type HOST_TO_DEVICE), from another
    device otherwise (DEVICE_TO_DEVICE). The last result is a token.
  }];
  let arguments = (ins
      HLO_Token:$token,
      HLO_ChannelHandle:$channel_handle,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
      OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

def HLO_RngOp : HLO_Op<"rng", [AllElementTypesMatch<["a", "b", "result"]>]> {
  let summary = "Random numbers of a distribution with parameters a and b";
  let description = [{
    UNIFORM: uniform in [a, b). NORMAL: normal with mean a and standard
    deviation b (floating-point only). `shape` gives the result shape.
  }];
  let arguments = (ins
      0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
      0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
      HLO_Dim1IntTensor:$shape,
      HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_RngBitGeneratorOp : HLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "Random bits from a pseudorandom generator state";
  let description = [{
    Returns the updated generator state and a tensor of uniformly random
    bits. THREE_FRY takes a 2-element state, PHILOX a 2- or 3-element one.
  }];
  let arguments = (ins
      HLO_RngAlgorithmAttr:$rng_algorithm,
      1DTensorOf<[UI64]>:$initial_state);
  let results = (outs
      1DTensorOf<[UI64]>:$output_state,
      RankedTensorOf<[HLO_Int, HLO_Float]>:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

def HLO_UniformQuantizeOp : HLO_Op<"uniform_quantize", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Quantizes floats, or requantizes quantized values";
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>:$operand);
  let results = (outs HLO_QuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_UniformDequantizeOp : HLO_Op<"uniform_dequantize", [Pure,
    Elementwise, SameOperandsAndResultShape, InferTypeOpInterface]> {
  let summary = "Converts quantized values to their expressed type";
  let arguments = (ins HLO_QuantizedTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
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

#endif // XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_TD
