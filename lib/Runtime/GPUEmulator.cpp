//===- GPUEmulator.cpp - GPU kernels run on the host, for testing ---------===//
//
// A launch runs the kernel's blocks one after another on the calling
// thread. The threads of a kernel that never synchronizes run as plain
// calls. Those of one that does (barriers, warp shuffles) run as fibers
// (ucontext) that yield at each synchronization; the emulator resumes them
// once the whole block, or the warp, has arrived, so what a barrier orders
// is ordered by construction. Device memory is host memory filled with 0xff
// bytes (NaN, -1) when allocated, and so is a block's shared memory when
// the block starts, so that a kernel reading what nothing wrote shows it.
// A thread's cp.async copies stay pending until a wait completes their
// group (the latest a GPU may land them), so that a tile read before its
// wait shows too.
//
// $XLA_GPU_EMULATOR_ORDER=reverse runs the blocks, and the threads
// between two synchronizations, in reverse order: a missing barrier (or a
// block reading what another writes) shows in one order or the other.
//
//===----------------------------------------------------------------------===//

// The fibers' jumps between stacks are what glibc's fortified longjmp
// (__longjmp_chk) takes for a corrupt stack.
#undef _FORTIFY_SOURCE

#include "xla-mlir/Runtime/GPUEmulator.h"

#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/ABI/GPUABI.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>

#include <csetjmp>
#include <sys/mman.h>
#include <ucontext.h>

// Fibers switch with _setjmp/_longjmp (no system call, unlike swapcontext,
// which saves the signal mask each time), once started with ucontext.
// AddressSanitizer follows ucontext switches, not jumps between stacks:
// there every switch is a swapcontext.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XLA_EMULATOR_SWAPCONTEXT 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define XLA_EMULATOR_SWAPCONTEXT 1
#endif

using namespace xla::runtime;

namespace {

using KernelEntry = void (*)(const uint64_t *params);

enum class State : uint8_t { Runnable, AtBarrier, AtShuffle, AtMma, Done };

struct Shuffle {
  uint32_t kind = 0, mask = 0, value = 0, offset = 0, clamp = 0;
  uint64_t result = 0;
};

/// A lane's fragments of an m16n8k8 tf32 product.
struct Mma {
  uint32_t a[4], b[2];
  float c[4];
  float *d;
};

/// A cp.async: `size` bytes to shared memory, the first `srcSize` of them
/// from device memory, the rest zeros.
struct AsyncCopy {
  void *dst;
  const void *src;
  uint32_t size, srcSize;

  void complete() const {
    if (srcSize)
      std::memcpy(dst, src, srcSize);
    std::memset(static_cast<char *>(dst) + srcSize, 0, size - srcSize);
  }
};

struct Fiber {
  ucontext_t context;
  std::jmp_buf jump;
  bool started = false;
  State state = State::Done;
  Shuffle shuffle;
  Mma mma;
  /// The thread's pending cp.async copies: those not yet in a group, and
  /// the committed groups, oldest first.
  std::vector<AsyncCopy> openCopies;
  std::deque<std::vector<AsyncCopy>> copyGroups;

  /// cp.async.commit_group: the copies not yet in a group become one.
  void commitCopies() {
    copyGroups.push_back(std::move(openCopies));
    openCopies.clear();
  }

