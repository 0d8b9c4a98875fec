//===- EntryWrappers.cpp - the exported face of a compiled program --------===//
//
// Works on LLVM IR rather than the LLVM dialect because it needs the final
// lowered entry (exploded memref descriptors) and must see every runtime
// call the whole pipeline declared, translation included. A program
// compiled in parts knows its imports before translation
// (PartitionProgram.h): the entry's part defines every slot, the other
// parts declare the slots they call through.
//
//===----------------------------------------------------------------------===//

#include "EntryWrappers.h"

#include "xla-mlir/ABI/EntryABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace xla;
using runtime::TensorSpec;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Replaces the calls of the runtime function `callee` by indirect calls
/// through its import slot `slot`.
static llvm::Error routeThroughImport(llvm::Function &callee,
                                      llvm::GlobalVariable *slot) {
  auto *ptrType = llvm::PointerType::getUnqual(callee.getContext());
  std::string name = callee.getName().str();
  for (llvm::User *user : llvm::make_early_inc_range(callee.users())) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(user);
    if (!call || call->getCalledOperand() != &callee)
      return makeError("the program takes the address of runtime function " +
                       name);
    auto *target = new llvm::LoadInst(ptrType, slot, name + ".import",
                                      call->getIterator());
    call->setCalledOperand(target);
  }
  callee.eraseFromParent();
  return llvm::Error::success();
}

std::vector<std::string>
xla::collectRuntimeImports(const llvm::Module &module) {
  std::vector<std::string> imports;
  for (const llvm::Function &function : module.functions()) {
    llvm::StringRef name = function.getName();
    if (function.isDeclaration() && !function.isIntrinsic() &&
        runtime::isRuntimeImport(std::string_view(name.data(), name.size())))
      imports.push_back(name.str());
  }
  return imports;
}

llvm::Error xla::routeRuntimeImports(llvm::Module &module,
                                     llvm::ArrayRef<std::string> imports,
                                     bool defineSlots) {
  auto *ptrType = llvm::PointerType::getUnqual(module.getContext());
  auto getSlot = [&](llvm::StringRef name) {
    std::string slotName = runtime::kImportPrefix + name.str();
    if (llvm::GlobalVariable *slot = module.getGlobalVariable(slotName))
      return slot;
    return new llvm::GlobalVariable(
        module, ptrType, /*isConstant=*/false,
        llvm::GlobalValue::ExternalLinkage,
        defineSlots ? llvm::ConstantPointerNull::get(ptrType) : nullptr,
        slotName);
  };
  // The loader fills every slot of the signature's list.
  if (defineSlots)
    for (const std::string &name : imports)
      getSlot(name);
  for (const std::string &name : collectRuntimeImports(module)) {
    if (!llvm::is_contained(imports, name))
      return makeError("internal error: the runtime function " + name +
                       " is missing from the program's imports");
    if (llvm::Error error =
            routeThroughImport(*module.getFunction(name), getSlot(name)))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error xla::addEntryWrappers(llvm::Module &module,
                                  llvm::StringRef entryName,
                                  const runtime::Signature &signature) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Function *entry = module.getFunction(entryName);
  size_t expectedArgs = 0;
  for (const TensorSpec &spec :
       llvm::concat<const TensorSpec>(signature.inputs, signature.outputs))
    expectedArgs += 3 + 2 * spec.shape.size();
  if (!entry || entry->arg_size() != expectedArgs ||
      !entry->getReturnType()->isVoidTy())
    return makeError(llvm::formatv(
        "internal error: the lowered @{0} does not have the expected "
        "signature ({1} exploded memref arguments, no results)",
        entryName, expectedArgs));

  std::string exportName = signature.entry;
  // Frees the export name; the body is inlined into the wrapper below.
  entry->setName("_xla_impl_" + exportName);

  // void NAME(T *buffer...): each memref is (allocated, aligned, offset 0,
  // sizes, row-major strides) of a dense buffer.
  auto *ptrType = llvm::PointerType::getUnqual(context);
  auto *i64Type = llvm::Type::getInt64Ty(context);
  auto *voidType = llvm::Type::getVoidTy(context);
  size_t numBuffers = signature.inputs.size() + signature.outputs.size();
  auto *cFunction = llvm::Function::Create(
      llvm::FunctionType::get(
          voidType, llvm::SmallVector<llvm::Type *>(numBuffers, ptrType),
          false),
      llvm::GlobalValue::ExternalLinkage, exportName, module);
  if (cFunction->getName() != exportName)
    return makeError("the export name " + exportName +
                     " clashes with a symbol of the program");
  {
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", cFunction));
    llvm::SmallVector<llvm::Value *> args;
    size_t index = 0;
    for (const TensorSpec &spec :
         llvm::concat<const TensorSpec>(signature.inputs, signature.outputs)) {
      llvm::Value *data = cFunction->getArg(index++);
      args.append({data, data, b.getInt64(0)});
      for (int64_t size : spec.shape)
        args.push_back(llvm::ConstantInt::get(i64Type, size));
      int64_t stride = 1;
      llvm::SmallVector<llvm::Value *> strides(spec.shape.size());
      for (size_t d = spec.shape.size(); d-- > 0;) {
        strides[d] = llvm::ConstantInt::get(i64Type, stride);
        stride *= spec.shape[d];
      }
      args.append(strides);
    }
    llvm::CallInst *call = b.CreateCall(entry, args);
    b.CreateRetVoid();
    // The body moves into the wrapper, where the sizes and strides are
    // constants. A call with thousands of arguments (a training step's
    // hundreds of exploded descriptors), some of which the optimizer turns
    // into poison, takes X86's instruction selection seconds.
    llvm::InlineFunctionInfo info;
    llvm::InlineResult inlined = llvm::InlineFunction(*call, info);
    if (!inlined.isSuccess())
      return makeError(llvm::Twine("internal error: cannot inline @") +
                       entry->getName() + " into its wrapper: " +
                       inlined.getFailureReason());
    entry->eraseFromParent();
  }

  // void _xla_packed_NAME(void **buffers).
  auto *packed = llvm::Function::Create(
      llvm::FunctionType::get(voidType, {ptrType}, false),
      llvm::GlobalValue::ExternalLinkage,
      runtime::kPackedEntryPrefix + exportName, module);
  {
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", packed));
    llvm::SmallVector<llvm::Value *> args;
    for (size_t i = 0; i < numBuffers; ++i) {
      llvm::Value *slot = b.CreateConstInBoundsGEP1_64(
          ptrType, packed->getArg(0), i);
      args.push_back(b.CreateLoad(ptrType, slot));
    }
    b.CreateCall(cFunction, args);
    b.CreateRetVoid();
  }

  // The loader reads the signature, imports included.
  llvm::Constant *text = llvm::ConstantDataArray::getString(
      context, signature.serialize(), /*AddNull=*/true);
  new llvm::GlobalVariable(module, text->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, text,
                           runtime::kSignaturePrefix + exportName);
  return llvm::Error::success();
}
