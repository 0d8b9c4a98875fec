//===- PrefetchLhsStrips.cpp - a packed product's next lhs strip ----------===//
//
// See Passes.td. Mechanism only: xla-plan-tiling decides which products
// prefetch (`prefetch_lhs` in their plan).
//
// On a 2048^3 product on one Zen 3 core the first panel of each strip was
// about a fifth of the run time: it fell with more panels per cache block
// (340, 290 and 265 ms for 4, 8 and 16), which read each strip from memory
// fewer times.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace xla {
#define GEN_PASS_DEF_PREFETCHLHSSTRIPSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// One prefetch per cache line.
constexpr int64_t kLineBytes = 64;

/// Constant bounds of an scf.for whose trip count is a whole number.
struct ConstantLoop {
  int64_t lower, step, trips;
};

std::optional<ConstantLoop> constantLoop(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper <= *lower ||
      (*upper - *lower) % *step != 0)
    return std::nullopt;
  return ConstantLoop{*lower, *step, (*upper - *lower) / *step};
}

/// The one buffer defined outside `loop` that the scalar loads directly in
/// its body read through subviews made inside it; null if none or several.
Value stripOf(scf::ForOp loop) {
  Value strip;
  for (auto load : loop.getBody()->getOps<memref::LoadOp>()) {
    Value buffer = load.getMemRef();
    while (auto view = buffer.getDefiningOp<memref::SubViewOp>()) {
      if (!loop->isAncestor(view))
        break;
      buffer = view.getSource();
    }
    if (loop->isAncestor(buffer.getParentRegion()->getParentOp()) ||
        (strip && strip != buffer))
      return nullptr;
    strip = buffer;
  }
  return strip;
}

/// Prefetches, before `loop`, its panel loop iteration's share of the next
/// strip; returns whether it did.
bool prefetchNextStrip(scf::ForOp loop, unsigned locality) {
  Value strip = stripOf(loop);
  auto type = strip ? dyn_cast<MemRefType>(strip.getType()) : MemRefType();
  if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
      type.getShape().back() == 1 || type.getElementTypeBitWidth() % 8 != 0 ||
      type.getElementTypeBitWidth() / 8 > kLineBytes)
    return false;
  int64_t rank = type.getRank();
  SmallVector<int64_t> rowDims;
  for (int64_t d = 0; d + 1 < rank; ++d)
    if (type.getDimSize(d) != 1)
      rowDims.push_back(d);
  if (rowDims.size() > 1)
    return false;

  scf::ForOp strips, panels;
  for (auto outer = loop->getParentOfType<scf::ForOp>(); outer;
       outer = outer->getParentOfType<scf::ForOp>()) {
    xla::NextIteration probe(outer.getRegion(), outer.getInductionVar(),
                             Value());
    if (probe.dependsOnIV(strip)) {
      strips = outer;
      break;
    }
    if (outer == loop->getParentOp())
      panels = outer;
  }
  std::optional<ConstantLoop> stripLoop =
      strips ? constantLoop(strips) : std::nullopt;
  std::optional<ConstantLoop> panelLoop =
      panels ? constantLoop(panels) : std::nullopt;
  if (!stripLoop || stripLoop->trips < 2 || (panels && !panelLoop))
    return false;

  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  // The last strip fetches itself again instead of rows past the buffer.
  xla::NextIteration later(
      strips.getRegion(), strips.getInductionVar(), strips.getStep(),
      stripLoop->lower + (stripLoop->trips - 1) * stripLoop->step);
  IRMapping cloned;
  Value nextStrip = later.at(b, strip, cloned);
  if (!nextStrip)
    return false;

  // This panel's share of the next strip: rows j, j + P, ... of it, each
  // a line at a time (a loop LLVM strength-reduces to a pointer increment;
  // splitting the lines evenly instead took a division per line).
  int64_t lineElements = kLineBytes / (type.getElementTypeBitWidth() / 8);
  int64_t rows = rowDims.empty() ? 1 : type.getDimSize(rowDims.front());
  Value zero = constant(0), share = zero;
  int64_t shares = 1;
  if (panelLoop) {
    shares = panelLoop->trips;
    share = panels.getInductionVar();
    if (panelLoop->lower != 0 || panelLoop->step != 1)
      share = arith::DivUIOp::create(
          b, loc,
          arith::SubIOp::create(b, loc, share, constant(panelLoop->lower)),
          constant(panelLoop->step));
  }
  Value rowsEnd = constant(rows), rowStep = constant(shares);
  Value lineEnd = constant(type.getShape().back());
  Value lineStep = constant(lineElements);
  auto eachRow = scf::ForOp::create(b, loc, share, rowsEnd, rowStep);
  b.setInsertionPointToStart(eachRow.getBody());
  auto eachLine = scf::ForOp::create(b, loc, zero, lineEnd, lineStep);
  b.setInsertionPointToStart(eachLine.getBody());
  SmallVector<Value> indices(rank, zero);
  if (!rowDims.empty())
    indices[rowDims.front()] = eachRow.getInductionVar();
  indices.back() = eachLine.getInductionVar();
  memref::PrefetchOp::create(b, loc, nextStrip, indices, /*isWrite=*/false,
                             locality, /*isDataCache=*/true);
  return true;
}

struct PrefetchLhsStripsPass
    : xla::impl::PrefetchLhsStripsPassBase<PrefetchLhsStripsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(xla::kPrefetchLhsStripAttrName))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked) {
      auto locality =
          loop->getAttrOfType<IntegerAttr>(xla::kPrefetchLhsStripAttrName);
      loop->removeAttr(xla::kPrefetchLhsStripAttrName);
      if (locality && locality.getInt() >= 0 && locality.getInt() <= 3)
        (void)prefetchNextStrip(loop, locality.getInt());
    }
  }
};

} // namespace
