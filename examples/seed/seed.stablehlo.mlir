module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<128x256xf32>, %arg1: tensor<128x256xf32>, %arg2: tensor<128x256xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg1, %arg2 : tensor<128x256xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<128x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
