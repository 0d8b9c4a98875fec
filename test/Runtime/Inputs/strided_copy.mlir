// A result that is a strided view of another buffer (the last column
// block of each row): its copy into the result is MLIR's memrefCopy, the
// runtime's xla_rt_memref_copy.
func.func @main(%x: tensor<4x16x3xf32>) -> tensor<4x3xf32> {
  %s = hlo.slice %x [0:4, 15:16, 0:3] : (tensor<4x16x3xf32>) -> tensor<4x1x3xf32>
  %r = hlo.reshape %s : (tensor<4x1x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
