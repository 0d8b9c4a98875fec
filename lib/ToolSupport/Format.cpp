//===- Format.cpp - print arrays the way NumPy does -----------------------===//
//
// numpy/_core/arrayprint.py's array layout (line width 75, summarization
// with 3 edge items above 1000 elements) over the runtime's scalar
// formatting (Runtime/ScalarFormat.h), which fixes one float layout for all
// shown elements.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/ToolSupport/Format.h"

#include "xla-mlir/Runtime/Elements.h"
#include "xla-mlir/Runtime/ScalarFormat.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace xla::runtime;
using namespace xla::tools;
using namespace xla::runtime::detail;

namespace {

constexpr int kLineWidth = 75;
constexpr int64_t kSummaryThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

/// Row-major strides, in elements.
std::vector<int64_t> getStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Prints an array given a formatter for element `i` (a linear index).
class ArrayPrinter {
public:
  ArrayPrinter(const std::vector<int64_t> &shape, bool summarize,
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

  const std::vector<int64_t> &shape;
  std::vector<int64_t> strides;
  bool summarize;
  std::function<std::string(int64_t)> format;
};

/// Linear indices of the elements that a (possibly summarized) print shows;
/// the layout is computed from these only, as in numpy.
std::vector<int64_t> getShownElements(const std::vector<int64_t> &shape,
                                            bool summarize) {
  std::vector<int64_t> strides = getStrides(shape);
  std::vector<int64_t> offsets = {0};
  for (size_t axis = 0; axis < shape.size(); ++axis) {
    std::vector<int64_t> indices;
    for (int64_t i = 0; i < shape[axis]; ++i)
      if (!summarize || shape[axis] <= 2 * kEdgeItems || i < kEdgeItems ||
          i >= shape[axis] - kEdgeItems)
        indices.push_back(i);
    std::vector<int64_t> next;
    for (int64_t offset : offsets)
      for (int64_t i : indices)
        next.push_back(offset + i * strides[axis]);
    offsets = std::move(next);
  }
  return offsets;
}

} // namespace

void xla::tools::printArray(llvm::raw_ostream &os, const HostBuffer &buffer) {
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
  std::vector<int64_t> shown =
      getShownElements(buffer.getShape(), summarize);
  auto at = [&](int64_t i) { return data + i * width; };

  std::function<std::string(int64_t)> format;
  std::optional<FloatLayout> real, imag;
  size_t intWidth = 0;
  if (dtype == DType::BF16) {
    format = [&](int64_t i) { return formatBF16(readFloat(at(i), dtype)); };
  } else if (dtype == DType::I1) {
    format = [&](int64_t i) {
      return std::string(readSigned(at(i), dtype) ? " True" : "False");
    };
  } else if (isFloat(dtype) || isComplex(dtype)) {
    DType part = getComponentType(dtype);
    std::vector<double> reals, imags;
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

std::string xla::tools::formatArray(const HostBuffer &buffer) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printArray(os, buffer);
  return text;
}
