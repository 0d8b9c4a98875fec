// RUN: xla-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: xla-opt %s -split-input-file -verify-diagnostics | xla-opt -split-input-file | FileCheck %s
// RUN: xla-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | xla-opt -split-input-file | FileCheck %s

// Hex dense literals. MLIR's raw buffer packs eight i1 elements into a byte;
// StableHLO (JAX) writes one byte, 00 or 01, per i1 element. hlo.constant
// reads both.

// CHECK-LABEL: func @hex_i1
func.func @hex_i1() -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<3xi1>, tensor<1xi1>, tensor<4xi1>) {
  // One byte per element, pretty StableHLO form.
  // CHECK: hlo.constant dense<{{\[\[}}false, true, true], [false, true, false]]> : tensor<2x3xi1>
  %0 = stablehlo.constant dense<"0x000101000100"> : tensor<2x3xi1>
  // CHECK: hlo.constant {foo} dense<{{\[\[}}true, false, false], [false, false, true]]> : tensor<2x3xi1>
  %1 = hlo.constant {foo} dense  < "0x010000000001" > : tensor<2x3xi1>
  // MLIR's packed form (element 0 in the low bit).
  // CHECK: hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %2 = hlo.constant dense<"0x05"> : tensor<3xi1>
  // CHECK: hlo.constant dense<true> : tensor<1xi1>
  %3 = hlo.constant dense<"0x01"> : tensor<1xi1>
  // A one-byte splat.
  // CHECK: hlo.constant dense<true> : tensor<4xi1>
  %4 = hlo.constant dense<"0xFF"> : tensor<4xi1>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<3xi1>, tensor<1xi1>, tensor<4xi1>
}

// CHECK-LABEL: func @hex_other
func.func @hex_other() -> (tensor<2xi32>, tensor<f32>, tensor<2xi1>) {
  // CHECK: hlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = stablehlo.constant dense<"0x0100000002000000"> : tensor<2xi32>
  // CHECK: hlo.constant dense<1.000000e+00> : tensor<f32>
  %1 = hlo.constant dense<"0x0000803F"> : tensor<f32>
  // Non-hex literals take the builtin path.
  // CHECK: hlo.constant dense<[true, false]> : tensor<2xi1>
  %2 = hlo.constant dense<[true, false]> : tensor<2xi1>
  func.return %0, %1, %2 : tensor<2xi32>, tensor<f32>, tensor<2xi1>
}

// A large i1 constant prints in MLIR's packed hex form and reads back.
// CHECK-LABEL: func @hex_i1_large
func.func @hex_i1_large() -> tensor<2x100xi1> {
  // CHECK: hlo.constant dense<"0xF4B4096559DA6BCB35F0A57D835019FDBC8A582EB221A5EE68"> : tensor<2x100xi1>
  %0 = stablehlo.constant dense<"0x0000010001010101000001000101000101000001000000000100010000010100010000010100010000010001010001010101000100010100010100010000010101000100010100000000000001010101010001000001000101000101010101000101000000000001000000000100010001000001010000000100010101010101000001010101000100010001000000010000000101000100000101010001000000010000010100010100000000010000010001000001000100010101000101010000000100010100"> : tensor<2x100xi1>
  func.return %0 : tensor<2x100xi1>
}

// -----

func.func @hex_i1_bad_byte() -> tensor<3xi1> {
  // expected-error @+1 {{i1 hex literal has byte 02 at element 1; expected 00 or 01}}
  %0 = hlo.constant dense<"0x000201"> : tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @hex_i1_bad_size() -> tensor<3xi1> {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<3xi1>' (2 bytes)}}
  %0 = hlo.constant dense<"0x0001"> : tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @hex_not_hex() -> tensor<3xi1> {
  // expected-error @+1 {{expected a hex string "0x..." in dense<>}}
  %0 = hlo.constant dense<"0xZZ"> : tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @hex_dynamic() -> tensor<?xi1> {
  // expected-error @+1 {{a hex dense literal needs a statically shaped tensor type, got 'tensor<?xi1>'}}
  %0 = hlo.constant dense<"0x0001"> : tensor<?xi1>
  func.return %0 : tensor<?xi1>
}
