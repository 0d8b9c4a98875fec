// A softmax over rows of 2 MiB (more than all cores' L2 here, 256 KiB x 2)
// runs in blocks of rows: while a block computes its exponentials, the
// next block's rows are prefetched (xla-plan-block-prefetch,
// xla-prefetch-next-block). The prefetches change no result: the output is
// bitwise the one without them, with and without parallel loops.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 5 --no-print --prefetch=false --target=vector-bits=512,l2=256K,cores=2 --output-dir %t
// RUN: xla-run %s --seed 5 --no-print --target=vector-bits=512,l2=256K,cores=2 --rtol 0 --atol 0 --expected %t/output_0.npy --dump-to=%t/dump | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --parallel-loops=false --target=vector-bits=512,l2=256K,cores=2 --rtol 0 --atol 0 --expected %t/output_0.npy | FileCheck %s
// CHECK: output 0 matches {{.*}} (max abs error 0)
// CHECK-NOT: differs

// The exponentials' reads of the input prefetch the next block, to L2;
// the first phase's (the maximum) do not.
// RUN: cat %t/dump/passes/*/*input_reduce_fusion/*xla-prefetch-next-block.mlir | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=ASM < %t/dump/program.s
// IR: arith.minsi
// IR: arith.maximumf
// IR: memref.prefetch %arg0{{.*}}, read, locality<2>, data
// IR-NEXT: vector.transfer_read %arg0
// IR: math.exp
// IR-NOT: memref.prefetch
// ASM: prefetcht1

// With the host's L2 (1 MiB or more per core), the input may stay cached
// from one call to the next: no prefetch.
// RUN: xla-run %s --seed 5 --no-print --target=vector-bits=512,l2=2M,cores=2 --dump-to=%t/large
// RUN: not grep -r prefetch %t/large/program.ll

func.func @main(%x: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %d = hlo.subtract %x, %maxb : tensor<512x1024xf32>
  %e = hlo.exponential %d : tensor<512x1024xf32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %p = hlo.divide %e, %sumb : tensor<512x1024xf32>
  return %p : tensor<512x1024xf32>
}
