//===- TestCustomCalls.cpp - custom calls for testing the runtime ---------===//
//
// Registered by `xla-run --test-custom-calls` only, so tests can exercise
// the custom-call path without exposing anything to ordinary programs.
//
//===----------------------------------------------------------------------===//

#include "TestCustomCalls.h"

#include "xla-mlir/Runtime/CustomCallRegistry.h"

using namespace xla::runtime;

static Status makeError(std::string message) {
  return Status::error(std::move(message));
}

/// xla_run.test.add_one(f32 x) -> f32 x + 1.
static Status addOne(const std::vector<CustomCallBuffer> &operands,
                     const std::vector<CustomCallBuffer> &results,
                     std::string_view) {
  if (operands.size() != 1 || results.size() != 1 ||
      operands[0].dtype != DType::F32 || results[0].dtype != DType::F32 ||
      operands[0].shape != results[0].shape)
    return makeError("expects one f32 operand and a result of its shape");
  const auto *in = static_cast<const float *>(operands[0].data);
  auto *out = static_cast<float *>(results[0].data);
  for (int64_t i = 0, e = operands[0].getNumElements(); i < e; ++i)
    out[i] = in[i] + 1.0f;
  return Status();
}

/// xla_run.test.sum_and_count(i32 x...) -> (i64 sum of all elements,
/// i32 number of operands): several operands and results, 0-d results.
static Status sumAndCount(const std::vector<CustomCallBuffer> &operands,
                          const std::vector<CustomCallBuffer> &results,
                          std::string_view) {
  if (results.size() != 2 || results[0].dtype != DType::I64 ||
      results[1].dtype != DType::I32 || !results[0].shape.empty() ||
      !results[1].shape.empty())
    return makeError("expects results (tensor<i64>, tensor<i32>)");
  int64_t sum = 0;
  for (const CustomCallBuffer &operand : operands) {
    if (operand.dtype != DType::I32)
      return makeError("expects i32 operands");
    const auto *data = static_cast<const int32_t *>(operand.data);
    for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i)
      sum += data[i];
  }
  *static_cast<int64_t *>(results[0].data) = sum;
  *static_cast<int32_t *>(results[1].data) =
      static_cast<int32_t>(operands.size());
  return Status();
}

/// xla_run.test.fail(...): fails with its backend_config as the message.
static Status fail(const std::vector<CustomCallBuffer> &,
                   const std::vector<CustomCallBuffer> &,
                   std::string_view config) {
  return makeError(std::string(config));
}

Status xla::registerTestCustomCalls(CustomCallRegistry &registry) {
  if (Status status = registry.add("xla_run.test.add_one", addOne))
    return status;
  if (Status status = registry.add("xla_run.test.sum_and_count", sumAndCount))
    return status;
  return registry.add("xla_run.test.fail", fail);
}
