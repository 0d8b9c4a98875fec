//===- HLORegionOps.cpp - hlo ops with regions ----------------------------===//
//
// Verifiers check the constraints of the spec sections of the same names,
// with the spec's constraint numbers where they help. inferReturnTypes
// checks what the inference relies on (with the diagnostics of a verifier);
// verify() runs it first, then checks the rest.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "HLOVerifyUtils.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace xla::hlo;

// Diagnostics: verify_utils::OpDiag, `report() << ...`, in verifiers and in
// type inference alike.
using verify_utils::OpDiag;

/// `[1, 2]`, or `(T0, T1)` with parens.
template <typename Range>
static std::string listStr(Range &&values, bool parens = false) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << (parens ? "(" : "[");
  llvm::interleaveComma(values, os);
  os << (parens ? ")" : "]");
  return s;
}

static bool isScalarTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

static RankedTensorType scalarTensorOf(Type elementType) {
  return RankedTensorType::get({}, elementType);
}

/// Equal types, or tensors of one element type whose shapes agree where
/// both are static.
static bool isCompatibleType(Type a, Type b) {
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  return ta && tb && ta.getElementType() == tb.getElementType() &&
         succeeded(verifyCompatibleShape(ta, tb));
}

/// Checks that the values of `name` lie in [0, bound), are unique and, if
/// `sorted`, ascending.
static LogicalResult checkDimList(const OpDiag &report, StringRef name,
                                  ArrayRef<int64_t> dims, int64_t bound,
                                  StringRef boundWhat, bool sorted = false) {
  for (auto [i, d] : llvm::enumerate(dims))
    if (d < 0 || d >= bound)
      return report() << name << "[" << i << "] = " << d
                      << " is out of range [0, " << bound << ") (" << boundWhat
                      << ")";
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : dims)
    if (!seen.insert(d).second)
      return report() << name << " has duplicate dimension " << d << ": "
                      << listStr(dims);
  if (sorted && !llvm::is_sorted(dims))
    return report() << name << " must be sorted, got " << listStr(dims);
  return success();
}

/// Checks that no dimension is in both `a` and `b`.
static LogicalResult checkDisjoint(const OpDiag &report, StringRef nameA,
                                   ArrayRef<int64_t> a, StringRef nameB,
                                   ArrayRef<int64_t> b) {
  for (int64_t d : a)
    if (llvm::is_contained(b, d))
      return report() << "dimension " << d << " is in both " << nameA << " "
                      << listStr(a) << " and " << nameB << " " << listStr(b);
  return success();
}

/// Checks that all `values` (named `name`) have the shape of the first.
static LogicalResult checkSameShapes(const OpDiag &report, StringRef name,
                                     ValueRange values) {
  for (auto [k, v] : llvm::enumerate(values))
    if (failed(verifyCompatibleShape(values[0].getType(), v.getType())))
      return report() << "all " << name << " must have the same shape, got "
                      << values[0].getType() << " and " << v.getType() << " ("
                      << name << "[" << k << "])";
  return success();
}

/// Checks that `block` ends in an hlo.return of values of types `expected`.
/// A terminator that is not registered yet (a generic `stablehlo.return`
/// before hlo-import) is checked once it is.
static LogicalResult verifyReturn(const OpDiag &report, StringRef name,
                                  Block &block, TypeRange expected) {
  if (block.empty())
    return report() << name << " must end with hlo.return";
  Operation &term = block.back();
  if (!term.isRegistered())
    return success();
  if (!isa<ReturnOp>(term))
    return report() << name << " must end with hlo.return, got '"
                    << term.getName() << "'";
  TypeRange got = term.getOperandTypes();
  if (got.size() != expected.size())
    return report() << name << " must return " << expected.size()
                    << " value(s), got " << got.size();
  for (auto [i, g, e] : llvm::enumerate(got, expected))
    if (!isCompatibleType(g, e))
      return report() << name << " return value #" << i << " has type " << g
                      << ", expected " << e;
  return success();
}

/// Checks that `region` (named `name`) has one block with arguments of
/// types `args` (up to compatible shapes).
static LogicalResult verifyRegionArgs(const OpDiag &report, StringRef name,
                                      Region &region, TypeRange args) {
  if (region.empty())
    return report() << name << " must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return report() << name << " must take " << args.size()
                    << " argument(s), got " << block.getNumArguments();
  for (auto [i, got, want] :
       llvm::enumerate(block.getArgumentTypes(), args))
    if (!isCompatibleType(got, want))
      return report() << name << " argument #" << i << " has type " << got
                      << ", expected " << want;
  return success();
}

