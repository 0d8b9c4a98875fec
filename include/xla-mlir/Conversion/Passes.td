//===- Passes.td - conversions out of the hlo dialect --------*- tablegen -*-===//

#ifndef XLA_MLIR_CONVERSION_PASSES_TD
#define XLA_MLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLOCheckLowerablePass : Pass<"hlo-check-lowerable", "::mlir::ModuleOp"> {
  let summary = "Report every hlo op and type the CPU lowering cannot handle";
  let description = [{
    Walks the module before any lowering starts and reports, in one error
    with one note per offending op, every op that has no lowering pattern,
    every element type the code generator does not support (with the op and
    its location), every elementwise op whose scalar code does not exist for
    its element types (complex `cbrt`, say), and every op of another dialect
    that no later stage lowers (the `interpreter` test-harness ops). The
    elementwise case asks the scalar emitter itself, in a scratch block that
    is discarded. The module is left untouched; the pass fails if anything
    was reported. `hlo-legalize-to-linalg` runs the same check first, so a
    program is never left half lowered.
  }];
  // The scalar emitters build ops of these dialects in the scratch block.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::math::MathDialect",
  ];
}

def HLOLegalizeToLinalgPass : Pass<"hlo-legalize-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower hlo ops to linalg on tensors, tensor, arith, math and scf";
  let description = [{
    Converts every hlo op to linalg ops on tensors (named ops such as
    `linalg.matmul`, `linalg.transpose` and `linalg.reduce` where they
    exist, `linalg.generic` elsewhere) plus tensor, arith, math, complex
    and scf ops. Unsigned integer types become signless; the signedness
    picks the arith op (`divui` vs `divsi`, `extui` vs `extsi`, ...).
    Function signatures, calls, returns and other ops carrying hlo types are
    retyped. The patterns live in one file per op family behind
    `populateHLOToLinalgConversionPatterns`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::xla::hloext::HLOExtDialect",
  ];
}

def CheckLowerToRuntimePass : Pass<"check-lower-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower check ops to calls into the CPU runtime";
  let description = [{
    Runs on the hlo-level program, before `hlo-legalize-to-linalg`. Every
    `check` op becomes a `func.call` of the external function
    `xla_rt_check_<element type>` on operands cast to unranked tensors; the
    `_const` forms first materialize their attribute as `hlo.constant`. The
    call passes the check kind, the element type's runtime code (so
    unsigned and boolean values are reported correctly after integers
    become signless), the tolerance, the ULP bounds and the op's location
    as a NUL-terminated string global. The JIT binds these names to the
    runtime's check function; see `xla-mlir/ABI/CheckABI.h`.
    `check.expect_serialized_eq` is lowered to a call that reports the
    check as skipped.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::tensor::TensorDialect",
    "::xla::hlo::HLODialect",
  ];
}

