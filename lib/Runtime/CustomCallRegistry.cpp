//===- CustomCallRegistry.cpp - host functions programs may call ----------===//

#include "xla-mlir/Runtime/CustomCallRegistry.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

using namespace xla::runtime;

int64_t CustomCallBuffer::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

CustomCallRegistry &CustomCallRegistry::global() {
  static CustomCallRegistry registry;
  return registry;
}

Status CustomCallRegistry::add(const std::string &name,
                               CustomCallFunction function) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!functions.emplace(name, std::move(function)).second)
    return Status::error("custom call '" + name + "' is already registered");
  return Status();
}

const CustomCallFunction *
CustomCallRegistry::lookup(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(name);
  return it == functions.end() ? nullptr : &it->second;
}

static thread_local const CustomCallRegistry *activeRegistry = nullptr;
static thread_local Status *activeErrors = nullptr;

CustomCallScope::CustomCallScope(const CustomCallRegistry *registry,
                                 Status *errors)
    : previousRegistry(activeRegistry), previousErrors(activeErrors) {
  activeRegistry = registry;
  activeErrors = errors;
}

CustomCallScope::~CustomCallScope() {
  activeRegistry = previousRegistry;
  activeErrors = previousErrors;
}

namespace {

/// Splits off the text up to the first `separator` of `text`.
std::string_view splitOff(std::string_view &text, char separator) {
  size_t at = text.find(separator);
  std::string_view head = text.substr(0, at);
  text = at == std::string_view::npos ? std::string_view()
                                      : text.substr(at + 1);
  return head;
}

/// A non-negative decimal integer that fills `text`.
bool parseInteger(std::string_view text, int64_t &value) {
  const char *end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && ptr == end && value >= 0;
}

/// Parses "11:2x3,5:" (see CustomCallABI.h).
bool parseTypes(std::string_view text, std::vector<CustomCallBuffer> &out) {
  while (!text.empty()) {
    std::string_view item = splitOff(text, ',');
    std::string_view code = splitOff(item, ':');
    int64_t dtype;
    if (!parseInteger(code, dtype) || dtype > kMaxDTypeCode)
      return false;
    CustomCallBuffer buffer{static_cast<DType>(dtype), {}, nullptr};
    while (!item.empty()) {
      int64_t size;
      if (!parseInteger(splitOff(item, 'x'), size))
        return false;
      buffer.shape.push_back(size);
    }
    out.push_back(std::move(buffer));
  }
  return true;
}

void report(std::string_view name, const std::string &message) {
  Status error = Status::error("custom call '" + std::string(name) +
                               "': " + message);
  if (activeErrors) {
    activeErrors->append(error);
    return;
  }
  std::fprintf(stderr, "%s\n", error.message().c_str());
}

} // namespace

void xla::runtime::dispatchCustomCall(const char *site, void *allocated,
                                      int64_t *pointers, int64_t offset,
                                      int64_t size, int64_t stride) {
  (void)allocated;
  std::string_view config(site);
  std::string_view name = splitOff(config, '\n');
  std::string_view operandText = splitOff(config, '\n');
  std::string_view resultText = splitOff(config, '\n');
  std::vector<CustomCallBuffer> operands, results;
  if (!parseTypes(operandText, operands) || !parseTypes(resultText, results) ||
      static_cast<int64_t>(operands.size() + results.size()) != size)
    return report(name, "malformed call site");
  if (!activeRegistry)
    return report(name, "called outside of a run");
  const CustomCallFunction *function =
      activeRegistry->lookup(std::string(name));
  if (!function)
    return report(name, "not registered");

  int64_t index = 0;
  for (auto *buffers : {&operands, &results})
    for (CustomCallBuffer &buffer : *buffers)
      buffer.data =
          reinterpret_cast<void *>(pointers[offset + stride * index++]);
  if (Status status = (*function)(operands, results, config))
    report(name, status.message());
}
