//===- Passes.h - hloext passes -----------------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_H
#define XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace xla::hloext {

#define GEN_PASS_DECL
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h.inc"

} // namespace xla::hloext

#endif // XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_H
