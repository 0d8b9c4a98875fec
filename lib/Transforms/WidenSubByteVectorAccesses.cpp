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
      Value address, loaded;
      OpOperand *stored = nullptr;
      std::optional<MutableOperandRange> passThru;
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        address = load.getAddr();
        loaded = load.getResult();
      } else if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op)) {
        address = load.getData();
        loaded = load.getResult();
        passThru = load.getPassThruMutable();
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        address = store.getAddr();
        stored = &store.getValueMutable();
      } else if (auto store = dyn_cast<LLVM::MaskedStoreOp>(op)) {
        address = store.getData();
        stored = &store.getValueMutable();
      }
      Value data = loaded ? loaded : stored ? stored->get() : Value();
      VectorType bytes = data ? byteVector(data.getType()) : VectorType();
      if (!bytes || holdsVectors(address))
        return;
      OpBuilder builder(op);
      Location loc = op->getLoc();
      auto widen = [&](Value value) {
        return LLVM::ZExtOp::create(builder, loc, bytes, value).getResult();
      };
      if (stored) {
        stored->set(widen(stored->get()));
        return;
      }
      if (passThru && !passThru->empty())
        passThru->assign(widen((*passThru)[0].get()));
      // The result is retyped in place and truncated for its readers.
      Type original = loaded.getType();
      loaded.setType(bytes);
      builder.setInsertionPointAfter(op);
      auto trunc = LLVM::TruncOp::create(builder, loc, original, loaded);
      loaded.replaceAllUsesExcept(trunc, trunc);
    });
  }
};

} // namespace
