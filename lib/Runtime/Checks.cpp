//===- Checks.cpp - run-time evaluation of check ops ----------------------===//
//
// Operands arrive as unranked memrefs: a rank and a pointer to the ranked
// descriptor {allocated, aligned, offset, sizes[rank], strides[rank]}. The
// descriptor layout does not depend on the element type, so the dtype code
// alone says how to read elements.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/ABI/CheckABI.h"
#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/Runtime/ScalarFormat.h"

#include "xla-mlir/Runtime/Elements.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

using namespace xla::runtime;
using namespace xla::runtime::detail;

static thread_local CheckReport *activeReport = nullptr;

CheckReportScope::CheckReportScope(CheckReport *report)
    : previous(activeReport) {
  activeReport = report;
}

CheckReportScope::~CheckReportScope() { activeReport = previous; }

namespace {

/// A strided view of a memref operand.
struct View {
  const char *aligned;
  int64_t offset;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;

  View(int64_t rank, void *descriptor) {
    auto *pointers = static_cast<char **>(descriptor);
    aligned = pointers[1];
    auto *integers = reinterpret_cast<int64_t *>(pointers + 2);
    offset = integers[0];
    sizes.assign(integers + 1, integers + 1 + rank);
    strides.assign(integers + 1 + rank, integers + 1 + 2 * rank);
  }

  const char *at(const std::vector<int64_t> &index, size_t width) const {
    int64_t linear = offset;
    for (size_t d = 0; d < index.size(); ++d)
      linear += index[d] * strides[d];
    return aligned + linear * width;
  }
};

constexpr uint64_t kInfiniteUlp = std::numeric_limits<uint64_t>::max();

/// The almost-equal rule for one float component.
bool isAlmostEqual(double a, double b, double tolerance) {
  if (a == b)
    return true;
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return false;
  return std::fabs(a - b) <= tolerance;
}

/// ULP distance between two float components of type `type`, or
/// kInfiniteUlp.
uint64_t getUlpDistance(const char *a, const char *b, DType dtype,
                        unsigned part) {
  uint64_t bitsA = readFloatBits(a, dtype, part);
  uint64_t bitsB = readFloatBits(b, dtype, part);
  if (bitsA == bitsB)
    return 0;
  double valueA = readFloat(a, dtype, part), valueB = readFloat(b, dtype, part);
  if (std::isnan(valueA) && std::isnan(valueB))
    return 0;
  if (!std::isfinite(valueA) || !std::isfinite(valueB))
    return kInfiniteUlp;
  unsigned bits = 8 * getByteWidth(getComponentType(dtype));
  uint64_t signBit = uint64_t(1) << (bits - 1);
  uint64_t magnitudeA = bitsA & ~signBit, magnitudeB = bitsB & ~signBit;
  if ((bitsA & signBit) != (bitsB & signBit))
    return magnitudeA + magnitudeB;
  return magnitudeA > magnitudeB ? magnitudeA - magnitudeB
                                 : magnitudeB - magnitudeA;
}

/// Compares one element pair; returns whether it passes and updates the
/// error statistics.
struct ElementComparison {
  bool passed;
  double absError; // NaN when not defined
  uint64_t ulp;    // expect_close only
};

ElementComparison compareIntegers(const char *a, const char *b, DType dtype) {
  if (isUnsigned(dtype)) {
    uint64_t x = readUnsigned(a, dtype), y = readUnsigned(b, dtype);
    return {x == y, x > y ? double(x - y) : double(y - x), 0};
  }
  int64_t x = readSigned(a, dtype), y = readSigned(b, dtype);
  double error = std::fabs(double(x) - double(y));
  return {x == y, error, 0};
}

ElementComparison compare(const char *a, const char *b, DType dtype,
                          CheckKind kind, double tolerance, int64_t minUlp,
                          int64_t maxUlp) {
  if (!isFloat(dtype) && !isComplex(dtype))
    return compareIntegers(a, b, dtype);
  unsigned parts = isComplex(dtype) ? 2 : 1;
  bool passed = true;
  // Only pairs of finite components have an error.
  double absError = std::numeric_limits<double>::quiet_NaN();
  uint64_t ulp = 0;
  for (unsigned part = 0; part < parts; ++part) {
    double x = readFloat(a, dtype, part), y = readFloat(b, dtype, part);
    if (std::isfinite(x) && std::isfinite(y))
      absError = std::max(std::isnan(absError) ? 0.0 : absError,
                          std::fabs(x - y));
    switch (kind) {
    case CheckKind::Eq:
      passed &= x == y;
      break;
    case CheckKind::AlmostEq:
      passed &= isAlmostEqual(x, y, tolerance);
      break;
    default:
      ulp = std::max(ulp, getUlpDistance(a, b, dtype, part));
      break;
    }
  }
  if (kind == CheckKind::Close)
    passed = ulp != kInfiniteUlp && ulp >= static_cast<uint64_t>(minUlp) &&
             ulp <= static_cast<uint64_t>(maxUlp);
  return {passed, absError, ulp};
}

std::string describeCheck(CheckKind kind, double tolerance, int64_t minUlp,
                          int64_t maxUlp) {
  switch (kind) {
  case CheckKind::Eq:
    return "check.expect_eq";
  case CheckKind::AlmostEq:
    return "check.expect_almost_eq (tolerance " + formatDouble(tolerance) + ")";
  case CheckKind::Close:
    return "check.expect_close (ULP distance in [" + std::to_string(minUlp) +
           ", " + std::to_string(maxUlp) + "])";
  case CheckKind::Skipped:
    return "check.expect_serialized_eq";
  }
  return "check";
}

void record(CheckFailure failure) {
  if (activeReport) {
    activeReport->failures.push_back(std::move(failure));
    return;
  }
  std::fprintf(stderr, "%s\n", failure.str().c_str());
}

} // namespace

