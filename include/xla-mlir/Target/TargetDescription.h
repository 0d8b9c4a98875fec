//===- TargetDescription.h - the machine code is compiled for -----*- C++ -*-===//
//
// What the compiler knows about a target: what LLVM needs (triple, CPU,
// features) and what strategy and cost decisions need (vector width, cores,
// cache sizes, memory bandwidth, peak arithmetic rate). It comes from host
// detection or from a table of defaults for a named CPU, and every field can
// be overridden with a spec "key=value,..." (the tools' --target flag):
//
//   cpu=haswell,cores=8,l2=1MiB,bandwidth-gbps=40
//
// The compile driver attaches it to the module as the `xla.target`
// dictionary attribute, so passes (tiling strategy, fusion cost model) read
// it from the IR, and a lit test can hand them any target.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TARGET_TARGETDESCRIPTION_H
#define XLA_MLIR_TARGET_TARGETDESCRIPTION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Target;
} // namespace llvm

namespace xla {

struct TargetDescription {
  /// The module attribute that carries a description.
  static constexpr llvm::StringLiteral kAttrName = "xla.target";

  std::string triple;
  std::string cpu;
  /// Comma-separated LLVM subtarget features, e.g. "+avx2,+fma"; empty: the
  /// CPU's own.
  std::string features;
  /// Width of the widest vector registers (x86: 512 with AVX-512F, 256 with
  /// AVX, else 128).
  int64_t vectorBits = 128;
  /// Architectural vector registers (x86: 32 with AVX-512F, else 16;
  /// AArch64: 32). They bound the register tile of a contraction.
  int64_t vectorRegisters = 16;
  /// Cores that run the tiles of parallel loops.
  int64_t cores = 1;
  /// Data cache sizes per core (L1, L2) and shared (L3), in bytes.
  int64_t l1Bytes = 32 << 10;
  int64_t l2Bytes = 1 << 20;
  int64_t l3Bytes = 8 << 20;
  /// Core clock, GHz (sysfs on the host).
  double clockGHz = 3.0;
  /// Sustained memory bandwidth of the whole chip, GB/s.
  double bandwidthGBps = 20.0;
  /// Peak f32 arithmetic rate of all cores, GFLOP/s (FMA = 2 flops).
  double peakGflops = 100.0;
  /// Fixed cost of running one kernel, microseconds: a call, and on the CPU
  /// waking the threads of its parallel loop. The fusion cost model charges
  /// it per kernel.
  double kernelOverheadUs = 2.0;
  /// The NVIDIA GPU the kernels run on (e.g. "sm_90a"); empty: the program
  /// runs on the CPU. Host code is still compiled for the CPU fields above,
  /// while the fusion cost model's bandwidth, peak rate and kernel overhead
  /// describe the GPU (`gpu=` brings an H100's unless the spec sets them).
  std::string gpu;
  /// Memory the program's buffers live in, bytes: the host's RAM, or the
  /// GPU's for `gpu=`. No single tensor may be larger (the compile driver's
  /// `--max-tensor-size` defaults to it; `hlo-check-tensor-sizes`).
  int64_t memoryBytes = int64_t(16) << 30;

  /// Iterations below which an op's tiles are not distributed over the
  /// cores (tiling strategy): below it, starting the threads costs about as
  /// much as the work. Measured on the 2-core EPYC (docs/cpu-backend.md);
  /// not scaled with `cores` until a machine with more cores says how.
  static constexpr int64_t kMinParallelIterations = 1 << 16;

  /// Smallest output, in bytes, that kernels write with streaming
  /// (non-temporal) stores on x86 (xla-streaming-stores): all cores' L2.
  /// Below it the output may stay in the private caches for its reader;
  /// above it, on the 2-core Emerald Rapids, writing 2 MB to 128 MB per
  /// thread with streaming stores and reading it back at once took 0.72-0.9
  /// times as long as with plain stores (docs/cpu-backend.md).
  int64_t streamingStoreBytes() const { return cores * l2Bytes; }

  /// The machine this process runs on: LLVM's host detection for the CPU
  /// and features, sysfs for caches and cores; bandwidth and peak rate are
  /// estimated from the CPU (see docs/architecture.md).
  static llvm::Expected<TargetDescription> host();

  /// A named CPU of `triple` (empty: this process's) with the defaults of
  /// the table and the CPU's features.
  static llvm::Expected<TargetDescription> forCPU(llvm::StringRef cpu,
                                                  llvm::StringRef triple = "");

  /// Applies "key=value,..." (keys: triple, cpu, features, vector-bits,
  /// vector-registers, cores, l1, l2, l3, clock-ghz, bandwidth-gbps,
  /// peak-gflops, kernel-overhead-us, memory, gpu; `cuda` alone means
  /// gpu=sm_90a; sizes accept the suffixes of parseByteSize; features are
  /// written without commas, e.g. "+avx2+fma-avx512f"). A new cpu brings
  /// its own features, vector width and registers; the peak rate follows
  /// the vector width, cores and clock unless the spec sets it.
  llvm::Error applyOverrides(llvm::StringRef spec);

  /// LLVM's target for the triple (the native targets are initialized on
  /// first use).
  llvm::Expected<const llvm::Target *> getLLVMTarget() const;

  /// Success if code for this target runs on the machine of this process:
  /// the same architecture, and no instruction-set feature the host lacks
  /// (else the code would die of an illegal instruction). The error names
  /// the missing features. Tuning features do not count.
  llvm::Error checkRunsOnHost() const;

  /// The spec that reproduces this description.
  std::string str() const;

  mlir::DictionaryAttr toAttr(mlir::MLIRContext *context) const;
  /// The description on `module`, or an error naming the bad field.
  static llvm::Expected<TargetDescription> fromModule(mlir::ModuleOp module);
  void attachTo(mlir::ModuleOp module) const;

  bool operator==(const TargetDescription &other) const {
    return str() == other.str();
  }
};

/// "65536", "32K", "1MiB", "64M", "2G", "1T" (powers of 1024) in bytes;
/// nullopt for anything else or a value that does not fit in int64_t.
std::optional<int64_t> parseByteSize(llvm::StringRef text);

} // namespace xla

#endif // XLA_MLIR_TARGET_TARGETDESCRIPTION_H
