func.func @main() -> !hlo.token {
  %0 = hlo.create_token : !hlo.token "abc
  return %0 : !hlo.token
}