/// Checks that `region` is a function of 0-d tensors
/// `(tensor<args[0]>, ...) -> (tensor<results[0]>, ...)`.
static LogicalResult verifyScalarFunction(const OpDiag &report,
                                          StringRef name, Region &region,
                                          ArrayRef<Type> argElements,
                                          ArrayRef<Type> resultElements) {
  auto toScalars = [](ArrayRef<Type> elements) {
    return llvm::map_to_vector(
        elements, [](Type e) -> Type { return scalarTensorOf(e); });
  };
  if (failed(verifyRegionArgs(report, name, region, toScalars(argElements))))
    return failure();
  return verifyReturn(report, name, region.front(),
                      toScalars(resultElements));
}

/// Checks the body of a reduction over inputs of element types `elements`:
/// `(tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
/// (tensor<E0>, ..., tensor<EN-1>)` with each Ek promotable from
/// elements[k].
static LogicalResult verifyReducer(const OpDiag &report, StringRef name,
                                   Region &region, ArrayRef<Type> elements) {
  size_t n = elements.size();
  if (region.empty())
    return report() << name << " must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != 2 * n)
    return report() << name << " must take " << 2 * n
                    << " arguments (an accumulator, then a value, for each of "
                    << n << " input(s)), got " << block.getNumArguments();
  for (size_t k = 0; k < n; ++k) {
    Type acc = block.getArgument(k).getType();
    Type val = block.getArgument(k + n).getType();
    if (!isScalarTensor(acc))
      return report() << name << " argument #" << k
                      << " must be a 0-d tensor, got " << acc;
    if (acc != val)
      return report() << name << " arguments #" << k << " and #" << k + n
                      << " must have the same type, got " << acc << " and "
                      << val;
    Type e = cast<RankedTensorType>(acc).getElementType();
    if (!verify_utils::isPromotable(elements[k], e))
      return report() << name << " argument #" << k << " has element type "
                      << e << ", which is neither the element type "
                      << elements[k] << " of input #" << k
                      << " nor a promotion of it";
  }
  return verifyReturn(report, name, block,
                      TypeRange(block.getArgumentTypes()).take_front(n));
}

/// The element type of accumulator `k` of the reducer in `regions[index]`,
/// or `fallback` when the region does not say.
static Type accumulatorElement(RegionRange regions, unsigned index, size_t k,
                               size_t n, Type fallback) {
  if (regions.size() <= index || regions[index]->empty())
    return fallback;
  Block &block = regions[index]->front();
  if (block.getNumArguments() != 2 * n ||
      !isScalarTensor(block.getArgument(k).getType()))
    return fallback;
  return cast<RankedTensorType>(block.getArgument(k).getType())
      .getElementType();
}

/// Checks init_values: 0-d tensors with the element types of the inputs.
static LogicalResult checkInitValues(const OpDiag &report, ValueRange inputs,
                                     ValueRange inits,
                                     SmallVectorImpl<Type> &elements) {
  for (auto [k, input, init] : llvm::enumerate(inputs, inits)) {
    Type e = getElementTypeOrSelf(input.getType());
    if (!isScalarTensor(init.getType()))
      return report() << "init_values[" << k << "] must be a 0-d tensor, got "
                      << init.getType();
    if (getElementTypeOrSelf(init.getType()) != e)
      return report() << "init_values[" << k << "] has element type "
                      << getElementTypeOrSelf(init.getType())
                      << " but inputs[" << k << "] has element type " << e;
    elements.push_back(e);
  }
  return success();
}

/// Checks the operand count of ops with N inputs, N init_values/updates and
/// `extra` other operands.
static LogicalResult checkVariadicPairs(const OpDiag &report,
                                        ValueRange operands, size_t extra,
                                        StringRef second) {
  if (operands.size() < extra + 2 || (operands.size() - extra) % 2 != 0)
    return report() << "requires N >= 1 inputs and as many " << second
                    << ", got " << operands.size() << " operands";
  return success();
}

/// Verifies an op with inferred result types: first its inferReturnTypes,
/// which reports what makes them impossible to infer (verify() runs before
/// the InferTypeOpInterface check, so such an error is reported once), then
/// `rest`, then the result types against the inferred ones.
template <typename OpTy>
static LogicalResult
verifyInferredOp(OpTy op, function_ref<LogicalResult(const OpDiag &)> rest) {
  Operation *o = op.getOperation();
  OpDiag report{o->getLoc(), OpTy::getOperationName()};
  SmallVector<Type> inferred;
  if (failed(OpTy::inferReturnTypes(
          o->getContext(), o->getLoc(), o->getOperands(),
          o->getRawDictionaryAttrs(), o->getPropertiesStorage(),
          o->getRegions(), inferred)) ||
      failed(rest(report)))
    return failure();
  if (OpTy::isCompatibleReturnTypes(inferred, o->getResultTypes()))
    return success();
  return report() << "has result types " << listStr(o->getResultTypes(), true)
                  << " but its operands, attributes and regions give "
                  << listStr(inferred, true);
}

