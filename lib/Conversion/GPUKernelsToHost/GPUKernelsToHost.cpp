//===- GPUKernelsToHost.cpp - GPU kernels compiled for the host -----------===//
//
// The GPU emulator (`--gpu-emulate`, Runtime/GPUEmulator.h) runs the very
// kernels a GPU would, taken after their lowering to NVVM, so that a machine
// without a GPU checks the whole GPU code generation but NVPTX and ptxas.
// The special registers, barriers, shuffles and tensor-core products
// become calls of the emulator, which also checks the alignment that wide
// accesses claim, the math functions of libdevice libm's,
// and address spaces go. Shared memory is a buffer of the emulator's per
// block, which the kernel asks for: a pointer from an opaque call, and
// kernel parameters without `noalias`, so that LLVM keeps every access on
// its side of the barrier calls (other threads run inside them). Anything
// else of NVVM is reported by name.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Conversion/GPUKernelsToHost.h"
#include "xla-mlir/Conversion/Passes.h"

#include "xla-mlir/ABI/GPUABI.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace xla {
#define GEN_PASS_DEF_GPUKERNELSTOHOSTPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;
namespace rt = xla::runtime;

/// The host function for libdevice's `name` (without `__nv_`): libm's of
/// the same name, the emulator's for what libm lacks, "" if neither.
static std::string hostMathFunction(StringRef name) {
  static const llvm::StringSet<> libm = {
      "acos",  "acosh",     "asin",  "asinh",     "atan",  "atan2",
      "atanh", "cbrt",      "ceil",  "copysign",  "cos",   "cosh",
      "erf",   "erfc",      "exp",   "exp2",      "exp10", "expm1",
      "fabs",  "fdim",      "floor", "fma",       "fmax",  "fmin",
      "fmod",  "hypot",     "ldexp", "log",       "log10",
      "log1p", "log2",      "logb",  "nearbyint", "pow",   "remainder",
      "rint",  "round",     "sin",   "sinh",      "sqrt",  "tan",
      "tanh",  "tgamma",    "trunc", "nextafter"};
  // The fast variants (approximations on the GPU) as the exact ones.
  name.consume_front("fast_");
  // The f32 function is the f64 one's name and "f" (erf is f64's).
  for (StringRef base : {name, name.drop_back()}) {
    if (base != name && !name.ends_with("f"))
      continue;
    if (libm.contains(base))
      return name.str();
    if (base == "rsqrt" || base == "powi" || base == "lgamma")
      return (rt::kGPUEmulatorSymbolPrefix + name).str();
  }
  return "";
}

/// `op`'s special register, if it reads one.
static std::optional<rt::EmulatedRegister> specialRegister(Operation *op) {
  using R = rt::EmulatedRegister;
  return llvm::TypeSwitch<Operation *, std::optional<R>>(op)
      .Case([](NVVM::ThreadIdXOp) { return R::ThreadIdX; })
      .Case([](NVVM::ThreadIdYOp) { return R::ThreadIdY; })
      .Case([](NVVM::ThreadIdZOp) { return R::ThreadIdZ; })
      .Case([](NVVM::BlockDimXOp) { return R::BlockDimX; })
      .Case([](NVVM::BlockDimYOp) { return R::BlockDimY; })
      .Case([](NVVM::BlockDimZOp) { return R::BlockDimZ; })
      .Case([](NVVM::BlockIdXOp) { return R::BlockIdX; })
      .Case([](NVVM::BlockIdYOp) { return R::BlockIdY; })
      .Case([](NVVM::BlockIdZOp) { return R::BlockIdZ; })
      .Case([](NVVM::GridDimXOp) { return R::GridDimX; })
      .Case([](NVVM::GridDimYOp) { return R::GridDimY; })
      .Case([](NVVM::GridDimZOp) { return R::GridDimZ; })
      .Case([](NVVM::LaneIdOp) { return R::LaneId; })
      .Default([](Operation *) { return std::nullopt; });
}

