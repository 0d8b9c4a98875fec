//===- HLODistributedOps.cpp - hlo Distributed ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

using namespace mlir;
using namespace xla::hlo;

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.cpp.inc"
