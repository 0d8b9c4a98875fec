//===- GPUABI.h - how generated host code drives the GPU ----------*- C++ -*-===//
//
// The host code of a GPU program (`xla-gpu-to-runtime`) calls these runtime
// functions, through import pointers like every runtime call
// (ABI/EntryABI.h). All work goes, in program order, to one stream of the
// runtime's; a function that fails records the error, later ones do
// nothing, and the runtime reports it when the entry returns.
//
//   void *xla_rt_gpu_alloc(uint64_t size);
//   void *xla_rt_gpu_aligned_alloc(uint64_t alignment, uint64_t size);
//   void  xla_rt_gpu_free(void *ptr);
//       Device memory, stream-ordered: `memref.alloc` of a GPU program
//       (the allocation functions of `finalize-memref-to-llvm` with
//       `use-generic-functions`, renamed).
//   void *xla_rt_gpu_host_alloc(uint64_t size);
//   void  xla_rt_gpu_host_free(void *ptr);
//       Pinned host memory for staging (`gpu.alloc host_shared`).
//   void  xla_rt_gpu_memcpy(void *dst, const void *src, uint64_t size);
//       Any direction (unified addressing tells host from device); returns
//       once a copy into host memory has arrived.
//   void  xla_rt_gpu_launch(const void *image, uint64_t imageSize,
//                           const char *kernel, uint64_t gridX,
//                           uint64_t gridY, uint64_t gridZ, uint64_t blockX,
//                           uint64_t blockY, uint64_t blockZ,
//                           uint32_t sharedMemoryBytes,
//                           const uint64_t *params, uint64_t numParams);
//       Launches `kernel` of the module `image` (a cubin, fatbin or
//       NUL-terminated PTX, loaded on first use and kept). Each parameter
//       is passed in a 64-bit slot, zero-extended: a memref is its expanded
//       descriptor (allocated, aligned, offset, sizes, strides), as the
//       kernel side (`convert-gpu-to-nvvm`) expects it.
//   void  xla_rt_gpu_gemm(const char *name, uint64_t dtype, uint64_t transX,
//                         uint64_t transY, int64_t m, int64_t n, int64_t k,
//                         int64_t batch, uint64_t x, int64_t ldx,
//                         int64_t strideX, uint64_t y, int64_t ldy,
//                         int64_t strideY, uint64_t d, int64_t ldd,
//                         int64_t strideD, uint64_t accumulate);
//       cuBLAS's strided batched GEMM in its column-major terms (the
//       compiler maps row-major products onto it): for each of `batch`
//       matrices, D = op(X) op(Y) (+ D if `accumulate`), op a transpose if
//       trans*, D m x n, k the inner dimension; x, y and d are device
//       addresses, the stride* elements between matrices; dtype is a DType
//       code (F32 or F64). `name` (NUL-terminated) names the call in kernel
//       timings. The runtime loads cuBLAS on first use
//       (`--gpu-cublas`, pipeline option `library-gemm=cublas`).
//
// Emulated programs (`--gpu-emulate`: `xla-gpu-kernels-to-host` compiles
// the kernels for the host) call the same functions with the prefix
// `xla_rt_gpuemu_` instead of `xla_rt_gpu_` (Runtime/GPUEmulator.h): device
// memory is host memory and a launch runs the kernel on the calling thread.
// Their launch takes the kernel's host entry `void(const uint64_t *params)`
// in place of the image, and flags in place of the image's size (bit 0:
// the kernel synchronizes its threads); its shared memory bytes are all
// the block's, static and dynamic. The kernels call:
//
//   uint32_t xla_rt_gpuemu_sreg(uint32_t reg);
//       A special register: EmulatedRegister below.
//   void    *xla_rt_gpuemu_shared(void);
//       The block's shared memory (the launch's shared bytes, 0xff at the
//       start of each block).
//   void     xla_rt_gpuemu_barrier(void);
//       bar.sync 0 for the whole block.
//   uint64_t xla_rt_gpuemu_shfl(uint32_t kind, uint32_t mask,
//                               uint32_t value, uint32_t offset,
//                               uint32_t clamp);
//       shfl.sync (kind: 0 bfly, 1 up, 2 down, 3 idx, as NVVM numbers
//       them); the result in bits 0-31, the source lane's validity in
//       bit 32.
//   void     xla_rt_gpuemu_check_alignment(const void *p, uint64_t a);
//       Before an access that claims alignment a (8 bytes or more): the
//       run fails if p is not a multiple of a, as a GPU would.
//   uint32_t xla_rt_gpuemu_cvt_tf32(float x);
//       cvt.rna.tf32.f32: x rounded to TF32 (to nearest, ties away).
//   void     xla_rt_gpuemu_mma_m16n8k8_tf32(uint32_t a0, .., uint32_t a3,
//                                           uint32_t b0, uint32_t b1,
//                                           float c0, .., float c3,
//                                           float *d);
//       mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 of the warp:
//       each lane's fragments in, its four results written to d.
//   void     xla_rt_gpuemu_cp_async(void *dst, const void *src,
//                                   uint32_t size, uint32_t srcSize);
//       cp.async.{ca,cg}.shared.global of `size` bytes (4, 8 or 16; both
//       addresses aligned to it), of which the first `srcSize` come from
//       src and the rest are zeros. The copy is pending until a wait
//       completes its group: it happens then, not before.
//   void     xla_rt_gpuemu_cp_async_commit(void);
//       cp.async.commit_group: the thread's pending copies become a group.
//   void     xla_rt_gpuemu_cp_async_wait(uint32_t n);
//       cp.async.wait_group n: all but the newest n groups complete. A
//       thread's copies still pending when it exits complete then.
//   float    xla_rt_gpuemu_rsqrtf(float), double xla_rt_gpuemu_rsqrt(double),
//   float    xla_rt_gpuemu_powif(float, int32_t),
//   double   xla_rt_gpuemu_powi(double, int32_t)
//       libdevice functions that libm lacks (the others call libm's);
//   float    xla_rt_gpuemu_lgammaf(float), double xla_rt_gpuemu_lgamma(double)
//       libm's without its global signgam (programs run on many threads).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_ABI_GPUABI_H
#define XLA_MLIR_ABI_GPUABI_H

