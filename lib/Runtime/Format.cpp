//===- Format.cpp - print buffers the way NumPy does ----------------------===//
//
// Follows numpy/_core/arrayprint.py (NumPy 2.x, default options): a float
// array is printed positionally unless its non-zero magnitudes span more
// than 1000x, go below 1e-4 or reach 10^min(8, precision of the type); all
// elements share one width. Digits are the shortest that round-trip in the
// element's own type (f16 prints 0.1, not 0.0999755859375), cut at 8
// fractional digits.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/Format.h"

#include "Elements.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>

using namespace xla::runtime;
using namespace xla::runtime::detail;

namespace {

constexpr int kPrecision = 8;
constexpr int kLineWidth = 75;
constexpr int64_t kSummaryThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

/// A non-negative finite decimal: digits d1 d2 ... (no trailing zeros except
/// for zero itself, "0") meaning d1.d2... * 10^exponent.
struct Decimal {
  std::string digits;
  int exponent = 0;
};

/// Parses printf's "%.Ne" output.
Decimal parseScientific(const char *text) {
  Decimal result;
  const char *p = text;
  for (; *p && *p != 'e'; ++p)
    if (*p >= '0' && *p <= '9')
      result.digits.push_back(*p);
  if (*p == 'e')
    result.exponent = std::atoi(p + 1);
  while (result.digits.size() > 1 && result.digits.back() == '0')
    result.digits.pop_back();
  if (result.digits == "0")
    result.exponent = 0;
  return result;
}

/// Parses printf's "%.Nf" output.
Decimal parsePositional(const char *text) {
  Decimal result;
  int intDigits = 0;
  bool seenPoint = false;
  for (const char *p = text; *p; ++p) {
    if (*p == '.') {
      seenPoint = true;
      continue;
    }
    if (*p < '0' || *p > '9')
      continue;
    if (!seenPoint)
      ++intDigits;
    result.digits.push_back(*p);
  }
  size_t first = result.digits.find_first_not_of('0');
  if (first == std::string::npos)
    return Decimal{"0", 0};
  result.digits.erase(0, first);
  result.exponent = intDigits - 1 - static_cast<int>(first);
  while (result.digits.size() > 1 && result.digits.back() == '0')
    result.digits.pop_back();
  return result;
}

/// Whether the decimal text reads back as `value` in the float type `type`.
bool roundTrips(const char *text, double value, DType type) {
  switch (type) {
  case DType::F16:
    return floatToHalf(std::strtof(text, nullptr)) ==
           floatToHalf(static_cast<float>(value));
  case DType::BF16:
    return floatToBF16(std::strtof(text, nullptr)) ==
           floatToBF16(static_cast<float>(value));
  case DType::F32:
    return std::strtof(text, nullptr) == static_cast<float>(value);
  default:
    return std::strtod(text, nullptr) == value;
  }
}

/// The shortest digits of |value| that read back as value in `type`.
Decimal getShortestDigits(double value, DType type) {
  double magnitude = std::fabs(value);
  char buffer[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, magnitude);
    if (roundTrips(buffer, magnitude, type))
      break;
  }
  return parseScientific(buffer);
}

enum class Trim { Keep, Point, Zero, Dash };

/// The digits NumPy's Dragon4 prints in "unique" mode: the shortest
/// round-tripping digits, except that |value| is rounded to `precision`
/// fractional digits (positional) or mantissa digits (scientific) when the
/// shortest digits are more, and printed exactly to `minDigits` digits when
/// they are fewer.
Decimal getDigits(double value, DType type, bool scientific, int precision,
                  int minDigits) {
  Decimal shortest = getShortestDigits(value, type);
  if (shortest.digits == "0")
    return shortest;
  int fractional = static_cast<int>(shortest.digits.size()) - 1;
  if (!scientific)
    fractional -= shortest.exponent;
  int digits;
  if (precision >= 0 && fractional > precision)
    digits = precision;
  else if (fractional < minDigits)
    digits = minDigits;
  else
    return shortest;
  char buffer[512];
  double magnitude = std::fabs(value);
  if (scientific) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits, magnitude);
    return parseScientific(buffer);
  }
  std::snprintf(buffer, sizeof(buffer), "%.*f", digits, magnitude);
  return parsePositional(buffer);
}

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

std::string applyTrim(std::string fraction, const Dragon4Options &options) {
  if (static_cast<int>(fraction.size()) < options.minDigits)
    fraction.append(options.minDigits - fraction.size(), '0');
  if (fraction.empty()) {
    if (options.trim == Trim::Zero)
      return ".0";
    if (options.trim == Trim::Dash)
      return "";
  }
  return "." + fraction;
}

