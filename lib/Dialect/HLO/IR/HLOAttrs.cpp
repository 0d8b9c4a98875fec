//===- HLOAttrs.cpp - hlo attributes and their syntax ---------------------===//
//
// The dimension-number attributes use StableHLO's syntax: `key = [...]`
// fields in any order when parsing, only non-empty fields when printing.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xla::hlo;

#include "xla-mlir/Dialect/HLO/IR/HLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOAttrs.cpp.inc"

namespace {

/// A field of a struct-like attribute: a keyword and how to parse its value.
struct Field {
  StringRef key;
  function_ref<ParseResult()> parse;
  bool required = false;
};

/// Parses `<key = value, key = value, ...>` where the keys come from
/// `fields` in any order, each at most once.
ParseResult parseFields(AsmParser &parser, ArrayRef<Field> fields,
                        bool parseOpeningLess = true) {
  llvm::StringSet<> seen;
  if (parseOpeningLess && parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    goto checkRequired;
  do {
    std::string key;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeywordOrString(&key))
      return failure();
    const Field *field = llvm::find_if(
        fields, [&](const Field &f) { return f.key == key; });
    if (field == fields.end())
      return parser.emitError(loc) << "unknown field '" << key << "'";
    if (!seen.insert(key).second)
      return parser.emitError(loc) << "duplicate field '" << key << "'";
    if (parser.parseEqual() || field->parse())
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return failure();
checkRequired:
  for (const Field &f : fields)
    if (f.required && !seen.contains(f.key))
      return parser.emitError(parser.getCurrentLocation())
             << "missing required field '" << f.key << "'";
  return success();
}

ParseResult parseI64List(AsmParser &parser, SmallVectorImpl<int64_t> &out) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return parser.parseInteger(out.emplace_back());
  });
}

/// Prints `key = [a, b]` unless the list is empty (or `always` is set).
struct FieldPrinter {
  AsmPrinter &p;
  bool first = true;
  void sep() {
    if (!first)
      p << ", ";
    first = false;
  }
  void list(StringRef key, ArrayRef<int64_t> v, bool always = false) {
    if (v.empty() && !always)
      return;
    sep();
    p << key << " = [";
    llvm::interleaveComma(v, p);
    p << "]";
  }
  void integer(StringRef key, int64_t v) {
    sep();
    p << key << " = " << v;
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// gather / scatter / dot dimension numbers
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatch, indicesBatch, map;
  int64_t indexVectorDim = 0; // StableHLO's default when omitted
  if (parseFields(parser,
                  {{"offset_dims", [&] { return parseI64List(parser, offset); }},
                   {"collapsed_slice_dims",
                    [&] { return parseI64List(parser, collapsed); }},
                   {"operand_batching_dims",
                    [&] { return parseI64List(parser, operandBatch); }},
                   {"start_indices_batching_dims",
                    [&] { return parseI64List(parser, indicesBatch); }},
                   {"start_index_map", [&] { return parseI64List(parser, map); }},
                   {"index_vector_dim",
                    [&] { return parser.parseInteger(indexVectorDim); }}}))
    return {};
  return get(parser.getContext(), offset, collapsed, operandBatch,
             indicesBatch, map, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << "<";
  FieldPrinter f{p};
  f.list("offset_dims", getOffsetDims());
  f.list("collapsed_slice_dims", getCollapsedSliceDims());
  f.list("operand_batching_dims", getOperandBatchingDims());
  f.list("start_indices_batching_dims", getStartIndicesBatchingDims());
  f.list("start_index_map", getStartIndexMap());
  f.integer("index_vector_dim", getIndexVectorDim());
  p << ">";
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> window, inserted, inputBatch, indicesBatch, toOperand;
  int64_t indexVectorDim = 0; // StableHLO's default when omitted
  if (parseFields(
          parser,
          {{"update_window_dims", [&] { return parseI64List(parser, window); }},
           {"inserted_window_dims",
            [&] { return parseI64List(parser, inserted); }},
           {"input_batching_dims",
            [&] { return parseI64List(parser, inputBatch); }},
           {"scatter_indices_batching_dims",
            [&] { return parseI64List(parser, indicesBatch); }},
           {"scatter_dims_to_operand_dims",
            [&] { return parseI64List(parser, toOperand); }},
           {"index_vector_dim",
            [&] { return parser.parseInteger(indexVectorDim); }}}))
    return {};
  return get(parser.getContext(), window, inserted, inputBatch, indicesBatch,
             toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << "<";
  FieldPrinter f{p};
  f.list("update_window_dims", getUpdateWindowDims());
  f.list("inserted_window_dims", getInsertedWindowDims());
  f.list("input_batching_dims", getInputBatchingDims());
  f.list("scatter_indices_batching_dims", getScatterIndicesBatchingDims());
  f.list("scatter_dims_to_operand_dims", getScatterDimsToOperandDims());
  f.integer("index_vector_dim", getIndexVectorDim());
  p << ">";
}

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lb, rb, lc, rc;
  if (parseFields(
          parser,
          {{"lhs_batching_dimensions", [&] { return parseI64List(parser, lb); }},
           {"rhs_batching_dimensions", [&] { return parseI64List(parser, rb); }},
           {"lhs_contracting_dimensions",
            [&] { return parseI64List(parser, lc); }},
           {"rhs_contracting_dimensions",
            [&] { return parseI64List(parser, rc); }}}))
    return {};
  return get(parser.getContext(), lb, rb, lc, rc);
}

void DotDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << "<";
  FieldPrinter f{p};
  f.list("lhs_batching_dimensions", getLhsBatchingDimensions());
  f.list("rhs_batching_dimensions", getRhsBatchingDimensions());
  f.list("lhs_contracting_dimensions", getLhsContractingDimensions());
  f.list("rhs_contracting_dimensions", getRhsContractingDimensions());
  p << ">";
}

Attribute DotAlgorithmAttr::parse(AsmParser &parser, Type) {
  Type lhsType, rhsType, accType;
  int64_t lhsCount = 0, rhsCount = 0, numOps = 0;
  bool allowImprecise = false;
  auto parseType = [&](Type &t) { return [&] { return parser.parseType(t); }; };
  auto parseInt = [&](int64_t &v) {
    return [&] { return parser.parseInteger(v); };
  };
  auto parseBool = [&]() -> ParseResult {
    StringRef word;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&word))
      return failure();
    if (word != "true" && word != "false")
      return parser.emitError(loc, "expected true or false, got '")
             << word << "'";
    allowImprecise = word == "true";
    return success();
  };
  if (parseFields(parser,
                  {{"lhs_precision_type", parseType(lhsType), true},
                   {"rhs_precision_type", parseType(rhsType), true},
                   {"accumulation_type", parseType(accType), true},
                   {"lhs_component_count", parseInt(lhsCount), true},
                   {"rhs_component_count", parseInt(rhsCount), true},
                   {"num_primitive_operations", parseInt(numOps), true},
                   {"allow_imprecise_accumulation", parseBool, true}}))
    return {};
  return get(parser.getContext(), lhsType, rhsType, accType, lhsCount,
             rhsCount, numOps, allowImprecise);
}

