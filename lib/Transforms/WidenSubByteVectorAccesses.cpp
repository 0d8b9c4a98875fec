//===- WidenSubByteVectorAccesses.cpp - i1 vectors as bytes in memory -----===//
//
// See Passes.td. A memref of i1 (or i2, i4) holds a byte per element: the
// LLVM lowering addresses it with `getelementptr i1`, whose stride is the
// element's allocation size. A vector of them in LLVM is packed bits, so a
// `load <16 x i1>` of such a memref would read 2 bytes, the bits of the
// first 16 masks' bytes. Each vector access of sub-byte integers becomes
// one of bytes, truncated after a load and extended before a store.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace xla {
#define GEN_PASS_DEF_WIDENSUBBYTEVECTORACCESSESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// The vector of bytes for a vector of sub-byte integers, else null.
VectorType byteVector(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  auto element =
      vector ? dyn_cast<IntegerType>(vector.getElementType()) : nullptr;
  if (!element || element.getWidth() >= 8 || vector.isScalable())
    return {};
  return vector.clone(IntegerType::get(type.getContext(), 8));
}

/// Memory that holds vectors themselves (a stack slot or a global of a
/// vector type), which is laid out as LLVM lays out the vector.
bool holdsVectors(Value address) {
  if (auto alloca = address.getDefiningOp<LLVM::AllocaOp>())
    return isa<VectorType>(alloca.getElemType());
  return address.getDefiningOp<LLVM::AddressOfOp>() != nullptr;
}

struct WidenSubByteVectorAccessesPass
    : xla::impl::WidenSubByteVectorAccessesPassBase<
          WidenSubByteVectorAccessesPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      OpBuilder builder(op);
      Location loc = op->getLoc();
      auto widen = [&](Value value, VectorType bytes) {
        return LLVM::ZExtOp::create(builder, loc, bytes, value).getResult();
      };
      // Results are retyped in place and truncated for their readers.
      auto narrow = [&](Value result, Type original) {
        builder.setInsertionPointAfter(op);
        auto trunc = LLVM::TruncOp::create(builder, loc, original, result);
        result.replaceAllUsesExcept(trunc, trunc);
      };
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        VectorType bytes = byteVector(load.getType());
        if (!bytes || holdsVectors(load.getAddr()))
          return;
        Type original = load.getType();
        load.getResult().setType(bytes);
        narrow(load.getResult(), original);
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        VectorType bytes = byteVector(store.getValue().getType());
        if (!bytes || holdsVectors(store.getAddr()))
          return;
        store.getValueMutable().set(widen(store.getValue(), bytes));
      } else if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op)) {
        VectorType bytes = byteVector(load.getType());
        if (!bytes || holdsVectors(load.getData()))
          return;
        Type original = load.getType();
        if (Value passThru = load.getPassThru())
          load.getPassThruMutable().assign(widen(passThru, bytes));
        load.getResult().setType(bytes);
        narrow(load.getResult(), original);
      } else if (auto store = dyn_cast<LLVM::MaskedStoreOp>(op)) {
        VectorType bytes = byteVector(store.getValue().getType());
        if (!bytes || holdsVectors(store.getData()))
          return;
        store.getValueMutable().set(widen(store.getValue(), bytes));
      }
    });
  }
};

} // namespace
