//===- HLODistributedOps.cpp - hlo Distributed ops --------------------------------------===//
//
// Verifiers and type inference of the collectives, process ids, host
// communication, random-number and quantization ops. Constraint numbers in
// comments refer to the StableHLO specification.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "HLOVerifyUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include <unordered_set>

using namespace mlir;
using namespace xla::hlo;
using xla::OpDiag;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {
/// The `type` field of #hlo.channel_handle, numbered as in XLA.
enum ChannelType : int64_t {
  kChannelTypeInvalid = 0,
  kDeviceToDevice = 1,
  kDeviceToHost = 2,
  kHostToDevice = 3,
};

/// How an op constrains its replica_groups.
struct ReplicaGroupRules {
  /// -1 may pad groups shorter than the longest one (all_reduce).
  bool allowPadding = false;
  /// The ids must number the processes: together they are exactly 0..n-1
  /// (spec: 0 <= id < size(replica_groups), all unique).
  bool requireDenseIds = true;
  /// Every group must have this many members (all_to_all: split_count).
  std::optional<int64_t> groupSize;
  StringRef groupSizeSource;
};
} // namespace

static StringRef channelTypeName(int64_t type) {
  switch (type) {
  case kChannelTypeInvalid:
    return "CHANNEL_TYPE_INVALID";
  case kDeviceToDevice:
    return "DEVICE_TO_DEVICE";
  case kDeviceToHost:
    return "DEVICE_TO_HOST";
  case kHostToDevice:
    return "HOST_TO_DEVICE";
  default:
    return "unknown";
  }
}

/// The spec's `channel_id`: the handle of `channel_handle`, 0 without one.
static int64_t channelIdOf(ChannelHandleAttr channel) {
  return channel ? channel.getHandle() : 0;
}

/// The size of the process groups of all_gather and reduce_scatter, where
/// it is known statically: in the cross_replica mode (channel_id <= 0) and
/// the flattened_ids mode (use_global_device_ids) the process groups are the
/// replica groups. In the cross_replica_and_partition mode a group also spans
/// every partition, whose number the program does not state.
static std::optional<int64_t>
knownProcessGroupSize(DenseIntElementsAttr groups, ChannelHandleAttr channel,
                      bool useGlobalDeviceIds) {
  auto type = cast<ShapedType>(groups.getType());
  bool crossReplicaAndPartition =
      channelIdOf(channel) > 0 && !useGlobalDeviceIds;
  if (crossReplicaAndPartition || type.getRank() != 2 ||
      type.getNumElements() == 0)
    return std::nullopt;
  return type.getDimSize(1);
}

static LogicalResult verifyReplicaGroups(Operation *op,
                                         DenseIntElementsAttr groups,
                                         bool useGlobalDeviceIds,
                                         const ReplicaGroupRules &rules) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return OpDiag(op)() << "replica_groups must be a 2-dimensional tensor, got "
           << type;
  if (useGlobalDeviceIds && type.getNumElements() == 0)
    return OpDiag(op)()
        << "replica_groups must not be empty when use_global_device_ids is set";

  // Not a DenseSet: ids come from the program, and DenseMapInfo<int64_t>
  // reserves INT64_MAX and INT64_MIN as its empty and tombstone keys.
  std::unordered_set<int64_t> seen;
  for (int64_t id : groups.getValues<int64_t>()) {
    if (id == -1 && rules.allowPadding)
      continue;
    if (id < 0) {
      InFlightDiagnostic diag = OpDiag(op)() << "replica_groups holds id "
                                << id << ", but ids must be non-negative";
      if (rules.allowPadding)
        diag << " (only -1 may pad a group)";
      return diag;
    }
    if (!seen.insert(id).second)
      return OpDiag(op)() << "replica id "
             << id << " appears more than once in replica_groups";
  }
  if (rules.requireDenseIds) {
    int64_t count = seen.size();
    for (int64_t id : groups.getValues<int64_t>())
      if (id >= count)
        return OpDiag(op)() << "replica id "
               << id << " is out of range: the " << count
               << " ids of replica_groups must be 0.." << count - 1;
  }
  if (rules.groupSize && type.getNumElements() != 0 &&
      type.getDimSize(1) != *rules.groupSize)
    return OpDiag(op)() << "replica groups have "
           << type.getDimSize(1) << " members, but " << rules.groupSizeSource
           << " is " << *rules.groupSize;
  return success();
}

