//===- HLOLinalgOps.cpp - hlo Linalg ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

using namespace mlir;
using namespace xla::hlo;

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.cpp.inc"
