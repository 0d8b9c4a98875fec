//===- HLOFusionOps.cpp - the fusion op -----------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOFusionOps.h"
#include "xla-mlir/Dialect/Diagnostics.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"

using namespace mlir;
using namespace xla::hlo;
using xla::OpDiag;

/// The kind as a bare keyword: `kind(loop)`.
static ParseResult parseFusionKind(OpAsmParser &parser, FusionKindAttr &kind) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<FusionKind> value = symbolizeFusionKind(keyword);
  if (!value)
    return parser.emitError(loc) << "unknown fusion kind '" << keyword
                                 << "' (loop, input, output, multi_output)";
  kind = FusionKindAttr::get(parser.getContext(), *value);
  return success();
}

static void printFusionKind(OpAsmPrinter &printer, Operation *,
                            FusionKindAttr kind) {
  printer << stringifyFusionKind(kind.getValue());
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOFusionOps.cpp.inc"

FusionKind FusionOp::inferKind(Block &body, unsigned numResults) {
  bool hasReduce = false;
  for (Operation &op : body) {
    if (isa<DotGeneralOp, DotOp, ConvolutionOp>(op))
      return FusionKind::output;
    hasReduce |= isa<ReduceOp>(op);
  }
  if (numResults > 1)
    return FusionKind::multi_output;
  return hasReduce ? FusionKind::input : FusionKind::loop;
}

LogicalResult FusionOp::verify() {
  OpDiag diag(getOperation());
  if (getName().empty())
    return diag("needs a non-empty name");
  if (getNumResults() == 0)
    return diag("must have at least one result");
  Block &body = getBlock();
  if (body.getNumArguments() != getInputs().size())
    return diag("body has ", body.getNumArguments(), " arguments but the op has ",
                getInputs().size(), " operands");
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(body.getArgumentTypes(), getInputs()))) {
    auto [argType, input] = pair;
    if (argType != input.getType())
      return diag("body argument #", index, " has type ", argType,
                  " but operand #", index, " has type ", input.getType());
  }
  auto terminator = dyn_cast<ReturnOp>(body.getTerminator());
  if (!terminator)
    return diag("body must end in 'hlo.return'");
  if (terminator->getOperandTypes() != getResultTypes())
    return diag("body returns ", terminator->getOperandTypes(),
                " but the op's results are ", getResultTypes());
  for (Operation &op : body.without_terminator()) {
    if (!isa_and_nonnull<HLODialect>(op.getDialect()))
      return diag("body holds '", op.getName(),
                  "', which is not an hlo op");
    if (isa<FusionOp>(op))
      return diag("body holds a nested 'hlo.fusion'");
    if (!isMemoryEffectFree(&op))
      return diag("body holds '", op.getName(),
                  "', which has side effects");
  }
  FusionKind expected = inferKind(body, getNumResults());
  if (getKind() != expected)
    return diag("has kind '", stringifyFusionKind(getKind()),
                "' but its body makes it '", stringifyFusionKind(expected),
                "'");
  return success();
}
