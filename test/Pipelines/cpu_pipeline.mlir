// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s
// RUN: xla-opt %s --hlo-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: xla-opt %s --hlo-to-linalg-pipeline | FileCheck %s --check-prefix=FUSE
// RUN: xla-opt %s --hlo-to-linalg-pipeline=fusion=false | FileCheck %s --check-prefix=NOFUSE

// The whole CPU path ends in the LLVM dialect. Results become out-params
// (exploded memref descriptors after the inputs), so the runtime owns every
// buffer that crosses the ABI.

// CHECK-NOT: hlo.
// CHECK-NOT: linalg.
// CHECK: llvm.func @main(
// CHECK-SAME: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64
// CHECK-NOT: llvm.call @malloc
// CHECK: llvm.return
// LLVMIR: define void @main(
// FUSE: linalg.generic
// FUSE: arith.addf
// FUSE-NEXT: math.exp
// FUSE-NOT: linalg.generic
// NOFUSE: linalg.generic
// NOFUSE: arith.addf
// NOFUSE: linalg.generic
// NOFUSE: math.exp
func.func @main(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = hlo.add %a, %b : tensor<16xf32>
  %1 = hlo.exponential %0 : tensor<16xf32>
  return %1 : tensor<16xf32>
}
