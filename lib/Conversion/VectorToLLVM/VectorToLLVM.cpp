//===- VectorToLLVM.cpp - vector to the LLVM dialect, in less time --------===//
//
// Upstream's convert-vector-to-llvm builds its vector-to-vector pattern set
// for every function it runs on and simplifies regions after each greedy
// round; on a training step it was the second most expensive MLIR pass
// (0.10 s of CPU on the BERT step b2). The same lowerings, run the way the
// rest of the pipeline runs its patterns.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/X86Vector/Transforms.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_VECTORTOLLVMPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct VectorToLLVMPass : xla::impl::VectorToLLVMPassBase<VectorToLLVMPass> {
  using Base::Base;

  /// The vector-to-vector lowerings of convert-vector-to-llvm (with
  /// contractions as outer products, transposes element by element: ours
  /// are lowered already, xla-lower-vector-transposes): the same for every
  /// function, so built once.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    vector::populateVectorToVectorCanonicalizationPatterns(patterns);
    vector::populateVectorBitCastLoweringPatterns(patterns);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorMaskOpLoweringPatterns(patterns);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    vector::populateVectorInterleaveLoweringPatterns(patterns);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::EltWise);
    // Transfers of more than one dimension were unrolled to 1-D ones by
    // convert-vector-to-scf.
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorMaskMaterializationPatterns(
        patterns, /*force32BitVectorIndices=*/true);
    vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
    vector::populateVectorStepLoweringPatterns(patterns);
    vector::populateVectorRankReducingFMAPattern(patterns);
    vector::populateVectorGatherLoweringPatterns(patterns);
    // n-D from_elements and to_elements become 1-D ones.
    vector::populateVectorFromElementsUnrollPatterns(patterns);
    vector::populateVectorToElementsUnrollPatterns(patterns);
    lowerings = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // The kernels are in the CFG form by now, which LLVM simplifies. As
    // upstream, a rewrite that does not converge within the iteration
    // limit leaves what the conversion below (or the translation) reports.
    (void)applyPatternsGreedily(func, lowerings,
                                xla::getStructuredRewriteConfig());

    // The conversion's patterns hold the type converter: built per
    // function, on its thread.
    MLIRContext *context = &getContext();
    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    RewritePatternSet patterns(context);
    vector::populateVectorTransferLoweringPatterns(patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns,
                                           reassociateFPReductions,
                                           /*force32BitVectorIndices=*/true);
    LLVMConversionTarget target(*context);
    target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    if (x86Vector) {
      configureX86VectorLegalizeForExportTarget(target);
      populateX86VectorLegalizeForLLVMExportPatterns(converter, patterns);
    }
    // With rollback: the 1-D transfer lowering also turns an n-D transfer
    // into a vector.load or store that cannot be legalized, which a
    // conversion without rollback makes a fatal error (a sweep of every
    // pass over the tests found one), and upstream leaves for a later
    // diagnostic.
    if (failed(applyPartialConversion(func, target, std::move(patterns))))
      signalPassFailure();
  }

  FrozenRewritePatternSet lowerings;
};

} // namespace
