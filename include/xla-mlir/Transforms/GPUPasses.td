//===- GPUPasses.td - passes of the GPU pipeline -----------*- tablegen -*-===//
//
// Included by Passes.td: the passes that only the GPU pipeline runs
// (device buffers, kernel strategies, kernel attributes, PTX dumps).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TRANSFORMS_GPUPASSES_TD
#define XLA_MLIR_TRANSFORMS_GPUPASSES_TD

include "mlir/Pass/PassBase.td"

def GPUPlaceBuffersPass : Pass<"xla-gpu-place-buffers", "::mlir::ModuleOp"> {
  let summary = "Keep every buffer of a GPU program in device memory";
  let description = [{
    Runs on the bufferized program of the GPU pipeline, before deallocation.
    Afterwards every `memref.alloc` is device memory (the pipeline lowers it
    to the runtime's device allocator), and data crosses between host and
    device only where this pass says:

    - the public entry's inputs (arguments marked `xla.input` by
      `xla-mark-readonly-arguments`) are copied into device
      buffers once, at the start; its out-params are computed in device
      buffers and copied out before each return;
    - a constant global that every call of a private function passes as
      an argument the function only reads (directly, through views or in
      the functions it calls in turn) becomes the function's own: the
      argument goes and the function takes the `memref.get_global`
      itself. Inside a function a constant stays as it is
      (`xla-gpu-map-loops` moves it into the kernel, whose module then
      holds it in device memory, loaded once with the module);
    - any other `memref.get_global` (a constant, in host memory) passed to
      a call of a kernel function is copied to a device buffer first.

    Copies are `gpu.memcpy` without async tokens: everything runs in order
    on the runtime's one stream.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def GPUMapLoopsPass : Pass<"xla-gpu-map-loops", "::mlir::ModuleOp"> {
  let summary = "Turn the loop nests of a GPU program into gpu.launch kernels";
  let description = [{
    Runs after lowering to loops (`convert-linalg-to-parallel-loops`). In
    each function, ops that touch memory become kernels, and everything
    else stays host code:

    - a top-level `scf.parallel` is one launch with one thread per
      iteration: the iteration space is flattened, blocks of `block-size`
      threads cover it, and each thread delinearizes its index (the
      innermost loop varies fastest across a warp, so accesses along the
      contiguous dimension coalesce); its reduction loops run inside the
      thread. Where the innermost loop's accesses along the contiguous
      dimension allow it (static bounds divisible by the width, offsets
      and outer strides multiples of it, loads before the iteration's
      first write, stores after its last read), a thread runs `width`
      neighbouring iterations (`vector-bytes` over the widest such
      element: 4 for f32) and each such access is one aligned
      `vector.load` or `vector.store` (`ld.global.v4.f32`);
    - other memory-touching ops (sequential loops, scalar loads and stores
      of a 0-d op) that follow one another become one single-thread launch;
    - inside a kernel, nested `scf.parallel` loops become `scf.for`, and
      the constants and `memref.get_global`s it uses are cloned in.

    Host code keeps calls, allocations, copies and control flow. An
    operand of a runtime call (checks, custom calls) that lives on the
    device is copied into pinned host memory first (`gpu.alloc
    host_shared`, freed by `gpu.dealloc` after the call), and a custom
    call's result buffers are copied back after it. In
    functions that are not fusion kernels (no `xla.fusion_kind`), a
    `memref.load` or `memref.store` outside any loop is a host access to a
    device buffer (a `while` condition): it goes through a one-element
    pinned host buffer. `memref.copy` between contiguous buffers becomes
    `gpu.memcpy`; other copies become a copy loop, then a kernel.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of a mapped parallel loop">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Widest vector load or store of a thread's neighbouring "
           "iterations (0 or the element size: one iteration per thread)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def GPUMapLinalgPass : Pass<"xla-gpu-map-linalg", "::mlir::ModuleOp"> {
  let summary = "Give the reductions and contractions of GPU kernel "
                "functions kernels of their own";
  let description = [{
    Runs on device buffers, before `convert-linalg-to-parallel-loops`, in
    the functions of fusions (`xla.fusion_kind`). Strategy lives here, the
    generators in `GPUKernels.h`:

    - A reduction along the contiguous dimension of its inputs (one
      reduction loop, the last; each result one associative combiner of
      32-bit values) becomes a row reduction kernel. Threads per row: the
      fewest that keep each thread's chain at `reduction-chain` elements,
      at least a warp's worth (or the row length, if shorter) so that loads
      coalesce, at most 256. Where every thread takes as many groups of
      neighbours, a loop of up to 8 such groups is unrolled, a longer one
      by 8 where 8 divides it (the unrolled groups' loads all in flight).
      Up to 32 threads per row combine with warp shuffles, more with a
      block-level tree.
    - A contraction with static shapes and f32 results becomes a tiled
      kernel through shared memory (bodies of multiplies, adds and casts,
      so that the zeros padding k contribute nothing). Tile: the largest
      of 128x128 (8x8 per thread, k in steps of 8), 64x64 (4x4, 16) and
      32x32 (2x2, 32) that still gives `sm-count` blocks and spends at
      least 75% of its work inside the output, else the one that wastes
      least, the smaller on a tie. Each of its 256 threads stages one group
      of 4 neighbours of each operand per step (one 16-byte load where the
      buffer allows); with `async-copies` (the default) by `cp.async` into
      a ring of up to 4 tiles (as many as fit in 48 KiB and the block has
      steps), one barrier per step, else through registers.
      When the tiles alone give fewer blocks than `sm-count`, k is split
      over up to two blocks per multiprocessor, each split summing at least
      256 of k and storing its partial sums in its slice of a buffer of
      partials; a second kernel (`sumSplitPartials`) adds the slices in a
      fixed order (a thread per output and run of at most 16 splits, the
      runs' sums then in order), from the value of the output's fill
      (which goes) or else the output's, and applies the
      product's elementwise epilogue (whatever `contraction-epilogues`
      says: that kernel has registers to spare), so the result is the same
      at every run, which atomic adds are not. A
      contraction whose k is contiguous in both operands (A times B
      transposed) is tiled too when m and n both have 16 or more elements;
      a matrix times a vector matches the row reduction first.
    - With `skinny-products` (the default), a contraction of at most 32
      rows (m) and at least 512 columns whose rhs is contiguous along its
      last n loop gets a kernel of its own instead
      (`emitSkinnyContractionKernel`): each thread owns a group of up to
      4 neighbouring columns of every row (at most 64 accumulators), 256
      threads a block, k unrolled by 4 with the rhs's loads of the whole
      run issued first, and the lhs read from the cache (the same address
      across the block, 16 bytes at a time where its k is contiguous); k
      is split as for tiles. The rhs is read once, by vector loads. A
      product of 2 to 32 rows and at least 256 columns whose operands are
      both contiguous along k (A times B transposed; one row is the row
      reduction's) gets a warp per 4, 2 or 1 rows of the rhs (at most 64
      accumulators per lane), 8 warps a block, its lanes neighbouring
      groups of k (`emitSkinnyDotKernel`), the lanes' sums added with
      shuffles; this comes before the row reduction below.
    - With `library-gemm=cublas`, a contraction that would be tiled and
      that is a (batched) GEMM cuBLAS can run (`acc + a * b` on f32 or
      f64, each role's loops collapsing to one stride per operand, one
      unit stride per matrix) becomes a host call of the runtime's GEMM
      (`xla_rt_gpu_gemm`, ABI/GPUABI.h), named `<function>_<n>_cublas`;
      a zero fill of its output right before goes (beta = 0).
    - With `tensor-cores=tf32` or `tf32x3`, a contraction that would be
      tiled, whose operands are f32 and whose body is `acc + a * b` alone,
      runs on tensor cores instead (mma.sync.m16n8k8, each warp a part of
      the block's tile): 128x128 tiles (warps of 64x32), 64x64 (32x32) or
      32x32 (16x16), chosen and split over k as above, k in steps of 32.
      With `async-copies` (the default), the operands' tiles go to shared
      memory by `cp.async` (nvgpu.device_async_copy) into a ring of up to
      4 tiles, filled ahead of the products, one barrier per step: as many
      as fit in 48 KiB, k in steps of 16 where 32 would leave fewer than 3
      (fewer than 2 for the 128x128 tile).
    - With `contraction-epilogues`, the elementwise op that reads a tiled
      contraction's output right after it (a bias, an activation, an
      optimizer's update; `matchOutputEpilogue`) is applied by the
      contraction's kernel to each output value it computes (with split k
      always, by the kernel that adds the splits); the output is still
      stored if anything else reads it.
    - With `contraction-prologues` (the default), the elementwise op that
      writes a whole operand of a tensor-core contraction or of one in
      64x64 or 32x32 tiles (128x128 tiles leave it no registers) into a
      buffer of the function that nothing else reads (a normalization, a
      bias, an activation before a product; `matchOperandPrologue`, at
      most 32 ops of 32-bit values in its body) is computed by the
      contraction's kernel as it stages that operand, from the op's inputs;
      the op and its buffer go. The staging loads the op's inputs that
      hold an element per element of the operand a step ahead, with the
      other loads, and applies its body after the step's products, where it
      stores the tile (smaller inputs, per-row or per-column values, are
      loaded then, from the cache). A tensor-core kernel with `cp.async`
      computes and stores such an operand in the step that requests it.
    - A fill of the whole output right before a contraction (into the sum
      of the splits with split k), or before a reduction, is folded into
      the kernel's stores.
    - With `reduction-epilogues` (the default), the elementwise op that
      reads a reduction's output right after it (`matchOutputEpilogue`: a
      per-row division, a copy into another shape) is applied by the
      reduction's kernel, by the thread that stores each output value;
      the output is still stored if anything else reads it.
    - With `transpose-tiles`, a loop nest without reductions whose outputs
      are written along one loop (their contiguous dimension) while an
      input is read along another (its contiguous dimension), both at
      least 16 long, moves 32x32 tiles: a block of 256 threads reads each
      such input's tile along its contiguous dimension into shared memory
      (a padding column), then writes the outputs along theirs, applying
      the body there with those inputs taken from shared memory.

    - Any other reduction (columns, convolutions, several reduction loops,
      bodies without a regroupable combiner) becomes one thread per
      output, the last parallel loop fastest across threads, carrying the
      outputs' values in registers through its reduction loops.

    - With `row-fusion` (the default), a fusion whose linalg ops all work
      along the same rows (row reductions, elementwise ops on rows and
      per-row values: softmax, layernorm) becomes one kernel first, every
      row value in registers, inputs loaded and outputs stored once. A row
      of up to `row-warp-length` columns gets a warp, or the fewest lanes
      of one that hold it in one group of up to 4 columns per lane, and
      several rows share a block of up to 256 threads (fewer while that
      leaves some of the `sm-count` multiprocessors idle); its reductions
      are shuffles alone, with no shared memory and no barrier. A longer
      row gets a block of 32 to 1024 threads (about 8 columns each) and
      reductions across the block.

    Ops without reduction loops are left to `xla-gpu-map-loops` (one
    thread per element). Kernels are named `<function>_<n>` like that
    pass's.
  }];
  let options = [
    Option<"reductionChain", "reduction-chain", "int64_t", /*default=*/"16",
           "Elements one thread of a row reduction accumulates before the "
           "tree (the reduction block of the front half)">,
    Option<"smCount", "sm-count", "int64_t", /*default=*/"132",
           "Multiprocessors the contraction tiles should keep busy">,
    Option<"contractionBlocks", "contraction-blocks-per-sm", "int64_t",
           /*default=*/"2",
           "Blocks of a tiled contraction that should fit on a "
           "multiprocessor at once (2: registers capped at half the "
           "register file, 1.3x faster on an H200 than 1, which lets "
           "ptxas take 219 registers)">,
    Option<"rowFusion", "row-fusion", "bool", /*default=*/"true",
           "A fusion whose ops all work row by row (softmax, layernorm) "
           "becomes one kernel with each row in registers "
           "(=false: one kernel per linalg op)">,
    Option<"rowWarpLength", "row-warp-length", "int64_t",
           /*default=*/"1024",
           "Longest row of a row fusion that a warp (or part of one) "
           "computes, several rows per block, with shuffles alone "
           "(0: a block per row)">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Widest vector load of a row reduction's or row fusion's thread "
           "(groups of neighbouring f32 columns; below 8: one column at a "
           "time)">,
    Option<"contractionEpilogues", "contraction-epilogues", "bool",
           /*default=*/"false",
           "The elementwise op after a tiled contraction runs in the "
           "contraction's kernel (not yet run on a GPU, hence off)">,
    Option<"contractionPrologues", "contraction-prologues", "bool",
           /*default=*/"true",
           "The elementwise op that writes a tiled contraction's operand "
           "runs in the contraction's kernel, as the operand is staged "
           "(=false: a kernel of its own)">,
    Option<"reductionEpilogues", "reduction-epilogues", "bool",
           /*default=*/"true",
           "The elementwise op after a reduction (a per-row division, a "
           "copy) runs in the reduction's kernel">,
    Option<"transposeTiles", "transpose-tiles", "bool", /*default=*/"false",
           "A loop nest that reads an input along another dimension than "
           "it writes its outputs (a transpose) moves 32x32 tiles through "
           "shared memory (not yet run on a GPU, hence off)">,
    Option<"libraryGemm", "library-gemm", "std::string", /*default=*/"\"\"",
           "Library that runs the GEMMs it can instead of generated "
           "kernels: empty (none) or cublas">,
    Option<"tensorCores", "tensor-cores", "std::string", /*default=*/"\"\"",
           "Tensor cores for f32 contractions: empty (none: FMAs), tf32 "
           "(operands rounded to TF32) or tf32x3 (three TF32 products, "
           "near-f32 accuracy); needs sm_80 or later">,
    Option<"skinnyProducts", "skinny-products", "bool", /*default=*/"true",
           "A contraction of at most 32 rows whose rhs is contiguous along "
           "n gets a kernel that streams the rhs once, each thread a group "
           "of columns of all rows (=false: the tiled kernel)">,
    Option<"asyncCopies", "async-copies", "bool", /*default=*/"true",
           "Contraction kernels (tiled and tensor-core) copy their "
           "operands' tiles to shared memory with cp.async into a ring of "
           "tiles, one barrier per step (=false: through registers, two "
           "barriers per step); needs sm_80 or later">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def GPUHorizontalFusionPass
    : Pass<"xla-gpu-horizontal-fusion", "::mlir::ModuleOp"> {
  let summary = "Run independent small kernels of a block as one launch";
  let description = [{
    After `xla-gpu-map-loops`, before outlining; the counterpart of
    XLA:GPU's horizontal loop and input fusion. Each fusion launches its
    kernels on its own, and so does each kernel of a fusion that the GPU
    mapping split (sibling reductions of different shapes, an optimizer's
    updates of several parameters, the two stages of a split reduction);
    a small kernel costs about its launch. With `inline-fusions` (the
    default), the calls of fusions' functions (host code by now) are
    first replaced by their bodies; the launches of a function's second
    and later calls are renamed `<kernel>_call<k>`. Then, in each block of
    host code, launches that do not depend on one another become one
    launch whose blocks are theirs one after the other; block `b` runs
    block `b - offset` of its component.

    Dependences are the SSA values the host ops use and the buffers they
    read and write (through views). Allocations are distinct buffers, and
    so are a fusion function's arguments where every call passes distinct
    buffers for them; other arguments, and buffers of unknown origin (an
    if's or a loop's memref, a select), may be any buffer. An op of
    unknown effects (a call) orders everything. The analysis looks at
    windows of 4096 ops of a block at a time.
    Launches are grouped greedily in program order, a launch joining the
    first group that no path of dependences connects it to; the block's
    ops are then reordered (a stable topological order) so that each
    group is one launch.

    A launch takes part when its grid and blocks are static and 1-D, it
    has no shared-memory attributions, and it has at most
    `max-component-threads` threads (a larger kernel hides its launch).
    Components keep their block size where they can: the merged block is
    the largest, and a component of fewer threads runs on the first ones
    only if it has no barriers, shuffles or other ops that need every
    thread. A group has at most `max-kernels` components and
    `max-parameter-bytes` of captured values (memref descriptors as the
    outlined kernel passes them; CUDA's classic limit is 4 KiB).
  }];
  let options = [
    Option<"inlineFusions", "inline-fusions", "bool", /*default=*/"true",
           "First replace the calls of fusions' functions by their "
           "bodies, so that kernels of different fusions can merge">,
    Option<"maxKernels", "max-kernels", "int64_t", /*default=*/"32",
           "Most launches in one merged launch (below 2: none merged)">,
    Option<"maxComponentThreads", "max-component-threads", "int64_t",
           /*default=*/"262144",
           "Most threads (grid x block) of a launch that is merged">,
    Option<"maxParameterBytes", "max-parameter-bytes", "int64_t",
           /*default=*/"4096",
           "Most bytes of kernel parameters of a merged launch">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def GPUAlignSharedMemoryPass : Pass<"xla-gpu-align-shared-memory"> {
  let summary = "Align every workgroup (shared memory) buffer to 16 bytes";
  let description = [{
    Sets `llvm.align = 16` on the workgroup attributions of every
    `gpu.func` (keeping a larger one), so that the globals they lower to
    are 16-byte aligned and the 16-byte vector loads of the tiled
    contraction kernel (`ld.shared.v4`) are legal wherever ptxas places
    the buffers.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def GPULowerSubgroupReductionsPass
    : Pass<"xla-gpu-lower-subgroup-reductions"> {
  let summary = "Lower gpu.subgroup_reduce to warp shuffles";
  let description = [{
    `convert-gpu-to-nvvm` lowers `gpu.all_reduce` but not
    `gpu.subgroup_reduce` of floats. This pass applies upstream's butterfly
    shuffle lowering (32 lanes, clustered or not) inside GPU modules.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect"];
}

def GPUAnnotateKernelsPass
    : Pass<"xla-gpu-annotate-kernels", "::mlir::ModuleOp"> {
  let summary = "Put the kernel strategies' wishes on the outlined kernels";
  let description = [{
    After `gpu-kernel-outlining`, which drops a `gpu.launch`'s attributes:
    the module's `xla.kernel_min_blocks` dictionary (kernel name -> blocks
    per multiprocessor, written by `xla-gpu-map-linalg`) becomes
    `nvvm.minctasm` on each named `gpu.func`, which NVVM turns into
    `.minnctapersm` and ptxas into a register cap. The dictionary goes.
  }];
}

def GPUDedupeKernelsPass
    : Pass<"xla-gpu-dedupe-kernels", "::mlir::ModuleOp"> {
  let summary = "Make kernel modules that differ only in their names one";
  let description = [{
    After outlining: `gpu.module`s whose ops and attributes are the same
    once the module's and its functions' names are set aside (copies of a
    fusion's kernels, one per call that horizontal fusion inlined) become
    the first of them. The copies' `gpu.launch_func`s name the first
    module and its kernel at the same position; the copies go. Each
    distinct kernel is then lowered, compiled and loaded once.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GPUModuleToBinaryPass
    : Pass<"xla-gpu-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Compile the kernel modules to binaries, in parallel";
  let description = [{
    Upstream `gpu-module-to-binary`, but the `gpu.module`s are compiled
    (each target attribute's `serializeToObject`: LLVM IR export, linking,
    NVPTX, ptxas) on the context's thread pool, since they are independent
    and are most of a GPU compile. The `gpu.binary` ops are then made in
    program order, so the output is the same with any number of threads
    (`--mlir-disable-threading` compiles them one by one). Each module
    needs a target attribute; an unknown format or a failed compile is an
    error on the op. A kernel that calls libdevice's functions (`__nv_*`)
    under an NVVM target that links no libdevice is an error at the call:
    its PTX would name functions that exist nowhere, and the driver would
    reject it at the first run.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"fatbin\"",
           "offloading (llvm), assembly (isa), binary (bin) or fatbinary "
           "(fatbin)">,
    Option<"toolkitPath", "toolkit", "std::string", /*default=*/"\"\"",
           "The CUDA toolkit (ptxas, fatbinary)">,
    ListOption<"linkFiles", "link-files", "std::string",
               "Bitcode files every module is linked with">,
    Option<"cmdOptions", "cmd-options", "std::string", /*default=*/"\"\"",
           "Extra options for the target's tools (ptxas)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GPUDumpPTXPass : Pass<"xla-gpu-dump-ptx", "::mlir::ModuleOp"> {
  let summary = "Write each kernel module's PTX into a directory";
  let description = [{
    For `--dump-to`: compiles every `gpu.module` (with its first target
    attribute, libraries linked as for the binary) to PTX text and writes
    `<directory>/<module>.ptx`. The module is left as it is; the binary
    the program embeds comes from `xla-gpu-module-to-binary` as without a
    dump.
    Does nothing without `directory`.
  }];
  let options = [
    Option<"directory", "directory", "std::string", /*default=*/"\"\"",
           "Where the .ptx files go">,
  ];
}

#endif // XLA_MLIR_TRANSFORMS_GPUPASSES_TD