//===----------------------------------------------------------------------===//
// Windows (reduce_window, select_and_scatter)
//===----------------------------------------------------------------------===//

/// Window attribute `name`: `rank` positive values; all ones when absent.
static LogicalResult windowValues(const OpDiag &report, StringRef name,
                                  DenseI64ArrayAttr attr, int64_t rank,
                                  SmallVectorImpl<int64_t> &values) {
  values.assign(rank, 1);
  if (!attr)
    return success();
  if ((int64_t)attr.size() != rank)
    return report() << name << " must have " << rank
                    << " values (the rank of the input), got " << attr.size();
  for (auto [i, v] : llvm::enumerate(attr.asArrayRef()))
    if (v <= 0)
      return report() << name << "[" << i << "] must be positive, got " << v;
  values.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
  return success();
}

/// The shape of the windows over `shape` (spec: reduce_window, C4-C12 and
/// C15; select_and_scatter, C1-C9 and C3, without dilations). Absent
/// attributes take their defaults: ones, and zero padding.
static FailureOr<SmallVector<int64_t>>
windowedShape(const OpDiag &report, ArrayRef<int64_t> shape,
              DenseI64ArrayAttr dimsAttr, DenseI64ArrayAttr stridesAttr,
              DenseI64ArrayAttr baseDilationsAttr,
              DenseI64ArrayAttr windowDilationsAttr,
              DenseIntElementsAttr padding) {
  int64_t rank = shape.size();
  SmallVector<int64_t> dims, strides, baseDil, winDil, pads(2 * rank, 0);
  if (failed(windowValues(report, "window_dimensions", dimsAttr, rank, dims)) ||
      failed(windowValues(report, "window_strides", stridesAttr, rank,
                          strides)) ||
      failed(windowValues(report, "base_dilations", baseDilationsAttr, rank,
                          baseDil)) ||
      failed(windowValues(report, "window_dilations", windowDilationsAttr,
                          rank, winDil)))
    return failure();
  if (padding) {
    auto type = padding.getType();
    if (type.getRank() != 2 || type.getDimSize(0) != rank ||
        type.getDimSize(1) != 2) {
      report() << "padding must have shape [" << rank
               << ", 2] (the rank of the input, low and high), got " << type;
      return failure();
    }
    pads = llvm::to_vector(padding.getValues<int64_t>());
  }
  SmallVector<int64_t> result;
  for (int64_t d = 0; d < rank; ++d) {
    if (ShapedType::isDynamic(shape[d])) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    std::optional<int64_t> dilated =
        shape[d] == 0
            ? std::optional<int64_t>(0)
            : llvm::checkedMulAdd<int64_t>(shape[d] - 1, baseDil[d], 1);
    std::optional<int64_t> padded =
        dilated ? llvm::checkedAdd(*dilated, pads[2 * d]) : std::nullopt;
    padded = padded ? llvm::checkedAdd(*padded, pads[2 * d + 1]) : std::nullopt;
    std::optional<int64_t> window =
        llvm::checkedMulAdd<int64_t>(dims[d] - 1, winDil[d], 1);
    if (!padded || !window) {
      report() << "window computation overflows in dimension " << d;
      return failure();
    }
    if (*padded < 0) {
      report() << "padded input dimension " << d << " has negative size "
               << *padded;
      return failure();
    }
    result.push_back(*padded == 0 || *window > *padded
                         ? 0
                         : (*padded - *window) / strides[d] + 1);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// `input` without the dimensions `dims`, with element type `element`.
/// Bounds of dynamic dimensions (type_extensions) are kept.
static RankedTensorType reducedType(RankedTensorType input,
                                    ArrayRef<int64_t> dims, Type element) {
  ArrayRef<int64_t> inputBounds = verify_utils::boundsOf(input);
  SmallVector<int64_t> shape, bounds;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    if (llvm::is_contained(dims, d))
      continue;
    shape.push_back(input.getDimSize(d));
    if (!inputBounds.empty())
      bounds.push_back(inputBounds[d]);
  }
  return verify_utils::makeTensor(shape, element, bounds);
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         ValueRange operands,
                                         DictionaryAttr attributes,
                                         OpaqueProperties properties,
                                         RegionRange regions,
                                         SmallVectorImpl<Type> &inferred) {
  OpDiag report{loc, getOperationName()};
  if (failed(checkVariadicPairs(report, operands, 0, "init_values")))
    return failure();
  ReduceOp::Adaptor adaptor(operands, attributes, properties, regions);
  ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
  DenseI64ArrayAttr dims = adaptor.getDimensionsAttr();
  if (!dims)
    return report() << "requires attribute 'dimensions'";
  if (!llvm::all_of(operands.getTypes(), llvm::IsaPred<RankedTensorType>))
    return report() << "expects ranked tensor operands";
  auto input0 = cast<RankedTensorType>(inputs[0].getType());
  if (failed(checkSameShapes(report, "inputs", inputs)) ||
      failed(checkDimList(report, "dimensions", dims.asArrayRef(),
                          input0.getRank(), "the rank of the inputs")))
    return failure();
  for (auto [k, input, init] : llvm::enumerate(inputs, inits)) {
    Type element = accumulatorElement(regions, 0, k, inputs.size(),
                                      getElementTypeOrSelf(init.getType()));
    inferred.push_back(reducedType(cast<RankedTensorType>(input.getType()),
                                   dims.asArrayRef(), element));
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) {
    SmallVector<Type> elements;
    return failure(
        failed(checkInitValues(report, getInputs(), getInitValues(),
                               elements)) ||
        failed(verifyReducer(report, "body", getBody(), elements)));
  });
}

