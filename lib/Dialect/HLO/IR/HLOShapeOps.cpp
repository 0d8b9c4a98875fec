//===- HLOShapeOps.cpp - hlo Shape ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

using namespace mlir;
using namespace xla::hlo;

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.cpp.inc"
