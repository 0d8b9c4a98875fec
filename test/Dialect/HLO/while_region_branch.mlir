// hlo.while implements RegionBranchOpInterface (see its description in
// HLORegionOps.td). Upstream passes that rely on it keep loops intact.
// RUN: xla-opt %s -split-input-file -remove-dead-values | FileCheck %s --check-prefix=RDV
// RUN: xla-opt %s -split-input-file -sccp | FileCheck %s --check-prefix=SCCP
// RUN: xla-opt %s -split-input-file -canonicalize -cse -sccp -control-flow-sink -inline -symbol-dce -remove-dead-values | xla-opt -split-input-file

// Values observed only after the loop, or only inside body, stay live;
// a loop-carried value nobody observes is dead.
// RDV-LABEL: func @liveness
// RDV: %[[P:.*]] = ub.poison : tensor<f32>
// RDV: hlo.while(%[[I:[^ ]*]] = %arg0, %[[S:[^ ]*]] = %arg1, %[[K:[^ ]*]] = %{{[0-9]+}}, %{{[^ ]*}} = %[[P]])
// RDV-NEXT: cond {
// RDV-NEXT: hlo.compare
// RDV-NEXT: hlo.return
// RDV: } do {
// RDV: %[[N:.*]] = hlo.add %[[I]]
// RDV: %[[M:.*]] = hlo.multiply %[[S]], %[[K]]
// RDV: %[[DP:.*]] = ub.poison
// RDV: hlo.return %[[N]], %[[M]], %[[K]], %[[DP]]
func.func @liveness(%i: tensor<i64>, %s: tensor<f32>, %d: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %c10 = hlo.constant dense<10> : tensor<i64>
  %one = hlo.constant dense<1> : tensor<i64>
  %k = hlo.constant dense<2.0> : tensor<f32>
  %0:4 = hlo.while(%a = %i, %b = %s, %c = %k, %e = %d) : tensor<i64>, tensor<f32>, tensor<f32>, tensor<f32>
   cond {
    %p = hlo.compare LT, %a, %c10 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %unused = hlo.add %c, %c : tensor<f32>
    hlo.return %p : tensor<i1>
  } do {
    %n = hlo.add %a, %one : tensor<i64>
    %m = hlo.multiply %b, %c : tensor<f32>
    %m2 = hlo.multiply %b, %c : tensor<f32>
    %e2 = hlo.add %e, %e : tensor<f32>
    hlo.return %n, %m, %c, %e2 : tensor<i64>, tensor<f32>, tensor<f32>, tensor<f32>
  }
  %1 = hlo.add %0#1, %0#2 : tensor<f32>
  return %0#0, %1 : tensor<i64>, tensor<f32>
}

// -----

// The predicate of cond is live even when only cond reads the value.
// RDV-LABEL: func @predicate_only
// RDV: hlo.while(%[[Q:[^ ]*]] = %arg0, %{{[^ ]*}} = %arg1)
// RDV-NEXT: cond {
// RDV-NEXT: hlo.return %[[Q]] : tensor<i1>
// RDV: %[[F:.*]] = hlo.constant dense<false>
// RDV: hlo.return %[[F]], %{{.*}} : tensor<i1>, tensor<f32>
func.func @predicate_only(%p: tensor<i1>, %s: tensor<f32>) -> tensor<f32> {
  %0:2 = hlo.while(%q = %p, %b = %s) : tensor<i1>, tensor<f32>
   cond {
    hlo.return %q : tensor<i1>
  } do {
    %f = hlo.constant dense<false> : tensor<i1>
    hlo.return %f, %b : tensor<i1>, tensor<f32>
  }
  return %0#1 : tensor<f32>
}

// -----

// cond's arguments see both sources, the operands and body's return values,
// so SCCP folds %a in cond. body's arguments are also reached from cond,
// which forwards no values, so SCCP leaves them alone.
// SCCP-LABEL: func @sccp_cond_args
// SCCP: %[[THREE:.*]] = hlo.constant dense<3> : tensor<i64>
// SCCP: hlo.while(%[[A:[^ ]*]] = %[[THREE]], %[[B:[^ ]*]] = %arg0)
// SCCP-NEXT: cond {
// SCCP-NEXT: hlo.compare  LT, %[[B]], %[[THREE]]
// SCCP: } do {
// SCCP-NEXT: %[[N:.*]] = hlo.add %[[B]], %[[A]]
// SCCP-NEXT: hlo.return %[[THREE]], %[[N]]
func.func @sccp_cond_args(%x: tensor<i64>) -> tensor<i64> {
  %c3 = hlo.constant dense<3> : tensor<i64>
  %0:2 = hlo.while(%a = %c3, %b = %x) : tensor<i64>, tensor<i64>
   cond {
    %p = hlo.compare LT, %b, %a : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
    %three = hlo.constant dense<3> : tensor<i64>
    %n = hlo.add %b, %a : tensor<i64>
    hlo.return %three, %n : tensor<i64>, tensor<i64>
  }
  return %0#1 : tensor<i64>
}
