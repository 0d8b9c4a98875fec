//===- InterpreterOps.cpp - the interpreter test-harness dialect ----------===//

#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/Diagnostics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace xla::interpreter;
using xla::OpDiag;

#include "xla-mlir/Dialect/Check/IR/InterpreterDialect.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xla-mlir/Dialect/Check/IR/InterpreterOps.cpp.inc"
      >();
}

LogicalResult
RunParallelOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  size_t numInputs = 0, numResults = 0;
  for (Attribute partition : getPrograms()) {
    for (Attribute program : cast<ArrayAttr>(partition)) {
      auto ref = cast<FlatSymbolRefAttr>(program);
      auto fn = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, ref);
      if (!fn)
        return OpDiag(getOperation())()
            << "program " << ref << " does not name a func.func";
      numInputs += fn.getNumArguments();
      numResults += fn.getNumResults();
    }
  }
  if (numInputs != getInputs().size() || numResults != getResults().size())
    return OpDiag(getOperation())() << "programs take "
           << numInputs << " inputs and return " << numResults
           << " results in all, but the op has " << getInputs().size()
           << " operands and " << getResults().size() << " results";
  return success();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/Check/IR/InterpreterOps.cpp.inc"
