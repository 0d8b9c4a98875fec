//===- HLOShapeOps.cpp - hlo Shape ops ------------------------------------===//
//
// Verification and result-type inference of the shape ops. The constraint
// labels (C1), (C2), ... in comments refer to the op's section of the
// StableHLO specification.
//
// Inferring ops (HLO_ShapeInferOp) check their constraints in
// `inferResultType`, which MLIR runs through the InferTypeOpInterface trait
// before any `verify`; their diagnostics go through `OpDiag`, which reports
// `'hlo.<op>' op ...` at a location since no Operation may exist yet.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "HLOVerifyUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::verify_utils;
using xla::OpDiag;

namespace {

LogicalResult checkElementTypes(const OpDiag &err, StringRef what, Type type,
                                StringRef likeWhat, Type like) {
  if (haveCompatibleElementTypes({type, like}))
    return success();
  return err(what, " element type ", getElementTypeOrSelf(type),
             " differs from the ", likeWhat, " element type ",
             getElementTypeOrSelf(like));
}

/// Checks that `dims` (the attribute `name`) lists distinct dimensions in
/// [0, bound), where `bound` is the rank of `boundOf`.
LogicalResult checkDims(const OpDiag &err, StringRef name,
                        ArrayRef<int64_t> dims, int64_t bound,
                        StringRef boundOf, bool mustBeSorted = false) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= bound)
      return err(name, " ", fmtDims(dims), ": dimension ", d,
                 " is out of range [0, ", bound, ") of the ", boundOf,
                 " rank");
    if (!seen.insert(d).second)
      return err(name, " ", fmtDims(dims), " has duplicate dimension ", d);
    if (mustBeSorted && i > 0 && dims[i - 1] > d)
      return err(name, " ", fmtDims(dims), " must be sorted");
  }
  return success();
}

LogicalResult checkSize(const OpDiag &err, StringRef name,
                        ArrayRef<int64_t> values, int64_t expected,
                        StringRef what) {
  if ((int64_t)values.size() == expected)
    return success();
  return err(name, " ", fmtDims(values), " has ", values.size(),
             " elements but ", what, " is ", expected);
}

/// The ranked tensor type of `v`; null (after a diagnostic) otherwise.
RankedTensorType rankedType(const OpDiag &err, const Twine &what, Value v) {
  if (auto t = v ? dyn_cast<RankedTensorType>(v.getType()) : nullptr)
    return t;
  (void)err("expects ", what, " to be a ranked tensor");
  return {};
}

/// Number of elements of a static shape; nullopt if dynamic or overflowing.
std::optional<int64_t> numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      return std::nullopt;
    std::optional<int64_t> m = llvm::checkedMul(n, d);
    if (!m)
      return std::nullopt;
    n = *m;
  }
  return n;
}

