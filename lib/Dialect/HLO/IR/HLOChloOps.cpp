//===- HLOChloOps.cpp - hlo Chlo ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"

using namespace mlir;
using namespace xla::hlo;

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.cpp.inc"
