//===- HLOLinalgOpsMore.cpp - fft, solvers, batch norm, einsum ------------===//
//
// Verifiers and type inference of the Linalg ops other than the
// contractions (HLOLinalgOps.cpp holds those and the generated classes).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h"

#include "HLOVerifyUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::verify_utils;

//===----------------------------------------------------------------------===//
// FftOp
//===----------------------------------------------------------------------===//

static LogicalResult inferFftType(const OpDiag &diag, Type operandType,
                                  FftTypeAttr typeAttr,
                                  DenseI64ArrayAttr lengthAttr,
                                  SmallVectorImpl<Type> &inferred) {
  auto operand = dyn_cast<RankedTensorType>(operandType);
  if (!operand)
    return diag("expects a ranked tensor operand");
  if (!typeAttr || !lengthAttr)
    return diag("requires fft_type and fft_length");
  FftType fftType = typeAttr.getValue();
  StringRef typeName = stringifyFftType(fftType);
  ArrayRef<int64_t> length = lengthAttr.asArrayRef();
  int64_t l = length.size(), rank = operand.getRank();
  if (l < 1 || l > 3)
    return diag("fft_length must have 1 to 3 entries, got ", l, " (C3)");
  for (int64_t v : length)
    if (v < 0)
      return diag("fft_length entries must be non-negative, got ",
                  fmtDims(length));
  if (rank < l)
    return diag("operand rank ", rank, " is less than the size of fft_length ",
                l, " (C1)");
  Type element = operand.getElementType();
  auto complex = dyn_cast<ComplexType>(element);
  SmallVector<int64_t> shape(operand.getShape());
  MutableArrayRef<int64_t> trailing = MutableArrayRef(shape).take_back(l);

  switch (fftType) {
  case FftType::FFT:
  case FftType::IFFT:
    if (!complex)
      return diag(typeName, " requires a complex operand, got ", element,
                  " (C2)");
    inferred.push_back(operand);
    return success();
  case FftType::RFFT: {
    if (!element.isF32() && !element.isF64())
      return diag("RFFT requires an f32 or f64 operand, got ", element,
                  " (C2)");
    for (auto [d, len] : llvm::zip(trailing, length))
      if (!dimsAgree(d, len))
        return diag("the trailing dimensions of the RFFT operand, ",
                    fmtDims(operand.getShape().take_back(l)),
                    ", must equal fft_length ", fmtDims(length), " (C4)");
    int64_t &last = trailing.back();
    if (!isDyn(last))
      last = last == 0 ? 0 : last / 2 + 1;
    inferred.push_back(RankedTensorType::get(shape, ComplexType::get(element)));
    return success();
  }
  case FftType::IRFFT: {
    if (!complex)
      return diag("IRFFT requires a complex operand, got ", element, " (C2)");
    SmallVector<int64_t> expected(length);
    expected.back() = length.back() == 0 ? 0 : length.back() / 2 + 1;
    for (auto [d, e] : llvm::zip(trailing, expected))
      if (!dimsAgree(d, e))
        return diag("the trailing dimensions of the IRFFT operand, ",
                    fmtDims(operand.getShape().take_back(l)), ", must be ",
                    fmtDims(expected), " for fft_length ", fmtDims(length),
                    " (C4, C5)");
    llvm::copy(length, trailing.begin());
    inferred.push_back(
        RankedTensorType::get(shape, complex.getElementType()));
    return success();
  }
  }
  return diag("unknown fft_type");
}

LogicalResult FftOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  return inferFftType(OpDiag{loc, getOperationName()},
                      adaptor.getOperand().getType(),
                      adaptor.getFftTypeAttr(), adaptor.getFftLengthAttr(),
                      inferred);
}

LogicalResult FftOp::verify() {
  SmallVector<Type> inferred;
  return inferFftType(OpDiag{getLoc(), getOperationName()},
                      getOperand().getType(), getFftTypeAttr(),
                      getFftLengthAttr(), inferred);
}

//===----------------------------------------------------------------------===//
// TriangularSolveOp, CholeskyOp
//===----------------------------------------------------------------------===//

static LogicalResult inferTriangularSolveType(const OpDiag &diag, Type aType,
                                              Type bType, BoolAttr leftSide,
                                              SmallVectorImpl<Type> &inferred) {
  auto a = dyn_cast<RankedTensorType>(aType);
  auto b = dyn_cast<RankedTensorType>(bType);
  if (!a || !b)
    return diag("expects ranked tensor operands");
  if (!leftSide)
    return diag("requires attribute 'left_side'");
  if (a.getElementType() != b.getElementType())
    return diag("a and b must have the same element type, got ",
                a.getElementType(), " and ", b.getElementType(), " (C1)");
  int64_t rank = a.getRank();
  if (rank < 2 || b.getRank() != rank)
    return diag("a and b must have the same rank, at least 2, got ", a,
                " and ", b, " (C2)");
  ArrayRef<int64_t> as = a.getShape(), bs = b.getShape();
  for (int64_t i = 0; i < rank - 2; ++i)
    if (!dimsAgree(as[i], bs[i]))
      return diag("batch dimensions of a and b must match, got ",
                  fmtDims(as.drop_back(2)), " and ", fmtDims(bs.drop_back(2)),
                  " (C3)");
  if (!dimsAgree(as[rank - 2], as[rank - 1]))
    return diag("a must be a batch of square matrices, got ", a, " (C3)");
  int64_t n = isDyn(as[rank - 1]) ? as[rank - 2] : as[rank - 1];
  int64_t bDim = leftSide.getValue() ? rank - 2 : rank - 1;
  if (!dimsAgree(n, bs[bDim]))
    return diag("dimension ", bDim, " of b has size ", bs[bDim],
                " but the matrices of a have size ", n, " (C3, left_side = ",
                leftSide.getValue() ? "true" : "false", ")");
  inferred.push_back(b);
  return success();
}