void DotAlgorithmAttr::print(AsmPrinter &p) const {
  p << "<lhs_precision_type = " << getLhsPrecisionType()
    << ", rhs_precision_type = " << getRhsPrecisionType()
    << ", accumulation_type = " << getAccumulationType()
    << ", lhs_component_count = " << getLhsComponentCount()
    << ", rhs_component_count = " << getRhsComponentCount()
    << ", num_primitive_operations = " << getNumPrimitiveOperations()
    << ", allow_imprecise_accumulation = "
    << (getAllowImpreciseAccumulation() ? "true" : "false") << ">";
}

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outIdx, opIdx;
  int64_t operandIndex = 0;
  if (parseFields(parser,
                  {{"output_tuple_indices",
                    [&] { return parseI64List(parser, outIdx); }},
                   {"operand_index",
                    [&] { return parser.parseInteger(operandIndex); },
                    /*required=*/true},
                   {"operand_tuple_indices",
                    [&] { return parseI64List(parser, opIdx); }}}))
    return {};
  return get(parser.getContext(), outIdx, operandIndex, opIdx);
}

void OutputOperandAliasAttr::print(AsmPrinter &p) const {
  p << "<";
  FieldPrinter f{p};
  f.list("output_tuple_indices", getOutputTupleIndices(), /*always=*/true);
  f.integer("operand_index", getOperandIndex());
  f.list("operand_tuple_indices", getOperandTupleIndices(), /*always=*/true);
  p << ">";
}

