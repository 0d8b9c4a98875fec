//===- ReportMemory.cpp - where a program's buffer memory peaks ----------===//
//
// A static counterpart of the runtime's measured peak (see Passes.td): the
// entry's allocations and deallocations in program order, each kernel's
// own buffers while it runs, the kernel at the peak and what is live
// there. XLA's dumps say the same in their buffer assignment; here it
// points at the kernel to change (a value kept for the backward pass, a
// copy a product makes of its operand).
//
//===----------------------------------------------------------------------===//

#include "BufferUses.h"
#include "ReportFile.h"

#include "xla-mlir/Target/TargetDescription.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace xla {
#define GEN_PASS_DEF_REPORTMEMORYPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Bytes of a statically shaped memref; nullopt for any other type.
static std::optional<int64_t> getBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape() ||
      !memref.getElementType().isIntOrIndexOrFloat())
    return std::nullopt;
  int64_t bits = memref.getElementType().isIndex()
                     ? 64
                     : memref.getElementType().getIntOrFloatBitWidth();
  return memref.getNumElements() * ((bits + 7) / 8);
}

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

namespace {

/// The entry's buffers at one point of its body: an op that runs, with the
/// bytes live while it does.
struct Point {
  Operation *op;
  int64_t bytes;
  int64_t own; // the buffers of the callee (a kernel) while it runs
  std::vector<Value> live;
};

struct Sweep {
  int64_t cores;
  /// Own buffers of each kernel at its peak, computed once.
  llvm::DenseMap<Operation *, int64_t> kernelPeaks;
  SymbolTableCollection symbols;
  int64_t dynamicAllocations = 0;

  /// The bytes `alloc` adds (none if dynamic, which is counted).
  int64_t allocate(memref::AllocOp alloc) {
    std::optional<int64_t> bytes = getBytes(alloc.getType());
    dynamicAllocations += !bytes;
    return bytes.value_or(0);
  }

  /// The most bytes `block`'s own allocations hold at once (a kernel's
  /// body): those of a parallel loop's body count once per core that runs
  /// one at the same time.
  int64_t peakOf(Block &block) {
    int64_t live = 0, peak = 0;
    llvm::DenseMap<Value, int64_t> sizes;
    for (Operation &op : block) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        sizes[alloc] = allocate(alloc);
        live += sizes[alloc];
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        live -= sizes.lookup(dealloc.getMemref());
        sizes.erase(dealloc.getMemref());
      }
      int64_t nested = 0;
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          nested = std::max(nested, peakOf(inner));
      nested *= concurrency(&op);
      if (auto call = dyn_cast<func::CallOp>(op))
        nested = std::max(nested, peakOfCallee(call));
      peak = std::max(peak, live + nested);
    }
    return peak;
  }

  /// How many iterations of `op`'s body may hold their buffers at once.
  int64_t concurrency(Operation *op) {
    int64_t iterations = ShapedType::kDynamic;
    if (auto parallel = dyn_cast<scf::ParallelOp>(op)) {
      iterations = 1;
      for (auto [lb, ub, step] :
           llvm::zip(parallel.getLowerBound(), parallel.getUpperBound(),
                     parallel.getStep())) {
        std::optional<int64_t> l = getConstantIntValue(lb),
                               u = getConstantIntValue(ub),
                               s = getConstantIntValue(step);
        if (!l || !u || !s || *s <= 0) {
          iterations = ShapedType::kDynamic;
          break;
        }
        iterations *= llvm::divideCeil(std::max<int64_t>(*u - *l, 0), *s);
      }
    } else if (!isa<scf::ForallOp>(op)) {
      return 1;
    }
    if (ShapedType::isDynamic(iterations))
      return cores;
    return std::max<int64_t>(std::min(iterations, cores), 1);
  }

  int64_t peakOfCallee(func::CallOp call) {
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return 0;
    auto [it, inserted] = kernelPeaks.try_emplace(callee, 0);
    if (inserted)
      it->second = peakOf(callee.getBody().front());
    return it->second;
  }

  /// Every op of the entry's `block` with what is live while it runs, in
  /// order; ops with regions are swept inside, from the bytes live there.
  void sweep(Block &block, int64_t &live,
             llvm::MapVector<Value, int64_t> &buffers,
             std::vector<Point> &points) {
    for (Operation &op : block) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        buffers[alloc] = allocate(alloc);
        live += buffers[alloc];
        continue;
      }
      if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        live -= buffers.lookup(dealloc.getMemref());
        buffers.remove_if([&](auto &entry) {
          return entry.first == dealloc.getMemref();
        });
        continue;
      }
      // A loop nest left in the entry runs like a kernel; other ops with
      // regions (a training loop, a conditional) run their ops in order.
      bool nest = isa<scf::ParallelOp, scf::ForallOp>(op);
      int64_t own = 0;
      if (auto call = dyn_cast<func::CallOp>(op))
        own = peakOfCallee(call);
      else if (nest)
        own = peakOf(op.getRegion(0).front()) * concurrency(&op);
      // Kernels, loop nests and copies: what moves the buffers' contents.
      if (nest || isa<func::CallOp, memref::CopyOp>(op)) {
        std::vector<Value> liveNow;
        for (auto &entry : buffers)
          liveNow.push_back(entry.first);
        points.push_back({&op, live + own, own, std::move(liveNow)});
        continue;
      }
      for (Region &region : op.getRegions())
        for (Block &inner : region) {
          int64_t innerLive = live;
          llvm::MapVector<Value, int64_t> innerBuffers = buffers;
          sweep(inner, innerLive, innerBuffers, points);
        }
    }
  }
};

