//===- InterpreterOps.td - StableHLO interpreter test ops ----*- tablegen -*-===//
//
// The `interpreter` ops that the StableHLO reference interpreter's tests use.
// They are defined so such programs parse, verify and round-trip; running
// them (multi-process simulation, probes) is a job for the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_CHECK_IR_INTERPRETEROPS_TD
#define XLA_MLIR_DIALECT_CHECK_IR_INTERPRETEROPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::xla::interpreter";
  let summary = "Test-harness ops of the StableHLO interpreter";
}

def Interpreter_RunParallelOp : Op<Interpreter_Dialect, "run_parallel",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Runs one program per simulated process";
  let description = [{
    `programs` is a list of partitions, each a list of function symbols (one
    per replica). The operands are the concatenated inputs of all programs
    and the results their concatenated outputs.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       TypedArrayAttrBase<TypedArrayAttrBase<FlatSymbolRefAttr,
                           "replica programs">, "programs">:$programs,
                       OptionalAttr<ArrayAttr>:$infeed);
  let results = (outs Variadic<AnyType>:$results);
}

def Interpreter_PrintOp : Op<Interpreter_Dialect, "print",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "Prints a tensor";
  let arguments = (ins AnyType:$operand);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

def Interpreter_ProbeOp : Op<Interpreter_Dialect, "probe",
    [MemoryEffects<[MemWrite]>, AllTypesMatch<["operand", "result"]>]> {
  let summary = "Serializes a tensor under probe_id and returns it";
  let arguments = (ins AnyRankedTensor:$operand, StrAttr:$probe_id);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)
  }];
}

#endif // XLA_MLIR_DIALECT_CHECK_IR_INTERPRETEROPS_TD
