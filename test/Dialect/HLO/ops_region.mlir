// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func @reduce_compact
func.func @reduce_compact(%x: tensor<4x5xf32>, %z: tensor<f32>, %b: tensor<3x?xi1>, %t: tensor<i1>) -> (tensor<4xf32>, tensor<f32>, tensor<?xi1>) {
  // CHECK: hlo.reduce(%arg0 init: %arg1) applies hlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  // StableHLO spelling of the applied op.
  // CHECK: hlo.reduce(%arg0 init: %arg1) applies hlo.maximum across dimensions = [0, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>
  %1 = hlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>
  // CHECK: hlo.reduce(%arg2 init: %arg3) applies hlo.or across dimensions = [0] : (tensor<3x?xi1>, tensor<i1>) -> tensor<?xi1>
  %2 = stablehlo.reduce(%b init: %t) applies stablehlo.or across dimensions = [0] : (tensor<3x?xi1>, tensor<i1>) -> tensor<?xi1>
  func.return %0, %1, %2 : tensor<4xf32>, tensor<f32>, tensor<?xi1>
}

// A body that is a single commutative op prints compactly, whatever form it
// was written in.
// CHECK-LABEL: func @reduce_becomes_compact
func.func @reduce_becomes_compact(%x: tensor<4x5xi32>, %z: tensor<i32>) -> tensor<5xi32> {
  // CHECK: hlo.reduce(%arg0 init: %arg1) applies hlo.multiply across dimensions = [0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = hlo.multiply %a, %b : tensor<i32>
    hlo.return %1 : tensor<i32>
  }) : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
  func.return %0 : tensor<5xi32>
}

// CHECK-LABEL: func @reduce_general
func.func @reduce_general(%x: tensor<4x6xf32>, %i: tensor<4x6xi32>, %z: tensor<f32>, %zi: tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<4xf32>) {
  // CHECK: %[[R:.*]]:2 = hlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [0] : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
  // CHECK-NEXT: reducer(%[[A0:.*]]: tensor<f32>, %[[B0:.*]]: tensor<f32>) (%[[A1:.*]]: tensor<i32>, %[[B1:.*]]: tensor<i32>) {
  // CHECK-NEXT:   %[[C:.*]] = hlo.compare  GE, %[[A0]], %[[B0]]
  // CHECK-NEXT:   %[[V:.*]] = hlo.select %[[C]], %[[A0]], %[[B0]]
  // CHECK-NEXT:   %[[I:.*]] = hlo.select %[[C]], %[[A1]], %[[B1]]
  // CHECK-NEXT:   hlo.return %[[V]], %[[I]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  %0:2 = stablehlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [0] : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
   reducer(%a0: tensor<f32>, %b0: tensor<f32>) (%a1: tensor<i32>, %b1: tensor<i32>) {
    %c = stablehlo.compare GE, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %c, %a0, %b0 : tensor<i1>, tensor<f32>
    %j = stablehlo.select %c, %a1, %b1 : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  // A single-op body that is not commutative keeps the general form; so
  // does an op with attributes.
  // CHECK: hlo.reduce(%arg0 init: %arg2) across dimensions = [1] {some.attr} : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: reducer(%[[P:.*]]: tensor<f32>, %[[Q:.*]]: tensor<f32>) {
  // CHECK-NEXT:   hlo.subtract %[[P]], %[[Q]]
  %1 = hlo.reduce(%x init: %z) across dimensions = [1] {some.attr} : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%p: tensor<f32>, %q: tensor<f32>) {
    %d = hlo.subtract %p, %q : tensor<f32>
    hlo.return %d : tensor<f32>
  }
  func.return %0#0, %0#1, %1 : tensor<6xf32>, tensor<6xi32>, tensor<4xf32>
}

