//===- ScalarFormat.cpp - print numbers the way NumPy does ----------------===//
//
// Follows numpy/_core/arrayprint.py (NumPy 2.x, default options): a float
// array is printed positionally unless its non-zero magnitudes span more
// than 1000x, go below 1e-4 or reach 10^min(8, precision of the type); all
// elements share one width. Digits are the shortest that round-trip in the
// element's own type (f16 prints 0.1, not 0.0999755859375), cut at 8
// fractional digits.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/ScalarFormat.h"

#include "xla-mlir/Runtime/Elements.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace xla::runtime;
using namespace xla::runtime::detail;

namespace xla::runtime::detail {

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

} // namespace xla::runtime::detail

FloatLayout::FloatLayout(const std::vector<double> &values, DType type, bool plusSign)
    : type(type) {
  options.plusSign = plusSign;
  std::vector<double> finite;
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


std::string FloatLayout::operator()(double value) const {
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

std::string xla::runtime::formatInteger(const void *element, DType dtype) {
  if (isUnsigned(dtype))
    return std::to_string(readUnsigned(element, dtype));
  return std::to_string(readSigned(element, dtype));
}

std::string xla::runtime::formatDouble(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%g", value);
  return buffer;
}

std::string xla::runtime::formatBF16(double value) {
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
