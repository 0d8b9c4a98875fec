//===- Passes.td - conversions out of the hlo dialect --------*- tablegen -*-===//

#ifndef XLA_MLIR_CONVERSION_PASSES_TD
#define XLA_MLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLOCheckLowerablePass : Pass<"hlo-check-lowerable", "::mlir::ModuleOp"> {
  let summary = "Report every hlo op and type the CPU lowering cannot handle";
  let description = [{
    Walks the module before any lowering starts and reports, in one error
    with one note per offending op, every op that has no lowering pattern and
    every element type the code generator does not support (with the op and
    its location). The module is left untouched; the pass fails if anything
    was reported. `hlo-legalize-to-linalg` runs the same check first, so a
    program is never left half lowered.
  }];
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
    runtime's check function; see `xla-mlir/Runtime/CheckABI.h`.
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

#endif // XLA_MLIR_CONVERSION_PASSES_TD
