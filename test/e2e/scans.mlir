// Cumulative reductions (reduce_window over a whole dimension, as JAX's
// cumsum, cumprod, cummax and cumlogsumexp arrive) run as blocked scans
// (hlo-rewrite-scans); each is checked against its closed form, forward
// and reverse, with lengths that are not multiples of the block and that
// need two to four levels of blocks. (With --reduction-block=0 each
// prefix is one chain, and cumlogsumexp's 350th prefix is 3.8e-6 off.)
// RUN: xla-run %s --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --no-print --reduction-block=5 2>&1 | FileCheck %s
// RUN: xla-run %s --no-print --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 6 check(s) passed

func.func @main() {
  // cumsum of 1000 ones along dimension 0: 1, 2, ..., 1000, exactly.
  %ones = hlo.constant dense<1.0> : tensor<1000x3xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %cs = "hlo.reduce_window"(%ones, %zero) <{padding = dense<[[999, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1000, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<1000x3xf32>, tensor<f32>) -> tensor<1000x3xf32>
  %iota = hlo.iota dim = 0 : tensor<1000x3xf32>
  %one = hlo.constant dense<1.0> : tensor<1000x3xf32>
  %count = hlo.add %iota, %one : tensor<1000x3xf32>
  check.expect_eq %cs, %count : tensor<1000x3xf32>

  // Reverse integer cumsum of j along dimension 1 (n = 300):
  // sum_{k >= j} k = n(n-1)/2 - j(j-1)/2.
  %j = hlo.iota dim = 1 : tensor<2x300xi32>
  %izero = hlo.constant dense<0> : tensor<i32>
  %rs = "hlo.reduce_window"(%j, %izero) <{padding = dense<[[0, 0], [0, 299]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 300>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<2x300xi32>, tensor<i32>) -> tensor<2x300xi32>
  %total = hlo.constant dense<44850> : tensor<2x300xi32>
  %ione = hlo.constant dense<1> : tensor<2x300xi32>
  %itwo = hlo.constant dense<2> : tensor<2x300xi32>
  %jm1 = hlo.subtract %j, %ione : tensor<2x300xi32>
  %jj = hlo.multiply %j, %jm1 : tensor<2x300xi32>
  %half = hlo.divide %jj, %itwo : tensor<2x300xi32>
  %rs_e = hlo.subtract %total, %half : tensor<2x300xi32>
  check.expect_eq %rs, %rs_e : tensor<2x300xi32>

  // Reverse cummax of j: the last index everywhere; forward cummax of -j:
  // 0 everywhere (init -inf is never the answer).
  %jf = hlo.convert %j : (tensor<2x300xi32>) -> tensor<2x300xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %rmax = "hlo.reduce_window"(%jf, %ninf) <{padding = dense<[[0, 0], [0, 299]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 300>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<2x300xf32>, tensor<f32>) -> tensor<2x300xf32>
  check.expect_eq_const %rmax, dense<299.0> : tensor<2x300xf32>
  %njf = hlo.negate %jf : tensor<2x300xf32>
  %fmax = "hlo.reduce_window"(%njf, %ninf) <{padding = dense<[[0, 0], [299, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 300>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<2x300xf32>, tensor<f32>) -> tensor<2x300xf32>
  check.expect_eq_const %fmax, dense<-0.0> : tensor<2x300xf32>

  // cumprod of 1.001 (n = 100, f64): 1.001^(i+1).
  %r = hlo.constant dense<1.001> : tensor<100xf64>
  %done = hlo.constant dense<1.0> : tensor<f64>
  %cp = "hlo.reduce_window"(%r, %done) <{padding = dense<[[99, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 100>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %p = hlo.multiply %a, %b : tensor<f64>
    hlo.return %p : tensor<f64>
  }) : (tensor<100xf64>, tensor<f64>) -> tensor<100xf64>
  %k = hlo.iota dim = 0 : tensor<100xf64>
  %kone = hlo.constant dense<1.0> : tensor<100xf64>
  %k1 = hlo.add %k, %kone : tensor<100xf64>
  %cp_e = hlo.power %r, %k1 : tensor<100xf64>
  check.expect_close %cp, %cp_e, max_ulp_difference = 64 : tensor<100xf64>, tensor<100xf64>

  // cumlogsumexp of 500 zeros (the body JAX emits): log(i + 1).
  %z = hlo.constant dense<0.0> : tensor<500xf32>
  %lse = "hlo.reduce_window"(%z, %ninf) <{padding = dense<[[499, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 500>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %mx = hlo.maximum %a, %b : tensor<f32>
    %d = hlo.subtract %a, %b : tensor<f32>
    %nan = hlo.compare NE, %d, %d, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %sum = hlo.add %a, %b : tensor<f32>
    %ad = hlo.abs %d : tensor<f32>
    %nd = hlo.negate %ad : tensor<f32>
    %e = hlo.exponential %nd : tensor<f32>
    %l = hlo.log_plus_one %e : tensor<f32>
    %v = hlo.add %mx, %l : tensor<f32>
    %res = hlo.select %nan, %sum, %v : tensor<i1>, tensor<f32>
    hlo.return %res : tensor<f32>
  }) : (tensor<500xf32>, tensor<f32>) -> tensor<500xf32>
  %n = hlo.iota dim = 0 : tensor<500xf32>
  %none = hlo.constant dense<1.0> : tensor<500xf32>
  %n1 = hlo.add %n, %none : tensor<500xf32>
  %lse_e = hlo.log %n1 : tensor<500xf32>
  check.expect_almost_eq %lse, %lse_e, tolerance = 2.0e-6 : tensor<500xf32>
  return
}
