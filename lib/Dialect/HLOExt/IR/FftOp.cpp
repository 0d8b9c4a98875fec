//===- FftOp.cpp - hloext.fft ---------------------------------------------===//
//
// Verifier, TilingInterface and loop generation of hloext.fft. Each point
// of the iteration space (the batch dimensions) transforms one block: it is
// copied into a 2 x block scratch buffer of f64 real and imaginary parts
// whose halves take turns as source and destination of one-dimensional
// discrete Fourier transforms, one per transformed dimension. Twiddle
// factors come from per-dimension tables of cos/sin(2 pi m / n), indexed by
// (j * k) mod n, so no angle is ever large.
//
//===----------------------------------------------------------------------===//

#include "StructuredOpUtils.h"
#include "xla-mlir/Dialect/Diagnostics.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace xla::hloext {
using detail::getDimSize;
using xla::OpDiag;

/// The extents of one transformed block in the input and the output: RFFT
/// keeps length / 2 + 1 frequencies of the last dimension, IRFFT reads them.
static std::pair<SmallVector<int64_t>, SmallVector<int64_t>>
getBlockShapes(FftType type, ArrayRef<int64_t> length) {
  SmallVector<int64_t> input(length), output(length);
  if (type == FftType::RFFT)
    output.back() = length.back() / 2 + 1;
  if (type == FftType::IRFFT)
    input.back() = length.back() / 2 + 1;
  return {input, output};
}

LogicalResult FftOp::verify() {
  if (failed(detail::verifyStructuredOperands(*this, getInit())))
    return failure();
  auto inputType = cast<ShapedType>(getInput().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t numDims = length.size();
  if (numDims < 1 || numDims > 3)
    return OpDiag(getOperation())()
        << "fft_length must have 1 to 3 entries, got "
           << numDims;
  if (llvm::any_of(length, [](int64_t n) { return n <= 0; }))
    return OpDiag(getOperation())() << "fft_length entries must be positive";
  if (inputType.getRank() < numDims || initType.getRank() != inputType.getRank())
    return OpDiag(getOperation())()
        << "requires input and init of the same rank, at least "
                       "size(fft_length)";

  Type in = inputType.getElementType(), out = initType.getElementType();
  auto inComplex = dyn_cast<ComplexType>(in);
  bool ok = false;
  switch (getFftType()) {
  case FftType::FFT:
  case FftType::IFFT:
    ok = inComplex && out == in;
    break;
  case FftType::RFFT:
    ok = isa<FloatType>(in) && out == ComplexType::get(in);
    break;
  case FftType::IRFFT:
    ok = inComplex && out == inComplex.getElementType();
    break;
  }
  if (!ok)
    return OpDiag(getOperation())() << "element types "
           << in << " -> " << out << " do not fit "
           << stringifyFftType(getFftType());

  auto [inputBlock, outputBlock] = getBlockShapes(getFftType(), length);
  int64_t batch = getNumBatchDims();
  auto sameDims = [](ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    return llvm::all_of(llvm::zip(a, b), [](auto pair) {
      auto [x, y] = pair;
      return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
    });
  };
  if (!sameDims(inputType.getShape().take_front(batch),
                initType.getShape().take_front(batch)))
    return OpDiag(getOperation())()
        << "requires input and init to have the same batch "
                       "dimensions";
  if (inputType.getShape().drop_front(batch) != ArrayRef(inputBlock) ||
      initType.getShape().drop_front(batch) != ArrayRef(outputBlock))
    return OpDiag(getOperation())()
        << "transformed dimensions do not match fft_length for "
           << stringifyFftType(getFftType());
  return success();
}

void FftOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  detail::getStructuredEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// TilingInterface
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType> FftOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(getNumBatchDims(),
                                          utils::IteratorType::parallel);
}

SmallVector<Range> FftOp::getIterationDomain(OpBuilder &b) {
  SmallVector<Range> domain;
  for (int64_t d = 0, e = getNumBatchDims(); d < e; ++d)
    domain.push_back(Range{b.getIndexAttr(0),
                           getDimSize(b, getLoc(), getInput(), d),
                           b.getIndexAttr(1)});
  return domain;
}

