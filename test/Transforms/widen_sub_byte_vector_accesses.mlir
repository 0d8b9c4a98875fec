// RUN: xla-opt %s --pass-pipeline='builtin.module(llvm.func(xla-widen-sub-byte-vector-accesses))' | FileCheck %s

// A memref of i1 holds a byte per element: vector loads and stores of i1
// (or i4) become loads and stores of bytes, truncated or extended; masked
// ones too (the pass-through as well). Bytes, and a stack slot that holds
// a vector of i1 itself, are left alone.
// CHECK-LABEL: llvm.func @masks
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%arg1]
// CHECK: %[[B:.*]] = llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
// CHECK: %[[V:.*]] = llvm.trunc %[[B]] : vector<16xi8> to vector<16xi1>
// CHECK: %[[W:.*]] = llvm.zext %[[V]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[W]], %[[P]] {alignment = 1 : i64} : vector<16xi8>, !llvm.ptr
// CHECK: %[[T:.*]] = llvm.zext %arg3 : vector<8xi4> to vector<8xi8>
// CHECK: %[[M:.*]] = llvm.intr.masked.load %[[P]], %arg2, %[[T]] {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK: %[[N:.*]] = llvm.trunc %[[M]] : vector<8xi8> to vector<8xi4>
// CHECK: %[[Z:.*]] = llvm.zext %[[N]] : vector<8xi4> to vector<8xi8>
// CHECK: llvm.intr.masked.store %[[Z]], %[[P]], %arg2 {alignment = 1 : i32} : vector<8xi8>, vector<8xi1> into !llvm.ptr
// CHECK: llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
// CHECK-NOT: llvm.trunc
// CHECK: %[[S:.*]] = llvm.alloca
// CHECK: llvm.store %[[V]], %[[S]] {alignment = 2 : i64} : vector<16xi1>, !llvm.ptr
llvm.func @masks(%base: !llvm.ptr, %i: i64, %mask: vector<8xi1>, %pass: vector<8xi4>) {
  %p = llvm.getelementptr %base[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i1
  %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<16xi1>
  llvm.store %v, %p {alignment = 1 : i64} : vector<16xi1>, !llvm.ptr
  %m = llvm.intr.masked.load %p, %mask, %pass {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi4>) -> vector<8xi4>
  llvm.intr.masked.store %m, %p, %mask {alignment = 1 : i32} : vector<8xi4>, vector<8xi1> into !llvm.ptr
  %b = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x vector<16xi1> : (i64) -> !llvm.ptr
  llvm.store %v, %slot {alignment = 2 : i64} : vector<16xi1>, !llvm.ptr
  llvm.return
}
