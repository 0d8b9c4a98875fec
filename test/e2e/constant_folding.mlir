// A constant-only subgraph (iota, convert, broadcast_in_dim, arithmetic,
// compare, integer overflow and a division by zero) is folded away by the
// HLO optimization stage, and the folded constants are bit for bit what
// the compiled code computes for the same subgraph. @tables runs twice:
// on iotas (folded once inlined) and on iotas behind an
// optimization_barrier, which folding cannot see through, so that copy is
// compiled. The whole program also runs with folding off
// (--fold-constants=false, the same name as the pipeline option), and the
// hand-computed constants check every run.
// RUN: xla-opt %s --hlo-optimization-pipeline > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: FileCheck %s --check-prefix=COUNT < %t.mlir
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 2 --fusion=false 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 --fold-constants=false --hlo-simplify=false --cse=false 2>&1 | FileCheck %s
// The folded IR runs too, with the same checks.
// RUN: %python %S/Inputs/exit_code.py xla-run %t.mlir --seed 3 2>&1 | FileCheck %s

// After the stage, the folded copy is constants, but for the integer
// division by zero (left to run time); after the barrier, one op of each
// kind (the compiled copy), and only the compiled copy's two iotas.
// IR-LABEL: func.func @main
// IR-NOT: hlo.convert
// IR-NOT: hlo.multiply
// IR-NOT: hlo.subtract
// IR-NOT: hlo.compare
// IR-NOT: hlo.iota
// IR-NOT: hlo.divide {{.*}} : tensor<4x8xf32>
// IR: hlo.divide %{{.*}}, %{{.*}} : tensor<4x8xi32>
// IR-NOT: hlo.convert
// IR-NOT: hlo.multiply
// IR-NOT: hlo.subtract
// IR-NOT: hlo.compare
// IR-NOT: hlo.divide
// IR: hlo.optimization_barrier
// IR-COUNT-1: hlo.convert
// IR-NOT: hlo.convert
// IR-NOT: func.call
// COUNT-COUNT-2: hlo.iota
// COUNT-NOT: hlo.iota

// CHECK-NOT: error
// CHECK: output 0: tensor<4x8xf32>
// CHECK: all 8 check(s) passed
// CHECK: exit code: 0

func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // Iotas of their own for each copy: an iota that also fed the barrier
  // would not be folded (it feeds a run-time value).
  %col = hlo.iota dim = 1 : tensor<4x8xi32>
  %row = hlo.iota dim = 0 : tensor<4x8xi32>
  %f:4 = func.call @tables(%col, %row) : (tensor<4x8xi32>, tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi1>)
  %col2 = hlo.iota dim = 1 : tensor<4x8xi32>
  %row2 = hlo.iota dim = 0 : tensor<4x8xi32>
  %bc, %br = hlo.optimization_barrier %col2, %row2 : tensor<4x8xi32>, tensor<4x8xi32>
  %r:4 = func.call @tables(%bc, %br) : (tensor<4x8xi32>, tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi1>)
  check.expect_eq %f#0, %r#0 : tensor<4x8xf32>
  check.expect_eq %f#1, %r#1 : tensor<4x8xi32>
  check.expect_eq %f#2, %r#2 : tensor<4x8xi32>
  check.expect_eq %f#3, %r#3 : tensor<4x8xi1>
  check.expect_almost_eq_const %f#0, dense<[
      [0.0, 0.0333333, 0.0666667, 0.1, 0.1333333, 0.1666667, 0.2, 0.2333333],
      [0.0, 0.0333333, 0.0666667, 0.1, 0.1333333, 0.1666667, 0.2, 0.2333333],
      [0.0, 0.0333333, 0.0666667, 0.1, 0.1333333, 0.1666667, 0.2, 0.2333333],
      [0.0, 0.0333333, 0.0666667, 0.1, 0.1333333, 0.1666667, 0.2, 0.2333333]]> : tensor<4x8xf32>
  check.expect_eq_const %f#1, dense<[
      [0, 536870912, 1073741824, 1610612736, -2147483648, -1610612736, -1073741824, -536870912],
      [0, 536870912, 1073741824, 1610612736, -2147483648, -1610612736, -1073741824, -536870912],
      [0, 536870912, 1073741824, 1610612736, -2147483648, -1610612736, -1073741824, -536870912],
      [0, 536870912, 1073741824, 1610612736, -2147483648, -1610612736, -1073741824, -536870912]]> : tensor<4x8xi32>
  check.expect_eq_const %f#2, dense<-1> : tensor<4x8xi32>
  check.expect_eq_const %f#3, dense<[
      [true, false, false, false, false, false, false, false],
      [true, true, false, false, false, false, false, false],
      [true, true, true, false, false, false, false, false],
      [true, true, true, true, false, false, false, false]]> : tensor<4x8xi1>
  %s = hlo.multiply %x, %f#0 : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// scale = -((f32(j) * 0.1) / -3), through a -0.0 in column 0; j * 2^29 wrapping
// around i32; j / (j - j), which is -1 (XLA's x / 0); and the lower
// triangle i >= j.
func.func private @tables(%col: tensor<4x8xi32>, %row: tensor<4x8xi32>)
    -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi1>) {
  %j = hlo.convert %col : (tensor<4x8xi32>) -> tensor<4x8xf32>
  %tenth = hlo.constant dense<0.1> : tensor<f32>
  %tb = hlo.broadcast_in_dim %tenth, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %m = hlo.multiply %j, %tb : tensor<4x8xf32>
  %three = hlo.constant dense<-3.0> : tensor<4x8xf32>
  %d = hlo.divide %m, %three : tensor<4x8xf32>
  %scale = hlo.negate %d : tensor<4x8xf32>
  %big = hlo.constant dense<536870912> : tensor<4x8xi32>
  %wrap = hlo.multiply %col, %big : tensor<4x8xi32>
  %zero = hlo.subtract %col, %col : tensor<4x8xi32>
  %div = hlo.divide %col, %zero : tensor<4x8xi32>
  %lower = hlo.compare GE, %row, %col : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
  return %scale, %wrap, %div, %lower : tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi1>
}