namespace {

class KernelsToHost {
public:
  KernelsToHost(ModuleOp host, gpu::GPUModuleOp device)
      : host(host), device(device), b(host.getContext()),
        ptr(LLVM::LLVMPointerType::get(host.getContext())),
        i32(b.getI32Type()), i64(b.getI64Type()) {}

  LogicalResult run();

private:
  LLVM::LLVMFuncOp declareInHost(Location loc, StringRef name,
                                 LLVM::LLVMFunctionType type);
  FailureOr<Value> call(Location loc, StringRef name, Type result,
                        ValueRange args);
  LogicalResult layOutSharedMemory();
  LogicalResult addressSharedMemory();
  void dropAddressSpaces();
  LogicalResult lowerNVVM(Operation *op);
  LogicalResult lowerMma(NVVM::MmaOp mma);
  LogicalResult mapDeclarations();
  LogicalResult truncateToBF16(LLVM::FPTruncOp op);
  LogicalResult checkAlignment();
  LogicalResult createEntry(LLVM::LLVMFuncOp kernel, bool synchronizes);

  ModuleOp host;
  gpu::GPUModuleOp device;
  OpBuilder b;
  Type ptr, i32, i64;
  /// The functions of the module that synchronize, directly or not.
  llvm::DenseSet<Operation *> synchronizing;
  /// Each shared-memory global's offset in the block's buffer.
  llvm::StringMap<uint64_t> sharedOffsets;
  uint64_t sharedBytes = 0;
};

} // namespace