/// The integer values of a constant 1-D shape operand, if it is one.
std::optional<SmallVector<int64_t>> constantValues(Value v) {
  DenseIntElementsAttr attr;
  if (!v || !matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  return rankSizedValues(attr);
}

/// Checks that all start indices have the same type (dynamic_slice C3,
/// dynamic_update_slice C5).
LogicalResult checkSameIndexTypes(const OpDiag &err, ValueRange indices) {
  for (auto [i, v] : llvm::enumerate(indices))
    if (v.getType() != indices[0].getType())
      return err("start index #", i, " has type ", v.getType(),
                 " but start index #0 has type ", indices[0].getType(),
                 "; all start indices must have the same type");
  return success();
}

/// Result size of one slice dimension: ceil((limit - start) / stride), for
/// 0 <= start <= limit and stride > 0 (no overflow).
int64_t stridedSize(int64_t start, int64_t limit, int64_t stride) {
  int64_t diff = limit - start;
  return diff / stride + (diff % stride != 0);
}

/// Checks one dimension of a (real_dynamic_)slice, slice C3/C4, and returns
/// its result size.
FailureOr<int64_t> sliceDim(const OpDiag &err, unsigned i, int64_t start,
                            int64_t limit, int64_t stride, int64_t dimSize) {
  if (stride <= 0)
    return err("stride ", stride, " of dimension ", i, " must be positive");
  if (start < 0 || start > limit ||
      (!ShapedType::isDynamic(dimSize) && limit > dimSize))
    return err("slice range ", start, ":", limit, " of dimension ", i,
               " must satisfy 0 <= start <= limit <= ", dimStr(dimSize),
               " (the operand dimension size)");
  return stridedSize(start, limit, stride);
}

//===----------------------------------------------------------------------===//
// Gather (shared by gather and dynamic_gather)
//===----------------------------------------------------------------------===//

/// Checks the gather constraints (C1-C21) and computes the result shape
/// (C22). `sliceSizes` has rank(operand) entries; kDynamic entries (a
/// dynamic_gather whose slice sizes are not constant) are not checked and
/// give dynamic offset dimensions.
LogicalResult inferGatherShape(const OpDiag &err, RankedTensorType operand,
                               RankedTensorType indices,
                               GatherDimensionNumbersAttr dn,
                               ArrayRef<int64_t> sliceSizes,
                               SmallVectorImpl<int64_t> &resultShape) {
  if (!dn)
    return err("requires a dimension_numbers attribute");
  int64_t operandRank = operand.getRank();
  int64_t indicesRank = indices.getRank();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  ArrayRef<int64_t> collapsed = dn.getCollapsedSliceDims();
  ArrayRef<int64_t> operandBatching = dn.getOperandBatchingDims();
  ArrayRef<int64_t> indicesBatching = dn.getStartIndicesBatchingDims();
  ArrayRef<int64_t> startIndexMap = dn.getStartIndexMap();
  int64_t indexVectorDim = dn.getIndexVectorDim();

  // (C2)
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return err("index_vector_dim ", indexVectorDim, " is out of range [0, ",
               indicesRank, "] (the start_indices rank)");
  // (C1)
  int64_t operandDimsCovered =
      offsetDims.size() + collapsed.size() + operandBatching.size();
  if (operandDimsCovered != operandRank)
    return err("offset_dims ", fmtDims(offsetDims), ", collapsed_slice_dims ",
               fmtDims(collapsed), " and operand_batching_dims ",
               fmtDims(operandBatching), " have ", operandDimsCovered,
               " dimensions in all but the operand has rank ", operandRank);
  // (C4) offset_dims are sorted and unique; their range (C5) is checked
  // against the result rank below.
  for (size_t i = 1; i < offsetDims.size(); ++i)
    if (offsetDims[i - 1] >= offsetDims[i])
      return err("offset_dims ", fmtDims(offsetDims),
                 " must be sorted and unique");
  // (C6-C8, C10-C11)
  SmallVector<int64_t> collapsedAndBatching(collapsed);
  llvm::append_range(collapsedAndBatching, operandBatching);
  if (failed(checkDims(err, "collapsed_slice_dims", collapsed, operandRank,
                       "operand", /*mustBeSorted=*/true)) ||
      failed(checkDims(err, "operand_batching_dims", operandBatching,
                       operandRank, "operand", /*mustBeSorted=*/true)) ||
      failed(checkDims(err, "collapsed_slice_dims ++ operand_batching_dims",
                       collapsedAndBatching, operandRank, "operand")))
    return failure();
  // (C13-C14)
  if (failed(checkDims(err, "start_indices_batching_dims", indicesBatching,
                       indicesRank, "start_indices")))
    return failure();
  // (C15)
  if (llvm::is_contained(indicesBatching, indexVectorDim))
    return err("start_indices_batching_dims ", fmtDims(indicesBatching),
               " must not contain index_vector_dim ", indexVectorDim);
  // (C16)
  if (operandBatching.size() != indicesBatching.size())
    return err("operand_batching_dims ", fmtDims(operandBatching), " and "
               "start_indices_batching_dims ", fmtDims(indicesBatching),
               " must have the same size");
  // (C17)
  for (auto [o, s] : llvm::zip(operandBatching, indicesBatching)) {
    int64_t od = operand.getDimSize(o), sd = indices.getDimSize(s);
    if (!ShapedType::isDynamic(od) && !ShapedType::isDynamic(sd) && od != sd)
      return err("operand batching dimension ", o, " has size ", od,
                 " but start_indices batching dimension ", s, " has size ",
                 sd);
  }
  // (C18-C19)
  SmallVector<int64_t> mapAndBatching(startIndexMap);
  llvm::append_range(mapAndBatching, operandBatching);
  if (failed(checkDims(err, "start_index_map", startIndexMap, operandRank,
                       "operand")) ||
      failed(checkDims(err, "start_index_map ++ operand_batching_dims",
                       mapAndBatching, operandRank, "operand")))
    return failure();
  // (C3)
  int64_t indexVectorSize = indexVectorDim < indicesRank
                                ? indices.getDimSize(indexVectorDim)
                                : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      (int64_t)startIndexMap.size() != indexVectorSize)
    return err("start_index_map ", fmtDims(startIndexMap), " has ",
               startIndexMap.size(),
               " elements but the index vector (dimension ", indexVectorDim,
               " of start_indices) has size ", indexVectorSize);
  // (C20)
  if (failed(checkSize(err, "slice_sizes", sliceSizes, operandRank,
                       "the operand rank")))
    return failure();
  // (C21, C9, C12)
  for (auto [i, size] : llvm::enumerate(sliceSizes)) {
    if (ShapedType::isDynamic(size))
      continue;
    int64_t dim = operand.getDimSize(i);
    if (size < 0 || (!ShapedType::isDynamic(dim) && size > dim))
      return err("slice_sizes ", fmtDims(sliceSizes), ": size ", size,
                 " of dimension ", i, " is out of range [0, ", dimStr(dim),
                 "]");
    if (llvm::is_contained(collapsedAndBatching, (int64_t)i) && size > 1)
      return err("slice_sizes ", fmtDims(sliceSizes), ": collapsed or batching "
                 "dimension ", i, " must have slice size 0 or 1, got ",
                 size);
  }

  // (C22) batch dimensions: start_indices without index_vector_dim; offset
  // dimensions: slice_sizes without collapsed and operand batching dims.
  SmallVector<int64_t> batchSizes, offsetSizes;
  for (int64_t i = 0; i < indicesRank; ++i)
    if (i != indexVectorDim)
      batchSizes.push_back(indices.getDimSize(i));
  for (auto [i, size] : llvm::enumerate(sliceSizes))
    if (!llvm::is_contained(collapsedAndBatching, (int64_t)i))
      offsetSizes.push_back(size);
  int64_t resultRank = batchSizes.size() + offsetDims.size();
  // (C5)
  for (int64_t d : offsetDims)
    if (d < 0 || d >= resultRank)
      return err("offset_dims ", fmtDims(offsetDims), ": dimension ", d,
                 " is out of range [0, ", resultRank, ") of the result rank");
  const int64_t *nextBatch = batchSizes.begin(), *nextOffset =
                                                     offsetSizes.begin();
  for (int64_t i = 0; i < resultRank; ++i)
    resultShape.push_back(llvm::is_contained(offsetDims, i) ? *nextOffset++
                                                            : *nextBatch++);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

namespace xla::hlo {

/// `[start:limit, start:limit:stride, ...]`; the stride is omitted when 1.
static ParseResult parseSliceRanges(OpAsmParser &parser,
                                    DenseI64ArrayAttr &startIndices,
                                    DenseI64ArrayAttr &limitIndices,
                                    DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> start, limit, stride;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t s = 0, l = 0, st = 1;
            if (parser.parseInteger(s) || parser.parseColon() ||
                parser.parseInteger(l))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(st))
              return failure();
            start.push_back(s);
            limit.push_back(l);
            stride.push_back(st);
            return success();
          }))
    return failure();
  MLIRContext *ctx = parser.getContext();
  startIndices = DenseI64ArrayAttr::get(ctx, start);
  limitIndices = DenseI64ArrayAttr::get(ctx, limit);
  strides = DenseI64ArrayAttr::get(ctx, stride);
  return success();
}

