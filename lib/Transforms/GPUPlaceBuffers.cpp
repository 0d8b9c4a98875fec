//===- GPUPlaceBuffers.cpp - device buffers, copies at the edges ----------===//
//
// The GPU pipeline's convention after this pass: `memref.alloc` is device
// memory, `memref.get_global` is host memory until a kernel takes it in,
// and the entry's arguments are the caller's host buffers. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace xla {
#define GEN_PASS_DEF_GPUPLACEBUFFERSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// A new device buffer of `type` (static shape, identity layout: entry
/// arguments and constants are both).
static Value allocDevice(OpBuilder &b, Location loc, MemRefType type) {
  return memref::AllocOp::create(b, loc, MemRefType::get(type.getShape(),
                                                         type.getElementType()))
      .getResult();
}

static void copy(OpBuilder &b, Location loc, Value dst, Value src) {
  gpu::MemcpyOp::create(b, loc, Type(), ValueRange(), dst, src);
}

/// True for functions the program calls that are implemented by the
/// runtime (checks, custom calls): they read host memory.
static bool isRuntimeFunction(func::FuncOp callee) {
  return callee && callee.isExternal() &&
         callee.getSymName().starts_with("xla_rt_");
}

namespace {

struct GPUPlaceBuffersPass
    : xla::impl::GPUPlaceBuffersPassBase<GPUPlaceBuffersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      if (func.isPublic() && failed(placeEntry(func)))
        return signalPassFailure();
      stageConstants(func, symbols);
    }
  }

  /// Inputs are copied in, out-params computed on the device and copied out.
  LogicalResult placeEntry(func::FuncOp func) {
    Block &entry = func.getBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    SmallVector<std::pair<Value, Value>> outputs; // (host out-param, device)
    for (BlockArgument arg : entry.getArguments()) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type)
        continue;
      if (!type.hasStaticShape() || !type.getLayout().isIdentity())
        return func.emitError("GPU entry argument ")
               << arg.getArgNumber() << " must be a static dense buffer, got "
               << type;
      Location loc = arg.getLoc();
      Value device = allocDevice(b, loc, type);
      arg.replaceAllUsesWith(device);
      bool isInput =
          func.getArgAttr(arg.getArgNumber(), xla::kInputAttrName) != nullptr;
      if (isInput)
        copy(b, loc, device, arg);
      else
        outputs.emplace_back(arg, device);
    }
    func.walk([&](func::ReturnOp ret) {
      OpBuilder rb(ret);
      for (auto [host, device] : outputs)
        copy(rb, ret.getLoc(), host, device);
    });
    return success();
  }

  /// Kernel functions take device pointers: a constant passed to one is
  /// uploaded at the call.
  void stageConstants(func::FuncOp func, SymbolTable &symbols) {
    func.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || isRuntimeFunction(callee))
        return;
      OpBuilder b(call);
      for (OpOperand &operand : call->getOpOperands()) {
        auto global = operand.get().getDefiningOp<memref::GetGlobalOp>();
        if (!global)
          continue;
        Value device = allocDevice(b, call.getLoc(), global.getType());
        copy(b, call.getLoc(), device, global);
        // The deallocation pipeline, which runs later, frees it.
        operand.set(device);
      }
    });
  }

};

} // namespace
