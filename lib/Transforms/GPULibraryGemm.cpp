//===- GPULibraryGemm.cpp - contractions as cuBLAS calls ------------------===//
//
// A contraction that is a (batched) matrix product of dense f32 or f64
// matrices becomes a host call of the runtime's GEMM (ABI/GPUABI.h), which
// runs cuBLAS's strided batched GEMM on the program's stream. cuBLAS is
// column-major: a row-major C = A B is computed as C^T = B^T A^T, which is
// the same memory. Each of the four roles (batch, m, n, k) may be several
// loops as long as they collapse to one stride in every operand.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/ABI/GPUABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include <limits>

using namespace mlir;
using namespace xla::gpu_kernels;

/// The stride of a role whose loops are all of size 1: any will do.
static constexpr int64_t kAnyStride = -1;

static bool unitStride(int64_t stride) {
  return stride == 1 || stride == kAnyStride;
}

/// The one stride of `loops` (several loops of one role) in `operand`, if
/// they collapse: each loop's stride is the next one's times its size.
/// Zero if `operand` does not depend on them (a broadcast batch).
static std::optional<int64_t> roleStride(linalg::LinalgOp op,
                                         OpOperand &operand,
                                         ArrayRef<unsigned> loops,
                                         ArrayRef<int64_t> sizes) {
  auto type = cast<MemRefType>(operand.get().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamicShape(strides))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  // Loops of size 1 index nothing.
  SmallVector<int64_t> present;
  int64_t absent = 0;
  for (unsigned d : loops) {
    if (sizes[d] == 1)
      continue;
    std::optional<unsigned> position =
        map.getResultPosition(getAffineDimExpr(d, op.getContext()));
    if (!position) {
      ++absent;
      continue;
    }
    present.push_back(d);
    if (present.size() > 1) {
      unsigned prev = *map.getResultPosition(
          getAffineDimExpr(present[present.size() - 2], op.getContext()));
      if (strides[prev] != strides[*position] * sizes[d])
        return std::nullopt;
    }
  }
  if (present.empty())
    return absent ? int64_t(0) : kAnyStride;
  if (absent)
    return std::nullopt;
  return strides[*map.getResultPosition(
      getAffineDimExpr(present.back(), op.getContext()))];
}

namespace {

/// A `rows` x `cols` matrix whose elements are `rowStride` and `colStride`
/// apart, as cuBLAS sees it: a column-major matrix (op N) or the transpose
/// of one (op T), with its leading dimension.
struct MatrixView {
  bool transposed;
  int64_t ld;
};

} // namespace

static std::optional<MatrixView> viewOf(int64_t rows, int64_t cols,
                                        int64_t rowStride, int64_t colStride) {
  // cuBLAS wants ld >= the stored matrix's rows (at least 1).
  if (unitStride(rowStride) &&
      (colStride == kAnyStride || colStride >= std::max<int64_t>(rows, 1)))
    return MatrixView{false, colStride == kAnyStride
                                 ? std::max<int64_t>(rows, 1)
                                 : colStride};
  if (unitStride(colStride) &&
      (rowStride == kAnyStride || rowStride >= std::max<int64_t>(cols, 1)))
    return MatrixView{true, rowStride == kAnyStride
                                ? std::max<int64_t>(cols, 1)
                                : rowStride};
  return std::nullopt;
}

