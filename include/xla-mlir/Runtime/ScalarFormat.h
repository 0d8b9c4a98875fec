//===- ScalarFormat.h - print numbers the way NumPy does ----------*- C++ -*-===//
//
// The runtime prints the values of failed checks as NumPy prints scalars;
// the tool-support library prints whole arrays (ToolSupport/Format.h) on
// top of FloatLayout, NumPy's shared layout for the floats of one array.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_SCALARFORMAT_H
#define XLA_MLIR_RUNTIME_SCALARFORMAT_H

#include "xla-mlir/ABI/DType.h"

#include <string>
#include <vector>

namespace xla::runtime {

namespace detail {

constexpr int kPrecision = 8;

/// What NumPy's Dragon4 does with trailing zeros and the point.
enum class Trim { Keep, Point, Zero, Dash };

/// The options of one Dragon4 call.
struct Dragon4Options {
  int precision = kPrecision;
  int minDigits = 0;
  Trim trim = Trim::Point;
  bool plusSign = false;
  int padLeft = 0;
  int padRight = 0;
  int expDigits = 2;
};

/// `text` right-aligned in `width` columns.
std::string padLeft(std::string text, int width);

} // namespace detail

/// numpy's FloatingFormat: one layout (positional or scientific, widths)
/// chosen from all `values` an array shows, then applied to each element.
class FloatLayout {
public:
  FloatLayout(const std::vector<double> &values, DType type, bool plusSign);
  std::string operator()(double value) const;

private:
  DType type;
  bool exponential = false;
  detail::Dragon4Options options;
};

/// A double with 6 significant digits, like printf's %g: "0.0001", "1e-07".
std::string formatDouble(double value);

/// ml_dtypes (which JAX uses; NumPy has no bfloat16) prints each bfloat16
/// like C's %g, without a shared width.
std::string formatBF16(double value);

/// An integer element (any width and signedness) in decimal.
std::string formatInteger(const void *element, DType dtype);

/// One element at `element`, as NumPy's `str()` of the scalar prints it:
/// `1.5`, `1e-05`, `nan`, `True`, `(1+2j)`.
std::string formatScalar(const void *element, DType dtype);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_SCALARFORMAT_H
