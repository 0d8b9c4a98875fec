//===- HLOLinalgOps.cpp - hlo Linalg ops ----------------------------------===//
//
// Contractions: dot, dot_general, convolution, dynamic_conv (fft, solvers,
// batch norm and einsum are in HLOLinalgOpsMore.cpp). Each op's constraints are checked by one
// function shared by its verifier and its result type inference, which
// reports diagnostics as `'hlo.<op>' op <message> (<spec rule>)`.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "HLOVerifyUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::verify_utils;

namespace xla::hlo {
// Defined in HLOAttrs.cpp: the `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`
// syntax of ConvDimensionNumbersAttr.
ParseResult parseConvDimensions(AsmParser &parser,
                                ConvDimensionNumbersAttr &attr);
void printConvDimensions(AsmPrinter &p, ConvDimensionNumbersAttr attr);
} // namespace xla::hlo

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static quant::QuantizedType quantOf(Type type) {
  return dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
}

static bool isPerAxis(Type type) {
  return isa<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

/// precision_config has 2 entries (spec), or none, which StableHLO prints
/// by omitting it; the legacy `dot` also takes 1.
static LogicalResult checkPrecisionConfig(const OpDiag &diag, ArrayAttr config,
                                          StringRef rule,
                                          bool allowOne = false) {
  if (!config || config.empty() || config.size() == 2 ||
      (allowOne && config.size() == 1))
    return success();
  return diag("precision_config must have 2 entries, got ", config.size(),
              " (", rule, ")");
}

/// Element types of a contraction (dot_general, convolution). Without
/// quantization, lhs and rhs share their element type; the result's may
/// differ (an accumulation type, as in i8 x i8 -> i32, which StableHLO and
/// the conformance suite accept). With quantization, the spec's rules.
/// `rules` name the spec's constraints: non-quantized element types, which
/// operands are quantized, storage types, expressed types, per-tensor result,
/// and the hybrid (float lhs) case.
static LogicalResult
checkContractionElementTypes(const OpDiag &diag, Type lhs, Type rhs,
                             Type result, std::array<StringRef, 6> rules) {
  quant::QuantizedType ql = quantOf(lhs), qr = quantOf(rhs),
                       qres = quantOf(result);
  Type el = getElementTypeOrSelf(lhs), er = getElementTypeOrSelf(rhs),
       eres = getElementTypeOrSelf(result);
  if (!ql && !qr && !qres) {
    if (el != er)
      return diag("lhs and rhs must have the same element type, got ", el,
                  " and ", er, " (", rules[0], ")");
    return success();
  }
  if (!qr)
    return diag("rhs must be quantized when lhs or result is, got ", er, " (",
                rules[1], ")");
  if ((bool)ql != (bool)qres)
    return diag("lhs and result must both be quantized or both not, got ", el,
                " and ", eres, " (", rules[1], ")");
  if (ql) {
    if (ql.getStorageType() != qr.getStorageType())
      return diag("quantized lhs and rhs must have the same storage type, got ",
                  ql.getStorageType(), " and ", qr.getStorageType(), " (",
                  rules[2], ")");
    if (ql.getExpressedType() != qr.getExpressedType() ||
        ql.getExpressedType() != qres.getExpressedType())
      return diag("lhs, rhs and result must have the same expressed type, got ",
                  ql.getExpressedType(), ", ", qr.getExpressedType(), " and ",
                  qres.getExpressedType(), " (", rules[3], ")");
    if (!isPerAxis(rhs) && isPerAxis(result))
      return diag("result must be per-tensor quantized when rhs is (",
                  rules[4], ")");
    return success();
  }
  // Hybrid: float lhs and result, quantized rhs.
  if (el != qr.getExpressedType() || el != eres)
    return diag("with a non-quantized lhs, lhs, the expressed type of rhs and "
                "result must be the same type, got ",
                el, ", ", qr.getExpressedType(), " and ", eres, " (", rules[5],
                ")");
  return success();
}

/// Result shape check shared by the contractions: same rank, and the sizes
/// agree wherever both are static.
static LogicalResult checkResultShape(const OpDiag &diag, Type resultType,
                                      ArrayRef<int64_t> inferred,
                                      StringRef rule) {
  auto result = cast<RankedTensorType>(resultType);
  ArrayRef<int64_t> shape = result.getShape();
  bool ok = shape.size() == inferred.size();
  for (size_t i = 0; ok && i < shape.size(); ++i)
    ok = dimsAgree(shape[i], inferred[i]);
  if (!ok)
    return diag("result shape ", fmtDims(shape),
                " does not match the inferred shape ", fmtDims(inferred), " (",
                rule, ")");
  return success();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

namespace xla::hlo {

static ParseResult parseDimList(OpAsmParser &p, SmallVectorImpl<int64_t> &d) {
  return p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return p.parseInteger(d.emplace_back());
  });
}

static void printDimList(OpAsmPrinter &p, ArrayRef<int64_t> dims) {
  p << "[";
  llvm::interleaveComma(dims, p);
  p << "]";
}

/// `[0] x [0]`.
static ParseResult parseDimPair(OpAsmParser &p, SmallVectorImpl<int64_t> &lhs,
                                SmallVectorImpl<int64_t> &rhs) {
  return failure(parseDimList(p, lhs) || p.parseKeyword("x") ||
                 parseDimList(p, rhs));
}

/// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`; the batching
/// part is omitted when empty.
static ParseResult parseDotDimensionNumbers(OpAsmParser &p,
                                            DotDimensionNumbersAttr &attr) {
  SmallVector<int64_t> lb, rb, lc, rc;
  if (succeeded(p.parseOptionalKeyword("batching_dims")) &&
      (p.parseEqual() || parseDimPair(p, lb, rb) || p.parseComma()))
    return failure();
  if (p.parseKeyword("contracting_dims") || p.parseEqual() ||
      parseDimPair(p, lc, rc))
    return failure();
  attr = DotDimensionNumbersAttr::get(p.getContext(), lb, rb, lc, rc);
  return success();
}

static void printDotDimensionNumbers(OpAsmPrinter &p, Operation *,
                                     DotDimensionNumbersAttr attr) {
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printDimList(p, attr.getLhsBatchingDimensions());
    p << " x ";
    printDimList(p, attr.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printDimList(p, attr.getLhsContractingDimensions());
  p << " x ";
  printDimList(p, attr.getRhsContractingDimensions());
}

/// `<lhs_precision_type = ..., ...>`: the attribute's own syntax without the
/// `#hlo.dot_algorithm` prefix.
static ParseResult parseDotAlgorithm(OpAsmParser &p, DotAlgorithmAttr &attr) {
  attr = dyn_cast_or_null<DotAlgorithmAttr>(DotAlgorithmAttr::parse(p, {}));
  return success(attr != nullptr);
}

/// `, precision = [DEFAULT, DEFAULT], algorithm = <...>`, both optional;
/// `algorithm` is null for ops without one.
static ParseResult parsePrecisionAndAlgorithmImpl(OpAsmParser &p,
                                                  ArrayAttr &precision,
                                                  DotAlgorithmAttr *algorithm) {
  while (succeeded(p.parseOptionalComma())) {
    SMLoc loc = p.getCurrentLocation();
    if (!precision && succeeded(p.parseOptionalKeyword("precision"))) {
      if (p.parseEqual() || parsePrecisionConfig(p, precision))
        return failure();
      continue;
    }
    if (algorithm && !*algorithm &&
        succeeded(p.parseOptionalKeyword("algorithm"))) {
      if (p.parseEqual() || parseDotAlgorithm(p, *algorithm))
        return failure();
      continue;
    }
    return p.emitError(loc) << (algorithm ? "expected 'precision' or "
                                            "'algorithm' (each at most once)"
                                          : "expected 'precision' (at most "
                                            "once)");
  }
  return success();
}

static void printPrecisionAndAlgorithmImpl(OpAsmPrinter &p, Operation *op,
                                           ArrayAttr precision,
                                           DotAlgorithmAttr algorithm) {
  if (precision && !precision.empty()) {
    p << ", precision = ";
    printPrecisionConfig(p, op, precision);
  }
  if (algorithm) {
    p << ", algorithm = ";
    algorithm.print(p);
  }
}

static ParseResult parseDotPrecision(OpAsmParser &p, ArrayAttr &precision) {
  return parsePrecisionAndAlgorithmImpl(p, precision, nullptr);
}

static void printDotPrecision(OpAsmPrinter &p, Operation *op,
                              ArrayAttr precision) {
  printPrecisionAndAlgorithmImpl(p, op, precision, {});
}

static ParseResult parsePrecisionAndAlgorithm(OpAsmParser &p,
                                              ArrayAttr &precision,
                                              DotAlgorithmAttr &algorithm) {
  return parsePrecisionAndAlgorithmImpl(p, precision, &algorithm);
}

static void printPrecisionAndAlgorithm(OpAsmPrinter &p, Operation *op,
                                       ArrayAttr precision,
                                       DotAlgorithmAttr algorithm) {
  printPrecisionAndAlgorithmImpl(p, op, precision, algorithm);
}

static ParseResult parseConvDimensionNumbers(OpAsmParser &p,
                                             ConvDimensionNumbersAttr &attr) {
  return parseConvDimensions(p, attr);
}

static void printConvDimensionNumbers(OpAsmPrinter &p, Operation *,
                                      ConvDimensionNumbersAttr attr) {
  printConvDimensions(p, attr);
}

/// `[true, false]`, also accepting the older `[1, 0]`.
static ParseResult parseReversal(OpAsmParser &p, DenseBoolArrayAttr &attr) {
  SmallVector<bool> values;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                [&]() -> ParseResult {
        if (succeeded(p.parseOptionalKeyword("true"))) {
          values.push_back(true);
          return success();
        }
        if (succeeded(p.parseOptionalKeyword("false"))) {
          values.push_back(false);
          return success();
        }
        SMLoc loc = p.getCurrentLocation();
        int64_t v;
        if (p.parseInteger(v))
          return failure();
        if (v != 0 && v != 1)
          return p.emitError(loc, "expected true, false, 0 or 1");
        values.push_back(v == 1);
        return success();
      }))
    return failure();
  attr = DenseBoolArrayAttr::get(p.getContext(), values);
  return success();
}

