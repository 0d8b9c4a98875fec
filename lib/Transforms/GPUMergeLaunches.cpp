//===- GPUMergeLaunches.cpp - independent kernels as one launch -----------===//
//
// Mechanism of horizontal fusion (xla-gpu-horizontal-fusion): kernels that
// the strategy found independent run as one launch whose blocks are split
// among them, as XLA:GPU's horizontal fusions do. Which launches, and how
// many, is the pass's choice (GPUHorizontalFusion.cpp).
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// The value of an index computation of constants (the grid sizes the
/// kernel generators compute on the host), without folding anything.
static std::optional<int64_t> staticIndex(Value value, int depth = 0) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 32 || def->getNumOperands() != 2 ||
      !def->getResult(0).getType().isIndex())
    return std::nullopt;
  std::optional<int64_t> lhs = staticIndex(def->getOperand(0), depth + 1);
  std::optional<int64_t> rhs = staticIndex(def->getOperand(1), depth + 1);
  if (!lhs || !rhs || *lhs < 0 || *rhs < 0)
    return std::nullopt;
  int64_t a = *lhs, b = *rhs;
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(def)
      .Case([&](arith::AddIOp) { return llvm::checkedAdd(a, b); })
      .Case([&](arith::SubIOp) -> std::optional<int64_t> {
        if (a < b)
          return std::nullopt;
        return a - b;
      })
      .Case([&](arith::MulIOp) { return llvm::checkedMul(a, b); })
      .Case([&](arith::DivUIOp) -> std::optional<int64_t> {
        if (!b)
          return std::nullopt;
        return a / b;
      })
      .Case([&](arith::CeilDivUIOp) -> std::optional<int64_t> {
        if (!b)
          return std::nullopt;
        return llvm::divideCeil(a, b);
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Whether the ops of a kernel body are ones a merged body can hold: gpu
/// ops that read the launch's ids directly (instead of its region's
/// arguments), or that ask for memory of the launch, would see the merged
/// launch's.
static bool clonableBody(gpu::LaunchOp launch) {
  return !launch.getBody()
              .walk([](Operation *op) {
                if (!isa<gpu::GPUDialect>(op->getDialect()) ||
                    isa<gpu::TerminatorOp, gpu::YieldOp, gpu::BarrierOp,
                        gpu::ShuffleOp, gpu::SubgroupReduceOp,
                        gpu::AllReduceOp, gpu::LaneIdOp>(op))
                  return WalkResult::advance();
                return WalkResult::interrupt();
              })
              .wasInterrupted();
}

FailureOr<LaunchShape> xla::gpu_kernels::mergeableShape(gpu::LaunchOp launch) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
      launch.hasClusterSize() || launch.getDynamicSharedMemorySize() ||
      launch.getNumWorkgroupAttributions() ||
      !launch.getPrivateAttributions().empty() ||
      !launch.getBody().hasOneBlock() || !clonableBody(launch))
    return failure();
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  for (Value unit : {grid.y, grid.z, block.y, block.z})
    if (staticIndex(unit) != 1)
      return failure();
  std::optional<int64_t> blocks = staticIndex(grid.x);
  std::optional<int64_t> threads = staticIndex(block.x);
  if (!blocks || !threads || *blocks < 1 || *threads < 1)
    return failure();
  return LaunchShape{*blocks, *threads};
}

bool xla::gpu_kernels::synchronizesThreads(gpu::LaunchOp launch) {
  return launch.getBody()
      .walk([](Operation *op) {
        Dialect *dialect = op->getDialect();
        if (isa<gpu::TerminatorOp, gpu::YieldOp>(op) ||
            !dialect || !llvm::is_contained({StringRef("gpu"),
                                              StringRef("nvvm"),
                                              StringRef("nvgpu"),
                                              StringRef("llvm")},
                                             dialect->getNamespace()))
          return WalkResult::advance();
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

gpu::LaunchOp xla::gpu_kernels::mergeLaunches(OpBuilder &b,
                                              ArrayRef<gpu::LaunchOp> launches,
                                              ArrayRef<LaunchShape> shapes,
                                              StringRef name) {
  assert(launches.size() == shapes.size() && "a shape per launch");
  int64_t blocks = 0, threads = 0;
  for (const LaunchShape &shape : shapes) {
    blocks += shape.blocks;
    threads = std::max(threads, shape.threads);
  }
  SmallVector<Location> locations;
  for (gpu::LaunchOp launch : launches)
    locations.push_back(launch.getLoc());
  Location loc = b.getFusedLoc(locations);
  auto index = [&](OpBuilder &builder, int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  gpu::LaunchOp merged =
      createNamedLaunch(b, loc, name, index(b, blocks), index(b, threads));
  OpBuilder body =
      OpBuilder::atBlockTerminator(&merged.getBody().front());
  Value block = merged.getBlockIds().x, thread = merged.getThreadIds().x;
  int64_t offset = 0;
  for (auto [original, shape] : llvm::zip_equal(launches, shapes)) {
    gpu::LaunchOp launch = original;
    // Block `offset + i` runs block i; unsigned, the blocks before
    // `offset` wrap around to large numbers and fail the test too.
    Value local = arith::SubIOp::create(body, loc, block, index(body, offset));
    Value mine = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ult,
                                       local, index(body, shape.blocks));
    if (shape.threads < threads)
      mine = arith::AndIOp::create(
          body, loc, mine,
          arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ult, thread,
                                index(body, shape.threads)));
    auto branch = scf::IfOp::create(body, loc, mine, /*withElse=*/false);
    OpBuilder then = branch.getThenBodyBuilder();
    IRMapping map;
    gpu::KernelDim3 ids = launch.getBlockIds(), tids = launch.getThreadIds(),
                    grid = launch.getGridSize(), size = launch.getBlockSize();
    gpu::KernelDim3 mergedTids = merged.getThreadIds();
    map.map(ids.x, local);
    map.map(ids.y, merged.getBlockIds().y);
    map.map(ids.z, merged.getBlockIds().z);
    map.map(tids.x, mergedTids.x);
    map.map(tids.y, mergedTids.y);
    map.map(tids.z, mergedTids.z);
    map.map(grid.y, merged.getGridSize().y);
    map.map(grid.z, merged.getGridSize().z);
    // The component's own sizes, where its body asks for them.
    if (!grid.x.use_empty())
      map.map(grid.x, index(then, shape.blocks));
    if (!size.x.use_empty())
      map.map(size.x, index(then, shape.threads));
    map.map(size.y, merged.getBlockSize().y);
    map.map(size.z, merged.getBlockSize().z);
    for (Operation &op : launch.getBody().front().without_terminator())
      then.clone(op, map);
    offset += shape.blocks;
  }
  return merged;
}
