//===- Passes.h - conversions out of the hlo dialect --------------*- C++ -*-===//

#ifndef XLA_MLIR_CONVERSION_PASSES_H
#define XLA_MLIR_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace xla {

#define GEN_PASS_DECL
#include "xla-mlir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xla-mlir/Conversion/Passes.h.inc"

} // namespace xla

#endif // XLA_MLIR_CONVERSION_PASSES_H
