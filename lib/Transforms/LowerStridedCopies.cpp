//===- LowerStridedCopies.cpp - strided memref.copy as loops ---------------===//
//
// See Passes.td. Upstream lowers a copy it cannot make a memcpy to a call
// of MLIR's memrefCopy; an object for a C program must not need MLIR's
// libraries, so such a copy becomes loops here.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace xla {
#define GEN_PASS_DEF_LOWERSTRIDEDCOPIESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// What upstream's memref.copy lowering copies with llvm.intr.memcpy
/// (MemRefCopyOpLowering): an identity layout, or a static contiguous
/// row-major one with elements.
bool isContiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && (memref.getLayout().isIdentity() ||
                    (memref.hasStaticShape() && memref.getNumElements() > 0 &&
                     memref::isStaticShapeAndContiguousRowMajor(memref)));
}

void lowerToLoops(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  SmallVector<Value> lower, upper, steps;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    lower.push_back(zero);
    upper.push_back(
        type.isDynamicDim(d)
            ? memref::DimOp::create(b, loc, source, d).getResult()
            : arith::ConstantIndexOp::create(b, loc, type.getDimSize(d))
                  .getResult());
    steps.push_back(one);
  }
  scf::buildLoopNest(b, loc, lower, upper, steps,
                     [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
                       Value element =
                           memref::LoadOp::create(nb, nloc, source, ivs);
                       memref::StoreOp::create(nb, nloc, element, target,
                                               ivs);
                     });
  copy.erase();
}

struct LowerStridedCopiesPass
    : xla::impl::LowerStridedCopiesPassBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      // Unranked copies have no loops to build; upstream calls memrefCopy
      // for them either way.
      if (isa<MemRefType>(copy.getSource().getType()) &&
          isa<MemRefType>(copy.getTarget().getType()) &&
          !(isContiguous(copy.getSource().getType()) &&
            isContiguous(copy.getTarget().getType())))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies)
      lowerToLoops(copy);
  }
};

} // namespace
