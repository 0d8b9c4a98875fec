//===- CheckToRuntime.cpp - check ops to calls into the runtime ----------===//
//
// Each check op becomes a call of `xla_rt_check_<element type>` on unranked
// tensors (see xla-mlir/ABI/CheckABI.h). The pass runs on the hlo-level
// program, before hlo-legalize-to-linalg: constants of the `_const` forms
// are emitted as hlo.constant and lowered with the rest of the program, and
// the legalization retypes the calls, casts and declarations that carry
// unsigned types. Bufferization then turns the unranked tensors into
// unranked memrefs, whose LLVM form (rank, descriptor pointer) is the same
// for every element type, so one runtime function serves all checks.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/ABI/CheckABI.h"
#include "xla-mlir/ABI/DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_CHECKLOWERTORUNTIMEPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::runtime::CheckKind;

namespace {

/// The operands and parameters of one check call.
struct CheckCall {
  CheckKind kind;
  Value actual;
  Value expected;
  double tolerance = 0.0;
  int64_t minUlp = 0;
  int64_t maxUlp = 0;
};

/// Symbol-safe spelling of an element type: `f32`, `ui8`, `complex_f32`.
std::string mangleElementType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  for (char &c : text)
    if (!llvm::isAlnum(c))
      c = '_';
  while (!text.empty() && text.back() == '_')
    text.pop_back();
  return text;
}

class CheckLowering {
public:
  CheckLowering(ModuleOp module) : module(module), symbols(module) {}

  LogicalResult lower(Operation *op);

private:
  FailureOr<CheckCall> describe(Operation *op, OpBuilder &builder);
  FailureOr<func::FuncOp> getOrCreateDeclaration(Operation *op,
                                                 Type elementType);
  Value createLocationString(Location loc, OpBuilder &builder);

  ModuleOp module;
  SymbolTable symbols;
  unsigned numLocations = 0;
};

} // namespace

std::string xla::formatFileLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    os << loc;
  return text;
}

FailureOr<CheckCall> CheckLowering::describe(Operation *op,
                                             OpBuilder &builder) {
  Location loc = op->getLoc();
  auto constant = [&](Attribute value) -> Value {
    return xla::hlo::ConstantOp::create(builder, loc, value);
  };
  using namespace xla::check;
  if (auto eq = dyn_cast<ExpectEqOp>(op))
    return CheckCall{CheckKind::Eq, eq.getLhs(), eq.getRhs()};
  if (auto eq = dyn_cast<ExpectEqConstOp>(op))
    return CheckCall{CheckKind::Eq, eq.getLhs(), constant(eq.getValue())};
  if (auto almost = dyn_cast<ExpectAlmostEqOp>(op))
    return CheckCall{CheckKind::AlmostEq, almost.getLhs(), almost.getRhs(),
                     almost.getTolerance().convertToDouble()};
  if (auto almost = dyn_cast<ExpectAlmostEqConstOp>(op))
    return CheckCall{CheckKind::AlmostEq, almost.getLhs(),
                     constant(almost.getValue()),
                     almost.getTolerance().convertToDouble()};
  if (auto close = dyn_cast<ExpectCloseOp>(op))
    return CheckCall{CheckKind::Close,
                     close.getActual(),
                     close.getExpected(),
                     0.0,
                     static_cast<int64_t>(close.getMinUlpDifference()),
                     static_cast<int64_t>(close.getMaxUlpDifference())};
  if (auto serialized = dyn_cast<ExpectSerializedEqOp>(op))
    return CheckCall{CheckKind::Skipped, serialized.getExpected(),
                     serialized.getExpected()};
  return op->emitOpError("has no CPU runtime lowering");
}

