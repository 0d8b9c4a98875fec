//===- RuntimeTest.cpp - unit tests of the C++ runtime API ----------------===//
//
// What xla-run cannot reach: the Executable API's error paths and check
// reports, per-compile custom-call registries, concurrent runs, and the
// .npy and formatting helpers on their own.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"
#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/ToolSupport/Format.h"
#include "xla-mlir/ToolSupport/Npy.h"
#include "xla-mlir/ToolSupport/RandomInputs.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cstring>
#include <thread>

using namespace xla::runtime;
using namespace xla::tools;
using xla::CompileOptions;

namespace {

class RuntimeTest : public ::testing::Test {
protected:
  RuntimeTest() {
    mlir::DialectRegistry registry;
    xla::registerCompilerDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    context->printOpOnDiagnostic(false);
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text) {
    return mlir::parseSourceString<mlir::ModuleOp>(text, context.get(),
                                                   "test.mlir");
  }

  /// Compiles `text`; fails the test on errors.
  std::unique_ptr<Executable> compile(llvm::StringRef text,
                                      CompileOptions options = {}) {
    mlir::OwningOpRef<mlir::ModuleOp> module = parse(text);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    auto exe = xla::compileForJIT(*module, cantFail(xla::TargetDescription::host()), options);
    if (!exe) {
      ADD_FAILURE() << llvm::toString(exe.takeError());
      return nullptr;
    }
    return std::move(*exe);
  }

  /// The error message of compiling `text`.
  std::string compileError(llvm::StringRef text,
                           CompileOptions options = {}) {
    mlir::OwningOpRef<mlir::ModuleOp> module = parse(text);
    auto exe = xla::compileForJIT(*module, cantFail(xla::TargetDescription::host()), options);
    if (exe)
      return "";
    return llvm::toString(exe.takeError());
  }

  static HostBuffer f32(llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<float> values) {
    HostBuffer buffer(DType::F32, std::vector<int64_t>(shape.begin(), shape.end()));
    std::memcpy(buffer.data(), values.data(), values.size() * sizeof(float));
    return buffer;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

constexpr llvm::StringLiteral kAdd = R"mlir(
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = hlo.add %a, %b : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
)mlir";

TEST_F(RuntimeTest, CompilesAndRuns) {
  std::unique_ptr<Executable> exe = compile(kAdd);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->getEntryName(), "main");
  ASSERT_EQ(exe->getInputs().size(), 2u);
  EXPECT_EQ(exe->getInputs()[0].str(), "tensor<2x2xf32>");
  HostBuffer a = f32({2, 2}, {1, 2, 3, 4}), b = f32({2, 2}, {10, 20, 30, 40});
  auto outputs = exe->run({a, b});
  ASSERT_TRUE(bool(outputs)) << outputs.getStatus().message();
  ASSERT_EQ(outputs->size(), 1u);
  EXPECT_EQ(formatArray((*outputs)[0]), "[[11. 22.]\n [33. 44.]]");
  // Inputs are not modified, and a second run gives the same result.
  EXPECT_EQ(formatArray(a), "[[1. 2.]\n [3. 4.]]");
  auto again = exe->run({a, b});
  ASSERT_TRUE(bool(again));
  EXPECT_EQ(formatArray((*again)[0]), formatArray((*outputs)[0]));
}

// The new weights and moment are written over the old ones; the step reads
// the old weights after computing the moment, and the reduction reads them
// last, so the compiler must order or copy for every aliased result.
constexpr llvm::StringLiteral kUpdate = R"mlir(
func.func @main(%w: tensor<2x2xf32> {tf.aliasing_output = 0 : i32},
                %m: tensor<2x2xf32> {tf.aliasing_output = 1 : i32},
                %g: tensor<2x2xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<f32>, tensor<2x2xf32>) {
  %m2 = hlo.add %m, %g : tensor<2x2xf32>
  %w2 = hlo.subtract %w, %m2 : tensor<2x2xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%w init: %z) applies hlo.add across dimensions = [0, 1]
      : (tensor<2x2xf32>, tensor<f32>) -> tensor<f32>
  %t = hlo.transpose %w, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %w2, %m2, %s, %t
      : tensor<2x2xf32>, tensor<2x2xf32>, tensor<f32>, tensor<2x2xf32>
}
)mlir";

