//===- FirstKBlock.cpp - k blocks whose first starts from a fill ----------===//
//
// See FirstKBlock.h.
//
//===----------------------------------------------------------------------===//

#include "FirstKBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

/// Marks startFirstBlockFromFill's select.
static constexpr llvm::StringLiteral kFirstBlockInit = "xla.first_block_init";

bool xla::isFirstBlockInit(Operation *op) {
  return op->hasAttr(kFirstBlockInit);
}

LogicalResult xla::startFirstBlockFromFill(RewriterBase &rewriter,
                                           scf::ForOp kBlocks,
                                           linalg::LinalgOp tile,
                                           linalg::FillOp fill,
                                           bool ownPartialSums) {
  if (tile->getParentOp() != kBlocks || tile.getNumDpsInits() != 1 ||
      kBlocks.getNumRegionIterArgs() != 1 ||
      kBlocks.getInitArgs()[0] != fill.getResult(0))
    return failure();

  BlockArgument partial = kBlocks.getRegionIterArgs()[0];
  // Tiling reads and writes the partial sums through slices of all of
  // them, which are the partial sums themselves.
  auto whole = [&](OffsetSizeAndStrideOpInterface slice, Type sliceType) {
    auto type = cast<RankedTensorType>(partial.getType());
    return sliceType == type && type.hasStaticShape() &&
           slice.hasUnitStride() && slice.hasZeroOffset();
  };
  for (Operation *user : llvm::make_early_inc_range(partial.getUsers())) {
    if (auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
        extract && whole(extract, extract.getResultType()))
      rewriter.replaceOp(extract, partial);
    else if (auto insert = dyn_cast<tensor::InsertSliceOp>(user);
             insert && insert.getDest() == partial &&
             whole(insert, insert.getSourceType()))
      rewriter.replaceOp(insert, insert.getSource());
  }
  OpOperand *init = tile.getDpsInitOperand(0);
  if (!partial.hasOneUse() || init->get() != partial)
    return failure();
  Location loc = tile.getLoc();
  rewriter.setInsertionPoint(tile);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      kBlocks.getInductionVar(),
                                      kBlocks.getLowerBound());
  Value value = fill.getInputs()[0];
  auto type = cast<RankedTensorType>(partial.getType());
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  // The partial sums are its init, which it reads: tiles of it read the
  // slices the earlier tiles left, and one buffer serves in place.
  auto select = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{}, ValueRange{partial},
      ArrayRef<AffineMap>{identity}, parallel,
      [&](OpBuilder &b, Location nested, ValueRange args) {
        Value start =
            arith::SelectOp::create(b, nested, first, value, args[0]);
        linalg::YieldOp::create(b, nested, start);
      });
  select->setAttr(kFirstBlockInit, rewriter.getUnitAttr());
  rewriter.modifyOpInPlace(tile, [&] { init->set(select.getResult(0)); });
  // With an epilogue after the k blocks the partial sums are the loop's
  // own, an empty tensor (no tile may read its slice of the product);
  // else they are summed where the fill would have put its value.
  Value unfilled = fill.getOutputs()[0];
  if (ownPartialSums) {
    rewriter.setInsertionPoint(kBlocks);
    unfilled = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                       type.getElementType());
  }
  rewriter.modifyOpInPlace(
      kBlocks, [&] { kBlocks.getInitArgsMutable()[0].set(unfilled); });
  if (fill->use_empty())
    rewriter.eraseOp(fill);
  return success();
}

FailureOr<Value> xla::vectorizeFirstBlockInit(RewriterBase &rewriter,
                                              linalg::LinalgOp op) {
  auto select = dyn_cast<arith::SelectOp>(
      op.getBlock()->getTerminator()->getOperand(0).getDefiningOp());
  if (!select || op.getNumDpsInputs() != 0 || op.getNumDpsInits() != 1 ||
      select.getFalseValue() != op.getBlock()->getArgument(0))
    return failure();
  Value first = select.getCondition(), value = select.getTrueValue();
  if (op->isAncestor(first.getParentBlock()->getParentOp()) ||
      op->isAncestor(value.getParentBlock()->getParentOp()))
    return failure();
  Value init = op.getDpsInitOperand(0)->get();
  auto type = cast<RankedTensorType>(init.getType());
  auto vectorType = VectorType::get(type.getShape(), type.getElementType());
  Location loc = op.getLoc();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> indices(type.getRank(), zero);
  SmallVector<bool> inBounds(type.getRank(), true);
  auto branch = scf::IfOp::create(
      rewriter, loc, first,
      [&](OpBuilder &b, Location nested) {
        Value splat = vector::BroadcastOp::create(b, nested, vectorType, value);
        scf::YieldOp::create(b, nested, splat);
      },
      [&](OpBuilder &b, Location nested) {
        Value padding = ub::PoisonOp::create(b, nested, type.getElementType());
        Value partial = vector::TransferReadOp::create(
            b, nested, vectorType, init, indices, padding, inBounds);
        scf::YieldOp::create(b, nested, partial);
      });
  return vector::TransferWriteOp::create(rewriter, loc, branch.getResult(0),
                                         init, indices, inBounds)
      .getResult();
}
