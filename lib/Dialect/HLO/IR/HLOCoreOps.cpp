//===- HLOCoreOps.cpp - constants, calls, tuples, tokens ------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/Diagnostics.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xla::hlo;
using xla::OpDiag;

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

void ConstantOp::build(OpBuilder &builder, OperationState &state,
                       Attribute value) {
  auto elements = cast<ElementsAttr>(value);
  build(builder, state, elements.getType(), elements);
}

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  ConstantOp::Adaptor adaptor(operands, attributes, properties, regions);
  if (!adaptor.getValue())
    return emitOptionalError(loc, "'hlo.constant' requires a 'value'");
  inferred.push_back(adaptor.getValue().getType());
  return success();
}

/// A quantized constant holds its storage values: `dense<...> : tensor<2xi8>`
/// for a `tensor<2x!quant.uniform<i8:...>>` result.
static bool isStorageOf(Type valueType, Type resultType) {
  auto v = dyn_cast<RankedTensorType>(valueType);
  auto r = dyn_cast<RankedTensorType>(resultType);
  if (!v || !r || v.getShape() != r.getShape())
    return false;
  auto q = dyn_cast<quant::QuantizedType>(r.getElementType());
  return q && q.getStorageType() == v.getElementType();
}

bool ConstantOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  return l[0] == r[0] || isStorageOf(l[0], r[0]) || isStorageOf(r[0], l[0]);
}

