//===- HLOCompatDialects.h - read StableHLO and CHLO text as hlo -*- C++ -*-===//
//
// StableHLO text names ops `stablehlo.add`, attributes `#stablehlo<...>` and
// types `!stablehlo.token`; JAX also emits some `chlo.*` ops, and
// TensorFlow's StableHLO some `mhlo.*` ops (`mhlo.copy`). These
// namespace-only dialects make that text parse straight into `hlo`:
//  - custom-form ops parse with the parser of the `hlo` op of the same name
//    and are created as that op;
//  - attributes and types are parsed by the `hlo` dialect;
//  - generic-form ops (`"stablehlo.scatter"(...)`) are accepted as unknown
//    ops and renamed by the `hlo-import` pass, which every tool runs right
//    after parsing.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCOMPATDIALECTS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOCOMPATDIALECTS_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace xla::hlo {

/// A dialect namespace whose ops, attributes and types are those of `hlo`.
class CompatDialectBase : public mlir::Dialect {
public:
  std::optional<ParseOpHook>
  getParseOperationHook(llvm::StringRef opName) const override;
  mlir::Attribute parseAttribute(mlir::DialectAsmParser &parser,
                                 mlir::Type type) const override;
  mlir::Type parseType(mlir::DialectAsmParser &parser) const override;

  /// The `hlo` op that `opName` (e.g. `stablehlo.add`) stands for, if any.
  std::optional<mlir::RegisteredOperationName>
  lookupHloOp(llvm::StringRef opName) const;

  /// `d` as a compat dialect, or null. (isa<> on dialects compares exact
  /// TypeIDs, so it cannot test for this base class.)
  static CompatDialectBase *get(mlir::Dialect *d);

protected:
  CompatDialectBase(llvm::StringRef name, mlir::MLIRContext *ctx,
                    mlir::TypeID id);

private:
  // ParseOpHook is a function_ref, so the callables must outlive the call.
  mutable llvm::StringMap<mlir::OperationName::ParseAssemblyFn> hooks;
  mutable std::mutex hooksMutex;
};

class StableHLOCompatDialect : public CompatDialectBase {
public:
  explicit StableHLOCompatDialect(mlir::MLIRContext *ctx);
  static llvm::StringRef getDialectNamespace() { return "stablehlo"; }
  /// `d` as a compat dialect, or null. (isa<> on dialects compares exact
  /// TypeIDs, so it cannot test for this base class.)
  static CompatDialectBase *get(mlir::Dialect *d);
};

class ChloCompatDialect : public CompatDialectBase {
public:
  explicit ChloCompatDialect(mlir::MLIRContext *ctx);
  static llvm::StringRef getDialectNamespace() { return "chlo"; }
  /// `d` as a compat dialect, or null. (isa<> on dialects compares exact
  /// TypeIDs, so it cannot test for this base class.)
  static CompatDialectBase *get(mlir::Dialect *d);
};

class MhloCompatDialect : public CompatDialectBase {
public:
  explicit MhloCompatDialect(mlir::MLIRContext *ctx);
  static llvm::StringRef getDialectNamespace() { return "mhlo"; }
};

} // namespace xla::hlo

MLIR_DECLARE_EXPLICIT_TYPE_ID(xla::hlo::MhloCompatDialect)
MLIR_DECLARE_EXPLICIT_TYPE_ID(xla::hlo::StableHLOCompatDialect)
MLIR_DECLARE_EXPLICIT_TYPE_ID(xla::hlo::ChloCompatDialect)

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCOMPATDIALECTS_H