TEST_F(RuntimeTest, DonatedInputsHoldTheirAliasedResults) {
  std::unique_ptr<Executable> exe = compile(kUpdate);
  ASSERT_TRUE(exe);
  const auto &aliases = exe->getSignature().aliases;
  ASSERT_EQ(aliases.size(), 2u);
  EXPECT_TRUE(aliases[0].inPlace && aliases[1].inPlace);
  HostBuffer w = f32({2, 2}, {1, 2, 3, 4}), m = f32({2, 2}, {1, 1, 1, 1}),
             g = f32({2, 2}, {1, 0, 0, 1});
  auto kept = exe->run({w, m, g});
  ASSERT_TRUE(bool(kept)) << kept.getStatus().message();
  const void *wData = w.data(), *mData = m.data();
  // (An initializer list would copy the buffers.)
  std::vector<HostBuffer> args;
  args.push_back(std::move(w));
  args.push_back(std::move(m));
  args.push_back(g);
  auto donated = exe->runDonated(std::move(args));
  ASSERT_TRUE(bool(donated)) << donated.getStatus().message();
  // The updates live in the donated buffers, and every result equals the
  // one computed with buffers of their own.
  EXPECT_EQ((*donated)[0].data(), wData);
  EXPECT_EQ((*donated)[1].data(), mData);
  for (size_t i = 0; i < kept->size(); ++i)
    EXPECT_EQ(formatArray((*donated)[i]), formatArray((*kept)[i])) << i;
  EXPECT_EQ(formatArray((*kept)[0]), "[[-1.  1.]\n [ 2.  2.]]");
  EXPECT_EQ(formatArray((*kept)[2]), "10.0");
  EXPECT_EQ(formatArray((*kept)[3]), "[[1. 3.]\n [2. 4.]]");
}

TEST_F(RuntimeTest, TemporariesComeFromTheBufferPool) {
  // Unfused, exp(a + b) needs a 256 KiB temporary for a + b.
  constexpr llvm::StringLiteral kTwoOps = R"mlir(
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = hlo.add %a, %b : tensor<256x256xf32>
  %1 = hlo.exponential %0 : tensor<256x256xf32>
  return %1 : tensor<256x256xf32>
}
)mlir";
  CompileOptions options;
  options.fusion = false;
  std::unique_ptr<Executable> exe = compile(kTwoOps, options);
  ASSERT_TRUE(exe);
  HostBuffer a(DType::F32, {256, 256}), b(DType::F32, {256, 256});
  ASSERT_TRUE(bool(exe->run({a, b})));
  BufferPoolStats before = poolStats();
  auto outputs = exe->run({a, b});
  ASSERT_TRUE(bool(outputs));
  EXPECT_EQ(formatArray((*outputs)[0]).substr(0, 8), "[[1. 1. ");
  BufferPoolStats after = poolStats();
  // The second run's temporary and result reuse the first run's blocks.
  EXPECT_GE(after.reused - before.reused, 2u);
  EXPECT_EQ(after.fresh, before.fresh);
}

TEST_F(RuntimeTest, KeepsUnsignedTypesInTheSignature) {
  std::unique_ptr<Executable> exe = compile(R"mlir(
func.func @main(%a: tensor<3xui8>) -> (tensor<3xui8>, tensor<i1>) {
  %0 = hlo.add %a, %a : tensor<3xui8>
  %t = hlo.constant dense<true> : tensor<i1>
  return %0, %t : tensor<3xui8>, tensor<i1>
}
)mlir");
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->getInputs()[0].str(), "tensor<3xui8>");
  EXPECT_EQ(exe->getOutputs()[1].str(), "tensor<i1>");
  HostBuffer a(DType::UI8, {3});
  uint8_t values[] = {200, 1, 128};
  std::memcpy(a.data(), values, 3);
  auto outputs = exe->run({a});
  ASSERT_TRUE(bool(outputs));
  EXPECT_EQ(formatArray((*outputs)[0]), "[144   2   0]");
  EXPECT_EQ(formatArray((*outputs)[1]), "True");
}

