//===- Signature.cpp - the text form of a program's signature -------------===//

#include "xla-mlir/Runtime/Signature.h"

#include "xla-mlir/ABI/EntryABI.h"

#include <charconv>
#include <optional>

using namespace xla::runtime;

namespace {

std::string formatSpec(const TensorSpec &spec) {
  std::string text = getName(spec.dtype);
  for (size_t i = 0; i < spec.shape.size(); ++i)
    text += (i ? "x" : " ") + std::to_string(spec.shape[i]);
  return text;
}

std::optional<DType> parseDType(std::string_view name) {
  for (int32_t code = 0; code <= kMaxDTypeCode; ++code)
    if (name == getName(static_cast<DType>(code)))
      return static_cast<DType>(code);
  return std::nullopt;
}

/// "f32 2x3" or "i1".
std::optional<TensorSpec> parseSpec(std::string_view text) {
  size_t space = text.find(' ');
  std::optional<DType> dtype = parseDType(text.substr(0, space));
  if (!dtype)
    return std::nullopt;
  TensorSpec spec{*dtype, {}};
  if (space == std::string_view::npos)
    return spec;
  std::string_view dims = text.substr(space + 1);
  while (true) {
    size_t x = dims.find('x');
    std::string_view item = dims.substr(0, x);
    int64_t size = 0;
    const char *end = item.data() + item.size();
    auto [ptr, error] = std::from_chars(item.data(), end, size);
    if (error != std::errc() || ptr != end || item.empty() || size < 0)
      return std::nullopt;
    spec.shape.push_back(size);
    if (x == std::string_view::npos)
      // A loaded library's signature is data: a size that overflows would
      // make every buffer of it too small.
      return spec.getCheckedByteSize() ? std::optional<TensorSpec>(spec)
                                       : std::nullopt;
    dims = dims.substr(x + 1);
  }
}

/// A decimal index below `bound`.
bool parseIndex(std::string_view text, size_t bound, size_t &index) {
  const char *end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, index);
  return error == std::errc() && ptr == end && !text.empty() && index < bound;
}

} // namespace

std::string Signature::serialize() const {
  std::string text =
      "xla-signature " + std::to_string(kSignatureVersion) + "\n";
  text += "entry " + entry + "\n";
  for (const TensorSpec &spec : inputs)
    text += "input " + formatSpec(spec) + "\n";
  for (const TensorSpec &spec : outputs)
    text += "output " + formatSpec(spec) + "\n";
  for (const std::string &name : customCalls)
    text += "custom-call " + name + "\n";
  for (const std::string &name : imports)
    text += "import " + name + "\n";
  for (const Alias &alias : aliases)
    text += "alias " + std::to_string(alias.output) + " " +
            std::to_string(alias.input) + (alias.inPlace ? " in-place" : "") +
            "\n";
  return text;
}

StatusOr<Signature> Signature::parse(std::string_view text) {
  Signature signature;
  bool sawHeader = false;
  size_t lineNumber = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view()
                                         : text.substr(end + 1);
    ++lineNumber;
    size_t space = line.find(' ');
    std::string_view key = line.substr(0, space);
    std::string_view value =
        space == std::string_view::npos ? "" : line.substr(space + 1);
    auto fail = [&](const std::string &why) {
      return Status::error("malformed program signature, line " +
                           std::to_string(lineNumber) + " ('" +
                           std::string(line) + "'): " + why);
    };
    if (!sawHeader) {
      if (key != "xla-signature" ||
          value != std::to_string(kSignatureVersion))
        return fail("expected 'xla-signature " +
                    std::to_string(kSignatureVersion) +
                    "' (an artifact of another compiler version?)");
      sawHeader = true;
      continue;
    }
    if (key == "entry") {
      signature.entry = value;
    } else if (key == "input" || key == "output") {
      std::optional<TensorSpec> spec = parseSpec(value);
      if (!spec)
        return fail("expected an element type and dimensions");
      (key == "input" ? signature.inputs : signature.outputs)
          .push_back(std::move(*spec));
    } else if (key == "custom-call") {
      signature.customCalls.emplace_back(value);
    } else if (key == "import") {
      signature.imports.emplace_back(value);
    } else if (key == "alias") {
      // Inputs and outputs come first in a serialized signature.
      constexpr std::string_view kInPlace = " in-place";
      Alias alias;
      if (value.size() > kInPlace.size() &&
          value.substr(value.size() - kInPlace.size()) == kInPlace) {
        alias.inPlace = true;
        value.remove_suffix(kInPlace.size());
      }
      size_t sep = value.find(' ');
      if (sep == std::string_view::npos ||
          !parseIndex(value.substr(0, sep), signature.outputs.size(),
                      alias.output) ||
          !parseIndex(value.substr(sep + 1), signature.inputs.size(),
                      alias.input) ||
          !(signature.outputs[alias.output] == signature.inputs[alias.input]))
        return fail("expected an output and an input of the same type");
      signature.aliases.push_back(alias);
    } else {
      return fail("unknown key");
    }
  }
  if (!sawHeader || signature.entry.empty())
    return Status::error("malformed program signature: no header or entry");
  return signature;
}

bool Signature::operator==(const Signature &other) const {
  return entry == other.entry && inputs == other.inputs &&
         outputs == other.outputs && customCalls == other.customCalls &&
         imports == other.imports && aliases == other.aliases;
}
