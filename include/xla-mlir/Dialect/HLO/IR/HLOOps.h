//===- HLOOps.h - all hlo op classes ------------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOFusionOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOOPS_H
