//===- ControlFlow.cpp - while, if and case to scf ------------------------===//
//
// The regions move unchanged into the scf op (inlineRegionBefore) and their
// block arguments are retyped by the type converter; the dialect
// conversion then lowers the hlo ops inside them like any others. Their
// `hlo.return` terminators become scf.condition (while's cond) or scf.yield
// by a pattern that looks at the parent scf op. Predicates and the case
// index are 0-d tensors and are extracted.
//
// case: scf.index_switch with cases 0..N-2 and the last branch as the
// default, which is what the spec asks for an index out of [0, N-1).
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Moves the blocks of hlo region `from` into the empty scf region `to`.
void moveRegion(ConversionPatternRewriter &rewriter, Region &from,
                Region &to) {
  rewriter.inlineRegionBefore(from, to, to.end());
}

/// Converts the result types, then lets `rewriteWith` build the scf op.
template <typename OpTy>
struct ToScfPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using Adaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    SmallVector<Type> types;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      types)))
      return rewriter.notifyMatchFailure(op, "unsupported result types");
    return rewriteWith(op, adaptor, types, rewriter);
  }

  virtual LogicalResult
  rewriteWith(OpTy op, Adaptor adaptor, TypeRange types,
              ConversionPatternRewriter &rewriter) const = 0;
};

struct WhileToScf : ToScfPattern<WhileOp> {
  using ToScfPattern::ToScfPattern;

  LogicalResult
  rewriteWith(WhileOp op, Adaptor adaptor, TypeRange types,
              ConversionPatternRewriter &rewriter) const override {
    auto whileOp = scf::WhileOp::create(rewriter, op.getLoc(), types,
                                        adaptor.getOperands());
    for (auto [from, to] : {std::pair{&op.getCond(), &whileOp.getBefore()},
                            std::pair{&op.getBody(), &whileOp.getAfter()}}) {
      moveRegion(rewriter, *from, *to);
      if (failed(rewriter.convertRegionTypes(to, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "cannot retype a region");
    }
    rewriter.replaceOp(op, whileOp.getResults());
    return success();
  }
};

struct IfToScf : ToScfPattern<IfOp> {
  using ToScfPattern::ToScfPattern;

  LogicalResult
  rewriteWith(IfOp op, Adaptor adaptor, TypeRange types,
              ConversionPatternRewriter &rewriter) const override {
    Value pred = extractScalar(rewriter, op.getLoc(), adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), types, pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    moveRegion(rewriter, op.getTrueBranch(), ifOp.getThenRegion());
    moveRegion(rewriter, op.getFalseBranch(), ifOp.getElseRegion());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct CaseToScf : ToScfPattern<CaseOp> {
  using ToScfPattern::ToScfPattern;

  LogicalResult
  rewriteWith(CaseOp op, Adaptor adaptor, TypeRange types,
              ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Negative indices stay negative as an index and match no case.
    Value index = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        extractScalar(rewriter, loc, adaptor.getIndex()));
    MutableArrayRef<Region> branches = op.getBranches();
    int64_t numCases = branches.size() - 1;
    auto switchOp = scf::IndexSwitchOp::create(
        rewriter, loc, types, index,
        llvm::to_vector(llvm::seq<int64_t>(0, numCases)), numCases);
    for (int64_t i = 0; i < numCases; ++i)
      moveRegion(rewriter, branches[i], switchOp.getCaseRegions()[i]);
    moveRegion(rewriter, branches.back(), switchOp.getDefaultRegion());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// The terminators of regions moved into scf ops by the patterns above.
/// hlo.return elsewhere (reduce, map, ... bodies) goes with its parent.
struct ReturnToScf : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    auto whileOp = dyn_cast<scf::WhileOp>(parent);
    if (whileOp && op->getParentRegion() == &whileOp.getBefore()) {
      Value pred =
          extractScalar(rewriter, op.getLoc(), adaptor.getOperands()[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(
          op, pred, op->getBlock()->getArguments());
      return success();
    }
    if (!isa<scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(parent))
      return failure();
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

void populateControlFlowToScfPatterns(MLIRContext *context,
                                      const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<WhileToScf, IfToScf, CaseToScf, ReturnToScf>(converter,
                                                            context);
}

} // namespace xla::hlo::detail
