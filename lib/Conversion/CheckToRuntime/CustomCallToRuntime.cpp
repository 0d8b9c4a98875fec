//===- CustomCallToRuntime.cpp - custom calls to runtime dispatch ---------===//
//
// `hlo.custom_call @name(operands) -> results` becomes, on the hlo-level
// program: a buffer per operand (bufferization.to_buffer, read-only), a
// freshly allocated buffer per result, an array of their aligned pointers,
// and one call of `xla_rt_custom_call(site, pointers)`; the results are the
// result buffers as tensors. `site` describes the call (name, element types
// and shapes, backend_config); see xla-mlir/ABI/CustomCallABI.h. The
// JIT binds the symbol to the runtime's dispatcher, which only calls
// functions registered in a CustomCallRegistry.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/ABI/CustomCallABI.h"
#include "xla-mlir/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "xla-mlir/ABI/DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_CUSTOMCALLLOWERTORUNTIMEPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::hlo::CustomCallOp;

/// Appends "DTYPE:DIMS" for each type; fails on types the runtime cannot
/// pass (unranked, dynamic, tuples, tokens, unsupported elements).
static LogicalResult appendTypes(CustomCallOp op, TypeRange types,
                                 llvm::StringRef what, std::string &out) {
  llvm::raw_string_ostream os(out);
  for (auto [i, type] : llvm::enumerate(types)) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    std::optional<xla::runtime::DType> dtype;
    if (tensorType && tensorType.hasStaticShape())
      dtype = xla::getDTypeFor(tensorType.getElementType());
    if (!dtype)
      return op.emitOpError("cannot pass ")
             << what << " " << i << " of type " << type
             << " to a host function: custom calls take and return "
                "statically shaped tensors";
    os << (i ? "," : "") << static_cast<int32_t>(*dtype) << ":";
    llvm::interleave(tensorType.getShape(), os, "x");
  }
  return success();
}

/// Layouts other than row-major (minor-to-major [rank-1, ..., 0]) would
/// need a transpose around the call.
static bool isRowMajor(std::optional<ArrayAttr> layouts) {
  if (!layouts)
    return true;
  for (Attribute layout : *layouts) {
    auto dims = cast<DenseIntElementsAttr>(layout).getValues<int64_t>();
    int64_t expected = static_cast<int64_t>(dims.size()) - 1;
    for (int64_t dim : dims)
      if (dim != expected--)
        return false;
  }
  return true;
}

/// The call site description of CustomCallABI.h.
static FailureOr<std::string> describeSite(CustomCallOp op) {
  if (op.getCalledComputations() && !op.getCalledComputations()->empty())
    return op.emitOpError("with called_computations is not supported by the "
                          "CPU runtime");
  if (!op.getOutputOperandAliases().empty())
    return op.emitOpError("with output_operand_aliases is not supported by "
                          "the CPU runtime");
  if (!isRowMajor(op.getOperandLayouts()) ||
      !isRowMajor(op.getResultLayouts()))
    return op.emitOpError("with non-row-major layouts is not supported by "
                          "the CPU runtime");
  std::string site = op.getCallTargetName().str() + "\n";
  if (failed(appendTypes(op, op.getOperandTypes(), "operand", site)))
    return failure();
  site += "\n";
  if (failed(appendTypes(op, op.getResultTypes(), "result", site)))
    return failure();
  site += "\n";
  if (std::optional<Attribute> config = op.getBackendConfig()) {
    if (auto text = dyn_cast<StringAttr>(*config)) {
      site += text.getValue().str();
    } else {
      llvm::raw_string_ostream os(site);
      os << *config;
    }
  }
  return site;
}

namespace {

struct CustomCallLowerToRuntimePass
    : xla::impl::CustomCallLowerToRuntimePassBase<
          CustomCallLowerToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<CustomCallOp> calls;
    module.walk([&](CustomCallOp op) {
      // check.* calls that hlo-import did not turn into check ops keep
      // their op, and hlo-check-lowerable reports them.
      if (!op.getCallTargetName().starts_with("check."))
        calls.push_back(op);
    });
    if (calls.empty())
      return;
    SymbolTable symbols(module);
    FailureOr<func::FuncOp> callee = getOrCreateDeclaration(symbols);
    if (failed(callee))
      return signalPassFailure();
    bool failedAny = false;
    for (CustomCallOp op : calls)
      failedAny |= failed(lower(op, *callee, symbols));
    if (failedAny)
      signalPassFailure();
  }

  FailureOr<func::FuncOp> getOrCreateDeclaration(SymbolTable &symbols) {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    auto type = FunctionType::get(
        context,
        {LLVM::LLVMPointerType::get(context),
         MemRefType::get({ShapedType::kDynamic}, IndexType::get(context))},
        {});
    if (Operation *existing = symbols.lookup(xla::runtime::kCustomCallSymbol)) {
      auto func = dyn_cast<func::FuncOp>(existing);
      if (func && func.isExternal() && func.getFunctionType() == type)
        return func;
      return existing->emitOpError("uses the name of the runtime's custom "
                                   "call entry point");
    }
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto func = func::FuncOp::create(builder, module.getLoc(),
                                     xla::runtime::kCustomCallSymbol, type);
    func.setPrivate();
    symbols.insert(func);
    return func;
  }

  LogicalResult lower(CustomCallOp op, func::FuncOp callee,
                      SymbolTable &symbols) {
    FailureOr<std::string> site = describeSite(op);
    if (failed(site))
      return failure();
    OpBuilder builder(op);
    Location loc = op.getLoc();
    auto memrefOf = [](Type type) {
      auto tensorType = cast<RankedTensorType>(type);
      return MemRefType::get(tensorType.getShape(),
                             tensorType.getElementType());
    };
    SmallVector<Value> buffers, results;
    for (Value operand : op.getOperands())
      buffers.push_back(bufferization::ToBufferOp::create(
          builder, loc, memrefOf(operand.getType()), operand,
          /*read_only=*/true));
    SmallVector<Value> resultBuffers;
    for (Type type : op.getResultTypes()) {
      Value buffer = memref::AllocOp::create(builder, loc, memrefOf(type));
      buffers.push_back(buffer);
      resultBuffers.push_back(buffer);
    }

    Type indexType = builder.getIndexType();
    Value pointers = memref::AllocaOp::create(
        builder, loc,
        MemRefType::get({static_cast<int64_t>(buffers.size())}, indexType));
    for (auto [i, buffer] : llvm::enumerate(buffers)) {
      Value pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
      Value position = arith::ConstantIndexOp::create(builder, loc, i);
      memref::StoreOp::create(builder, loc, pointer, pointers, position);
    }
    Value dynamicPointers = memref::CastOp::create(
        builder, loc, MemRefType::get({ShapedType::kDynamic}, indexType),
        pointers);

    std::string name;
    do {
      name = "xla_rt_custom_call_site_" + std::to_string(numSites++);
    } while (symbols.lookup(name));
    site->push_back('\0');
    Value siteString = LLVM::createGlobalString(loc, builder, name, *site,
                                                LLVM::Linkage::Internal);
    symbols.insert(getOperation().lookupSymbol(name));
    func::CallOp::create(builder, loc, callee,
                         ValueRange{siteString, dynamicPointers});

    for (auto [buffer, type] : llvm::zip(resultBuffers, op.getResultTypes()))
      results.push_back(bufferization::ToTensorOp::create(
          builder, loc, type, buffer, /*restrict=*/true, /*writable=*/true));
    op->replaceAllUsesWith(results);
    op->erase();
    return success();
  }

  unsigned numSites = 0;
};

} // namespace