static void printSliceRanges(OpAsmPrinter &p, Operation *,
                             DenseI64ArrayAttr startIndices,
                             DenseI64ArrayAttr limitIndices,
                             DenseI64ArrayAttr strides) {
  // Invalid ops (attributes of different sizes) are printed in generic form
  // by the verifier; zip keeps this safe regardless.
  p << "[";
  llvm::interleaveComma(
      llvm::zip(startIndices.asArrayRef(), limitIndices.asArrayRef(),
                strides.asArrayRef()),
      p, [&](auto range) {
        auto [start, limit, stride] = range;
        p << start << ":" << limit;
        if (stride != 1)
          p << ":" << stride;
      });
  p << "]";
}

/// `%a, %b,` before a keyword attribute (`dim = 0`, `sizes = [...]`): each
/// operand is followed by a comma.
static ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult result = parser.parseOptionalOperand(operand);
  while (result.has_value()) {
    if (failed(*result))
      return failure();
    operands.push_back(operand);
    if (parser.parseComma())
      return failure();
    result = parser.parseOptionalOperand(operand);
  }
  return success();
}

static void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *,
                                              OperandRange operands) {
  llvm::interleave(
      operands, [&](Value v) { p << v << ","; }, [&] { p << " "; });
}

/// dynamic_slice's start indices, after `%operand,` with no implicit space:
/// ` %i, %j,` (so that no start index prints as `%operand, sizes = []`).
static ParseResult
parseStartIndices(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  return parseVariadicOperandWithAttribute(parser, operands);
}

