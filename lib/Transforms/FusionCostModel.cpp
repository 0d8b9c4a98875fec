//===- FusionCostModel.cpp - what a kernel of hlo ops costs ---------------===//
//
// The constants that turn work into time are estimates for the CPU, where
// the peak rate of the target description counts fused multiply-adds on
// every vector lane: elementwise arithmetic does not pair into FMAs (half
// the peak), and a vectorized transcendental function is a polynomial of
// about twenty instructions.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla;

/// Peak-rate flops one elementwise flop costs (no FMA pairing).
static constexpr double kElementwiseFlopCost = 2.0;
/// Peak-rate flops one transcendental evaluation costs: a vectorized
/// polynomial (exp, log, sin, ...), or a scalar libm call for the functions
/// LLVM would expand inaccurately (xla-lower-math-to-libm): about 60
/// cycles each, where the peak is 32 flops a cycle per core.
static constexpr double kTranscendentalCost = 40.0;
static constexpr double kLibmCallCost = 2000.0;

/// The element count and element type of a statically shaped tensor or
/// buffer. Ranked tensors are tried first: ShapedType is an interface, and
/// casting to it looks the interface up, which was a tenth of fusion
/// planning's time.
static std::optional<std::pair<int64_t, Type>> getStaticSize(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return std::nullopt;
    return std::make_pair(tensor.getNumElements(), tensor.getElementType());
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return std::nullopt;
  return std::make_pair(shaped.getNumElements(), shaped.getElementType());
}

static int64_t getNumElements(Type type) {
  std::optional<std::pair<int64_t, Type>> size = getStaticSize(type);
  return size ? size->first : 1;
}

int64_t FusionCostModel::getBytes(Value value) {
  std::optional<std::pair<int64_t, Type>> size =
      getStaticSize(value.getType());
  if (!size)
    return 0;
  Type element = size->second;
  int64_t bits = 8;
  if (auto complex = dyn_cast<ComplexType>(element))
    bits = 2 * complex.getElementType().getIntOrFloatBitWidth();
  else if (element.isIntOrFloat())
    bits = std::max<int64_t>(8, element.getIntOrFloatBitWidth());
  return size->first * bits / 8;
}

bool FusionCostModel::isFreeValue(Value value) {
  auto constant = value.getDefiningOp<hlo::ConstantOp>();
  if (!constant)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  return dense && dense.isSplat();
}

/// The functions that lower to scalar libm calls (LowerMathToLibm.cpp) or to
/// long scalar series (the CHLO special functions).
static bool isLibmCall(Operation *op) {
  // Vectorized in registers for f32 (and f16/bf16, computed in f32) by
  // xla-approximate-vector-math.
  auto element =
      dyn_cast<FloatType>(getElementTypeOrSelf(op->getResult(0).getType()));
  if (isa<hlo::TanhOp, hlo::ErfOp, hlo::ErfcOp>(op) && element &&
      element.getWidth() <= 32)
    return false;
  return isa<hlo::Expm1Op, hlo::Log1pOp, hlo::TanOp, hlo::TanhOp,
             hlo::Atan2Op, hlo::CbrtOp, hlo::AcosOp, hlo::AcoshOp,
             hlo::AsinOp, hlo::AsinhOp, hlo::AtanOp, hlo::AtanhOp,
             hlo::BesselI1eOp, hlo::CoshOp, hlo::SinhOp, hlo::DigammaOp,
             hlo::ErfOp, hlo::ErfInvOp, hlo::ErfcOp, hlo::LgammaOp,
             hlo::PolygammaOp, hlo::ZetaOp, hlo::NextAfterOp>(op);
}

static bool isTranscendental(Operation *op) {
  return isa<hlo::ExpOp, hlo::Expm1Op, hlo::LogOp, hlo::Log1pOp,
             hlo::LogisticOp, hlo::TanhOp, hlo::SineOp, hlo::CosineOp,
             hlo::TanOp, hlo::Atan2Op, hlo::PowOp, hlo::CbrtOp, hlo::AcosOp,
             hlo::AcoshOp, hlo::AsinOp, hlo::AsinhOp, hlo::AtanOp,
             hlo::AtanhOp, hlo::BesselI1eOp, hlo::CoshOp, hlo::SinhOp,
             hlo::DigammaOp, hlo::ErfOp, hlo::ErfInvOp, hlo::ErfcOp,
             hlo::LgammaOp, hlo::PolygammaOp, hlo::ZetaOp, hlo::NextAfterOp>(
      op);
}

