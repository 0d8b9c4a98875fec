//===- RandomInputs.cpp - deterministic test inputs -----------------------===//

#include "xla-mlir/ToolSupport/RandomInputs.h"

#include "xla-mlir/Runtime/Elements.h"

#include <algorithm>

using namespace xla::runtime;
using namespace xla::tools;

namespace {

constexpr uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ull;

/// SplitMix64's output function: a bijective 64-bit mixer.
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and fully specified.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t state) : state(state) {}

  uint64_t next() { return mix(state += kGoldenGamma); }

  /// Uniform in [-1, 1) with 53 random bits.
  double nextSigned() {
    return static_cast<double>(next() >> 11) * 0x1.0p-52 - 1.0;
  }

  /// Uniform integer in [lo, hi].
  int64_t nextInRange(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }

private:
  uint64_t state;
};

} // namespace

llvm::Expected<HostBuffer> xla::tools::generateInput(const TensorSpec &spec,
                                                     uint64_t seed,
                                                     unsigned argIndex) {
  runtime::StatusOr<HostBuffer> created =
      HostBuffer::create(spec, /*zeroed=*/false);
  if (!created.ok())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "input %u: %s", argIndex,
                                   created.getStatus().message().c_str());
  HostBuffer buffer = std::move(*created);
  // Hash (seed, index) into the starting state: states that differ by a
  // multiple of the increment would give overlapping streams.
  SplitMix64 rng(mix(mix(seed) + argIndex));
  DType dtype = spec.dtype;
  size_t width = getByteWidth(dtype);
  char *data = buffer.data<char>();
  int64_t lo = 0, hi = 0;
  if (unsigned bits = getIntegerBitWidth(dtype); bits > 1 && bits < 64) {
    int64_t typeMin = isUnsigned(dtype) ? 0 : -(int64_t(1) << (bits - 1));
    int64_t typeMax = isUnsigned(dtype) ? (int64_t(1) << bits) - 1
                                        : (int64_t(1) << (bits - 1)) - 1;
    lo = std::max<int64_t>(isUnsigned(dtype) ? 0 : -10, typeMin);
    hi = std::min<int64_t>(10, typeMax);
  } else if (bits == 64) {
    lo = isUnsigned(dtype) ? 0 : -10;
    hi = 10;
  }
  for (int64_t i = 0, e = spec.getNumElements(); i < e; ++i) {
    char *element = data + i * width;
    if (dtype == DType::I1) {
      detail::writeInteger(element, dtype, rng.next() >> 63);
    } else if (isFloat(dtype)) {
      detail::writeFloat(element, dtype, rng.nextSigned());
    } else if (isComplex(dtype)) {
      detail::writeFloat(element, dtype, rng.nextSigned(), 0);
      detail::writeFloat(element, dtype, rng.nextSigned(), 1);
    } else {
      detail::writeInteger(element, dtype, rng.nextInRange(lo, hi));
    }
  }
  return std::move(buffer);
}