/// (C) If use_global_device_ids is set, channel_id > 0.
static LogicalResult verifyGlobalDeviceIds(Operation *op, bool useGlobal,
                                           ChannelHandleAttr channel) {
  if (useGlobal && channelIdOf(channel) <= 0) {
    InFlightDiagnostic diag = OpDiag(op)()
        << "use_global_device_ids requires a channel_handle with a positive "
        "handle, got ";
    if (channel)
      diag << "handle = " << channel.getHandle();
    else
      diag << "no channel_handle";
    return diag;
  }
  return success();
}

/// Checks that source_target_pairs is an Nx2 tensor of non-negative ids whose
/// sources and targets are each unique.
static LogicalResult verifySourceTargetPairs(Operation *op,
                                             DenseIntElementsAttr pairs) {
  auto type = cast<ShapedType>(pairs.getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return OpDiag(op)() << "source_target_pairs must have shape Nx2, got "
           << type;
  // Not DenseSets: see verifyReplicaGroups.
  std::unordered_set<int64_t> sources, targets;
  // Read in place (no copy): a splat of a huge type stops at its first
  // duplicate instead of being expanded.
  auto values = pairs.getValues<int64_t>();
  for (int64_t i = 0, e = pairs.getNumElements(); i + 1 < e; i += 2) {
    int64_t source = values[i], target = values[i + 1];
    if (source < 0 || target < 0)
      return OpDiag(op)() << "source_target_pairs holds a negative id in ["
             << source << ", " << target << "]";
    if (!sources.insert(source).second)
      return OpDiag(op)() << "source "
             << source << " appears more than once in source_target_pairs";
    if (!targets.insert(target).second)
      return OpDiag(op)() << "target "
             << target << " appears more than once in source_target_pairs";
  }
  return success();
}

static LogicalResult verifyOperandResultCount(Operation *op, size_t operands,
                                              size_t results) {
  if (operands != results)
    return OpDiag(op)() << "has "
           << operands << " operand(s) but " << results
           << " result(s); each operand produces one result";
  return success();
}

/// `dim` must index a dimension of `type`.
static LogicalResult verifyDimInRange(Operation *op, StringRef name,
                                      int64_t dim, RankedTensorType type,
                                      unsigned operandIndex) {
  if (dim < 0 || dim >= type.getRank())
    return OpDiag(op)()
           << name << " " << dim << " is out of range [0, " << type.getRank()
           << ") for operand #" << operandIndex << " of type " << type;
  return success();
}

/// Checks that `region` computes `(tensor<E>, tensor<E>) -> tensor<E>` and
/// that the element type of every operand promotes to E. Returns E.
static FailureOr<Type> verifyReducer(Operation *op, Region &region,
                                     TypeRange operandTypes) {
  if (region.empty())
    return OpDiag(op)() << "computation region must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != 2)
    return OpDiag(op)() << "computation must take 2 arguments of type "
                           "tensor<E>, got "
           << block.getNumArguments();
  Type argType = block.getArgument(0).getType();
  for (BlockArgument arg : block.getArguments()) {
    auto tensor = dyn_cast<RankedTensorType>(arg.getType());
    if (!tensor || tensor.getRank() != 0)
      return OpDiag(op)() << "computation argument #"
             << arg.getArgNumber() << " must be a 0-d tensor, got "
             << arg.getType();
    if (arg.getType() != argType)
      return OpDiag(op)() << "computation arguments must have the same type, "
                             "got "
             << argType << " and " << arg.getType();
  }
  auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return OpDiag(op)() << "computation must end with hlo.return";
  if (ret->getNumOperands() != 1 || ret->getOperand(0).getType() != argType) {
    InFlightDiagnostic diag = OpDiag(op)() << "computation must return one "
                                              "value of its argument type "
                              << argType << ", got (";
    llvm::interleaveComma(ret->getOperandTypes(), diag);
    return diag << ")";
  }
  Type element = cast<RankedTensorType>(argType).getElementType();
  for (auto [i, type] : llvm::enumerate(operandTypes)) {
    Type operandElement = getElementTypeOrSelf(type);
    if (!verify_utils::isPromotable(operandElement, element))
      return OpDiag(op)() << "computation element type "
             << element << " cannot accumulate operand #" << i
             << " of element type " << operandElement;
  }
  return element;
}

/// Result `index` must have the shape of `operand` and element type
/// `element`.
static LogicalResult verifyReducedResult(Operation *op, unsigned index,
                                         Type operand, Type result,
                                         Type element) {
  RankedTensorType expected = withElementType(operand, element);
  if (!isCompatibleForHloTypeInference(TypeRange{expected}, TypeRange{result}))
    return OpDiag(op)() << "result #"
           << index << " has type " << result << ", expected " << expected
           << " (the operand shape with the computation element type)";
  return success();
}

/// The root operand of a has_dynamic_root collective: a 1-D integer tensor
/// with one entry per data operand.
static LogicalResult verifyDynamicRoot(Operation *op, OperandRange operands,
                                       bool hasDynamicRoot,
                                       OperandRange &data) {
  data = operands;
  if (!hasDynamicRoot)
    return success();
  if (operands.size() < 2)
    return OpDiag(op)() << "has_dynamic_root requires at least one data "
                           "operand followed by the root operand";
  data = operands.drop_back();
  Type rootType = operands.back().getType();
  auto root = cast<RankedTensorType>(rootType);
  if (root.getRank() != 1 || !isa<IntegerType>(root.getElementType()) ||
      (!root.isDynamicDim(0) && root.getDimSize(0) != (int64_t)data.size()))
    return OpDiag(op)() << "the root operand must be a 1-D integer tensor "
                           "with one entry per data operand ("
           << data.size() << "), got " << rootType;
  return success();
}

//===----------------------------------------------------------------------===//
// AllGatherOp
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  ChannelHandleAttr channel = getChannelHandleAttr();
  bool useGlobal = getUseGlobalDeviceIds();
  if (failed(verifyOperandResultCount(*this, getNumOperands(),
                                      getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(), useGlobal, {})) ||
      failed(verifyGlobalDeviceIds(*this, useGlobal, channel)))
    return failure();

  std::optional<int64_t> groupSize =
      knownProcessGroupSize(getReplicaGroups(), channel, useGlobal);

  int64_t dim = (int64_t)getAllGatherDim();
  for (auto [i, operandValue, resultValue] :
       llvm::enumerate(getOperands(), getResults())) {
    auto operand = cast<RankedTensorType>(operandValue.getType());
    auto result = cast<RankedTensorType>(resultValue.getType());
    // (C1) all_gather_dim in [0, rank(operand)).
    if (failed(verifyDimInRange(*this, "all_gather_dim", dim, operand, i)))
      return failure();
    // (C6) type(result) = type(operand) except along all_gather_dim.
    if (result.getRank() != operand.getRank() ||
        result.getElementType() != operand.getElementType())
      return OpDiag(getOperation())() << "result #"
             << i << " of type " << result
             << " must have the rank and element type of operand " << operand;
    for (int64_t d = 0; d < operand.getRank(); ++d) {
      int64_t in = operand.getDimSize(d), out = result.getDimSize(d);
      if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
        continue;
      if (d != dim) {
        if (in != out)
          return OpDiag(getOperation())() << "result #"
                 << i << " has size " << out << " in dimension " << d
                 << " but the operand has " << in
                 << "; only all_gather_dim " << dim << " may differ";
        continue;
      }
      if (groupSize) {
        if (out != in * *groupSize)
          return OpDiag(getOperation())() << "result #"
                 << i << " has size " << out << " along all_gather_dim "
                 << dim << ", expected " << in * *groupSize
                 << " (operand size " << in << " times the " << *groupSize
                 << " processes of a process group)";
      } else if ((in == 0 && out != 0) ||
                 (in != 0 && (out == 0 || out % in != 0))) {
        return OpDiag(getOperation())() << "result #"
               << i << " has size " << out << " along all_gather_dim " << dim
               << ", which is not a positive multiple of the operand size "
               << in;
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AllReduceOp and CollectiveReduceOp
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::verify() {
  ReplicaGroupRules rules;
  rules.allowPadding = true;
  if (failed(verifyOperandResultCount(*this, getNumOperands(),
                                      getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(),
                                 getUseGlobalDeviceIds(), rules)) ||
      failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   getChannelHandleAttr())))
    return failure();
  return success();
}

LogicalResult AllReduceOp::verifyRegions() {
  FailureOr<Type> element =
      verifyReducer(*this, getComputation(), getOperands().getTypes());
  if (failed(element))
    return failure();
  for (auto [i, operand, result] :
       llvm::enumerate(getOperandTypes(), getResultTypes()))
    if (failed(verifyReducedResult(*this, i, operand, result, *element)))
      return failure();
  return success();
}

LogicalResult CollectiveReduceOp::verify() {
  OperandRange data = getOperands();
  if (failed(verifyDynamicRoot(*this, getOperands(), getHasDynamicRoot(),
                               data)))
    return failure();
  ReplicaGroupRules rules;
  rules.allowPadding = true;
  if (failed(verifyOperandResultCount(*this, data.size(), getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(),
                                 getUseGlobalDeviceIds(), rules)) ||
      failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   getChannelHandleAttr())))
    return failure();
  return success();
}

