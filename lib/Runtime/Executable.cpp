//===- Executable.cpp - compile hlo for the host CPU and run it -----------===//

#include "xla-mlir/Runtime/Executable.h"

#include "RuntimeSymbols.h"

#include "xla-mlir/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/InitAll.h"
#include "xla-mlir/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace xla::runtime;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

void xla::runtime::registerRuntimeDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  xla::registerAllDialects(registry);
}

#ifdef XLA_HAVE_OPENMP
extern "C" int omp_get_max_threads();
#endif

bool Target::hasThreads() {
#ifdef XLA_HAVE_OPENMP
  // Also keeps libomp linked: the JIT resolves the __kmpc_* entry points
  // of parallel loops from the process.
  return omp_get_max_threads() > 0;
#else
  return false;
#endif
}

int64_t Target::vectorBits() const {
  llvm::SmallVector<llvm::StringRef> list;
  llvm::StringRef(features).split(list, ',');
  auto has = [&](llvm::StringRef feature) {
    return llvm::is_contained(list, ("+" + feature).str());
  };
  if (has("avx512f"))
    return 512;
  if (has("avx"))
    return 256;
  return 128;
}

llvm::Expected<Target> Target::host() {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  Target target;
  target.triple = builder->getTargetTriple().str();
  target.cpu = builder->getCPU();
  target.features = builder->getFeatures().getString();
  return target;
}

Executable::~Executable() = default;

namespace {

/// Collects every diagnostic emitted while in scope, with its notes, as
/// "LOC: error: MESSAGE" lines.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          append(diag.getLocation(), diag.getSeverity(), diag.str());
          for (Diagnostic &note : diag.getNotes())
            append(note.getLocation(), DiagnosticSeverity::Note, note.str());
          return success();
        }) {}

  /// An error with the collected text, or `fallback` if nothing was said.
  llvm::Error takeError(llvm::StringRef fallback) {
    return makeError(text.empty() ? fallback : llvm::StringRef(text));
  }

private:
  void append(Location loc, DiagnosticSeverity severity, llvm::StringRef msg) {
    if (!text.empty())
      text += "\n";
    const char *kind = severity == DiagnosticSeverity::Error     ? "error"
                       : severity == DiagnosticSeverity::Warning ? "warning"
                       : severity == DiagnosticSeverity::Note    ? "note"
                                                                 : "remark";
    text += xla::formatFileLocation(loc) + ": " + kind + ": " + msg.str();
  }

  std::string text;
  ScopedDiagnosticHandler handler;
};

/// The entry function: `name` if given, else @main, else the only function.
FailureOr<func::FuncOp> findEntry(ModuleOp module, llvm::StringRef name) {
  SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
  if (!name.empty()) {
    if (auto func = module.lookupSymbol<func::FuncOp>(name))
      return func;
    return module.emitError() << "no function named @" << name;
  }
  if (auto func = module.lookupSymbol<func::FuncOp>("main"))
    return func;
  if (functions.size() == 1)
    return functions.front();
  return module.emitError()
         << "the module has " << functions.size()
         << " functions and none is named @main; choose one with --entry";
}

/// The runtime view of an entry argument or result type.
FailureOr<TensorSpec> getTensorSpec(func::FuncOp entry, Type type,
                                    llvm::StringRef what, unsigned index) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  std::optional<DType> dtype;
  if (tensorType && tensorType.hasStaticShape())
    dtype = getDTypeFor(tensorType.getElementType());
  // Sub-byte integers have no host representation users could pass.
  if (dtype && getByteWidth(*dtype) == 1 && getIntegerBitWidth(*dtype) > 1 &&
      getIntegerBitWidth(*dtype) < 8)
    dtype = std::nullopt;
  if (!dtype)
    return entry.emitError() << what << " " << index << " of @"
                             << entry.getSymName() << " has type " << type
                             << ", which the runtime cannot pass: entry "
                                "functions take and return statically "
                                "shaped tensors of i1, i8-i64, ui8-ui64, "
                                "f16, bf16, f32, f64 or complex";
  return TensorSpec{*dtype, llvm::SmallVector<int64_t>(tensorType.getShape())};
}

/// Number of scalars an exploded memref of `rank` takes in the LLVM
/// signature: allocated, aligned, offset, sizes, strides.
size_t getDescriptorSize(size_t rank) { return 3 + 2 * rank; }

} // namespace