std::string withSign(double value, std::string text, bool plusSign) {
  if (std::signbit(value))
    return "-" + text;
  return plusSign ? "+" + text : text;
}

std::string padLeft(std::string text, int width) {
  if (static_cast<int>(text.size()) < width)
    text.insert(0, width - text.size(), ' ');
  return text;
}

std::string formatPositional(double value, DType type,
                             const Dragon4Options &options) {
  Decimal decimal = getDigits(value, type, false, options.precision,
                              options.minDigits);
  std::string integer, fraction;
  if (decimal.exponent >= 0) {
    size_t intDigits = decimal.exponent + 1;
    integer = decimal.digits.substr(0, intDigits);
    if (integer.size() < intDigits)
      integer.append(intDigits - integer.size(), '0');
    if (decimal.digits.size() > intDigits)
      fraction = decimal.digits.substr(intDigits);
  } else {
    integer = "0";
    fraction = std::string(-decimal.exponent - 1, '0') + decimal.digits;
  }
  std::string head = padLeft(withSign(value, integer, options.plusSign),
                             options.padLeft);
  std::string tail = applyTrim(fraction, options);
  // pad_right counts the fractional digits, not the point.
  int fracWidth = tail.empty() ? 0 : static_cast<int>(tail.size()) - 1;
  if (fracWidth < options.padRight)
    tail.append(options.padRight - fracWidth, ' ');
  return head + tail;
}

std::string formatScientific(double value, DType type,
                             const Dragon4Options &options) {
  Decimal decimal = getDigits(value, type, true, options.precision,
                              options.minDigits);
  std::string head = padLeft(
      withSign(value, decimal.digits.substr(0, 1), options.plusSign),
      options.padLeft);
  std::string exponent = std::to_string(std::abs(decimal.exponent));
  int expDigits = std::max(options.expDigits, 1);
  if (static_cast<int>(exponent.size()) < expDigits)
    exponent.insert(0, expDigits - exponent.size(), '0');
  return head + applyTrim(decimal.digits.substr(1), options) + "e" +
         (decimal.exponent < 0 ? "-" : "+") + exponent;
}

/// Decimal digits of precision of a float type (numpy's finfo.precision).
int getTypePrecision(DType type) {
  switch (type) {
  case DType::F16:
    return 3;
  case DType::BF16:
    return 2;
  case DType::F32:
    return 6;
  default:
    return 15;
  }
}

/// numpy's FloatingFormat: one layout shared by all elements of an array.
class FloatFormatter {
public:
  FloatFormatter(llvm::ArrayRef<double> values, DType type, bool plusSign)
      : type(type) {
    options.plusSign = plusSign;
    llvm::SmallVector<double> finite;
    bool negativeInf = false;
    for (double value : values) {
      if (std::isfinite(value))
        finite.push_back(value);
      else if (std::isinf(value) && value < 0)
        negativeInf = true;
    }
    double maxValue = 0.0, minValue = INFINITY;
    for (double value : finite) {
      if (value == 0.0)
        continue;
      maxValue = std::max(maxValue, std::fabs(value));
      minValue = std::min(minValue, std::fabs(value));
    }
    if (maxValue > 0.0) {
      double cutoff = std::pow(10.0, std::min(8, getTypePrecision(type)));
      exponential = maxValue >= cutoff || minValue < 0.0001 ||
                    maxValue / minValue > 1000.0;
    }

    if (finite.empty()) {
      options.padLeft = options.padRight = 0;
    } else if (exponential) {
      Dragon4Options probe;
      probe.plusSign = plusSign;
      size_t intWidth = 0, fracWidth = 0, expWidth = 0;
      for (double value : finite) {
        std::string text = formatScientific(value, type, probe);
        size_t e = text.find('e'), point = text.find('.');
        intWidth = std::max(intWidth, point);
        fracWidth = std::max(fracWidth, e - point - 1);
        expWidth = std::max(expWidth, text.size() - e - 2);
      }
      options.expDigits = expWidth;
      options.trim = Trim::Keep;
      options.precision = options.minDigits = fracWidth;
      options.padLeft = intWidth;
      options.padRight = expWidth + 2 + fracWidth;
    } else {
      Dragon4Options probe;
      probe.plusSign = plusSign;
      size_t intWidth = 0, fracWidth = 0;
      for (double value : finite) {
        std::string text = formatPositional(value, type, probe);
        size_t point = text.find('.');
        intWidth = std::max(intWidth, point);
        fracWidth = std::max(fracWidth, text.size() - point - 1);
      }
      options.padLeft = intWidth;
      options.padRight = fracWidth;
    }
    if (finite.size() != values.size()) {
      int offset = options.padRight + 1;
      int infWidth = 3 + ((plusSign || negativeInf) ? 1 : 0);
      options.padLeft = std::max({options.padLeft, 3 - offset,
                                  infWidth - offset});
    }
  }