LogicalResult TriangularSolveOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferTriangularSolveType(OpDiag{loc, getOperationName()},
                                  adaptor.getA().getType(),
                                  adaptor.getB().getType(),
                                  adaptor.getLeftSideAttr(), inferred);
}

LogicalResult TriangularSolveOp::verify() {
  OpDiag diag{getLoc(), getOperationName()};
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return diag("transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT");
  SmallVector<Type> inferred;
  return inferTriangularSolveType(diag, getA().getType(), getB().getType(),
                                  getLeftSideAttr(), inferred);
}

static LogicalResult inferCholeskyType(const OpDiag &diag, Type aType,
                                       SmallVectorImpl<Type> &inferred) {
  auto a = dyn_cast<RankedTensorType>(aType);
  if (!a)
    return diag("expects a ranked tensor operand");
  if (a.getRank() < 2)
    return diag("a must have rank at least 2, got ", a, " (C2)");
  ArrayRef<int64_t> s = a.getShape();
  if (!dimsAgree(s[s.size() - 2], s.back()))
    return diag("a must be a batch of square matrices, got ", a, " (C3)");
  inferred.push_back(a);
  return success();
}

LogicalResult CholeskyOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  return inferCholeskyType(OpDiag{loc, getOperationName()},
                           adaptor.getA().getType(), inferred);
}

LogicalResult CholeskyOp::verify() {
  SmallVector<Type> inferred;
  return inferCholeskyType(OpDiag{getLoc(), getOperationName()},
                           getA().getType(), inferred);
}

//===----------------------------------------------------------------------===//
// Batch norm
//===----------------------------------------------------------------------===//

/// Checks feature_index (C1) and that each 1-D operand has the operand's
/// element type (C2) and the feature dimension's size; sets `features` to
/// that size.
static LogicalResult
checkBatchNorm(const OpDiag &diag, Type operandType, IntegerAttr featureIndex,
               ArrayRef<std::pair<StringRef, Type>> vectors,
               ArrayRef<StringRef> sizeRules, int64_t &features) {
  auto operand = dyn_cast<RankedTensorType>(operandType);
  if (!operand)
    return diag("expects a ranked tensor operand");
  if (!featureIndex)
    return diag("requires attribute 'feature_index'");
  int64_t fi = featureIndex.getInt();
  if (fi < 0 || fi >= operand.getRank())
    return diag("feature_index ", fi, " is out of range [0, ",
                operand.getRank(), ") (C1)");
  features = operand.getDimSize(fi);
  for (auto [i, entry] : llvm::enumerate(vectors)) {
    auto [name, type] = entry;
    auto vec = dyn_cast<RankedTensorType>(type);
    if (!vec || vec.getRank() != 1)
      return diag(name, " must be a 1-dimensional tensor, got ", type);
    if (vec.getElementType() != operand.getElementType())
      return diag(name, " must have the element type of operand, ",
                  operand.getElementType(), ", got ", vec.getElementType(),
                  " (C2)");
    if (!dimsAgree(vec.getDimSize(0), features))
      return diag("the size of ", name, ", ", vec.getDimSize(0),
                  ", must be the size of operand dimension ", fi, ", ",
                  features, " (", sizeRules[std::min(i, sizeRules.size() - 1)],
                  ")");
  }
  return success();
}

static RankedTensorType featureVectorType(Type operandType, int64_t features) {
  return RankedTensorType::get(
      {features}, cast<RankedTensorType>(operandType).getElementType());
}

LogicalResult BatchNormGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  OpDiag diag{loc, getOperationName()};
  Type operand = adaptor.getOperand().getType();
  int64_t features;
  if (failed(checkBatchNorm(diag, operand, adaptor.getFeatureIndexAttr(),
                            {{"scale", adaptor.getScale().getType()},
                             {"mean", adaptor.getMean().getType()},
                             {"variance", adaptor.getVariance().getType()}},
                            {"C4, C5"}, features)))
    return failure();
  Type grad = adaptor.getGradOutput().getType();
  if (!isCompatibleForHloTypeInference(grad, operand))
    return diag("grad_output must have the type of operand, ", operand,
                ", got ", grad, " (C2, C3)");
  inferred.push_back(operand);
  inferred.push_back(featureVectorType(operand, features));
  inferred.push_back(featureVectorType(operand, features));
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  SmallVector<Type> inferred;
  return inferReturnTypes(getContext(), getLoc(), Adaptor(*this), inferred);
}