TEST_F(RuntimeTest, RejectsBadInputs) {
  std::unique_ptr<Executable> exe = compile(kAdd);
  ASSERT_TRUE(exe);
  HostBuffer a = f32({2, 2}, {1, 2, 3, 4});
  auto tooFew = exe->run({a});
  ASSERT_FALSE(bool(tooFew));
  EXPECT_EQ(tooFew.getStatus().message(),
            "@main takes 2 input(s), got 1");
  auto wrongShape = exe->run({a, HostBuffer(DType::F32, std::vector<int64_t>{4})});
  ASSERT_FALSE(bool(wrongShape));
  EXPECT_EQ(wrongShape.getStatus().message(),
            "input 1 of @main: expected tensor<2x2xf32>, got tensor<4xf32>");
  auto wrongType = exe->run({a, HostBuffer(DType::F64, std::vector<int64_t>{2, 2})});
  ASSERT_FALSE(bool(wrongType));
  EXPECT_EQ(wrongType.getStatus().message(),
            "input 1 of @main: expected tensor<2x2xf32>, got tensor<2x2xf64>");
}

constexpr llvm::StringLiteral kChecks = R"mlir(
func.func @main(%a: tensor<2xf32>) {
  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<[1.0, 2.5]> : tensor<2xf32>
  return
}
)mlir";

TEST_F(RuntimeTest, ReportsChecks) {
  std::unique_ptr<Executable> exe = compile(kChecks);
  ASSERT_TRUE(exe);
  CheckReport report;
  auto outputs = exe->run({f32({2}, {1, 2})}, &report);
  ASSERT_TRUE(bool(outputs));
  EXPECT_EQ(report.numChecks, 2);
  ASSERT_EQ(report.failures.size(), 1u);
  const CheckFailure &failure = report.failures[0];
  EXPECT_EQ(failure.location, "test.mlir:4:3");
  EXPECT_EQ(failure.firstBadIndex, std::vector<int64_t>{1});
  EXPECT_EQ(failure.actual, "2.0");
  EXPECT_EQ(failure.expected, "2.5");
  EXPECT_EQ(failure.numMismatches, 1);
  EXPECT_EQ(failure.maxAbsError, 0.5);
}

TEST_F(RuntimeTest, FailedChecksWithoutAReportAreErrors) {
  std::unique_ptr<Executable> exe = compile(kChecks);
  ASSERT_TRUE(exe);
  auto passing = exe->run({f32({2}, {1, 2.5})});
  // expect_eq fails for 2.5 but expect_almost_eq passes.
  ASSERT_FALSE(bool(passing));
  std::string message = passing.getStatus().message();
  EXPECT_NE(message.find("test.mlir:3:3: error: check.expect_eq failed"),
            std::string::npos)
      << message;
}

TEST_F(RuntimeTest, ChecksOfConcurrentRunsStayApart) {
  std::unique_ptr<Executable> exe = compile(kChecks);
  ASSERT_TRUE(exe);
  HostBuffer good = f32({2}, {1, 2}), bad = f32({2}, {7, 8});
  CheckReport goodReport, badReport;
  std::thread first([&] {
    for (int i = 0; i < 50; ++i)
      ASSERT_TRUE(bool(exe->run({good}, &goodReport)));
  });
  std::thread second([&] {
    for (int i = 0; i < 50; ++i)
      ASSERT_TRUE(bool(exe->run({bad}, &badReport)));
  });
  first.join();
  second.join();
  EXPECT_EQ(goodReport.numChecks, 100);
  EXPECT_EQ(goodReport.failures.size(), 50u); // expect_almost_eq vs 2.5
  EXPECT_EQ(badReport.failures.size(), 100u);
}

TEST_F(RuntimeTest, CompileErrorsCarryLocations) {
  std::string message = compileError(R"mlir(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.custom_call @nobody.registered(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)mlir");
  EXPECT_EQ(message, "test.mlir:3:8: error: custom call target "
                     "'nobody.registered' is not registered with the runtime");
  CompileOptions options;
  options.entry = "missing";
  EXPECT_EQ(compileError(kAdd, options),
            "test.mlir:0:0: error: no function named @missing");
}

