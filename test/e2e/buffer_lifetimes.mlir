// A temporary's buffer is freed right after its last use, not when the
// program returns, so that the pool hands it to later temporaries: a
// chain of five 256 KiB products (each its own kernel) holds at most two
// of them at a time. Peak = argument + result + two temporaries = 1.0 MiB.
// It was 2.1 MiB: every buffer freed at the end (all five temporaries),
// and each kernel computing its result in a buffer of its own and copying
// it into the out-param. The target's L1 of 256 KiB (64 ways) holds a
// strip of the 256 rows, so the products are not packed (a packing copy
// is one more buffer).
// RUN: xla-run %s --time --runs 2 --no-print --target=l1=256K | FileCheck %s
// CHECK: peak buffer memory: 1.0 MiB
// The values are those of the unfused program too.
// RUN: xla-run %s --compare-unfused --runs 1 | FileCheck %s --check-prefix=CMP
// CMP: fused and unfused agree
func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %s = stablehlo.constant dense<0.00390625> : tensor<256x256xf32>
  %a = stablehlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %b = stablehlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = stablehlo.dot_general %b, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %d = stablehlo.dot_general %c, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %e = stablehlo.dot_general %d, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %f = stablehlo.dot_general %e, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = stablehlo.multiply %f, %s : tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