LLVM::LLVMFuncOp KernelsToHost::declareInHost(Location loc, StringRef name,
                                              LLVM::LLVMFunctionType type) {
  if (auto existing = host.lookupSymbol<LLVM::LLVMFuncOp>(name)) {
    if (existing.getFunctionType() == type)
      return existing;
    emitError(loc, "@") << name << " is declared in the host module as "
                        << existing.getFunctionType() << ", not " << type;
    return nullptr;
  }
  if (host.lookupSymbol(name)) {
    emitError(loc, "@") << name << " is not a function of the host module";
    return nullptr;
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(host.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

/// A call of host function `name` (declared if new); its result, or null
/// for a void one.
FailureOr<Value> KernelsToHost::call(Location loc, StringRef name,
                                     Type result, ValueRange args) {
  SmallVector<Type> params(args.getTypes());
  auto type = LLVM::LLVMFunctionType::get(
      result ? result : LLVM::LLVMVoidType::get(b.getContext()), params);
  LLVM::LLVMFuncOp callee = declareInHost(loc, name, type);
  if (!callee)
    return failure();
  auto op = LLVM::CallOp::create(b, loc, callee, args);
  return result ? op.getResult() : Value();
}

/// Places the shared-memory globals in one buffer, each aligned as it asks
/// (at least 16 bytes, as GPUAlignSharedMemory makes them).
LogicalResult KernelsToHost::layOutSharedMemory() {
  DataLayout layout = DataLayout::closest(device);
  for (auto global : device.getBody()->getOps<LLVM::GlobalOp>()) {
    if (global.getAddrSpace() != static_cast<unsigned>(
                                     NVVM::NVVMMemorySpace::Shared))
      continue;
    if (global.getValueOrNull() || !global.getInitializerRegion().empty())
      return global.emitOpError("in shared memory has an initial value");
    uint64_t alignment = std::max<uint64_t>(global.getAlignment().value_or(0),
                                            16);
    uint64_t offset = llvm::alignTo(sharedBytes, alignment);
    sharedOffsets[global.getSymName()] = offset;
    sharedBytes =
        offset + layout.getTypeSize(global.getGlobalType()).getFixedValue();
  }
  return success();
}

/// Shared globals as offsets from the buffer the emulator gives the block.
LogicalResult KernelsToHost::addressSharedMemory() {
  if (sharedOffsets.empty())
    return success();
  for (auto func : device.getBody()->getOps<LLVM::LLVMFuncOp>()) {
    SmallVector<LLVM::AddressOfOp> uses;
    func.walk([&](LLVM::AddressOfOp op) {
      if (sharedOffsets.contains(op.getGlobalName()))
        uses.push_back(op);
    });
    if (uses.empty())
      continue;
    b.setInsertionPointToStart(&func.getBody().front());
    FailureOr<Value> shared =
        call(func.getLoc(), rt::kGPUEmulatorSharedSymbol, ptr, {});
    if (failed(shared))
      return failure();
    Value base = *shared;
    for (LLVM::AddressOfOp use : uses) {
      b.setInsertionPoint(use);
      auto offset = static_cast<int32_t>(sharedOffsets[use.getGlobalName()]);
      use.replaceAllUsesWith(
          LLVM::GEPOp::create(b, use.getLoc(), ptr, b.getI8Type(), base,
                              ArrayRef<LLVM::GEPArg>{offset})
              .getResult());
      use.erase();
    }
  }
  for (auto global :
       llvm::make_early_inc_range(device.getBody()->getOps<LLVM::GlobalOp>()))
    if (sharedOffsets.contains(global.getSymName()))
      global.erase();
  return success();
}

/// Generic pointers everywhere: a host has one address space.
void KernelsToHost::dropAddressSpaces() {
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](LLVM::LLVMPointerType type) -> std::optional<Type> {
        if (type.getAddressSpace() == 0)
          return std::nullopt;
        return ptr;
      });
  replacer.recursivelyReplaceElementsIn(device, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  device.walk([&](Operation *op) {
    if (auto global = dyn_cast<LLVM::GlobalOp>(op))
      global.setAddrSpace(0);
    if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(op)) {
      cast.replaceAllUsesWith(cast.getArg());
      cast.erase();
    }
  });
}

LogicalResult KernelsToHost::lowerNVVM(Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  auto constant = [&](int64_t value) -> Value {
    return LLVM::ConstantOp::create(b, loc, i32, value);
  };
  auto function = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (std::optional<rt::EmulatedRegister> reg = specialRegister(op)) {
    FailureOr<Value> value = call(loc, rt::kGPUEmulatorRegisterSymbol, i32,
                                  constant(static_cast<int64_t>(*reg)));
    if (failed(value))
      return failure();
    op->replaceAllUsesWith(ValueRange{*value});
    op->erase();
    return success();
  }
  if (isa<NVVM::WarpSizeOp>(op)) {
    op->replaceAllUsesWith(ValueRange{constant(32)});
    op->erase();
    return success();
  }
  auto barrier = dyn_cast<NVVM::BarrierOp>(op);
  if (isa<NVVM::Barrier0Op>(op) ||
      (barrier && !barrier.getBarrierId() && !barrier.getNumberOfThreads() &&
       !barrier.getReductionOp())) {
    if (failed(call(loc, rt::kGPUEmulatorBarrierSymbol, nullptr, {})))
      return failure();
    synchronizing.insert(function);
    op->erase();
    return success();
  }
  if (auto shuffle = dyn_cast<NVVM::ShflOp>(op)) {
    Value value = shuffle.getVal();
    bool isFloat = isa<FloatType>(value.getType());
    if (isFloat)
      value = LLVM::BitcastOp::create(b, loc, i32, value);
    FailureOr<Value> called = call(
        loc, rt::kGPUEmulatorShuffleSymbol, i64,
        {constant(static_cast<int64_t>(shuffle.getKind())),
         shuffle.getThreadMask(), value, shuffle.getOffset(),
         shuffle.getMaskAndClamp()});
    if (failed(called))
      return failure();
    Value result = *called;
    Value bits = LLVM::TruncOp::create(b, loc, i32, result);
    Value shuffled = isFloat ? LLVM::BitcastOp::create(
                                   b, loc, shuffle.getVal().getType(), bits)
                             : bits;
    if (shuffle.getReturnValueAndIsValid()) {
      Value high = LLVM::LShrOp::create(
          b, loc, result, LLVM::ConstantOp::create(b, loc, i64, 32));
      Value valid = LLVM::TruncOp::create(b, loc, b.getI1Type(), high);
      Value pair = LLVM::PoisonOp::create(b, loc, shuffle.getType());
      pair = LLVM::InsertValueOp::create(b, loc, pair, shuffled,
                                         ArrayRef<int64_t>{0});
      shuffled = LLVM::InsertValueOp::create(b, loc, pair, valid,
                                             ArrayRef<int64_t>{1});
    }
    shuffle.replaceAllUsesWith(shuffled);
    shuffle.erase();
    synchronizing.insert(function);
    return success();
  }
  if (auto convert = dyn_cast<NVVM::ConvertFloatToTF32Op>(op)) {
    if (convert.getRnd() != NVVM::FPRoundingMode::RNA ||
        convert.getSat() != NVVM::SaturationMode::NONE || convert.getRelu())
      return op->emitOpError("has no emulation on the host but with "
                             "rounding rna, no saturation and no relu");
    FailureOr<Value> bits =
        call(loc, rt::kGPUEmulatorTF32Symbol, i32, convert.getSrc());
    if (failed(bits))
      return failure();
    convert.replaceAllUsesWith(*bits);
    convert.erase();
    return success();
  }
  if (auto mma = dyn_cast<NVVM::MmaOp>(op))
    return lowerMma(mma);
  // cp.async: the emulator keeps each thread's copies pending until a wait
  // completes their group, so that reading a tile early shows.
  if (auto copy = dyn_cast<NVVM::CpAsyncOp>(op)) {
    Value size = constant(copy.getSize());
    Value srcSize = copy.getCpSize() ? copy.getCpSize() : size;
    if (failed(call(loc, rt::kGPUEmulatorCpAsyncSymbol, nullptr,
                    {copy.getDst(), copy.getSrc(), size, srcSize})))
      return failure();
  } else if (isa<NVVM::CpAsyncCommitGroupOp>(op)) {
    if (failed(call(loc, rt::kGPUEmulatorCpAsyncCommitSymbol, nullptr, {})))
      return failure();
  } else if (auto wait = dyn_cast<NVVM::CpAsyncWaitGroupOp>(op)) {
    if (failed(call(loc, rt::kGPUEmulatorCpAsyncWaitSymbol, nullptr,
                    constant(wait.getN()))))
      return failure();
  } else {
    return op->emitOpError(
        "has no emulation on the host (xla-gpu-kernels-to-host supports "
        "special registers, barriers, shuffles, tf32 m16n8k8 mma and "
        "cp.async)");
  }
  // A thread's pending copies live in its fiber.
  synchronizing.insert(function);
  op->erase();
  return success();
}

/// A warp's m16n8k8 tf32 product: the lanes' fragments go to the emulator,
/// which computes the tile once all 32 lanes have called it.
LogicalResult KernelsToHost::lowerMma(NVVM::MmaOp mma) {
  NVVM::MMAShapeAttr shape = mma.getShape();
  Type f32 = b.getF32Type();
  auto result = dyn_cast<LLVM::LLVMStructType>(mma.getType());
  if (shape.getM() != 16 || shape.getN() != 8 || shape.getK() != 8 ||
      mma.getMultiplicandAPtxType() != NVVM::MMATypes::tf32 ||
      mma.getMultiplicandBPtxType() != NVVM::MMATypes::tf32 ||
      mma.getLayoutA() != NVVM::MMALayout::row ||
      mma.getLayoutB() != NVVM::MMALayout::col ||
      mma.getOperandA().size() != 4 || mma.getOperandB().size() != 2 ||
      mma.getOperandC().size() != 4 || !result ||
      result.getBody().size() != 4 ||
      !llvm::all_of(result.getBody(), [&](Type t) { return t == f32; }))
    return mma.emitOpError("has no emulation on the host but as an "
                           "m16n8k8 row-by-column product of tf32 operands "
                           "into f32");
  Location loc = mma.getLoc();
  auto function = mma->getParentOfType<LLVM::LLVMFuncOp>();
  Value out;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&function.getBody().front());
    out = LLVM::AllocaOp::create(b, loc, ptr, f32,
                                 LLVM::ConstantOp::create(b, loc, i64, 4),
                                 /*alignment=*/16);
  }
  SmallVector<Value> args(mma.getOperandA());
  llvm::append_range(args, mma.getOperandB());
  llvm::append_range(args, mma.getOperandC());
  args.push_back(out);
  if (failed(call(loc, rt::kGPUEmulatorMmaSymbol, nullptr, args)))
    return failure();
  Value tile = LLVM::PoisonOp::create(b, loc, result);
  for (int32_t i = 0; i < 4; ++i) {
    Value address = LLVM::GEPOp::create(b, loc, ptr, f32, out,
                                        ArrayRef<LLVM::GEPArg>{i});
    tile = LLVM::InsertValueOp::create(
        b, loc, tile, LLVM::LoadOp::create(b, loc, f32, address),
        ArrayRef<int64_t>{i});
  }
  mma.replaceAllUsesWith(tile);
  mma.erase();
  synchronizing.insert(function);
  return success();
}

