//===- HLOExtDialect.cpp - the hloext dialect -----------------------------===//

#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"

using namespace mlir;
using namespace xla::hloext;

#include "xla-mlir/Dialect/HLOExt/IR/HLOExtDialect.cpp.inc"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExtEnums.cpp.inc"

void HLOExtDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/HLOExt/IR/HLOExtOps.cpp.inc"
      >();
  // Attached by registerBufferizableOpInterfaceExternalModels; declaring the
  // promise turns a missing registration into a clear error.
  declarePromisedInterfaces<bufferization::BufferizableOpInterface, FftOp,
                            ScatterOp, SelectAndScatterOp, SortOp>();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLOExt/IR/HLOExtOps.cpp.inc"
