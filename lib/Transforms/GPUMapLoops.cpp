//===- GPUMapLoops.cpp - loop nests to gpu.launch kernels -----------------===//
//
// Mechanism only: one thread per iteration of a top-level parallel loop, one
// thread for everything else. Which loops to tile, and how to use blocks,
// warps and shared memory, are strategy decisions of later work; this pass
// makes every program run correctly on the device. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace xla {
#define GEN_PASS_DEF_GPUMAPLOOPSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Ops that must run on the host: they call, allocate, copy or end a
/// region. Everything else that touches memory runs in a kernel.
static bool isHostOnly(Operation *op) {
  return isa<func::CallOp, func::ReturnOp, memref::AllocOp, memref::AllocaOp,
             memref::DeallocOp, memref::CopyOp, memref::GetGlobalOp,
             gpu::AllocOp, gpu::DeallocOp, gpu::MemcpyOp, gpu::LaunchOp,
             scf::YieldOp, scf::ConditionOp>(op);
}

/// True if `op` or an op nested in it must run on the host.
static bool containsHostWork(Operation *op) {
  return op->walk([](Operation *nested) {
                return isHostOnly(nested) && !isa<scf::YieldOp,
                                                  scf::ConditionOp>(nested)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
      .wasInterrupted();
}

/// True if `op` reads or writes memory (or might: ops without the
/// interface count).
static bool touchesMemory(Operation *op) {
  if (isa<ViewLikeOpInterface, memref::ExtractStridedMetadataOp,
          memref::DimOp>(op))
    return false;
  if (op->getNumRegions() == 0)
    return !isMemoryEffectFree(op);
  return op->walk([](Operation *nested) {
              return nested->getNumRegions() == 0 && !isMemoryEffectFree(nested)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
      .wasInterrupted();
}

/// Loops that copy `src` into `dst` element by element: an scf.parallel
/// on the host (to be mapped), nested scf.for in a kernel.
static void emitCopyLoops(OpBuilder &b, Location loc, Value src, Value dst,
                          bool parallel) {
  auto type = cast<MemRefType>(src.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one),
      ubs;
  for (int64_t d = 0; d < type.getRank(); ++d)
    ubs.push_back(memref::DimOp::create(b, loc, src, d));
  auto body = [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
    Value v = memref::LoadOp::create(nb, nloc, src, ivs);
    memref::StoreOp::create(nb, nloc, v, dst, ivs);
  };
  if (type.getRank() == 0) {
    body(b, loc, {});
  } else if (parallel) {
    scf::ParallelOp::create(b, loc, lbs, ubs, steps, body);
  } else {
    scf::buildLoopNest(b, loc, lbs, ubs, steps, body);
  }
}

static bool isContiguous(Value memref) {
  return memref::isStaticShapeAndContiguousRowMajor(
      cast<MemRefType>(memref.getType()));
}

/// True for functions the program calls that are implemented by the
/// runtime (checks, custom calls): they read host memory.
static bool isRuntimeFunction(func::FuncOp callee) {
  return callee && callee.isExternal() &&
         callee.getSymName().starts_with("xla_rt_");
}

/// The memref behind a runtime-call operand: itself, or the ranked source
/// of the unranked cast the check lowering makes.
static Value rankedSource(Value operand) {
  if (auto cast = operand.getDefiningOp<memref::CastOp>())
    if (isa<UnrankedMemRefType>(cast.getType()))
      return cast.getSource();
  return operand;
}

/// Host memory: constants and the entry's own arguments (before they are
/// replaced) need no staging.
static bool isHostMemory(Value value) {
  return value.getDefiningOp<memref::GetGlobalOp>() != nullptr;
}

namespace {

struct GPUMapLoopsPass : xla::impl::GPUMapLoopsPassBase<GPUMapLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTable symbols(getOperation());
    for (func::FuncOp func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      stageRuntimeCalls(func, symbols);
      // After the kernels xla-gpu-map-linalg made.
      kernelIndex = 0;
      func.walk([&](gpu::LaunchOp) { ++kernelIndex; });
      functionName = func.getSymName().str();
      bool isKernelFunction = func->hasAttr("xla.fusion_kind");
      if (isKernelFunction)
        sinkScalarLoads(func.getBody().front());
      if (failed(processBlock(func.getBody().front(), isKernelFunction)))
        return signalPassFailure();
    }
  }

private:
  /// Runtime functions read (and custom calls write) host memory.
  void stageRuntimeCalls(func::FuncOp func, SymbolTable &symbols) {
    func.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!isRuntimeFunction(callee))
        return;
      Location loc = call.getLoc();
      OpBuilder before(call), after(call->getContext());
      after.setInsertionPointAfter(call);
      for (OpOperand &operand : call->getOpOperands()) {
        Value source = rankedSource(operand.get());
        auto type = dyn_cast<MemRefType>(source.getType());
        if (!type || isHostMemory(source))
          continue;
        auto hostType =
            MemRefType::get(type.getShape(), type.getElementType());
        SmallVector<Value> sizes;
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (type.isDynamicDim(d))
            sizes.push_back(memref::DimOp::create(before, loc, source, d));
        Value host = gpu::AllocOp::create(before, loc, hostType, Type(),
                                          ValueRange(), sizes, ValueRange(),
                                          /*hostShared=*/true)
                         .getMemref();
        // A strided view (a slice) is gathered into a dense device buffer
        // first: a memcpy moves one contiguous range. The memref.copy
        // becomes a copy kernel when this block is processed.
        Value dense = source;
        if (!isContiguous(source)) {
          dense = memref::AllocOp::create(before, loc, hostType, sizes);
          memref::CopyOp::create(before, loc, source, dense);
        }
        gpu::MemcpyOp::create(before, loc, Type(), ValueRange(), host, dense);
        Value replacement = host;
        if (source != operand.get())
          replacement = memref::CastOp::create(before, loc,
                                               operand.get().getType(), host);
        operand.set(replacement);
        // A custom call may write its result operands: copy them back.
        if (callee.getArgAttrOfType<StringAttr>(operand.getOperandNumber(),
                                                "bufferization.access") !=
            StringAttr::get(call.getContext(), "read")) {
          gpu::MemcpyOp::create(after, loc, Type(), ValueRange(), dense,
                                host);
          if (dense != source)
            memref::CopyOp::create(after, loc, dense, source);
        }
        if (dense != source)
          memref::DeallocOp::create(after, loc, dense);
        gpu::DeallocOp::create(after, loc, Type(), ValueRange(), host);
      }
    });
  }

  unsigned kernelIndex = 0;
  std::string functionName;

  /// A launch whose kernel is named after the function it came from, so
  /// that the fusion's name reaches the PTX and the profiles.
  gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value grid,
                             Value block) {
    return xla::gpu_kernels::createNamedLaunch(
        b, loc, functionName + "_" + std::to_string(kernelIndex++), grid,
        block);
  }

  /// A load at the top of a kernel function whose value only a following
  /// loop uses (the padding value of a pad, a scalar operand) moves into
  /// that loop, so the loop's kernel reads it itself.
  static void sinkScalarLoads(Block &block) {
    for (auto load : llvm::make_early_inc_range(block.getOps<memref::LoadOp>())) {
      Operation *user = nullptr;
      bool single = !load->use_empty();
      for (Operation *u : load->getUsers()) {
        Operation *top = block.findAncestorOpInBlock(*u);
        single &= top && top->getNumRegions() > 0 && (!user || user == top);
        user = top;
      }
      if (!single)
        continue;
      // Nothing in between may write memory.
      bool clear = true;
      for (Operation *op = load->getNextNode(); op && op != user;
           op = op->getNextNode())
        clear &= isMemoryEffectFree(op) ||
                 (isa<MemoryEffectOpInterface>(op) &&
                  !hasEffect<MemoryEffects::Write>(op));
      if (!clear)
        continue;
      Block &body = user->getRegion(0).front();
      load->moveBefore(&body, body.begin());
    }
  }

  LogicalResult processBlock(Block &block, bool isKernelFunction) {
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    SmallVector<Operation *> run;
    for (Operation *op : ops) {
      if (op->hasTrait<OpTrait::IsTerminator>()) {
        if (failed(flushRun(run)))
          return failure();
        continue;
      }
      // A kernel of xla-gpu-map-linalg: done, but for the constants the
      // canonicalizer in between hoisted out of it (vector constants cannot
      // be kernel parameters). A contraction's scalars stay parameters
      // (xla.scalar_parameters): sunk, they made the 4096^3 product's
      // kernel 14% slower on an H200 (ptxas chose 129 registers instead of
      // 219).
      if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
        if (failed(flushRun(run)))
          return failure();
        xla::gpu_kernels::sinkConstants(
            launch, launch->removeAttr(xla::gpu_kernels::kScalarParameters) !=
                        nullptr);
        continue;
      }
      if (auto copyOp = dyn_cast<memref::CopyOp>(op)) {
        if (failed(flushRun(run)))
          return failure();
        if (failed(lowerCopy(copyOp)))
          return failure();
        continue;
      }
      if (isHostOnly(op) || containsHostWork(op)) {
        if (failed(flushRun(run)))
          return failure();
        for (Region &region : op->getRegions())
          for (Block &nested : region)
            if (failed(processBlock(nested, isKernelFunction)))
              return failure();
        continue;
      }
      if (!isKernelFunction && isa<memref::LoadOp, memref::StoreOp>(op)) {
        if (failed(flushRun(run)))
          return failure();
        stageHostAccess(op);
        continue;
      }
      if (auto parallel = dyn_cast<scf::ParallelOp>(op);
          parallel && parallel.getNumResults() == 0) {
        if (failed(flushRun(run)))
          return failure();
        if (failed(mapParallel(parallel)))
          return failure();
        continue;
      }
      if (touchesMemory(op) || !run.empty()) {
        // A pure op joins a started run only if it needs the run's values;
        // otherwise it stays host code (index arithmetic, constants).
        bool usesRun = llvm::any_of(op->getOperands(), [&](Value v) {
          return llvm::is_contained(run, v.getDefiningOp());
        });
        if (touchesMemory(op) || usesRun)
          run.push_back(op);
      }
    }
    return flushRun(run);
  }

  /// Moves the ops of `run` into one single-thread launch placed after the
  /// last of them.
  LogicalResult flushRun(SmallVector<Operation *> &run) {
    if (run.empty())
      return success();
    for (Operation *op : run)
      for (Operation *user : op->getUsers())
        if (!llvm::any_of(run, [&](Operation *member) {
              return member == user || member->isAncestor(user);
            }))
          return op->emitError("GPU lowering: this value is computed in a "
                               "kernel but used on the host");
    Operation *last = run.back();
    OpBuilder b(last->getContext());
    b.setInsertionPointAfter(last);
    Location loc = run.front()->getLoc();
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    gpu::LaunchOp launch = createLaunch(b, loc, one, one);
    Operation *terminator = launch.getBody().front().getTerminator();
    for (Operation *op : run)
      op->moveBefore(terminator);
    run.clear();
    return finishKernel(launch);
  }

  /// One thread per iteration of `loop` (per `width` neighbouring
  /// iterations of its innermost loop, whose contiguous accesses become
  /// vector accesses), in blocks of `blockSize`.
  LogicalResult mapParallel(scf::ParallelOp loop) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    int64_t width =
        xla::gpu_kernels::chooseVectorWidth(loop, vectorBytes);
    SmallVector<Value> counts;
    Value total = arith::ConstantIndexOp::create(b, loc, 1);
    for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                         loop.getUpperBound(),
                                         loop.getStep())) {
      Value extent = arith::SubIOp::create(b, loc, ub, lb);
      Value count = arith::CeilDivUIOp::create(b, loc, extent, step);
      counts.push_back(count);
    }
    if (width > 1)
      counts.back() = arith::DivUIOp::create(
          b, loc, counts.back(), arith::ConstantIndexOp::create(b, loc, width));
    for (Value count : counts)
      total = arith::MulIOp::create(b, loc, total, count);
    Value blockSizeValue = arith::ConstantIndexOp::create(b, loc, blockSize);
    Value grid = arith::CeilDivUIOp::create(b, loc, total, blockSizeValue);
    gpu::LaunchOp launch = createLaunch(b, loc, grid, blockSizeValue);

    b.setInsertionPointToStart(&launch.getBody().front());
    Value id = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, launch.getBlockIds().x, blockSizeValue),
        launch.getThreadIds().x);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          id, total);
    auto guard = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
    b.setInsertionPointToStart(&guard.getThenRegion().front());
    // Delinearize, innermost dimension fastest.
    IRMapping map;
    SmallVector<Value> indices =
        xla::gpu_kernels::delinearize(b, loc, id, counts);
    for (auto [d, index] : llvm::enumerate(indices)) {
      // The innermost loop's step is 1 when width > 1.
      Value step = d + 1 == indices.size() && width > 1
                       ? arith::ConstantIndexOp::create(b, loc, width)
                       : loop.getStep()[d];
      Value iv = arith::AddIOp::create(
          b, loc, loop.getLowerBound()[d],
          arith::MulIOp::create(b, loc, index, step));
      map.map(loop.getInductionVars()[d], iv);
    }
    if (width > 1) {
      xla::gpu_kernels::cloneVectorized(b, loc, loop, map,
                                        map.lookup(loop.getInductionVars()
                                                       .back()),
                                        width, vectorBytes);
    } else {
      for (Operation &op : loop.getBody()->without_terminator())
        b.clone(op, map);
    }
    loop.erase();
    return finishKernel(launch);
  }

  /// Inside a kernel: parallel loops run sequentially in the thread, copies
  /// become loops, and constants are cloned in.
  LogicalResult finishKernel(gpu::LaunchOp launch) {
    SmallVector<scf::ParallelOp> inner;
    launch.getBody().walk([&](scf::ParallelOp op) { inner.push_back(op); });
    IRRewriter rewriter(launch.getContext());
    for (scf::ParallelOp op : llvm::reverse(inner)) {
      rewriter.setInsertionPoint(op);
      if (failed(scf::parallelForToNestedFors(rewriter, op)))
        return op.emitError("GPU lowering: parallel loops with reductions "
                            "are not supported inside a kernel");
    }
    SmallVector<memref::CopyOp> copies;
    launch.getBody().walk([&](memref::CopyOp op) { copies.push_back(op); });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      emitCopyLoops(b, op.getLoc(), op.getSource(), op.getTarget(),
                    /*parallel=*/false);
      op.erase();
    }
    xla::gpu_kernels::sinkConstants(launch);
    return success();
  }

  /// memref.copy on the host: a device (or host-to-device) memcpy when both
  /// sides are dense, else a copy kernel.
  LogicalResult lowerCopy(memref::CopyOp op) {
    OpBuilder b(op);
    if (isContiguous(op.getSource()) && isContiguous(op.getTarget())) {
      gpu::MemcpyOp::create(b, op.getLoc(), Type(), ValueRange(),
                            op.getTarget(), op.getSource());
      op.erase();
      return success();
    }
    emitCopyLoops(b, op.getLoc(), op.getSource(), op.getTarget(),
                  /*parallel=*/true);
    auto loop = dyn_cast<scf::ParallelOp>(op->getPrevNode());
    op.erase();
    return loop ? mapParallel(loop) : success();
  }

  /// A host load or store of one element of a device buffer goes through a
  /// one-element pinned host buffer.
  void stageHostAccess(Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    Value memref = load ? load.getMemRef() : store.getMemRef();
    ValueRange indices = load ? load.getIndices() : store.getIndices();
    auto type = cast<MemRefType>(memref.getType());
    int64_t rank = type.getRank();
    Value element = memref;
    if (rank > 0) {
      SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
      SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
      element = memref::SubViewOp::create(b, loc, memref, offsets, ones, ones);
    }
    auto hostType = MemRefType::get(SmallVector<int64_t>(rank, 1),
                                    type.getElementType());
    Value host = gpu::AllocOp::create(b, loc, hostType, Type(), ValueRange(),
                                      ValueRange(), ValueRange(),
                                      /*hostShared=*/true)
                     .getMemref();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> zeros(rank, zero);
    if (load) {
      gpu::MemcpyOp::create(b, loc, Type(), ValueRange(), host, element);
      Value value = memref::LoadOp::create(b, loc, host, zeros);
      load.getResult().replaceAllUsesWith(value);
    } else {
      memref::StoreOp::create(b, loc, store.getValueToStore(), host, zeros);
      gpu::MemcpyOp::create(b, loc, Type(), ValueRange(), element, host);
    }
    gpu::DeallocOp::create(b, loc, Type(), ValueRange(), host);
    op->erase();
  }
};

} // namespace
