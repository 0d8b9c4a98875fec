//===- InitAll.cpp - register every xla-mlir dialect and pass -------------===//

#include "xla-mlir/InitAll.h"

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCompatDialects.h"
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/BufferizableOpInterfaceImpl.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h"
#include "xla-mlir/Pipelines/CPUPipeline.h"
#include "xla-mlir/Pipelines/GPUPipeline.h"
#include "xla-mlir/Transforms/Passes.h"

void xla::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<hlo::HLODialect, hlo::StableHLOCompatDialect,
                  hlo::ChloCompatDialect, hlo::MhloCompatDialect,
                  check::CheckDialect,
                  interpreter::InterpreterDialect>();
  registry.insert<hloext::HLOExtDialect>();
  hloext::registerBufferizableOpInterfaceExternalModels(registry);
}

void xla::registerAllPasses() {
  hlo::registerHLOPasses();
  hloext::registerHLOExtPasses();
  registerXLAConversionPasses();
  registerXLATransformsPasses();
  registerCPUPipelines();
  registerGPUPipelines();
}