/// The op of the compact form `applies hlo.add`: a body that only applies a
/// commutative binary hlo op, without attributes, to its two arguments and
/// returns the result.
static Operation *getCompactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1 || !op.getBody().hasOneBlock())
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  if (!ret || ret->getNumOperands() != 1 || inner.getNumResults() != 1 ||
      ret->getOperand(0) != inner.getResult(0))
    return nullptr;
  if (inner.getDialect() != op->getDialect() || inner.getNumRegions() != 0 ||
      inner.getNumSuccessors() != 0 ||
      !inner.hasTrait<OpTrait::IsCommutative>() ||
      !llvm::equal(inner.getOperands(), block.getArguments()) ||
      !inner.getDiscardableAttrDictionary().empty())
    return nullptr;
  if (auto props = dyn_cast_or_null<DictionaryAttr>(
          inner.getPropertiesAsAttribute());
      props && !props.empty())
    return nullptr;
  Type scalar =
      scalarTensorOf(getElementTypeOrSelf(op.getInputs()[0].getType()));
  if (inner.getResult(0).getType() != scalar ||
      llvm::any_of(inner.getOperandTypes(),
                   [&](Type t) { return t != scalar; }))
    return nullptr;
  return &inner;
}

/// `hlo.add`, or `stablehlo.add` as StableHLO writes it, as a registered
/// hlo op.
static std::optional<RegisteredOperationName>
lookupReducerOp(MLIRContext *ctx, StringRef name) {
  std::string hloName;
  if (name.consume_front("stablehlo."))
    hloName = ("hlo." + name).str();
  else if (name.starts_with("hlo."))
    hloName = name.str();
  else
    return std::nullopt;
  return RegisteredOperationName::lookup(hloName, ctx);
}