#include <cstdint>

namespace xla::runtime {

constexpr const char kGPUAllocSymbol[] = "xla_rt_gpu_alloc";
constexpr const char kGPUAlignedAllocSymbol[] = "xla_rt_gpu_aligned_alloc";
constexpr const char kGPUFreeSymbol[] = "xla_rt_gpu_free";
constexpr const char kGPUHostAllocSymbol[] = "xla_rt_gpu_host_alloc";
constexpr const char kGPUHostFreeSymbol[] = "xla_rt_gpu_host_free";
constexpr const char kGPUMemcpySymbol[] = "xla_rt_gpu_memcpy";
constexpr const char kGPULaunchSymbol[] = "xla_rt_gpu_launch";
constexpr const char kGPUGemmSymbol[] = "xla_rt_gpu_gemm";

/// Every GPU import starts with this.
constexpr const char kGPUSymbolPrefix[] = "xla_rt_gpu_";

/// Every import of an emulated GPU program starts with this instead.
constexpr const char kGPUEmulatorSymbolPrefix[] = "xla_rt_gpuemu_";
constexpr const char kGPUEmulatorRegisterSymbol[] = "xla_rt_gpuemu_sreg";
constexpr const char kGPUEmulatorSharedSymbol[] = "xla_rt_gpuemu_shared";
constexpr const char kGPUEmulatorBarrierSymbol[] = "xla_rt_gpuemu_barrier";
constexpr const char kGPUEmulatorShuffleSymbol[] = "xla_rt_gpuemu_shfl";
constexpr const char kGPUEmulatorTF32Symbol[] = "xla_rt_gpuemu_cvt_tf32";
constexpr const char kGPUEmulatorAlignmentSymbol[] =
    "xla_rt_gpuemu_check_alignment";
constexpr const char kGPUEmulatorMmaSymbol[] =
    "xla_rt_gpuemu_mma_m16n8k8_tf32";
constexpr const char kGPUEmulatorCpAsyncSymbol[] = "xla_rt_gpuemu_cp_async";
constexpr const char kGPUEmulatorCpAsyncCommitSymbol[] =
    "xla_rt_gpuemu_cp_async_commit";
constexpr const char kGPUEmulatorCpAsyncWaitSymbol[] =
    "xla_rt_gpuemu_cp_async_wait";

/// The special registers of `xla_rt_gpuemu_sreg`.
enum class EmulatedRegister : uint32_t {
  ThreadIdX, ThreadIdY, ThreadIdZ,
  BlockDimX, BlockDimY, BlockDimZ,
  BlockIdX, BlockIdY, BlockIdZ,
  GridDimX, GridDimY, GridDimZ,
  LaneId,
};

/// Flags of an emulated launch.
constexpr uint64_t kEmulatedKernelSynchronizes = 1;

} // namespace xla::runtime

#endif // XLA_MLIR_ABI_GPUABI_H
