//===- Passes.h - codegen passes ----------------------------------*- C++ -*-===//

#ifndef XLA_MLIR_TRANSFORMS_PASSES_H
#define XLA_MLIR_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace xla {

#define GEN_PASS_DECL
#include "xla-mlir/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xla-mlir/Transforms/Passes.h.inc"

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_PASSES_H