/// `[[low, high], ...]` as a `tensor<Nx2xi64>`.
static ParseResult parsePadding(OpAsmParser &p, DenseIntElementsAttr &attr) {
  SmallVector<int64_t> values;
  int64_t rows = 0;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                [&]() -> ParseResult {
        SMLoc loc = p.getCurrentLocation();
        size_t before = values.size();
        if (parseDimList(p, values))
          return failure();
        if (values.size() - before != 2)
          return p.emitError(loc, "expected a [low, high] padding pair");
        ++rows;
        return success();
      }))
    return failure();
  auto type = RankedTensorType::get({rows, 2}, p.getBuilder().getI64Type());
  attr = DenseIntElementsAttr::get(type, values);
  return success();
}

/// The inside of `window = {stride = [..], pad = [[..], ..], lhs_dilate =
/// [..], rhs_dilate = [..], reverse = [..]}`: entries in any order, each at
/// most once, absent ones omitted.
static ParseResult parseWindowAttributes(OpAsmParser &p,
                                         DenseI64ArrayAttr &strides,
                                         DenseIntElementsAttr &padding,
                                         DenseI64ArrayAttr &lhsDilation,
                                         DenseI64ArrayAttr &rhsDilation,
                                         DenseBoolArrayAttr &reversal) {
  llvm::StringSet<> seen;
  StringRef key;
  SMLoc loc = p.getCurrentLocation();
  if (failed(p.parseOptionalKeyword(&key)))
    return success(); // `window = {}`
  while (true) {
    if (!seen.insert(key).second)
      return p.emitError(loc) << "duplicate window attribute '" << key << "'";
    if (p.parseEqual())
      return failure();
    ParseResult res = failure();
    if (key == "stride")
      res = parseDenseI64Array(p, strides);
    else if (key == "pad")
      res = parsePadding(p, padding);
    else if (key == "lhs_dilate")
      res = parseDenseI64Array(p, lhsDilation);
    else if (key == "rhs_dilate")
      res = parseDenseI64Array(p, rhsDilation);
    else if (key == "reverse")
      res = parseReversal(p, reversal);
    else
      return p.emitError(loc)
             << "unknown window attribute '" << key
             << "'; expected stride, pad, lhs_dilate, rhs_dilate or reverse";
    if (failed(res))
      return failure();
    if (failed(p.parseOptionalComma()))
      return success();
    loc = p.getCurrentLocation();
    if (p.parseKeyword(&key))
      return failure();
  }
}