TEST_F(RuntimeTest, CustomCallsUseTheGivenRegistry) {
  constexpr llvm::StringLiteral program = R"mlir(
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.custom_call @test.scale(%a) {backend_config = "2.5"} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
)mlir";
  CustomCallRegistry registry;
  ASSERT_TRUE(registry.add(
      "test.scale",
      [](const std::vector<CustomCallBuffer> &operands,
         const std::vector<CustomCallBuffer> &results,
         std::string_view config) -> Status {
        double factor;
        if (llvm::StringRef(config.data(), config.size())
                .getAsDouble(factor))
          return Status::error("bad factor '" + std::string(config) + "'");
        const auto *in = static_cast<const float *>(operands[0].data);
        auto *out = static_cast<float *>(results[0].data);
        for (int64_t i = 0; i < operands[0].getNumElements(); ++i)
          out[i] = in[i] * factor;
        return Status();
      }).ok());
  // The global registry does not have it.
  EXPECT_NE(compileError(program).find("is not registered"),
            std::string::npos);
  Status duplicate = registry.add("test.scale", nullptr);
  EXPECT_TRUE(bool(duplicate));

  CompileOptions options;
  options.customCalls = &registry;
  std::unique_ptr<Executable> exe = compile(program, options);
  ASSERT_TRUE(exe);
  auto outputs = exe->run({f32({3}, {1, 2, 4})});
  ASSERT_TRUE(bool(outputs)) << outputs.getStatus().message();
  EXPECT_EQ(formatArray((*outputs)[0]), "[ 2.5  5.  10. ]");
}

TEST_F(RuntimeTest, CustomCallErrorsFailTheRun) {
  CustomCallRegistry registry;
  ASSERT_TRUE(registry.add("test.fail",
                        [](const std::vector<CustomCallBuffer> &,
                           const std::vector<CustomCallBuffer> &,
                           std::string_view) -> Status {
                          return Status::error("no luck");
                        }).ok());
  CompileOptions options;
  options.customCalls = &registry;
  std::unique_ptr<Executable> exe = compile(R"mlir(
func.func @main() {
  hlo.custom_call @test.fail() {has_side_effect = true} : () -> ()
  return
}
)mlir",
                                            options);
  ASSERT_TRUE(exe);
  auto outputs = exe->run({});
  ASSERT_FALSE(bool(outputs));
  EXPECT_EQ(outputs.getStatus().message(),
            "custom call 'test.fail': no luck");
}

TEST(NpyTest, RoundTripsEveryDType) {
  for (DType dtype : {DType::I1, DType::I8, DType::I16, DType::I32, DType::I64,
                      DType::UI8, DType::UI16, DType::UI32, DType::UI64,
                      DType::F16, DType::F32, DType::F64, DType::Complex64,
                      DType::Complex128}) {
    HostBuffer buffer = llvm::cantFail(generateInput(TensorSpec{dtype, {3, 5}}, 7, 0));
    auto parsed = parseNpy(encodeNpy(buffer), "buffer");
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(parsed->getSpec(), buffer.getSpec()) << getName(dtype);
    EXPECT_EQ(std::memcmp(parsed->data(), buffer.data(), buffer.getByteSize()),
              0)
        << getName(dtype);
  }
}

TEST(NpyTest, WritesBF16AsF32AndScalarsWithEmptyShape) {
  HostBuffer bf16 = llvm::cantFail(generateInput(TensorSpec{DType::BF16, {4}}, 1, 0));
  auto parsed = parseNpy(encodeNpy(bf16), "bf16");
  ASSERT_TRUE(bool(parsed));
  EXPECT_EQ(parsed->getDType(), DType::F32);
  EXPECT_EQ(formatArray(*parsed).size() > 2, true);
  std::string scalar = encodeNpy(HostBuffer(DType::F64, std::vector<int64_t>{}));
  EXPECT_NE(scalar.find("'shape': ()"), std::string::npos);
  EXPECT_EQ(scalar.size() % 64, 8u); // 64-byte aligned header + one f64
}

