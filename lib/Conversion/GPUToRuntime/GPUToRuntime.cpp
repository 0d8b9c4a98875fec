//===- GPUToRuntime.cpp - host side of GPU programs to runtime calls ------===//
//
// Upstream `gpu-to-llvm` targets MLIR's CUDA runtime wrappers and loads
// modules from a global constructor, which runs when a library is loaded,
// before our runtime has bound the program's imports or can report an
// error. These patterns call our runtime instead (ABI/GPUABI.h), which
// loads each module on its first launch.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/GPUToRuntime.h"
#include "xla-mlir/Conversion/GPUKernelsToHost.h"
#include "xla-mlir/Conversion/Passes.h"

#include "xla-mlir/ABI/EntryABI.h"
#include "xla-mlir/ABI/GPUABI.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xla {
#define GEN_PASS_DEF_GPUTORUNTIMEPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;
namespace rt = xla::runtime;

static LLVM::LLVMFuncOp declare(OpBuilder &b, Operation *op, StringRef name,
                                Type result, ArrayRef<Type> params) {
  auto module = op->getParentOfType<ModuleOp>();
  FailureOr<LLVM::LLVMFuncOp> func =
      LLVM::lookupOrCreateFn(b, module, name, params, result);
  return succeeded(func) ? *func : nullptr;
}

static std::string imageName(StringRef module) {
  return (module + "_image").str();
}

/// A NUL-terminated constant global `name` holding `bytes`, at the start
/// of the module.
static LLVM::GlobalOp createConstant(OpBuilder &b, ModuleOp module,
                                     Location loc, StringRef name,
                                     StringRef bytes) {
  if (auto existing = module.lookupSymbol<LLVM::GlobalOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  std::string text = bytes.str();
  text.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  auto global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                       LLVM::Linkage::Internal, name,
                                       b.getStringAttr(text));
  global.setAlignment(8);
  return global;
}

/// The address of `global` (as an `!llvm.ptr`).
static Value addressOf(OpBuilder &b, Location loc, LLVM::GlobalOp global) {
  return LLVM::AddressOfOp::create(b, loc, global);
}

namespace {

template <typename Op>
struct RuntimePattern : ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;

  Type ptrType() const { return LLVM::LLVMPointerType::get(this->getContext()); }
  Type i64Type() const { return IntegerType::get(this->getContext(), 64); }

  /// Byte size of a buffer described by `desc`, and the address of its
  /// first element (aligned pointer + offset).
  std::pair<Value, Value> extent(ConversionPatternRewriter &b, Location loc,
                                 Type memrefType, Value descriptor) const {
    auto type = cast<MemRefType>(memrefType);
    MemRefDescriptor desc(descriptor);
    Value count = LLVM::ConstantOp::create(b, loc, i64Type(), 1);
    for (int64_t d = 0; d < type.getRank(); ++d)
      count = LLVM::MulOp::create(b, loc, count, desc.size(b, loc, d));
    Type element = this->getTypeConverter()->convertType(type.getElementType());
    Value bytes = LLVM::MulOp::create(
        b, loc, count,
        this->getSizeInBytes(loc, element, b));
    Value start = LLVM::GEPOp::create(b, loc, ptrType(), element,
                                      desc.alignedPtr(b, loc),
                                      ValueRange{desc.offset(b, loc)});
    return {bytes, start};
  }
};

struct AllocPattern : RuntimePattern<gpu::AllocOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(gpu::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAsyncToken() || !op.getSymbolOperands().empty())
      return rewriter.notifyMatchFailure(op, "async or symbolic allocation");
    Location loc = op.getLoc();
    MemRefType type = op.getType();
    SmallVector<Value> sizes, strides;
    Value bytes;
    getMemRefDescriptorSizes(loc, type, adaptor.getDynamicSizes(), rewriter,
                             sizes, strides, bytes);
    StringRef name = op.getHostShared() ? rt::kGPUHostAllocSymbol
                                        : rt::kGPUAllocSymbol;
    LLVM::LLVMFuncOp callee = declare(rewriter, op, name, ptrType(),
                                      {i64Type()});
    if (!callee)
      return failure();
    Value ptr =
        LLVM::CallOp::create(rewriter, loc, callee, ValueRange{bytes})
            .getResult();
    rewriter.replaceOp(op, {createMemRefDescriptor(loc, type, ptr, ptr, sizes,
                                                   strides, rewriter)});
    return success();
  }
};

