//===- MarkInPlaceResults.cpp - results that may share an argument --------===//
//
// A training step's update kernel reads a parameter and writes its new
// value, element by element. When the caller donates the parameter's
// buffer, the kernel may write the new value over the old one, provided no
// element is read after it was overwritten. This pass proves that on the
// tensor form of each kernel, where reads and writes are still explicit
// (see Passes.td), and records it for xla-prepare-donation, which decides
// on the buffers once the kernel is called with memrefs.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace xla {
#define GEN_PASS_DEF_MARKINPLACERESULTSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Whether `reader`, an op whose result `writer` reads, reads `use` (the
/// argument) only where a tile of `writer` writes, however fusion tiles
/// them: `writer` reads its own result directly, at the element it writes
/// (`written`), and reads the argument there too, and `reader` is a row
/// op: each dimension of the argument it reads along a parallel loop is
/// the one `writer` writes along the same loop; along a reduction loop it
/// reads a whole dimension, which xla-plan-kernel-blocks then never splits,
/// since `writer` links it to the argument's (softmax's max of the logits
/// it overwrites with their exponentials). Contractions and convolutions
/// do not qualify: an epilogue runs in their tiles, where they read whole
/// rows of an operand (`x + x W` over x).
static bool readsWhereWriterWrites(linalg::LinalgOp reader, OpOperand &use,
                                   linalg::LinalgOp writer,
                                   AffineMap written) {
  if (!reader.hasPureTensorSemantics() ||
      linalg::isaContractionOpInterface(reader) ||
      linalg::isaConvolutionOpInterface(reader))
    return false;
  bool readsArgument = llvm::any_of(writer.getDpsInputOperands(),
                                    [&](OpOperand *input) {
    return input->get() == use.get() &&
           writer.getMatchingIndexingMap(input) == written;
  });
  AffineMap readMap = reader.getMatchingIndexingMap(&use);
  if (!readsArgument || !readMap.isProjectedPermutation())
    return false;
  auto iterators = reader.getIteratorTypesArray();
  bool feeds = false;
  for (OpOperand *input : writer.getDpsInputOperands()) {
    auto produced = dyn_cast<OpResult>(input->get());
    if (!produced || produced.getOwner() != reader.getOperation())
      continue;
    feeds = true;
    AffineMap resultMap = reader.getIndexingMapMatchingResult(produced);
    AffineMap writerReads = writer.getMatchingIndexingMap(input);
    if (!resultMap.isProjectedPermutation() ||
        !writerReads.isProjectedPermutation())
      return false;
    for (auto [d, e] : llvm::enumerate(readMap.getResults())) {
      unsigned loop = cast<AffineDimExpr>(e).getPosition();
      if (iterators[loop] == utils::IteratorType::reduction)
        continue;
      std::optional<unsigned> position = resultMap.getResultPosition(e);
      if (!position ||
          writerReads.getResult(*position) != written.getResult(d))
        return false;
    }
  }
  return feeds;
}

