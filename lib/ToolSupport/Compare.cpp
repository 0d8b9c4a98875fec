//===- Compare.cpp - compare outputs with expected arrays -----------------===//

#include "xla-mlir/ToolSupport/Compare.h"
#include "xla-mlir/ToolSupport/Format.h"

#include "xla-mlir/Runtime/Elements.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace xla::runtime;
using namespace xla::tools;
using namespace xla::runtime::detail;

static bool isClose(double a, double e, double rtol, double atol) {
  if (std::isnan(a) || std::isnan(e))
    return std::isnan(a) && std::isnan(e);
  if (std::isinf(a) || std::isinf(e))
    return a == e;
  return std::fabs(a - e) <= atol + rtol * std::fabs(e);
}

/// Row-major multi-index of linear index `i`.
static llvm::SmallVector<int64_t> unravel(int64_t i,
                                          llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = shape[d] ? i % shape[d] : 0;
    i = shape[d] ? i / shape[d] : 0;
  }
  return index;
}

Comparison xla::tools::compareAllClose(const HostBuffer &actual,
                                         const HostBuffer &expected,
                                         double rtol, double atol) {
  Comparison result;
  DType dtype = actual.getDType(), expectedType = expected.getDType();
  bool bf16AsF32 = dtype == DType::BF16 && expectedType == DType::F32;
  if (actual.getShape() != expected.getShape() ||
      (dtype != expectedType && !bf16AsF32)) {
    result.matches = false;
    result.message = "expected " + expected.getSpec().str() + ", got " +
                     actual.getSpec().str();
    return result;
  }
  size_t width = getByteWidth(dtype), expectedWidth = getByteWidth(expectedType);
  const char *a = actual.data<char>(), *e = expected.data<char>();
  int64_t firstBad = -1;
  for (int64_t i = 0, n = actual.getNumElements(); i < n; ++i) {
    const char *x = a + i * width, *y = e + i * expectedWidth;
    bool close = true;
    if (isFloat(dtype) || isComplex(dtype)) {
      for (unsigned part = 0; part < (isComplex(dtype) ? 2u : 1u); ++part) {
        double u = readFloat(x, dtype, part), v = readFloat(y, expectedType, part);
        close &= isClose(u, v, rtol, atol);
        if (std::isfinite(u) && std::isfinite(v))
          result.maxAbsError = std::max(result.maxAbsError, std::fabs(u - v));
      }
    } else if (isUnsigned(dtype)) {
      uint64_t u = readUnsigned(x, dtype), v = readUnsigned(y, dtype);
      close = u == v;
      result.maxAbsError =
          std::max(result.maxAbsError, u > v ? double(u - v) : double(v - u));
    } else {
      int64_t u = readSigned(x, dtype), v = readSigned(y, dtype);
      close = u == v;
      result.maxAbsError =
          std::max(result.maxAbsError, std::fabs(double(u) - double(v)));
    }
    if (!close && result.numMismatches++ == 0)
      firstBad = i;
  }
  if (!result.numMismatches)
    return result;
  result.matches = false;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << result.numMismatches << " of " << actual.getNumElements()
     << " elements differ beyond atol + rtol * |expected| (atol "
     << formatDouble(atol) << ", rtol " << formatDouble(rtol)
     << "); first at index [";
  llvm::interleaveComma(unravel(firstBad, actual.getShape()), os);
  os << "]: actual " << formatScalar(a + firstBad * width, dtype)
     << ", expected " << formatScalar(e + firstBad * expectedWidth, expectedType)
     << "; max abs error " << formatDouble(result.maxAbsError);
  result.message = text;
  return result;
}