llvm::Expected<std::unique_ptr<Executable>>
Executable::compile(ModuleOp module, const Target &target,
                    const CompileOptions &options) {
  static bool nativeTargetInitialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)nativeTargetInitialized;

  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerRuntimeDialects(registry);
  context->appendDialectRegistry(registry);
  DiagnosticCollector diagnostics(context);

  OwningOpRef<ModuleOp> owned(module.clone());
  ModuleOp program = *owned;
  if (failed(verify(program)))
    return diagnostics.takeError("the module does not verify");
  PassManager importPM(context);
  importPM.addPass(xla::hlo::createHLOImportPass());
  if (failed(importPM.run(program)))
    return diagnostics.takeError("hlo-import failed");

  // The signature users see is the hlo-level one.
  FailureOr<func::FuncOp> entry = findEntry(program, options.entry);
  if (failed(entry))
    return diagnostics.takeError("no entry function");
  auto exe = std::unique_ptr<Executable>(new Executable());
  exe->entryName = entry->getSymName().str();
  FunctionType entryType = entry->getFunctionType();
  for (auto [i, type] : llvm::enumerate(entryType.getInputs())) {
    FailureOr<TensorSpec> spec = getTensorSpec(*entry, type, "argument", i);
    if (failed(spec))
      return diagnostics.takeError("unsupported entry signature");
    exe->inputs.push_back(*spec);
  }
  for (auto [i, type] : llvm::enumerate(entryType.getResults())) {
    FailureOr<TensorSpec> spec = getTensorSpec(*entry, type, "result", i);
    if (failed(spec))
      return diagnostics.takeError("unsupported entry signature");
    exe->outputs.push_back(*spec);
  }

  // Only the entry is exported; other functions are inlined or dropped.
  // Programs may not declare external functions: the JIT would resolve them
  // by name in the process.
  for (func::FuncOp func : program.getOps<func::FuncOp>()) {
    if (func.isExternal()) {
      func.emitError("external function declarations are not supported; "
                     "call host code through a registered custom call");
      return diagnostics.takeError("external function declaration");
    }
    if (func != *entry)
      func.setPrivate();
  }
  entry->setPublic();
  PassManager dcePM(context);
  dcePM.addPass(createSymbolDCEPass());
  if (failed(dcePM.run(program)))
    return diagnostics.takeError("symbol-dce failed");

  // Custom calls may only reach registered host functions.
  exe->customCalls = options.customCalls ? options.customCalls
                                         : &CustomCallRegistry::global();
  bool unregistered = false;
  program.walk([&](xla::hlo::CustomCallOp op) {
    llvm::StringRef name = op.getCallTargetName();
    if (name.starts_with("check.") || exe->customCalls->lookup(name))
      return;
    op.emitError("custom call target '")
        << name << "' is not registered with the runtime";
    unregistered = true;
  });
  if (unregistered)
    return diagnostics.takeError("unregistered custom call");

  PassManager pm(context);
  xla::CPUPipelineOptions pipelineOptions;
  pipelineOptions.fusion = options.fusion;
  pipelineOptions.reductionBlock = options.reductionBlock;
  pipelineOptions.vectorize = options.vectorize;
  pipelineOptions.runtimeAlloc = true;
  pipelineOptions.threads = options.threads && Target::hasThreads();
  pipelineOptions.vectorBits =
      options.vectorBits ? options.vectorBits : target.vectorBits();
  xla::buildHLOCPUPipeline(pm, pipelineOptions);
  if (failed(pm.run(program)))
    return diagnostics.takeError("compilation to LLVM failed");

  // The lowered entry must have the ABI run() builds arguments for.
  auto llvmEntry = program.lookupSymbol<LLVM::LLVMFuncOp>(exe->entryName);
  size_t expectedArgs = 0;
  for (const TensorSpec &spec : llvm::concat<const TensorSpec>(
           exe->inputs, exe->outputs))
    expectedArgs += getDescriptorSize(spec.shape.size());
  if (!llvmEntry || llvmEntry.getNumArguments() != expectedArgs ||
      llvmEntry.getNumResults() != 0)
    return makeError(llvm::formatv(
        "internal error: the lowered @{0} does not have the expected "
        "signature ({1} exploded memref arguments, no results)",
        exe->entryName, expectedArgs));

  // Bind the runtime's symbols; refuse names only a program could make up.
  llvm::StringMap<void *> runtimeSymbols;
  for (auto func : program.getOps<LLVM::LLVMFuncOp>()) {
    if (!func.isExternal())
      continue;
    llvm::Expected<void *> address = resolveRuntimeSymbol(func);
    if (!address)
      return address.takeError();
    if (*address)
      runtimeSymbols[func.getSymName()] = *address;
  }

  llvm::orc::JITTargetMachineBuilder machineBuilder{
      llvm::Triple(target.triple)};
  machineBuilder.setCPU(target.cpu);
  machineBuilder.setFeatures(target.features);
  unsigned optLevel = std::min(options.optLevel, 3u);
  machineBuilder.setCodeGenOptLevel(
      static_cast<llvm::CodeGenOptLevel>(optLevel));
  auto machine = machineBuilder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  llvm::TargetMachine *machinePtr = machine->get();

  // Translation, optimization and the IR dump happen in the module builder
  // rather than the engine's `transformer`, whose errors abort the process.
  std::string buildError;
  auto buildModule = [&](Operation *op, llvm::LLVMContext &llvmContext)
      -> std::unique_ptr<llvm::Module> {
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(op, llvmContext, exe->entryName);
    if (!llvmModule) {
      buildError = "translation to LLVM IR failed";
      return nullptr;
    }
    ExecutionEngine::setupTargetTripleAndDataLayout(llvmModule.get(),
                                                    machinePtr);
    auto optimize = makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                              machinePtr);
    if (llvm::Error error = optimize(llvmModule.get())) {
      buildError = llvm::toString(std::move(error));
      return nullptr;
    }
    if (!options.dumpLLVMIRPath.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(options.dumpLLVMIRPath, ec,
                              llvm::sys::fs::OF_Text);
      if (ec) {
        buildError = "cannot write " + options.dumpLLVMIRPath + ": " +
                     ec.message();
        return nullptr;
      }
      llvmModule->print(os, nullptr);
    }
    return llvmModule;
  };
  ExecutionEngineOptions engineOptions;
  engineOptions.llvmModuleBuilder = buildModule;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(optLevel);
  auto engine =
      ExecutionEngine::create(program, engineOptions, std::move(*machine));
  if (!engine) {
    if (!buildError.empty()) {
      llvm::consumeError(engine.takeError());
      return makeError(buildError);
    }
    return engine.takeError();
  }
  exe->engine = std::move(*engine);
  exe->engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const auto &entry : runtimeSymbols)
      map[interner(entry.getKey())] = {
          llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
          llvm::JITSymbolFlags::Exported};
    return map;
  });

  // Looking the entry up compiles the module now rather than on first run.
  auto entryPoint = exe->engine->lookupPacked(exe->entryName);
  if (!entryPoint)
    return entryPoint.takeError();
  exe->entryPoint = *entryPoint;
  return std::move(exe);
}