/// True if `writer`, which computes `result`, is the last reader of
/// `argument` in `body` and reads it only at the element it writes.
static bool writesAfterReading(BlockArgument argument, linalg::LinalgOp writer,
                               OpResult result, Block &body) {
  if (writer.getNumLoops() != writer.getNumParallelLoops())
    return false;
  OpOperand *init = writer.getDpsInitOperand(result.getResultNumber());
  // A payload that reads its init would read what the result's buffer
  // held before, which is the argument's value when the two are one.
  if (writer.payloadUsesValueFromOperand(init))
    return false;
  AffineMap written = writer.getMatchingIndexingMap(init);
  Operation *writerInBody = body.findAncestorOpInBlock(*writer);
  SmallPtrSet<Operation *, 4> feeders;
  for (OpOperand &use : argument.getUses()) {
    Operation *user = body.findAncestorOpInBlock(*use.getOwner());
    if (!user)
      return false;
    if (user == writerInBody) {
      // The writer itself: an input read at the element it writes.
      if (use.getOwner() != writer.getOperation() ||
          !writer.isDpsInput(&use) ||
          writer.getMatchingIndexingMap(&use) != written)
        return false;
      continue;
    }
    // Any other op may read the argument as it likes if it runs before
    // the writer, but it must not write into it.
    if (!user->isBeforeInBlock(writerInBody))
      return false;
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner()))
      if (dps.isDpsInit(&use))
        return false;
    // Nor may it feed the writer, unless it reads where the writer writes:
    // fusion runs a producer in the writer's tiles (xla-tile-and-fuse-
    // blocks), or the writer in the producer's (an epilogue), and reads of
    // other elements then follow the writes of earlier tiles (attention's
    // P V read V whole before a transpose wrote the result over V).
    SetVector<Operation *> fed;
    getForwardSlice(user, &fed);
    if (llvm::none_of(fed, [&](Operation *op) {
          return body.findAncestorOpInBlock(*op) == writerInBody;
        }))
      continue;
    auto reader = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!reader || reader.getOperation() != user ||
        !readsWhereWriterWrites(reader, use, writer, written))
      return false;
    feeders.insert(user);
  }
  // And its values reach the writer only directly or through other such
  // readers (or are returned): an op in between, fused into the writer's
  // tiles too, could ask it for other rows.
  return llvm::all_of(feeders, [&](Operation *feeder) {
    return llvm::all_of(feeder->getUsers(), [&](Operation *user) {
      Operation *inBody = body.findAncestorOpInBlock(*user);
      return inBody == writerInBody || inBody == body.getTerminator() ||
             feeders.contains(inBody);
    });
  });
}

/// The op of `body` that computes returned value `value` with pure tensor
/// semantics, or null.
static linalg::LinalgOp getWriter(Value value, Block &body) {
  auto writer = value.getDefiningOp<linalg::LinalgOp>();
  // A result computed inside a loop or region has no single writer.
  if (!writer || writer->getBlock() != &body ||
      !writer.hasPureTensorSemantics())
    return nullptr;
  return writer;
}

/// (argument, result) pairs of a kernel that the entry would like to share a
/// buffer: the entry passes its input J as the argument and returns the
/// result as its result K, and declares K an update of J.
using Hints =
    llvm::DenseMap<Operation *, SmallVector<std::pair<unsigned, unsigned>>>;

static Hints collectHints(ModuleOp module, SymbolTableCollection &symbols) {
  Hints hints;
  for (auto entry : module.getOps<func::FuncOp>()) {
    if (!entry.isPublic() || entry.isExternal())
      continue;
    Operation *terminator = entry.getBody().front().getTerminator();
    for (BlockArgument input : entry.getArguments()) {
      auto result = entry.getArgAttrOfType<IntegerAttr>(
          input.getArgNumber(), xla::kAliasedResultAttrName);
      if (!result || result.getInt() < 0 ||
          result.getInt() >= terminator->getNumOperands())
        continue;
      auto returned =
          dyn_cast<OpResult>(terminator->getOperand(result.getInt()));
      auto call = returned ? dyn_cast<func::CallOp>(returned.getOwner())
                           : nullptr;
      if (!call)
        continue;
      Operation *callee = symbols.lookupNearestSymbolFrom(
          call, call.getCalleeAttr());
      for (OpOperand &operand : call->getOpOperands())
        if (operand.get() == input)
          hints[callee].push_back(
              {operand.getOperandNumber(), returned.getResultNumber()});
    }
  }
  return hints;
}

/// Moves the writer of each hinted result, when only the terminator uses
/// it, after the last other reader of its hinted argument: a multi-output
/// kernel (an Adam update) often recomputes one output inside another's
/// loop, and so reads the old moments after the op that writes the new
/// ones. The order of independent ops changes nothing else.
static void sinkWriters(Block &body,
                        ArrayRef<std::pair<unsigned, unsigned>> hints) {
  Operation *terminator = body.getTerminator();
  for (auto [argumentNumber, resultNumber] : hints) {
    linalg::LinalgOp writer =
        getWriter(terminator->getOperand(resultNumber), body);
    if (!writer || llvm::any_of(writer->getUsers(), [&](Operation *user) {
          return user != terminator;
        }))
      continue;
    Operation *last = writer;
    for (Operation *user : body.getArgument(argumentNumber).getUsers()) {
      Operation *reader = body.findAncestorOpInBlock(*user);
      if (reader && last->isBeforeInBlock(reader))
        last = reader;
    }
    if (last != writer)
      writer->moveAfter(last);
  }
}