TEST(NpyTest, RejectsMalformedFiles) {
  auto expectError = [](llvm::StringRef contents, llvm::StringRef message) {
    auto parsed = parseNpy(contents, "f.npy");
    ASSERT_FALSE(bool(parsed));
    EXPECT_EQ(llvm::toString(parsed.takeError()), message.str());
  };
  std::string header = "\x93NUMPY\x01";
  header.push_back('\0');
  auto file = [&](llvm::StringRef dict) {
    std::string text = header;
    text.push_back(static_cast<char>(dict.size()));
    text.push_back('\0');
    return text + dict.str();
  };
  expectError("GIF89a", "f.npy: not a .npy file (bad magic string)");
  expectError(file("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }"),
              "f.npy: Fortran-order arrays are not supported; save the array "
              "with np.ascontiguousarray first");
  expectError(file("{'descr': '>i4', 'fortran_order': False, 'shape': (1,), }"),
              "f.npy: big-endian data ('>i4') is not supported");
  expectError(file("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"),
              "f.npy: unsupported dtype '|O'");
  expectError(file("{'descr': [('a', '<f4')], 'fortran_order': False, "
                   "'shape': (1,), }"),
              "f.npy: structured dtypes are not supported");
  expectError(file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }") +
                  "abc",
              "f.npy: expected 8 bytes of data for tensor<2xf32>, found 3 "
              "(truncated file)");
  // A header may claim any shape: it is checked against the data (and for
  // overflow) before a byte is allocated.
  expectError(file("{'descr': '<f4', 'fortran_order': False, "
                   "'shape': (1099511627776,), }") + "abcd",
              "f.npy: expected 4398046511104 bytes of data for "
              "tensor<1099511627776xf32>, found 4 (truncated file)");
  expectError(file("{'descr': '<f8', 'fortran_order': False, "
                   "'shape': (4294967296, 4294967296), }"),
              "f.npy: the shape of tensor<4294967296x4294967296xf64> "
              "overflows 64 bits");
  expectError(file("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }") +
                  "abcdefgh",
              "f.npy: expected 4 bytes of data for tensor<1xf32>, found 8");
}

TEST(TensorSpecTest, SizesAreCheckedForOverflow) {
  EXPECT_EQ(TensorSpec({DType::F32, {2, 3}}).getCheckedByteSize(), 24u);
  EXPECT_EQ(TensorSpec({DType::F32, {}}).getCheckedByteSize(), 4u);
  // Any zero dimension empties the tensor, whatever the others are.
  EXPECT_EQ(TensorSpec({DType::F64, {int64_t(1) << 62, 0}}).getCheckedByteSize(),
            0u);
  EXPECT_EQ(TensorSpec({DType::F32, {int64_t(1) << 62}}).getCheckedByteSize(),
            std::nullopt);
  EXPECT_EQ(TensorSpec({DType::I8, {int64_t(1) << 32, int64_t(1) << 32}})
                .getCheckedByteSize(),
            std::nullopt);
  EXPECT_EQ(TensorSpec({DType::I8, {-1}}).getCheckedByteSize(), std::nullopt);
  // Overflow is not hidden by a later multiplication.
  EXPECT_EQ(TensorSpec({DType::F32, {int64_t(1) << 62, 4, 1}})
                .getCheckedByteSize(),
            std::nullopt);
}

TEST(HostBufferTest, CreateReportsOverflowAndExhaustion) {
  auto overflow =
      HostBuffer::create(TensorSpec{DType::F32, {int64_t(1) << 62}}, true);
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.getStatus().message(),
            "the size of tensor<4611686018427387904xf32> overflows 64 bits");
  // 2^61 bytes: representable, but no machine has it.
  auto huge =
      HostBuffer::create(TensorSpec{DType::I8, {int64_t(1) << 61}}, false);
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.getStatus().message().find("out of memory"),
            std::string::npos);
  auto fine = HostBuffer::create(TensorSpec{DType::F32, {5}}, true);
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(fine->data<float>()[4], 0.0f);
}