/// f32 to bf16 with integer operations, rounding to nearest even: a GPU
/// has an instruction for it, a host compiler calls `__truncsfbf2`, which
/// this toolchain's runtime libraries lack.
LogicalResult KernelsToHost::truncateToBF16(LLVM::FPTruncOp op) {
  Type source = op.getArg().getType();
  if (getElementTypeOrSelf(source) != b.getF32Type())
    return op.emitOpError("to bf16 from other than f32 has no emulation on "
                          "the host");
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  auto like = [&](Type element) -> Type {
    if (auto vector = dyn_cast<VectorType>(source))
      return vector.clone(element);
    return element;
  };
  Type wide = like(i32), narrow = like(b.getIntegerType(16));
  auto constant = [&](int64_t value) -> Value {
    if (auto vector = dyn_cast<VectorType>(wide))
      return LLVM::ConstantOp::create(
          b, loc, wide,
          SplatElementsAttr::get(vector, b.getI32IntegerAttr(value)));
    return LLVM::ConstantOp::create(b, loc, wide, value);
  };
  Value bits = LLVM::BitcastOp::create(b, loc, wide, op.getArg());
  Value upper = LLVM::LShrOp::create(b, loc, bits, constant(16));
  Value odd = LLVM::AndOp::create(b, loc, upper, constant(1));
  Value bias = LLVM::AddOp::create(b, loc, odd, constant(0x7fff));
  Value rounded = LLVM::LShrOp::create(
      b, loc, LLVM::AddOp::create(b, loc, bits, bias), constant(16));
  // A NaN stays a (quiet) NaN instead of rounding into an infinity.
  Value isNaN = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno,
                                     op.getArg(), op.getArg());
  Value quiet = LLVM::OrOp::create(b, loc, upper, constant(0x40));
  Value result = LLVM::SelectOp::create(b, loc, isNaN, quiet, rounded);
  result = LLVM::TruncOp::create(b, loc, narrow, result);
  op.replaceAllUsesWith(
      LLVM::BitcastOp::create(b, loc, op.getType(), result).getResult());
  op.erase();
  return success();
}

