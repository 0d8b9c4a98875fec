//===- FinalizeMemRefToLLVM.cpp - memref to LLVM, function by function ----===//
//
// Upstream's finalize-memref-to-llvm converts the whole module on one
// thread (0.026 s of the BERT step b2's serial time), because its patterns
// may add declarations of malloc, free and memrefCopy to the module as
// they go. Declared first, on one thread, they are only looked up, and the
// functions' bodies convert on all cores with upstream's patterns.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/Passes.h"

#include "xla-mlir/ABI/EntryABI.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/DialectConversion.h"

#include <atomic>

namespace xla {
#define GEN_PASS_DEF_FINALIZEMEMREFTOLLVMPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// What LLVM::lookupOrCreateMemRefCopyFn declares.
constexpr llvm::StringLiteral kCopyFunction = "memrefCopy";

struct FinalizeMemRefToLLVMPass
    : xla::impl::FinalizeMemRefToLLVMPassBase<FinalizeMemRefToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, dataLayout.getAtOrAbove(module));
    options.allocLowering =
        useAlignedAlloc ? LowerToLLVMOptions::AllocLowering::AlignedAlloc
                        : LowerToLLVMOptions::AllocLowering::Malloc;
    options.useGenericFunctions = useGenericFunctions;
    LLVMTypeConverter converter(context, options, &dataLayout);
    LLVMConversionTarget target(*context);
    target.addLegalOp<func::FuncOp>();

    // What the functions' ops will call. The module's globals, and any
    // other top-level op with a body, convert on this thread: globals are
    // the module's symbols.
    SmallVector<Operation *> serial;
    SmallVector<func::FuncOp> functions, copying;
    bool allocates = false, frees = false;
    for (Operation &op : module.getBody()->getOperations()) {
      auto function = dyn_cast<func::FuncOp>(op);
      if (function && !function.isExternal())
        functions.push_back(function);
      else if (isa<memref::GlobalOp>(op) || op.getNumRegions() != 0)
        serial.push_back(&op);
      if (!function)
        continue;
      bool hasCopy = false;
      function.walk([&](Operation *nested) {
        allocates |= isa<memref::AllocOp>(nested);
        frees |= isa<memref::DeallocOp>(nested);
        hasCopy |= isa<memref::CopyOp>(nested);
      });
      if (hasCopy)
        copying.push_back(function);
    }
    bool copies = !copying.empty();
    // Before the serial ops convert: their copies would declare it too.
    bool hadCopyFunction = module.lookupSymbol(kCopyFunction);
    if (failed(convertSerially(serial, converter, target)))
      return signalPassFailure();
    if (failed(declareCalls(module, converter, allocates, frees, copies)))
      return signalPassFailure();

    // Task t converts functions t, t + tasks, ... with its own symbol table
    // cache, data layout analysis, type converter and patterns: the data
    // layout's caches (type sizes, which aligned allocations query) are not
    // thread-safe. Its analysis is rooted at a function of its own, and
    // holds the module's layout as that function's ancestor.
    unsigned tasks = std::min<size_t>(
        functions.size(),
        4 * (context->isMultithreadingEnabled()
                 ? context->getThreadPool().getMaxConcurrency()
                 : 1));
    std::atomic<bool> anyFailed(false);
    parallelFor(context, 0, tasks, [&](size_t task) {
      DataLayoutAnalysis taskLayout(functions[task]);
      LLVMTypeConverter taskConverter(context, options, &taskLayout);
      SymbolTableCollection symbolTables;
      RewritePatternSet patterns(context);
      populateFinalizeMemRefToLLVMConversionPatterns(taskConverter, patterns,
                                                     &symbolTables);
      // With rollback, as upstream: without it, a pattern whose new ops
      // cannot be legalized is a fatal error, not a later diagnostic.
      FrozenRewritePatternSet frozen(std::move(patterns));
      for (size_t i = task; i < functions.size(); i += tasks)
        if (failed(applyPartialConversion(functions[i], target, frozen)))
          anyFailed = true;
    });
    if (anyFailed)
      return signalPassFailure();
    // A memref.copy of contiguous buffers became llvm.intr.memcpy. A
    // declaration of memrefCopy that this pass made and no call uses goes;
    // only the functions that had copies can call it (a walk of the whole
    // module for its uses took longer than the conversion).
    auto copy = copies && !hadCopyFunction
                    ? module.lookupSymbol<LLVM::LLVMFuncOp>(kCopyFunction)
                    : LLVM::LLVMFuncOp();
    if (copy && llvm::none_of(copying, [&](func::FuncOp function) {
          return function
              .walk([&](LLVM::CallOp call) {
                return call.getCallee() == copy.getSymName()
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
        })) {
      copy.erase();
      copy = {};
    }
    // With the runtime's allocation functions, the copy this pass declared
    // is the runtime's too (an import, ABI/EntryABI.h): an artifact then
    // needs no MLIR library where it runs. Only the functions that had
    // copies call it. (A declaration the module had before stays.)
    if (useGenericFunctions && copy) {
      if (module.lookupSymbol(xla::runtime::kMemrefCopySymbol)) {
        copy.emitError("cannot rename to ")
            << xla::runtime::kMemrefCopySymbol << ": the module defines it";
        return signalPassFailure();
      }
      auto name = StringAttr::get(context, xla::runtime::kMemrefCopySymbol);
      auto callee = FlatSymbolRefAttr::get(name);
      for (func::FuncOp function : copying)
        function.walk([&](LLVM::CallOp call) {
          if (call.getCallee() == kCopyFunction)
            call.setCalleeAttr(callee);
        });
      SymbolTable::setSymbolName(copy, name);
    }
  }

  static LogicalResult convertSerially(ArrayRef<Operation *> ops,
                                       const LLVMTypeConverter &converter,
                                       const ConversionTarget &target) {
    if (ops.empty())
      return success();
    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(&converter.getContext());
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    return applyPartialConversion(ops, target, std::move(patterns));
  }

  /// Declares the functions that the lowering of allocations, deallocations
  /// and copies calls (as its patterns would, with the same helpers), so
  /// that the parallel conversion only looks them up. Each goes to the
  /// module's start, in the order upstream's walk usually needs them
  /// (allocation before deallocation), so the declarations end up in the
  /// same order.
  LogicalResult declareCalls(ModuleOp module,
                             const LLVMTypeConverter &converter,
                             bool allocates, bool frees, bool copies) {
    OpBuilder b(module.getContext());
    Type index = converter.getIndexType();
    auto ptr = LLVM::LLVMPointerType::get(module.getContext());
    FailureOr<LLVM::LLVMFuncOp> declared = LLVM::LLVMFuncOp();
    if (allocates) {
      if (useAlignedAlloc)
        declared =
            useGenericFunctions
                ? LLVM::lookupOrCreateGenericAlignedAllocFn(b, module, index)
                : LLVM::lookupOrCreateAlignedAllocFn(b, module, index);
      else
        declared = useGenericFunctions
                       ? LLVM::lookupOrCreateGenericAllocFn(b, module, index)
                       : LLVM::lookupOrCreateMallocFn(b, module, index);
      if (failed(declared))
        return failure();
    }
    if (frees) {
      declared = useGenericFunctions
                     ? LLVM::lookupOrCreateGenericFreeFn(b, module)
                     : LLVM::lookupOrCreateFreeFn(b, module);
      if (failed(declared))
        return failure();
    }
    if (copies)
      declared = LLVM::lookupOrCreateMemRefCopyFn(b, module, index, ptr);
    return success(succeeded(declared));
  }
};

} // namespace
