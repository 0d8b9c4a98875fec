// while, if and case on generated inputs, checked against closed forms
// and selects.
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false
// RUN: xla-run %s --seed 3 --no-print

func.func @main(%n: tensor<i32>, %p: tensor<i1>, %i: tensor<i32>, %x: tensor<4xf32>) {
  // sum_{k=1..|n|} k == |n| (|n| + 1) / 2, with a nested loop adding 1 k
  // times.
  %negn = hlo.negate %n : tensor<i32>
  %m = hlo.maximum %n, %negn : tensor<i32>
  %c0 = hlo.constant dense<0> : tensor<i32>
  %c1 = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%k = %c0, %s = %c0) : tensor<i32>, tensor<i32>
   cond {
    %lt = hlo.compare LT, %k, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  } do {
    %k1 = hlo.add %k, %c1 : tensor<i32>
    %inner:2 = hlo.while(%j = %c0, %t = %s) : tensor<i32>, tensor<i32>
     cond {
      %lt = hlo.compare LT, %j, %k1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
    } do {
      %j1 = hlo.add %j, %c1 : tensor<i32>
      %t1 = hlo.add %t, %c1 : tensor<i32>
      hlo.return %j1, %t1 : tensor<i32>, tensor<i32>
    }
    hlo.return %k1, %inner#1 : tensor<i32>, tensor<i32>
  }
  %m1 = hlo.add %m, %c1 : tensor<i32>
  %mm = hlo.multiply %m, %m1 : tensor<i32>
  %c2 = hlo.constant dense<2> : tensor<i32>
  %closed = hlo.divide %mm, %c2 : tensor<i32>
  check.expect_eq %r#1, %closed : tensor<i32>
  check.expect_eq %r#0, %m : tensor<i32>

  // if == select.
  %sum = hlo.add %x, %x : tensor<4xf32>
  %neg = hlo.negate %x : tensor<4xf32>
  %if = "hlo.if"(%p) ({
    %a = hlo.add %x, %x : tensor<4xf32>
    hlo.return %a : tensor<4xf32>
  }, {
    %b = hlo.negate %x : tensor<4xf32>
    hlo.return %b : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %sel = hlo.select %p, %sum, %neg : tensor<i1>, tensor<4xf32>
  check.expect_eq %if, %sel : tensor<4xf32>

  // case with index in [-10, 10]: 0 -> x, 1 -> 2x, anything else (out of
  // range included) -> -x.
  %case = "hlo.case"(%i) ({
    hlo.return %x : tensor<4xf32>
  }, {
    %a = hlo.add %x, %x : tensor<4xf32>
    hlo.return %a : tensor<4xf32>
  }, {
    %b = hlo.negate %x : tensor<4xf32>
    hlo.return %b : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  %is0 = hlo.compare EQ, %i, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %is1 = hlo.compare EQ, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %s1 = hlo.select %is1, %sum, %neg : tensor<i1>, tensor<4xf32>
  %s0 = hlo.select %is0, %x, %s1 : tensor<i1>, tensor<4xf32>
  check.expect_eq %case, %s0 : tensor<4xf32>

  // Out-of-range indices on both sides pick the last branch.
  %big = hlo.constant dense<7> : tensor<i32>
  %minus = hlo.constant dense<-1> : tensor<i32>
  %cb = "hlo.case"(%big) ({
    %z = hlo.constant dense<0> : tensor<i32>
    hlo.return %z : tensor<i32>
  }, {
    %z = hlo.constant dense<2> : tensor<i32>
    hlo.return %z : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %cm = "hlo.case"(%minus) ({
    %z = hlo.constant dense<0> : tensor<i32>
    hlo.return %z : tensor<i32>
  }, {
    %z = hlo.constant dense<2> : tensor<i32>
    hlo.return %z : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %cb, dense<2> : tensor<i32>
  check.expect_eq_const %cm, dense<2> : tensor<i32>
  return
}