// Compact:  hlo.reduce(%x init: %i) applies hlo.add across dimensions = [1]
//             : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
// General:  hlo.reduce(%x init: %i), (%y init: %j) across dimensions = [0]
//             : (...) -> (...)
//             reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: ..., %d: ...) {
//             ...
//           }
// where each reducer(...) pair is (accumulator, value) of one input.
ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc opLoc = parser.getCurrentLocation();
  Location loc = result.location;
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    if (parser.parseLParen() || parser.parseOperand(inputs.emplace_back()) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(inits.emplace_back()) || parser.parseRParen())
      return failure();
  } while (succeeded(parser.parseOptionalComma()));

  std::optional<RegisteredOperationName> innerOp;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    SMLoc nameLoc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    innerOp = lookupReducerOp(parser.getContext(), name);
    if (!innerOp)
      return parser.emitError(nameLoc)
             << "expected an hlo op name after 'applies', got '" << name
             << "'";
    if (!innerOp->hasTrait<OpTrait::OneResult>() ||
        !innerOp->hasTrait<OpTrait::ZeroRegions>() ||
        innerOp->hasTrait<OpTrait::IsTerminator>())
      return parser.emitError(nameLoc)
             << "'applies' expects an op with one result and no regions, got '"
             << name << "'";
  }

  DenseI64ArrayAttr dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDenseI64Array(parser, dims) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.getOrAddProperties<Properties>().dimensions = dims;

  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType fnType;
  if (parser.parseColonType(fnType))
    return failure();
  size_t n = inputs.size();
  if (fnType.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc)
           << "expected " << 2 * n << " operand types, got "
           << fnType.getNumInputs();
  if (parser.resolveOperands(inputs, fnType.getInputs().take_front(n),
                             typeLoc, result.operands) ||
      parser.resolveOperands(inits, fnType.getInputs().drop_front(n), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  Region *body = result.addRegion();

  if (innerOp) {
    if (n != 1)
      return parser.emitError(opLoc)
             << "'applies' requires a single input, got " << n;
    auto inputType = dyn_cast<ShapedType>(fnType.getInput(0));
    if (!inputType)
      return parser.emitError(typeLoc) << "expected a tensor input type";
    Type scalar = scalarTensorOf(inputType.getElementType());
    Block *block = &body->emplaceBlock();
    block->addArgument(scalar, loc);
    block->addArgument(scalar, loc);
    // The region has no parent op yet: the builder takes the context here.
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(block);
    OperationState state(loc, *innerOp);
    state.addOperands(block->getArguments());
    state.addTypes(scalar);
    Operation *inner = builder.create(state);
    ReturnOp::create(builder, loc, inner->getResults());
    return success();
  }

  SmallVector<OpAsmParser::Argument> accs(n), vals(n);
  if (parser.parseKeyword("reducer"))
    return failure();
  for (size_t k = 0; k < n; ++k)
    if (parser.parseLParen() ||
        parser.parseArgument(accs[k], /*allowType=*/true) ||
        parser.parseComma() ||
        parser.parseArgument(vals[k], /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
  SmallVector<OpAsmParser::Argument> args(accs);
  args.append(vals);
  return parser.parseRegion(*body, args);
}

void ReduceOp::print(OpAsmPrinter &p) {
  for (auto [k, input, init] : llvm::enumerate(getInputs(), getInitValues()))
    p << (k ? ", (" : "(") << input << " init: " << init << ")";
  Operation *inner = getCompactReducer(*this);
  if (inner)
    p << " applies " << inner->getName().getStringRef();
  p << " across dimensions = ";
  printDenseI64Array(p, *this, getDimensionsAttr());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getDimensionsAttrName().getValue()});
  p << " : ";
  p.printFunctionalType((*this)->getOperandTypes(), getResultTypes());
  if (inner)
    return;

  p.printNewline();
  p << " reducer";
  Region &body = getBody();
  size_t n = getInputs().size();
  if (body.empty() || body.getNumArguments() != 2 * n) {
    // Not a valid reduce: keep the block arguments with the region.
    p << " ";
    p.printRegion(body, /*printEntryBlockArgs=*/true);
    return;
  }
  for (size_t k = 0; k < n; ++k) {
    p << "(";
    p.printRegionArgument(body.getArgument(k));
    p << ", ";
    p.printRegionArgument(body.getArgument(k + n));
    p << ") ";
  }
  p.printRegion(body, /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// ReduceWindowOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  OpDiag report{loc, getOperationName()};
  if (failed(checkVariadicPairs(report, operands, 0, "init_values")))
    return failure();
  ReduceWindowOp::Adaptor adaptor(operands, attributes, properties, regions);
  ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
  auto input0 = dyn_cast<RankedTensorType>(inputs[0].getType());
  if (!input0)
    return report() << "expects ranked tensor inputs";
  if (!adaptor.getWindowDimensionsAttr())
    return report() << "requires attribute 'window_dimensions'";
  if (failed(checkSameShapes(report, "inputs", inputs)))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = windowedShape(
      report, input0.getShape(), adaptor.getWindowDimensionsAttr(),
      adaptor.getWindowStridesAttr(), adaptor.getBaseDilationsAttr(),
      adaptor.getWindowDilationsAttr(), adaptor.getPaddingAttr());
  if (failed(shape))
    return failure();
  for (auto [k, init] : llvm::enumerate(inits))
    inferred.push_back(RankedTensorType::get(
        *shape, accumulatorElement(regions, 0, k, inputs.size(),
                                  getElementTypeOrSelf(init.getType()))));
  return success();
}

LogicalResult ReduceWindowOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) {
    SmallVector<Type> elements;
    return failure(
        failed(checkInitValues(report, getInputs(), getInitValues(),
                               elements)) ||
        failed(verifyReducer(report, "body", getBody(), elements)));
  });
}

//===----------------------------------------------------------------------===//
// SelectAndScatterOp
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  return inferTypeOfOperand(loc, operands, 0, inferred);
}

static LogicalResult verifySelectAndScatter(SelectAndScatterOp op,
                                            const OpDiag &report) {
  auto operand = cast<RankedTensorType>(op.getOperand().getType());
  auto source = cast<RankedTensorType>(op.getSource().getType());
  Type element = operand.getElementType();
  if (source.getElementType() != element)
    return report() << "source element type " << source.getElementType()
                    << " differs from operand element type " << element;
  Type init = op.getInitValue().getType();
  if (!isScalarTensor(init) || getElementTypeOrSelf(init) != element)
    return report() << "init_value must be a 0-d tensor of the operand "
                       "element type "
                    << element << ", got " << init;

  FailureOr<SmallVector<int64_t>> windows = windowedShape(
      report, operand.getShape(), op.getWindowDimensionsAttr(),
      op.getWindowStridesAttr(), {}, {}, op.getPaddingAttr());
  if (failed(windows))
    return failure();
  if (source.getRank() != operand.getRank())
    return report() << "source must have rank " << operand.getRank()
                    << " (the rank of the operand), got " << source;
  for (auto [d, want, got] : llvm::enumerate(*windows, source.getShape()))
    if (!ShapedType::isDynamic(want) && !ShapedType::isDynamic(got) &&
        got != want)
      return report() << "source dimension " << d << " has size " << got
                      << " but the operand has " << want
                      << " windows in that dimension";

  Type i1 = IntegerType::get(op.getContext(), 1);
  return failure(failed(verifyScalarFunction(report, "select", op.getSelect(),
                                             {element, element}, {i1})) ||
                 failed(verifyScalarFunction(report, "scatter",
                                             op.getScatter(),
                                             {element, element}, {element})));
}