static void printStartIndices(OpAsmPrinter &p, Operation *,
                              OperandRange operands) {
  for (Value v : operands)
    p << " " << v << ",";
}

} // namespace xla::hlo

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

/// broadcast_in_dim (C2-C5) and dynamic_broadcast_in_dim (C2-C5): operand
/// dimension i maps to result dimension dims[i] of size 1 or equal size.
static LogicalResult verifyBroadcastDims(const OpDiag &err,
                                         RankedTensorType operand,
                                         RankedTensorType result,
                                         ArrayRef<int64_t> dims) {
  if (failed(checkSize(err, "broadcast_dimensions", dims, operand.getRank(),
                       "the operand rank")) ||
      failed(checkDims(err, "broadcast_dimensions", dims, result.getRank(),
                       "result")))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t in = operand.getDimSize(i), out = result.getDimSize(d);
    if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out) || in == 1 ||
        in == out)
      continue;
    return err("operand dimension ", i, " has size ", in,
               ", which is neither 1 nor the size ", out,
               " of result dimension ", d, " (broadcast_dimensions ",
               fmtDims(dims), ")");
  }
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  OpDiag err(*this);
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(err, "result", result, "operand", operand)))
    return failure();
  return verifyBroadcastDims(err, operand, result, getBroadcastDimensions());
}

LogicalResult BroadcastOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  ArrayRef<int64_t> sizes = adaptor.getBroadcastSizes();
  for (int64_t s : sizes)
    if (s < 0)
      return err("broadcast_sizes ", fmtDims(sizes), " must be non-negative");
  SmallVector<int64_t> shape(sizes);
  llvm::append_range(shape, operand.getShape());
  SmallVector<int64_t> bounds;
  if (ArrayRef<int64_t> operandBounds = boundsOf(operand);
      !operandBounds.empty()) {
    bounds.assign(sizes.size(), ShapedType::kDynamic);
    llvm::append_range(bounds, operandBounds);
  }
  inferred.push_back(makeTensor(shape, operand.getElementType(), bounds));
  return success();
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  OpDiag err(*this);
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(err, "result", result, "operand", operand)) ||
      failed(verifyBroadcastDims(err, operand, result,
                                 getBroadcastDimensions())))
    return failure();
  // (C7)
  int64_t shapeSize =
      cast<RankedTensorType>(getOutputDimensions().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(shapeSize) && shapeSize != result.getRank())
    return OpDiag(getOperation())() << "output_dimensions has "
           << shapeSize << " elements but the result has rank "
           << result.getRank();
  // (C8-C10)
  ArrayRef<int64_t> expanding, nonExpanding;
  if (auto a = getKnownExpandingDimensionsAttr())
    expanding = a.asArrayRef();
  if (auto a = getKnownNonexpandingDimensionsAttr())
    nonExpanding = a.asArrayRef();
  if (failed(checkDims(err, "known_expanding_dimensions", expanding,
                       operand.getRank(), "operand")) ||
      failed(checkDims(err, "known_nonexpanding_dimensions", nonExpanding,
                       operand.getRank(), "operand")))
    return failure();
  for (int64_t d : expanding)
    if (llvm::is_contained(nonExpanding, d))
      return OpDiag(getOperation())() << "dimension "
             << d << " is in both known_expanding_dimensions "
             << fmtDims(expanding) << " and known_nonexpanding_dimensions "
             << fmtDims(nonExpanding);
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes and transposes
//===----------------------------------------------------------------------===//

