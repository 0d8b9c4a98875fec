//===- TriangularSolve.cpp - triangular_solve to substitution loops -------===//
//
// Every variant is brought to one form, left-side substitution
// `A x = b'` over the last two dimensions:
//
//   - right side (`x op(a) = b`) solves `op(a)^T x^T = b^T`, so b and the
//     result are transposed and op(a) gains a transpose;
//   - the effective matrix A is then `a` or `a^T` (read through the
//     indexing map, never copied), conjugated for ADJOINT, and its used
//     triangle flips with every transpose: a lower A is solved by forward
//     substitution, an upper one backwards.
//
// Row i of x depends on the rows solved before it, so the rows are an
// scf.for over a tensor carried through the iterations; each row is one
// linalg.generic, `b_i - sum_{j solved} A_ij x_j`, reducing over all j with
// the unsolved ones masked out (the other triangle of `a` is never read
// into the result, as the spec requires), then divided by A_ii unless the
// diagonal is unit.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Scalar arithmetic on a float or complex element type.
struct Arith {
  OpBuilder &b;
  Location loc;
  bool complex;

  Value mul(Value x, Value y) {
    return complex ? Value(complex::MulOp::create(b, loc, x, y))
                   : Value(arith::MulFOp::create(b, loc, x, y));
  }
  Value sub(Value x, Value y) {
    return complex ? Value(complex::SubOp::create(b, loc, x, y))
                   : Value(arith::SubFOp::create(b, loc, x, y));
  }
  Value div(Value x, Value y) {
    return complex ? Value(complex::DivOp::create(b, loc, x, y))
                   : Value(arith::DivFOp::create(b, loc, x, y));
  }
  Value conj(Value x, bool enabled) {
    return complex && enabled ? Value(complex::ConjOp::create(b, loc, x)) : x;
  }
};

/// `tensor` with its last two dimensions swapped.
Value swapLastTwo(OpBuilder &b, Location loc, Value tensor) {
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[rank - 1], perm[rank - 2]);
  return transposeTensor(b, loc, tensor, perm);
}

/// The slice of `tensor` at `index` in dimension `dim`, with that dimension
/// dropped.
Value sliceAt(OpBuilder &b, Location loc, Value tensor, int64_t dim,
              Value index) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    sizes.push_back(b.getIndexAttr(d == dim ? 1 : type.getDimSize(d)));
    if (d != dim)
      shape.push_back(type.getDimSize(d));
  }
  offsets[dim] = index;
  return tensor::ExtractSliceOp::create(b, loc, type.clone(shape), tensor,
                                        offsets, sizes, strides);
}

