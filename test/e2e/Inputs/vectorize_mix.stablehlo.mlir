module @jit_mix attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<67x1031xf32>, %arg1: tensor<1031x45xf32>, %arg2: tensor<45x1031xf32>, %arg3: tensor<67x1031xi32>, %arg4: tensor<211x77xf32>, %arg5: tensor<300xi32>) -> (tensor<67x1031xf32> {jax.result_info = "result['bcast']"}, tensor<3x20x45xf32> {jax.result_info = "result['bdot']"}, tensor<1031xf32> {jax.result_info = "result['col_max']"}, tensor<67x1044xf32> {jax.result_info = "result['concat']"}, tensor<67x300xf32> {jax.result_info = "result['cumsum']"}, tensor<67x45xf32> {jax.result_info = "result['dot']"}, tensor<67x45xf32> {jax.result_info = "result['dot_t']"}, tensor<67x1031xf32> {jax.result_info = "result['ew']"}, tensor<67x1031xf32> {jax.result_info = "result['f16']"}, tensor<300x77xf32> {jax.result_info = "result['gather']"}, tensor<67x1031xi32> {jax.result_info = "result['idiv']"}, tensor<67x1031xi32> {jax.result_info = "result['ints']"}, tensor<67x1031xi32> {jax.result_info = "result['iota']"}, tensor<67x1031xf32> {jax.result_info = "result['mean_sq']"}, tensor<72x1036xf32> {jax.result_info = "result['pad']"}, tensor<67xf32> {jax.result_info = "result['row_sum']"}, tensor<29x332xf32> {jax.result_info = "result['slice']"}, tensor<67x1031xf32> {jax.result_info = "result['softmax']"}, tensor<1031x67xf32> {jax.result_info = "result['t']"}, tensor<67x1031xf32> {jax.result_info = "result['where']"}) {
    %0 = stablehlo.tanh %arg0 : tensor<67x1031xf32>
    %1 = stablehlo.negate %arg0 : tensor<67x1031xf32>
    %2 = stablehlo.multiply %1, %arg0 : tensor<67x1031xf32>
    %3 = stablehlo.exponential %2 : tensor<67x1031xf32>
    %4 = stablehlo.multiply %0, %3 : tensor<67x1031xf32>
    %cst = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<67x1031xf32>
    %6 = stablehlo.maximum %arg0, %5 : tensor<67x1031xf32>
    %7 = stablehlo.add %4, %6 : tensor<67x1031xf32>
    %8 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<67x1031xf32>) -> tensor<1031x67xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1031x67xf32>
    %10 = stablehlo.multiply %8, %9 : tensor<1031x67xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1031x67xf32>
    %12 = stablehlo.add %10, %11 : tensor<1031x67xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<67xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %14 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<1031xf32>
    %15 = stablehlo.multiply %arg0, %arg0 : tensor<67x1031xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<67xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<67xf32>) -> tensor<67x1xf32>
    %cst_5 = stablehlo.constant dense<1.031000e+03> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<67x1xf32>
    %19 = stablehlo.divide %17, %18 : tensor<67x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<67x1xf32>) -> tensor<67x1031xf32>
    %21 = stablehlo.subtract %20, %arg0 : tensor<67x1031xf32>
    %22 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<67x1031xf32>, tensor<1031x45xf32>) -> tensor<67x45xf32>
    %23 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<45x1031xf32>) -> tensor<1031x45xf32>
    %24 = stablehlo.dot_general %arg0, %23, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<67x1031xf32>, tensor<1031x45xf32>) -> tensor<67x45xf32>
    %25 = stablehlo.slice %arg0 [0:60, 0:1031] : (tensor<67x1031xf32>) -> tensor<60x1031xf32>
    %26 = stablehlo.reshape %25 : (tensor<60x1031xf32>) -> tensor<3x20x1031xf32>
    %27 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<1031x45xf32>) -> tensor<1x1031x45xf32>
    %28 = stablehlo.reshape %27 : (tensor<1x1031x45xf32>) -> tensor<1x1x1x1031x1x45xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3, 4, 5] : (tensor<1x1x1x1031x1x45xf32>) -> tensor<3x1x1x1031x1x45xf32>
    %30 = stablehlo.reshape %29 : (tensor<3x1x1x1031x1x45xf32>) -> tensor<3x1031x45xf32>
    %31 = stablehlo.dot_general %26, %30, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x20x1031xf32>, tensor<3x1031x45xf32>) -> tensor<3x20x45xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %32 = stablehlo.reduce(%arg0 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<67xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<67xf32>
    %34 = stablehlo.maximum %33, %32 : tensor<67xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<67xf32>) -> tensor<67x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<67x1xf32>) -> tensor<67x1031xf32>
    %37 = stablehlo.subtract %arg0, %36 : tensor<67x1031xf32>
    %38 = stablehlo.exponential %37 : tensor<67x1031xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<67xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0] : (tensor<67xf32>) -> tensor<67x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<67x1xf32>) -> tensor<67x1031xf32>
    %42 = stablehlo.divide %38, %41 : tensor<67x1031xf32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %43 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %44 = stablehlo.multiply %arg3, %43 : tensor<67x1031xi32>
    %c_9 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %46 = stablehlo.shift_right_arithmetic %arg3, %45 : tensor<67x1031xi32>
    %47 = stablehlo.add %44, %46 : tensor<67x1031xi32>
    %c_10 = stablehlo.constant dense<127> : tensor<i32>
    %48 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %49 = stablehlo.and %47, %48 : tensor<67x1031xi32>
    %c_11 = stablehlo.constant dense<2> : tensor<i32>
    %50 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %51 = stablehlo.shift_left %arg3, %50 : tensor<67x1031xi32>
    %52 = stablehlo.xor %49, %51 : tensor<67x1031xi32>
    %c_12 = stablehlo.constant dense<3> : tensor<i32>
    %53 = call @floor_divide(%arg3, %c_12) : (tensor<67x1031xi32>, tensor<i32>) -> tensor<67x1031xi32>
    %c_13 = stablehlo.constant dense<5> : tensor<i32>
    %54 = call @remainder(%arg3, %c_13) : (tensor<67x1031xi32>, tensor<i32>) -> tensor<67x1031xi32>
    %55 = stablehlo.subtract %53, %54 : tensor<67x1031xi32>
    %56 = stablehlo.convert %arg0 : (tensor<67x1031xf32>) -> tensor<67x1031xf16>
    %cst_14 = stablehlo.constant dense<3.000000e+00> : tensor<f16>
    %57 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f16>) -> tensor<67x1031xf16>
    %58 = stablehlo.multiply %56, %57 : tensor<67x1031xf16>
    %59 = stablehlo.convert %58 : (tensor<67x1031xf16>) -> tensor<67x1031xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<67x1031xf32>
    %61 = stablehlo.compare GT, %arg0, %60, FLOAT : (tensor<67x1031xf32>, tensor<67x1031xf32>) -> tensor<67x1031xi1>
    %62 = stablehlo.negate %arg0 : tensor<67x1031xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<67x1031xf32>
    %64 = stablehlo.multiply %62, %63 : tensor<67x1031xf32>
    %65 = call @_where_1(%61, %arg0, %64) : (tensor<67x1031xi1>, tensor<67x1031xf32>, tensor<67x1031xf32>) -> tensor<67x1031xf32>
    %66 = stablehlo.iota dim = 0 : tensor<69077xi32>
    %67 = stablehlo.reshape %66 : (tensor<69077xi32>) -> tensor<67x1031xi32>
    %c_17 = stablehlo.constant dense<97> : tensor<i32>
    %68 = call @remainder(%67, %c_17) : (tensor<67x1031xi32>, tensor<i32>) -> tensor<67x1031xi32>
    %69 = stablehlo.slice %arg0 [0:67, 0:13] : (tensor<67x1031xf32>) -> tensor<67x13xf32>
    %cst_18 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<67x13xf32>
    %71 = stablehlo.multiply %69, %70 : tensor<67x13xf32>
    %72 = stablehlo.concatenate %arg0, %71, dim = 1 : (tensor<67x1031xf32>, tensor<67x13xf32>) -> tensor<67x1044xf32>
    %73 = stablehlo.slice %arg0 [3:60:2, 5:1000:3] : (tensor<67x1031xf32>) -> tensor<29x332xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<29x332xf32>
    %75 = stablehlo.add %73, %74 : tensor<29x332xf32>
    %cst_20 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %76 = call @_pad(%arg0, %cst_20) : (tensor<67x1031xf32>, tensor<f32>) -> tensor<72x1036xf32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %c_22 = stablehlo.constant dense<210> : tensor<i32>
    %77 = call @clip(%arg5, %c_21, %c_22) : (tensor<300xi32>, tensor<i32>, tensor<i32>) -> tensor<300xi32>
    %c_23 = stablehlo.constant dense<0> : tensor<i32>
    %78 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i32>) -> tensor<300xi32>
    %79 = stablehlo.compare LT, %77, %78, SIGNED : (tensor<300xi32>, tensor<300xi32>) -> tensor<300xi1>
    %c_24 = stablehlo.constant dense<211> : tensor<i32>
    %80 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<300xi32>
    %81 = stablehlo.add %77, %80 : tensor<300xi32>
    %82 = stablehlo.select %79, %81, %77 : tensor<300xi1>, tensor<300xi32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0] : (tensor<300xi32>) -> tensor<300x1xi32>
    %84 = "stablehlo.gather"(%arg4, %83) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 77>}> : (tensor<211x77xf32>, tensor<300x1xi32>) -> tensor<300x77xf32>
    %cst_25 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<300x77xf32>
    %86 = stablehlo.multiply %84, %85 : tensor<300x77xf32>
    %87 = stablehlo.slice %arg0 [0:67, 0:1] : (tensor<67x1031xf32>) -> tensor<67x1xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<67x1xf32>) -> tensor<67x1031xf32>
    %89 = stablehlo.add %arg0, %88 : tensor<67x1031xf32>
    %90 = stablehlo.slice %arg0 [0:1, 0:1031] : (tensor<67x1031xf32>) -> tensor<1x1031xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1] : (tensor<1x1031xf32>) -> tensor<67x1031xf32>
    %92 = stablehlo.add %89, %91 : tensor<67x1031xf32>
    %93 = stablehlo.slice %arg0 [0:67, 0:300] : (tensor<67x1031xf32>) -> tensor<67x300xf32>
    %94 = call @cumsum(%93) : (tensor<67x300xf32>) -> tensor<67x300xf32>
    return %92, %31, %14, %72, %94, %22, %24, %7, %59, %86, %55, %52, %68, %21, %76, %13, %75, %42, %12, %65 : tensor<67x1031xf32>, tensor<3x20x45xf32>, tensor<1031xf32>, tensor<67x1044xf32>, tensor<67x300xf32>, tensor<67x45xf32>, tensor<67x45xf32>, tensor<67x1031xf32>, tensor<67x1031xf32>, tensor<300x77xf32>, tensor<67x1031xi32>, tensor<67x1031xi32>, tensor<67x1031xi32>, tensor<67x1031xf32>, tensor<72x1036xf32>, tensor<67xf32>, tensor<29x332xf32>, tensor<67x1031xf32>, tensor<1031x67xf32>, tensor<67x1031xf32>
  }
  func.func private @floor_divide(%arg0: tensor<67x1031xi32>, %arg1: tensor<i32>) -> tensor<67x1031xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %2 = stablehlo.divide %arg0, %1 : tensor<67x1031xi32>
    %3 = stablehlo.sign %arg0 : tensor<67x1031xi32>
    %4 = stablehlo.sign %0 : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %6 = stablehlo.compare NE, %3, %5, SIGNED : (tensor<67x1031xi32>, tensor<67x1031xi32>) -> tensor<67x1031xi1>
    %7 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %8 = stablehlo.remainder %arg0, %7 : tensor<67x1031xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %10 = stablehlo.compare NE, %8, %9, SIGNED : (tensor<67x1031xi32>, tensor<67x1031xi32>) -> tensor<67x1031xi1>
    %11 = stablehlo.and %6, %10 : tensor<67x1031xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %13 = stablehlo.subtract %2, %12 : tensor<67x1031xi32>
    %14 = call @_where(%11, %13, %2) : (tensor<67x1031xi1>, tensor<67x1031xi32>, tensor<67x1031xi32>) -> tensor<67x1031xi32>
    return %14 : tensor<67x1031xi32>
  }
  func.func private @_where(%arg0: tensor<67x1031xi1>, %arg1: tensor<67x1031xi32>, %arg2: tensor<67x1031xi32>) -> tensor<67x1031xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<67x1031xi1>, tensor<67x1031xi32>
    return %0 : tensor<67x1031xi32>
  }
  func.func private @remainder(%arg0: tensor<67x1031xi32>, %arg1: tensor<i32>) -> tensor<67x1031xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_0(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<67x1031xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<67x1031xi32>, tensor<67x1031xi32>) -> tensor<67x1031xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<67x1031xi32>, tensor<67x1031xi32>) -> tensor<67x1031xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<67x1031xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<67x1031xi1>, tensor<67x1031xi1>) -> tensor<67x1031xi1>
    %12 = stablehlo.and %11, %6 : tensor<67x1031xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<67x1031xi32>
    %14 = stablehlo.add %4, %13 : tensor<67x1031xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<67x1031xi1>, tensor<67x1031xi32>
    return %15 : tensor<67x1031xi32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_1(%arg0: tensor<67x1031xi1>, %arg1: tensor<67x1031xf32>, %arg2: tensor<67x1031xf32>) -> tensor<67x1031xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<67x1031xi1>, tensor<67x1031xf32>
    return %0 : tensor<67x1031xf32>
  }
  func.func private @_pad(%arg0: tensor<67x1031xf32>, %arg1: tensor<f32>) -> tensor<72x1036xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [2, 1], high = [3, 4], interior = [0, 0] : (tensor<67x1031xf32>, tensor<f32>) -> tensor<72x1036xf32>
    return %1 : tensor<72x1036xf32>
  }
  func.func private @clip(%arg0: tensor<300xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<300xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<300xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<300xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<300xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<300xi32>
    return %5 : tensor<300xi32>
  }
  func.func private @cumsum(%arg0: tensor<67x300xf32>) -> tensor<67x300xf32> {
    %0 = call @cumsum_2(%arg0) : (tensor<67x300xf32>) -> tensor<67x300xf32>
    return %0 : tensor<67x300xf32>
  }
  func.func private @cumsum_2(%arg0: tensor<67x300xf32>) -> tensor<67x300xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [299, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 300>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<67x300xf32>, tensor<f32>) -> tensor<67x300xf32>
    return %1 : tensor<67x300xf32>
  }
}

