// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add_exp
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[S:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: math.exp
func.func @add_exp(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = hlo.add %a, %b : tensor<4x8xf32>
  %1 = hlo.exponential %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Unsigned types become signless; the signedness selects the arith op and
// division by zero is guarded (x / 0 = all ones).
// CHECK-LABEL: func.func @unsigned_div
// CHECK-SAME: (%{{.*}}: tensor<4xi32>, %{{.*}}: tensor<4xi32>) -> tensor<4xi32>
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[RHS:.*]], %c0_i32
// CHECK: %[[SAFE:.*]] = arith.select %[[Z]], %c1_i32, %[[RHS]]
// CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %[[SAFE]]
// CHECK: arith.select %[[Z]], %c-1_i32, %[[Q]]
func.func @unsigned_div(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = hlo.divide %a, %b : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// CHECK-LABEL: func.func @signed_rem
// CHECK: arith.remsi
func.func @signed_rem(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.remainder %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Float -> int saturates and maps NaN to 0.
// CHECK-LABEL: func.func @convert_f32_i8
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf uno
// CHECK: arith.fptosi %{{.*}} : f32 to i8
// CHECK-COUNT-3: arith.select
func.func @convert_f32_i8(%a: tensor<3xf32>) -> tensor<3xi8> {
  %0 = hlo.convert %a : (tensor<3xf32>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// CHECK-LABEL: func.func @convert_ui8_f32
// CHECK: arith.uitofp %{{.*}} : i8 to f32
func.func @convert_ui8_f32(%a: tensor<3xui8>) -> tensor<3xf32> {
  %0 = hlo.convert %a : (tensor<3xui8>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @compare_unsigned
// CHECK: arith.cmpi ult
func.func @compare_unsigned(%a: tensor<3xui16>, %b: tensor<3xui16>) -> tensor<3xi1> {
  %0 = hlo.compare LT, %a, %b : (tensor<3xui16>, tensor<3xui16>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// TOTALORDER compares the sign-folded bit patterns as signed integers.
// CHECK-LABEL: func.func @compare_totalorder
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.xori
// CHECK: arith.cmpi slt
func.func @compare_totalorder(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  %0 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// A 0-d min/max of clamp broadcasts through a constant indexing map.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @clamp_scalar_bounds
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}, #[[SCALAR]], #{{.*}}]
// CHECK: arith.maximumf
// CHECK: arith.minimumf
func.func @clamp_scalar_bounds(%lo: tensor<f32>, %x: tensor<5xf32>, %hi: tensor<f32>) -> tensor<5xf32> {
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Shifts by at least the bit width give 0.
// CHECK-LABEL: func.func @shift_left
// CHECK: arith.cmpi uge
// CHECK: arith.shli
// CHECK: arith.select
func.func @shift_left(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = hlo.shift_left %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @unsigned_constant
// CHECK: arith.constant dense<[1, -1]> : tensor<2xi8>
func.func @unsigned_constant() -> tensor<2xui8> {
  %0 = hlo.constant dense<[1, 255]> : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @complex_mul
// CHECK: complex.mul
func.func @complex_mul(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.multiply %a, %b : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @reduce_precision
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.cmpi ugt
// CHECK: arith.cmpi ule
// CHECK: arith.cmpf uno
func.func @reduce_precision(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.reduce_precision %a, format = e5m10 : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A wide element splits into narrow parts along a new minor dimension,
// lowest bits first.
// CHECK: #[[DROP:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bitcast_split
// CHECK: linalg.generic {indexing_maps = [#[[DROP]], #{{.*}}]
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: linalg.index 1
// CHECK: arith.shrui
// CHECK: arith.trunci %{{.*}} : i32 to i8
func.func @bitcast_split(%a: tensor<3xf32>) -> tensor<3x4xi8> {
  %0 = hlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<3x4xi8>
  return %0 : tensor<3x4xi8>
}

// -----

// Narrow parts join into one wide element; i1 counts as one bit.
// CHECK-LABEL: func.func @bitcast_join_bits
// CHECK: linalg.generic
// CHECK-COUNT-8: arith.extui %{{.*}} : i1 to i8
// CHECK: linalg.yield
func.func @bitcast_join_bits(%a: tensor<2x8xi1>) -> tensor<2xi8> {
  %0 = hlo.bitcast_convert %a : (tensor<2x8xi1>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHLO unary functions lower to their math counterparts.
// CHECK-LABEL: func.func @chlo_unary
// CHECK: math.acosh
// CHECK: math.atan
// CHECK: math.sinh
// CHECK: math.erf
// CHECK: arith.mulf
// CHECK: math.absf
// CHECK: arith.cmpf oeq
func.func @chlo_unary(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %0 = chlo.acosh %a : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.atan %a : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.sinh %a : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.erf %a : tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.square %a : tensor<4xf32> -> tensor<4xf32>
  %5 = chlo.is_inf %a : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// Other function-like ops are left alone: an llvm.func, whose type is not
// a builtin FunctionType (the legality check crashed on one).
// CHECK-LABEL: llvm.func @llvm_function
// CHECK: llvm.return
llvm.func @llvm_function(%p: !llvm.ptr) -> i32 {
  %0 = llvm.load %p : !llvm.ptr -> i32
  llvm.return %0 : i32
}