static void printWindowAttributes(OpAsmPrinter &p, Operation *op,
                                  DenseI64ArrayAttr strides,
                                  DenseIntElementsAttr padding,
                                  DenseI64ArrayAttr lhsDilation,
                                  DenseI64ArrayAttr rhsDilation,
                                  DenseBoolArrayAttr reversal) {
  bool first = true;
  auto sep = [&]() -> OpAsmPrinter & {
    if (!first)
      p << ", ";
    first = false;
    return p;
  };
  if (strides) {
    sep() << "stride = ";
    printDenseI64Array(p, op, strides);
  }
  if (padding) {
    sep() << "pad = [";
    auto values = llvm::to_vector(padding.getValues<int64_t>());
    ArrayRef<int64_t> shape = padding.getType().getShape();
    size_t width = shape.size() == 2 && shape[1] > 0 ? shape[1] : 1;
    for (size_t i = 0; i < values.size(); i += width) {
      if (i)
        p << ", ";
      printDimList(p, ArrayRef(values).slice(i, width));
    }
    p << "]";
  }
  if (lhsDilation) {
    sep() << "lhs_dilate = ";
    printDenseI64Array(p, op, lhsDilation);
  }
  if (rhsDilation) {
    sep() << "rhs_dilate = ";
    printDenseI64Array(p, op, rhsDilation);
  }
  if (reversal) {
    sep() << "reverse = ";
    printDenseBoolArray(p, op, reversal);
  }
}

} // namespace xla::hlo

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  OpDiag diag{getLoc(), getOperationName()};
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return diag("expects lhs and rhs of rank 1 or 2, got ", lhs, " and ", rhs);
  if (!quantOf(lhs) && !quantOf(rhs) &&
      lhs.getElementType() != rhs.getElementType())
    return diag("lhs and rhs must have the same element type, got ",
                lhs.getElementType(), " and ", rhs.getElementType());
  int64_t k = lhs.getShape().back(), k2 = rhs.getShape().front();
  if (!dimsAgree(k, k2))
    return diag("contracting dimension sizes must match: the last dimension "
                "of lhs has size ",
                k, " but the first dimension of rhs has size ", k2);
  SmallVector<int64_t> inferred(lhs.getShape().drop_back());
  llvm::append_range(inferred, rhs.getShape().drop_front());
  if (failed(checkResultShape(diag, getType(), inferred,
                              "lhs dimensions but the last, then rhs "
                              "dimensions but the first")))
    return failure();
  return checkPrecisionConfig(diag, getPrecisionConfigAttr(),
                              "one per operand", /*allowOne=*/true);
}