  std::string operator()(double value) const {
    if (!std::isfinite(value)) {
      std::string text;
      if (std::isnan(value))
        text = options.plusSign ? "+nan" : "nan";
      else
        text = value < 0 ? "-inf" : (options.plusSign ? "+inf" : "inf");
      return padLeft(text, options.padLeft + options.padRight + 1);
    }
    if (exponential)
      return formatScientific(value, type, options);
    return formatPositional(value, type, options);
  }

private:
  DType type;
  bool exponential = false;
  Dragon4Options options;
};

/// str() of a numpy float scalar: positional between 1e-4 and a cutoff
/// that depends on the type, scientific elsewhere; "1.0" but "1e-05".
std::string formatFloatScalar(double value, DType type, bool plusSign,
                              bool dropPointZero) {
  if (std::isnan(value))
    return plusSign ? "+nan" : "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : (plusSign ? "+inf" : "inf");
  double magnitude = std::fabs(value);
  double cutoff =
      type == DType::F64 ? 1e16 : std::pow(10.0, getTypePrecision(type));
  Dragon4Options options;
  options.precision = -1;
  options.plusSign = plusSign;
  if (magnitude == 0.0 || (magnitude >= 1e-4 && magnitude < cutoff)) {
    options.trim = dropPointZero ? Trim::Dash : Trim::Zero;
    return formatPositional(value, type, options);
  }
  options.trim = Trim::Dash;
  return formatScientific(value, type, options);
}

/// Row-major strides, in elements.
llvm::SmallVector<int64_t> getStrides(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Prints an array given a formatter for element `i` (a linear index).
class ArrayPrinter {
public:
  ArrayPrinter(llvm::ArrayRef<int64_t> shape, bool summarize,
               std::function<std::string(int64_t)> format)
      : shape(shape), strides(getStrides(shape)), summarize(summarize),
        format(std::move(format)) {}

  std::string print() { return recurse(0, 0, " ", kLineWidth); }

private:
  static void extendLine(std::string &s, std::string &line,
                         const std::string &word, int width,
                         const std::string &prefix) {
    bool wrap = line.size() + word.size() > static_cast<size_t>(width) &&
                line.size() > prefix.size();
    if (wrap) {
      size_t end = line.find_last_not_of(' ');
      s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      line = prefix;
    }
    line += word;
  }

  std::string recurse(unsigned axis, int64_t offset, const std::string &indent,
                      int width) {
    if (axis == shape.size())
      return format(offset);
    std::string nextIndent = indent + " ";
    int nextWidth = width - 1;
    int64_t length = shape[axis];
    bool showSummary = summarize && 2 * kEdgeItems < length;
    int64_t leading = showSummary ? kEdgeItems : 0;
    int64_t trailing = showSummary ? kEdgeItems : length;
    auto nested = [&](int64_t i) {
      return recurse(axis + 1, offset + i * strides[axis], nextIndent,
                     nextWidth);
    };
    std::string s;
    if (axis + 1 == shape.size()) {
      int elemWidth = width - 1;
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, nested(i), elemWidth, indent);
        line += " ";
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, indent);
        line += " ";
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, nested(length - i), elemWidth, indent);
        line += " ";
      }
      extendLine(s, line, nested(length - 1), elemWidth, indent);
      s += line;
    } else {
      std::string lineSep(shape.size() - axis - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += indent + nested(i) + lineSep;
      if (showSummary)
        s += indent + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += indent + nested(length - i) + lineSep;
      s += indent + nested(length - 1);
    }
    return "[" + s.substr(indent.size()) + "]";
  }

  llvm::ArrayRef<int64_t> shape;
  llvm::SmallVector<int64_t> strides;
  bool summarize;
  std::function<std::string(int64_t)> format;
};

