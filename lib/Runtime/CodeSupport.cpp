//===- CodeSupport.cpp - functions compiled code calls by name ------------===//

#include "xla-mlir/Runtime/CodeSupport.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace xla::runtime;

void xla::runtime::memrefCopy(int64_t elementSize, const int64_t *src,
                              const int64_t *dst) {
  int64_t rank = src[0];
  struct View {
    char *data;
    const int64_t *sizes, *strides;
  };
  auto view = [&](const int64_t *unranked) {
    auto *ranked = reinterpret_cast<const int64_t *>(unranked[1]);
    auto *aligned = reinterpret_cast<char *>(ranked[1]);
    return View{aligned + ranked[2] * elementSize, ranked + 3,
                ranked + 3 + rank};
  };
  View from = view(src), to = view(dst);
  for (int64_t d = 0; d < rank; ++d)
    if (from.sizes[d] == 0)
      return;
  if (rank == 0) {
    std::memcpy(to.data, from.data, elementSize);
    return;
  }
  // Runs of the innermost dimension that are contiguous in both are one
  // memcpy each.
  int64_t inner = rank - 1;
  int64_t run = from.strides[inner] == 1 && to.strides[inner] == 1
                    ? from.sizes[inner]
                    : 1;
  std::vector<int64_t> index(rank, 0);
  while (true) {
    int64_t fromOffset = 0, toOffset = 0;
    for (int64_t d = 0; d < rank; ++d) {
      fromOffset += index[d] * from.strides[d];
      toOffset += index[d] * to.strides[d];
    }
    std::memcpy(to.data + toOffset * elementSize,
                from.data + fromOffset * elementSize, run * elementSize);
    // The next index, odometer-wise; the innermost dimension advances by
    // the run.
    int64_t d = inner;
    index[d] += run;
    while (index[d] >= from.sizes[d]) {
      index[d] = 0;
      if (d == 0)
        return;
      ++index[--d];
    }
  }
}

namespace {

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

__bf16 bf16FromBits(uint16_t bits) {
  __bf16 value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// f32 to bf16, rounding to nearest even; a NaN stays a (quiet) NaN.
__bf16 truncateF32(float value) {
  uint32_t bits = bitsOf(value);
  if (std::isnan(value))
    return bf16FromBits(static_cast<uint16_t>((bits >> 16) | 0x40));
  bits += 0x7fff + ((bits >> 16) & 1);
  return bf16FromBits(static_cast<uint16_t>(bits >> 16));
}

/// f64 to bf16 in one rounding: to f32 rounding to odd first (toward zero,
/// then the last bit set if anything was dropped), whose 16 extra bits keep
/// the second rounding, to nearest even, exact.
__bf16 truncateF64(double value) {
  if (std::isnan(value))
    return truncateF32(static_cast<float>(value));
  float narrowed = static_cast<float>(value);
  if (static_cast<double>(narrowed) != value) {
    uint32_t bits = bitsOf(narrowed);
    // Rounded away from zero (or to infinity): one step back toward it.
    if (std::fabs(static_cast<double>(narrowed)) > std::fabs(value))
      --bits;
    bits |= 1;
    std::memcpy(&narrowed, &bits, sizeof(narrowed));
  }
  return truncateF32(narrowed);
}

} // namespace

const CodeSupportSymbol xla::runtime::kCodeSupportSymbols[] = {
    {"memrefCopy", reinterpret_cast<void *>(&memrefCopy)},
    {"__truncsfbf2", reinterpret_cast<void *>(&truncateF32)},
    {"__truncdfbf2", reinterpret_cast<void *>(&truncateF64)},
};
const size_t xla::runtime::kNumCodeSupportSymbols =
    sizeof(kCodeSupportSymbols) / sizeof(kCodeSupportSymbols[0]);