/// A GPU faults on an access less aligned than it claims; a host mostly
/// does not. Each access claiming 8 bytes or more (vectors, 64-bit
/// scalars) first asks the emulator to check its address.
LogicalResult KernelsToHost::checkAlignment() {
  SmallVector<std::pair<Operation *, std::pair<Value, uint64_t>>> accesses;
  device.walk([&](Operation *op) {
    std::optional<uint64_t> alignment;
    Value address;
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      alignment = load.getAlignment(), address = load.getAddr();
    else if (auto store = dyn_cast<LLVM::StoreOp>(op))
      alignment = store.getAlignment(), address = store.getAddr();
    if (alignment && *alignment >= 8)
      accesses.push_back({op, {address, *alignment}});
  });
  for (auto &[op, access] : accesses) {
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (failed(call(loc, rt::kGPUEmulatorAlignmentSymbol, nullptr,
                    {access.first,
                     LLVM::ConstantOp::create(b, loc, i64, access.second)})))
      return failure();
  }
  return success();
}

/// Calls of declared device functions go to their host equivalents.
LogicalResult KernelsToHost::mapDeclarations() {
  for (auto func : llvm::make_early_inc_range(
           device.getBody()->getOps<LLVM::LLVMFuncOp>())) {
    if (!func.isExternal())
      continue;
    StringRef name = func.getSymName();
    std::string hostName;
    if (name.starts_with("__nv_"))
      hostName = hostMathFunction(name.drop_front(5));
    if (hostName.empty())
      return func.emitError("device function @")
             << name << " has no host equivalent for the GPU emulator";
    if (!declareInHost(func.getLoc(), hostName, func.getFunctionType()))
      return failure();
    if (failed(SymbolTable::replaceAllSymbolUses(
            func, b.getStringAttr(hostName), device)))
      return failure();
    func.erase();
  }
  return success();
}