LogicalResult CollectiveReduceOp::verifyRegions() {
  OperandRange data = getOperands();
  if (getHasDynamicRoot() && !data.empty())
    data = data.drop_back();
  FailureOr<Type> element =
      verifyReducer(*this, getComputation(), data.getTypes());
  if (failed(element))
    return failure();
  for (auto [i, operand, result] :
       llvm::enumerate(data.getTypes(), getResultTypes()))
    if (failed(verifyReducedResult(*this, i, operand, result, *element)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// AllToAllOp
//===----------------------------------------------------------------------===//

/// Checks split_count and the dimensions of all_to_all, and computes the
/// result types when `inferred` is given. `emitError` reports a violation.
static LogicalResult
checkAllToAll(function_ref<InFlightDiagnostic()> emitError, TypeRange operands,
              int64_t splitDim, int64_t concatDim, int64_t splitCount,
              SmallVectorImpl<Type> *inferred) {
  // (C4) split_count > 0.
  if (splitCount <= 0)
    return emitError() << "split_count must be positive, got " << splitCount;
  for (auto [i, operandType] : llvm::enumerate(operands)) {
    auto type = dyn_cast<RankedTensorType>(operandType);
    if (!type)
      return emitError() << "operand #" << i << " must be a ranked tensor";
    // (C1), (C3) the dimensions index the operand.
    for (auto [name, dim] :
         {std::pair<StringRef, int64_t>{"split_dimension", splitDim},
          std::pair<StringRef, int64_t>{"concat_dimension", concatDim}})
      if (dim < 0 || dim >= type.getRank())
        return emitError() << name << " " << dim << " is out of range [0, "
                           << type.getRank() << ") for operand #" << i
                           << " of type " << type;
    SmallVector<int64_t> shape(type.getShape());
    // (C2) dim(operand, split_dimension) % split_count = 0.
    if (!type.isDynamicDim(splitDim)) {
      if (shape[splitDim] % splitCount != 0)
        return emitError() << "split_dimension " << splitDim << " of operand #"
                           << i << " has size " << shape[splitDim]
                           << ", which is not divisible by split_count "
                           << splitCount;
      shape[splitDim] /= splitCount;
    }
    // (C8) the result shrinks along split_dimension and grows along
    // concat_dimension.
    if (!ShapedType::isDynamic(shape[concatDim]))
      shape[concatDim] *= splitCount;
    if (inferred)
      inferred->push_back(RankedTensorType::get(shape, type.getElementType()));
  }
  return success();
}

LogicalResult AllToAllOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  AllToAllOp::Adaptor adaptor(operands, attributes, properties, regions);
  IntegerAttr splitDim = adaptor.getSplitDimensionAttr();
  IntegerAttr concatDim = adaptor.getConcatDimensionAttr();
  IntegerAttr splitCount = adaptor.getSplitCountAttr();
  // Without a location the failure is silent, as with emitOptionalError.
  auto emitError = [&]() -> InFlightDiagnostic {
    if (!loc)
      return InFlightDiagnostic();
    return mlir::emitError(*loc) << "'hlo.all_to_all' op ";
  };
  if (!splitDim || !concatDim || !splitCount)
    return emitError() << "requires split_dimension, concat_dimension and "
                          "split_count";
  return checkAllToAll(emitError, operands.getTypes(), splitDim.getInt(),
                       concatDim.getInt(), splitCount.getInt(), &inferred);
}

LogicalResult AllToAllOp::verify() {
  // The dimension checks come first: the inferred result types, verified
  // after this, are only defined when they hold.
  if (failed(checkAllToAll(
          [&]() -> InFlightDiagnostic { return OpDiag(getOperation())(); },
          getOperandTypes(), (int64_t)getSplitDimension(),
          (int64_t)getConcatDimension(), (int64_t)getSplitCount(),
          /*inferred=*/nullptr)))
    return failure();
  ReplicaGroupRules rules;
  rules.groupSize = (int64_t)getSplitCount();
  rules.groupSizeSource = "split_count";
  return verifyReplicaGroups(*this, getReplicaGroups(),
                             /*useGlobalDeviceIds=*/false, rules);
}

//===----------------------------------------------------------------------===//
// ReduceScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceScatterOp::verify() {
  ChannelHandleAttr channel = getChannelHandleAttr();
  bool useGlobal = getUseGlobalDeviceIds();
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), useGlobal, {})) ||
      failed(verifyGlobalDeviceIds(*this, useGlobal, channel)))
    return failure();

  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t dim = (int64_t)getScatterDimension();
  // scatter_dimension in [0, rank(operand)).
  if (failed(verifyDimInRange(*this, "scatter_dimension", dim, operand, 0)))
    return failure();
  if (result.getRank() != operand.getRank())
    return OpDiag(getOperation())() << "result of type "
           << result << " must have the rank of operand " << operand;

  std::optional<int64_t> groupSize =
      knownProcessGroupSize(getReplicaGroups(), channel, useGlobal);

  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t in = operand.getDimSize(d), out = result.getDimSize(d);
    if (d != dim) {
      if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) &&
          in != out)
        return OpDiag(getOperation())() << "result has size "
               << out << " in dimension " << d << " but the operand has "
               << in << "; only scatter_dimension " << dim << " may differ";
      continue;
    }
    if (ShapedType::isDynamic(in))
      continue;
    // dim(operand, scatter_dimension) is split evenly between the processes
    // of a group.
    if (groupSize) {
      if (in % *groupSize != 0)
        return OpDiag(getOperation())() << "scatter_dimension "
               << dim << " of the operand has size " << in
               << ", which is not divisible by the " << *groupSize
               << " processes of a process group";
      if (!ShapedType::isDynamic(out) && out != in / *groupSize)
        return OpDiag(getOperation())() << "result has size "
               << out << " along scatter_dimension " << dim << ", expected "
               << in / *groupSize << " (operand size " << in << " / "
               << *groupSize << " processes of a process group)";
    } else if (!ShapedType::isDynamic(out) &&
               ((out == 0 && in != 0) || (out != 0 && in % out != 0))) {
      return OpDiag(getOperation())() << "operand size "
             << in << " along scatter_dimension " << dim
             << " is not a multiple of the result size " << out;
    }
  }
  return success();
}