TEST(FormatTest, ScalarsPrintLikeNumPy) {
  auto f32 = [](float value) { return formatScalar(&value, DType::F32); };
  auto f64 = [](double value) { return formatScalar(&value, DType::F64); };
  EXPECT_EQ(f32(1.0f), "1.0");
  EXPECT_EQ(f32(0.1f), "0.1");
  EXPECT_EQ(f32(1e-5f), "1e-05");
  EXPECT_EQ(f32(1e7f), "1e+07");
  EXPECT_EQ(f32(-0.0f), "-0.0");
  EXPECT_EQ(f64(1e15), "1000000000000000.0");
  EXPECT_EQ(f64(1e16), "1e+16");
  EXPECT_EQ(f64(1.0 / 3), "0.3333333333333333");
  float complex1[] = {0.0f, 1.0f}, complex2[] = {-0.0f, -1.0f},
        complex3[] = {1.5f, -0.5f};
  EXPECT_EQ(formatScalar(complex1, DType::Complex64), "1j");
  EXPECT_EQ(formatScalar(complex2, DType::Complex64), "(-0-1j)");
  EXPECT_EQ(formatScalar(complex3, DType::Complex64), "(1.5-0.5j)");
}

TEST(RandomInputsTest, DependOnSeedAndIndexOnly) {
  TensorSpec spec{DType::F32, {16}};
  HostBuffer a = llvm::cantFail(generateInput(spec, 3, 0)), b = llvm::cantFail(generateInput(spec, 3, 0));
  HostBuffer c = llvm::cantFail(generateInput(spec, 3, 1)), d = llvm::cantFail(generateInput(spec, 4, 0));
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.getByteSize()), 0);
  EXPECT_NE(std::memcmp(a.data(), c.data(), a.getByteSize()), 0);
  EXPECT_NE(std::memcmp(a.data(), d.data(), a.getByteSize()), 0);
  for (int i = 0; i < 16; ++i) {
    EXPECT_GE(a.data<float>()[i], -1.0f);
    EXPECT_LT(a.data<float>()[i], 1.0f);
  }
  HostBuffer ints = llvm::cantFail(generateInput(TensorSpec{DType::UI8, {64}}, 0, 0));
  for (int i = 0; i < 64; ++i)
    EXPECT_LE(ints.data<uint8_t>()[i], 10);
}

TEST(HostBufferTest, IsAlignedZeroedAndCopiesDeeply) {
  HostBuffer buffer(DType::F64, {3, 7});
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % 64, 0u);
  for (int i = 0; i < 21; ++i)
    EXPECT_EQ(buffer.data<double>()[i], 0.0);
  HostBuffer copy = buffer;
  copy.data<double>()[0] = 1.0;
  EXPECT_EQ(buffer.data<double>()[0], 0.0);
  HostBuffer empty(DType::F32, {0, 4});
  EXPECT_NE(empty.data(), nullptr);
  EXPECT_EQ(formatArray(empty), "[]");
}

TEST(HostBufferTest, UninitializedHasTheSpecAndAnAlignedBlock) {
  TensorSpec spec{DType::F32, {300, 301}};
  HostBuffer buffer = HostBuffer::uninitialized(spec);
  EXPECT_EQ(buffer.getSpec(), spec);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % 64, 0u);
  buffer.data<float>()[300 * 301 - 1] = 1.0f;
  HostBuffer empty = HostBuffer::uninitialized(TensorSpec{DType::I8, {0}});
  EXPECT_NE(empty.data(), nullptr);
}

TEST(BufferPoolTest, ReusesLargeBlocksBySizeClass) {
  poolTrim();
  BufferPoolStats start = poolStats();
  void *block = poolAllocate(1 << 20);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, 1 << 20);
  poolFree(block);
  EXPECT_EQ(poolStats().bytesInUse, start.bytesInUse);
  EXPECT_GE(poolStats().bytesCached, uint64_t(1) << 20);
  // A slightly smaller request has the same size class: the same block.
  void *again = poolAllocate((1 << 20) - 100);
  EXPECT_EQ(again, block);
  EXPECT_EQ(poolStats().reused, start.reused + 1);
  // One a quarter larger does not fit in it.
  void *larger = poolAllocate((1 << 20) + (1 << 18) + 1);
  EXPECT_NE(larger, block);
  EXPECT_GE(poolStats().peakBytesInUse,
            start.bytesInUse + (uint64_t(1) << 20) + (3 << 19));
  poolFree(again);
  poolFree(larger);
  poolTrim();
  EXPECT_EQ(poolStats().bytesCached, 0u);
}