LogicalResult SelectAndScatterOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) {
    return verifySelectAndScatter(*this, report);
  });
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

LogicalResult SortOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

LogicalResult SortOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) -> LogicalResult {
    ValueRange inputs = getInputs();
    if (inputs.empty())
      return report() << "requires at least one input";
    if (failed(checkSameShapes(report, "inputs", inputs)))
      return failure();
    int64_t rank = cast<RankedTensorType>(inputs[0].getType()).getRank();
    int64_t dim = getDimension();
    if (dim < -rank || dim >= rank)
      return report() << "dimension " << dim << " is out of range [" << -rank
                      << ", " << rank << ") (the rank of the inputs)";
    SmallVector<Type> args;
    for (Value input : inputs)
      args.append(2, getElementTypeOrSelf(input.getType()));
    return verifyScalarFunction(report, "comparator", getComparator(), args,
                                {IntegerType::get(getContext(), 1)});
  });
}

//===----------------------------------------------------------------------===//
// MapOp
//===----------------------------------------------------------------------===//

LogicalResult MapOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange regions,
                                      SmallVectorImpl<Type> &inferred) {
  OpDiag report{loc, getOperationName()};
  if (operands.empty())
    return report() << "requires at least one input";
  if (failed(checkSameShapes(report, "inputs", operands)))
    return failure();
  auto input0 = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!input0)
    return report() << "expects ranked tensor inputs";
  // The result element type is the one computation returns.
  Operation *term = nullptr;
  if (!regions.empty() && !regions[0]->empty() &&
      !regions[0]->front().empty())
    term = &regions[0]->front().back();
  if (!term || term->getNumOperands() != 1 ||
      !isScalarTensor(term->getOperand(0).getType()))
    return report() << "computation must return a single 0-d tensor";
  inferred.push_back(
      input0.clone(getElementTypeOrSelf(term->getOperand(0).getType())));
  return success();
}

LogicalResult MapOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) -> LogicalResult {
    ValueRange inputs = getInputs();
    int64_t rank = cast<RankedTensorType>(inputs[0].getType()).getRank();
    SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    if (getDimensions() != ArrayRef<int64_t>(all))
      return report() << "dimensions must be " << listStr(all)
                      << " (all dimensions of the inputs, in order), got "
                      << listStr(getDimensions());
    SmallVector<Type> args = llvm::map_to_vector(
        inputs, [](Value v) { return getElementTypeOrSelf(v.getType()); });
    return verifyScalarFunction(report, "computation", getComputation(), args,
                                {getElementTypeOrSelf(getType())});
  });
}

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          ValueRange operands,
                                          DictionaryAttr attributes,
                                          OpaqueProperties properties,
                                          RegionRange regions,
                                          SmallVectorImpl<Type> &inferred) {
  OpDiag report{loc, getOperationName()};
  if (failed(checkVariadicPairs(report, operands, 1, "updates")))
    return failure();
  ScatterOp::Adaptor adaptor(operands, attributes, properties, regions);
  ValueRange inputs = adaptor.getInputs();
  if (failed(checkSameShapes(report, "inputs", inputs)))
    return failure();
  for (auto [k, input] : llvm::enumerate(inputs)) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    if (!type)
      return report() << "expects ranked tensor inputs";
    inferred.push_back(type.clone(accumulatorElement(
        regions, 0, k, inputs.size(), type.getElementType())));
  }
  return success();
}