/// `offsets`/`sizes` over the batch dimensions, extended by whole blocks.
static void extendToBlock(OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes,
                          ArrayRef<int64_t> block,
                          SmallVector<OpFoldResult> &blockOffsets,
                          SmallVector<OpFoldResult> &blockSizes) {
  blockOffsets.assign(offsets.begin(), offsets.end());
  blockSizes.assign(sizes.begin(), sizes.end());
  for (int64_t size : block) {
    blockOffsets.push_back(b.getIndexAttr(0));
    blockSizes.push_back(b.getIndexAttr(size));
  }
}

LogicalResult FftOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  auto blocks = getBlockShapes(getFftType(), getFftLength());
  extendToBlock(b, offsets, sizes, blocks.second, resultOffsets, resultSizes);
  return success();
}

FailureOr<TilingResult> FftOp::getTiledImplementation(
    OpBuilder &b, ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  auto [inputBlock, outputBlock] =
      getBlockShapes(getFftType(), getFftLength());
  SmallVector<OpFoldResult> inputOffsets, inputSizes, initOffsets, initSizes;
  extendToBlock(b, offsets, sizes, inputBlock, inputOffsets, inputSizes);
  extendToBlock(b, offsets, sizes, outputBlock, initOffsets, initSizes);
  SmallVector<Value> operands = {
      detail::getSlice(b, getLoc(), getInput(), inputOffsets, inputSizes),
      detail::getSlice(b, getLoc(), getInit(), initOffsets, initSizes)};
  return detail::cloneOnSlices(b, *this, operands);
}

LogicalResult FftOp::getIterationDomainTileFromResultTile(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVectorImpl<OpFoldResult> &iterOffsets,
    SmallVectorImpl<OpFoldResult> &iterSizes) {
  // Every output element depends on the whole block.
  int64_t batch = getNumBatchDims();
  auto blocks = getBlockShapes(getFftType(), getFftLength());
  for (auto [offset, size, full] :
       llvm::zip(offsets.drop_front(batch), sizes.drop_front(batch),
                 blocks.second))
    if (!isConstantIntValue(offset, 0) || !isConstantIntValue(size, full))
      return failure();
  iterOffsets.assign(offsets.begin(), offsets.begin() + batch);
  iterSizes.assign(sizes.begin(), sizes.begin() + batch);
  return success();
}