TEST(BufferPoolTest, CountsRequestedBytesApartFromSizeClasses) {
  poolResetPeak();
  BufferPoolStats start = poolStats();
  // 1.1 MiB takes a 1.25 MiB class; a small block bypasses the pool but
  // is still a live buffer.
  size_t size = (1 << 20) + (1 << 20) / 10;
  void *large = poolAllocate(size);
  void *small = poolAllocate(1000);
  ASSERT_NE(large, nullptr);
  ASSERT_NE(small, nullptr);
  BufferPoolStats held = poolStats();
  EXPECT_EQ(held.bytesRequested - start.bytesRequested, size + 1000);
  EXPECT_EQ(held.bytesInUse - start.bytesInUse, (1u << 20) + (1u << 18));
  EXPECT_EQ(held.peakBytesRequested, held.bytesRequested);
  poolFree(large);
  poolFree(small);
  EXPECT_EQ(poolStats().bytesRequested, start.bytesRequested);
  EXPECT_EQ(poolStats().peakBytesRequested, held.bytesRequested);
}

TEST(BufferPoolTest, HonoursAlignmentForSmallAndLargeBlocks) {
  for (size_t size : {size_t(1), size_t(100), size_t(1) << 17})
    for (size_t alignment : {size_t(8), size_t(64), size_t(128), size_t(4096)}) {
      void *block = poolAllocate(size, alignment);
      ASSERT_NE(block, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % alignment, 0u)
          << size << " bytes aligned to " << alignment;
      std::memset(block, 0, size);
      poolFree(block);
    }
  poolFree(nullptr);
}

} // namespace

TEST(TargetDescriptionTest, OverridesAndRoundTrips) {
  auto target = xla::TargetDescription::forCPU("haswell", "x86_64-pc-linux-gnu");
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  EXPECT_EQ(target->vectorBits, 256);
  EXPECT_EQ(target->vectorRegisters, 16);
  double haswellPeak = target->peakGflops;
  // More cores raise the estimated peak; an explicit peak wins.
  ASSERT_FALSE(bool(target->applyOverrides("cores=8,l2=1MiB")));
  EXPECT_EQ(target->cores, 8);
  EXPECT_EQ(target->l2Bytes, 1 << 20);
  EXPECT_GT(target->peakGflops, haswellPeak);
  ASSERT_FALSE(bool(target->applyOverrides("peak-gflops=123.5")));
  EXPECT_EQ(target->peakGflops, 123.5);
  // A new CPU brings its own vector width.
  ASSERT_FALSE(bool(target->applyOverrides("cpu=skylake-avx512")));
  EXPECT_EQ(target->vectorBits, 512);
  EXPECT_EQ(target->vectorRegisters, 32);
  EXPECT_EQ(target->cores, 8);
  // Explicit widths win over those of the features, in any order.
  auto avx2 = xla::TargetDescription::forCPU("x86-64", "x86_64-pc-linux-gnu");
  ASSERT_TRUE(bool(avx2));
  ASSERT_FALSE(bool(avx2->applyOverrides(
      "vector-bits=128,vector-registers=8,features=+avx2+fma")));
  EXPECT_EQ(avx2->vectorBits, 128);
  EXPECT_EQ(avx2->vectorRegisters, 8);
  ASSERT_FALSE(bool(avx2->applyOverrides("features=+avx512f")));
  EXPECT_EQ(avx2->vectorBits, 512);
  EXPECT_EQ(avx2->vectorRegisters, 32);

  // The spec form reproduces the description, and so does the attribute.
  auto copy = xla::TargetDescription::forCPU("x86-64", "x86_64-pc-linux-gnu");
  ASSERT_TRUE(bool(copy));
  ASSERT_FALSE(bool(copy->applyOverrides(target->str())));
  EXPECT_EQ(copy->str(), target->str());
  mlir::MLIRContext context;
  auto module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&context));
  target->attachTo(module);
  auto fromIR = xla::TargetDescription::fromModule(module);
  ASSERT_TRUE(bool(fromIR)) << llvm::toString(fromIR.takeError());
  EXPECT_EQ(fromIR->str(), target->str());
  module->erase();
}

