//===- BarePointerKernels.cpp - kernels take one pointer per buffer ------===//
//
// A memref argument lowers to a descriptor of 3 + 2 * rank values (the
// allocated and aligned pointers, the offset, sizes and strides). A
// kernel's buffers have static shapes, so all but the aligned pointer are
// constants its callers pass and it never needs: translated as they were,
// the BERT step's 72 kernels took 3400 arguments where 458 pointers do,
// and LLVM's interprocedural constant propagation and dead argument
// elimination removed them again, on the whole module, before it could be
// split for parallel compilation. Marked `llvm.bareptr`,
// convert-func-to-llvm gives such a kernel one pointer per buffer,
// rebuilds the constant descriptor inside it, and lowers its calls to pass
// the aligned pointers.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_BAREPOINTERKERNELSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Whether every memref `func` takes is static (shape, strides, offset)
/// and it returns none.
static bool hasStaticBuffers(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  for (Type result : type.getResults())
    if (isa<BaseMemRefType>(result))
      return false;
  return llvm::all_of(type.getInputs(), [](Type input) {
    auto memref = dyn_cast<BaseMemRefType>(input);
    return !memref || LLVMTypeConverter::canConvertToBarePtr(memref);
  });
}

namespace {

struct BarePointerKernelsPass
    : xla::impl::BarePointerKernelsPassBase<BarePointerKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Only direct calls know to pass bare pointers: functions whose symbol
    // another op uses (func.constant takes its address) keep descriptors.
    // Ops that use symbols say so (SymbolUserOpInterface); a walk of every
    // op's attributes (SymbolTable::getSymbolUses) took three times as long.
    llvm::DenseSet<StringAttr> otherwiseUsed;
    module.walk([&](SymbolUserOpInterface user) {
      if (isa<func::CallOp>(user))
        return;
      for (NamedAttribute attr : user->getAttrs())
        if (auto ref = dyn_cast<SymbolRefAttr>(attr.getValue()))
          otherwiseUsed.insert(ref.getRootReference());
    });
    for (auto func : module.getOps<func::FuncOp>()) {
      // The entry's descriptors are the exported ABI (EntryWrappers), and
      // declarations are the runtime's functions.
      if (func.isPublic() || func.isDeclaration() ||
          otherwiseUsed.contains(func.getSymNameAttr()) ||
          !hasStaticBuffers(func))
        continue;
      func->setAttr(xla::kBarePointerAttrName, UnitAttr::get(&getContext()));
    }
  }
};

} // namespace
