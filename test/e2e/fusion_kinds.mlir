// Fused and unfused compilations of softmax, a reduction of a chain, a
// dense layer with bias and relu, and sibling reductions agree, and the
// fused program has one kernel per fusion, named after it: the softmax
// (its max, its sum and the division: the model counts the reduced values
// computed once inside the kernel) and the sibling reduction of x + y*z in
// one, the dense layer with its epilogue in another.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --fusion=false --no-print --output-dir %t/unfused
// RUN: xla-run %s --fusion=true --no-print --dump-llvm %t/fused.ll \
// RUN:   --expected %t/unfused/output_0.npy,%t/unfused/output_1.npy,%t/unfused/output_2.npy \
// RUN:   --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=MATCH
// RUN: FileCheck %s --check-prefix=KERNELS < %t/fused.ll
// MATCH: output 0 matches
// MATCH: output 1 matches
// MATCH: output 2 matches
// KERNELS-DAG: define {{.*}}void @multi_output_reduce_fusion(
// KERNELS-NOT: define {{.*}}void @loop_
// KERNELS-DAG: define {{.*}}void @output_dot_general_fusion(
// KERNELS-DAG: define void @main(
func.func @main(%x: tensor<256x1024xf32>, %y: tensor<256x1024xf32>, %z: tensor<256x1024xf32>, %w: tensor<1024x512xf32>, %b: tensor<512xf32>) -> (tensor<256xf32>, tensor<256x1024xf32>, tensor<256x512xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.multiply %y, %z : tensor<256x1024xf32>
  %1 = hlo.add %x, %0 : tensor<256x1024xf32>
  %2 = hlo.reduce(%1 init: %zero) applies hlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  // softmax of x
  %m = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %s = hlo.subtract %x, %mb : tensor<256x1024xf32>
  %e = hlo.exponential %s : tensor<256x1024xf32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %sm = hlo.divide %e, %sb : tensor<256x1024xf32>
  // dense + bias + relu
  %d = hlo.dot_general %sm, %w, contracting_dims = [1] x [0] : (tensor<256x1024xf32>, tensor<1024x512xf32>) -> tensor<256x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %db = hlo.add %d, %bb : tensor<256x512xf32>
  %zb = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<256x512xf32>
  %r = hlo.maximum %db, %zb : tensor<256x512xf32>
  return %2, %sm, %r : tensor<256xf32>, tensor<256x1024xf32>, tensor<256x512xf32>
}
