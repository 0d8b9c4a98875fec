//===- FuseEpilogue.cpp - epilogues in a contraction's tiles --------------===//
//
// See FuseEpilogue.h. Consumer fusion takes either one scf.forall or
// perfectly nested scf.for loops, so an epilogue reaches a register tile in
// two steps: into the distributed tiles (the forall), then from there into
// the register tile loops. With k split into cache blocks the first step
// comes when the k blocks are tiled and the second when the last block's
// register tiles are: the earlier blocks still store their partial sums,
// in a product of the distributed tile's own. Or, with
// `epilogue_after_k_blocks`, only the first: the epilogue's tile runs
// after all the blocks, on that product.
//
//===----------------------------------------------------------------------===//

#include "FuseEpilogue.h"
#include "PlanTiling.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using xla::kPackedEpilogue;
using xla::TilingPlan;

FailureOr<bool>
xla::expandPackedEpilogue(RewriterBase &rewriter, linalg::LinalgOp packed,
                          llvm::function_ref<void(Operation *)> forgetPlan) {
  Value product = packed->getResult(0);
  auto collapse =
      product.hasOneUse()
          ? dyn_cast<tensor::CollapseShapeOp>(*product.getUsers().begin())
          : nullptr;
  auto epilogue = collapse && collapse->hasOneUse()
                      ? dyn_cast<linalg::GenericOp>(*collapse->user_begin())
                      : nullptr;
  if (!epilogue || !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumParallelLoops() != epilogue.getNumLoops())
    return packed.emitError()
           << TilingPlan::kAttrName
           << ": fuse_epilogue needs one all-parallel linalg.generic reading "
              "the product";
  // Expanding its loops needs projected permutations (a map with a
  // constant, as a broadcast of a [1, n] operand reads, has none): the
  // epilogue then stays a loop nest of its own.
  if (!llvm::all_of(epilogue.getIndexingMapsArray(), [](AffineMap map) {
        return map.isProjectedPermutation();
      }))
    return false;
  // What computes its other operands after the contraction (which they
  // cannot depend on: the product has one reader) moves before it:
  // consumer fusion slices them per tile, inside its loops.
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *def) {
    return def->getBlock() == packed->getBlock() &&
           !def->isBeforeInBlock(packed);
  };
  SetVector<Operation *> slice;
  for (Value operand : epilogue->getOperands())
    if (operand != collapse.getResult())
      (void)getBackwardSlice(operand, &slice, options);
  for (Operation *def : topologicalSort(slice))
    def->moveBefore(packed);
  // Its plan was for the collapsed loops.
  forgetPlan(epilogue);
  RewritePatternSet patterns(rewriter.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(
      patterns, [&](OpOperand *operand) {
        return operand->getOwner() == epilogue.getOperation() &&
               operand->get() == collapse.getResult();
      });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily({epilogue.getOperation()}, std::move(patterns),
                                config);
  // Consumer fusion wants the product read by the epilogue alone.
  if (collapse->use_empty())
    rewriter.eraseOp(collapse);
  for (Operation *user : product.getUsers()) {
    if (!isa<linalg::GenericOp>(user))
      continue;
    // And the reshapes the expansion made, of operands that are before
    // the contraction now.
    for (Value operand : user->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (operand != product && def && def->getBlock() == packed->getBlock() &&
          !def->isBeforeInBlock(packed))
        def->moveBefore(packed);
    }
    // Each result gets its own empty destination, as before the expansion
    // (reshapes of one tensor.empty would bufferize as one buffer that the
    // results conflict on, each then copied).
    SmallVector<Operation *> reshapedInits;
    for (Value init : cast<linalg::LinalgOp>(user).getDpsInits())
      if (auto expand = init.getDefiningOp<tensor::ExpandShapeOp>())
        reshapedInits.push_back(expand);
    RewritePatternSet empties(rewriter.getContext());
    tensor::populateFoldTensorEmptyPatterns(empties);
    (void)applyOpPatternsGreedily(reshapedInits, std::move(empties), config);
    user->setAttr(kPackedEpilogue, rewriter.getUnitAttr());
    return true;
  }
  return packed.emitError() << TilingPlan::kAttrName
                            << ": fuse_epilogue: the epilogue does not "
                               "expand to the packed product's loops";
}