  /// Completes the oldest groups until at most `pending` remain.
  void completeCopies(size_t pending) {
    while (copyGroups.size() > pending) {
      for (const AsyncCopy &copy : copyGroups.front())
        copy.complete();
      copyGroups.pop_front();
    }
  }
};

/// Each fiber's stack; the kernels' locals are small, libm's calls too.
constexpr size_t kStackBytes = 256 << 10;
constexpr uint32_t kWarpSize = 32;

/// Stacks kept from launch to launch (mapped lazily, never touched pages
/// cost nothing). Below each, a page no access may touch: a fiber that
/// overflows its stack faults instead of writing over another's.
struct Stacks {
  static constexpr size_t kGuardBytes = 64 << 10; // any page size up to it
  std::vector<char *> stacks;
  ~Stacks() {
    for (char *stack : stacks)
      munmap(stack - kGuardBytes, kGuardBytes + kStackBytes);
  }
  void *get(size_t i) {
    while (stacks.size() <= i) {
      void *mapping =
          mmap(nullptr, kGuardBytes + kStackBytes, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (mapping == MAP_FAILED)
        return nullptr;
      if (mprotect(mapping, kGuardBytes, PROT_NONE) != 0) {
        munmap(mapping, kGuardBytes + kStackBytes);
        return nullptr;
      }
      stacks.push_back(static_cast<char *>(mapping) + kGuardBytes);
    }
    return stacks[i];
  }
};

struct Launch {
  KernelEntry entry;
  const uint64_t *params;
  const char *kernel;
  uint32_t grid[3], block[3], blockId[3];
  uint32_t threads;
  /// The running thread's index in its block (x fastest).
  uint32_t linear = 0;
  bool fibers;
  std::vector<Fiber> fiber;
  /// The block's shared memory.
  void *shared = nullptr;
  uint32_t sharedBytes = 0;
  ucontext_t scheduler;
  std::jmp_buf schedulerJump;
  std::string error;
};

thread_local Launch *active = nullptr;
thread_local std::string *currentError = nullptr;
thread_local Stacks stacks;

bool reverseOrder() {
  static const bool reverse = [] {
    const char *order = std::getenv("XLA_GPU_EMULATOR_ORDER");
    return order && std::strcmp(order, "reverse") == 0;
  }();
  return reverse;
}

void fail(std::string message) {
  if (currentError) {
    if (currentError->empty())
      *currentError = "GPU emulator: " + std::move(message);
    return;
  }
  std::fprintf(stderr, "xla-mlir GPU emulator: %s\n", message.c_str());
  std::abort();
}

/// A kernel calling a synchronization its launch did not expect cannot go
/// on (there is no fiber to suspend): a compiler bug.
[[noreturn]] void fatal(const std::string &message) {
  std::fprintf(stderr, "xla-mlir GPU emulator: %s\n", message.c_str());
  std::abort();
}

std::string where(const Launch &l) {
  return std::string("kernel ") + l.kernel + ", block (" +
         std::to_string(l.blockId[0]) + ", " + std::to_string(l.blockId[1]) +
         ", " + std::to_string(l.blockId[2]) + ")";
}

/// From the running fiber to the scheduler, and back when resumed.
void toScheduler(Launch &l, Fiber &f) {
#ifdef XLA_EMULATOR_SWAPCONTEXT
  swapcontext(&f.context, &l.scheduler);
#else
  if (!_setjmp(f.jump))
    _longjmp(l.schedulerJump, 1);
#endif
}

/// From the scheduler into fiber `f`, and back when it yields.
void toFiber(Launch &l, Fiber &f) {
#ifdef XLA_EMULATOR_SWAPCONTEXT
  swapcontext(&l.scheduler, &f.context);
#else
  if (_setjmp(l.schedulerJump))
    return;
  if (!f.started) {
    f.started = true;
    setcontext(&f.context);
  }
  _longjmp(f.jump, 1);
#endif
}

/// A fiber runs its slot's thread of one block after another (the
/// scheduler sets which), so that it is started once per launch.
void fiberMain() {
  for (;;) {
    Launch &l = *active;
    Fiber &f = l.fiber[l.linear];
    l.entry(l.params);
    // Copies a thread leaves in flight still land.
    f.commitCopies();
    f.completeCopies(0);
    f.state = State::Done;
    toScheduler(l, f);
  }
}

/// Yields the running fiber to the scheduler in `state`.
void yield(State state) {
  Launch &l = *active;
  Fiber &f = l.fiber[l.linear];
  f.state = state;
  toScheduler(l, f);
}

/// shfl.sync's result for `lane` of the warp starting at `warp`, in which
/// `lanes` threads exist (PTX ISA, "shfl.sync").
uint64_t shuffleResult(const Fiber *warp, uint32_t lanes, uint32_t lane) {
  const Shuffle &s = warp[lane].shuffle;
  int32_t b = s.offset & 31, c = s.clamp & 31, segment = (s.clamp >> 8) & 31;
  int32_t self = static_cast<int32_t>(lane);
  int32_t maxLane = (self & segment) | (c & ~segment);
  int32_t minLane = self & segment;
  int32_t j = self;
  bool valid = false;
  switch (s.kind) {
  case 0: // bfly
    j = self ^ b;
    valid = j <= maxLane;
    break;
  case 1: // up
    j = self - b;
    valid = j >= maxLane;
    break;
  case 2: // down
    j = self + b;
    valid = j <= maxLane;
    break;
  default: // idx
    j = minLane | (b & ~segment);
    valid = j <= maxLane;
    break;
  }
  if (!valid)
    j = self;
  // A lane that does not take part gives an undefined value: a NaN that
  // shows if it is used.
  uint32_t value = 0x7fc0dead;
  if (j >= 0 && static_cast<uint32_t>(j) < lanes &&
      warp[j].state == State::AtShuffle && (s.mask >> j & 1))
    value = warp[j].shuffle.value;
  return value | static_cast<uint64_t>(valid) << 32;
}

/// The warp's tile D = A B + C (PTX ISA, "Matrix Fragments for
/// mma.m16n8k8" of .tf32): lane = 4 g + t holds A[g (+8)][t (+4)],
/// B[t (+4)][g] and C[g (+8)][2t (+1)]. The operands' low 13 bits are
/// ignored, as the tensor cores do; their products, exact, are added to C
/// with one rounding to f32 (the hardware's own order and rounding of the
/// sum are not documented).
void multiplyTile(Fiber *warp) {
  float a[16][8], b[8][8], c[16][8];
  auto tf32 = [](uint32_t bits) {
    bits &= 0xffffe000u;
    float x;
    std::memcpy(&x, &bits, 4);
    return x;
  };
  for (uint32_t lane = 0; lane < kWarpSize; ++lane) {
    const Mma &m = warp[lane].mma;
    uint32_t g = lane / 4, t = lane % 4;
    a[g][t] = tf32(m.a[0]);
    a[g + 8][t] = tf32(m.a[1]);
    a[g][t + 4] = tf32(m.a[2]);
    a[g + 8][t + 4] = tf32(m.a[3]);
    b[t][g] = tf32(m.b[0]);
    b[t + 4][g] = tf32(m.b[1]);
    c[g][2 * t] = m.c[0];
    c[g][2 * t + 1] = m.c[1];
    c[g + 8][2 * t] = m.c[2];
    c[g + 8][2 * t + 1] = m.c[3];
  }
  for (uint32_t i = 0; i < 16; ++i)
    for (uint32_t j = 0; j < 8; ++j) {
      double sum = c[i][j];
      for (uint32_t k = 0; k < 8; ++k)
        sum += static_cast<double>(a[i][k]) * b[k][j];
      c[i][j] = static_cast<float>(sum);
    }
  for (uint32_t lane = 0; lane < kWarpSize; ++lane) {
    float *d = warp[lane].mma.d;
    uint32_t g = lane / 4, t = lane % 4;
    d[0] = c[g][2 * t];
    d[1] = c[g][2 * t + 1];
    d[2] = c[g + 8][2 * t];
    d[3] = c[g + 8][2 * t + 1];
  }
}

/// Completes a warp's product once all its lanes have arrived; false if it
/// cannot yet (with `l.error` set if it never can).
bool resolveMma(Launch &l, Fiber *warp, uint32_t lanes, uint32_t index) {
  if (lanes != kWarpSize) {
    l.error = where(l) + ": an mma in warp " + std::to_string(index) +
              " of fewer than 32 threads";
    return false;
  }
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    if (warp[lane].state == State::Done) {
      l.error = where(l) + ": an mma of warp " + std::to_string(index) +
                " waits for lane " + std::to_string(lane) +
                ", which has exited";
      return false;
    }
    if (warp[lane].state != State::AtMma)
      return false;
  }
  multiplyTile(warp);
  for (uint32_t lane = 0; lane < lanes; ++lane)
    warp[lane].state = State::Runnable;
  return true;
}

/// Completes the shuffles and products of every warp whose lanes have all
/// arrived; false if none could (with `l.error` set if one never can).
bool resolveWarps(Launch &l) {
  bool resolved = false;
  for (uint32_t start = 0; start < l.threads; start += kWarpSize) {
    Fiber *warp = &l.fiber[start];
    uint32_t lanes = std::min(kWarpSize, l.threads - start);
    if (std::any_of(warp, warp + lanes, [](const Fiber &f) {
          return f.state == State::AtMma;
        })) {
      if (resolveMma(l, warp, lanes, start / kWarpSize))
        resolved = true;
      else if (!l.error.empty())
        return false;
      continue;
    }
    // Lanes shuffle together when they name the same members (two halves
    // of a warp may shuffle apart), and must agree on the kind.
    std::vector<bool> seen(lanes, false);
    for (uint32_t first = 0; first < lanes; ++first) {
      if (seen[first] || warp[first].state != State::AtShuffle)
        continue;
      const Shuffle &head = warp[first].shuffle;
      bool ready = true;
      for (uint32_t lane = 0; lane < lanes; ++lane) {
        const Fiber &f = warp[lane];
        bool member = head.mask >> lane & 1;
        bool same = f.state == State::AtShuffle && f.shuffle.mask == head.mask;
        if (same)
          seen[lane] = true;
        std::string problem;
        if (same && !member)
          problem = "lane " + std::to_string(lane) +
                    " shuffles with a mask that leaves it out";
        else if (same && f.shuffle.kind != head.kind)
          problem = "lanes shuffle with different modes";
        else if (member && f.state == State::AtShuffle && !same)
          problem = "lanes shuffle with overlapping, different masks";
        else if (member && f.state == State::Done)
          problem = "a shuffle waits for lane " + std::to_string(lane) +
                    ", which has exited";
        if (!problem.empty()) {
          l.error = where(l) + ", warp " + std::to_string(start / kWarpSize) +
                    ": " + problem;
          return false;
        }
        if (member && !same)
          ready = false;
      }
      if (!ready)
        continue;
      std::vector<uint64_t> results(lanes);
      for (uint32_t lane = 0; lane < lanes; ++lane)
        if (head.mask >> lane & 1)
          results[lane] = shuffleResult(warp, lanes, lane);
      for (uint32_t lane = 0; lane < lanes; ++lane)
        if (head.mask >> lane & 1) {
          warp[lane].shuffle.result = results[lane];
          warp[lane].state = State::Runnable;
        }
      resolved = true;
    }
  }
  return resolved;
}

/// One fiber per thread of a block, each on a stack of its own.
bool startFibers(Launch &l) {
  l.fiber.resize(l.threads);
  for (uint32_t t = 0; t < l.threads; ++t) {
    Fiber &f = l.fiber[t];
    void *stack = stacks.get(t);
    if (!stack) {
      l.error = "no memory for the stacks of " + std::to_string(l.threads) +
                " emulated threads";
      return false;
    }
    getcontext(&f.context);
    f.context.uc_stack.ss_sp = stack;
    f.context.uc_stack.ss_size = kStackBytes;
    f.context.uc_link = nullptr; // fiberMain never returns
    makecontext(&f.context, fiberMain, 0);
  }
  return true;
}

/// Runs one block's threads as fibers until all have returned.
bool runBlockAsFibers(Launch &l) {
  for (Fiber &f : l.fiber)
    f.state = State::Runnable;
  bool reverse = reverseOrder();
  for (;;) {
    for (uint32_t i = 0; i < l.threads; ++i) {
      uint32_t t = reverse ? l.threads - 1 - i : i;
      if (l.fiber[t].state != State::Runnable)
        continue;
      l.linear = t;
      toFiber(l, l.fiber[t]);
    }
    uint32_t done = 0, atBarrier = 0, inWarp = 0;
    for (const Fiber &f : l.fiber) {
      done += f.state == State::Done;
      atBarrier += f.state == State::AtBarrier;
      inWarp += f.state == State::AtShuffle || f.state == State::AtMma;
    }
    if (done == l.threads)
      return true;
    if (inWarp) {
      if (resolveWarps(l))
        continue;
      if (l.error.empty())
        l.error = where(l) + ": deadlock: " + std::to_string(inWarp) +
                  " threads wait at a shuffle or mma, " +
                  std::to_string(atBarrier) + " at a barrier";
      return false;
    }
    // Exited threads no longer take part in barriers.
    for (Fiber &f : l.fiber)
      if (f.state == State::AtBarrier)
        f.state = State::Runnable;
  }
}

void emuLaunch(const void *kernel, uint64_t flags, const char *name,
               uint64_t gridX, uint64_t gridY, uint64_t gridZ,
               uint64_t blockX, uint64_t blockY, uint64_t blockZ,
               uint32_t sharedMemoryBytes, const uint64_t *params,
               uint64_t /*numParams*/) {
  if (currentError && !currentError->empty())
    return;
  if (active) {
    fail(std::string("kernel ") + name + " launched from a kernel");
    return;
  }
  // An empty iteration space, as the CUDA runtime's launch takes it.
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return;
  uint64_t threads = blockX * blockY * blockZ;
  if (threads == 0 || threads > 1024 || blockX > 1024 || blockY > 1024 ||
      blockZ > 64 || gridX >= (1ull << 31) || gridY > 65535 ||
      gridZ > 65535) {
    fail(std::string("kernel ") + name + ": invalid launch of (" +
         std::to_string(gridX) + ", " + std::to_string(gridY) + ", " +
         std::to_string(gridZ) + ") blocks of (" + std::to_string(blockX) +
         ", " + std::to_string(blockY) + ", " + std::to_string(blockZ) +
         ") threads");
    return;
  }
  // The most a block gets without opting in to more (the CUDA runtime's
  // launch does not opt in, and ptxas allows no more static memory).
  if (sharedMemoryBytes > 48u * 1024) {
    fail(std::string("kernel ") + name + ": " +
         std::to_string(sharedMemoryBytes) + " bytes of shared memory");
    return;
  }
  Launch l;
  l.sharedBytes = sharedMemoryBytes;
  if (sharedMemoryBytes)
    l.shared = std::aligned_alloc(256, (sharedMemoryBytes + 255) / 256 * 256);
  l.entry = reinterpret_cast<KernelEntry>(const_cast<void *>(kernel));
  l.params = params;
  l.kernel = name;
  l.grid[0] = gridX, l.grid[1] = gridY, l.grid[2] = gridZ;
  l.block[0] = blockX, l.block[1] = blockY, l.block[2] = blockZ;
  l.threads = static_cast<uint32_t>(threads);
  l.fibers = flags & kEmulatedKernelSynchronizes;
  if (l.fibers && !startFibers(l)) {
    std::free(l.shared);
    fail(l.error);
    return;
  }
  active = &l;
  bool reverse = reverseOrder();
  uint64_t blocks = gridX * gridY * gridZ;
  for (uint64_t i = 0; i < blocks && l.error.empty(); ++i) {
    uint64_t b = reverse ? blocks - 1 - i : i;
    l.blockId[0] = b % gridX;
    l.blockId[1] = b / gridX % gridY;
    l.blockId[2] = b / (gridX * gridY);
    if (l.shared)
      std::memset(l.shared, 0xff, l.sharedBytes);
    if (l.fibers) {
      runBlockAsFibers(l);
      continue;
    }
    for (uint32_t t = 0; t < l.threads; ++t) {
      l.linear = reverse ? l.threads - 1 - t : t;
      l.entry(params);
    }
  }
  active = nullptr;
  std::free(l.shared);
  if (!l.error.empty())
    fail(l.error);
}

uint32_t emuRegister(uint32_t reg) {
  const Launch &l = *active;
  uint32_t t = l.linear;
  switch (static_cast<EmulatedRegister>(reg)) {
  case EmulatedRegister::ThreadIdX:
    return t % l.block[0];
  case EmulatedRegister::ThreadIdY:
    return t / l.block[0] % l.block[1];
  case EmulatedRegister::ThreadIdZ:
    return t / (l.block[0] * l.block[1]);
  case EmulatedRegister::BlockDimX:
  case EmulatedRegister::BlockDimY:
  case EmulatedRegister::BlockDimZ:
    return l.block[reg - static_cast<uint32_t>(EmulatedRegister::BlockDimX)];
  case EmulatedRegister::BlockIdX:
  case EmulatedRegister::BlockIdY:
  case EmulatedRegister::BlockIdZ:
    return l.blockId[reg - static_cast<uint32_t>(EmulatedRegister::BlockIdX)];
  case EmulatedRegister::GridDimX:
  case EmulatedRegister::GridDimY:
  case EmulatedRegister::GridDimZ:
    return l.grid[reg - static_cast<uint32_t>(EmulatedRegister::GridDimX)];
  case EmulatedRegister::LaneId:
    return t % kWarpSize;
  }
  fatal(where(l) + ": unknown special register " + std::to_string(reg));
}

void *emuShared() { return active->shared; }

void emuCheckAlignment(const void *address, uint64_t alignment) {
  Launch &l = *active;
  if (!(reinterpret_cast<uintptr_t>(address) & (alignment - 1)) ||
      !l.error.empty())
    return;
  char text[64];
  std::snprintf(text, sizeof(text), "%p", address);
  // The host makes the access anyway; the run fails when the launch ends.
  l.error = where(l) + ", thread " + std::to_string(l.linear) +
            ": misaligned access (" + std::to_string(alignment) +
            " bytes claimed) at " + text;
}

/// The running thread's fiber, for a synchronization (`what`): a kernel
/// launched as not synchronizing has none to suspend, a compiler bug.
Fiber &fiberFor(const char *what) {
  Launch &l = *active;
  if (!l.fibers)
    fatal(where(l) + ": " + what +
          " in a kernel launched as not synchronizing");
  return l.fiber[l.linear];
}

void emuBarrier() {
  fiberFor("a barrier");
  yield(State::AtBarrier);
}

uint64_t emuShuffle(uint32_t kind, uint32_t mask, uint32_t value,
                    uint32_t offset, uint32_t clamp) {
  Shuffle &s = fiberFor("a shuffle").shuffle;
  s.kind = kind, s.mask = mask, s.value = value, s.offset = offset;
  s.clamp = clamp;
  yield(State::AtShuffle);
  return s.result;
}

void emuMma(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0,
            uint32_t b1, float c0, float c1, float c2, float c3, float *d) {
  fiberFor("an mma").mma = Mma{{a0, a1, a2, a3}, {b0, b1}, {c0, c1, c2, c3},
                                d};
  yield(State::AtMma);
}

void emuCpAsync(void *dst, const void *src, uint32_t size,
                uint32_t srcSize) {
  Fiber &f = fiberFor("a cp.async");
  Launch &l = *active;
  std::string problem;
  if ((size != 4 && size != 8 && size != 16) || srcSize > size)
    problem = "a cp.async of " + std::to_string(srcSize) + " of " +
              std::to_string(size) + " bytes";
  else if (reinterpret_cast<uintptr_t>(dst) % size ||
           reinterpret_cast<uintptr_t>(src) % size)
    problem = "a misaligned cp.async of " + std::to_string(size) + " bytes";
  if (!problem.empty()) {
    if (l.error.empty())
      l.error = where(l) + ", thread " + std::to_string(l.linear) + ": " +
                problem;
    return;
  }
  f.openCopies.push_back({dst, src, size, srcSize});
}

void emuCpAsyncCommit() {
  fiberFor("a cp.async commit").commitCopies();
}

void emuCpAsyncWait(uint32_t pending) {
  fiberFor("a cp.async wait").completeCopies(pending);
}

/// cvt.rna.tf32.f32: to 10 bits of mantissa, to nearest, ties away from
/// zero (adding half a unit to the magnitude's bits does that, carrying
/// into the exponent where it must); NaN and infinity stay.
uint32_t emuConvertToTF32(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  if ((bits & 0x7f800000u) == 0x7f800000u)
    return bits;
  return (bits + 0x1000u) & 0xffffe000u;
}

void *emuAlloc(uint64_t size) {
  // cudaMalloc's alignment; a distinct address for empty buffers.
  uint64_t bytes = (std::max<uint64_t>(size, 1) + 255) / 256 * 256;
  void *ptr = std::aligned_alloc(256, bytes);
  if (!ptr) {
    std::fprintf(stderr,
                 "xla-mlir GPU emulator: out of memory for a device buffer "
                 "of %llu bytes\n",
                 static_cast<unsigned long long>(size));
    std::abort();
  }
  std::memset(ptr, 0xff, bytes);
  return ptr;
}

void *emuAlignedAlloc(uint64_t alignment, uint64_t size) {
  if (alignment > 256) {
    fail("device allocation aligned to " + std::to_string(alignment) +
         " bytes (at most 256 supported)");
    return nullptr;
  }
  return emuAlloc(size);
}

void emuFree(void *ptr) { std::free(ptr); }

void emuMemcpy(void *dst, const void *src, uint64_t size) {
  if (currentError && !currentError->empty())
    return;
  std::memmove(dst, src, size);
}

/// cuBLAS's strided batched GEMM (column-major), computed plainly.
template <typename T>
void gemm(bool transX, bool transY, int64_t m, int64_t n, int64_t k,
          int64_t batch, const T *x, int64_t ldx, int64_t strideX, const T *y,
          int64_t ldy, int64_t strideY, T *d, int64_t ldd, int64_t strideD,
          bool accumulate) {
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        T sum = 0;
        for (int64_t l = 0; l < k; ++l) {
          T a = transX ? x[b * strideX + l + i * ldx]
                       : x[b * strideX + i + l * ldx];
          T c = transY ? y[b * strideY + j + l * ldy]
                       : y[b * strideY + l + j * ldy];
          sum = std::fma(a, c, sum);
        }
        T &out = d[b * strideD + i + j * ldd];
        out = accumulate ? out + sum : sum;
      }
}

