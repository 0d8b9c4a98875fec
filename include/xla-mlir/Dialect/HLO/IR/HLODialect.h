//===- HLODialect.h - the hlo dialect, its types and attributes -*- C++ -*-===//
//
// This header is all a client needs to load the dialect. Op classes live in
// one header per family (HLOCoreOps.h, HLOElementwiseOps.h, ...), and
// HLOOps.h includes them all.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLODIALECT_H
#define XLA_MLIR_DIALECT_HLO_IR_HLODIALECT_H

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOTypes.h.inc"

#include "xla-mlir/Dialect/HLO/IR/HLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOAttrs.h.inc"

namespace xla::hlo {

/// True for the quantized element types the spec allows
/// (`!quant.uniform` per-tensor and per-axis with integer storage).
bool isQuantizedIntType(mlir::Type type);

} // namespace xla::hlo

#endif // XLA_MLIR_DIALECT_HLO_IR_HLODIALECT_H
