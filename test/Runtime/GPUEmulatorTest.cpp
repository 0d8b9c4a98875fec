//===- GPUEmulatorTest.cpp - unit tests of the GPU emulator's cp.async ----===//
//
// Kernels written by hand against the emulator's imports (ABI/GPUABI.h),
// for what compiled kernels cannot show on their own: a cp.async lands
// when a wait completes its group and not before, copies past the source
// bytes are zeros, and a misaligned copy fails the run.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/ABI/GPUABI.h"
#include "xla-mlir/Runtime/GPUEmulator.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace xla::runtime;

namespace {

template <typename F> F import(const char *name) {
  void *function = lookupGPUEmulatorSymbol(name);
  EXPECT_NE(function, nullptr) << name;
  return reinterpret_cast<F>(function);
}

using Launch = void (*)(const void *, uint64_t, const char *, uint64_t,
                        uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                        uint32_t, const uint64_t *, uint64_t);

struct Imports {
  uint32_t (*sreg)(uint32_t) =
      import<uint32_t (*)(uint32_t)>(kGPUEmulatorRegisterSymbol);
  void *(*shared)() = import<void *(*)()>(kGPUEmulatorSharedSymbol);
  void (*barrier)() = import<void (*)()>(kGPUEmulatorBarrierSymbol);
  void (*copy)(void *, const void *, uint32_t, uint32_t) =
      import<void (*)(void *, const void *, uint32_t, uint32_t)>(
          kGPUEmulatorCpAsyncSymbol);
  void (*commit)() = import<void (*)()>(kGPUEmulatorCpAsyncCommitSymbol);
  void (*wait)(uint32_t) =
      import<void (*)(uint32_t)>(kGPUEmulatorCpAsyncWaitSymbol);
  Launch launch = import<Launch>("xla_rt_gpuemu_launch");
};

const Imports &imports() {
  static const Imports instance;
  return instance;
}

uint32_t bits(float x) {
  uint32_t result;
  std::memcpy(&result, &x, 4);
  return result;
}

/// Two threads; thread t copies src[4t .. 4t + 3] to shared tile[4t ..] in
/// two groups (the first 8 bytes, then 8 more of which only 4 are read),
/// and records tile[4t] .. tile[4t + 3] after each step in out[12t ..]:
/// before any wait, after waiting for all but one group, after waiting for
/// all; then, past a barrier, the other thread's four values.
void stagedKernel(const uint64_t *params) {
  const Imports &emu = imports();
  auto *src = reinterpret_cast<const float *>(params[0]);
  auto *out = reinterpret_cast<float *>(params[1]);
  uint32_t t = emu.sreg(static_cast<uint32_t>(EmulatedRegister::ThreadIdX));
  auto *tile = static_cast<float *>(emu.shared());
  emu.copy(tile + 4 * t, src + 4 * t, 8, 8);
  emu.commit();
  emu.copy(tile + 4 * t + 2, src + 4 * t + 2, 8, 4);
  emu.commit();
  float *mine = out + 16 * t;
  std::memcpy(mine, tile + 4 * t, 16);
  emu.wait(1);
  std::memcpy(mine + 4, tile + 4 * t, 16);
  emu.wait(0);
  std::memcpy(mine + 8, tile + 4 * t, 16);
  emu.barrier();
  std::memcpy(mine + 12, tile + 4 * (1 - t), 16);
}

void misalignedKernel(const uint64_t *params) {
  const Imports &emu = imports();
  auto *src = reinterpret_cast<const float *>(params[0]);
  auto *tile = static_cast<float *>(emu.shared());
  emu.copy(tile + 1, src, 16, 16);
  emu.commit();
  emu.wait(0);
}

TEST(GPUEmulatorTest, AsyncCopiesLandWhenWaitedFor) {
  std::vector<float> src = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<float> out(32, 0);
  uint64_t params[] = {reinterpret_cast<uint64_t>(src.data()),
                       reinterpret_cast<uint64_t>(out.data())};
  GPUEmulatorScope scope;
  imports().launch(reinterpret_cast<const void *>(&stagedKernel),
                   kEmulatedKernelSynchronizes, "staged", 1, 1, 1, 2, 1, 1,
                   32, params, 2);
  Status status = scope.finish();
  ASSERT_TRUE(status.ok()) << status.message();
  for (int t = 0; t < 2; ++t) {
    const float *mine = out.data() + 16 * t;
    const float *expected = src.data() + 4 * t;
    // Nothing landed before a wait: the block's shared memory is 0xff.
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(bits(mine[i]), 0xffffffffu) << t << " " << i;
    // The first group only.
    EXPECT_EQ(mine[4], expected[0]);
    EXPECT_EQ(mine[5], expected[1]);
    EXPECT_EQ(bits(mine[6]), 0xffffffffu);
    // Both: the second group's last 4 bytes are zeros.
    EXPECT_EQ(mine[8], expected[0]);
    EXPECT_EQ(mine[9], expected[1]);
    EXPECT_EQ(mine[10], expected[2]);
    EXPECT_EQ(mine[11], 0.0f);
    // The other thread's copies, past the barrier.
    const float *other = src.data() + 4 * (1 - t);
    EXPECT_EQ(mine[12], other[0]);
    EXPECT_EQ(mine[14], other[2]);
    EXPECT_EQ(mine[15], 0.0f);
  }
}

TEST(GPUEmulatorTest, MisalignedAsyncCopyFails) {
  alignas(16) float src[4] = {1, 2, 3, 4};
  uint64_t params[] = {reinterpret_cast<uint64_t>(src)};
  GPUEmulatorScope scope;
  imports().launch(reinterpret_cast<const void *>(&misalignedKernel),
                   kEmulatedKernelSynchronizes, "misaligned", 1, 1, 1, 1, 1,
                   1, 32, params, 1);
  Status status = scope.finish();
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("misaligned cp.async of 16 bytes"),
            std::string::npos)
      << status.message();
}

} // namespace