void emuGemm(const char *name, uint64_t dtype, uint64_t transX,
             uint64_t transY, int64_t m, int64_t n, int64_t k, int64_t batch,
             uint64_t x, int64_t ldx, int64_t strideX, uint64_t y,
             int64_t ldy, int64_t strideY, uint64_t d, int64_t ldd,
             int64_t strideD, uint64_t accumulate) {
  if ((currentError && !currentError->empty()) || batch == 0 || m == 0 ||
      n == 0)
    return;
  auto run = [&](auto one) {
    using T = decltype(one);
    gemm(transX, transY, m, n, k, batch, reinterpret_cast<const T *>(x), ldx,
         strideX, reinterpret_cast<const T *>(y), ldy, strideY,
         reinterpret_cast<T *>(d), ldd, strideD, accumulate);
  };
  if (dtype == static_cast<uint64_t>(DType::F64))
    run(0.0);
  else if (dtype == static_cast<uint64_t>(DType::F32))
    run(0.0f);
  else
    fail(std::string(name) + ": GEMM of element type " +
         std::to_string(dtype) + " (cuBLAS calls support f32 and f64)");
}

float emuRsqrtf(float x) { return 1.0f / std::sqrt(x); }
double emuRsqrt(double x) { return 1.0 / std::sqrt(x); }
float emuPowif(float x, int32_t n) {
  return static_cast<float>(std::pow(static_cast<double>(x), n));
}
double emuPowi(double x, int32_t n) { return std::pow(x, n); }
/// libm's lgamma writes signgam, a race between programs on two threads.
float emuLgammaf(float x) {
  int sign;
  return lgammaf_r(x, &sign);
}
double emuLgamma(double x) {
  int sign;
  return lgamma_r(x, &sign);
}

} // namespace

