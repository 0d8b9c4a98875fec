// A temporary that dies at a kernel which reads it element by element
// becomes that kernel's result buffer (xla-reuse-operand-buffers): the
// softmax kernel writes exp(a - max) over the logits a, which nothing
// reads later. Peak = argument + a + the row sums = 0.5 MiB (0.8 MiB when
// the exponentials had a buffer of their own next to the logits).
// RUN: xla-run %s --time --runs 2 --no-print --target=l1=256K | FileCheck %s
// CHECK: peak buffer memory: 0.5 MiB
// RUN: rm -rf %t.dump
// RUN: xla-run %s --no-print --target=l1=256K --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/*xla-reuse-operand-buffers.mlir | FileCheck %s --check-prefix=IR
// IR: %[[A:.*]] = memref.alloc() : memref<256x256xf32>
// IR: call @output_dot_general_fusion(%arg0, %[[A]])
// IR-NOT: memref.alloc() : memref<256x256xf32>
// IR: call @multi_output_reduce_fusion(%[[A]], %[[A]],
// The memory report (xla-report-memory) shows one 256 KiB buffer from the
// product that writes the logits to the kernel that reads the
// exponentials.
// RUN: FileCheck %s --check-prefix=MEM < %t.dump/memory_report.txt
// MEM: peak {{.*}} = inputs 256.0 KiB + results 1.0 KiB + temporaries
// MEM: live when it runs (2 buffers, 257.0 KiB)
// MEM-NEXT: 256.0 KiB  memref<256x256xf32>  output_dot_general_fusion .. input_reduce_fusion
// The values are those of the unfused program (one kernel per op, which
// reuses buffers of its own).
// RUN: xla-run %s --compare-unfused --runs 1 | FileCheck %s --check-prefix=CMP
// CMP: fused and unfused agree
func.func @main(%x: tensor<256x256xf32>) -> tensor<256xf32> {
  %a = stablehlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%a init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x256xf32>
  %d = stablehlo.subtract %a, %mb : tensor<256x256xf32>
  %e = stablehlo.exponential %d : tensor<256x256xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x256xf32>
  %p = stablehlo.divide %e, %sb : tensor<256x256xf32>
  %q = stablehlo.multiply %p, %p : tensor<256x256xf32>
  %r = stablehlo.reduce(%q init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}
