// A use naming result 2^31 of a two-result op (found by the fuzzer): MLIR's
// parser would allocate 2^31 slots and die. The comment and the string below
// hold the same pattern and are not uses.
// %0#2147483647
func.func @main(%a: tensor<15xi64>) -> tensor<i64> {
  %init = hlo.constant dense<0> : tensor<i64>
  %0:2 = "hlo.tuple_like"(%a) {note = "%1#99999999999999999999"} : (tensor<15xi64>) -> (tensor<i64>, tensor<i64>)
  return %0#2147483647 : tensor<i64>
}