/// reshape (C2) and dynamic_reshape (C2): equal element counts when both are
/// known.
static LogicalResult verifyElementCounts(Operation *op, RankedTensorType in,
                                         RankedTensorType out) {
  std::optional<int64_t> n = numElements(in.getShape());
  std::optional<int64_t> m = numElements(out.getShape());
  if (n && m && *n != *m)
    return OpDiag(op)() << "operand "
           << in << " has " << *n << " elements but result " << out
           << " has " << *m << "; reshape must keep the number of elements";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(OpDiag(*this), "result", result, "operand",
                               operand)))
    return failure();
  return verifyElementCounts(*this, operand, result);
}

LogicalResult DynamicReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(OpDiag(*this), "result", result, "operand",
                               operand)))
    return failure();
  int64_t shapeSize =
      cast<RankedTensorType>(getOutputShape().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(shapeSize) && shapeSize != result.getRank())
    return OpDiag(getOperation())() << "output_shape has "
           << shapeSize << " elements but the result has rank "
           << result.getRank();
  return verifyElementCounts(*this, operand, result);
}

LogicalResult TransposeOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  // (C2) a permutation of [0, rank).
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (failed(checkSize(err, "permutation", perm, operand.getRank(),
                       "the operand rank")) ||
      failed(checkDims(err, "permutation", perm, operand.getRank(),
                       "operand")))
    return failure();
  // (C3)
  ArrayRef<int64_t> operandBounds = boundsOf(operand);
  SmallVector<int64_t> shape, bounds;
  for (int64_t d : perm) {
    shape.push_back(operand.getDimSize(d));
    if (!operandBounds.empty())
      bounds.push_back(operandBounds[d]);
  }
  inferred.push_back(makeTensor(shape, operand.getElementType(), bounds));
  return success();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> start = adaptor.getStartIndices();
  ArrayRef<int64_t> limit = adaptor.getLimitIndices();
  ArrayRef<int64_t> strides = adaptor.getStrides();
  // (C2)
  StringRef what = "the operand rank";
  if (failed(checkSize(err, "start_indices", start, rank, what)) ||
      failed(checkSize(err, "limit_indices", limit, rank, what)) ||
      failed(checkSize(err, "strides", strides, rank, what)))
    return failure();
  // (C3-C5)
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> size = sliceDim(err, i, start[i], limit[i], strides[i],
                                       operand.getDimSize(i));
    if (failed(size))
      return failure();
    shape.push_back(*size);
  }
  inferred.push_back(makeTensor(shape, operand.getElementType()));
  return success();
}

LogicalResult DynamicSliceOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  ValueRange indices = adaptor.getStartIndices();
  // (C2-C4)
  if ((int64_t)indices.size() != rank)
    return err("has ", indices.size(), " start indices but the operand has "
               "rank ", rank);
  if (failed(checkSize(err, "slice_sizes", sizes, rank, "the operand rank")) ||
      failed(checkSameIndexTypes(err, indices)))
    return failure();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = operand.getDimSize(i);
    if (sizes[i] < 0 || (!ShapedType::isDynamic(dim) && sizes[i] > dim))
      return err("slice_sizes ", fmtDims(sizes), ": size ", sizes[i],
                 " of dimension ", i, " is out of range [0, ", dimStr(dim),
                 "]");
  }
  // (C5)
  inferred.push_back(makeTensor(sizes, operand.getElementType()));
  return success();
}

LogicalResult DynamicUpdateSliceOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  RankedTensorType update = rankedType(err, "the update", adaptor.getUpdate());
  if (!update)
    return failure();
  int64_t rank = operand.getRank();
  // (C2)
  if (failed(checkElementTypes(err, "update", update, "operand", operand)))
    return failure();
  // (C3)
  if (update.getRank() != rank)
    return err("update ", update, " has rank ", update.getRank(),
               " but the operand ", operand, " has rank ", rank);
  // (C4-C5)
  ValueRange indices = adaptor.getStartIndices();
  if ((int64_t)indices.size() != rank)
    return err("has ", indices.size(), " start indices but the operand has "
               "rank ", rank);
  if (failed(checkSameIndexTypes(err, indices)))
    return failure();
  // (C6)
  for (int64_t i = 0; i < rank; ++i) {
    int64_t u = update.getDimSize(i), o = operand.getDimSize(i);
    if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(o) && u > o)
      return err("update dimension ", i, " has size ", u,
                 ", larger than the operand dimension size ", o);
  }
  // (C1)
  inferred.push_back(operand);
  return success();
}