/// The marked epilogue among the readers of `op`'s results, or null.
static Operation *markedReader(Operation *op) {
  for (Operation *user : op->getUsers())
    if (user->hasAttr(kPackedEpilogue))
      return user;
  return nullptr;
}

/// Fuses `epilogue`, which reads the only result of `forall`, into its
/// tiles (`forall` is rebuilt with the epilogue's results added). Returns
/// the epilogue's tile in the forall's body.
static FailureOr<Operation *> fuseIntoForall(RewriterBase &rewriter,
                                             scf::ForallOp &forall,
                                             Operation *epilogue) {
  SmallVector<Operation *> inserts;
  for (Operation &op : forall.getTerminator().getYieldingOps())
    inserts.push_back(&op);
  if (inserts.size() != 1)
    return failure();
  SmallVector<LoopLikeOpInterface> outer{forall};
  if (failed(scf::tileAndFuseConsumerOfSlices(rewriter, inserts, outer)))
    return failure();
  if (epilogue->use_empty())
    rewriter.eraseOp(epilogue);
  // Its tile is what the last of the new results inserts.
  forall = cast<scf::ForallOp>(outer.front().getOperation());
  Block *terminator = forall.getTerminator().getBody();
  auto lastInsert = terminator->empty()
                        ? nullptr
                        : dyn_cast<tensor::ParallelInsertSliceOp>(
                              terminator->back());
  Operation *tile =
      lastInsert ? lastInsert.getSource().getDefiningOp() : nullptr;
  if (!tile)
    return failure();
  // Fusion leaves an unread insert_slice of the inner loops' result (and
  // a slice of it) in the forall's body; upstream wants the epilogue to be
  // the inner loops' first reader.
  for (Operation &op :
       llvm::make_early_inc_range(llvm::reverse(*forall.getBody())))
    if (isOpTriviallyDead(&op))
      rewriter.eraseOp(&op);
  return tile;
}

FailureOr<Operation *>
xla::fuseEpilogueIntoDistributedTiles(RewriterBase &rewriter,
                                     scf::ForallOp forall) {
  auto fail = [&](StringRef why) {
    return forall.emitError() << TilingPlan::kAttrName
                              << ": fuse_epilogue: " << why;
  };
  Operation *epilogue =
      forall.getNumResults() == 1 ? markedReader(forall) : nullptr;
  if (!epilogue)
    return fail("no epilogue reads the distributed tiles");
  FailureOr<Operation *> tile = fuseIntoForall(rewriter, forall, epilogue);
  if (failed(tile))
    return fail("consumer fusion into the distributed tiles failed");
  // Nobody reads the whole product now. Each tile's slice of it only
  // initializes the fill its first k block starts from, so an empty tensor
  // of the tile's own serves as well; then the forall's canonicalization
  // drops the shared output, and no buffer holds the whole product.
  if (!forall.getResult(0).use_empty())
    return fail("the product is read after its epilogue");
  BlockArgument product = forall.getRegionIterArgs().front();
  for (Operation *user : llvm::make_early_inc_range(product.getUsers())) {
    if (isa<tensor::ParallelInsertSliceOp>(user))
      continue;
    auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
    if (!slice || !slice.getResultType().hasStaticShape() ||
        !llvm::all_of(slice->getUses(), [](OpOperand &use) {
          auto fill = dyn_cast<linalg::FillOp>(use.getOwner());
          return fill && fill.isDpsInit(&use);
        }))
      return fail("a distributed tile reads its slice of the product");
    rewriter.setInsertionPoint(slice);
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
        slice, slice.getResultType().getShape(),
        slice.getResultType().getElementType());
  }
  RewritePatternSet patterns(rewriter.getContext());
  scf::ForallOp::getCanonicalizationPatterns(patterns, rewriter.getContext());
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily({forall.getOperation()}, std::move(patterns),
                                config);
  return *tile;
}

