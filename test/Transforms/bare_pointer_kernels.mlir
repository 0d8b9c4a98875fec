// RUN: xla-opt %s --xla-bare-pointer-kernels | FileCheck %s
// RUN: xla-opt %s --xla-bare-pointer-kernels --finalize-memref-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// Private kernels whose buffers are all static (shape, strides, offset)
// take bare pointers; the public entry, declarations, kernels with a
// dynamic layout and kernels whose address is taken keep descriptors.
// CHECK-LABEL: func.func private @kernel(
// CHECK-SAME: llvm.bareptr
// CHECK-LABEL: func.func private @strided_kernel(
// CHECK-SAME: llvm.bareptr
// CHECK-LABEL: func.func private @dynamic_offset(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func private @address_taken(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func private @runtime_function(
// CHECK-NOT: llvm.bareptr
// CHECK-LABEL: func.func @main(
// CHECK-NOT: llvm.bareptr

// Lowered, a bare-pointer kernel takes one pointer per buffer and its
// call passes the aligned pointers; the entry keeps its descriptors
// (allocated and aligned pointer, offset, size, stride).
// LLVM-LABEL: llvm.func @kernel(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM-LABEL: llvm.func @strided_kernel(%{{.*}}: !llvm.ptr)
// LLVM-LABEL: llvm.func @dynamic_offset(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// LLVM-LABEL: llvm.func @main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// LLVM: %[[IN:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LLVM: %[[OUT:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LLVM: llvm.call @kernel(%[[IN]], %[[OUT]]) : (!llvm.ptr, !llvm.ptr) -> ()

func.func private @kernel(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %in[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  return
}

func.func private @strided_kernel(
    %in: memref<4x4xf32, strided<[8, 1], offset: 4>>) {
  return
}

func.func private @dynamic_offset(
    %in: memref<16xf32, strided<[1], offset: ?>>) {
  return
}

func.func private @address_taken(%in: memref<16xf32>) {
  return
}

func.func private @runtime_function(%in: memref<16xf32>)

func.func @main(%in: memref<16xf32>, %out: memref<16xf32>) {
  call @kernel(%in, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %f = func.constant @address_taken : (memref<16xf32>) -> ()
  return
}