LogicalResult RealDynamicSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  OpDiag err(*this);
  if (failed(checkElementTypes(err, "result", result, "operand", operand)))
    return failure();
  int64_t rank = operand.getRank();
  int64_t n =
      cast<RankedTensorType>(getStartIndices().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(n) && n != rank)
    return OpDiag(getOperation())()
        << "start_indices, limit_indices and strides have "
           << n << " elements but the operand has rank " << rank;
  if (result.getRank() != rank)
    return OpDiag(getOperation())() << "result "
           << result << " has rank " << result.getRank()
           << " but the operand has rank " << rank;
  // With constant bounds, check them as slice does.
  auto start = constantValues(getStartIndices());
  auto limit = constantValues(getLimitIndices());
  auto strides = constantValues(getStrides());
  if (!start || !limit || !strides || (int64_t)start->size() != rank ||
      (int64_t)limit->size() != rank || (int64_t)strides->size() != rank)
    return success();
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> size = sliceDim(err, i, (*start)[i], (*limit)[i],
                                       (*strides)[i], operand.getDimSize(i));
    if (failed(size))
      return failure();
    int64_t out = result.getDimSize(i);
    if (!ShapedType::isDynamic(out) && out != *size)
      return OpDiag(getOperation())() << "result dimension "
             << i << " has size " << out << " but the slice has size "
             << *size;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Concatenate, pad, reverse
//===----------------------------------------------------------------------===//

LogicalResult ConcatenateOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  ValueRange inputs = adaptor.getInputs();
  // (C3)
  if (inputs.empty())
    return err("requires at least one input");
  SmallVector<RankedTensorType> types;
  for (auto [i, v] : llvm::enumerate(inputs)) {
    RankedTensorType t = rankedType(err, "input #" + Twine(i), v);
    if (!t)
      return failure();
    types.push_back(t);
  }
  int64_t rank = types[0].getRank();
  int64_t dim = adaptor.getDimension();
  // (C4)
  if (dim < 0 || dim >= rank)
    return err("dimension ", dim, " is out of range [0, ", rank,
               ") of the input rank");
  // (C1-C2)
  for (auto [i, t] : llvm::enumerate(types)) {
    if (t.getRank() != rank)
      return err("input #", i, " ", t, " has rank ", t.getRank(),
                 " but input #0 ", types[0], " has rank ", rank);
    if (!haveCompatibleElementTypes({t, types[0]}))
      return err("input #", i, " element type ", t.getElementType(),
                 " differs from input #0 element type ",
                 types[0].getElementType());
  }
  // (C5-C6)
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  int64_t total = 0;
  for (auto [i, t] : llvm::enumerate(types)) {
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = t.getDimSize(d);
      if (d == dim) {
        std::optional<int64_t> sum;
        if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(total))
          sum = llvm::checkedAdd(total, size);
        total = sum ? *sum : ShapedType::kDynamic;
        continue;
      }
      if (ShapedType::isDynamic(size))
        continue;
      if (!ShapedType::isDynamic(shape[d]) && shape[d] != size)
        return err("input #", i, " ", t, " has size ", size, " in dimension ",
                   d, " but an earlier input has size ", shape[d],
                   "; inputs may differ only in dimension ", dim);
      shape[d] = size;
    }
  }
  shape[dim] = total;
  inferred.push_back(makeTensor(shape, types[0].getElementType()));
  return success();
}

/// Size of one padded dimension (pad C4), or nullopt on overflow.
static std::optional<int64_t> paddedSize(int64_t size, int64_t low,
                                         int64_t high, int64_t interior) {
  std::optional<int64_t> gaps =
      llvm::checkedMul(std::max<int64_t>(size - 1, 0), interior);
  if (!gaps)
    return std::nullopt;
  std::optional<int64_t> r = llvm::checkedAdd(size, *gaps);
  if (r)
    r = llvm::checkedAdd(*r, low);
  if (r)
    r = llvm::checkedAdd(*r, high);
  return r;
}

/// Checks one dimension of pad / dynamic_pad and returns its result size.
static FailureOr<int64_t> padDim(const OpDiag &err, int64_t i, int64_t size,
                                 int64_t low, int64_t high, int64_t interior) {
  // (C3)
  if (interior < 0)
    return err("interior padding ", interior, " of dimension ", i,
               " must be non-negative");
  if (ShapedType::isDynamic(size))
    return ShapedType::kDynamic;
  std::optional<int64_t> out = paddedSize(size, low, high, interior);
  if (!out || *out < 0)
    return err("padding dimension ", i, " of size ", size, " with low = ",
               low, ", high = ", high, ", interior = ", interior,
               " gives a negative or overflowing size");
  return *out;
}