GPUEmulatorScope::GPUEmulatorScope() : previous(currentError) {
  currentError = &error;
}

GPUEmulatorScope::~GPUEmulatorScope() { currentError = previous; }

Status GPUEmulatorScope::finish() {
  return error.empty() ? Status() : Status::error(error);
}


void *xla::runtime::lookupGPUEmulatorSymbol(const char *name) {
  struct Entry {
    const char *name;
    void *function;
  };
#define XLA_EMULATED(suffix, function)                                         \
  {"xla_rt_gpuemu_" suffix, reinterpret_cast<void *>(&function)}
  static const Entry table[] = {
      XLA_EMULATED("alloc", emuAlloc),
      XLA_EMULATED("aligned_alloc", emuAlignedAlloc),
      XLA_EMULATED("free", emuFree),
      XLA_EMULATED("host_alloc", emuAlloc),
      XLA_EMULATED("host_free", emuFree),
      XLA_EMULATED("memcpy", emuMemcpy),
      XLA_EMULATED("launch", emuLaunch),
      XLA_EMULATED("gemm", emuGemm),
      XLA_EMULATED("sreg", emuRegister),
      XLA_EMULATED("shared", emuShared),
      XLA_EMULATED("check_alignment", emuCheckAlignment),
      XLA_EMULATED("barrier", emuBarrier),
      XLA_EMULATED("shfl", emuShuffle),
      XLA_EMULATED("mma_m16n8k8_tf32", emuMma),
      XLA_EMULATED("cvt_tf32", emuConvertToTF32),
      XLA_EMULATED("cp_async", emuCpAsync),
      XLA_EMULATED("cp_async_commit", emuCpAsyncCommit),
      XLA_EMULATED("cp_async_wait", emuCpAsyncWait),
      XLA_EMULATED("rsqrtf", emuRsqrtf),
      XLA_EMULATED("rsqrt", emuRsqrt),
      XLA_EMULATED("powif", emuPowif),
      XLA_EMULATED("powi", emuPowi),
      XLA_EMULATED("lgammaf", emuLgammaf),
      XLA_EMULATED("lgamma", emuLgamma),
  };
#undef XLA_EMULATED
  for (const Entry &entry : table)
    if (std::strcmp(entry.name, name) == 0)
      return entry.function;
  return nullptr;
}
