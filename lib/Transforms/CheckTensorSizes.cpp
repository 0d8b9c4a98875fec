//===- CheckTensorSizes.cpp - tensors that cannot exist -------------------===//
//
// The first pass of the lowering pipelines: a program is rejected, with a
// diagnostic naming the value and its size, before anything multiplies its
// dimensions in an int64_t or asks for its memory.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Target/TargetDescription.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

namespace xla {
#define GEN_PASS_DEF_CHECKTENSORSIZESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Bytes of one element, or nullopt for a type whose size is not known here
/// (such types are not checked).
std::optional<int64_t> elementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> part = elementBytes(complex.getElementType());
    return part ? std::optional<int64_t>(2 * *part) : std::nullopt;
  }
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return std::nullopt;
}

/// The size of a value of `type`: a byte count, "unknown" (dynamic shapes,
/// opaque types), or "overflow" (more than INT64_MAX bytes).
struct Size {
  enum Kind { Known, Unknown, Overflow } kind = Unknown;
  int64_t bytes = 0;
};

Size sizeOf(Type type) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    Size total{Size::Known, 0};
    for (Type element : tuple.getTypes()) {
      Size part = sizeOf(element);
      if (part.kind == Size::Overflow)
        return part;
      if (part.kind == Size::Known) {
        std::optional<int64_t> sum =
            llvm::checkedAdd<int64_t>(total.bytes, part.bytes);
        if (!sum)
          return {Size::Overflow, 0};
        total.bytes = *sum;
      }
    }
    return total;
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return {};
  std::optional<int64_t> bytes = elementBytes(shaped.getElementType());
  if (!bytes)
    return {};
  bool dynamic = false;
  for (int64_t dim : shaped.getShape()) {
    // A zero dimension empties the tensor whatever the others are.
    if (dim == 0)
      return {Size::Known, 0};
    if (ShapedType::isDynamic(dim)) {
      dynamic = true;
      continue;
    }
    if (bytes)
      bytes = llvm::checkedMul<int64_t>(*bytes, dim);
  }
  if (!bytes)
    return {Size::Overflow, 0};
  // The static part alone may already be too big.
  return {dynamic ? Size::Unknown : Size::Known, *bytes};
}

/// "24 GiB", "512 KiB", "100 bytes".
std::string humanBytes(int64_t bytes) {
  static const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB",
                                "EiB"};
  double value = bytes;
  int unit = 0;
  while (value >= 1024 && unit < 6) {
    value /= 1024;
    ++unit;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  if (unit == 0)
    os << bytes << " bytes";
  else
    os << llvm::format("%.1f ", value) << units[unit];
  return text;
}

struct CheckTensorSizesPass
    : xla::impl::CheckTensorSizesPassBase<CheckTensorSizesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t limit = maxBytes;
    std::string origin = "--max-tensor-size";
    if (limit <= 0) {
      llvm::Expected<xla::TargetDescription> target =
          module->hasAttr(xla::TargetDescription::kAttrName)
              ? xla::TargetDescription::fromModule(module)
              : xla::TargetDescription::host();
      if (!target) {
        module.emitError(llvm::toString(target.takeError()));
        return signalPassFailure();
      }
      limit = target->memoryBytes;
      origin = "the target's memory; --max-tensor-size or "
               "--target=memory=SIZE changes it";
    }
    bool failed = false;
    auto check = [&](Type type, Location loc, auto &&describe) {
      Size size = sizeOf(type);
      if (size.kind == Size::Unknown ||
          (size.kind == Size::Known && size.bytes <= limit))
        return;
      InFlightDiagnostic diag = emitError(loc);
      describe(diag);
      diag << " of type " << type;
      if (size.kind == Size::Overflow)
        diag << " needs more than 2^63 bytes";
      else
        diag << " needs " << humanBytes(size.bytes) << " (" << size.bytes
             << " bytes)";
      diag << ", more than the limit of " << humanBytes(limit) << " ("
           << origin << ")";
      failed = true;
    };
    module.walk([&](Operation *op) {
      // Function signatures first: a declaration has no block to look at.
      if (auto func = dyn_cast<FunctionOpInterface>(op)) {
        // Indices by value: a lambda may not capture a structured binding
        // before C++20.
        for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
          check(type, func->getLoc(),
                [&, i = index](InFlightDiagnostic &d) {
                  d << "argument #" << i << " of @" << func.getName();
                });
        for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
          check(type, func->getLoc(),
                [&, i = index](InFlightDiagnostic &d) {
                  d << "result #" << i << " of @" << func.getName();
                });
        return;
      }
      for (OpResult result : op->getResults())
        check(result.getType(), op->getLoc(), [&](InFlightDiagnostic &d) {
          d << "'" << op->getName() << "' op result #"
            << result.getResultNumber();
        });
      // Region arguments other than a function's (reduce bodies, loops).
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            check(arg.getType(), arg.getLoc(), [&](InFlightDiagnostic &d) {
              d << "argument #" << arg.getArgNumber() << " of a region of '"
                << op->getName() << "'";
            });
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