LogicalResult PadOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  RankedTensorType padValue =
      rankedType(err, "padding_value", adaptor.getPaddingValue());
  if (!padValue)
    return failure();
  if (padValue.getRank() != 0)
    return err("padding_value must be a 0-dimensional tensor, got ",
               padValue);
  // (C1)
  if (failed(checkElementTypes(err, "padding_value", padValue, "operand",
                               operand)))
    return failure();
  // (C2)
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow();
  ArrayRef<int64_t> high = adaptor.getEdgePaddingHigh();
  ArrayRef<int64_t> interior = adaptor.getInteriorPadding();
  if (failed(checkSize(err, "edge_padding_low", low, rank,
                       "the operand rank")) ||
      failed(checkSize(err, "edge_padding_high", high, rank,
                       "the operand rank")) ||
      failed(checkSize(err, "interior_padding", interior, rank,
                       "the operand rank")))
    return failure();
  // (C3-C4)
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> size = padDim(err, i, operand.getDimSize(i), low[i],
                                     high[i], interior[i]);
    if (failed(size))
      return failure();
    shape.push_back(*size);
  }
  inferred.push_back(makeTensor(shape, operand.getElementType()));
  return success();
}

LogicalResult DynamicPadOp::verify() {
  OpDiag err(*this);
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto padValue = cast<RankedTensorType>(getPaddingValue().getType());
  auto result = cast<RankedTensorType>(getType());
  if (padValue.getRank() != 0)
    return OpDiag(getOperation())()
        << "padding_value must be a 0-dimensional tensor, got "
           << padValue;
  if (failed(checkElementTypes(err, "padding_value", padValue, "operand",
                               operand)) ||
      failed(checkElementTypes(err, "result", result, "operand", operand)))
    return failure();
  int64_t rank = operand.getRank();
  int64_t n =
      cast<RankedTensorType>(getEdgePaddingLow().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(n) && n != rank)
    return OpDiag(getOperation())()
        << "edge_padding_low, edge_padding_high and "
                       "interior_padding have "
           << n << " elements but the operand has rank " << rank;
  if (result.getRank() != rank)
    return OpDiag(getOperation())() << "result "
           << result << " has rank " << result.getRank()
           << " but the operand has rank " << rank;
  // With constant paddings, check them as pad does.
  auto low = constantValues(getEdgePaddingLow());
  auto high = constantValues(getEdgePaddingHigh());
  auto interior = constantValues(getInteriorPadding());
  if (!low || !high || !interior || (int64_t)low->size() != rank ||
      (int64_t)high->size() != rank || (int64_t)interior->size() != rank)
    return success();
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> size = padDim(err, i, operand.getDimSize(i), (*low)[i],
                                     (*high)[i], (*interior)[i]);
    if (failed(size))
      return failure();
    int64_t out = result.getDimSize(i);
    if (!ShapedType::isDynamic(*size) && !ShapedType::isDynamic(out) &&
        out != *size)
      return OpDiag(getOperation())() << "result dimension "
             << i << " has size " << out << " but padding gives size "
             << *size;
  }
  return success();
}

LogicalResult ReverseOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  // (C2-C3)
  if (failed(checkDims(err, "dimensions", adaptor.getDimensions(),
                       operand.getRank(), "operand")))
    return failure();
  // (C1)
  inferred.push_back(operand);
  return success();
}

//===----------------------------------------------------------------------===//
// Iota
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  int64_t dim = getIotaDimension();
  // (C1)
  if (dim < 0 || dim >= type.getRank())
    return OpDiag(getOperation())() << "iota_dimension "
           << dim << " is out of range [0, " << type.getRank()
           << ") of the output rank";
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  int64_t shapeSize =
      cast<RankedTensorType>(getOutputShape().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(shapeSize) && shapeSize != type.getRank())
    return OpDiag(getOperation())() << "output_shape has "
           << shapeSize << " elements but the result has rank "
           << type.getRank();
  int64_t dim = getIotaDimension();
  if (dim < 0 || dim >= type.getRank())
    return OpDiag(getOperation())() << "iota_dimension "
           << dim << " is out of range [0, " << type.getRank()
           << ") of the result rank";
  return success();
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

