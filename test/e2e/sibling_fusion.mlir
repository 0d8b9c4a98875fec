// Siblings in one loop nest (xla-merge-siblings): the Adam update of a
// weight after its gradient, a packed product (a small L2 in the target),
// writes the new m, v and weight. They read the gradient and the state
// once, in one multi-result op after the product, instead of three loop
// nests that each read them again. Fused results equal those of one
// kernel per op.
// RUN: xla-run %s --seed 2 --compare-unfused --runs 2 --target=l1=4K,l2=64K | FileCheck %s
// RUN: xla-run %s --seed 3 --compare-unfused --runs 2 --parallel-loops=false | FileCheck %s
// CHECK: fused and unfused agree on all 3 output(s)

// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 2 --no-print --target=l1=4K,l2=64K --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/func_func_output_dot_general_fusion/*xla-merge-siblings.mlir | FileCheck %s --check-prefix=MERGED
// MERGED-LABEL: func.func private @output_dot_general_fusion
// MERGED: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// MERGED: %{{.*}}:3 = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// MERGED: linalg.yield {{.*}} : f32, f32, f32
// MERGED-NOT: linalg.generic
// MERGED: return

func.func @main(%x: tensor<4x32x300xf32>, %dy: tensor<4x32x96xf32>,
                %w: tensor<300x96xf32>, %m: tensor<300x96xf32>, %v: tensor<300x96xf32>)
    -> (tensor<300x96xf32>, tensor<300x96xf32>, tensor<300x96xf32>) {
  %g = hlo.dot_general %x, %dy, contracting_dims = [0, 1] x [0, 1] : (tensor<4x32x300xf32>, tensor<4x32x96xf32>) -> tensor<300x96xf32>
  %b1 = hlo.constant dense<0.9> : tensor<300x96xf32>
  %c1 = hlo.constant dense<0.1> : tensor<300x96xf32>
  %b2 = hlo.constant dense<0.999> : tensor<300x96xf32>
  %c2 = hlo.constant dense<0.001> : tensor<300x96xf32>
  %eps = hlo.constant dense<1.0e-6> : tensor<300x96xf32>
  %lr = hlo.constant dense<0.01> : tensor<300x96xf32>
  %m1 = hlo.multiply %b1, %m : tensor<300x96xf32>
  %m2 = hlo.multiply %c1, %g : tensor<300x96xf32>
  %mn = hlo.add %m1, %m2 : tensor<300x96xf32>
  %v1 = hlo.multiply %b2, %v : tensor<300x96xf32>
  %gg = hlo.multiply %g, %g : tensor<300x96xf32>
  %v2 = hlo.multiply %c2, %gg : tensor<300x96xf32>
  %vn = hlo.add %v1, %v2 : tensor<300x96xf32>
  %s = hlo.sqrt %vn : tensor<300x96xf32>
  %d = hlo.add %s, %eps : tensor<300x96xf32>
  %u = hlo.divide %mn, %d : tensor<300x96xf32>
  %lu = hlo.multiply %lr, %u : tensor<300x96xf32>
  %wn = hlo.subtract %w, %lu : tensor<300x96xf32>
  return %mn, %vn, %wn : tensor<300x96xf32>, tensor<300x96xf32>, tensor<300x96xf32>
}
