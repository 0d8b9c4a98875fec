//===- CustomCallRegistry.cpp - host functions programs may call ----------===//

#include "xla-mlir/Runtime/CustomCallRegistry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

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

llvm::Error CustomCallRegistry::add(llvm::StringRef name,
                                    CustomCallFunction function) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!functions.try_emplace(name, std::move(function)).second)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "custom call '" + name +
                                       "' is already registered");
  return llvm::Error::success();
}

const CustomCallFunction *
CustomCallRegistry::lookup(llvm::StringRef name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(name);
  // StringMap entries never move, so the pointer outlives the lock.
  return it == functions.end() ? nullptr : &it->second;
}

static thread_local const CustomCallRegistry *activeRegistry = nullptr;
static thread_local llvm::Error *activeErrors = nullptr;

CustomCallScope::CustomCallScope(const CustomCallRegistry *registry,
                                 llvm::Error *errors)
    : previousRegistry(activeRegistry), previousErrors(activeErrors) {
  activeRegistry = registry;
  activeErrors = errors;
}

CustomCallScope::~CustomCallScope() {
  activeRegistry = previousRegistry;
  activeErrors = previousErrors;
}

namespace {

/// One operand or result type of a call site.
struct TypeSpec {
  DType dtype;
  llvm::SmallVector<int64_t> shape;
};

/// Parses "11:2x3,5:" (see CustomCallABI.h).
bool parseTypes(llvm::StringRef text, llvm::SmallVectorImpl<TypeSpec> &out) {
  if (text.empty())
    return true;
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ',');
  for (llvm::StringRef item : items) {
    auto [code, dims] = item.split(':');
    int32_t dtype;
    if (code.getAsInteger(10, dtype) || dtype < 0 || dtype > kMaxDTypeCode)
      return false;
    TypeSpec spec{static_cast<DType>(dtype), {}};
    if (!dims.empty()) {
      llvm::SmallVector<llvm::StringRef> sizes;
      dims.split(sizes, 'x');
      for (llvm::StringRef size : sizes) {
        int64_t value;
        if (size.getAsInteger(10, value))
          return false;
        spec.shape.push_back(value);
      }
    }
    out.push_back(std::move(spec));
  }
  return true;
}

void report(llvm::Error error) {
  if (activeErrors) {
    *activeErrors = llvm::joinErrors(std::move(*activeErrors), std::move(error));
    return;
  }
  llvm::errs() << llvm::toString(std::move(error)) << "\n";
}

llvm::Error makeError(llvm::StringRef name, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "custom call '" + name + "': " + message);
}

} // namespace

void xla::runtime::dispatchCustomCall(const char *site, void *allocated,
                                      int64_t *pointers, int64_t offset,
                                      int64_t size, int64_t stride) {
  (void)allocated;
  llvm::StringRef text(site);
  auto [name, rest] = text.split('\n');
  auto [operandText, rest2] = rest.split('\n');
  auto [resultText, config] = rest2.split('\n');
  llvm::SmallVector<TypeSpec> operandTypes, resultTypes;
  if (!parseTypes(operandText, operandTypes) ||
      !parseTypes(resultText, resultTypes) ||
      static_cast<int64_t>(operandTypes.size() + resultTypes.size()) !=
          size)
    return report(makeError(name, "malformed call site"));
  if (!activeRegistry)
    return report(makeError(name, "called outside of a run"));
  const CustomCallFunction *function = activeRegistry->lookup(name);
  if (!function)
    return report(makeError(name, "not registered"));

  llvm::SmallVector<CustomCallBuffer> operands, results;
  int64_t index = 0;
  auto next = [&]() {
    return reinterpret_cast<void *>(pointers[offset + stride * index++]);
  };
  for (const TypeSpec &type : operandTypes)
    operands.push_back({type.dtype, type.shape, next()});
  for (const TypeSpec &type : resultTypes)
    results.push_back({type.dtype, type.shape, next()});
  if (llvm::Error error = (*function)(operands, results, config))
    report(makeError(name, llvm::toString(std::move(error))));
}