/// `void <kernel>__entry(const uint64_t *params)`: the kernel's parameters
/// from their 64-bit slots, as xla-gpu-to-runtime fills them.
LogicalResult KernelsToHost::createEntry(LLVM::LLVMFuncOp kernel,
                                         bool synchronizes) {
  Location loc = kernel.getLoc();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(kernel);
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(b.getContext()), {ptr});
  std::string name = (kernel.getSymName() + "__entry").str();
  auto entry = LLVM::LLVMFuncOp::create(b, loc, name, type,
                                        LLVM::Linkage::Internal);
  if (synchronizes)
    entry->setAttr(xla::kEmulatedSynchronizesAttrName, b.getUnitAttr());
  if (sharedBytes)
    entry->setAttr(xla::kEmulatedSharedBytesAttrName,
                   b.getI64IntegerAttr(sharedBytes));
  Block *body = entry.addEntryBlock(b);
  b.setInsertionPointToStart(body);
  SmallVector<Value> args;
  for (auto [i, param] :
       llvm::enumerate(kernel.getFunctionType().getParams())) {
    Value address = LLVM::GEPOp::create(
        b, loc, ptr, i64, body->getArgument(0),
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
    Value slot = LLVM::LoadOp::create(b, loc, i64, address);
    if (isa<LLVM::LLVMPointerType>(param)) {
      args.push_back(LLVM::IntToPtrOp::create(b, loc, param, slot));
      continue;
    }
    if (!param.isIntOrFloat() || param.getIntOrFloatBitWidth() > 64)
      return kernel.emitError("kernel parameter ")
             << i << " of type " << param << " cannot be emulated";
    unsigned width = param.getIntOrFloatBitWidth();
    Value bits = slot;
    if (width < 64)
      bits = LLVM::TruncOp::create(b, loc, b.getIntegerType(width), slot);
    if (isa<FloatType>(param))
      bits = LLVM::BitcastOp::create(b, loc, param, bits);
    args.push_back(bits);
  }
  LLVM::CallOp::create(b, loc, kernel, args);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  return success();
}