//===----------------------------------------------------------------------===//
// DotGeneralOp
//===----------------------------------------------------------------------===//

/// Checks that `dims` name distinct dimensions (also distinct from `seen`)
/// of a rank-`rank` operand.
static LogicalResult checkDims(const OpDiag &diag, StringRef name,
                               ArrayRef<int64_t> dims, int64_t rank,
                               llvm::SmallDenseSet<int64_t> &seen,
                               StringRef rangeRule, StringRef uniqueRule) {
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= rank)
      return diag(name, "[", i, "] = ", d, " is out of range [0, ", rank,
                  ") (", rangeRule, ")");
    if (!seen.insert(d).second)
      return diag("dimension ", d, " appears more than once among the "
                  "batching and contracting dimensions of ",
                  name.take_front(3), " (", uniqueRule, ")");
  }
  return success();
}

/// C1-C10 of dot_general and the result shape of C12.
static LogicalResult inferDotGeneralShape(const OpDiag &diag, Type lhsType,
                                          Type rhsType,
                                          DotDimensionNumbersAttr dn,
                                          SmallVectorImpl<int64_t> &shape) {
  auto lhs = dyn_cast<RankedTensorType>(lhsType);
  auto rhs = dyn_cast<RankedTensorType>(rhsType);
  if (!lhs || !rhs)
    return diag("expects ranked tensor operands");
  if (!dn)
    return diag("requires attribute 'dot_dimension_numbers'");
  ArrayRef<int64_t> lb = dn.getLhsBatchingDimensions(),
                    rb = dn.getRhsBatchingDimensions(),
                    lc = dn.getLhsContractingDimensions(),
                    rc = dn.getRhsContractingDimensions();
  if (lb.size() != rb.size())
    return diag("lhs_batching_dimensions and rhs_batching_dimensions must "
                "have the same size, got ",
                lb.size(), " and ", rb.size(), " (C1)");
  if (lc.size() != rc.size())
    return diag("lhs_contracting_dimensions and rhs_contracting_dimensions "
                "must have the same size, got ",
                lc.size(), " and ", rc.size(), " (C2)");
  llvm::SmallDenseSet<int64_t> lhsSeen, rhsSeen;
  if (failed(checkDims(diag, "lhs_batching_dimensions", lb, lhs.getRank(),
                       lhsSeen, "C5", "C3")) ||
      failed(checkDims(diag, "lhs_contracting_dimensions", lc, lhs.getRank(),
                       lhsSeen, "C6", "C3")) ||
      failed(checkDims(diag, "rhs_batching_dimensions", rb, rhs.getRank(),
                       rhsSeen, "C7", "C4")) ||
      failed(checkDims(diag, "rhs_contracting_dimensions", rc, rhs.getRank(),
                       rhsSeen, "C8", "C4")))
    return failure();
  ArrayRef<int64_t> ls = lhs.getShape(), rs = rhs.getShape();
  for (auto [l, r] : llvm::zip(lb, rb))
    if (!dimsAgree(ls[l], rs[r]))
      return diag("batching dimension sizes must match: lhs dimension ", l,
                  " has size ", ls[l], " but rhs dimension ", r, " has size ",
                  rs[r], " (C9)");
  for (auto [l, r] : llvm::zip(lc, rc))
    if (!dimsAgree(ls[l], rs[r]))
      return diag("contracting dimension sizes must match: lhs dimension ", l,
                  " has size ", ls[l], " but rhs dimension ", r, " has size ",
                  rs[r], " (C10)");
  shape.clear();
  for (auto [l, r] : llvm::zip(lb, rb))
    shape.push_back(isDyn(ls[l]) ? rs[r] : ls[l]);
  for (int64_t d = 0, e = lhs.getRank(); d < e; ++d)
    if (!lhsSeen.contains(d))
      shape.push_back(ls[d]);
  for (int64_t d = 0, e = rhs.getRank(); d < e; ++d)
    if (!rhsSeen.contains(d))
      shape.push_back(rs[d]);
  return success();
}