FailureOr<SmallVector<Operation *>>
xla::fuseEpilogue(RewriterBase &rewriter, linalg::LinalgOp tile,
                  MutableArrayRef<LoopLikeOpInterface> tileLoops) {
  auto fail = [&](StringRef why) {
    return tile.emitError() << TilingPlan::kAttrName
                            << ": fuse_epilogue: " << why;
  };
  auto forall = dyn_cast<scf::ForallOp>(tileLoops.front()->getParentOp());
  auto innermost = dyn_cast<scf::ForOp>(tileLoops.back().getOperation());
  if (!forall)
    return fail("the register tiles are not in a distributed tile");
  auto innerInsert = innermost && innermost.getNumResults() == 1
                         ? innermost.getYieldedValues()
                               .front()
                               .getDefiningOp<tensor::InsertSliceOp>()
                         : nullptr;
  if (!innerInsert)
    return fail("the tiles are not inserted by one slice per loop");
  Operation *tileEpilogue = markedReader(tileLoops.front());
  bool afterKBlocks = tileEpilogue != nullptr;
  if (!tileEpilogue) {
    Operation *epilogue =
        forall.getNumResults() == 1 ? markedReader(forall) : nullptr;
    if (!epilogue)
      return fail("no epilogue reads the distributed tiles");
    FailureOr<Operation *> fused = fuseIntoForall(rewriter, forall, epilogue);
    if (failed(fused))
      return fail("consumer fusion into the distributed tiles failed");
    tileEpilogue = *fused;
  }
  FailureOr<scf::SCFFuseConsumerOfSliceResult> fused =
      scf::tileAndFuseConsumerOfSlices(rewriter, {innerInsert.getOperation()},
                                       tileLoops);
  if (failed(fused))
    return fail("consumer fusion into the register tiles failed");
  if (tileEpilogue->use_empty())
    rewriter.eraseOp(tileEpilogue);
  // After k blocks, each register tile of the last one reads its partial
  // sums from the product and still stores its sums back, which nothing
  // reads now. The tiles split parallel loops, so each reads and writes
  // only its own slice: the product may go through the loops unchanged
  // (iter_arg 0; fusion appended the epilogue's), and canonicalization
  // then drops the stores.
  if (afterKBlocks)
    for (LoopLikeOpInterface loop : tileLoops) {
      auto forOp = dyn_cast<scf::ForOp>(*loop);
      if (!forOp || forOp.getNumRegionIterArgs() < 2)
        continue;
      Operation *yield = forOp.getBody()->getTerminator();
      rewriter.modifyOpInPlace(yield, [&] {
        yield->setOperand(0, forOp.getRegionIterArg(0));
      });
    }
  for (Operation *op : fused->tiledOps)
    op->removeAttr(kPackedEpilogue);
  return SmallVector<Operation *>(fused->tiledOps);
}

FailureOr<scf::ForOp> xla::peelLastIteration(RewriterBase &rewriter,
                                             scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 || *ub - *lb < 2 * *step ||
      (*ub - *lb) % *step)
    return failure();
  rewriter.setInsertionPoint(loop);
  Value split = arith::ConstantOp::create(
      rewriter, loop.getLoc(),
      rewriter.getIntegerAttr(loop.getUpperBound().getType(), *ub - *step));
  rewriter.setInsertionPointAfter(loop);
  auto last = cast<scf::ForOp>(rewriter.clone(*loop.getOperation()));
  rewriter.modifyOpInPlace(last, [&] {
    last.setLowerBound(split);
    last.getInitArgsMutable().assign(loop.getResults());
  });
  for (auto [before, after] : llvm::zip(loop.getResults(), last.getResults()))
    rewriter.replaceAllUsesExcept(before, after, last);
  rewriter.modifyOpInPlace(loop, [&] { loop.setUpperBound(split); });
  return last;
}

