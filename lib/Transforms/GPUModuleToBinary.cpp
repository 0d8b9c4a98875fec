//===- GPUModuleToBinary.cpp - kernel modules to binaries, in parallel ----===//
//
// Upstream `gpu-module-to-binary` compiles the kernel modules one after
// another; each goes through the LLVM IR export, libdevice linking, LLVM's
// NVPTX back end and a ptxas process, which together are most of a GPU
// compile (9.6 of 16.4 s for the BERT step on two cores). The modules are
// independent, so here they are compiled on the context's thread pool, and
// the `gpu.binary` ops are then made in program order, so the output does
// not depend on the number of threads. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringSwitch.h"

namespace xla {
#define GEN_PASS_DEF_GPUMODULETOBINARYPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

std::optional<gpu::CompilationTarget> parseFormat(StringRef format) {
  return llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
      .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
      .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
      .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
      .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
      .Default(std::nullopt);
}

/// A kernel that calls libdevice (__nv_expf, ...) needs its NVVM target to
/// link libdevice: without it the PTX would call functions that exist
/// nowhere, and the driver would reject the module at the first run.
LogicalResult checkLibdevice(gpu::GPUModuleOp module) {
  for (Attribute attr : module.getTargetsAttr()) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr);
    if (!nvvm || (nvvm.getLink() && !nvvm.getLink().empty()))
      continue;
    WalkResult found = module.walk([](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee || !callee->starts_with("__nv_"))
        return WalkResult::advance();
      call.emitError("the kernel calls libdevice's ")
          << *callee
          << ", and no libdevice was found (nvvm/libdevice/libdevice.10.bc "
             "of a CUDA toolkit: set CUDA_HOME)";
      return WalkResult::interrupt();
    });
    if (found.wasInterrupted())
      return failure();
  }
  return success();
}

/// The objects of `module`, one per target attribute, or a null ArrayAttr
/// after an error on the module. Runs on a worker thread: it reads and
/// annotates only `module` (the NVVM target records its timings there).
ArrayAttr compileModule(gpu::GPUModuleOp module,
                        const gpu::TargetOptions &options) {
  SmallVector<Attribute> objects;
  for (Attribute attr : module.getTargetsAttr()) {
    auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
    if (!target) {
      module.emitError("target ") << attr << " cannot compile a module";
      return {};
    }
    std::optional<SmallVector<char, 0>> object =
        target.serializeToObject(module, options);
    if (!object) {
      module.emitError("could not compile the kernel module for ") << attr;
      return {};
    }
    // The NVVM target notes how long LLVM and ptxas took on the module,
    // and createObject copies that into the object: the program would
    // differ from one compile to the next. Timings belong to
    // --time-compile, not to the binary.
    module->removeAttr("LLVMIRToISATimeInMs");
    module->removeAttr("ISAToBinaryTimeInMs");
    Attribute built = target.createObject(module, *object, options);
    if (!built) {
      module.emitError("could not make the object of the kernel module for ")
          << attr;
      return {};
    }
    objects.push_back(built);
  }
  return ArrayAttr::get(module.getContext(), objects);
}

struct GPUModuleToBinaryPass
    : xla::impl::GPUModuleToBinaryPassBase<GPUModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp program = getOperation();
    std::optional<gpu::CompilationTarget> target = parseFormat(format);
    if (!target) {
      program.emitError("unknown kernel binary format '")
          << format << "' (expected offloading, assembly, binary or fatbin)";
      return signalPassFailure();
    }
    SmallVector<gpu::GPUModuleOp> modules;
    for (auto module : program.getOps<gpu::GPUModuleOp>()) {
      if (!module.getTargetsAttr() || module.getTargetsAttr().empty()) {
        module.emitError("kernel module has no target to compile it for");
        return signalPassFailure();
      }
      if (failed(checkLibdevice(module)))
        return signalPassFailure();
      modules.push_back(module);
    }
    if (modules.empty())
      return;

    // Built before the threads start: the upstream pass builds its table
    // lazily, which would race here.
    SymbolTable symbols(program);
    SmallVector<Attribute> libraries;
    for (const std::string &path : linkFiles)
      libraries.push_back(StringAttr::get(&getContext(), path));
    gpu::TargetOptions options(toolkitPath, libraries, cmdOptions,
                               /*elfSection=*/{}, *target,
                               [&]() { return &symbols; });

    SmallVector<ArrayAttr> objects(modules.size());
    if (failed(failableParallelForEachN(
            &getContext(), 0, modules.size(), [&](size_t i) {
              objects[i] = compileModule(modules[i], options);
              return success(static_cast<bool>(objects[i]));
            })))
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (auto [module, objectList] : llvm::zip_equal(modules, objects)) {
      builder.setInsertionPointAfter(module);
      gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                            module.getOffloadingHandlerAttr(), objectList);
      module->erase();
    }
  }
};

} // namespace