/// Ops that recomputing per element costs no more than loading their
/// result (FusionRules.h's trivially cheap producers).
static bool movesData(Operation *op) {
  return isa<hlo::BroadcastInDimOp, hlo::ReshapeOp, hlo::TransposeOp,
             hlo::ConvertOp, hlo::SliceOp, hlo::ReverseOp, hlo::IotaOp>(op);
}

/// Multiply-adds per result element of a contraction.
static double getContractionDepth(Operation *op) {
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op)) {
    auto lhs = cast<ShapedType>(dot.getLhs().getType());
    double depth = 1;
    for (int64_t dim : dot.getDotDimensionNumbers().getLhsContractingDimensions())
      depth *= lhs.getDimSize(dim);
    return depth;
  }
  if (auto dot = dyn_cast<hlo::DotOp>(op)) {
    auto lhs = cast<ShapedType>(dot.getLhs().getType());
    return lhs.getDimSize(lhs.getRank() - 1);
  }
  if (auto conv = dyn_cast<hlo::ConvolutionOp>(op)) {
    // Every kernel element except the output features, per group.
    auto kernel = cast<ShapedType>(conv.getRhs().getType());
    auto dims = conv.getDimensionNumbers();
    return static_cast<double>(getNumElements(kernel)) /
           std::max<int64_t>(
               1, kernel.getDimSize(dims.getKernelOutputFeatureDimension()));
  }
  return 0;
}

OpWork FusionCostModel::getWork(Operation *op) {
  OpWork work;
  if (op->getNumResults() == 0)
    return work;
  double elements = getNumElements(op->getResult(0).getType());
  if (double depth = getContractionDepth(op)) {
    work.contractionFlops = 2 * elements * depth;
    return work;
  }
  if (auto reduce = dyn_cast<hlo::ReduceOp>(op)) {
    double inputs = getNumElements(reduce.getInputs().front().getType());
    double bodyOps = llvm::range_size(
        reduce.getBody().front().without_terminator());
    work.flops = inputs * std::max(1.0, bodyOps);
    return work;
  }
  if (!hlo::isElementwise(op))
    return work; // data movement: broadcast, reshape, transpose, slice, ...
  if (isLibmCall(op))
    work.libmCalls = elements;
  else if (isTranscendental(op))
    work.transcendentals = elements;
  else
    work.flops = elements;
  return work;
}

double FusionCostModel::getReads(Operation *op, unsigned index) {
  Value operand = op->getOperand(index);
  double operandElements = getNumElements(operand.getType());
  double resultElements = getNumElements(op->getResult(0).getType());
  if (double depth = getContractionDepth(op))
    return resultElements * depth;
  if (auto reduce = dyn_cast<hlo::ReduceOp>(op))
    return index < reduce.getInputs().size() ? operandElements
                                             : resultElements;
  if (isa<hlo::ConcatenateOp>(op))
    return operandElements;
  if (auto pad = dyn_cast<hlo::PadOp>(op))
    return index == 0 ? operandElements : resultElements - operandElements;
  return resultElements;
}

FusionCostModel::OpFacts FusionCostModel::getFacts(Operation *op) {
  OpFacts facts;
  facts.work = getWork(op);
  facts.movesData = movesData(op);
  for (OpResult result : op->getResults()) {
    facts.resultElements.push_back(getNumElements(result.getType()));
    facts.resultBytes.push_back(getBytes(result));
  }
  for (OpOperand &operand : op->getOpOperands()) {
    unsigned index = operand.getOperandNumber();
    facts.reads.push_back(op->getNumResults() ? getReads(op, index) : 0);
    facts.valueBytes.push_back(getBytes(operand.get()));
    facts.readBytes.push_back(isa<hlo::SliceOp>(op) ? getBytes(op->getResult(0))
                                                    : facts.valueBytes.back());
    facts.free.push_back(isFreeValue(operand.get()));
  }
  return facts;
}