LogicalResult DotGeneralOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  SmallVector<int64_t> shape;
  if (failed(inferDotGeneralShape(
          OpDiag{loc, getOperationName()}, adaptor.getLhs().getType(),
          adaptor.getRhs().getType(), adaptor.getDotDimensionNumbersAttr(),
          shape)))
    return failure();
  inferred.emplace_back(shape);
  return success();
}

LogicalResult DotGeneralOp::verify() {
  OpDiag diag{getLoc(), getOperationName()};
  DotDimensionNumbersAttr dn = getDotDimensionNumbers();
  SmallVector<int64_t> shape;
  if (failed(inferDotGeneralShape(diag, getLhs().getType(),
                                  getRhs().getType(), dn, shape)) ||
      failed(checkPrecisionConfig(diag, getPrecisionConfigAttr(), "C11")) ||
      failed(checkResultShape(diag, getType(), shape, "C12")) ||
      failed(checkContractionElementTypes(
          diag, getLhs().getType(), getRhs().getType(), getType(),
          {"C13", "C14", "C17", "C18", "C19", "C20"})))
    return failure();

  // Quantization: zero points of rhs (C15) and its quantized dimension
  // (C16).
  if (auto qr = quantOf(getRhs().getType())) {
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(qr)) {
      if (perTensor.getZeroPoint() != 0)
        return diag("quantized rhs must have zero points of 0, got ",
                    perTensor.getZeroPoint(), " (C15)");
    } else if (auto perAxis =
                   dyn_cast<quant::UniformQuantizedPerAxisType>(qr)) {
      if (llvm::any_of(perAxis.getZeroPoints(),
                       [](int64_t z) { return z != 0; }))
        return diag("quantized rhs must have zero points of 0 (C15)");
      if (llvm::is_contained(dn.getRhsContractingDimensions(),
                             perAxis.getQuantizedDimension()))
        return diag("the quantization dimension of rhs, ",
                    perAxis.getQuantizedDimension(),
                    ", must not be a contracting dimension (C16)");
    }
  }

  // Algorithm: only with the DEFAULT precision (C21), positive counts
  // (C22-C24).
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    if (ArrayAttr precision = getPrecisionConfigAttr())
      for (Attribute p : precision)
        if (cast<PrecisionAttr>(p).getValue() != Precision::DEFAULT)
          return diag("precision_config must be DEFAULT when an algorithm "
                      "is given, got ",
                      stringifyPrecision(cast<PrecisionAttr>(p).getValue()),
                      " (C21)");
    for (auto [name, type] :
         {std::pair<StringRef, Type>{"lhs_precision_type",
                                     algorithm.getLhsPrecisionType()},
          {"rhs_precision_type", algorithm.getRhsPrecisionType()},
          {"accumulation_type", algorithm.getAccumulationType()}})
      if (!isa<FloatType>(type))
        return diag("algorithm ", name, " must be a floating-point type, got ",
                    type);
    for (auto [name, count, rule] :
         {std::tuple<StringRef, int64_t, StringRef>{
              "lhs_component_count", algorithm.getLhsComponentCount(), "C22"},
          {"rhs_component_count", algorithm.getRhsComponentCount(), "C23"},
          {"num_primitive_operations", algorithm.getNumPrimitiveOperations(),
           "C24"}})
      if (count <= 0)
        return diag("algorithm ", name, " must be positive, got ", count,
                    " (", rule, ")");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ConvolutionOp, DynamicConvOp
//===----------------------------------------------------------------------===//

namespace {
/// The window of a convolution. Null attributes take the spec's defaults.
struct ConvWindow {
  DenseI64ArrayAttr strides, lhsDilation, rhsDilation;
  DenseBoolArrayAttr reversal;
  /// Shape of the padding ([N-2, 2] when valid; empty for the default).
  SmallVector<int64_t> paddingShape;
  /// Row-major padding values, when known.
  std::optional<SmallVector<int64_t>> padding;
};

/// Convolution attributes other than the window.
struct ConvConfig {
  ConvDimensionNumbersAttr dn;
  IntegerAttr featureGroupCount, batchGroupCount;
};
} // namespace