LogicalResult BatchNormInferenceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  Type operand = adaptor.getOperand().getType();
  int64_t features;
  if (failed(checkBatchNorm(OpDiag{loc, getOperationName()}, operand,
                            adaptor.getFeatureIndexAttr(),
                            {{"scale", adaptor.getScale().getType()},
                             {"offset", adaptor.getOffset().getType()},
                             {"mean", adaptor.getMean().getType()},
                             {"variance", adaptor.getVariance().getType()}},
                            {"C3", "C4", "C5", "C6"}, features)))
    return failure();
  inferred.push_back(operand);
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  SmallVector<Type> inferred;
  return inferReturnTypes(getContext(), getLoc(), Adaptor(*this), inferred);
}

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  Type operand = adaptor.getOperand().getType();
  int64_t features;
  if (failed(checkBatchNorm(OpDiag{loc, getOperationName()}, operand,
                            adaptor.getFeatureIndexAttr(),
                            {{"scale", adaptor.getScale().getType()},
                             {"offset", adaptor.getOffset().getType()}},
                            {"C3", "C4"}, features)))
    return failure();
  inferred.push_back(operand);
  inferred.push_back(featureVectorType(operand, features));
  inferred.push_back(featureVectorType(operand, features));
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  SmallVector<Type> inferred;
  return inferReturnTypes(getContext(), getLoc(), Adaptor(*this), inferred);
}

//===----------------------------------------------------------------------===//
// EinsumOp, UnaryEinsumOp
//===----------------------------------------------------------------------===//

/// Checks `config` ("ab,bc->ac") against the operand and result types: one
/// term per operand with one label per dimension, consistent sizes for
/// repeated labels, and an output term naming distinct input labels that
/// gives the result shape. Configs with ellipses are only checked for their
/// structure.
static LogicalResult verifyEinsumConfig(const OpDiag &diag, StringRef config,
                                        TypeRange inputs, Type resultType) {
  size_t arrow = config.find("->");
  if (arrow == StringRef::npos)
    return diag("einsum_config \"", config,
                "\" must have the form \"inputs->output\"");
  StringRef in = config.take_front(arrow), out = config.drop_front(arrow + 2);
  if (out.contains("->"))
    return diag("einsum_config \"", config, "\" has more than one '->'");
  SmallVector<StringRef> terms;
  in.split(terms, ',');
  if (terms.size() != inputs.size())
    return diag("einsum_config \"", config, "\" has ", terms.size(),
                " input terms but the op has ", inputs.size(), " operands");
  if (config.contains("..."))
    return success();

  llvm::SmallDenseMap<char, int64_t> sizes;
  for (auto [i, term, type] : llvm::enumerate(terms, inputs)) {
    auto tensor = cast<RankedTensorType>(type);
    if ((int64_t)term.size() != tensor.getRank())
      return diag("einsum_config term \"", term, "\" has ", term.size(),
                  " labels but operand #", i, " has rank ", tensor.getRank());
    for (auto [label, size] : llvm::zip(term, tensor.getShape())) {
      if (!llvm::isAlpha(label))
        return diag("einsum_config labels must be letters, got '", label,
                    "' in \"", config, "\"");
      auto [it, inserted] = sizes.try_emplace(label, size);
      if (!inserted && !dimsAgree(it->second, size))
        return diag("einsum_config label '", label, "' has size ", size,
                    " in operand #", i, " but size ", it->second,
                    " elsewhere");
      if (isDyn(it->second))
        it->second = size;
    }
  }
  auto result = cast<RankedTensorType>(resultType);
  if ((int64_t)out.size() != result.getRank())
    return diag("einsum_config output \"", out, "\" has ", out.size(),
                " labels but the result has rank ", result.getRank());
  llvm::SmallDenseSet<char> seen;
  for (auto [label, size] : llvm::zip(out, result.getShape())) {
    if (!seen.insert(label).second)
      return diag("einsum_config output label '", label,
                  "' appears more than once");
    auto it = sizes.find(label);
    if (it == sizes.end())
      return diag("einsum_config output label '", label,
                  "' does not appear in any input");
    if (!dimsAgree(it->second, size))
      return diag("result dimension labeled '", label, "' has size ", size,
                  " but the inputs give it size ", it->second);
  }
  return success();
}

LogicalResult EinsumOp::verify() {
  return verifyEinsumConfig(OpDiag{getLoc(), getOperationName()},
                            getEinsumConfig(), (*this)->getOperandTypes(), getType());
}

LogicalResult UnaryEinsumOp::verify() {
  return verifyEinsumConfig(OpDiag{getLoc(), getOperationName()},
                            getEinsumConfig(), (*this)->getOperandTypes(), getType());
}