namespace {

/// Storage for the exploded memref descriptors of all arguments and the
/// array of pointers to each scalar that the packed wrapper reads.
class PackedArguments {
public:
  explicit PackedArguments(size_t numScalars) { scalars.reserve(numScalars); }

  void addBuffer(const void *data, llvm::ArrayRef<int64_t> shape) {
    auto pointer = reinterpret_cast<intptr_t>(data);
    add(pointer); // allocated
    add(pointer); // aligned
    add(0);       // offset
    for (int64_t size : shape)
      add(size);
    int64_t stride = 1;
    llvm::SmallVector<int64_t> strides(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = stride;
      stride *= shape[i];
    }
    for (int64_t s : strides)
      add(s);
  }

  void **data() { return pointers.data(); }

private:
  void add(int64_t value) {
    // `scalars` never reallocates (reserved), so the pointers stay valid.
    scalars.push_back(value);
    pointers.push_back(&scalars.back());
  }

  std::vector<int64_t> scalars;
  std::vector<void *> pointers;
};

} // namespace

llvm::Expected<std::vector<HostBuffer>>
Executable::run(llvm::ArrayRef<HostBuffer> args, CheckReport *checks) {
  if (args.size() != inputs.size())
    return makeError(llvm::formatv("@{0} takes {1} input(s), got {2}",
                                   entryName, inputs.size(), args.size()));
  size_t numScalars = 0;
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!(arg.getSpec() == inputs[i]))
      return makeError(llvm::formatv("input {0} of @{1}: expected {2}, got {3}",
                                     i, entryName, inputs[i].str(),
                                     arg.getSpec().str()));
    numScalars += getDescriptorSize(arg.getRank());
  }
  std::vector<HostBuffer> results;
  results.reserve(outputs.size());
  // Every result is written in full by the program (out-params of whole
  // tensors), so its buffer need not be zeroed first.
  for (const TensorSpec &spec : outputs) {
    results.push_back(HostBuffer::uninitialized(spec));
    numScalars += getDescriptorSize(spec.shape.size());
  }

  PackedArguments packed(numScalars);
  for (const HostBuffer &arg : args)
    packed.addBuffer(arg.data(), arg.getShape());
  for (HostBuffer &result : results)
    packed.addBuffer(result.data(), result.getShape());

  CheckReport localReport;
  CheckReport *report = checks ? checks : &localReport;
  llvm::Error customCallErrors = llvm::Error::success();
  {
    CheckReportScope checkScope(report);
    CustomCallScope customCallScope(customCalls, &customCallErrors);
    entryPoint(packed.data());
  }
  if (customCallErrors)
    return std::move(customCallErrors);
  if (!checks && !localReport.passed()) {
    std::string text;
    for (const CheckFailure &failure : localReport.failures)
      text += (text.empty() ? "" : "\n") + failure.str();
    return makeError(text);
  }
  return std::move(results);
}