/// `size(name) = N - 2` and, when `positive`, `0 < name` (C2-C3, C5-C8).
static LogicalResult checkWindowArray(const OpDiag &diag, StringRef name,
                                      DenseI64ArrayAttr attr, int64_t n,
                                      StringRef sizeRule,
                                      StringRef valueRule) {
  if (!attr)
    return success();
  if ((int64_t)attr.size() != n)
    return diag(name, " must have ", n, " entries (one per spatial dimension)"
                ", got ", attr.size(), " (", sizeRule, ")");
  for (auto [i, v] : llvm::enumerate(attr.asArrayRef()))
    if (v <= 0)
      return diag(name, "[", i, "] must be positive, got ", v, " (",
                  valueRule, ")");
  return success();
}

/// One of the three layouts (input, kernel, output): the spatial dimension
/// count and that all dimensions are distinct and in [0, N).
static LogicalResult checkConvLayout(const OpDiag &diag, StringRef name,
                                     int64_t first, int64_t second,
                                     ArrayRef<int64_t> spatial, int64_t n,
                                     StringRef sizeRule, StringRef dimRule) {
  if ((int64_t)spatial.size() != n - 2)
    return diag(name, " has ", spatial.size(), " spatial dimensions but the "
                "operands have rank ",
                n, " (", sizeRule, ")");
  SmallVector<int64_t> all{first, second};
  llvm::append_range(all, spatial);
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : all) {
    if (d < 0 || d >= n)
      return diag(name, " dimension ", d, " is out of range [0, ", n, ") (",
                  dimRule, ")");
    if (!seen.insert(d).second)
      return diag(name, " dimension ", d, " appears more than once (",
                  dimRule, ")");
  }
  return success();
}

/// The number of windows along one spatial dimension (C25), or kDynamic.
static std::optional<int64_t> numWindows(int64_t in, int64_t window,
                                         int64_t stride, int64_t lo,
                                         int64_t hi, int64_t lhsDilation,
                                         int64_t rhsDilation) {
  using llvm::checkedAdd, llvm::checkedMul;
  if (isDyn(in) || isDyn(window))
    return ShapedType::kDynamic;
  std::optional<int64_t> dilatedIn = 0, dilatedWindow = 0;
  if (in != 0)
    dilatedIn = checkedMul<int64_t>(in - 1, lhsDilation);
  if (window != 0)
    dilatedWindow = checkedMul<int64_t>(window - 1, rhsDilation);
  if (!dilatedIn || !dilatedWindow)
    return std::nullopt;
  if (in != 0)
    ++*dilatedIn;
  if (window != 0)
    ++*dilatedWindow;
  std::optional<int64_t> padded = checkedAdd<int64_t>(lo, *dilatedIn);
  if (padded)
    padded = checkedAdd<int64_t>(*padded, hi);
  if (!padded)
    return std::nullopt;
  if (*padded <= 0 || *dilatedWindow > *padded)
    return 0;
  return (*padded - *dilatedWindow) / stride + 1;
}