//===----------------------------------------------------------------------===//
// result_accuracy: `<atol = 0.0, rtol = 0.0, ulps = 0, mode = #hlo.result_accuracy_mode<DEFAULT>>`
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0.0, rtol = 0.0;
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode;
  if (parseFields(parser,
                  {{"atol", [&] { return parser.parseFloat(atol); }},
                   {"rtol", [&] { return parser.parseFloat(rtol); }},
                   {"ulps", [&] { return parser.parseInteger(ulps); }},
                   {"mode", [&] { return parser.parseAttribute(mode); }}}))
    return {};
  if (!mode)
    mode = ResultAccuracyModeAttr::get(parser.getContext(),
                                       ResultAccuracyMode::DEFAULT);
  return get(parser.getContext(), APFloat(atol), APFloat(rtol), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &p) const {
  p << "<atol = ";
  p.printFloat(getAtol());
  p << ", rtol = ";
  p.printFloat(getRtol());
  p << ", ulps = " << getUlps() << ", mode = ";
  p.printAttribute(getMode());
  p << ">";
}

//===----------------------------------------------------------------------===//
// type_extensions: `<bounds = [?, 4]>`
//===----------------------------------------------------------------------===//

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  auto parseBounds = [&] {
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                          [&]() -> ParseResult {
      if (succeeded(parser.parseOptionalQuestion())) {
        bounds.push_back(ShapedType::kDynamic);
        return success();
      }
      return parser.parseInteger(bounds.emplace_back());
    });
  };
  if (parseFields(parser, {{"bounds", parseBounds, /*required=*/true}}))
    return {};
  return get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &p) const {
  p << "<bounds = [";
  llvm::interleaveComma(getBounds(), p, [&](int64_t b) {
    if (ShapedType::isDynamic(b))
      p << "?";
    else
      p << b;
  });
  p << "]>";
}

//===----------------------------------------------------------------------===//
// conv dimension numbers: `<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`
//===----------------------------------------------------------------------===//

namespace {
/// One of the three `[...]` layouts: the non-spatial dimension letters and
/// the position of each spatial dimension.
struct ConvLayout {
  int64_t first = -1, second = -1; // b/f for input and output; i/o for kernel
  SmallVector<int64_t> spatial;
};
} // namespace

static ParseResult parseConvLayout(AsmParser &parser, char firstLetter,
                                   char secondLetter, ConvLayout &layout) {
  // (spatial index, position, location) in the order written. Indices are
  // checked against the layout's length before anything is sized by them:
  // an index is text, and a huge one must not allocate.
  struct Spatial {
    int64_t index, position;
    SMLoc loc;
  };
  SmallVector<Spatial> spatials;
  int64_t pos = 0;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        SMLoc entryLoc = parser.getCurrentLocation();
        int64_t spatialIdx;
        OptionalParseResult intRes = parser.parseOptionalInteger(spatialIdx);
        if (intRes.has_value()) {
          if (failed(*intRes))
            return failure();
          if (spatialIdx < 0)
            return parser.emitError(entryLoc, "negative spatial dimension");
          spatials.push_back({spatialIdx, pos++, entryLoc});
          return success();
        }
        StringRef kw;
        if (parser.parseKeyword(&kw))
          return failure();
        int64_t *slot = nullptr;
        if (kw.size() == 1 && kw[0] == firstLetter)
          slot = &layout.first;
        else if (kw.size() == 1 && kw[0] == secondLetter)
          slot = &layout.second;
        if (!slot)
          return parser.emitError(entryLoc)
                 << "expected '" << firstLetter << "', '" << secondLetter
                 << "' or a spatial dimension number, got '" << kw << "'";
        if (*slot != -1)
          return parser.emitError(entryLoc)
                 << "duplicate dimension '" << kw << "'";
        *slot = pos++;
        return success();
      }))
    return failure();
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(loc) << "layout must contain '" << firstLetter
                                 << "' and '" << secondLetter << "'";
  // The two letters are present, so there are exactly pos - 2 spatial
  // dimensions, numbered 0 .. pos - 3.
  SmallVector<int64_t> spatialAt(spatials.size(), -1);
  for (const Spatial &s : spatials) {
    if (s.index >= (int64_t)spatials.size())
      return parser.emitError(s.loc)
             << "spatial dimension " << s.index
             << " is out of range for a layout with " << spatials.size()
             << " spatial dimensions";
    if (spatialAt[s.index] != -1)
      return parser.emitError(s.loc)
             << "duplicate spatial dimension " << s.index;
    spatialAt[s.index] = s.position;
  }
  layout.spatial.assign(spatialAt.begin(), spatialAt.end());
  return success();
}

static void printConvLayout(AsmPrinter &p, char firstLetter, int64_t first,
                            char secondLetter, int64_t second,
                            ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> names(rank, "?");
  if (first >= 0 && first < rank)
    names[first] = std::string(1, firstLetter);
  if (second >= 0 && second < rank)
    names[second] = std::string(1, secondLetter);
  for (auto [i, d] : llvm::enumerate(spatial))
    if (d >= 0 && d < rank)
      names[d] = std::to_string(i);
  p << "[";
  llvm::interleaveComma(names, p);
  p << "]";
}