LogicalResult ReduceScatterOp::verifyRegions() {
  FailureOr<Type> element =
      verifyReducer(*this, getComputation(), getOperand().getType());
  if (failed(element))
    return failure();
  if (getElementTypeOrSelf(getType()) != *element)
    return OpDiag(getOperation())() << "result element type "
           << getElementTypeOrSelf(getType())
           << " must be the computation element type " << *element;
  return success();
}

//===----------------------------------------------------------------------===//
// CollectivePermuteOp and CollectiveBroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult CollectivePermuteOp::verify() {
  return verifySourceTargetPairs(*this, getSourceTargetPairs());
}

LogicalResult CollectiveBroadcastOp::verify() {
  OperandRange data = getOperands();
  if (failed(verifyDynamicRoot(*this, getOperands(), getHasDynamicRoot(),
                               data)) ||
      failed(verifyOperandResultCount(*this, data.size(), getNumResults())))
    return failure();
  // type(result) = type(operand).
  for (auto [i, operand, result] :
       llvm::enumerate(data.getTypes(), getResultTypes()))
    if (operand != result)
      return OpDiag(getOperation())() << "result #"
             << i << " has type " << result << " but operand #" << i
             << " has type " << operand << "; they must match";
  // The ids are unique and non-negative, but need not number all processes:
  // processes in no group receive zeros.
  ReplicaGroupRules rules;
  rules.requireDenseIds = false;
  return verifyReplicaGroups(*this, getReplicaGroups(),
                             /*useGlobalDeviceIds=*/false, rules);
}

