// Programs that do not parse, verify or compile exit with code 2 and print
// the diagnostics with their locations.
// RUN: split-file %s %t
// RUN: %python %S/Inputs/exit_code.py xla-run %t/parse.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: %python %S/Inputs/exit_code.py xla-run %t/verify.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %python %S/Inputs/exit_code.py xla-run %t/entry.mlir 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: %python %S/Inputs/exit_code.py xla-run %t/entry.mlir --entry nope 2>&1 | FileCheck %s --check-prefix=NOPE
// RUN: %python %S/Inputs/exit_code.py xla-run %t/signature.mlir 2>&1 | FileCheck %s --check-prefix=SIGNATURE
// RUN: %python %S/Inputs/exit_code.py xla-run %t/external.mlir 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// RUN: %python %S/Inputs/exit_code.py xla-run %t/checktype.mlir 2>&1 | FileCheck %s --check-prefix=CHECKTYPE

//--- parse.mlir
func.func @main() {
  %0 = hlo.add
}
// PARSE: parse.mlir:2:15: error: expected SSA operand
// PARSE: exit code: 2

//--- verify.mlir
func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = "hlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// VERIFY: verify.mlir:2:8: error: 'hlo.add'
// VERIFY: exit code: 2

//--- entry.mlir
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @g(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
// ENTRY: error: the module has 2 functions and none is named @main; choose one with --entry
// ENTRY: exit code: 2
// NOPE: error: no function named @nope
// NOPE: exit code: 2

//--- signature.mlir
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
// SIGNATURE: signature.mlir:1:1: error: argument 0 of @main has type 'tensor<?xf32>', which the runtime cannot pass
// SIGNATURE: exit code: 2

//--- external.mlir
func.func private @system(tensor<2xf32>)
func.func @main(%a: tensor<2xf32>) {
  call @system(%a) : (tensor<2xf32>) -> ()
  return
}
// EXTERNAL: external.mlir:1:1: error: external function declarations are not supported; call host code through a registered custom call
// EXTERNAL-NOT: see current operation
// EXTERNAL: exit code: 2

//--- checktype.mlir
func.func @main() {
  %a = hlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  check.expect_eq %a, %a : tensor<2xf8E4M3FN>
  return
}
// CHECKTYPE: checktype.mlir:3:3: error: 'check.expect_eq' op cannot be checked at run time: element type 'f8E4M3FN' is not supported by the CPU runtime
// CHECKTYPE: exit code: 2