static LogicalResult verifyScatter(ScatterOp op, const OpDiag &report) {
  ValueRange inputs = op.getInputs(), updates = op.getUpdates();
  auto input0 = cast<RankedTensorType>(inputs[0].getType());
  auto update0 = cast<RankedTensorType>(updates[0].getType());
  auto indices = cast<RankedTensorType>(op.getScatterIndices().getType());
  int64_t inputRank = input0.getRank(), updateRank = update0.getRank(),
          indicesRank = indices.getRank();
  ScatterDimensionNumbersAttr dn = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> window = dn.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dn.getInsertedWindowDims();
  ArrayRef<int64_t> inputBatch = dn.getInputBatchingDims();
  ArrayRef<int64_t> indicesBatch = dn.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperand = dn.getScatterDimsToOperandDims();
  int64_t indexVectorDim = dn.getIndexVectorDim();

  // (C3), (C6)
  if (failed(checkSameShapes(report, "updates", updates)))
    return failure();
  for (auto [k, input, update] : llvm::enumerate(inputs, updates))
    if (getElementTypeOrSelf(update.getType()) !=
        getElementTypeOrSelf(input.getType()))
      return report() << "updates[" << k << "] element type "
                      << getElementTypeOrSelf(update.getType())
                      << " differs from inputs[" << k << "] element type "
                      << getElementTypeOrSelf(input.getType());

  // (C7)-(C16), (C20)-(C22): the dimension numbers on their own.
  if (failed(checkDimList(report, "update_window_dims", window, updateRank,
                          "the rank of the updates", /*sorted=*/true)) ||
      failed(checkDimList(report, "inserted_window_dims", inserted, inputRank,
                          "the rank of the inputs", /*sorted=*/true)) ||
      failed(checkDimList(report, "input_batching_dims", inputBatch,
                          inputRank, "the rank of the inputs",
                          /*sorted=*/true)) ||
      failed(checkDisjoint(report, "inserted_window_dims", inserted,
                           "input_batching_dims", inputBatch)) ||
      failed(checkDimList(report, "scatter_indices_batching_dims",
                          indicesBatch, indicesRank,
                          "the rank of scatter_indices")) ||
      failed(checkDimList(report, "scatter_dims_to_operand_dims", toOperand,
                          inputRank, "the rank of the inputs")) ||
      failed(checkDisjoint(report, "scatter_dims_to_operand_dims", toOperand,
                           "input_batching_dims", inputBatch)))
    return failure();
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return report() << "index_vector_dim " << indexVectorDim
                    << " is out of range [0, " << indicesRank
                    << "] (the rank of scatter_indices)";
  if (llvm::is_contained(indicesBatch, indexVectorDim))
    return report() << "index_vector_dim " << indexVectorDim
                    << " must not be in scatter_indices_batching_dims "
                    << listStr(indicesBatch);

  // (C2), (C17), (C18), (C19): against the operand shapes.
  if (inputRank != (int64_t)(window.size() + inserted.size() +
                             inputBatch.size()))
    return report() << "the rank of the inputs (" << inputRank
                    << ") must be the number of update_window_dims ("
                    << window.size() << ") + inserted_window_dims ("
                    << inserted.size() << ") + input_batching_dims ("
                    << inputBatch.size() << ")";
  if (inputBatch.size() != indicesBatch.size())
    return report() << "input_batching_dims " << listStr(inputBatch)
                    << " and scatter_indices_batching_dims "
                    << listStr(indicesBatch) << " must have the same size";
  for (auto [a, b] : llvm::zip(inputBatch, indicesBatch)) {
    int64_t sa = input0.getDimSize(a), sb = indices.getDimSize(b);
    if (!ShapedType::isDynamic(sa) && !ShapedType::isDynamic(sb) && sa != sb)
      return report() << "input batching dimension " << a << " has size " << sa
                      << " but scatter_indices batching dimension " << b
                      << " has size " << sb;
  }
  if (indexVectorDim < indicesRank) {
    int64_t size = indices.getDimSize(indexVectorDim);
    if (!ShapedType::isDynamic(size) && (int64_t)toOperand.size() != size)
      return report() << "scatter_dims_to_operand_dims must have " << size
                      << " values (dimension index_vector_dim = "
                      << indexVectorDim << " of scatter_indices), got "
                      << toOperand.size();
  } else if (toOperand.size() != 1) {
    return report() << "scatter_dims_to_operand_dims must have 1 value "
                       "(index_vector_dim is the rank of scatter_indices), got "
                    << toOperand.size();
  }

  // (C4): the shape of the updates.
  SmallVector<int64_t> scatterSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      scatterSizes.push_back(indices.getDimSize(d));
  if (updateRank != (int64_t)(scatterSizes.size() + window.size()))
    return report() << "updates must have rank "
                    << scatterSizes.size() + window.size() << " ("
                    << scatterSizes.size() << " scatter dimensions and "
                    << window.size() << " update_window_dims), got "
                    << update0;
  SmallVector<int64_t> windowBounds;
  for (int64_t d = 0; d < inputRank; ++d)
    if (!llvm::is_contained(inserted, d) && !llvm::is_contained(inputBatch, d))
      windowBounds.push_back(input0.getDimSize(d));
  for (auto [i, d] : llvm::enumerate(window)) {
    int64_t size = update0.getDimSize(d), bound = windowBounds[i];
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
        size > bound)
      return report() << "updates window dimension " << d << " has size "
                      << size << ", more than the size " << bound
                      << " of the corresponding input dimension";
  }
  size_t j = 0;
  for (int64_t d = 0; d < updateRank; ++d) {
    if (llvm::is_contained(window, d))
      continue;
    int64_t size = update0.getDimSize(d), want = scatterSizes[j++];
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(want) &&
        size != want)
      return report() << "updates scatter dimension " << d << " has size "
                      << size << " but the scatter_indices dimension it "
                      << "matches has size " << want;
  }

  // (C23)
  SmallVector<Type> elements = llvm::map_to_vector(
      inputs, [](Value v) { return getElementTypeOrSelf(v.getType()); });
  return verifyReducer(report, "update_computation",
                       op.getUpdateComputation(), elements);
}