/// True when the layouts can be written in the compact form (every dimension
/// named exactly once and the spatial dimension counts agree).
static bool isCompactPrintable(ConvDimensionNumbersAttr a) {
  auto ok = [](int64_t x, int64_t y, ArrayRef<int64_t> s) {
    SmallVector<int64_t> all{x, y};
    all.append(s.begin(), s.end());
    llvm::sort(all);
    for (auto [i, v] : llvm::enumerate(all))
      if (v != (int64_t)i)
        return false;
    return true;
  };
  size_t n = a.getInputSpatialDimensions().size();
  return a.getKernelSpatialDimensions().size() == n &&
         a.getOutputSpatialDimensions().size() == n &&
         ok(a.getInputBatchDimension(), a.getInputFeatureDimension(),
            a.getInputSpatialDimensions()) &&
         ok(a.getKernelInputFeatureDimension(),
            a.getKernelOutputFeatureDimension(),
            a.getKernelSpatialDimensions()) &&
         ok(a.getOutputBatchDimension(), a.getOutputFeatureDimension(),
            a.getOutputSpatialDimensions());
}

namespace xla::hlo {
ParseResult parseConvDimensions(AsmParser &parser,
                                ConvDimensionNumbersAttr &attr) {
  ConvLayout in, kernel, out;
  if (parseConvLayout(parser, 'b', 'f', in) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', out))
    return failure();
  attr = ConvDimensionNumbersAttr::get(
      parser.getContext(), in.first, in.second, in.spatial, kernel.first,
      kernel.second, kernel.spatial, out.first, out.second, out.spatial);
  return success();
}

void printConvDimensions(AsmPrinter &p, ConvDimensionNumbersAttr a) {
  printConvLayout(p, 'b', a.getInputBatchDimension(), 'f',
                  a.getInputFeatureDimension(), a.getInputSpatialDimensions());
  p << "x";
  printConvLayout(p, 'i', a.getKernelInputFeatureDimension(), 'o',
                  a.getKernelOutputFeatureDimension(),
                  a.getKernelSpatialDimensions());
  p << "->";
  printConvLayout(p, 'b', a.getOutputBatchDimension(), 'f',
                  a.getOutputFeatureDimension(),
                  a.getOutputSpatialDimensions());
}
} // namespace xla::hlo

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  ConvDimensionNumbersAttr attr;
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    int64_t ib = 0, ifd = 0, kif = 0, kof = 0, ob = 0, of = 0;
    SmallVector<int64_t> is, ks, os;
    auto i64 = [&](int64_t &v) { return parser.parseInteger(v); };
    auto list = [&](SmallVector<int64_t> &v) { return parseI64List(parser, v); };
    if (parseFields(
            parser,
            {{"input_batch_dimension", [&] { return i64(ib); }, true},
             {"input_feature_dimension", [&] { return i64(ifd); }, true},
             {"input_spatial_dimensions", [&] { return list(is); }},
             {"kernel_input_feature_dimension", [&] { return i64(kif); }, true},
             {"kernel_output_feature_dimension", [&] { return i64(kof); }, true},
             {"kernel_spatial_dimensions", [&] { return list(ks); }},
             {"output_batch_dimension", [&] { return i64(ob); }, true},
             {"output_feature_dimension", [&] { return i64(of); }, true},
             {"output_spatial_dimensions", [&] { return list(os); }}},
            /*parseOpeningLess=*/false))
      return {};
    return get(parser.getContext(), ib, ifd, is, kif, kof, ks, ob, of, os);
  }
  if (parseConvDimensions(parser, attr) || parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << "<";
  if (isCompactPrintable(*this)) {
    printConvDimensions(p, *this);
  } else {
    FieldPrinter f{p};
    p << "raw ";
    f.integer("input_batch_dimension", getInputBatchDimension());
    f.integer("input_feature_dimension", getInputFeatureDimension());
    f.list("input_spatial_dimensions", getInputSpatialDimensions(), true);
    f.integer("kernel_input_feature_dimension", getKernelInputFeatureDimension());
    f.integer("kernel_output_feature_dimension",
              getKernelOutputFeatureDimension());
    f.list("kernel_spatial_dimensions", getKernelSpatialDimensions(), true);
    f.integer("output_batch_dimension", getOutputBatchDimension());
    f.integer("output_feature_dimension", getOutputFeatureDimension());
    f.list("output_spatial_dimensions", getOutputSpatialDimensions(), true);
  }
  p << ">";
}

void HLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOAttrs.cpp.inc"
      >();
}
