//===- Passes.h - codegen passes ----------------------------------*- C++ -*-===//

#ifndef XLA_MLIR_TRANSFORMS_PASSES_H
#define XLA_MLIR_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {

/// The greedy rewrite config for structured IR (linalg, scf, vector and
/// memref: one block per region until scf-to-cf): no region simplification,
/// whose dead-code and block walks after each round found nothing the
/// patterns had not, and took 40% of the canonicalizations' time on a
/// training step (docs/compile-time.md).
inline mlir::GreedyRewriteConfig getStructuredRewriteConfig() {
  mlir::GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(
      mlir::GreedySimplifyRegionLevel::Disabled);
  return config;
}

/// Attributes the passes below pass to each other.
/// On an input of the entry: the index of the result that may be written
/// into its buffer (set by the driver from the program's aliases).
constexpr llvm::StringLiteral kAliasedResultAttrName = "xla.aliased_result";
/// On an input of the entry: not an out-param (xla-mark-readonly-arguments).
constexpr llvm::StringLiteral kInputAttrName = "xla.input";
/// On a kernel: (argument, out-param) pairs that may share a buffer
/// (xla-mark-in-place-results).
constexpr llvm::StringLiteral kInPlaceAttrName = "xla.in_place";
/// On a kernel: it takes one pointer per buffer (xla-bare-pointer-kernels
/// -> convert-func-to-llvm, whose attribute it is; kept on the llvm.func).
constexpr llvm::StringLiteral kBarePointerAttrName = "llvm.bareptr";
/// On an argument of a kernel: an output to write with streaming stores
/// (xla-plan-streaming-stores -> xla-streaming-stores).
constexpr llvm::StringLiteral kStreamingStoreAttrName = "xla.streaming_store";
/// On a vector.transfer_read in a parallel loop: prefetch what it reads one
/// iteration later, with this locality hint (xla-plan-block-prefetch ->
/// xla-prefetch-next-block).
constexpr llvm::StringLiteral kPrefetchNextBlockAttrName =
    "xla.prefetch_next_block";
/// On the innermost register tile loop of a packed product: prefetch the
/// next row tile's lhs strip, with this locality hint (xla-tile-and-vectorize
/// -> xla-prefetch-lhs-strips).
constexpr llvm::StringLiteral kPrefetchLhsStripAttrName =
    "xla.prefetch_lhs_strip";

#define GEN_PASS_DECL
#include "xla-mlir/Transforms/Passes.h.inc"

/// tensor.pad with static shapes and a position-independent padding value
/// -> linalg.fill of the border and linalg.copy of the interior
/// (xla-decompose-pads).
void populateDecomposePadsPatterns(mlir::RewritePatternSet &patterns);

/// Unmasked 0-D vector.transfer_read/write on memrefs -> memref.load and a
/// broadcast / vector.extract and memref.store (xla-lower-scalar-transfers).
void populateLowerScalarTransfersPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "xla-mlir/Transforms/Passes.h.inc"

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_PASSES_H
