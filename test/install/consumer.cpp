// Parses StableHLO text into the hlo dialect through the installed package.
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

int main() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect>();
  xla::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  const char *text = R"(
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = stablehlo.add %a, %a : tensor<4xf32>
      return %0 : tensor<4xf32>
    })";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return 1;
  module->print(llvm::outs());
  return 0;
}