/// True if `writer`'s init for `result` is a tensor.empty only it uses.
/// The result's buffer becomes the argument's, so no other op may write
/// into it first; but a destination shared with other ops (identical
/// tensor.empty ops merged by CSE, a reduction's accumulator) lets
/// bufferization put their values there, before the writer reads the
/// argument.
static bool hasOwnDestination(linalg::LinalgOp writer, OpResult result) {
  OpOperand *init = writer.getDpsInitOperand(result.getResultNumber());
  auto empty = init->get().getDefiningOp<tensor::EmptyOp>();
  return empty && empty->hasOneUse();
}

/// Gives `writer`'s init for `result` a tensor.empty of its own: the
/// writer does not read its init, so any tensor of its shape will do. The
/// attribute keeps CSE from merging it with another one.
static void giveOwnDestination(linalg::LinalgOp writer, OpResult result,
                               unsigned returnedNumber) {
  OpOperand *init = writer.getDpsInitOperand(result.getResultNumber());
  auto own = init->get().getDefiningOp<tensor::EmptyOp>();
  if (own && own->hasAttr("xla.own_destination") && own->hasOneUse())
    return;
  OpBuilder b(writer);
  Location loc = writer.getLoc();
  auto type = cast<RankedTensorType>(init->get().getType());
  auto empty = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, init->get()),
      type.getElementType());
  empty->setAttr("xla.own_destination", b.getI64IntegerAttr(returnedNumber));
  init->set(empty);
}

/// Records the pairs of `func` (see Passes.td). A pair the entry will
/// donate (`hints`) gets a destination of its own; another one is recorded
/// only where it has one already, so that programs without donation keep
/// their buffers as they were.
static void markPairs(func::FuncOp func, Block &body,
                      ArrayRef<std::pair<unsigned, unsigned>> hints) {
  SmallVector<int64_t> pairs;
  unsigned numArguments = func.getNumArguments();
  for (OpOperand &returned : body.getTerminator()->getOpOperands()) {
    linalg::LinalgOp writer = getWriter(returned.get(), body);
    if (!writer)
      continue;
    auto result = cast<OpResult>(returned.get());
    for (BlockArgument argument : body.getArguments()) {
      if (argument.use_empty() || argument.getType() != result.getType() ||
          !writesAfterReading(argument, writer, result, body))
        continue;
      bool donated = llvm::is_contained(
          hints, std::make_pair(argument.getArgNumber(),
                                returned.getOperandNumber()));
      if (donated)
        giveOwnDestination(writer, result, returned.getOperandNumber());
      else if (!hasOwnDestination(writer, result))
        continue;
      pairs.push_back(argument.getArgNumber());
      pairs.push_back(numArguments + returned.getOperandNumber());
    }
  }
  if (pairs.empty())
    func->removeAttr(xla::kInPlaceAttrName);
  else
    func->setAttr(xla::kInPlaceAttrName,
                  DenseI64ArrayAttr::get(func.getContext(), pairs));
}

namespace {

struct MarkInPlaceResultsPass
    : xla::impl::MarkInPlaceResultsPassBase<MarkInPlaceResultsPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    Hints hints = collectHints(getOperation(), symbols);
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      // The entry's buffers belong to its caller (xla-prepare-donation);
      // only kernels are called with buffers the program chose.
      if (func.isPublic() || func.isExternal() ||
          !func.getBody().hasOneBlock() ||
          !isa<func::ReturnOp>(func.getBody().front().getTerminator()))
        continue;
      Block &body = func.getBody().front();
      SmallVector<std::pair<unsigned, unsigned>> hinted = hints.lookup(func);
      sinkWriters(body, hinted);
      markPairs(func, body, hinted);
    }
  }
};

} // namespace