TEST(TargetDescriptionTest, RejectsBadSpecs) {
  auto target = xla::TargetDescription::forCPU("haswell", "x86_64-pc-linux-gnu");
  ASSERT_TRUE(bool(target));
  auto message = [&](llvm::StringRef spec) {
    return llvm::toString(target->applyOverrides(spec));
  };
  EXPECT_EQ(message("vector-bits=100"),
            "--target: bad value '100' for vector-bits");
  EXPECT_EQ(message("vector-registers=4"),
            "--target: bad value '4' for vector-registers");
  EXPECT_EQ(message("l1"), "--target: 'l1' is not key=value");
  EXPECT_EQ(message("memory=99999999999T"),
            "--target: bad value '99999999999T' for memory");
  ASSERT_FALSE(bool(target->applyOverrides("memory=2G")));
  EXPECT_EQ(target->memoryBytes, int64_t(2) << 30);
  EXPECT_EQ(xla::parseByteSize("1T"), int64_t(1) << 40);
  EXPECT_EQ(xla::parseByteSize("64MiB"), int64_t(64) << 20);
  EXPECT_EQ(xla::parseByteSize("-1"), std::nullopt);
  EXPECT_EQ(xla::parseByteSize("9223372036854775807K"), std::nullopt);
  EXPECT_NE(message("cpu=pentium9").find("unknown CPU 'pentium9'"),
            std::string::npos);
  mlir::MLIRContext context;
  auto module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&context));
  EXPECT_EQ(llvm::toString(
                xla::TargetDescription::fromModule(module).takeError()),
            "the module has no 'xla.target' dictionary");
  module->erase();
}

TEST(SignatureTest, RoundTripsAndRejectsOtherVersions) {
  Signature signature;
  signature.entry = "predict";
  signature.inputs = {TensorSpec{DType::F32, {2, 3}},
                      TensorSpec{DType::I1, {}}};
  signature.outputs = {TensorSpec{DType::Complex64, {4}}};
  signature.customCalls = {"my.target"};
  signature.imports = {"xla_rt_check_f32"};
  auto parsed = Signature::parse(signature.serialize());
  ASSERT_TRUE(bool(parsed)) << parsed.getStatus().message();
  EXPECT_TRUE(*parsed == signature);
  // Aliases: an output and an input of one type.
  signature.outputs.push_back(TensorSpec{DType::F32, {2, 3}});
  signature.aliases = {{1, 0}};
  parsed = Signature::parse(signature.serialize());
  ASSERT_TRUE(bool(parsed)) << parsed.getStatus().message();
  EXPECT_TRUE(*parsed == signature);
  signature.aliases[0].inPlace = true;
  EXPECT_NE(signature.serialize().find("alias 1 0 in-place\n"),
            std::string::npos);
  parsed = Signature::parse(signature.serialize());
  ASSERT_TRUE(bool(parsed)) << parsed.getStatus().message();
  EXPECT_TRUE(*parsed == signature);
  auto newer = Signature::parse("xla-signature 2\nentry main\n");
  ASSERT_FALSE(bool(newer));
  EXPECT_NE(newer.getStatus().message().find("another compiler version"),
            std::string::npos);
  // A library's signature is data: a shape whose size overflows would give
  // its buffers the wrong size.
  auto overflow = Signature::parse(
      "xla-signature 1\nentry main\ninput f32 4611686018427387904x4\n");
  EXPECT_FALSE(bool(overflow));
  for (const char *alias : {"alias 0 0", "alias 1 5", "alias 1", "alias x 0",
                            "alias 1 0 in-place-ish", "alias in-place"}) {
    auto bad = Signature::parse(
        std::string("xla-signature 1\nentry main\ninput f32 2x3\noutput "
                    "f32 4\noutput f32 2x3\n") +
        alias + "\n");
    EXPECT_FALSE(bool(bad)) << alias;
  }
  auto unknown = Signature::parse("xla-signature 1\nentry main\nflavor x\n");
  ASSERT_FALSE(bool(unknown));
  EXPECT_NE(unknown.getStatus().message().find("unknown key"),
            std::string::npos);
}
