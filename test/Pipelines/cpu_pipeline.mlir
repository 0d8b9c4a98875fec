// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s
// RUN: xla-opt %s --hlo-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s --check-prefix=VEC
// RUN: xla-opt %s --hlo-cpu-pipeline=vector-bits=256 | FileCheck %s --check-prefix=VEC256
// RUN: xla-opt %s --hlo-cpu-pipeline=vectorize=false | FileCheck %s --check-prefix=SCALAR
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
// The fused add+exp is one vector of 16 lanes (512-bit registers by
// default), two of 8 with 256-bit ones, and scalar code with vectorize off.
// VEC: llvm.load {{.*}} -> vector<16xf32>
// VEC: llvm.fadd {{.*}} : vector<16xf32>
// The exp is a polynomial on the whole vector (xla-approximate-vector-math).
// VEC: llvm.intr.fma({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// VEC: llvm.store {{.*}} : vector<16xf32>, !llvm.ptr
// VEC256: llvm.intr.fma({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// SCALAR-NOT: vector<
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