//===----------------------------------------------------------------------===//
// Host communication
//===----------------------------------------------------------------------===//

/// results[:-1] are tensors and results[-1] is a token.
static LogicalResult verifyTensorsThenToken(Operation *op) {
  if (op->getNumResults() == 0)
    return OpDiag(op)() << "must have at least one result, the token";
  Type last = op->getResult(op->getNumResults() - 1).getType();
  if (!isa<TokenType>(last))
    return OpDiag(op)() << "last result must be a token, got " << last;
  for (auto [i, type] :
       llvm::enumerate(TypeRange(op->getResultTypes()).drop_back()))
    if (!isa<RankedTensorType>(type))
      return OpDiag(op)() << "result #"
             << i << " must be a tensor, got " << type
             << "; only the last result is a token";
  return success();
}

LogicalResult InfeedOp::verify() {
  if (failed(verifyTensorsThenToken(*this)))
    return failure();
  std::optional<ArrayAttr> layout = getLayout();
  if (!layout)
    return success();
  TypeRange tensors = TypeRange(getResultTypes()).drop_back();
  if (layout->size() != tensors.size())
    return OpDiag(getOperation())() << "layout has "
           << layout->size() << " entries but the infeed produces "
           << tensors.size() << " tensor(s)";
  for (auto [i, entry, type] : llvm::enumerate(*layout, tensors)) {
    auto dims = dyn_cast<ArrayAttr>(entry);
    int64_t rank = cast<RankedTensorType>(type).getRank();
    SmallVector<bool> used(rank, false);
    bool ok = dims && (int64_t)dims.size() == rank;
    for (Attribute d : ok ? dims.getValue() : ArrayRef<Attribute>()) {
      auto dim = dyn_cast<IntegerAttr>(d);
      if (!dim || dim.getValue().getSExtValue() < 0 ||
          dim.getValue().getSExtValue() >= rank ||
          used[dim.getValue().getSExtValue()]) {
        ok = false;
        break;
      }
      used[dim.getValue().getSExtValue()] = true;
    }
    if (!ok)
      return OpDiag(getOperation())() << "layout #"
             << i << " must be an array holding a permutation of [0, " << rank
             << ") for result type " << type << ", got " << entry;
  }
  return success();
}

