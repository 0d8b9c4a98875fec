// Outputs declared as new values of inputs: TensorFlow's module attribute
// mhlo.input_output_alias (with its private @main and mhlo.copy) and JAX's
// tf.aliasing_output (donate_argnums) compile and run; the aliases are
// recorded in the signature (python/tests/test_tf.py writes them back into
// variables). Bad aliases are diagnosed.
// RUN: split-file %s %t
// RUN: xla-run %t/tf.mlir --no-cache --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy | FileCheck %s --check-prefix=TF
// RUN: xla-run %t/jax.mlir --no-cache --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy | FileCheck %s --check-prefix=JAX
// RUN: %python %S/Inputs/exit_code.py xla-run --no-cache %t/type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %python %S/Inputs/exit_code.py xla-run --no-cache %t/range.mlir 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %python %S/Inputs/exit_code.py xla-run --no-cache %t/twice.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: %python %S/Inputs/exit_code.py xla-run --no-cache %t/malformed.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED

//--- tf.mlir
module @step attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%x: tensor<2x3xf32>, %w: tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>) {
    %0 = stablehlo.subtract %w, %x : tensor<2x3xf32>
    %1 = mhlo.copy %0 : tensor<2x3xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
    return %s, %1 : tensor<f32>, tensor<2x3xf32>
  }
}
// TF: output 0: tensor<f32>
// TF-NEXT: 21.5
// TF: output 1: tensor<2x3xf32>
// TF-NEXT: {{\[\[}}-0.5   -1.5   -4.   ]
// TF-NEXT:  [-2.    -5.    -5.999]]

//--- jax.mlir
func.func public @main(%p: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %p, %g : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// JAX: output 0: tensor<2x3xf32>
// JAX-NEXT: {{\[\[}}1.5   3.5   2.   ]
// JAX-NEXT:  [6.    5.    6.001]]

//--- type.mlir
func.func public @main(%p: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %p, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
// TYPE: type.mlir:1:1: error: 'func.func' op tf.aliasing_output: output 0 (tensor<3x2xf32>) cannot alias parameter 0 (tensor<2x3xf32>): the types differ
// TYPE: exit code: 2

//--- range.mlir
func.func public @main(%p: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> tensor<2xf32> {
  return %p : tensor<2xf32>
}
// RANGE: range.mlir:1:1: error: 'func.func' op tf.aliasing_output: output 3 or parameter 0 does not exist (the entry has 1 parameters and 1 results)
// RANGE: exit code: 2

//--- twice.mlir
func.func public @main(%p: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %q: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  %0 = stablehlo.add %p, %q : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// TWICE: twice.mlir:1:1: error: 'func.func' op tf.aliasing_output: output 0 or parameter 1 is aliased twice
// TWICE: exit code: 2

//--- malformed.mlir
module attributes {mhlo.input_output_alias = [{alias = {parameter_number = 0 : i64}}]} {
  func.func @main(%p: tensor<2xf32>) -> tensor<2xf32> {
    return %p : tensor<2xf32>
  }
}
// MALFORMED: malformed.mlir:1:1: error: 'builtin.module' op mhlo.input_output_alias: expected entries {alias = {parameter_number = N, parameter_index = array<i64>}, output_index = array<i64: M>}, got {alias = {parameter_number = 0 : i64}}
// MALFORMED: exit code: 2