struct DeallocPattern : RuntimePattern<gpu::DeallocOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(gpu::DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAsyncToken())
      return rewriter.notifyMatchFailure(op, "async deallocation");
    auto alloc = op.getMemref().getDefiningOp<gpu::AllocOp>();
    bool host = alloc && alloc.getHostShared();
    LLVM::LLVMFuncOp callee =
        declare(rewriter, op,
                host ? rt::kGPUHostFreeSymbol : rt::kGPUFreeSymbol,
                LLVM::LLVMVoidType::get(getContext()), {ptrType()});
    if (!callee)
      return failure();
    MemRefDescriptor desc(adaptor.getMemref());
    LLVM::CallOp::create(rewriter, op.getLoc(), callee,
                         ValueRange{desc.allocatedPtr(rewriter, op.getLoc())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct MemcpyPattern : RuntimePattern<gpu::MemcpyOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(gpu::MemcpyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAsyncToken())
      return rewriter.notifyMatchFailure(op, "async copy");
    // Nothing to copy (whatever the strides of an empty buffer say).
    auto type = cast<MemRefType>(op.getDst().getType());
    if (type.hasStaticShape() && type.getNumElements() == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    // One contiguous range per side (xla-gpu-map-loops copies strided
    // views with kernels).
    for (Type type : {op.getDst().getType(), op.getSrc().getType()})
      if (!memref::isStaticShapeAndContiguousRowMajor(cast<MemRefType>(type)))
        return op.emitError("gpu.memcpy of a non-contiguous buffer ") << type;
    Location loc = op.getLoc();
    auto [bytes, dst] = extent(rewriter, loc, op.getDst().getType(),
                               adaptor.getDst());
    Value src = extent(rewriter, loc, op.getSrc().getType(), adaptor.getSrc())
                    .second;
    LLVM::LLVMFuncOp callee =
        declare(rewriter, op, rt::kGPUMemcpySymbol,
                LLVM::LLVMVoidType::get(getContext()),
                {ptrType(), ptrType(), i64Type()});
    if (!callee)
      return failure();
    LLVM::CallOp::create(rewriter, loc, callee, ValueRange{dst, src, bytes});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LaunchPattern : RuntimePattern<gpu::LaunchFuncOp> {
  LaunchPattern(const LLVMTypeConverter &converter, bool emulated)
      : RuntimePattern(converter), emulated(emulated) {}

  /// Kernels compiled for the host (xla-gpu-kernels-to-host).
  bool emulated;

  /// `value` zero-extended (after a bitcast for floats) to 64 bits.
  Value toSlot(OpBuilder &b, Location loc, Value value) const {
    Type type = value.getType();
    if (isa<LLVM::LLVMPointerType>(type))
      return LLVM::PtrToIntOp::create(b, loc, i64Type(), value);
    if (auto floatType = dyn_cast<FloatType>(type))
      value = LLVM::BitcastOp::create(
          b, loc, IntegerType::get(getContext(), floatType.getWidth()), value);
    unsigned width = value.getType().getIntOrFloatBitWidth();
    if (width < 64)
      return LLVM::ZExtOp::create(b, loc, i64Type(), value);
    return value;
  }

  LogicalResult
  matchAndRewrite(gpu::LaunchFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAsyncToken() || !op.getAsyncDependencies().empty())
      return rewriter.notifyMatchFailure(op, "async launch");
    if (op.hasClusterSize())
      return rewriter.notifyMatchFailure(op, "thread block clusters");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    StringRef moduleName = op.getKernelModuleName().getValue();
    auto image = module.lookupSymbol<LLVM::GlobalOp>(imageName(moduleName));
    LLVM::LLVMFuncOp entry;
    if (emulated) {
      entry = module.lookupSymbol<LLVM::LLVMFuncOp>(xla::emulatedKernelEntryName(
          moduleName, op.getKernelName().getValue()));
      if (!entry)
        return op.emitError("no host entry for the emulated kernel ")
               << op.getKernel();
    } else if (!image) {
      return op.emitError("no binary for GPU module @") << moduleName;
    }

    // Parameters in the order the kernel's signature expands them.
    SmallVector<Value> slots;
    for (auto [original, converted] :
         llvm::zip(op.getKernelOperands(), adaptor.getKernelOperands())) {
      if (auto type = dyn_cast<MemRefType>(original.getType())) {
        MemRefDescriptor desc(converted);
        slots.push_back(toSlot(rewriter, loc, desc.allocatedPtr(rewriter, loc)));
        slots.push_back(toSlot(rewriter, loc, desc.alignedPtr(rewriter, loc)));
        slots.push_back(desc.offset(rewriter, loc));
        for (int64_t d = 0; d < type.getRank(); ++d)
          slots.push_back(desc.size(rewriter, loc, d));
        for (int64_t d = 0; d < type.getRank(); ++d)
          slots.push_back(desc.stride(rewriter, loc, d));
        continue;
      }
      if (!converted.getType().isIntOrFloat() &&
          !isa<LLVM::LLVMPointerType>(converted.getType()))
        return op.emitError("GPU kernel parameter of unsupported type ")
               << original.getType();
      if (converted.getType().getIntOrFloatBitWidth() > 64)
        return op.emitError("GPU kernel parameter wider than 64 bits: ")
               << original.getType();
      slots.push_back(toSlot(rewriter, loc, converted));
    }

    // The slot array lives in the entry block, so a launch in a loop does
    // not grow the stack.
    Value array;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block &entry =
          op->getParentOfType<FunctionOpInterface>().getFunctionBody().front();
      rewriter.setInsertionPointToStart(&entry);
      Value n = LLVM::ConstantOp::create(rewriter, loc, i64Type(),
                                         std::max<size_t>(slots.size(), 1));
      array = LLVM::AllocaOp::create(rewriter, loc, ptrType(), i64Type(), n,
                                     /*alignment=*/8);
    }
    for (auto [i, slot] : llvm::enumerate(slots)) {
      Value address = LLVM::GEPOp::create(
          rewriter, loc, ptrType(), i64Type(), array,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      LLVM::StoreOp::create(rewriter, loc, slot, address);
    }

    std::string kernelName =
        (moduleName + "_" + op.getKernelName().getValue() + "_name").str();
    LLVM::GlobalOp name = createConstant(rewriter, module, loc, kernelName,
                                         op.getKernelName().getValue());
    auto constant = [&](int64_t value) -> Value {
      return LLVM::ConstantOp::create(rewriter, loc, i64Type(), value);
    };
    // The image and its size; for an emulated kernel, its host entry and
    // flags (ABI/GPUABI.h).
    Value code, codeSize;
    if (emulated) {
      code = LLVM::AddressOfOp::create(rewriter, loc, entry);
      codeSize = constant(entry->hasAttr(xla::kEmulatedSynchronizesAttrName)
                              ? rt::kEmulatedKernelSynchronizes
                              : 0);
    } else {
      code = addressOf(rewriter, loc, image);
      codeSize = constant(
          cast<LLVM::LLVMArrayType>(image.getGlobalType()).getNumElements() -
          1);
    }
    Value shared =
        adaptor.getDynamicSharedMemorySize()
            ? adaptor.getDynamicSharedMemorySize()
            : LLVM::ConstantOp::create(rewriter, loc,
                                       rewriter.getI32Type(), 0)
                  .getResult();
    Type i32 = rewriter.getI32Type();
    // An emulated block's shared memory holds the static globals too.
    if (auto bytes = entry ? entry->getAttrOfType<IntegerAttr>(
                                 xla::kEmulatedSharedBytesAttrName)
                           : IntegerAttr())
      shared = LLVM::AddOp::create(
          rewriter, loc, shared,
          LLVM::ConstantOp::create(rewriter, loc, i32, bytes.getInt()));
    LLVM::LLVMFuncOp callee = declare(
        rewriter, op, rt::kGPULaunchSymbol,
        LLVM::LLVMVoidType::get(getContext()),
        {ptrType(), i64Type(), ptrType(), i64Type(), i64Type(), i64Type(),
         i64Type(), i64Type(), i64Type(), i32, ptrType(), i64Type()});
    if (!callee)
      return failure();
    SmallVector<Value> args = {
        code,
        codeSize,
        addressOf(rewriter, loc, name),
        adaptor.getGridSizeX(),
        adaptor.getGridSizeY(),
        adaptor.getGridSizeZ(),
        adaptor.getBlockSizeX(),
        adaptor.getBlockSizeY(),
        adaptor.getBlockSizeZ(),
        shared,
        array,
        constant(slots.size())};
    LLVM::CallOp::create(rewriter, loc, callee, args);
    rewriter.eraseOp(op);
    return success();
  }
};

struct GPUToRuntimePass
    : xla::impl::GPUToRuntimePassBase<GPUToRuntimePass> {
  using GPUToRuntimePassBase::GPUToRuntimePassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(&getContext());
    // Images first: the launch patterns look them up by name.
    for (auto binary :
         llvm::make_early_inc_range(module.getOps<gpu::BinaryOp>())) {
      if (binary.getObjects().size() != 1) {
        binary.emitError("expected one object per GPU binary, got ")
            << binary.getObjects().size();
        return signalPassFailure();
      }
      auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
      DictionaryAttr properties = object.getProperties();
      bool emulatedObject =
          properties && properties.contains(xla::kEmulatedObjectAttrName);
      if (emulatedObject != emulated) {
        binary.emitError(emulated ? "expected kernels compiled for the host "
                                    "(xla-gpu-kernels-to-host)"
                                  : "kernels compiled for the host need "
                                    "xla-gpu-to-runtime{emulated=1}");
        return signalPassFailure();
      }
      if (emulated) {
        binary.erase();
        continue;
      }
      createConstant(b, module, binary.getLoc(),
                     imageName(binary.getSymName()),
                     object.getObject().getValue());
      binary.erase();
    }

    // Said once here rather than as a failed conversion too.
    WalkResult missing = module.walk([&](gpu::LaunchFuncOp launch) {
      if (!emulated ||
          module.lookupSymbol<LLVM::LLVMFuncOp>(xla::emulatedKernelEntryName(
              launch.getKernelModuleName().getValue(),
              launch.getKernelName().getValue())))
        return WalkResult::advance();
      launch.emitError("no host entry for the emulated kernel ")
          << launch.getKernel();
      return WalkResult::interrupt();
    });
    if (missing.wasInterrupted())
      return signalPassFailure();

    LLVMTypeConverter converter(&getContext());
    RewritePatternSet patterns(&getContext());
    xla::populateGPUToRuntimeConversionPatterns(converter, patterns,
                                                emulated);
    ConversionTarget target(getContext());
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.addIllegalOp<gpu::LaunchFuncOp, gpu::AllocOp, gpu::DeallocOp,
                        gpu::MemcpyOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // memref.alloc of a GPU program is device memory.
    std::pair<StringRef, StringRef> renames[] = {
        {rt::kAllocSymbol, rt::kGPUAllocSymbol},
        {rt::kAlignedAllocSymbol, rt::kGPUAlignedAllocSymbol},
        {rt::kFreeSymbol, rt::kGPUFreeSymbol}};
    for (auto [from, to] : renames) {
      auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(from);
      if (!func)
        continue;
      if (module.lookupSymbol(to)) {
        module.emitError("both ") << from << " and " << to << " are declared";
        return signalPassFailure();
      }
      if (failed(SymbolTable::replaceAllSymbolUses(
              func, StringAttr::get(&getContext(), to), module)))
        return signalPassFailure();
      func.setSymName(to);
    }
    if (emulated)
      renameToEmulator(module);
  }

  /// The emulator implements every GPU runtime function under its own
  /// prefix.
  void renameToEmulator(ModuleOp module) {
    StringRef prefix = rt::kGPUSymbolPrefix;
    // Declared as llvm.func here, or as func.func by earlier passes
    // (cuBLAS calls).
    for (auto func : llvm::to_vector(module.getOps<SymbolOpInterface>())) {
      if (!func.getName().starts_with(prefix))
        continue;
      std::string name = (rt::kGPUEmulatorSymbolPrefix +
                          func.getName().drop_front(prefix.size()))
                             .str();
      if (module.lookupSymbol(name)) {
        func.emitError("@") << name << " is declared twice";
        return signalPassFailure();
      }
      if (failed(SymbolTable::replaceAllSymbolUses(
              func, StringAttr::get(&getContext(), name), module)))
        return signalPassFailure();
      func.setName(name);
    }
  }
};

} // namespace

void xla::populateGPUToRuntimeConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    bool emulated) {
  patterns.add<AllocPattern, DeallocPattern, MemcpyPattern>(converter);
  patterns.add<LaunchPattern>(converter, emulated);
}
