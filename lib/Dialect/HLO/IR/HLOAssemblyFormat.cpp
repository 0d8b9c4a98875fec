//===- HLOAssemblyFormat.cpp - custom directives of the hlo syntax --------===//

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"

using namespace mlir;

namespace xla::hlo {

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fnType = dyn_cast<FunctionType>(type);
  if (!fnType) {
    // CHLO writes unary ops as `: T -> R` (e.g. chlo.tan, which is hlo.tan).
    if (operands.size() == 1 && succeeded(parser.parseOptionalArrow())) {
      *operands[0] = type;
      return parser.parseType(result);
    }
    for (Type *t : operands)
      *t = type;
    result = type;
    return success();
  }
  if (fnType.getNumInputs() != operands.size())
    return parser.emitError(loc)
           << "expected " << operands.size() << " operand types but got "
           << fnType.getNumInputs();
  if (fnType.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected 1 result type but got " << fnType.getNumResults();
  for (auto [t, in] : llvm::zip(operands, fnType.getInputs()))
    *t = in;
  result = fnType.getResult(0);
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p, Operation *,
                                        TypeRange operands, Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    p << result;
    return;
  }
  p.printFunctionalType(operands, TypeRange(result));
}

ParseResult
parseVariadicSameOperandsAndResultType(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &operands,
                                       SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void printVariadicSameOperandsAndResultType(OpAsmPrinter &p, Operation *,
                                            TypeRange operands,
                                            TypeRange results) {
  if (operands == results) {
    llvm::interleaveComma(operands, p);
    return;
  }
  p.printFunctionalType(operands, results);
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 2) {
    pred = types[0];
    onTrue = onFalse = result = types[1];
    return success();
  }
  auto fn = types.size() == 1 ? dyn_cast<FunctionType>(types[0]) : nullptr;
  if (!fn || fn.getNumInputs() != 3 || fn.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected `pred_type, result_type` or a function type with 3 "
              "inputs and 1 result";
  pred = fn.getInput(0);
  onTrue = fn.getInput(1);
  onFalse = fn.getInput(2);
  result = fn.getResult(0);
  return success();
}

void printSelectOpType(OpAsmPrinter &p, Operation *, Type pred, Type onTrue,
                       Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    p << pred << ", " << result;
    return;
  }
  p.printFunctionalType(TypeRange{pred, onTrue, onFalse}, TypeRange{result});
}

/// The complex type of `partType`'s elements, keeping its shape.
static Type complexOf(Type partType) {
  auto shaped = dyn_cast<RankedTensorType>(partType);
  if (!shaped || !isa<FloatType>(shaped.getElementType()))
    return {};
  return shaped.clone(ComplexType::get(shaped.getElementType()));
}

ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected a function type with 2 inputs and 1 result";
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType())
                        : ComplexType();
  if (!complex)
    return parser.emitError(loc) << "expected a tensor of complex type, got "
                                 << type;
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &p, Operation *, Type lhs, Type rhs,
                        Type result) {
  if (lhs == rhs && complexOf(lhs) == result) {
    p << result;
    return;
  }
  p.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc) << "expected a tuple type, got " << result;
  operands.assign(tuple.getTypes().begin(), tuple.getTypes().end());
  return success();
}

void printTupleOpType(OpAsmPrinter &p, Operation *, TypeRange, Type result) {
  p << result;
}

ParseResult parseDenseI64Array(OpAsmParser &parser, DenseI64ArrayAttr &attr) {
  SmallVector<int64_t> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  attr = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDenseI64Array(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr attr) {
  p << "[";
  llvm::interleaveComma(attr.asArrayRef(), p);
  p << "]";
}

ParseResult parseDenseBoolArray(OpAsmParser &parser, DenseBoolArrayAttr &attr) {
  SmallVector<bool> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalKeyword("true")))
          values.push_back(true);
        else if (succeeded(parser.parseOptionalKeyword("false")))
          values.push_back(false);
        else
          return parser.emitError(parser.getCurrentLocation(),
                                  "expected 'true' or 'false'");
        return success();
      }))
    return failure();
  attr = DenseBoolArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDenseBoolArray(OpAsmPrinter &p, Operation *, DenseBoolArrayAttr attr) {
  p << "[";
  llvm::interleaveComma(attr.asArrayRef(), p,
                        [&](bool b) { p << (b ? "true" : "false"); });
  p << "]";
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return failure();
  // `e5m10`: the keyword lexer keeps the digits in the identifier.
  size_t m = kw.find('m');
  unsigned e = 0, mm = 0;
  if (!kw.consume_front("e") || m == StringRef::npos ||
      kw.substr(0, m - 1).getAsInteger(10, e) ||
      kw.substr(m).getAsInteger(10, mm))
    return parser.emitError(loc)
           << "expected a format like 'e5m10', got '" << kw << "'";
  auto i32 = IntegerType::get(parser.getContext(), 32);
  exponent = IntegerAttr::get(i32, e);
  mantissa = IntegerAttr::get(i32, mm);
  return success();
}

void printExponentMantissa(OpAsmPrinter &p, Operation *, IntegerAttr exponent,
                           IntegerAttr mantissa) {
  p << "e" << exponent.getInt() << "m" << mantissa.getInt();
}

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  std::string name;
  if (succeeded(parser.parseOptionalString(&name))) {
    target = parser.getBuilder().getStringAttr(name);
    return success();
  }
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &p, Operation *, StringAttr target) {
  p.printSymbolName(target.getValue());
}

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &attr) {
  SmallVector<Attribute> values;
  MLIRContext *ctx = parser.getContext();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        StringRef kw;
        if (parser.parseKeyword(&kw))
          return failure();
        std::optional<Precision> p = symbolizePrecision(kw);
        if (!p)
          return parser.emitError(loc) << "unknown precision '" << kw << "'";
        values.push_back(PrecisionAttr::get(ctx, *p));
        return success();
      }))
    return failure();
  attr = ArrayAttr::get(ctx, values);
  return success();
}

void printPrecisionConfig(OpAsmPrinter &p, Operation *, ArrayAttr attr) {
  p << "[";
  llvm::interleaveComma(attr, p, [&](Attribute a) {
    if (auto prec = dyn_cast<PrecisionAttr>(a))
      p << stringifyPrecision(prec.getValue());
    else
      p << a;
  });
  p << "]";
}

} // namespace xla::hlo
