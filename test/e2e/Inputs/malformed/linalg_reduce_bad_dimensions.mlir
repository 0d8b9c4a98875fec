// Found by xla-fuzz: MLIR 22's linalg.reduce parser sets a null attribute
// when the list after `dimensions =` does not parse, and crashes.
func.func @main(%x: tensor<8x4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x4xf32>) outs(%init : tensor<4xf32>) dimensions = d255]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<4xf32>
}