/// Whether what flows from `value` (a loop's iter_arg or result, or a
/// tensor made from it) is never read: it only goes through slices, writes
/// and loops that do the same, to `yield` (the operand that yields an
/// iter_arg back; null for a result) or nowhere.
static bool onlyWritten(Value value, OpOperand *yield) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    // Dead readers (left by tiling until canonicalization) read nothing.
    if (&use == yield || isOpTriviallyDead(user))
      continue;
    Value next;
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(user))
      next = slice.getResult();
    else if (auto insert = dyn_cast<tensor::InsertSliceOp>(user))
      next = insert.getResult();
    else if (auto write = dyn_cast<vector::TransferWriteOp>(user);
             write && use.get() == write.getBase() && write.getResult())
      next = write.getResult();
    if (next) {
      if (!onlyWritten(next, yield))
        return false;
      continue;
    }
    // The init of a loop (nested, or the peeled rest of this one) that
    // only writes it too.
    auto loop = dyn_cast<scf::ForOp>(user);
    if (!loop || use.getOperandNumber() < loop.getNumControlOperands())
      return false;
    unsigned i = use.getOperandNumber() - loop.getNumControlOperands();
    if (!onlyWritten(loop.getRegionIterArg(i),
                     &loop.getBody()->getTerminator()->getOpOperand(i)) ||
        !onlyWritten(loop.getResult(i), yield))
      return false;
  }
  return true;
}

bool xla::dropUnreadIterArgs(RewriterBase &rewriter, scf::ForOp loop) {
  Operation *yield = loop.getBody()->getTerminator();
  bool dropped = false;
  for (unsigned i = 0; i < loop.getNumResults(); ++i) {
    BlockArgument iterArg = loop.getRegionIterArg(i);
    OpOperand &yielded = yield->getOpOperand(i);
    if (!isa<RankedTensorType>(iterArg.getType()) || yielded.get() == iterArg ||
        !onlyWritten(loop.getResult(i), nullptr) ||
        !onlyWritten(iterArg, &yielded))
      continue;
    rewriter.modifyOpInPlace(yield, [&] { yielded.set(iterArg); });
    dropped = true;
  }
  return dropped;
}

/// The tile buffer that `write`'s vector also goes to, as a tensor.
static Value writeToTileBuffer(RewriterBase &rewriter,
                               vector::TransferWriteOp write) {
  auto type = cast<RankedTensorType>(write.getResult().getType());
  // One buffer per thread: at the start of the distributed tile, which
  // becomes a parallel loop's body, else of the function.
  Block *block;
  if (auto forall = write->getParentOfType<scf::ForallOp>())
    block = forall.getBody();
  else
    block = &write->getParentOfType<FunctionOpInterface>()
                 .getFunctionBody()
                 .front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(block);
  Location loc = write.getLoc();
  auto alloca = memref::AllocaOp::create(
      rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
      rewriter.getI64IntegerAttr(64));
  alloca->setAttr(xla::kTileBuffer, rewriter.getUnitAttr());
  rewriter.setInsertionPointAfter(write);
  Value buffer = bufferization::ToTensorOp::create(
      rewriter, loc, type, alloca, /*restrict=*/true, /*writable=*/true);
  return vector::TransferWriteOp::create(
             rewriter, loc, write.getVector(), buffer, write.getIndices(),
             write.getPermutationMapAttr(), write.getInBoundsAttr())
      .getResult();
}

bool xla::readRowsFromTileBuffers(RewriterBase &rewriter, Operation *root) {
  DenseMap<Operation *, Value> buffers;
  root->walk([&](scf::ForOp rows) {
    if (!rows->removeAttr(kEpilogueRows))
      return;
    rows.walk([&](vector::TransferReadOp read) {
      Value tile = read.getBase();
      auto write = tile.getDefiningOp<vector::TransferWriteOp>();
      auto type = dyn_cast<RankedTensorType>(tile.getType());
      // A write of the whole tile (its unit dimensions possibly cast away).
      if (!write || !type || !type.hasStaticShape() ||
          !rows.isDefinedOutsideOfLoop(tile) ||
          write.getVectorType().getNumElements() != type.getNumElements() ||
          !llvm::all_of(write.getIndices(), isZeroInteger))
        return;
      Value &buffer = buffers[write];
      if (!buffer)
        buffer = writeToTileBuffer(rewriter, write);
      rewriter.modifyOpInPlace(read,
                               [&] { read.getBaseMutable().assign(buffer); });
    });
  });
  // The writes into the product that only the rows read are dead now.
  for (auto [write, buffer] : buffers)
    if (write->use_empty())
      rewriter.eraseOp(write);
  return !buffers.empty();
}
