//===- OutlineKernels.cpp - one function per loop nest --------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace xla {
#define GEN_PASS_DEF_OUTLINEKERNELSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Values that are cheaper to rematerialize in the kernel than to pass.
static bool isRematerializable(Value value) {
  Operation *def = value.getDefiningOp();
  return def && (matchPattern(def, m_Constant()) ||
                 isa<memref::GetGlobalOp>(def));
}

/// Moves `loop` into a new private function inserted before `parent` and
/// replaces it by a call.
static void outline(Operation *loop, func::FuncOp parent, unsigned index,
                    SymbolTable &symbols) {
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(loop->getRegions(), captured);
  for (Value operand : loop->getOperands())
    captured.insert(operand);
  SmallVector<Value> arguments, rematerialized;
  for (Value value : captured)
    (isRematerializable(value) ? rematerialized : arguments).push_back(value);

  OpBuilder builder(parent);
  Location loc = loop->getLoc();
  auto type = builder.getFunctionType(ValueRange(arguments).getTypes(), {});
  auto kernel = func::FuncOp::create(
      builder, loc,
      (parent.getSymName() + "_kernel_" + Twine(index)).str(), type);
  kernel.setPrivate();
  kernel->setAttr("passthrough",
                  builder.getArrayAttr({builder.getStringAttr("noinline")}));
  symbols.insert(kernel);

  Block *body = kernel.addEntryBlock();
  builder.setInsertionPointToStart(body);
  IRMapping map;
  for (auto [value, arg] : llvm::zip(arguments, body->getArguments()))
    map.map(value, arg);
  for (Value value : rematerialized)
    map.map(value, builder.clone(*value.getDefiningOp())->getResult(0));
  builder.clone(*loop, map);
  func::ReturnOp::create(builder, loc);

  builder.setInsertionPoint(loop);
  func::CallOp::create(builder, loc, kernel, arguments);
  loop->erase();
}

namespace {

struct OutlineKernelsPass
    : xla::impl::OutlineKernelsPassBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    for (func::FuncOp func : functions) {
      if (func.isExternal() || func->hasAttr("passthrough"))
        continue;
      // Sequential loop nests and the parallel loops of distributed tiles.
      SmallVector<Operation *> loops;
      for (Block &block : func.getBody())
        for (Operation &op : block)
          if (isa<scf::ForOp, scf::ParallelOp>(op) && op.getNumResults() == 0)
            loops.push_back(&op);
      // A single loop nest gains nothing from outlining.
      if (loops.size() < 2)
        continue;
      for (auto [index, loop] : llvm::enumerate(loops))
        outline(loop, func, index, symbols);
    }
  }
};

} // namespace