/// C1-C23 and the result shape of C25 (spatial sizes are dynamic when the
/// padding is unknown).
static LogicalResult inferConvShape(const OpDiag &diag, Type lhsType,
                                    Type rhsType, const ConvConfig &config,
                                    const ConvWindow &window,
                                    SmallVectorImpl<int64_t> &shape) {
  auto lhs = dyn_cast<RankedTensorType>(lhsType);
  auto rhs = dyn_cast<RankedTensorType>(rhsType);
  if (!lhs || !rhs)
    return diag("expects ranked tensor operands");
  ConvDimensionNumbersAttr dn = config.dn;
  if (!dn || !config.featureGroupCount || !config.batchGroupCount)
    return diag("requires dimension_numbers, feature_group_count and "
                "batch_group_count");
  int64_t n = lhs.getRank();
  if (rhs.getRank() != n)
    return diag("lhs and rhs must have the same rank, got ", n, " and ",
                rhs.getRank(), " (C1)");
  if (n < 2)
    return diag("expects operands of rank at least 2, got ", n, " (C1)");
  int64_t s = n - 2;

  if (failed(checkWindowArray(diag, "window_strides", window.strides, s, "C2",
                              "C3")))
    return failure();
  if (!window.paddingShape.empty()) {
    ArrayRef<int64_t> ps = window.paddingShape;
    if (ps.size() != 2 || !dimsAgree(ps[0], s) || !dimsAgree(ps[1], 2))
      return diag("padding must have shape [", s, ", 2], got ", fmtDims(ps),
                  " (C4)");
  }
  if (failed(checkWindowArray(diag, "lhs_dilation", window.lhsDilation, s,
                              "C5", "C6")) ||
      failed(checkWindowArray(diag, "rhs_dilation", window.rhsDilation, s,
                              "C7", "C8")))
    return failure();
  if (window.reversal && (int64_t)window.reversal.size() != s)
    return diag("window_reversal must have ", s,
                " entries (one per spatial dimension), got ",
                window.reversal.size(), " (C9)");

  int64_t ib = dn.getInputBatchDimension(),
          ifd = dn.getInputFeatureDimension(),
          kif = dn.getKernelInputFeatureDimension(),
          kof = dn.getKernelOutputFeatureDimension(),
          ob = dn.getOutputBatchDimension(),
          of = dn.getOutputFeatureDimension();
  ArrayRef<int64_t> is = dn.getInputSpatialDimensions(),
                    ks = dn.getKernelSpatialDimensions(),
                    os = dn.getOutputSpatialDimensions();
  if (failed(checkConvLayout(diag, "input", ib, ifd, is, n, "C12", "C13")) ||
      failed(checkConvLayout(diag, "kernel", kif, kof, ks, n, "C17",
                             "C18")) ||
      failed(checkConvLayout(diag, "output", ob, of, os, n, "C19", "C20")))
    return failure();

  int64_t fgc = config.featureGroupCount.getInt(),
          bgc = config.batchGroupCount.getInt();
  if (fgc <= 0)
    return diag("feature_group_count must be positive, got ", fgc, " (C21)");
  if (bgc <= 0)
    return diag("batch_group_count must be positive, got ", bgc, " (C22)");
  if (fgc != 1 && bgc != 1)
    return diag("feature_group_count and batch_group_count cannot both "
                "exceed 1, got ",
                fgc, " and ", bgc, " (C23)");

  ArrayRef<int64_t> ls = lhs.getShape(), rs = rhs.getShape();
  if (!isDyn(ls[ib]) && ls[ib] % bgc != 0)
    return diag("input batch dimension size ", ls[ib],
                " must be a multiple of batch_group_count ", bgc, " (C10)");
  if (!isDyn(ls[ifd]) && ls[ifd] % fgc != 0)
    return diag("input feature dimension size ", ls[ifd],
                " must be a multiple of feature_group_count ", fgc, " (C11)");
  if (!isDyn(ls[ifd]) && !isDyn(rs[kif]) && rs[kif] != ls[ifd] / fgc)
    return diag("kernel input feature dimension size ", rs[kif],
                " must be the input feature dimension size ", ls[ifd],
                " divided by feature_group_count ", fgc, " (C14)");
  if (!isDyn(rs[kof]) && rs[kof] % bgc != 0)
    return diag("kernel output feature dimension size ", rs[kof],
                " must be a multiple of batch_group_count ", bgc, " (C15)");
  if (!isDyn(rs[kof]) && rs[kof] % fgc != 0)
    return diag("kernel output feature dimension size ", rs[kof],
                " must be a multiple of feature_group_count ", fgc, " (C16)");

  shape.assign(n, ShapedType::kDynamic);
  shape[ob] = isDyn(ls[ib]) ? ShapedType::kDynamic : ls[ib] / bgc;
  shape[of] = rs[kof];
  for (int64_t i = 0; i < s; ++i) {
    if (!window.padding)
      continue; // unknown padding: dynamic spatial sizes
    int64_t lo = (*window.padding)[2 * i], hi = (*window.padding)[2 * i + 1];
    std::optional<int64_t> size = numWindows(
        ls[is[i]], rs[ks[i]], window.strides ? window.strides[i] : 1, lo, hi,
        window.lhsDilation ? window.lhsDilation[i] : 1,
        window.rhsDilation ? window.rhsDilation[i] : 1);
    if (!size)
      return diag("the size of output spatial dimension ", os[i],
                  " overflows");
    shape[os[i]] = *size;
  }
  return success();
}

