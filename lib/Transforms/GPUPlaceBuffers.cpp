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
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

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

/// True if nothing its function does with `arg`, directly or through
/// views, writes or frees it, or hands it on where that could happen. Only
/// views, loads, calls of functions that only read the argument in turn,
/// and ops without results whose memory effects on it are reads qualify:
/// a terminator (a return, a yield of a buffer), an op of unknown effects
/// or one with results that may alias it (a pointer) does not.
/// `visiting` holds the arguments under analysis (recursion).
static bool onlyRead(BlockArgument arg, SymbolTable &symbols,
                     llvm::DenseSet<BlockArgument> &visiting) {
  if (!visiting.insert(arg).second)
    return false;
  SmallVector<Value> worklist = {arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() != value || user->getNumResults() != 1)
          return false;
        worklist.push_back(view->getResult(0));
        continue;
      }
      if (isa<memref::LoadOp, memref::DimOp>(user))
        continue;
      if (auto call = dyn_cast<func::CallOp>(user)) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee || callee.isExternal() || call->getNumResults() ||
            !onlyRead(callee.getArgument(use.getOperandNumber()), symbols,
                      visiting))
          return false;
        continue;
      }
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects || user->getNumResults() ||
          user->hasTrait<OpTrait::IsTerminator>())
        return false;
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances)
        if (!isa<MemoryEffects::Read>(effect.getEffect()) &&
            (!effect.getValue() || effect.getValue() == value))
          return false;
    }
  }
  visiting.erase(arg);
  return true;
}

namespace {

struct GPUPlaceBuffersPass
    : xla::impl::GPUPlaceBuffersPassBase<GPUPlaceBuffersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    while (sinkConstantArgument(module, symbols)) {
    }
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

  /// A private function whose every call passes the same constant global
  /// as an argument that it only reads takes the global itself instead:
  /// inside a function a constant is device memory of the kernels that
  /// read it (loaded with their module, once), where as an argument it
  /// would be uploaded at every call (a causal mask, at each attention
  /// layer of each step). Sinks one argument; false when none is left.
  bool sinkConstantArgument(ModuleOp module, SymbolTable &symbols) {
    llvm::MapVector<func::FuncOp, SmallVector<func::CallOp>> candidates;
    module.walk([&](func::CallOp call) {
      if (llvm::any_of(call.getOperands(), [](Value operand) {
            return operand.getDefiningOp<memref::GetGlobalOp>();
          }))
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
          candidates[callee];
    });
    for (auto &[callee, calls] : candidates) {
      if (callee.isExternal() || !callee.isPrivate())
        continue;
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(callee, module);
      if (!uses)
        continue;
      for (const SymbolTable::SymbolUse &use : *uses)
        if (auto call = dyn_cast<func::CallOp>(use.getUser()))
          calls.push_back(call);
      if (calls.size() != size_t(llvm::range_size(*uses)))
        continue;
      for (BlockArgument arg : callee.getArguments()) {
        unsigned index = arg.getArgNumber();
        auto first =
            calls.front().getOperand(index).getDefiningOp<memref::GetGlobalOp>();
        if (!first || first.getType() != arg.getType())
          continue;
        auto global =
            symbols.lookup<memref::GlobalOp>(first.getNameAttr().getValue());
        if (!global || !global.getConstant() ||
            llvm::any_of(calls, [&](func::CallOp call) {
              auto other =
                  call.getOperand(index).getDefiningOp<memref::GetGlobalOp>();
              return !other || other.getNameAttr() != first.getNameAttr();
            }))
          continue;
        llvm::DenseSet<BlockArgument> visiting;
        if (!onlyRead(arg, symbols, visiting))
          continue;
        OpBuilder b = OpBuilder::atBlockBegin(&callee.getBody().front());
        Value inside = memref::GetGlobalOp::create(
            b, first.getLoc(), first.getType(), first.getNameAttr());
        arg.replaceAllUsesWith(inside);
        if (failed(callee.eraseArgument(index)))
          return false;
        for (func::CallOp call : calls)
          call->eraseOperand(index);
        return true;
      }
    }
    return false;
  }

  /// Kernel functions take device pointers: a constant passed to one that
  /// could not take it as its own is uploaded at the call.
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