LogicalResult KernelsToHost::run() {
  for (Operation &op : device.getBody()->getOperations())
    if (!isa<LLVM::LLVMFuncOp, LLVM::GlobalOp>(op))
      return op.emitOpError("in a GPU module to emulate: expected the device "
                            "code lowered to the LLVM dialect");
  ArrayAttr targets = device.getTargetsAttr();
  if (!targets || targets.empty())
    return device.emitOpError("has no target to name in the gpu.binary the "
                              "emulated kernels leave");

  if (failed(layOutSharedMemory()))
    return failure();
  dropAddressSpaces();
  SmallVector<Operation *> nvvm;
  WalkResult walk = device.walk([&](Operation *op) {
    if (isa<LLVM::InlineAsmOp>(op))
      return op->emitOpError("has no emulation on the host"),
             WalkResult::interrupt();
    if (isa<NVVM::NVVMDialect>(op->getDialect()))
      nvvm.push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (Operation *op : nvvm)
    if (failed(lowerNVVM(op)))
      return failure();
  SmallVector<LLVM::FPTruncOp> toBF16;
  device.walk([&](LLVM::FPTruncOp op) {
    if (getElementTypeOrSelf(op.getType()).isBF16())
      toBF16.push_back(op);
  });
  for (LLVM::FPTruncOp op : toBF16)
    if (failed(truncateToBF16(op)))
      return failure();
  if (failed(checkAlignment()))
    return failure();
  if (failed(mapDeclarations()))
    return failure();
  if (failed(addressSharedMemory()))
    return failure();

  // Synchronizing is transitive through calls within the module.
  bool changed = true;
  while (changed) {
    changed = false;
    device.walk([&](LLVM::CallOp call) {
      auto caller = call->getParentOfType<LLVM::LLVMFuncOp>();
      std::optional<StringRef> callee = call.getCallee();
      Operation *target =
          callee ? device.lookupSymbol(*callee) : nullptr;
      if (target && synchronizing.contains(target) &&
          synchronizing.insert(caller).second)
        changed = true;
    });
  }

  // Prefixed names, host linkage and no device attributes.
  StringRef moduleName = device.getSymName();
  SmallVector<std::pair<LLVM::LLVMFuncOp, bool>> kernels;
  for (Operation &op :
       llvm::make_early_inc_range(device.getBody()->getOperations())) {
    auto symbol = cast<SymbolOpInterface>(op);
    std::string name =
        xla::emulatedSymbolName(moduleName, symbol.getName());
    if (host.lookupSymbol(name))
      return op.emitOpError("would clash with @") << name
                                                   << " of the host module";
    if (failed(SymbolTable::replaceAllSymbolUses(&op, b.getStringAttr(name),
                                                 device)))
      return failure();
    symbol.setName(name);
    if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
      bool kernel = func->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()) ||
                    func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
      func.setCConv(LLVM::CConv::C);
      func.setLinkage(LLVM::Linkage::Internal);
      for (NamedAttribute attr : llvm::to_vector(func->getDiscardableAttrs()))
        if (attr.getName().strref().starts_with("nvvm.") ||
            attr.getName().strref().starts_with("gpu."))
          func->removeDiscardableAttr(attr.getName());
      // Threads communicate through memory inside the emulator's calls.
      auto interface = cast<FunctionOpInterface>(func.getOperation());
      for (unsigned i = 0; i < func.getNumArguments(); ++i) {
        SmallVector<NamedAttribute> kept;
        for (NamedAttribute attr : interface.getArgAttrs(i))
          if (!llvm::is_contained({"llvm.noalias", "llvm.nocapture",
                                   "llvm.captures"},
                                  attr.getName().strref()) &&
              !attr.getName().strref().starts_with("nvvm."))
            kept.push_back(attr);
        interface.setArgAttrs(i, kept);
      }
      if (kernel)
        kernels.push_back({func, synchronizing.contains(func)});
    } else {
      cast<LLVM::GlobalOp>(op).setLinkage(LLVM::Linkage::Internal);
    }
  }
  for (auto [kernel, synchronizes] : kernels)
    if (failed(createEntry(kernel, synchronizes)))
      return failure();
  host.getBody()->getOperations().splice(
      host.getBody()->end(), device.getBody()->getOperations());

  // The launches still name the module: leave an empty binary in its place.
  b.setInsertionPoint(device);
  auto object = gpu::ObjectAttr::get(
      b.getContext(), targets[0], gpu::CompilationTarget::Offload,
      b.getStringAttr(""),
      b.getDictionaryAttr(
          b.getNamedAttr(xla::kEmulatedObjectAttrName, b.getUnitAttr())),
      nullptr);
  gpu::BinaryOp::create(b, device.getLoc(), moduleName, nullptr,
                        ArrayRef<Attribute>{object});
  device.erase();
  return success();
}

namespace {
struct GPUKernelsToHostPass
    : xla::impl::GPUKernelsToHostPassBase<GPUKernelsToHostPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto device :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>()))
      if (failed(KernelsToHost(module, device).run()))
        return signalPassFailure();
  }
};
} // namespace
