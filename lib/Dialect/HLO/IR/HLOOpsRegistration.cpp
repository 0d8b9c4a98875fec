//===- HLOOpsRegistration.cpp - registers every hlo op family -------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

using namespace xla::hlo;

void HLODialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOFusionOps.cpp.inc"
      >();
}