FailureOr<func::FuncOp>
CheckLowering::getOrCreateDeclaration(Operation *op, Type elementType) {
  MLIRContext *context = module.getContext();
  std::string name = std::string(xla::runtime::kCheckSymbolPrefix) +
                     mangleElementType(elementType);
  Type unranked = UnrankedTensorType::get(elementType);
  Builder b(context);
  auto type = FunctionType::get(
      context,
      {b.getI32Type(), b.getI32Type(), unranked, unranked, b.getF64Type(),
       b.getI64Type(), b.getI64Type(), LLVM::LLVMPointerType::get(context)},
      {});
  if (Operation *existing = symbols.lookup(name)) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (func && func.isExternal() && func.getFunctionType() == type)
      return func;
    return op->emitOpError("cannot be lowered: the runtime symbol '")
           << name << "' is already defined by the program";
  }
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto func = func::FuncOp::create(builder, module.getLoc(), name, type);
  func.setPrivate();
  // Checks only read their operands; without this, bufferization assumes
  // an external callee writes them and would need copies of unranked
  // tensors, which it cannot make.
  for (unsigned arg : {2u, 3u})
    func.setArgAttr(arg,
                    bufferization::BufferizationDialect::kBufferAccessAttrName,
                    b.getStringAttr("read"));
  symbols.insert(func);
  return func;
}

Value CheckLowering::createLocationString(Location loc, OpBuilder &builder) {
  std::string name;
  do {
    name = "xla_rt_check_location_" + std::to_string(numLocations++);
  } while (symbols.lookup(name));
  std::string text = xla::formatFileLocation(loc);
  text.push_back('\0');
  Value pointer = LLVM::createGlobalString(loc, builder, name, text,
                                           LLVM::Linkage::Internal);
  // createGlobalString inserts the global at the module start behind our
  // back; keep the symbol table in sync so names stay unique.
  symbols.insert(module.lookupSymbol(name));
  return pointer;
}

LogicalResult CheckLowering::lower(Operation *op) {
  OpBuilder builder(op);
  FailureOr<CheckCall> call = describe(op, builder);
  if (failed(call))
    return failure();
  auto tensorType = cast<RankedTensorType>(call->actual.getType());
  Type elementType = tensorType.getElementType();
  std::optional<xla::runtime::DType> dtype =
      xla::getDTypeFor(elementType);
  if (!dtype)
    return op->emitOpError("cannot be checked at run time: element type ")
           << elementType << " is not supported by the CPU runtime";
  FailureOr<func::FuncOp> callee = getOrCreateDeclaration(op, elementType);
  if (failed(callee))
    return failure();

  Location loc = op->getLoc();
  Type unranked = UnrankedTensorType::get(elementType);
  Value args[] = {
      arith::ConstantIntOp::create(builder, loc,
                                   static_cast<int64_t>(call->kind), 32),
      arith::ConstantIntOp::create(builder, loc, static_cast<int64_t>(*dtype),
                                   32),
      tensor::CastOp::create(builder, loc, unranked, call->actual),
      tensor::CastOp::create(builder, loc, unranked, call->expected),
      arith::ConstantFloatOp::create(builder, loc, builder.getF64Type(),
                                     APFloat(call->tolerance)),
      arith::ConstantIntOp::create(builder, loc, call->minUlp, 64),
      arith::ConstantIntOp::create(builder, loc, call->maxUlp, 64),
      createLocationString(loc, builder)};
  func::CallOp::create(builder, loc, *callee, args);
  op->erase();
  return success();
}

namespace {

struct CheckLowerToRuntimePass
    : xla::impl::CheckLowerToRuntimePassBase<CheckLowerToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> checks;
    module.walk([&](Operation *op) {
      if (isa<xla::check::CheckDialect>(op->getDialect()))
        checks.push_back(op);
    });
    if (checks.empty())
      return;
    CheckLowering lowering(module);
    bool failedAny = false;
    for (Operation *op : checks)
      failedAny |= failed(lowering.lower(op));
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

std::optional<xla::runtime::DType> xla::getDTypeFor(Type type) {
  using xla::runtime::DType;
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    if (part.isF32())
      return DType::Complex64;
    if (part.isF64())
      return DType::Complex128;
    return std::nullopt;
  }
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return isUnsigned ? std::nullopt : std::optional(DType::I1);
    case 2:
      return isUnsigned ? DType::UI2 : DType::I2;
    case 4:
      return isUnsigned ? DType::UI4 : DType::I4;
    case 8:
      return isUnsigned ? DType::UI8 : DType::I8;
    case 16:
      return isUnsigned ? DType::UI16 : DType::I16;
    case 32:
      return isUnsigned ? DType::UI32 : DType::I32;
    case 64:
      return isUnsigned ? DType::UI64 : DType::I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  return std::nullopt;
}