struct TriangularSolveToLinalg : OpConversionPattern<TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertToStaticTensorTypes(
            *getTypeConverter(),
            {op.getA().getType(), op.getB().getType(), op.getType()}, types)))
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    Value a = adaptor.getA();
    auto aType = cast<RankedTensorType>(types[0]);
    int64_t rank = aType.getRank(), n = aType.getDimSize(rank - 1);
    Type element = aType.getElementType();
    bool left = op.getLeftSide();
    Transpose transpose = op.getTransposeA();
    bool transposed = (transpose != Transpose::NO_TRANSPOSE) != !left;
    bool conjugate = transpose == Transpose::ADJOINT;
    bool forward = op.getLower() != transposed;
    Arith math{rewriter, loc, isa<ComplexType>(element)};

    Value x = left ? adaptor.getB() : swapLastTwo(rewriter, loc, adaptor.getB());
    auto xType = cast<RankedTensorType>(x.getType());
    int64_t batch = rank - 2;
    Value zero = emitScalarConstant(rewriter, loc, element, 0.0);
    Value cN = arith::ConstantIndexOp::create(rewriter, loc, n);
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value lastRow =
        forward ? Value() : arith::ConstantIndexOp::create(rewriter, loc, n - 1);

    auto loop = scf::ForOp::create(
        rewriter, loc, c0, cN, c1, ValueRange{x},
        [&](OpBuilder &b, Location loc, Value step, ValueRange carried) {
          Value solved = carried[0];
          Value i = forward ? step : arith::SubIOp::create(b, loc, lastRow, step);
          // Row i of A over j: a[..., i, j], or a[..., j, i] if transposed.
          Value aRow = sliceAt(b, loc, a, transposed ? rank - 1 : rank - 2, i);
          Value bRow = sliceAt(b, loc, solved, rank - 2, i);
          auto rowType = cast<RankedTensorType>(bRow.getType());

          // Loops (batch..., c, j): out[..., c] -= A[..., i, j] x[..., j, c]
          // over the solved j.
          MLIRContext *context = b.getContext();
          unsigned numLoops = batch + 2;
          SmallVector<int64_t> batchDims =
              llvm::to_vector(llvm::seq<int64_t>(0, batch));
          SmallVector<int64_t> aDims = batchDims, xDims = batchDims,
                               outDims = batchDims;
          aDims.push_back(batch + 1);
          xDims.append({batch + 1, batch});
          outDims.push_back(batch);
          SmallVector<utils::IteratorType> iterators(
              batch + 1, utils::IteratorType::parallel);
          iterators.push_back(utils::IteratorType::reduction);
          auto update = linalg::GenericOp::create(
              b, loc, rowType, ValueRange{aRow, solved}, ValueRange{bRow},
              ArrayRef<AffineMap>{selectDims(context, numLoops, aDims),
                                  selectDims(context, numLoops, xDims),
                                  selectDims(context, numLoops, outDims)},
              iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
                Arith m{nb, nloc, math.complex};
                Value j = linalg::IndexOp::create(nb, nloc, batch + 1);
                Value isSolved = arith::CmpIOp::create(
                    nb, nloc,
                    forward ? arith::CmpIPredicate::ult
                            : arith::CmpIPredicate::ugt,
                    j, i);
                Value product = m.mul(m.conj(args[0], conjugate), args[1]);
                Value term = arith::SelectOp::create(nb, nloc, isSolved,
                                                     product, zero);
                linalg::YieldOp::create(nb, nloc, m.sub(args[2], term));
              });
          Value row = update.getResult(0);
          if (!op.getUnitDiagonal()) {
            // A_ii = a[..., i, i] for every batch.
            Value diagonal = sliceAt(b, loc, sliceAt(b, loc, a, rank - 1, i),
                                     rank - 2, i);
            SmallVector<AffineMap> maps = {
                selectDims(context, batch + 1, batchDims),
                b.getMultiDimIdentityMap(batch + 1),
                b.getMultiDimIdentityMap(batch + 1)};
            row = linalg::GenericOp::create(
                      b, loc, rowType, ValueRange{diagonal, row},
                      ValueRange{emptyTensor(b, loc, rowType)}, maps,
                      SmallVector<utils::IteratorType>(
                          batch + 1, utils::IteratorType::parallel),
                      [&](OpBuilder &nb, Location nloc, ValueRange args) {
                        Arith m{nb, nloc, math.complex};
                        linalg::YieldOp::create(
                            nb, nloc,
                            m.div(args[1], m.conj(args[0], conjugate)));
                      })
                      .getResult(0);
          }
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          offsets[rank - 2] = i;
          SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
          for (int64_t d = 0; d < rank; ++d)
            sizes.push_back(
                b.getIndexAttr(d == rank - 2 ? 1 : xType.getDimSize(d)));
          Value next = tensor::InsertSliceOp::create(b, loc, row, solved,
                                                     offsets, sizes, strides);
          scf::YieldOp::create(b, loc, next);
        });
    Value result = loop.getResult(0);
    if (!left)
      result = swapLastTwo(rewriter, loc, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateTriangularSolveToLinalgPatterns(MLIRContext *context,
                                             const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<TriangularSolveToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
