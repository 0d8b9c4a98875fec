// Outputs larger than all cores' L2 (256 KiB x 2 here) are written with
// streaming stores (xla-streaming-stores) and give the same bits as plain
// stores: a softmax whose rows of 1000 floats start at a 64-byte boundary
// only every other row (odd rows take the plain-store branch, and the last
// 8 floats of each row are no whole line), and an elementwise kernel.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --no-print --streaming-stores=false --target=vector-bits=512,l2=256K,cores=2 --output-dir %t
// RUN: xla-run %s --seed 3 --no-print --target=vector-bits=512,l2=256K,cores=2 --rtol 0 --atol 0 --expected %t/output_0.npy,%t/output_1.npy --dump-to=%t/dump | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --parallel-loops=false --target=vector-bits=512,l2=256K,cores=2 --rtol 0 --atol 0 --expected %t/output_0.npy,%t/output_1.npy | FileCheck %s
// CHECK-COUNT-2: output {{[0-9]}} matches {{.*}} (max abs error 0)
// CHECK-NOT: differs

// Each kernel streams its output and fences its stores.
// RUN: cat %t/dump/passes/*/*input_reduce_fusion/*xla-streaming-stores.mlir | FileCheck %s --check-prefix=SOFTMAX
// RUN: cat %t/dump/passes/*/*loop_add_fusion/*xla-streaming-stores.mlir | FileCheck %s --check-prefix=LOOP
// RUN: FileCheck %s --check-prefix=ASM < %t/dump/program.s
// SOFTMAX: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// SOFTMAX: llvm.call_intrinsic "llvm.x86.sse.sfence"
// LOOP: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// LOOP: llvm.call_intrinsic "llvm.x86.sse.sfence"
// ASM: vmovntps
// ASM: sfence

// With AVX2's 32-byte vectors, two stores to a line: the loops along the
// rows stream too, with the same bits as plain stores at that width (the
// sums' lane-strided order follows the width).
// RUN: xla-run %s --seed 3 --no-print --streaming-stores=false --target=vector-bits=256,vector-registers=16,l2=256K,cores=2 --output-dir %t/plain256
// RUN: xla-run %s --seed 3 --no-print --target=vector-bits=256,vector-registers=16,l2=256K,cores=2 --rtol 0 --atol 0 --expected %t/plain256/output_0.npy,%t/plain256/output_1.npy --dump-to=%t/avx2 | FileCheck %s
// RUN: cat %t/avx2/passes/*/*input_reduce_fusion/*xla-streaming-stores.mlir | FileCheck %s --check-prefix=SOFTMAX256
// RUN: cat %t/avx2/passes/*/*loop_add_fusion/*xla-streaming-stores.mlir | FileCheck %s --check-prefix=LOOP256
// SOFTMAX256: vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : {{.*}}, vector<8xf32>
// LOOP256: vector.store {{.*}} {alignment = {{32|64}} : i64, nontemporal = true}

// With the host's L2 (1 MiB or more per core), these outputs stay cached.
// RUN: xla-run %s --seed 3 --no-print --target=vector-bits=512,l2=2M,cores=2 --dump-to=%t/large
// RUN: cat %t/large/passes/*/*/*.mlir | FileCheck %s --check-prefix=LARGE
// LARGE-NOT: nontemporal

func.func @main(%x: tensor<600x1000xf32>, %y: tensor<512x1024xf32>)
    -> (tensor<600x1000xf32>, tensor<512x1024xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<600x1000xf32>, tensor<f32>) -> tensor<600xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<600xf32>) -> tensor<600x1000xf32>
  %d = hlo.subtract %x, %maxb : tensor<600x1000xf32>
  %e = hlo.exponential %d : tensor<600x1000xf32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<600x1000xf32>, tensor<f32>) -> tensor<600xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<600xf32>) -> tensor<600x1000xf32>
  %p = hlo.divide %e, %sumb : tensor<600x1000xf32>
  %one = hlo.constant dense<1.0> : tensor<512x1024xf32>
  %ey = hlo.exponential %y : tensor<512x1024xf32>
  %z = hlo.add %ey, %one : tensor<512x1024xf32>
  return %p, %z : tensor<600x1000xf32>, tensor<512x1024xf32>
}