FailureOr<LibraryGemm> xla::gpu_kernels::matchLibraryGemm(
    linalg::LinalgOp op, const linalg::ContractionDimensions &dims) {
  // Exactly acc + a * b on one float type (no casts, no fused producer).
  Type element = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  if (!element.isF32() && !element.isF64())
    return failure();
  for (Value operand : op->getOperands())
    if (getElementTypeOrSelf(operand) != element)
      return failure();
  Block *body = op.getBlock();
  if (body->getOperations().size() != 3)
    return failure();
  auto mul = dyn_cast<arith::MulFOp>(body->front());
  auto add = dyn_cast<arith::AddFOp>(*std::next(body->begin()));
  if (!mul || !add)
    return failure();
  Value acc = body->getArgument(2);
  if (!((add.getLhs() == acc && add.getRhs() == mul) ||
        (add.getRhs() == acc && add.getLhs() == mul)))
    return failure();
  SmallVector<Value> factors = {mul.getLhs(), mul.getRhs()};
  if (!llvm::is_contained(factors, body->getArgument(0)) ||
      !llvm::is_contained(factors, body->getArgument(1)))
    return failure();

  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  auto product = [&](ArrayRef<unsigned> loops) {
    int64_t result = 1;
    for (unsigned d : loops)
      result *= sizes[d];
    return result;
  };
  OpOperand &a = *op.getDpsInputOperand(0), &b = *op.getDpsInputOperand(1),
            &c = *op.getDpsInitOperand(0);
  auto stride = [&](OpOperand &operand, ArrayRef<unsigned> loops) {
    return roleStride(op, operand, loops, sizes);
  };
  std::optional<int64_t> aBatch = stride(a, dims.batch),
                         aM = stride(a, dims.m), aK = stride(a, dims.k),
                         bBatch = stride(b, dims.batch),
                         bK = stride(b, dims.k), bN = stride(b, dims.n),
                         cBatch = stride(c, dims.batch),
                         cM = stride(c, dims.m), cN = stride(c, dims.n);
  for (const std::optional<int64_t> &s :
       {aBatch, aM, aK, bBatch, bK, bN, cBatch, cM, cN})
    if (!s)
      return failure();
  // Every batch writes its own output matrix.
  if (product(dims.batch) > 1 && *cBatch == 0)
    return failure();

  // cuBLAS computes D = op(X) op(Y) with D column-major: D is C itself
  // (rows m, X = A) unless C's n stride is 1, when it is C^T (rows n,
  // X = B^T, Y = A^T).
  struct Side {
    Value buffer;
    int64_t size, stride, kStride, batchStride;
  };
  Side rows{a.get(), product(dims.m), *aM, *aK, *aBatch};
  Side cols{b.get(), product(dims.n), *bN, *bK, *bBatch};
  int64_t rowStride = *cM, colStride = *cN;
  if (unitStride(colStride)) {
    std::swap(rows, cols);
    std::swap(rowStride, colStride);
  }
  int64_t k = product(dims.k);
  std::optional<MatrixView> d = viewOf(rows.size, cols.size, rowStride,
                                       colStride),
                            x = viewOf(rows.size, k, rows.stride,
                                       rows.kStride),
                            y = viewOf(k, cols.size, cols.kStride,
                                       cols.stride);
  if (!x || !y || !d || d->transposed)
    return failure();
  LibraryGemm gemm;
  gemm.batch = product(dims.batch);
  gemm.m = rows.size;
  gemm.n = cols.size;
  gemm.x = rows.buffer;
  gemm.y = cols.buffer;
  gemm.strideX = rows.batchStride;
  gemm.strideY = cols.batchStride;
  gemm.k = k;
  gemm.transX = x->transposed;
  gemm.transY = y->transposed;
  gemm.ldx = x->ld;
  gemm.ldy = y->ld;
  gemm.ldd = d->ld;
  gemm.d = c.get();
  gemm.strideD = *cBatch;
  for (int64_t *s : {&gemm.strideX, &gemm.strideY, &gemm.strideD})
    if (*s == kAnyStride)
      *s = 0;
  // cuBLAS takes sizes and leading dimensions as int.
  constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
  for (int64_t v : {gemm.m, gemm.n, gemm.k, gemm.batch, gemm.ldx, gemm.ldy,
                    gemm.ldd})
    if (v > kIntMax)
      return failure();
  if (gemm.m == 0 || gemm.n == 0)
    return failure();
  return gemm;
}

/// The device address of `memref`'s first element, as i64.
static Value firstElementAddress(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, type.getElementTypeBitWidth() / 8);
  Value offset = arith::MulIOp::create(b, loc, metadata.getOffset(), bytes);
  Value address = arith::AddIOp::create(b, loc, base, offset);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
}

void xla::gpu_kernels::emitLibraryGemm(OpBuilder &b, linalg::LinalgOp op,
                                       const LibraryGemm &gemm,
                                       StringRef name) {
  // A zero fill of the output right before becomes beta = 0.
  linalg::FillOp fill = wholeOutputFills(op)[0];
  bool accumulate = true;
  if (fill && matchPattern(fill.getInputs()[0], m_AnyZeroFloat())) {
    fill.erase();
    accumulate = false;
  }
  Location loc = op.getLoc();
  auto module = op->getParentOfType<ModuleOp>();
  b.setInsertionPoint(op);
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, i64, value);
  };
  Type element = getElementTypeOrSelf(gemm.d);
  auto dtype = element.isF64() ? xla::runtime::DType::F64
                               : xla::runtime::DType::F32;
  SmallVector<Value> args = {
      // Kernel names are unique in the module (nextKernelName).
      LLVM::createGlobalString(loc, b, (name + "_name").str(),
                               (name + StringRef("\0", 1)).str(),
                               LLVM::Linkage::Internal),
      constant(static_cast<int64_t>(dtype)),
      constant(gemm.transX),
      constant(gemm.transY),
      constant(gemm.m),
      constant(gemm.n),
      constant(gemm.k),
      constant(gemm.batch),
      firstElementAddress(b, loc, gemm.x),
      constant(gemm.ldx),
      constant(gemm.strideX),
      firstElementAddress(b, loc, gemm.y),
      constant(gemm.ldy),
      constant(gemm.strideY),
      firstElementAddress(b, loc, gemm.d),
      constant(gemm.ldd),
      constant(gemm.strideD),
      constant(accumulate)};
  SmallVector<Type> types;
  for (Value arg : args)
    types.push_back(arg.getType());
  auto function = module.lookupSymbol<func::FuncOp>(
      xla::runtime::kGPUGemmSymbol);
  if (!function) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    function = func::FuncOp::create(b, loc, xla::runtime::kGPUGemmSymbol,
                                    b.getFunctionType(types, {}));
    function.setPrivate();
  }
  func::CallOp::create(b, loc, function, args);
  op->erase();
}