FailureOr<TilingResult> FftOp::generateResultTileValue(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> iterOffsets, iterSizes;
  if (failed(getIterationDomainTileFromResultTile(
          b, resultNumber, offsets, sizes, iterOffsets, iterSizes)))
    return failure();
  return getTiledImplementation(b, iterOffsets, iterSizes);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

namespace {

/// Emits the transform of the block at one batch position.
class BlockTransformer {
public:
  BlockTransformer(FftOp op, OpBuilder &b, Location loc, ValueRange batch)
      : op(op), b(b), loc(loc), batch(batch), type(op.getFftType()),
        length(op.getFftLength()), f64(b.getF64Type()) {}

  void emit() {
    SmallVector<int64_t> scratchShape = {2};
    llvm::append_range(scratchShape, length);
    auto scratchType = MemRefType::get(scratchShape, f64);
    re = memref::AllocOp::create(b, loc, scratchType);
    im = memref::AllocOp::create(b, loc, scratchType);
    for (int64_t n : length)
      buildTables(n);

    auto [inputBlock, outputBlock] = getBlockShapes(type, length);
    loadInput(inputBlock);
    int64_t numDims = length.size();
    bool inverse = type == FftType::IFFT || type == FftType::IRFFT;
    if (type == FftType::IRFFT) {
      // Leading dimensions on the kept frequencies, then the missing ones
      // as conjugates, then the last dimension.
      for (int64_t d = 0; d + 1 < numDims; ++d)
        transform(d, inputBlock, /*inverse=*/true, length[d]);
      fillConjugates();
      transform(numDims - 1, length, /*inverse=*/true, length.back());
    } else {
      // RFFT computes only the frequencies it keeps in the last pass.
      for (int64_t d = 0; d < numDims; ++d)
        transform(d, length, inverse,
                  d + 1 == numDims ? outputBlock.back() : length[d]);
    }
    storeOutput(outputBlock);
  }

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// Runs `body` for every position of a block with static `extents`.
  void forEach(OpBuilder &builder, ArrayRef<int64_t> extents,
               function_ref<void(OpBuilder &, ValueRange)> body) {
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t extent : extents) {
      lbs.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
      ubs.push_back(arith::ConstantIndexOp::create(builder, loc, extent));
      steps.push_back(arith::ConstantIndexOp::create(builder, loc, 1));
    }
    scf::buildLoopNest(builder, loc, lbs, ubs, steps,
                       [&](OpBuilder &nested, Location, ValueRange ivs) {
                         body(nested, ivs);
                       });
  }

  /// cos and sin of 2 pi m / n for m in [0, n).
  void buildTables(int64_t n) {
    auto tableType = MemRefType::get({n}, f64);
    Value cosTable = memref::AllocOp::create(b, loc, tableType);
    Value sinTable = memref::AllocOp::create(b, loc, tableType);
    forEach(b, {n}, [&](OpBuilder &nb, ValueRange ivs) {
      Value m = arith::IndexCastOp::create(nb, loc, nb.getI64Type(), ivs[0]);
      Value angle = arith::MulFOp::create(
          nb, loc, arith::SIToFPOp::create(nb, loc, f64, m),
          arith::ConstantOp::create(
              nb, loc, nb.getF64FloatAttr(2 * llvm::numbers::pi / n)));
      memref::StoreOp::create(nb, loc, math::CosOp::create(nb, loc, angle),
                              cosTable, ivs);
      memref::StoreOp::create(nb, loc, math::SinOp::create(nb, loc, angle),
                              sinTable, ivs);
    });
    cosTables.push_back(cosTable);
    sinTables.push_back(sinTable);
  }

  SmallVector<Value> at(Value slot, ValueRange position) {
    SmallVector<Value> indices = {slot};
    llvm::append_range(indices, position);
    return indices;
  }

  /// The position of block element `position` in the op's operands.
  SmallVector<Value> inOperand(ValueRange position) {
    SmallVector<Value> indices(batch);
    llvm::append_range(indices, position);
    return indices;
  }

  Value toF64(OpBuilder &nb, Value value) {
    return value.getType() == f64
               ? value
               : arith::ExtFOp::create(nb, loc, f64, value).getResult();
  }

  Value fromF64(OpBuilder &nb, Value value, Type type) {
    return type == f64
               ? value
               : arith::TruncFOp::create(nb, loc, type, value).getResult();
  }

  void loadInput(ArrayRef<int64_t> extents) {
    Value slot = index(0);
    forEach(b, extents, [&](OpBuilder &nb, ValueRange pos) {
      Value x = memref::LoadOp::create(nb, loc, op.getInput(),
                                       inOperand(pos));
      Value real, imag;
      if (isa<ComplexType>(x.getType())) {
        real = toF64(nb, complex::ReOp::create(nb, loc, x));
        imag = toF64(nb, complex::ImOp::create(nb, loc, x));
      } else {
        real = toF64(nb, x);
        imag = arith::ConstantOp::create(nb, loc, nb.getF64FloatAttr(0.0));
      }
      memref::StoreOp::create(nb, loc, real, re, at(slot, pos));
      memref::StoreOp::create(nb, loc, imag, im, at(slot, pos));
    });
  }

  /// X[..., k] = conj(X[..., n - k]) for the frequencies IRFFT leaves out.
  void fillConjugates() {
    int64_t n = length.back();
    int64_t kept = n / 2 + 1;
    if (kept >= n)
      return;
    SmallVector<int64_t> extents(length);
    extents.back() = n - kept;
    Value slot = index(src);
    forEach(b, extents, [&](OpBuilder &nb, ValueRange pos) {
      SmallVector<Value> target(pos), source(pos);
      target.back() = arith::AddIOp::create(
          nb, loc, pos.back(), arith::ConstantIndexOp::create(nb, loc, kept));
      source.back() = arith::SubIOp::create(
          nb, loc, arith::ConstantIndexOp::create(nb, loc, n - kept),
          pos.back());
      Value real = memref::LoadOp::create(nb, loc, re, at(slot, source));
      Value imag = memref::LoadOp::create(nb, loc, im, at(slot, source));
      memref::StoreOp::create(nb, loc, real, re, at(slot, target));
      memref::StoreOp::create(nb, loc, arith::NegFOp::create(nb, loc, imag),
                              im, at(slot, target));
    });
  }

  /// One-dimensional DFT along `dim` from slot `src` to the other, over the
  /// positions `extents`; it computes the first `frequencies` outputs of
  /// each line.
  void transform(int64_t dim, ArrayRef<int64_t> extents, bool inverse,
                 int64_t frequencies) {
    int64_t n = length[dim];
    SmallVector<int64_t> loops(extents);
    loops[dim] = frequencies;
    Value from = index(src), to = index(1 - src);
    forEach(b, loops, [&](OpBuilder &nb, ValueRange pos) {
      Value k = pos[dim];
      Value zero = arith::ConstantOp::create(nb, loc, nb.getF64FloatAttr(0.0));
      auto sum = scf::ForOp::create(
          nb, loc, arith::ConstantIndexOp::create(nb, loc, 0),
          arith::ConstantIndexOp::create(nb, loc, n),
          arith::ConstantIndexOp::create(nb, loc, 1), ValueRange{zero, zero},
          [&](OpBuilder &ib, Location, Value j, ValueRange acc) {
            SmallVector<Value> source(pos);
            source[dim] = j;
            Value xr = memref::LoadOp::create(ib, loc, re, at(from, source));
            Value xi = memref::LoadOp::create(ib, loc, im, at(from, source));
            Value m = arith::RemUIOp::create(
                ib, loc, arith::MulIOp::create(ib, loc, j, k),
                arith::ConstantIndexOp::create(ib, loc, n));
            Value c = memref::LoadOp::create(ib, loc, cosTables[dim], m);
            Value s = memref::LoadOp::create(ib, loc, sinTables[dim], m);
            // Forward: x * (c - i s); inverse: x * (c + i s).
            Value xc = arith::MulFOp::create(ib, loc, xr, c);
            Value xs = arith::MulFOp::create(ib, loc, xi, s);
            Value yc = arith::MulFOp::create(ib, loc, xi, c);
            Value ys = arith::MulFOp::create(ib, loc, xr, s);
            Value real =
                inverse ? arith::SubFOp::create(ib, loc, xc, xs).getResult()
                        : arith::AddFOp::create(ib, loc, xc, xs).getResult();
            Value imag =
                inverse ? arith::AddFOp::create(ib, loc, yc, ys).getResult()
                        : arith::SubFOp::create(ib, loc, yc, ys).getResult();
            scf::YieldOp::create(
                ib, loc,
                ValueRange{arith::AddFOp::create(ib, loc, acc[0], real),
                           arith::AddFOp::create(ib, loc, acc[1], imag)});
          });
      Value real = sum.getResult(0), imag = sum.getResult(1);
      if (inverse) {
        Value scale = arith::ConstantOp::create(
            nb, loc, nb.getF64FloatAttr(1.0 / static_cast<double>(n)));
        real = arith::MulFOp::create(nb, loc, real, scale);
        imag = arith::MulFOp::create(nb, loc, imag, scale);
      }
      memref::StoreOp::create(nb, loc, real, re, at(to, pos));
      memref::StoreOp::create(nb, loc, imag, im, at(to, pos));
    });
    src = 1 - src;
  }

  void storeOutput(ArrayRef<int64_t> extents) {
    Value slot = index(src);
    Type element = getElementTypeOrSelf(op.getInit().getType());
    forEach(b, extents, [&](OpBuilder &nb, ValueRange pos) {
      Value real = memref::LoadOp::create(nb, loc, re, at(slot, pos));
      Value result;
      if (auto complexType = dyn_cast<ComplexType>(element)) {
        Type part = complexType.getElementType();
        Value imag = memref::LoadOp::create(nb, loc, im, at(slot, pos));
        result = complex::CreateOp::create(nb, loc, complexType,
                                           fromF64(nb, real, part),
                                           fromF64(nb, imag, part));
      } else {
        result = fromF64(nb, real, element);
      }
      memref::StoreOp::create(nb, loc, result, op.getInit(),
                              inOperand(pos));
    });
  }

  FftOp op;
  OpBuilder &b;
  Location loc;
  ValueRange batch;
  FftType type;
  ArrayRef<int64_t> length;
  Type f64;
  Value re, im;
  SmallVector<Value> cosTables, sinTables;
  int64_t src = 0;
};

} // namespace

LogicalResult FftOp::generateScalarImplementation(OpBuilder &b, Location loc,
                                                  ValueRange ivs) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  BlockTransformer(*this, b, loc, ivs).emit();
  return success();
}

} // namespace xla::hloext
