//===- TestPartitionProgram.cpp - partitionProgram, shown -----------------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/PartitionProgram.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace xla {
#define GEN_PASS_DEF_TESTPARTITIONPROGRAMPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct TestPartitionProgramPass
    : xla::impl::TestPartitionProgramPassBase<TestPartitionProgramPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp program = getOperation();
    unsigned count = parts;
    FailureOr<xla::ProgramParts> split = xla::partitionProgram(
        program, entry, [&](size_t, size_t) { return count; });
    if (failed(split)) {
      program.emitError("the program cannot be split into parts");
      return signalPassFailure();
    }
    // What no part needed goes; the parts take its place.
    program.getBody()->clear();
    Builder b(&getContext());
    auto strings = [&](auto &&names) {
      return b.getStrArrayAttr(llvm::to_vector_of<StringRef>(names));
    };
    for (auto [index, part] : llvm::enumerate(split->modules)) {
      ModuleOp module = part.release();
      for (NamedAttribute attr : program->getAttrs())
        module->removeAttr(attr.getName());
      module.setSymNameAttr(b.getStringAttr("part_" + Twine(index)));
      if (index == split->entryPart)
        module->setAttr("xla.entry_part", b.getUnitAttr());
      if (index == 0) {
        module->setAttr("xla.imports", strings(split->imports));
        module->setAttr("xla.externalized", strings(split->externalized));
      }
      program.getBody()->push_back(module);
    }
  }
};

} // namespace