/// Linear indices of the elements that a (possibly summarized) print shows;
/// the layout is computed from these only, as in numpy.
llvm::SmallVector<int64_t> getShownElements(llvm::ArrayRef<int64_t> shape,
                                            bool summarize) {
  llvm::SmallVector<int64_t> strides = getStrides(shape);
  llvm::SmallVector<int64_t> offsets = {0};
  for (size_t axis = 0; axis < shape.size(); ++axis) {
    llvm::SmallVector<int64_t> indices;
    for (int64_t i = 0; i < shape[axis]; ++i)
      if (!summarize || shape[axis] <= 2 * kEdgeItems || i < kEdgeItems ||
          i >= shape[axis] - kEdgeItems)
        indices.push_back(i);
    llvm::SmallVector<int64_t> next;
    for (int64_t offset : offsets)
      for (int64_t i : indices)
        next.push_back(offset + i * strides[axis]);
    offsets = std::move(next);
  }
  return offsets;
}

std::string formatInteger(const void *element, DType dtype) {
  if (isUnsigned(dtype))
    return std::to_string(readUnsigned(element, dtype));
  return std::to_string(readSigned(element, dtype));
}

} // namespace

std::string xla::runtime::formatDouble(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%g", value);
  return buffer;
}

/// ml_dtypes (which JAX uses; NumPy has no bfloat16) prints each bfloat16
/// like C's %g, without a shared width.
static std::string formatBF16(double value) {
  if (std::isnan(value))
    return "nan";
  return formatDouble(value);
}

std::string xla::runtime::formatScalar(const void *element, DType dtype) {
  if (dtype == DType::BF16)
    return formatBF16(readFloat(element, dtype));
  if (dtype == DType::I1)
    return readSigned(element, dtype) ? "True" : "False";
  if (isFloat(dtype))
    return formatFloatScalar(readFloat(element, dtype), dtype, false, false);
  if (isComplex(dtype)) {
    DType part = getComponentType(dtype);
    double re = readFloat(element, dtype, 0), im = readFloat(element, dtype, 1);
    std::string imag = formatFloatScalar(im, part, true, true) + "j";
    if (re == 0.0 && !std::signbit(re))
      return imag.front() == '+' ? imag.substr(1) : imag;
    return "(" + formatFloatScalar(re, part, false, true) + imag + ")";
  }
  return formatInteger(element, dtype);
}

void xla::runtime::printArray(llvm::raw_ostream &os, const HostBuffer &buffer) {
  DType dtype = buffer.getDType();
  const char *data = buffer.data<char>();
  size_t width = getByteWidth(dtype);
  if (buffer.getRank() == 0) {
    os << formatScalar(data, dtype);
    return;
  }
  if (buffer.getNumElements() == 0) {
    os << "[]";
    return;
  }
  bool summarize = buffer.getNumElements() > kSummaryThreshold;
  llvm::SmallVector<int64_t> shown =
      getShownElements(buffer.getShape(), summarize);
  auto at = [&](int64_t i) { return data + i * width; };

  std::function<std::string(int64_t)> format;
  std::optional<FloatFormatter> real, imag;
  size_t intWidth = 0;
  if (dtype == DType::BF16) {
    format = [&](int64_t i) { return formatBF16(readFloat(at(i), dtype)); };
  } else if (dtype == DType::I1) {
    format = [&](int64_t i) {
      return std::string(readSigned(at(i), dtype) ? " True" : "False");
    };
  } else if (isFloat(dtype) || isComplex(dtype)) {
    DType part = getComponentType(dtype);
    llvm::SmallVector<double> reals, imags;
    for (int64_t i : shown) {
      reals.push_back(readFloat(at(i), dtype, 0));
      if (isComplex(dtype))
        imags.push_back(readFloat(at(i), dtype, 1));
    }
    real.emplace(reals, part, false);
    if (isComplex(dtype)) {
      imag.emplace(imags, part, true);
      format = [&](int64_t i) {
        std::string im = (*imag)(readFloat(at(i), dtype, 1));
        size_t end = im.find_last_not_of(' ') + 1;
        return (*real)(readFloat(at(i), dtype, 0)) + im.substr(0, end) + "j" +
               im.substr(end);
      };
    } else {
      format = [&](int64_t i) { return (*real)(readFloat(at(i), dtype)); };
    }
  } else {
    for (int64_t i : shown)
      intWidth = std::max(intWidth, formatInteger(at(i), dtype).size());
    format = [&](int64_t i) {
      return padLeft(formatInteger(at(i), dtype), intWidth);
    };
  }
  os << ArrayPrinter(buffer.getShape(), summarize, format).print();
}

std::string xla::runtime::formatArray(const HostBuffer &buffer) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printArray(os, buffer);
  return text;
}