def CustomCallLowerToRuntimePass
    : Pass<"custom-call-lower-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower custom calls to calls into the CPU runtime";
  let description = [{
    Runs on the hlo-level program, before `hlo-legalize-to-linalg`. Every
    `hlo.custom_call` (other than the `check.*` forms) becomes a call of
    the external function `xla_rt_custom_call(site, pointers)`: `pointers`
    holds the data pointers of the operand buffers (read-only) and of
    freshly allocated result buffers, which become the op's results;
    `site` is a string global describing the call (target name, element
    types and shapes, backend_config). The JIT binds the symbol to the
    runtime's dispatcher, which calls only functions registered in a
    CustomCallRegistry; see `xla-mlir/ABI/CustomCallABI.h`. Calls with
    called_computations, output_operand_aliases, non-row-major layouts or
    non-tensor operands are rejected with an error at the op.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def GPUToRuntimePass : Pass<"xla-gpu-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower the host side of GPU programs to runtime calls";
  let description = [{
    Runs on the host module after `xla-gpu-module-to-binary` and
    `finalize-memref-to-llvm`. Each `gpu.binary` becomes a constant global
    holding its object (NUL-terminated, so PTX loads as text), each
    `gpu.launch_func` a call of `xla_rt_gpu_launch` with the parameters in
    64-bit slots, `gpu.alloc`/`gpu.dealloc` calls of the device or (with
    `host_shared`) pinned-host allocator, `gpu.memcpy` a call of
    `xla_rt_gpu_memcpy`; the generic memref allocation functions become the
    device allocator. The C side of every call is in `ABI/GPUABI.h`. The
    module loads lazily in the runtime, so there is no global constructor.
  }];
  let options = [
    Option<"emulated", "emulated", "bool", /*default=*/"false",
           "The kernels were compiled for the host (xla-gpu-kernels-to-host): "
           "launch their entries and call the GPU emulator's functions "
           "(xla_rt_gpuemu_*) instead of the CUDA runtime's">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GPUKernelsToHostPass : Pass<"xla-gpu-kernels-to-host", "::mlir::ModuleOp"> {
  let summary = "Compile GPU kernels for the host, for the GPU emulator";
  let description = [{
    Runs where `xla-gpu-module-to-binary` would, on GPU modules lowered to NVVM,
    and moves their functions and globals into the host module (prefixed
    with the module's name), so that the GPU emulator of the runtime
    (Runtime/GPUEmulator.h) runs the kernels a GPU would. Special
    registers, barriers and shuffles become calls of the emulator
    (ABI/GPUABI.h), libdevice's math functions libm's, and every pointer
    generic; shared memory is an offset in a per-block buffer the emulator
    gives (`xla_rt_gpuemu_shared`). Each kernel gets an entry `<module>__<kernel>__entry`
    that takes the launch's 64-bit parameter slots, marked when the kernel
    synchronizes; an empty `gpu.binary` marked as emulated takes the
    module's place for the launches. Other NVVM operations and inline
    assembly are errors that name the operation.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::gpu::GPUDialect",
  ];
}

def VectorToLLVMPass
    : Pass<"xla-convert-vector-to-llvm", "::mlir::func::FuncOp"> {
  let summary = "Lower the vector dialect to LLVM, as convert-vector-to-llvm, "
                "for less compile time";
  let description = [{
    What upstream's `convert-vector-to-llvm` does for the CPU pipeline, in
    less time: the vector-to-vector lowerings (contractions to outer
    products, transposes, broadcasts, shape casts, masks, strided slices,
    gathers, 1-D transfers) run greedily with patterns built once per
    pass, not once per function, and without region simplification (the
    kernels' CFG is left to LLVM to simplify); then the conversion to the
    LLVM dialect (with the x86vector ops where `x86vector` is set) as
    upstream's. The objects of 15 workloads are byte-identical to those
    of upstream's pass.
  }];
  let options = [
    Option<"reassociateFPReductions", "reassociate-fp-reductions", "bool",
           /*default=*/"false",
           "Let LLVM reassociate floating-point reductions">,
    Option<"x86Vector", "x86vector", "bool", /*default=*/"false",
           "Lower x86vector ops (AVX-512 and AVX intrinsics) too">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::x86vector::X86VectorDialect",
  ];
}

def FinalizeMemRefToLLVMPass
    : Pass<"xla-finalize-memref-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the memref dialect to LLVM, as finalize-memref-to-llvm, "
                "on the functions in parallel";
  let description = [{
    What upstream's `finalize-memref-to-llvm` does, in less time: the
    module's `memref.global`s and the declarations of the allocation,
    deallocation and copy functions that the program's memref ops will call
    are created first, on one thread; then the functions' bodies are
    converted on all cores (MLIR's thread pool), each task with its own
    symbol table cache, data layout analysis and type converter. A
    declaration of `memrefCopy` that it made and no op turned into a call
    (a `memref.copy` lowered to `llvm.intr.memcpy`) is erased. It leaves
    what upstream's pass leaves, up to a declaration of the allocation
    function where every `memref.alloc` has a layout upstream's patterns
    leave alone; the declarations come in upstream's order where the
    first allocation comes before the first deallocation. With
    `use-generic-functions` (the runtime serves the allocations), the copy
    is the runtime's too: `memrefCopy` is renamed `xla_rt_memref_copy`, a
    runtime import (ABI/EntryABI.h), so that an artifact needs none of
    MLIR's libraries where it runs.
  }];
  let options = [
    Option<"useAlignedAlloc", "use-aligned-alloc", "bool",
           /*default=*/"false",
           "Allocate with an aligned allocation function, not malloc">,
    Option<"useGenericFunctions", "use-generic-functions", "bool",
           /*default=*/"false",
           "Call the _mlir_memref_to_llvm_* allocation functions and "
           "xla_rt_memref_copy (which the runtime provides), not malloc, "
           "free and memrefCopy">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // XLA_MLIR_CONVERSION_PASSES_TD
