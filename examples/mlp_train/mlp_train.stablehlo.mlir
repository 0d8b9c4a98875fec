module @jit_mlp_train attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<784x512xf32>, %arg1: tensor<512xf32>, %arg2: tensor<512x512xf32>, %arg3: tensor<512xf32>, %arg4: tensor<512x10xf32>, %arg5: tensor<10xf32>, %arg6: tensor<128x784xf32>, %arg7: tensor<128xi32>) -> (tensor<784x512xf32> {jax.result_info = "result[0][0][0]"}, tensor<512xf32> {jax.result_info = "result[0][0][1]"}, tensor<512x512xf32> {jax.result_info = "result[0][1][0]"}, tensor<512xf32> {jax.result_info = "result[0][1][1]"}, tensor<512x10xf32> {jax.result_info = "result[0][2][0]"}, tensor<10xf32> {jax.result_info = "result[0][2][1]"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x784xf32>, tensor<784x512xf32>) -> tensor<128x512xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<128x512xf32>
    %3 = stablehlo.add %0, %2 : tensor<128x512xf32>
    %4 = call @relu(%3) : (tensor<128x512xf32>) -> tensor<128x512xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<128x512xf32>, tensor<128x512xf32>) -> tensor<128x512xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %8 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x512xf32>, tensor<512x512xf32>) -> tensor<128x512xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<128x512xf32>
    %11 = stablehlo.add %8, %10 : tensor<128x512xf32>
    %12 = call @relu(%11) : (tensor<128x512xf32>) -> tensor<128x512xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %14 = stablehlo.compare GT, %11, %13, FLOAT : (tensor<128x512xf32>, tensor<128x512xf32>) -> tensor<128x512xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %16 = stablehlo.dot_general %12, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x512xf32>, tensor<512x10xf32>) -> tensor<128x10xf32>
    %17 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<128x10xf32>
    %19 = stablehlo.add %16, %18 : tensor<128x10xf32>
    %20:3 = call @log_softmax(%19) : (tensor<128x10xf32>) -> (tensor<128x10xf32>, tensor<128x10xf32>, tensor<128x1xf32>)
    %21 = call @_one_hot(%arg7) : (tensor<128xi32>) -> tensor<128x10xf32>
    %22 = stablehlo.multiply %21, %20#0 : tensor<128x10xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<128xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %25 = stablehlo.divide %24, %cst_5 : tensor<f32>
    %26 = stablehlo.negate %25 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.negate %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %28 = stablehlo.divide %27, %cst_7 : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
    %31 = stablehlo.multiply %21, %30 : tensor<128x10xf32>
    %32 = call @log_softmax_0(%20#1, %20#2, %31) : (tensor<128x10xf32>, tensor<128x1xf32>, tensor<128x10xf32>) -> tensor<128x10xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<128x10xf32>, tensor<f32>) -> tensor<10xf32>
    %34 = stablehlo.reshape %33 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %36 = stablehlo.dot_general %32, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x10xf32>, tensor<128x512xf32>) -> tensor<10x512xf32>
    %37 = stablehlo.transpose %36, dims = [1, 0] : (tensor<10x512xf32>) -> tensor<512x10xf32>
    %38 = stablehlo.dot_general %32, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x10xf32>, tensor<512x10xf32>) -> tensor<128x512xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %40 = stablehlo.select %14, %38, %39 : tensor<128x512xi1>, tensor<128x512xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<128x512xf32>, tensor<f32>) -> tensor<512xf32>
    %42 = stablehlo.reshape %41 : (tensor<512xf32>) -> tensor<1x512xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_12) applies stablehlo.add across dimensions = [0] : (tensor<1x512xf32>, tensor<f32>) -> tensor<512xf32>
    %44 = stablehlo.dot_general %40, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x512xf32>, tensor<128x512xf32>) -> tensor<512x512xf32>
    %45 = stablehlo.transpose %44, dims = [1, 0] : (tensor<512x512xf32>) -> tensor<512x512xf32>
    %46 = stablehlo.dot_general %40, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x512xf32>, tensor<512x512xf32>) -> tensor<128x512xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %48 = stablehlo.select %6, %46, %47 : tensor<128x512xi1>, tensor<128x512xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_14) applies stablehlo.add across dimensions = [0] : (tensor<128x512xf32>, tensor<f32>) -> tensor<512xf32>
    %50 = stablehlo.reshape %49 : (tensor<512xf32>) -> tensor<1x512xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<1x512xf32>, tensor<f32>) -> tensor<512xf32>
    %52 = stablehlo.dot_general %48, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x512xf32>, tensor<128x784xf32>) -> tensor<512x784xf32>
    %53 = stablehlo.transpose %52, dims = [1, 0] : (tensor<512x784xf32>) -> tensor<784x512xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<784x512xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<784x512xf32>
    %56 = stablehlo.subtract %arg0, %55 : tensor<784x512xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %58 = stablehlo.multiply %57, %51 : tensor<512xf32>
    %59 = stablehlo.subtract %arg1, %58 : tensor<512xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<512x512xf32>
    %61 = stablehlo.multiply %60, %45 : tensor<512x512xf32>
    %62 = stablehlo.subtract %arg2, %61 : tensor<512x512xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %64 = stablehlo.multiply %63, %43 : tensor<512xf32>
    %65 = stablehlo.subtract %arg3, %64 : tensor<512xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<512x10xf32>
    %67 = stablehlo.multiply %66, %37 : tensor<512x10xf32>
    %68 = stablehlo.subtract %arg4, %67 : tensor<512x10xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %70 = stablehlo.multiply %69, %35 : tensor<10xf32>
    %71 = stablehlo.subtract %arg5, %70 : tensor<10xf32>
    return %56, %59, %62, %65, %68, %71, %26 : tensor<784x512xf32>, tensor<512xf32>, tensor<512x512xf32>, tensor<512xf32>, tensor<512x10xf32>, tensor<10xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<128x512xf32>) -> tensor<128x512xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x512xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<128x512xf32>
    return %1 : tensor<128x512xf32>
  }
  func.func private @log_softmax(%arg0: tensor<128x10xf32>) -> (tensor<128x10xf32>, tensor<128x10xf32>, tensor<128x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<128xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<128x10xf32>
    %6 = stablehlo.exponential %5 : tensor<128x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %9 = stablehlo.log %8 : tensor<128x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<128x10xf32>
    return %11, %6, %8 : tensor<128x10xf32>, tensor<128x10xf32>, tensor<128x1xf32>
  }
  func.func private @_one_hot(%arg0: tensor<128xi32>) -> tensor<128x10xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<128xi32>) -> tensor<128x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x10xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<128x1xi32>) -> tensor<128x10xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x10xi32>) -> tensor<128x10xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<128x10xi32>, tensor<128x10xi32>) -> tensor<128x10xi1>
    %5 = stablehlo.convert %4 : (tensor<128x10xi1>) -> tensor<128x10xf32>
    return %5 : tensor<128x10xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<128x10xf32>, %arg1: tensor<128x1xf32>, %arg2: tensor<128x10xf32>) -> tensor<128x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<128x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
    %2 = stablehlo.reshape %1 : (tensor<128xf32>) -> tensor<128x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<128x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<128x1xf32>, tensor<f32>) -> tensor<128xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<128x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<128x10xf32>
    return %7 : tensor<128x10xf32>
  }
}