// The body may accumulate in a wider type (spec: is_promotable).
// CHECK-LABEL: func @reduce_promoted
func.func @reduce_promoted(%x: tensor<8xi8>, %z: tensor<i8>) -> (tensor<i32>, tensor<f32>) {
  // CHECK: hlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<8xi8>, tensor<i8>) -> tensor<i32>
  // CHECK-NEXT: reducer(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>) {
  %0 = hlo.reduce(%x init: %z) across dimensions = [0] : (tensor<8xi8>, tensor<i8>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  // A compact form with a non-commutative op prints in the general form.
  // CHECK: hlo.reduce(%{{.*}} init: %{{.*}}) across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // CHECK-NEXT: reducer
  // CHECK-NEXT: hlo.subtract
  %c = hlo.constant dense<1.0> : tensor<f32>
  %1 = hlo.reduce(%c init: %c) applies hlo.subtract across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %0, %1 : tensor<i32>, tensor<f32>
}

// CHECK-LABEL: func @reduce_window
func.func @reduce_window(%x: tensor<3x2xi32>, %z: tensor<i32>) -> (tensor<2x2xi32>, tensor<3x2xi32>) {
  // CHECK: "hlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  // CHECK: hlo.add
  // CHECK: }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  // Only window_dimensions is required.
  // CHECK: "hlo.reduce_window"(%arg0, %arg1) <{window_dimensions = array<i64: 1, 1>}>
  %1 = "hlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.maximum %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<3x2xi32>
  func.return %0, %1 : tensor<2x2xi32>, tensor<3x2xi32>
}

// CHECK-LABEL: func @select_and_scatter
func.func @select_and_scatter(%x: tensor<4x2xi32>, %s: tensor<2x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // CHECK: "hlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  // CHECK: hlo.compare  GE
  // CHECK: }, {
  // CHECK: hlo.add
  // CHECK: }) : (tensor<4x2xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// CHECK-LABEL: func @sort
func.func @sort(%a: tensor<2x3xi64>, %b: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>, tensor<2x3xi64>) {
  // CHECK: "hlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i64>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
  // CHECK: }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%l0: tensor<i64>, %r0: tensor<i64>, %l1: tensor<f32>, %r1: tensor<f32>):
    %p = stablehlo.compare GT, %l0, %r0 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  // The default dimension is -1 (the last one).
  // CHECK: "hlo.sort"(%arg0) ({
  %1 = "hlo.sort"(%a) ({
  ^bb0(%l: tensor<i64>, %r: tensor<i64>):
    %p = hlo.compare LT, %l, %r : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  func.return %0#0, %0#1, %1 : tensor<2x3xi64>, tensor<2x3xf32>, tensor<2x3xi64>
}

// CHECK-LABEL: func @map
func.func @map(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> tensor<2x2xi1> {
  // CHECK: "hlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}> ({
  // CHECK: hlo.compare
  // CHECK: }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %c = stablehlo.compare EQ, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>
  func.return %0 : tensor<2x2xi1>
}

// CHECK-LABEL: func @scatter
func.func @scatter(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // CHECK: "hlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, unique_indices = false}> ({
  // CHECK: hlo.add
  // CHECK: }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  %0 = "stablehlo.scatter"(%in, %idx, %up) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [2, 3],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [1, 0],
      index_vector_dim = 2>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// Batching dimensions, two inputs updated together.
// CHECK-LABEL: func @scatter_batching
func.func @scatter_batching(%in: tensor<2x3x4x2xi64>, %in2: tensor<2x3x4x2xf32>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>, %up2: tensor<2x2x3x2x2xf32>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>) {
  // CHECK: "hlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}>
  // CHECK: -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>)
  %0:2 = "hlo.scatter"(%in, %in2, %idx, %up, %up2) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<f32>, %c: tensor<i64>, %d: tensor<f32>):
    hlo.return %c, %d : tensor<i64>, tensor<f32>
  }) : (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>, tensor<2x2x3x2x2xf32>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>)
  func.return %0#0, %0#1 : tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>
}

// CHECK-LABEL: func @while
func.func @while(%i: tensor<i64>, %s: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %ten = hlo.constant dense<10> : tensor<i64>
  // CHECK: %[[W:.*]]:2 = hlo.while(%[[I:.*]] = %arg0, %[[S:.*]] = %arg1) : tensor<i64>, tensor<f32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT:   %[[C:.*]] = hlo.compare  LT, %[[I]], %{{.*}}
  // CHECK-NEXT:   hlo.return %[[C]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   %[[N:.*]] = hlo.add %[[I]], %[[I]] : tensor<i64>
  // CHECK-NEXT:   hlo.return %[[N]], %[[S]] : tensor<i64>, tensor<f32>
  // CHECK-NEXT: }
  %0:2 = stablehlo.while(%iterArg = %i, %iterArg_0 = %s) : tensor<i64>, tensor<f32>
   cond {
    %c = stablehlo.compare LT, %iterArg, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %iterArg, %iterArg : tensor<i64>
    stablehlo.return %n, %iterArg_0 : tensor<i64>, tensor<f32>
  }
  func.return %0#0, %0#1 : tensor<i64>, tensor<f32>
}

// CHECK-LABEL: func @while_tokens_and_attrs
func.func @while_tokens_and_attrs(%t: !hlo.token, %p: tensor<i1>) -> !hlo.token {
  // CHECK: hlo.while(%[[T:.*]] = %arg0) : !hlo.token attributes {some.attr = 1 : i32}
  // CHECK-NEXT: cond {
  // CHECK-NEXT:   hlo.return %arg1 : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   hlo.return %[[T]] : !hlo.token
  %0 = hlo.while(%x = %t) : !hlo.token attributes {some.attr = 1 : i32}
   cond {
    hlo.return %p : tensor<i1>
  } do {
    hlo.return %x : !hlo.token
  }
  // No iteration values.
  // CHECK: hlo.while()
  // CHECK-NEXT: cond {
  // CHECK-NEXT:   hlo.return %arg1 : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   hlo.return
  hlo.while() cond {
    hlo.return %p : tensor<i1>
  } do {
    hlo.return
  }
  func.return %0 : !hlo.token
}

// CHECK-LABEL: func @while_generic
func.func @while_generic(%i: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: hlo.while(%[[I:.*]] = %arg0) : tensor<?xf32>
  // CHECK: hlo.return %[[I]] : tensor<?xf32>
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<?xf32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<?xf32>):
    stablehlo.return %a : tensor<?xf32>
  }) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// CHECK-LABEL: func @if
func.func @if(%p: tensor<i1>, %a: tensor<2xi64>, %b: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
  // CHECK: "hlo.if"(%arg0) ({
  // CHECK-NEXT: hlo.return %arg1, %arg2 : tensor<2xi64>, tensor<2xi64>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: hlo.add
  // CHECK-NEXT: hlo.return
  // CHECK-NEXT: }) : (tensor<i1>) -> (tensor<2xi64>, tensor<2xi64>)
  %0:2 = "stablehlo.if"(%p) ({
    stablehlo.return %a, %b : tensor<2xi64>, tensor<2xi64>
  }, {
    %s = stablehlo.add %a, %b : tensor<2xi64>
    stablehlo.return %s, %s : tensor<2xi64>, tensor<2xi64>
  }) : (tensor<i1>) -> (tensor<2xi64>, tensor<2xi64>)
  func.return %0#0, %0#1 : tensor<2xi64>, tensor<2xi64>
}

// CHECK-LABEL: func @case
func.func @case(%i: tensor<i32>, %a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  // CHECK: "hlo.case"(%arg0) ({
  // CHECK-NEXT: hlo.return %arg1 : tensor<2xi64>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: hlo.return %arg2 : tensor<2xi64>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: hlo.add
  // CHECK-NEXT: hlo.return
  // CHECK-NEXT: }) : (tensor<i32>) -> tensor<2xi64>
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<2xi64>
  }, {
    stablehlo.return %b : tensor<2xi64>
  }, {
    %s = stablehlo.add %a, %b : tensor<2xi64>
    stablehlo.return %s : tensor<2xi64>
  }) : (tensor<i32>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

// Control flow ops nest, and their regions may use values from above.
// CHECK-LABEL: func @nested
func.func @nested(%p: tensor<i1>, %x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // CHECK: "hlo.if"(%arg0) ({
  // CHECK-NEXT: hlo.reduce(%arg1 init: %arg2) applies hlo.add across dimensions = [0]
  // CHECK: hlo.while(%[[V:.*]] = %arg2) : tensor<f32>
  %0 = "hlo.if"(%p) ({
    %r = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %r : tensor<f32>
  }, {
    %w = hlo.while(%v = %z) : tensor<f32>
     cond {
      hlo.return %p : tensor<i1>
    } do {
      hlo.return %v : tensor<f32>
    }
    hlo.return %w : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
