//===- HLOToLinalg.h - hlo to linalg-on-tensors conversion --------*- C++ -*-===//
//
// Public entry points of the hlo -> linalg lowering, for projects that build
// their own pipelines out of our patterns.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
#define XLA_MLIR_CONVERSION_HLOTOLINALG_HLOTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xla::hlo {

/// Maps hlo types to the types codegen works on: unsigned integers become
/// signless of the same width (in tensors, memrefs and scalars); everything
/// else is kept. Casts between the two are unrealized_conversion_cast.
class HLOTypeConverter : public mlir::TypeConverter {
public:
  HLOTypeConverter();
};

/// Converts an hlo element type (e.g. `ui8`) to its codegen type (`i8`).
mlir::Type convertElementType(mlir::Type type);

/// Adds the patterns that lower every supported hlo op to linalg, tensor,
/// arith, math, complex and scf, and retype func/call/return and other
/// non-hlo ops that carry hlo types.
void populateHLOToLinalgConversionPatterns(
    mlir::MLIRContext *context, const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);

/// Marks what the conversion produces as legal and hlo as illegal.
void configureHLOToLinalgTarget(mlir::ConversionTarget &target,
                                const mlir::TypeConverter &typeConverter);

/// Reports every op inside `module` that the lowering does not support (no
/// pattern for its name, an element type codegen does not handle, an
/// elementwise op without scalar code for its element types, or an op of a
/// dialect nothing lowers), as one error at the module with one note per
/// op. Emits nothing and succeeds when everything is supported. The arith,
/// complex and math dialects must be loaded: the elementwise case asks the
/// scalar emitter, which builds (and discards) code of those dialects.
mlir::LogicalResult checkLowerable(mlir::ModuleOp module);

} // namespace xla::hlo

#endif // XLA_MLIR_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