/// Element types (C27-C34) and result (C24-C26) checks shared by
/// convolution and dynamic_conv.
static LogicalResult verifyConvResult(const OpDiag &diag, Type lhs, Type rhs,
                                      Type result, ConvDimensionNumbersAttr dn,
                                      ArrayAttr precision,
                                      ArrayRef<int64_t> shape) {
  if (failed(checkPrecisionConfig(diag, precision, "C24")))
    return failure();
  auto resultType = cast<RankedTensorType>(result);
  if (resultType.getRank() != (int64_t)shape.size())
    return diag("result rank ", resultType.getRank(),
                " must equal the operand rank ", shape.size(), " (C26)");
  if (failed(checkResultShape(diag, result, shape, "C25")) ||
      failed(checkContractionElementTypes(
          diag, lhs, rhs, result, {"C27", "C28", "C31", "C32", "C33", "C34"})))
    return failure();
  if (auto qr = dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(
          quantOf(rhs)))
    if (qr.getQuantizedDimension() != dn.getKernelOutputFeatureDimension())
      return diag("the quantization dimension of rhs, ",
                  qr.getQuantizedDimension(),
                  ", must be the kernel output feature dimension ",
                  dn.getKernelOutputFeatureDimension(), " (C29)");
  if (auto qres = dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(
          quantOf(result)))
    if (qres.getQuantizedDimension() != dn.getOutputFeatureDimension())
      return diag("the quantization dimension of the result, ",
                  qres.getQuantizedDimension(),
                  ", must be the output feature dimension ",
                  dn.getOutputFeatureDimension(), " (C30)");
  return success();
}

static ConvWindow convWindowOf(DenseI64ArrayAttr strides,
                               DenseIntElementsAttr padding,
                               DenseI64ArrayAttr lhsDilation,
                               DenseI64ArrayAttr rhsDilation,
                               DenseBoolArrayAttr reversal, Type lhsType) {
  ConvWindow window{strides, lhsDilation, rhsDilation, reversal, {}, {}};
  if (padding) {
    llvm::append_range(window.paddingShape, padding.getType().getShape());
    window.padding = rankSizedValues(padding);
  } else {
    auto lhs = dyn_cast<RankedTensorType>(lhsType);
    int64_t spatial = lhs ? std::max<int64_t>(lhs.getRank() - 2, 0) : 0;
    window.padding = SmallVector<int64_t>(2 * spatial, 0);
  }
  return window;
}

LogicalResult ConvolutionOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  ConvWindow window = convWindowOf(
      adaptor.getWindowStridesAttr(), adaptor.getPaddingAttr(),
      adaptor.getLhsDilationAttr(), adaptor.getRhsDilationAttr(),
      adaptor.getWindowReversalAttr(), adaptor.getLhs().getType());
  ConvConfig config{adaptor.getDimensionNumbersAttr(),
                    adaptor.getFeatureGroupCountAttr(),
                    adaptor.getBatchGroupCountAttr()};
  SmallVector<int64_t> shape;
  if (failed(inferConvShape(OpDiag{loc, getOperationName()},
                            adaptor.getLhs().getType(),
                            adaptor.getRhs().getType(), config, window,
                            shape)))
    return failure();
  inferred.emplace_back(shape);
  return success();
}

/// Infers the result shape of convolution or dynamic_conv with `window` and
/// checks the declared result against it.
template <typename ConvOpTy>
static LogicalResult verifyConv(ConvOpTy op, const OpDiag &diag,
                                const ConvWindow &window) {
  ConvConfig config{op.getDimensionNumbers(), op.getFeatureGroupCountAttr(),
                    op.getBatchGroupCountAttr()};
  SmallVector<int64_t> shape;
  if (failed(inferConvShape(diag, op.getLhs().getType(), op.getRhs().getType(),
                            config, window, shape)))
    return failure();
  return verifyConvResult(diag, op.getLhs().getType(), op.getRhs().getType(),
                          op.getType(), op.getDimensionNumbers(),
                          op.getPrecisionConfigAttr(), shape);
}

LogicalResult ConvolutionOp::verify() {
  OpDiag diag{getLoc(), getOperationName()};
  ConvWindow window = convWindowOf(getWindowStridesAttr(), getPaddingAttr(),
                                   getLhsDilationAttr(), getRhsDilationAttr(),
                                   getWindowReversalAttr(),
                                   getLhs().getType());
  return verifyConv(*this, diag, window);
}

LogicalResult DynamicConvOp::verify() {
  OpDiag diag{getLoc(), getOperationName()};
  ConvWindow window{getWindowStridesAttr(), getLhsDilationAttr(),
                    getRhsDilationAttr(), getWindowReversalAttr(), {}, {}};
  auto paddingType = cast<RankedTensorType>(getPadding().getType());
  llvm::append_range(window.paddingShape, paddingType.getShape());
  if (paddingType.getRank() != 2)
    return diag("padding must be a 2-dimensional tensor, got ", paddingType,
                " (C4)");
  // The spatial result sizes are known when the padding is a constant.
  DenseIntElementsAttr constant;
  if (matchPattern(getPadding(), m_Constant(&constant)))
    window.padding = rankSizedValues(constant);
  return verifyConv(*this, diag, window);
}


#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.cpp.inc"
