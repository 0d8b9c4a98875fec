//===- ReportFusions.cpp - what fusion decided, for people and scripts ----===//
//
// The report of the kernels `hlo-form-fusions` built (see Passes.td). The
// costs are the planner's own (FusionCostModel), so the report explains
// its decisions: a kernel's estimate against the sum of its ops run
// one kernel each is the benefit the planner saw.
//
//===----------------------------------------------------------------------===//

#include "ReportFile.h"

#include "xla-mlir/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace xla {
#define GEN_PASS_DEF_HLOREPORTFUSIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct KernelReport {
  std::string name, kind;
  SmallVector<Operation *> ops; // in body order, constants and return left out
  xla::KernelCost fused, unfused;
};

/// Node names for the graph: one per op that does work.
std::string nodeName(Operation *op,
                     llvm::DenseMap<Operation *, unsigned> &ids) {
  auto [it, inserted] = ids.try_emplace(op, ids.size());
  return "n" + std::to_string(it->second);
}

struct HLOReportFusionsPass
    : xla::impl::HLOReportFusionsPassBase<HLOReportFusionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    xla::TargetDescription target;
    if (module->hasAttr(xla::TargetDescription::kAttrName)) {
      auto attached = xla::TargetDescription::fromModule(module);
      if (!attached) {
        module.emitError(llvm::toString(attached.takeError()));
        return signalPassFailure();
      }
      target = *attached;
    }
    xla::FusionCostModel model(target);

    std::vector<KernelReport> kernels;
    module.walk([&](xla::hlo::FusionOp fusion) {
      KernelReport report;
      report.name = fusion.getName().str();
      report.kind = xla::hlo::stringifyFusionKind(fusion.getKind()).str();
      SmallVector<Operation *> all;
      for (Operation &op : fusion.getBody().front().without_terminator()) {
        all.push_back(&op);
        if (!isa<xla::hlo::ConstantOp>(op))
          report.ops.push_back(&op);
      }
      report.fused = model.estimate(all);
      for (Operation *op : report.ops) {
        xla::KernelCost alone = model.estimate({op});
        report.unfused.bytesRead += alone.bytesRead;
        report.unfused.bytesWritten += alone.bytesWritten;
        report.unfused.flops += alone.flops;
        report.unfused.transcendentals += alone.transcendentals;
        report.unfused.seconds += alone.seconds;
      }
      kernels.push_back(std::move(report));
    });

    if (failed(writeText(kernels, target)) || failed(writeJSON(kernels)) ||
        failed(writeGraph(module)))
      return signalPassFailure();
  }

  LogicalResult open(StringRef extension,
                     std::unique_ptr<llvm::raw_fd_ostream> &os) {
    return xla::openReportFile(getOperation(), "fusion report",
                               output + extension.str(), os);
  }

  LogicalResult writeText(const std::vector<KernelReport> &kernels,
                          const xla::TargetDescription &target) {
    std::unique_ptr<llvm::raw_fd_ostream> os;
    if (failed(open(".txt", os)))
      return failure();
    xla::KernelCost fused, unfused;
    size_t ops = 0;
    for (const KernelReport &k : kernels) {
      fused.bytesRead += k.fused.bytesRead;
      fused.bytesWritten += k.fused.bytesWritten;
      fused.seconds += k.fused.seconds;
      unfused.bytesRead += k.unfused.bytesRead;
      unfused.bytesWritten += k.unfused.bytesWritten;
      unfused.seconds += k.unfused.seconds;
      ops += k.ops.size();
    }
    *os << llvm::formatv("fusion report: {0} kernels for {1} ops; estimated "
                         "on {2} ({3} GB/s, {4} GFLOP/s, {5} us per kernel)\n",
                         kernels.size(), ops,
                         !target.gpu.empty()  ? target.gpu
                         : !target.cpu.empty() ? target.cpu
                                               : std::string("the default target"),
                         target.bandwidthGBps, target.peakGflops,
                         target.kernelOverheadUs);
    *os << llvm::formatv("total: {0:f2} MB moved, {1:f1} us estimated; one "
                         "kernel per op: {2:f2} MB, {3:f1} us\n\n",
                         (fused.bytesRead + fused.bytesWritten) / 1048576.0,
                         fused.seconds * 1e6,
                         (unfused.bytesRead + unfused.bytesWritten) / 1048576.0,
                         unfused.seconds * 1e6);
    for (const KernelReport &k : kernels) {
      *os << llvm::formatv(
          "{0} ({1}, {2} ops): read {3} B, write {4} B, {5} flops, {6} "
          "transcendentals, {7:f2} us (one kernel per op: {8} B, {9:f2} us)\n",
          k.name, k.kind, k.ops.size(), k.fused.bytesRead,
          k.fused.bytesWritten, int64_t(k.fused.flops),
          int64_t(k.fused.transcendentals), k.fused.seconds * 1e6,
          k.unfused.bytesRead + k.unfused.bytesWritten,
          k.unfused.seconds * 1e6);
      for (Operation *op : k.ops)
        *os << "    " << op->getName().getStringRef() << "  "
            << xla::formatFileLocation(op->getLoc()) << "\n";
    }
    return success();
  }

  LogicalResult writeJSON(const std::vector<KernelReport> &kernels) {
    std::unique_ptr<llvm::raw_fd_ostream> os;
    if (failed(open(".json", os)))
      return failure();
    auto cost = [](const xla::KernelCost &c) {
      return llvm::json::Object{{"bytes_read", c.bytesRead},
                                {"bytes_written", c.bytesWritten},
                                {"flops", c.flops},
                                {"transcendentals", c.transcendentals},
                                {"estimated_us", c.seconds * 1e6}};
    };
    llvm::json::Array list;
    for (const KernelReport &k : kernels) {
      llvm::json::Array ops;
      for (Operation *op : k.ops)
        ops.push_back(llvm::json::Object{
            {"op", op->getName().getStringRef()},
            {"location", xla::formatFileLocation(op->getLoc())}});
      list.push_back(llvm::json::Object{{"name", k.name},
                                        {"kind", k.kind},
                                        {"ops", std::move(ops)},
                                        {"fused", cost(k.fused)},
                                        {"one_kernel_per_op", cost(k.unfused)}});
    }
    *os << llvm::formatv("{0:2}",
                         llvm::json::Value(llvm::json::Object{
                             {"kernels", std::move(list)}}))
        << "\n";
    return success();
  }

  /// One cluster per fusion, one node per op that does work; an edge per
  /// value, from the op that computes it to each op that reads it.
  LogicalResult writeGraph(ModuleOp module) {
    std::unique_ptr<llvm::raw_fd_ostream> os;
    if (failed(open(".dot", os)))
      return failure();
    llvm::DenseMap<Operation *, unsigned> ids;
    // The op inside a fusion that computes each of its results.
    auto source = [&](Value value) -> Operation * {
      Operation *def = value.getDefiningOp();
      if (auto fusion = dyn_cast_or_null<xla::hlo::FusionOp>(def)) {
        Operation *ret = fusion.getBody().front().getTerminator();
        def = ret->getOperand(cast<OpResult>(value).getResultNumber())
                  .getDefiningOp();
      }
      return def && !isa<xla::hlo::ConstantOp>(def) ? def : nullptr;
    };
    *os << "digraph program {\n  node [shape=box, fontsize=10];\n";
    unsigned cluster = 0;
    module.walk([&](func::FuncOp func) {
      // A declaration has no body to draw.
      if (func.isExternal())
        return;
      for (Operation &top : func.getBody().front()) {
        auto fusion = dyn_cast<xla::hlo::FusionOp>(top);
        if (!fusion) {
          if (!isa<xla::hlo::ConstantOp, func::ReturnOp>(top))
            *os << "  " << nodeName(&top, ids) << " [label=\""
                << top.getName().getStringRef() << "\"];\n";
          continue;
        }
        *os << "  subgraph cluster_" << cluster++ << " {\n    label=\""
            << fusion.getName() << "\";\n";
        for (Operation &op : fusion.getBody().front().without_terminator())
          if (!isa<xla::hlo::ConstantOp>(op))
            *os << "    " << nodeName(&op, ids) << " [label=\""
                << op.getName().getStringRef() << "\"];\n";
        *os << "  }\n";
      }
      auto edge = [&](Operation *from, Operation *to) {
        if (from && to && ids.count(from) && ids.count(to))
          *os << "  " << nodeName(from, ids) << " -> " << nodeName(to, ids)
              << ";\n";
      };
      for (Operation &top : func.getBody().front()) {
        auto fusion = dyn_cast<xla::hlo::FusionOp>(top);
        if (!fusion) {
          for (Value operand : top.getOperands())
            edge(source(operand), &top);
          continue;
        }
        Block &body = fusion.getBody().front();
        for (Operation &op : body.without_terminator())
          for (Value operand : op.getOperands()) {
            if (auto arg = dyn_cast<BlockArgument>(operand))
              edge(source(fusion.getOperand(arg.getArgNumber())), &op);
            else
              edge(operand.getDefiningOp(), &op);
          }
      }
    });
    *os << "}\n";
    return success();
  }
};

} // namespace