LogicalResult ConstantOp::verify() {
  Type valueType = getValue().getType();
  Type resultType = getType();
  if (valueType != resultType && !isStorageOf(valueType, resultType))
    return OpDiag(getOperation())() << "value type "
           << valueType << " does not match result type " << resultType;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

/// True if the text at `loc` reads `dense<"`, i.e. a dense literal written
/// as a string. Reads the source only up to the first character that does
/// not fit, as the lexer itself would.
static bool atDenseStringLiteral(SMLoc loc) {
  const char *p = loc.getPointer();
  if (!p)
    return false;
  for (char c : StringRef("dense"))
    if (*p++ != c)
      return false;
  auto skipSpace = [&] {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      ++p;
  };
  skipSpace();
  if (*p++ != '<')
    return false;
  skipSpace();
  return *p == '"';
}

/// Parses `dense<"0x..."> : type`. The bytes are MLIR's raw buffer for the
/// type, as the builtin parser reads them, with one addition: an i1 tensor
/// may also have one byte (00 or 01) per element. StableHLO writes i1
/// constants that way (`dense<"0x0001..."> : tensor<100xi1>`), while MLIR's
/// own raw buffer packs eight i1 elements into a byte.
static ParseResult parseDenseHexLiteral(OpAsmParser &parser,
                                        ElementsAttr &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string hex;
  Type type;
  if (parser.parseKeyword("dense") || parser.parseLess() ||
      parser.parseString(&hex) || parser.parseGreater() ||
      parser.parseColonType(type))
    return failure();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return parser.emitError(loc, "a hex dense literal needs a statically "
                                 "shaped tensor type, got ")
           << type;
  StringRef digits(hex);
  std::string bytes;
  if (!digits.consume_front("0x") || !llvm::tryGetFromHex(digits, bytes))
    return parser.emitError(loc, "expected a hex string \"0x...\" in dense<>");
  // tryGetFromHex reads an odd digit count as if it had a leading zero,
  // which shifts every byte after it; the builtin parser rejects it.
  if (digits.size() % 2)
    return parser.emitError(loc, "hex string in dense<> has an odd number (")
           << digits.size() << ") of digits; each byte takes two";

  ArrayRef<char> raw(bytes.data(), bytes.size());
  bool isSplat = false;
  if (DenseElementsAttr::isValidRawBuffer(tensor, raw, isSplat)) {
    // The hex text is little-endian, as in the builtin parser.
    if (llvm::endianness::native == llvm::endianness::big) {
      SmallVector<char> converted(raw.size());
      DenseIntOrFPElementsAttr::convertEndianOfArrayRefForBEmachine(
          raw, converted, tensor);
      value = DenseElementsAttr::getFromRawBuffer(tensor, converted);
    } else {
      value = DenseElementsAttr::getFromRawBuffer(tensor, raw);
    }
    return success();
  }
  if (tensor.getElementType().isInteger(1) &&
      (int64_t)bytes.size() == tensor.getNumElements()) {
    SmallVector<bool> bits;
    bits.reserve(bytes.size());
    for (auto [i, byte] : llvm::enumerate(bytes)) {
      if (byte != 0 && byte != 1)
        return parser.emitError(loc, "i1 hex literal has byte ")
               << llvm::toHex(StringRef(&byte, 1)) << " at element " << i << "; expected 00 or 01";
      bits.push_back(byte == 1);
    }
    value = DenseElementsAttr::get(tensor, bits);
    return success();
  }
  return parser.emitError(loc, "elements hex data size is invalid for "
                               "provided type: ")
         << type << " (" << bytes.size() << " bytes)";
}

// Pretty form: `hlo.constant dense<...> : tensor<...>`. A constant whose
// value type differs from its result type (quantized) uses
// `hlo.constant() <{value = ...}> : () -> T`, as StableHLO prints it.
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  if (succeeded(parser.parseOptionalLParen())) {
    Attribute propDict;
    FunctionType fnType;
    if (parser.parseRParen() || parser.parseLess() ||
        parser.parseAttribute(propDict) || parser.parseGreater() ||
        parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColonType(fnType))
      return failure();
    auto dict = dyn_cast<DictionaryAttr>(propDict);
    auto value = dict ? dict.getAs<ElementsAttr>("value") : ElementsAttr();
    if (!value || fnType.getNumInputs() != 0 || fnType.getNumResults() != 1)
      return parser.emitError(parser.getNameLoc(),
                              "expected `() <{value = ...}> : () -> type`");
    props.value = value;
    result.addTypes(fnType.getResults());
    return success();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (atDenseStringLiteral(loc)) {
    if (parseDenseHexLiteral(parser, props.value))
      return failure();
    result.addTypes(props.value.getType());
    return success();
  }
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto value = dyn_cast<ElementsAttr>(attr);
  if (!value)
    return parser.emitError(loc, "expected a tensor constant, got ") << attr;
  props.value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  if (getValue().getType() == getType()) {
    p.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
    p << " ";
    p.printAttribute(getValue());
    return;
  }
  p << "() <{value = ";
  p.printAttribute(getValue());
  p << "}>";
  p.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
  p << " : ";
  p.printFunctionalType(TypeRange{}, TypeRange{getType()});
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

/// All operands go to the successor, as for any ReturnLike op, except in
/// hlo.while's cond region: there the operand is the predicate, and what
/// flows on are the region's block arguments (see WhileOp).
MutableOperandRange ReturnOp::getMutableSuccessorOperands(RegionSuccessor) {
  auto whileOp = dyn_cast_or_null<WhileOp>((*this)->getParentOp());
  if (whileOp && (*this)->getParentRegion() == &whileOp.getCond())
    return MutableOperandRange(getOperation(), /*start=*/0, /*length=*/0);
  return getResultsMutable();
}

//===----------------------------------------------------------------------===//
// CustomCallOp
//===----------------------------------------------------------------------===//

/// Checks that `layouts` holds one permutation of [0, rank) per type.
static LogicalResult verifyLayouts(Operation *op, StringRef what,
                                   ArrayAttr layouts, TypeRange types) {
  if (layouts.size() != types.size())
    return OpDiag(op)()
           << "has " << layouts.size() << " " << what << " layouts but "
           << types.size() << " " << what << "s";
  for (auto [i, layout, type] : llvm::enumerate(layouts, types)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue; // tokens and tuples carry no layout
    // The entry's length is checked before its values are read: a splat of
    // a huge type is tiny in memory but not when expanded.
    auto dense = cast<DenseIntElementsAttr>(layout);
    if (dense.getNumElements() != tensor.getRank())
      return OpDiag(op)()
             << what << " layout #" << i << " has " << dense.getNumElements()
             << " entries, expected one per dimension of " << type;
    auto dims = llvm::to_vector(dense.getValues<int64_t>());
    SmallVector<int64_t> sorted(dims);
    llvm::sort(sorted);
    bool isPermutation = (int64_t)dims.size() == tensor.getRank();
    for (auto [j, d] : llvm::enumerate(sorted))
      isPermutation &= d == (int64_t)j;
    if (!isPermutation)
      return OpDiag(op)()
             << what << " layout #" << i
             << " must be a permutation of [0, " << tensor.getRank()
             << ") for type " << type;
  }
  return success();
}

LogicalResult CustomCallOp::verify() {
  if (getOperandLayouts().has_value() != getResultLayouts().has_value())
    return OpDiag(getOperation())()
        << "operand_layouts and result_layouts must be given together";
  if (auto layouts = getOperandLayouts())
    if (failed(verifyLayouts(*this, "operand", *layouts, getOperandTypes())))
      return failure();
  if (auto layouts = getResultLayouts())
    if (failed(verifyLayouts(*this, "result", *layouts, getResultTypes())))
      return failure();

  if (auto backendConfig = getBackendConfig())
    if (isa<DictionaryAttr>(*backendConfig) &&
        getApiVersion() != CustomCallApiVersion::API_VERSION_TYPED_FFI)
      return OpDiag(getOperation())()
          << "a dictionary backend_config requires api_version "
                         "API_VERSION_TYPED_FFI (4)";

  for (Attribute a : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(a);
    int64_t idx = alias.getOperandIndex();
    if (idx < 0 || idx >= (int64_t)getNumOperands())
      return OpDiag(getOperation())() << "output_operand_aliases operand_index "
             << idx << " is out of range [0, " << getNumOperands() << ")";
  }
  return success();
}

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Without has_side_effect the call is a pure function of its operands.
  if (!getHasSideEffect())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// Tuples and tokens
//===----------------------------------------------------------------------===//

LogicalResult TupleOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  inferred.push_back(TupleType::get(ctx, operands.getTypes()));
  return success();
}

LogicalResult GetTupleElementOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  GetTupleElementOp::Adaptor adaptor(operands, attributes, properties,
                                     regions);
  auto tuple = dyn_cast<TupleType>(adaptor.getOperand().getType());
  if (!tuple)
    return emitOptionalError(loc, "expected a tuple operand");
  int64_t index = adaptor.getIndex();
  if (index < 0 || index >= (int64_t)tuple.size())
    return emitOptionalError(loc, "index ", index,
                             " is out of range for a tuple of ", tuple.size(),
                             " elements");
  inferred.push_back(tuple.getType(index));
  return success();
}

// after_all and create_token: ODS infers the buildable token result.

OpFoldResult CopyOp::fold(FoldAdaptor) { return getOperand(); }

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// CompositeOp
//===----------------------------------------------------------------------===//

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto fn = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getDecompositionAttr());
  if (!fn)
    return OpDiag(getOperation())() << "decomposition '"
           << getDecomposition() << "' does not name a func.func";
  FunctionType type = fn.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()) ||
      !llvm::equal(type.getResults(), getResultTypes()))
    return OpDiag(getOperation())() << "has type "
           << FunctionType::get(getContext(), getOperandTypes(),
                                getResultTypes())
           << " but its decomposition '" << getDecomposition()
           << "' has type " << type;
  return success();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.cpp.inc"
