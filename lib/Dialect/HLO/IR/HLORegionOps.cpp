//===- HLORegionOps.cpp - hlo Region ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

using namespace mlir;
using namespace xla::hlo;

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.cpp.inc"