/// (C21) for sizes that are known: each is at least 0.
static LogicalResult checkNonNegativeSliceSizes(const OpDiag &err,
                                                ArrayRef<int64_t> sizes) {
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size < 0)
      return err("slice_sizes[", i, "] = ", size, " must be non-negative");
  return success();
}

LogicalResult GatherOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  RankedTensorType indices =
      rankedType(err, "start_indices", adaptor.getStartIndices());
  if (!indices)
    return failure();
  // inferGatherShape reads kDynamic (INT64_MIN) as "unknown", which only
  // dynamic_gather's non-constant sizes may be; a written size is checked.
  if (failed(checkNonNegativeSliceSizes(err, adaptor.getSliceSizes())))
    return failure();
  SmallVector<int64_t> shape;
  if (failed(inferGatherShape(err, operand, indices,
                              adaptor.getDimensionNumbersAttr(),
                              adaptor.getSliceSizes(), shape)))
    return failure();
  // (C23)
  inferred.push_back(makeTensor(shape, operand.getElementType()));
  return success();
}

LogicalResult DynamicGatherOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  RankedTensorType indices =
      rankedType(err, "start_indices", adaptor.getStartIndices());
  if (!indices)
    return failure();
  RankedTensorType sizesType =
      rankedType(err, "slice_sizes", adaptor.getSliceSizes());
  if (!sizesType)
    return failure();
  int64_t rank = operand.getRank();
  if (sizesType.getRank() != 1 ||
      (!sizesType.isDynamicDim(0) && sizesType.getDimSize(0) != rank))
    return err("slice_sizes ", sizesType, " must be a 1-D tensor of ", rank,
               " elements (the operand rank)");
  SmallVector<int64_t> sizes(rank, ShapedType::kDynamic);
  if (auto values = constantValues(adaptor.getSliceSizes());
      values && (int64_t)values->size() == rank) {
    if (failed(checkNonNegativeSliceSizes(err, *values)))
      return failure();
    sizes = *values;
  }
  SmallVector<int64_t> shape;
  if (failed(inferGatherShape(err, operand, indices,
                              adaptor.getDimensionNumbersAttr(), sizes,
                              shape)))
    return failure();
  inferred.push_back(makeTensor(shape, operand.getElementType()));
  return success();
}

LogicalResult TorchIndexSelectOp::inferResultType(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  RankedTensorType index = rankedType(err, "index", adaptor.getIndex());
  if (!index)
    return failure();
  int64_t dim = adaptor.getDim(), batchDims = adaptor.getBatchDims();
  int64_t rank = operand.getRank(), indexRank = index.getRank();
  if (dim < 0 || dim >= rank)
    return err("dim ", dim, " is out of range [0, ", rank,
               ") of the operand rank");
  if (batchDims < 0 || batchDims > indexRank || batchDims > dim)
    return err("batch_dims ", batchDims, " must be in [0, min(", indexRank,
               ", ", dim, ")] (the index rank and dim)");
  for (int64_t i = 0; i < batchDims; ++i) {
    int64_t o = operand.getDimSize(i), x = index.getDimSize(i);
    if (!ShapedType::isDynamic(o) && !ShapedType::isDynamic(x) && o != x)
      return err("batch dimension ", i, " has size ", o,
                 " in the operand but ", x, " in the index");
  }
  ArrayRef<int64_t> in = operand.getShape();
  SmallVector<int64_t> shape(in.take_front(dim));
  llvm::append_range(shape, index.getShape().drop_front(batchDims));
  llvm::append_range(shape, in.drop_front(dim + 1));
  inferred.push_back(makeTensor(shape, operand.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Dimension sizes
//===----------------------------------------------------------------------===//

LogicalResult GetDimensionSizeOp::inferResultType(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag err(loc, getOperationName());
  RankedTensorType operand =
      rankedType(err, "the operand", adaptor.getOperand());
  if (!operand)
    return failure();
  // (C1)
  int64_t dim = adaptor.getDimension();
  if (dim < 0 || dim >= operand.getRank())
    return err("dimension ", dim, " is out of range [0, ",
               operand.getRank(), ") of the operand rank");
  inferred.push_back(RankedTensorType::get({}, IntegerType::get(ctx, 32)));
  return success();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.cpp.inc"