LogicalResult ScatterOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) {
    return verifyScatter(*this, report);
  });
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

LogicalResult WhileOp::verify() {
  return verifyInferredOp(*this, [&](const OpDiag &report) {
    TypeRange types = getOperand().getTypes();
    Type pred = scalarTensorOf(IntegerType::get(getContext(), 1));
    return failure(
        failed(verifyRegionArgs(report, "cond", getCond(), types)) ||
        failed(verifyReturn(report, "cond", getCond().front(),
                            ArrayRef<Type>(pred))) ||
        failed(verifyRegionArgs(report, "body", getBody(), types)) ||
        failed(verifyReturn(report, "body", getBody().front(), types)));
  });
}

// See the op description for the edges and why some skip cond.
void WhileOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent() &&
      point.getTerminatorPredecessorOrNull()->getParentRegion() == &getCond()) {
    regions.push_back(RegionSuccessor(&getBody(), Block::BlockArgListType()));
    regions.push_back(RegionSuccessor(
        getOperation(), getOperation()->getResults().take_front(0)));
    return;
  }
  // From the op (the operands) or from body (the next iteration values).
  regions.push_back(RegionSuccessor(&getCond(), getCond().getArguments()));
  regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
  regions.push_back(RegionSuccessor(getOperation(), getOperation()->getResults()));
}

OperandRange WhileOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getOperand();
}

bool WhileOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

// hlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i64>, tensor<f32>
//  cond { ... } do { ... }
// Both regions take the iteration values under the names given in parens.
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            return failure(parser.parseArgument(args.emplace_back()) ||
                           parser.parseEqual() ||
                           parser.parseOperand(operands.emplace_back()));
          }))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(typeLoc)
           << "expected " << operands.size() << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip(args, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, typeLoc, result.operands))
    return failure();
  result.addTypes(types);
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  return failure(parser.parseKeyword("cond") ||
                 parser.parseRegion(*cond, args) ||
                 parser.parseKeyword("do") || parser.parseRegion(*body, args));
}

void WhileOp::print(OpAsmPrinter &p) {
  Region &cond = getCond(), &body = getBody();
  bool named = cond.getNumArguments() == getNumOperands() && !cond.empty();
  p << "(";
  for (auto [i, operand] : llvm::enumerate(getOperand())) {
    p << (i ? ", " : "");
    if (named)
      p << cond.getArgument(i) << " = ";
    p << operand;
  }
  p << ")";
  if (getNumOperands()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(cond, /*printEntryBlockArgs=*/!named);
  p << " do ";
  bool bodyNamed = named && !body.empty() &&
                   body.getNumArguments() == cond.getNumArguments();
  if (bodyNamed)
    p.shadowRegionArgs(body, cond.getArguments());
  p.printRegion(body, /*printEntryBlockArgs=*/!bodyNamed);
}

//===----------------------------------------------------------------------===//
// IfOp and CaseOp
//===----------------------------------------------------------------------===//

/// A branch takes no arguments and returns values of the result types.
static LogicalResult verifyBranch(const OpDiag &report, StringRef name,
                                  Region &region, TypeRange results) {
  if (failed(verifyRegionArgs(report, name, region, {})))
    return failure();
  return verifyReturn(report, name, region.front(), results);
}

LogicalResult IfOp::verify() {
  OpDiag report{getLoc(), getOperationName()};
  if (failed(verifyBranch(report, "true_branch", getTrueBranch(),
                          getResultTypes())))
    return failure();
  return verifyBranch(report, "false_branch", getFalseBranch(),
                      getResultTypes());
}

void IfOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
    return;
  }
  regions.push_back(RegionSuccessor(&getTrueBranch()));
  regions.push_back(RegionSuccessor(&getFalseBranch()));
}

bool IfOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

LogicalResult CaseOp::verify() {
  OpDiag report{getLoc(), getOperationName()};
  if (getBranches().empty())
    return report() << "requires at least one branch";
  for (auto [i, branch] : llvm::enumerate(getBranches()))
    if (failed(verifyBranch(report, ("branches[" + Twine(i) + "]").str(),
                            branch, getResultTypes())))
      return failure();
  return success();
}

void CaseOp::getSuccessorRegions(RegionBranchPoint point,
                                 SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
    return;
  }
  for (Region &branch : getBranches())
    regions.push_back(RegionSuccessor(&branch));
}

bool CaseOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.cpp.inc"
