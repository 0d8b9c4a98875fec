// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-opt %s --hlo-plan-fusion --hlo-form-fusions --hlo-report-fusions=output=%t/report -o /dev/null
// RUN: FileCheck %s --check-prefix=TXT < %t/report.txt
// RUN: FileCheck %s --check-prefix=JSON < %t/report.json
// RUN: FileCheck %s --check-prefix=DOT < %t/report.dot

// reduce_sum(x + y*z) is one kernel: it reads the three inputs once and
// writes 4 bytes, where one kernel per op writes and reads back x + y*z.
// TXT: fusion report: 1 kernels for 3 ops; estimated on the default target
// TXT: total: 12.00 MB moved, {{.*}}; one kernel per op: 28.00 MB
// TXT: input_reduce_fusion (input, 3 ops): read 12582912 B, write 4 B, {{.*}} (one kernel per op: 29360132 B,
// TXT-NEXT: hlo.multiply  {{.*}}report_fusions.mlir:[[#@LINE+15]]:8
// TXT-NEXT: hlo.add  {{.*}}report_fusions.mlir:[[#@LINE+15]]:8
// TXT-NEXT: hlo.reduce  {{.*}}report_fusions.mlir:[[#@LINE+16]]:8

// JSON: "kernels": [
// JSON: "bytes_read": 12582912,
// JSON: "kind": "input",
// JSON: "name": "input_reduce_fusion",

// DOT: subgraph cluster_0 {
// DOT-NEXT: label="input_reduce_fusion";
// DOT: [[M:n[0-9]+]] -> [[A:n[0-9]+]];
// DOT: [[A]] -> n{{[0-9]+}};

func.func @main(%x: tensor<1048576xf32>, %y: tensor<1048576xf32>, %z: tensor<1048576xf32>) -> tensor<f32> {
  %0 = hlo.multiply %y, %z : tensor<1048576xf32>
  %1 = hlo.add %x, %0 : tensor<1048576xf32>
  %c = hlo.constant dense<0.0> : tensor<f32>
  %2 = hlo.reduce(%1 init: %c) applies hlo.add across dimensions = [0] : (tensor<1048576xf32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}

// A declaration has no body: the graph skips it (it crashed on one).
// DOT-NOT: external
func.func private @external(tensor<4xf32>) -> tensor<4xf32>