/// What the report says of a point: the callee of a call, else the op.
std::string describe(Operation *op) {
  if (auto call = dyn_cast<func::CallOp>(op))
    return call.getCallee().str();
  return op->getName().getStringRef().str();
}

struct ReportMemoryPass
    : xla::impl::ReportMemoryPassBase<ReportMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Sweep sweep;
    sweep.cores = 1;
    std::string chip;
    if (module->hasAttr(xla::TargetDescription::kAttrName)) {
      auto target = xla::TargetDescription::fromModule(module);
      if (!target) {
        module.emitError(llvm::toString(target.takeError()));
        return signalPassFailure();
      }
      sweep.cores = std::max<int64_t>(target->cores, 1);
      chip = target->cpu;
    }
    // The entry: the first public function with a body.
    for (auto entry : module.getOps<func::FuncOp>())
      if (entry.isPublic() && !entry.isExternal()) {
        if (failed(report(entry, sweep, chip)))
          signalPassFailure();
        return;
      }
  }

  LogicalResult report(func::FuncOp entry, Sweep &sweep, StringRef chip) {
    Block &body = entry.getBody().front();
    // Inputs are marked; the out-params follow them. An out-param the
    // caller passes an input's buffer for (donation) holds no bytes of
    // its own.
    int64_t inputs = 0, results = 0, donated = 0;
    for (BlockArgument argument : entry.getArguments()) {
      int64_t bytes = getBytes(argument.getType()).value_or(0);
      unsigned i = argument.getArgNumber();
      if (entry.getArgAttr(i, xla::kInputAttrName)) {
        inputs += bytes;
        if (entry.getArgAttr(i, xla::kAliasedResultAttrName))
          donated += bytes;
      } else {
        results += bytes;
      }
    }
    int64_t live = 0;
    llvm::MapVector<Value, int64_t> buffers;
    std::vector<Point> points;
    sweep.sweep(body, live, buffers, points);
    auto peak = llvm::max_element(points, [](const Point &a, const Point &b) {
      return a.bytes < b.bytes;
    });
    int64_t arguments = inputs + results - donated;

    // The live buffers at the peak, largest first, with the ops of the
    // entry that first and last use them.
    struct Live {
      Value buffer;
      int64_t bytes;
      std::string first, last;
    };
    std::vector<Live> liveAtPeak;
    if (peak != points.end())
      for (Value buffer : peak->live) {
        xla::BlockUses uses(buffer, body);
        uses.direct.remove_if(
            [](auto &use) { return isa<memref::DeallocOp>(use.first); });
        Operation *first = uses.first(), *last = uses.first(/*last=*/true);
        liveAtPeak.push_back({buffer, getBytes(buffer.getType()).value_or(0),
                         first ? describe(first) : "",
                         last ? describe(last) : ""});
      }
    llvm::stable_sort(liveAtPeak, [](const Live &a, const Live &b) {
      return a.bytes > b.bytes;
    });
    // The largest points, one per op name (a kernel called per layer shows
    // once, at its worst call).
    std::vector<const Point *> largest;
    llvm::StringSet<> seen;
    std::vector<const Point *> sorted;
    for (const Point &point : points)
      sorted.push_back(&point);
    llvm::stable_sort(sorted, [](const Point *a, const Point *b) {
      return a->bytes > b->bytes;
    });
    for (const Point *point : sorted)
      if (largest.size() < 10 && seen.insert(describe(point->op)).second)
        largest.push_back(point);

    auto mib = [](int64_t bytes) {
      if (bytes >= 1048576)
        return llvm::formatv("{0:F1} MiB", bytes / 1048576.0).str();
      if (bytes >= 1024)
        return llvm::formatv("{0:F1} KiB", bytes / 1024.0).str();
      return llvm::formatv("{0} B", bytes).str();
    };
    std::unique_ptr<llvm::raw_fd_ostream> os;
    if (failed(open(".txt", os)))
      return failure();
    int64_t temporaries = peak == points.end() ? 0 : peak->bytes;
    *os << "memory report: @" << entry.getSymName()
        << ", static estimate of its buffers";
    if (!chip.empty())
      *os << " on " << chip;
    *os << " (" << sweep.cores << " cores)\n";
    *os << "peak " << mib(arguments + temporaries) << " = inputs "
        << mib(inputs) << " + results " << mib(results - donated);
    if (donated)
      *os << " (" << mib(donated) << " more written over donated inputs)";
    *os << " + temporaries " << mib(temporaries) << "\n";
    if (sweep.dynamicAllocations)
      *os << "(" << sweep.dynamicAllocations
          << " allocations of dynamic size not counted)\n";
    if (peak != points.end()) {
      *os << "at " << describe(peak->op);
      if (peak->own)
        *os << ", whose own buffers hold " << mib(peak->own);
      *os << "\n\nlive when it runs (" << liveAtPeak.size() << " buffers, "
          << mib(peak->bytes - peak->own)
          << "), largest first: size, type, first and last user\n";
      for (const Live &l : liveAtPeak)
        *os << llvm::formatv("  {0,10}  {1}  {2} .. {3}\n", mib(l.bytes),
                             printType(l.buffer.getType()), l.first, l.last);
      *os << "\nthe largest points, one per kernel: temporaries (own "
             "buffers)\n";
      for (const Point *point : largest)
        *os << llvm::formatv("  {0,10} ({1,9})  {2}\n", mib(point->bytes),
                             mib(point->own), describe(point->op));
    }

    if (failed(open(".json", os)))
      return failure();
    llvm::json::Array liveJson, largestJson;
    for (const Live &l : liveAtPeak)
      liveJson.push_back(llvm::json::Object{
          {"bytes", l.bytes},
          {"type", printType(l.buffer.getType())},
          {"first_user", l.first},
          {"last_user", l.last}});
    for (const Point *point : largest)
      largestJson.push_back(
          llvm::json::Object{{"at", describe(point->op)},
                             {"temporary_bytes", point->bytes},
                             {"own_bytes", point->own}});
    llvm::json::Object root{
        {"entry", entry.getSymName()},
        {"cores", sweep.cores},
        {"peak_bytes", arguments + temporaries},
        {"input_bytes", inputs},
        {"result_bytes", results},
        {"donated_bytes", donated},
        {"temporary_bytes", temporaries},
        {"peak_at", peak == points.end() ? "" : describe(peak->op)},
        {"peak_own_bytes", peak == points.end() ? 0 : peak->own},
        {"live_at_peak", std::move(liveJson)},
        {"largest", std::move(largestJson)},
        {"dynamic_allocations", sweep.dynamicAllocations}};
    *os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
    return success();
  }

  LogicalResult open(StringRef extension,
                     std::unique_ptr<llvm::raw_fd_ostream> &os) {
    return xla::openReportFile(getOperation(), "memory report",
                               output + extension.str(), os);
  }
};

} // namespace
