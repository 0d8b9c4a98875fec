//===- HLOCompatDialects.cpp - read StableHLO and CHLO text as hlo --------===//

#include "xla-mlir/Dialect/HLO/IR/HLOCompatDialects.h"

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace xla::hlo;

MLIR_DEFINE_EXPLICIT_TYPE_ID(xla::hlo::StableHLOCompatDialect)
MLIR_DEFINE_EXPLICIT_TYPE_ID(xla::hlo::ChloCompatDialect)
MLIR_DEFINE_EXPLICIT_TYPE_ID(xla::hlo::MhloCompatDialect)

CompatDialectBase::CompatDialectBase(StringRef name, MLIRContext *ctx,
                                     TypeID id)
    : Dialect(name, ctx, id) {
  ctx->getOrLoadDialect<HLODialect>();
  // Generic-form ops stay unknown ops of this namespace until `hlo-import`
  // renames them (or reports them as unknown).
  allowUnknownOperations();
}

std::optional<RegisteredOperationName>
CompatDialectBase::lookupHloOp(StringRef opName) const {
  StringRef suffix = opName;
  if (!suffix.consume_front(getNamespace()) || !suffix.consume_front("."))
    return std::nullopt;
  return RegisteredOperationName::lookup(("hlo." + suffix).str(),
                                         getContext());
}

std::optional<Dialect::ParseOpHook>
CompatDialectBase::getParseOperationHook(StringRef opName) const {
  std::lock_guard<std::mutex> lock(hooksMutex);
  auto it = hooks.find(opName);
  if (it == hooks.end()) {
    std::optional<RegisteredOperationName> hloOp = lookupHloOp(opName);
    if (!hloOp)
      return std::nullopt;
    // The op is created under the hlo name; set it before the hlo parser
    // runs, since generated parsers look up attribute names through it.
    auto fn = [op = *hloOp](OpAsmParser &parser, OperationState &state) {
      state.name = op;
      return op.getParseAssemblyFn()(parser, state);
    };
    it = hooks.try_emplace(opName, std::move(fn)).first;
  }
  return ParseOpHook(it->second);
}

Attribute CompatDialectBase::parseAttribute(DialectAsmParser &parser,
                                            Type type) const {
  return getContext()->getLoadedDialect<HLODialect>()->parseAttribute(parser,
                                                                      type);
}

Type CompatDialectBase::parseType(DialectAsmParser &parser) const {
  return getContext()->getLoadedDialect<HLODialect>()->parseType(parser);
}

StableHLOCompatDialect::StableHLOCompatDialect(MLIRContext *ctx)
    : CompatDialectBase(getDialectNamespace(), ctx,
                        TypeID::get<StableHLOCompatDialect>()) {}

ChloCompatDialect::ChloCompatDialect(MLIRContext *ctx)
    : CompatDialectBase(getDialectNamespace(), ctx,
                        TypeID::get<ChloCompatDialect>()) {}

MhloCompatDialect::MhloCompatDialect(MLIRContext *ctx)
    : CompatDialectBase(getDialectNamespace(), ctx,
                        TypeID::get<MhloCompatDialect>()) {}

CompatDialectBase *CompatDialectBase::get(Dialect *d) {
  if (isa_and_present<StableHLOCompatDialect, ChloCompatDialect,
                      MhloCompatDialect>(d))
    return static_cast<CompatDialectBase *>(d);
  return nullptr;
}
