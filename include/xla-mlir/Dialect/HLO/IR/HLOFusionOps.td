//===- HLOFusionOps.td - the fusion op -----------------------*- tablegen -*-===//
//
// hlo.fusion: a group of hlo ops that becomes exactly one kernel. The
// fusion passes (hlo-plan-fusion, hlo-form-fusions) create them, and
// hlo-outline-fusions turns each into a function named after it.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def HLO_FusionOp : HLO_Op<"fusion", [IsolatedFromAbove,
    RecursiveMemoryEffects]> {
  let summary = "Ops computed by one kernel";
  let description = [{
    The body computes the results from the operands; its block arguments
    are the operands, in order, and it ends in `hlo.return` of the results.
    It is isolated from above: everything it reads is an operand (splat
    constants are cloned in). Its ops are side-effect free hlo ops, with no
    nested fusion. `name` names the kernel (in reports, dumps and profiles)
    and is unique in the module. `kind` follows from the body and is
    checked: `output` if it holds a dot_general or convolution, else
    `multi_output` if it has several results, else `input` if it holds a
    reduce, else `loop`.

    ```mlir
    %r = hlo.fusion "loop_multiply_fusion" kind(loop) (%x, %y)
        : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
      %0 = hlo.add %a, %b : tensor<4xf32>
      %1 = hlo.multiply %0, %a : tensor<4xf32>
      hlo.return %1 : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins
      Variadic<HLO_Tensor>:$inputs,
      StrAttr:$name,
      HLO_FusionKindAttr:$kind);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $name `kind` `(` custom<FusionKind>($kind) `)` `(` $inputs `)` attr-dict `:`
    functional-type($inputs, results) $body
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The kind a fusion with `body` and `numResults` results has.
    static FusionKind inferKind(::mlir::Block &body, unsigned numResults);
    ::mlir::Block &getBlock() { return getBody().front(); }
  }];
}

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_TD
