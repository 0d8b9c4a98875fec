// Malformed programs that used to crash or exit 0 (issue 11) get a located
// diagnostic and exit code 2 from every compiling tool.
// RUN: not xla-run %S/Inputs/malformed/check_outside_function.mlir 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not xla-translate %S/Inputs/malformed/check_outside_function.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: check_outside_function.mlir:2:1: error: 'check.expect_almost_eq_const' op failed to verify that is inside a function

// A generic-form StableHLO custom_call without its required call_target_name
// is verified on import instead of being read.
// RUN: not xla-run %S/Inputs/malformed/custom_call_without_target.mlir 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not xla-opt %S/Inputs/malformed/custom_call_without_target.mlir --hlo-import 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: custom_call_without_target.mlir:2:8: error: 'hlo.custom_call' op requires attribute 'call_target_name'

// MLIR's parser reports this lexer error but still returns a module; the
// tools count errors, so the program is neither compiled nor run.
// RUN: %python %S/Inputs/exit_code.py xla-run %S/Inputs/malformed/lexer_error_after_type.mlir 2>&1 | FileCheck %s --check-prefix=LEXER
// RUN: not xla-translate %S/Inputs/malformed/lexer_error_after_type.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEXER-AOT
// RUN: not xla-opt %S/Inputs/malformed/lexer_error_after_type.mlir 2>&1 | FileCheck %s --check-prefix=LEXER-AOT
// RUN: not xla-opt --split-input-file %S/Inputs/malformed/lexer_error_after_type.mlir 2>&1 | FileCheck %s --check-prefix=LEXER-SPLIT
// LEXER-SPLIT: lexer_error_after_type.mlir:1 offset :2:42: error: expected '"' in string literal
// LEXER: lexer_error_after_type.mlir:2:42: error: expected '"' in string literal
// LEXER-NOT: runtime cannot pass
// LEXER: exit code: 2
// LEXER-AOT: lexer_error_after_type.mlir:2:42: error: expected '"' in string literal

// A result number MLIR's parser would allocate 2^31 slots for (found by
// xla-fuzz) is refused before parsing, with its location; comments and
// strings holding the same pattern are left alone.
// RUN: %python %S/Inputs/exit_code.py xla-run %S/Inputs/malformed/huge_result_number.mlir 2>&1 | FileCheck %s --check-prefixes=RESULTNO,RESULTNO-EXIT
// RUN: not xla-translate %S/Inputs/malformed/huge_result_number.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESULTNO
// RUN: not xla-opt %S/Inputs/malformed/huge_result_number.mlir 2>&1 | FileCheck %s --check-prefix=RESULTNO
// RUN: not xla-opt -verify-diagnostics %S/Inputs/malformed/huge_result_number.mlir 2>&1 | FileCheck %s --check-prefix=RESULTNO
// RESULTNO: huge_result_number.mlir:8:10: error: result number 2147483647 in '%0#2147483647' is out of range: no op has more than 1048576 results
// RESULTNO-NOT: error:
// RESULTNO-EXIT: exit code: 2

// linalg.reduce, linalg.transpose and linalg.broadcast crash in MLIR 22's
// own parser when the list after `dimensions =` / `permutation =` does not
// parse (found by xla-fuzz); the tools check that list first.
// RUN: %python %S/Inputs/exit_code.py xla-run %S/Inputs/malformed/linalg_reduce_bad_dimensions.mlir 2>&1 | FileCheck %s --check-prefixes=REDUCEDIMS,REDUCEDIMS-EXIT
// RUN: not xla-opt %S/Inputs/malformed/linalg_reduce_bad_dimensions.mlir 2>&1 | FileCheck %s --check-prefix=REDUCEDIMS
// REDUCEDIMS: linalg_reduce_bad_dimensions.mlir:4:89: error: 'linalg.reduce' expects 'dimensions = [' and a list of 64-bit integers here
// REDUCEDIMS-EXIT: exit code: 2
// RUN: not xla-translate %S/Inputs/malformed/linalg_transpose_bad_permutation.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERM
// PERM: linalg_transpose_bad_permutation.mlir:3:99: error: 'linalg.transpose' expects 'permutation = ['
// RUN: not xla-opt %S/Inputs/malformed/linalg_broadcast_overflowing_dimension.mlir 2>&1 | FileCheck %s --check-prefix=BCAST
// BCAST: linalg_broadcast_overflowing_dimension.mlir:3:93: error: 'linalg.broadcast' expects 'dimensions = ['