/// send: DEVICE_TO_HOST for host transfers, DEVICE_TO_DEVICE otherwise;
/// recv: HOST_TO_DEVICE for host transfers, DEVICE_TO_DEVICE otherwise.
static LogicalResult verifyChannelType(Operation *op, ChannelHandleAttr channel,
                                       bool isHostTransfer,
                                       int64_t hostChannelType) {
  int64_t expected = isHostTransfer ? hostChannelType : kDeviceToDevice;
  if (channel.getType() != expected)
    return OpDiag(op)() << "channel_handle type must be "
           << expected << " (" << channelTypeName(expected)
           << ") when is_host_transfer is "
           << (isHostTransfer ? "true" : "false") << ", got "
           << channel.getType() << " (" << channelTypeName(channel.getType())
           << ")";
  return success();
}

LogicalResult SendOp::verify() {
  if (failed(verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                               kDeviceToHost)))
    return failure();
  if (auto pairs = getSourceTargetPairsAttr())
    return verifySourceTargetPairs(*this, pairs);
  return success();
}

LogicalResult RecvOp::verify() {
  if (failed(verifyTensorsThenToken(*this)) ||
      failed(verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                               kHostToDevice)))
    return failure();
  if (auto pairs = getSourceTargetPairsAttr())
    return verifySourceTargetPairs(*this, pairs);
  return success();
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  // NORMAL draws floating-point numbers only.
  if (getRngDistribution() == RngDistribution::NORMAL &&
      !isa<FloatType>(result.getElementType()))
    return OpDiag(getOperation())()
        << "distribution NORMAL requires a floating-point element "
                       "type, got "
           << result.getElementType();

  // shape(result) = shape.
  auto shapeType = cast<RankedTensorType>(getShape().getType());
  if (!shapeType.isDynamicDim(0) && shapeType.getDimSize(0) != result.getRank())
    return OpDiag(getOperation())() << "result of rank "
           << result.getRank() << " does not match the "
           << shapeType.getDimSize(0) << " element(s) of the shape operand";
  DenseIntElementsAttr shape;
  if (!matchPattern(getShape(), m_Constant(&shape)))
    return success();
  SmallVector<int64_t> dims;
  for (const APInt &d : shape.getValues<APInt>())
    dims.push_back(shapeType.getElementType().isUnsignedInteger()
                       ? (int64_t)d.getZExtValue()
                       : d.getSExtValue());
  bool ok = (int64_t)dims.size() == result.getRank();
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0)
      return OpDiag(getOperation())()
          << "shape operand holds negative dimension size " << d;
    if (ok && !result.isDynamicDim(i) && result.getDimSize(i) != d)
      ok = false;
  }
  if (!ok) {
    InFlightDiagnostic diag = OpDiag(getOperation())() << "result type "
                              << result << " does not match the shape [";
    llvm::interleaveComma(dims, diag);
    return diag << "] of the shape operand";
  }
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  // type(initial_state) = type(output_state).
  Type state = getInitialState().getType();
  if (getOutputState().getType() != state)
    return OpDiag(getOperation())() << "output_state type "
           << getOutputState().getType()
           << " must match the initial_state type " << state;
  // size(initial_state): 2 for THREE_FRY, 2 or 3 for PHILOX.
  auto stateType = cast<RankedTensorType>(state);
  if (stateType.isDynamicDim(0))
    return success();
  int64_t size = stateType.getDimSize(0);
  switch (getRngAlgorithm()) {
  case RngAlgorithm::THREE_FRY:
    if (size != 2)
      return OpDiag(getOperation())()
          << "algorithm THREE_FRY requires an initial_state of 2 "
                         "elements, got "
             << size;
    break;
  case RngAlgorithm::PHILOX:
    if (size != 2 && size != 3)
      return OpDiag(getOperation())()
          << "algorithm PHILOX requires an initial_state of 2 or "
                         "3 elements, got "
             << size;
    break;
  case RngAlgorithm::DEFAULT:
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

/// A per-axis quantized tensor type needs a quantized dimension inside its
/// rank, with one scale per slice of that dimension.
static LogicalResult verifyPerAxisQuantization(Operation *op, StringRef name,
                                               Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto perAxis = tensor ? dyn_cast<quant::UniformQuantizedPerAxisType>(
                              tensor.getElementType())
                        : quant::UniformQuantizedPerAxisType();
  if (!perAxis)
    return success();
  int64_t dim = perAxis.getQuantizedDimension();
  if (dim < 0 || dim >= tensor.getRank())
    return OpDiag(op)()
           << name << " quantized dimension " << dim
           << " is out of range [0, " << tensor.getRank() << ") for type "
           << type;
  int64_t scales = perAxis.getScales().size();
  if (!tensor.isDynamicDim(dim) && tensor.getDimSize(dim) != scales)
    return OpDiag(op)()
           << name << " type " << type << " has " << scales
           << " scale(s) for quantized dimension " << dim << " of size "
           << tensor.getDimSize(dim);
  return success();
}

LogicalResult UniformQuantizeOp::verify() {
  Type operandElement = getElementTypeOrSelf(getOperand().getType());
  auto resultElement =
      cast<quant::QuantizedType>(getElementTypeOrSelf(getType()));
  // expressed_type(result) = is_float(operand) ? element_type(operand)
  //                                            : expressed_type(operand).
  Type expressed = operandElement;
  if (auto q = dyn_cast<quant::QuantizedType>(operandElement))
    expressed = q.getExpressedType();
  if (resultElement.getExpressedType() != expressed)
    return OpDiag(getOperation())() << "result expressed type "
           << resultElement.getExpressedType()
           << " must match the operand's " << expressed;
  if (failed(verifyPerAxisQuantization(*this, "operand",
                                       getOperand().getType())))
    return failure();
  return verifyPerAxisQuantization(*this, "result", getType());
}

LogicalResult UniformDequantizeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto tensor = operands.empty()
                    ? RankedTensorType()
                    : dyn_cast<RankedTensorType>(operands[0].getType());
  auto quantized = tensor ? dyn_cast<quant::QuantizedType>(
                                tensor.getElementType())
                          : quant::QuantizedType();
  if (!quantized)
    return emitOptionalError(loc, "'hlo.uniform_dequantize' op expects a "
                                  "tensor of quantized type");
  // element_type(result) = expressed_type(operand).
  inferred.push_back(tensor.clone(quantized.getExpressedType()));
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  return verifyPerAxisQuantization(*this, "operand", getOperand().getType());
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.cpp.inc"