namespace {
/// "1, 2, 3".
std::string joinComma(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}
} // namespace

std::string CheckFailure::str() const {
  std::ostringstream os;
  os << location << ": error: " << check << " failed";
  if (!shapeMismatch.empty()) {
    os << ": " << shapeMismatch;
    return os.str();
  }
  os << ": " << numMismatches << " of " << numElements << " element"
     << (numElements == 1 ? "" : "s") << (numMismatches == 1 ? " differs\n" : " differ\n");
  os << "  first mismatch at index [" << joinComma(firstBadIndex)
     << "]: actual " << actual << ", expected " << expected;
  if (isUlpCheck) {
    os << " (ULP distance ";
    if (firstBadUlpDistance)
      os << *firstBadUlpDistance;
    else
      os << "infinite";
    os << ")";
  }
  os << "\n  max abs error: "
     << (maxAbsError ? formatDouble(*maxAbsError)
                     : std::string("none (no pair of finite values)"));
  return os.str();
}

void xla::runtime::runtimeCheck(int32_t kindCode, int32_t dtypeCode,
                                int64_t actualRank, void *actualDescriptor,
                                int64_t expectedRank,
                                void *expectedDescriptor, double tolerance,
                                int64_t minUlp, int64_t maxUlp,
                                const char *location) {
  CheckFailure failure;
  failure.location = location ? location : "<unknown>";
  if (kindCode < 0 || kindCode > kMaxCheckKindCode || dtypeCode < 0 ||
      dtypeCode > kMaxDTypeCode) {
    failure.check = "check";
    failure.shapeMismatch = "invalid check call (kind " +
                            std::to_string(kindCode) + ", element type " +
                            std::to_string(dtypeCode) + ")";
    return record(std::move(failure));
  }
  auto kind = static_cast<CheckKind>(kindCode);
  auto dtype = static_cast<DType>(dtypeCode);
  if (activeReport)
    ++activeReport->numChecks;
  if (kind == CheckKind::Skipped) {
    if (activeReport)
      activeReport->skipped.push_back(failure.location);
    return;
  }
  failure.check = describeCheck(kind, tolerance, minUlp, maxUlp);
  failure.isUlpCheck = kind == CheckKind::Close;

  View actual(actualRank, actualDescriptor);
  View expected(expectedRank, expectedDescriptor);
  if (actual.sizes != expected.sizes) {
    failure.shapeMismatch = "shapes differ: actual [" +
                            joinComma(actual.sizes) + "], expected [" +
                            joinComma(expected.sizes) + "]";
    return record(std::move(failure));
  }

  size_t width = getByteWidth(dtype);
  std::vector<int64_t> index(actualRank, 0);
  int64_t count = 1;
  for (int64_t size : actual.sizes)
    count *= size;
  failure.numElements = count;
  for (int64_t n = 0; n < count; ++n) {
    const char *a = actual.at(index, width);
    const char *b = expected.at(index, width);
    ElementComparison result =
        compare(a, b, dtype, kind, tolerance, minUlp, maxUlp);
    if (!std::isnan(result.absError))
      failure.maxAbsError =
          std::max(failure.maxAbsError.value_or(0.0), result.absError);
    if (!result.passed && failure.numMismatches++ == 0) {
      failure.firstBadIndex = index;
      failure.actual = formatScalar(a, dtype);
      failure.expected = formatScalar(b, dtype);
      if (result.ulp != kInfiniteUlp)
        failure.firstBadUlpDistance = result.ulp;
    }
    // Row-major increment of the multi-index.
    for (int64_t d = actualRank - 1; d >= 0; --d) {
      if (++index[d] < actual.sizes[d])
        break;
      index[d] = 0;
    }
  }
  if (failure.numMismatches)
    record(std::move(failure));
}
