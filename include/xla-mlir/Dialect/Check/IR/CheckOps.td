//===- CheckOps.td - self-checking program ops ---------------*- tablegen -*-===//
//
// `check` ops compare a computed tensor with an expected one at run time.
// Their semantics are those of the StableHLO reference interpreter (see
// docs/check-dialect.md): exact, almost-equal (absolute tolerance) and
// ULP-distance comparisons.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_CHECK_IR_CHECKOPS_TD
#define XLA_MLIR_DIALECT_CHECK_IR_CHECKOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::xla::check";
  let summary = "Run-time checks of computed tensors";
}

// A check runs when its function runs: one outside any function (at module
// level) would never run, and the runtime lowering has no function to put
// its call in.
def Check_InFunction : PredOpTrait<"is inside a function",
    CPred<"$_op.template getParentOfType<::mlir::FunctionOpInterface>() "
          "!= nullptr">>;

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic,
         !listconcat(traits, [MemoryEffects<[MemWrite]>, Check_InFunction])>;

def Check_Tensor : RankedTensorOf<[AnyType]>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Exact equality (IEEE == for floats)";
  let arguments = (ins Check_Tensor:$lhs, Check_Tensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const",
    [TypesMatchWith<"value has the type of lhs", "value", "lhs",
                    "$_self">]> {
  let summary = "Exact equality with a constant";
  let arguments = (ins Check_Tensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict";
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "|lhs - rhs| <= tolerance, elementwise (floats and complex)";
  let arguments = (ins Check_Tensor:$lhs, Check_Tensor:$rhs,
                       DefaultValuedAttr<F64Attr, "0.0001">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const",
    [TypesMatchWith<"value has the type of lhs", "value", "lhs",
                    "$_self">]> {
  let summary = "|lhs - value| <= tolerance, elementwise";
  let arguments = (ins Check_Tensor:$lhs, ElementsAttr:$value,
                       DefaultValuedAttr<F64Attr, "0.0001">:$tolerance);
  let assemblyFormat = "$lhs `,` $value attr-dict";
  let hasVerifier = 1;
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "ULP distance within [min_ulp_difference, max_ulp_difference]";
  let arguments = (ins Check_Tensor:$actual, Check_Tensor:$expected,
                       I64Attr:$max_ulp_difference,
                       DefaultValuedAttr<I64Attr, "0">:$min_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference
      (`,` `min_ulp_difference` `=` $min_ulp_difference^)?
      attr-dict `:` type($actual) `,` type($expected)
  }];
  let hasVerifier = 1;
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "Equality with a tensor written by interpreter.probe";
  let arguments = (ins Check_Tensor:$expected, StrAttr:$probe_id,
                       OptionalAttr<I64Attr>:$iter);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)?
      attr-dict `:` type($expected)
  }];
}

#endif // XLA_MLIR_DIALECT_CHECK_IR_CHECKOPS_TD