FusionCostModel::FactTable::FactTable(Block &block) {
  for (Operation &op : block)
    facts.try_emplace(&op, getFacts(&op));
}

KernelCost FusionCostModel::estimate(
    ArrayRef<Operation *> ops,
    llvm::function_ref<bool(OpOperand &)> readsMemory,
    const FactTable *table) const {
  KernelCost cost;
  if (ops.empty())
    return cost;
  llvm::SmallPtrSet<Operation *, 16> members(ops.begin(), ops.end());
  Block *block = ops.front()->getBlock();
  // Without a table, each member's facts once (all of an estimate's
  // lookups are of members).
  llvm::SmallDenseMap<Operation *, OpFacts, 8> own;
  if (!table)
    for (Operation *op : ops)
      own.try_emplace(op, getFacts(op));
  auto factsOf = [&](Operation *op) -> const OpFacts & {
    return table ? table->lookup(op) : own.find(op)->second;
  };
  auto isInside = [&](Operation *user) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    return ancestor && members.contains(ancestor);
  };
  // A use outside the kernel that reads the result from memory.
  auto isExternal = [&](OpOperand &use) {
    if (isInside(use.getOwner()) && use.getOwner()->getBlock() == block)
      return false;
    return !readsMemory || readsMemory(use);
  };

  // Evaluations per result element, users before producers.
  SmallVector<Operation *> ordered(ops.begin(), ops.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a);
  });
  llvm::DenseMap<Operation *, double> evaluations;
  double contraction = 0, arithmetic = 0, transcendental = 0, libm = 0;
  for (Operation *op : ordered) {
    const OpFacts &facts = factsOf(op);
    double count = 0;
    for (OpResult result : op->getResults()) {
      unsigned number = result.getResultNumber();
      double elements = facts.resultElements[number];
      // Results used outside are written once.
      bool written = false;
      for (OpOperand &use : result.getUses()) {
        Operation *user = use.getOwner();
        if (user->getBlock() != block || !members.contains(user)) {
          written = written || isExternal(use);
          continue;
        }
        double reads = factsOf(user).reads[use.getOperandNumber()];
        count = std::max(count, evaluations.lookup(user) * reads / elements);
      }
      if (written) {
        count = std::max(count, 1.0);
        cost.bytesWritten += facts.resultBytes[number];
      }
    }
    // A value the kernel's consumers would evaluate more than once per
    // element is computed once into a buffer of the kernel by the code
    // generator (FusionRules.h), unless it only moves or converts data: a
    // reduction always is, and so is e.g. the sqrt of a variance read
    // through a broadcast.
    if (count > 1 && !facts.movesData)
      count = 1;
    evaluations[op] = count;
    const OpWork &work = facts.work;
    contraction += count * work.contractionFlops;
    arithmetic += count * work.flops;
    transcendental += count * work.transcendentals;
    libm += count * work.libmCalls;
  }
  // Values from outside are read once, slices only in part: the bytes
  // read and the value's own.
  llvm::DenseMap<Value, std::pair<int64_t, int64_t>> inputs;
  for (Operation *op : ops) {
    const OpFacts &facts = factsOf(op);
    for (OpOperand &operand : op->getOpOperands()) {
      unsigned index = operand.getOperandNumber();
      Value value = operand.get();
      Operation *def = value.getDefiningOp();
      if (facts.free[index] ||
          (def && def->getBlock() == block && members.contains(def)))
        continue;
      auto &[bytes, whole] = inputs[value];
      bytes += facts.readBytes[index];
      whole = facts.valueBytes[index];
    }
  }
  for (auto &[value, bytes] : inputs)
    cost.bytesRead += std::min(bytes.first, bytes.second);

  cost.flops = contraction + arithmetic;
  cost.transcendentals = transcendental + libm;
  double peak = target.peakGflops * 1e9;
  double compute = (contraction + kElementwiseFlopCost * arithmetic +
                    kTranscendentalCost * transcendental +
                    kLibmCallCost * libm) /
                   peak;
  double memory = static_cast<double>(cost.bytesRead + cost.bytesWritten) /
                  (target.bandwidthGBps * 1e9);
  cost.seconds = std::max(compute, memory) + target.kernelOverheadUs * 1e-6;
  return cost;
}
