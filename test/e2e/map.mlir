// map applies its computation elementwise: the same ops written
// elementwise give the same bits.
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>, %u: tensor<7xui8>) {
  %m = "hlo.map"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = hlo.multiply %a, %b : tensor<f32>
    %one = hlo.constant dense<1.0> : tensor<f32>
    %s = hlo.add %p, %one : tensor<f32>
    %e = hlo.exponential %s : tensor<f32>
    hlo.return %e : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %p = hlo.multiply %x, %y : tensor<3x5xf32>
  %one = hlo.constant dense<1.0> : tensor<3x5xf32>
  %s = hlo.add %p, %one : tensor<3x5xf32>
  %e = hlo.exponential %s : tensor<3x5xf32>
  check.expect_eq %m, %e : tensor<3x5xf32>

  // Unsigned bodies keep their semantics: ui8 -> f32 and unsigned max.
  %mu = "hlo.map"(%u) ({
  ^bb0(%a: tensor<ui8>):
    %c = hlo.constant dense<200> : tensor<ui8>
    %mx = hlo.maximum %a, %c : tensor<ui8>
    %f = hlo.convert %mx : (tensor<ui8>) -> tensor<f32>
    hlo.return %f : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<7xui8>) -> tensor<7xf32>
  check.expect_eq_const %mu, dense<200.0> : tensor<7xf32>
  return
}
