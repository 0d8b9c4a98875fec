//===- Compiler.cpp - the compile driver ----------------------------------===//

#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Compiler/ParserGuards.h"
#include "xla-mlir/ABI/EntryABI.h"

#include "CodeGen.h"
#include "Dump.h"
#include "EntryWrappers.h"

#include "xla-mlir/Conversion/CheckToRuntime/CheckToRuntime.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/InitAll.h"
#include "xla-mlir/Pipelines/CPUPipeline.h"
#include "xla-mlir/Pipelines/GPUPipeline.h"
#include "xla-mlir/Transforms/PartitionProgram.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>

using namespace mlir;
using namespace xla;
using runtime::TensorSpec;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

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
    text += formatFileLocation(loc) + ": " + kind + ": " + msg.str();
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
  std::optional<runtime::DType> dtype;
  if (tensorType && tensorType.hasStaticShape())
    dtype = getDTypeFor(tensorType.getElementType());
  // Sub-byte integers have no host representation users could pass.
  if (dtype && runtime::getByteWidth(*dtype) == 1 &&
      runtime::getIntegerBitWidth(*dtype) > 1 &&
      runtime::getIntegerBitWidth(*dtype) < 8)
    dtype = std::nullopt;
  if (!dtype)
    return entry.emitError() << what << " " << index << " of @"
                             << entry.getSymName() << " has type " << type
                             << ", which the runtime cannot pass: entry "
                                "functions take and return statically "
                                "shaped tensors of i1, i8-i64, ui8-ui64, "
                                "f16, bf16, f32, f64 or complex";
  return TensorSpec{*dtype, std::vector<int64_t>(tensorType.getShape().begin(),
                                                 tensorType.getShape().end())};
}

/// The entry of an imported program: its symbol and its hlo-level
/// signature (under the export name).
struct PreparedProgram {
  std::string entryName;
  runtime::Signature signature;
};

/// Adds output `output` -> input `input` to the signature's aliases after
/// checking both exist and have one type.
LogicalResult addAlias(Operation *where, llvm::StringRef attrName,
                       runtime::Signature &signature, int64_t output,
                       int64_t input) {
  if (output < 0 || output >= (int64_t)signature.outputs.size() || input < 0 ||
      input >= (int64_t)signature.inputs.size())
    return where->emitOpError()
           << attrName << ": output " << output << " or parameter " << input
           << " does not exist (the entry has " << signature.inputs.size()
           << " parameters and " << signature.outputs.size() << " results)";
  if (!(signature.outputs[output] == signature.inputs[input]))
    return where->emitOpError()
           << attrName << ": output " << output << " ("
           << signature.outputs[output].str() << ") cannot alias parameter "
           << input << " (" << signature.inputs[input].str()
           << "): the types differ";
  for (const runtime::Signature::Alias &alias : signature.aliases)
    if (alias.output == (size_t)output || alias.input == (size_t)input)
      return where->emitOpError() << attrName << ": output " << output
                                << " or parameter " << input
                                << " is aliased twice";
  signature.aliases.push_back({(size_t)output, (size_t)input});
  return success();
}

/// The entry's input/output aliases: JAX's `tf.aliasing_output = j` on a
/// parameter (donate_argnums) and TensorFlow's module attribute
/// `mhlo.input_output_alias = [{alias = {parameter_number = i, ...},
/// output_index = array<i64: j>}]` (the variables a step updates).
LogicalResult collectAliases(ModuleOp program, func::FuncOp entry,
                             runtime::Signature &signature) {
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i) {
    Attribute attr = entry.getArgAttr(i, "tf.aliasing_output");
    if (!attr)
      continue;
    auto output = dyn_cast<IntegerAttr>(attr);
    if (!output)
      return entry.emitOpError("tf.aliasing_output of parameter ")
             << i << " must be an integer";
    if (failed(addAlias(entry, "tf.aliasing_output", signature,
                        output.getInt(), i)))
      return failure();
  }
  Attribute attr = program->getAttr("mhlo.input_output_alias");
  if (!attr)
    return success();
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list)
    return program.emitOpError("mhlo.input_output_alias must be an array");
  for (Attribute element : list) {
    auto entryAttr = dyn_cast<DictionaryAttr>(element);
    auto alias = entryAttr ? entryAttr.getAs<DictionaryAttr>("alias")
                           : DictionaryAttr();
    auto parameter =
        alias ? alias.getAs<IntegerAttr>("parameter_number") : IntegerAttr();
    auto parameterIndex =
        alias ? alias.getAs<DenseI64ArrayAttr>("parameter_index")
              : DenseI64ArrayAttr();
    auto outputIndex = entryAttr
                           ? entryAttr.getAs<DenseI64ArrayAttr>("output_index")
                           : DenseI64ArrayAttr();
    // Tuple paths deeper than one level (into tuple parameters or nested
    // tuple results) do not occur: the entry's tuples are flattened.
    if (!parameter || !outputIndex || outputIndex.size() > 1 ||
        (parameterIndex && !parameterIndex.empty()))
      return program.emitOpError("mhlo.input_output_alias: expected entries "
                               "{alias = {parameter_number = N, "
                               "parameter_index = array<i64>}, output_index "
                               "= array<i64: M>}, got ")
             << element;
    int64_t output = outputIndex.empty() ? 0 : outputIndex[0];
    if (failed(addAlias(program, "mhlo.input_output_alias", signature, output,
                        parameter.getInt())))
      return failure();
  }
  return success();
}

/// Imports the program, picks the entry, records its hlo-level signature
/// and checks what only the driver can check: no external functions, only
/// registered custom calls.
FailureOr<PreparedProgram> prepareProgram(ModuleOp program,
                                          const CompileOptions &options) {
  MLIRContext *context = program.getContext();
  if (failed(verify(program)))
    return failure();
  PassManager importPM(context);
  importPM.addPass(hlo::createHLOImportPass());
  if (failed(importPM.run(program)))
    return failure();

  FailureOr<func::FuncOp> entry = findEntry(program, options.entry);
  if (failed(entry))
    return failure();
  runtime::Signature signature;
  signature.entry = options.exportName.empty() ? entry->getSymName().str()
                                               : options.exportName;
  FunctionType entryType = entry->getFunctionType();
  for (auto [i, type] : llvm::enumerate(entryType.getInputs())) {
    FailureOr<TensorSpec> spec = getTensorSpec(*entry, type, "argument", i);
    if (failed(spec))
      return failure();
    signature.inputs.push_back(*spec);
  }
  for (auto [i, type] : llvm::enumerate(entryType.getResults())) {
    FailureOr<TensorSpec> spec = getTensorSpec(*entry, type, "result", i);
    if (failed(spec))
      return failure();
    signature.outputs.push_back(*spec);
  }
  if (failed(collectAliases(program, *entry, signature)))
    return failure();
  // For xla-prepare-donation, in whatever form the program declared them.
  Builder builder(context);
  for (const runtime::Signature::Alias &alias : signature.aliases)
    entry->setArgAttr(alias.input, kAliasedResultAttrName,
                      builder.getI64IntegerAttr(alias.output));

  // Only the entry is exported; other functions are inlined or dropped.
  // Programs may not declare external functions: the code would resolve
  // them by name in the process.
  for (func::FuncOp func : program.getOps<func::FuncOp>()) {
    if (func.isExternal())
      return func.emitError("external function declarations are not "
                            "supported; call host code through a registered "
                            "custom call");
    if (func != *entry)
      func.setPrivate();
  }
  entry->setPublic();
  PassManager dcePM(context);
  dcePM.addPass(createSymbolDCEPass());
  if (failed(dcePM.run(program)))
    return failure();

  // Custom calls may only reach registered host functions.
  const runtime::CustomCallRegistry *registry =
      options.customCalls ? options.customCalls
                          : &runtime::CustomCallRegistry::global();
  bool unregistered = false;
  program.walk([&](hlo::CustomCallOp op) {
    std::string name = op.getCallTargetName().str();
    if (llvm::StringRef(name).starts_with("check."))
      return;
    if (!registry->lookup(name)) {
      op.emitError("custom call target '")
          << name << "' is not registered with the runtime";
      unregistered = true;
    } else if (!llvm::is_contained(signature.customCalls, name)) {
      signature.customCalls.push_back(name);
    }
  });
  if (unregistered)
    return failure();
  return PreparedProgram{entry->getSymName().str(), std::move(signature)};
}

/// The options every target's pipeline shares.
void fillLoweringOptions(HLOLoweringOptions &pipeline,
                         const CompileOptions &options) {
  pipeline.inlineFunctions = options.inlineFunctions;
  pipeline.hloSimplify = options.hloSimplify;
  pipeline.foldConstants = options.foldConstants;
  pipeline.foldLimit = options.foldLimit;
  pipeline.cse = options.cse;
  pipeline.dce = options.dce;
  pipeline.fusion = options.fusion;
  pipeline.rematerialize = options.rematerialize;
  pipeline.reductionBlock = options.reductionBlock;
  pipeline.maxTensorSize = options.maxTensorSize;
}

/// Whether any value of `program` holds complex numbers. Without them, the
/// complex lowerings only walk every function (0.03 s of CPU on the BERT
/// step); no lowering makes complex numbers of real ones.
static bool hasComplexNumbers(ModuleOp program) {
  auto isComplex = [](Type type) {
    return type
        .walk([](ComplexType) { return WalkResult::interrupt(); })
        .wasInterrupted();
  };
  return program
      ->walk([&](Operation *op) {
        bool complex = llvm::any_of(op->getResultTypes(), isComplex);
        for (Region &region : op->getRegions())
          for (Block &block : region)
            complex |= llvm::any_of(block.getArgumentTypes(), isComplex);
        return complex ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The CPU pipeline's options for `options` on `target`.
void fillPipelineOptions(CPUPipelineOptions &pipeline,
                         const TargetDescription &target,
                         const CompileOptions &options) {
  fillLoweringOptions(pipeline, options);
  pipeline.vectorize = options.vectorize;
  pipeline.fuseBlocks = options.fuseBlocks;
  pipeline.streamingStores = options.streamingStores;
  pipeline.prefetch = options.prefetch;
  pipeline.vectorBits = target.vectorBits;
  // x86 has 512-bit vectors with AVX-512F only; features, when given,
  // must say so too (a `vector-bits` override alone does not).
  pipeline.avx512 =
      llvm::Triple(target.triple).isX86() && target.vectorBits >= 512 &&
      (target.features.empty() ||
       llvm::is_contained(llvm::split(target.features, ','), "+avx512f"));
  pipeline.parallelLoops = options.parallelLoops && hasThreadsRuntime();
  pipeline.runtimeAlloc = options.runtimeAlloc;
}

} // namespace

void xla::registerCompilerDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  xla::registerAllDialects(registry);
}

OwningOpRef<ModuleOp>
xla::parseProgram(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                  MLIRContext *context) {
  // MLIR 22's parser can report a lexer error (an unterminated string
  // after a dialect type) and still return a module: any error fails the
  // parse. The handler only counts; the tool's handler still prints.
  bool sawError = false;
  ScopedDiagnosticHandler errors(context, [&](Diagnostic &diag) {
    sawError |= diag.getSeverity() == DiagnosticSeverity::Error;
    return failure();
  });
  if (!checkParserHazards(*sourceMgr, context))
    return nullptr;
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, context);
  if (!module || sawError || failed(verify(*module)))
    return nullptr;
  return module;
}

CompiledModule::CompiledModule() = default;
CompiledModule::CompiledModule(CompiledModule &&) = default;
CompiledModule::~CompiledModule() = default;

/// compileToLLVM; without `keepModule` (and without a dump, which shows
/// it), a module optimized in parts is not linked back: only its object
/// is kept.
static llvm::Expected<CompiledModule>
compileProgram(ModuleOp module, const TargetDescription &target,
               const CompileOptions &options, bool keepModule,
               bool withObject) {
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerCompilerDialects(registry);
  context->appendDialectRegistry(registry);
  DiagnosticCollector diagnostics(context);

  OwningOpRef<ModuleOp> owned(module.clone());
  ModuleOp program = *owned;
  mlir::TimingScope importTime = timeStage(options, "import and signature");
  FailureOr<PreparedProgram> prepared = prepareProgram(program, options);
  if (failed(prepared))
    return diagnostics.takeError("the program cannot be compiled");
  target.attachTo(program);
  importTime.stop();

  mlir::TimingScope passTime = timeStage(options, "MLIR passes");
  PassManager pm(context);
  // Verifying after every pass took 0.4 of the BERT step's 2.3 s; the
  // tests verify each pass ($XLA_VERIFY_EACH), users get one verification
  // of the result below.
  const char *verifyEnv = std::getenv("XLA_VERIFY_EACH");
  bool verifyEach = options.verifyEach ||
                    (verifyEnv && *verifyEnv && StringRef(verifyEnv) != "0");
  pm.enableVerifier(verifyEach);
  if (options.timeReport) {
    pm.enableTiming(passTime);
    pm.addInstrumentation(options.timeReport->createPassInstrumentation());
  }
  std::string dumpDir = getDumpDirectory(options);
  if (!dumpDir.empty())
    if (llvm::Error error = startDump(dumpDir, program, pm))
      return std::move(error);
  std::string report = dumpDir.empty() ? "" : getFusionReportPath(dumpDir);
  if (target.gpu.empty() && options.gpuEmulate)
    return makeError("--gpu-emulate runs GPU programs: it needs "
                     "--target=cuda");
  if (target.gpu.empty()) {
    // The CPU pipeline prepares every alias for donation; the GPU copies
    // inputs and results across the bus anyway, so donating saves nothing.
    for (runtime::Signature::Alias &alias : prepared->signature.aliases)
      alias.inPlace = true;
    CPUPipelineOptions pipelineOptions;
    fillPipelineOptions(pipelineOptions, target, options);
    pipelineOptions.complexNumbers = hasComplexNumbers(program);
    pipelineOptions.fusionReport = report;
    if (!dumpDir.empty())
      pipelineOptions.memoryReport = getMemoryReportPath(dumpDir);
    buildHLOCPUPipeline(pm, pipelineOptions);
  } else {
    llvm::StringRef tensorCores = options.gpuTensorCores;
    if (!tensorCores.empty() && tensorCores != "tf32" &&
        tensorCores != "tf32x3")
      return makeError("--gpu-tensor-cores: expected tf32, tf32x3 or "
                       "nothing, not '" +
                       tensorCores + "'");
    // mma.sync on TF32 came with Ampere (sm_80). The target's chip is
    // sm_<digits>[suffix] (TargetDescription checks the prefix).
    unsigned version = 0;
    if (!tensorCores.empty() && (llvm::StringRef(target.gpu)
                                     .drop_front(3)
                                     .take_while(llvm::isDigit)
                                     .getAsInteger(10, version) ||
                                 version < 80))
      return makeError("--gpu-tensor-cores=" + tensorCores +
                       " needs sm_80 or later; the target is " + target.gpu);
    GPUPipelineOptions pipelineOptions;
    fillLoweringOptions(pipelineOptions, options);
    pipelineOptions.chip = target.gpu;
    pipelineOptions.rowFusion = options.gpuRowFusion;
    pipelineOptions.rowWarpLength = options.gpuRowWarpLength;
    pipelineOptions.vectorBytes = options.gpuVectorBytes;
    pipelineOptions.contractionBlocks = options.gpuContractionBlocks;
    pipelineOptions.libraryGemm = options.gpuCublas ? "cublas" : "";
    pipelineOptions.transposeTiles = options.gpuTransposeTiles;
    pipelineOptions.contractionEpilogues = options.gpuContractionEpilogues;
    pipelineOptions.reductionEpilogues = options.gpuReductionEpilogues;
    pipelineOptions.horizontalFusion = options.gpuHorizontalFusion;
    if (options.gpuEmulate)
      pipelineOptions.gpuFormat = "host";
    pipelineOptions.tensorCores = options.gpuTensorCores;
    pipelineOptions.asyncCopies = options.gpuAsyncCopies;
    pipelineOptions.skinnyProducts = options.gpuSkinnyProducts;
    pipelineOptions.contractionPrologues = options.gpuContractionPrologues;
    pipelineOptions.fusionReport = report;
    if (!dumpDir.empty())
      pipelineOptions.dumpPTX = getPTXDumpPath(dumpDir);
    buildHLOGPUPipeline(pm, pipelineOptions);
  }
  if (failed(pm.run(program)))
    return diagnostics.takeError("compilation to LLVM failed");
  if (!verifyEach && failed(mlir::verify(program)))
    return diagnostics.takeError(
        "compilation to LLVM produced invalid IR (a compiler bug; "
        "--verify-each names the pass)");
  passTime.stop();
  // Kernels that xla-bare-pointer-kernels left with memref descriptors
  // (the GPU path's host functions, buffers of dynamic layout) need the
  // interprocedural removal of their unused arguments.
  bool descriptorKernels = llvm::any_of(
      program.getOps<LLVM::LLVMFuncOp>(), [&](LLVM::LLVMFuncOp func) {
        return !func.isExternal() && func.getSymName() != prepared->entryName &&
               !func->hasAttr(kBarePointerAttrName);
      });

  CompiledModule compiled;
  compiled.signature = std::move(prepared->signature);
  compiled.context = std::make_unique<llvm::LLVMContext>();
  bool keepIR = keepModule || !withObject || !dumpDir.empty();
  ObjectCode *objects = withObject ? &compiled.objects : nullptr;
  // CPU programs whose kernels take bare pointers are split before
  // translation (PartitionProgram.h); the others need interprocedural
  // work on the whole LLVM module first.
  if (target.gpu.empty() && options.optLevel > 0 && !descriptorKernels) {
    mlir::TimingScope partitionTime = timeStage(options, "partitioning");
    FailureOr<ProgramParts> parts = partitionProgram(
        program, prepared->entryName,
        [&](size_t functions, size_t operations) {
          return getCodeGenPartitions(functions, operations, target.cores);
        });
    partitionTime.stop();
    if (succeeded(parts)) {
      if (!dumpDir.empty())
        if (llvm::Error error = dumpParts(dumpDir, parts->modules))
          return std::move(error);
      compiled.signature.imports = parts->imports;
      llvm::Expected<std::unique_ptr<llvm::Module>> linked =
          compileProgramParts(
              *parts, target, options, objects,
              keepIR ? compiled.context.get() : nullptr,
              [&](llvm::Module &part, unsigned index) -> llvm::Error {
                bool entryPart = index == parts->entryPart;
                if (llvm::Error error = routeRuntimeImports(
                        part, parts->imports, /*defineSlots=*/entryPart))
                  return error;
                if (!entryPart)
                  return llvm::Error::success();
                return addEntryWrappers(part, prepared->entryName,
                                        compiled.signature);
              });
      if (!linked)
        return diagnostics.takeError(llvm::toString(linked.takeError()));
      compiled.module = std::move(*linked);
      if (!dumpDir.empty())
        if (llvm::Error error = finishDump(dumpDir, compiled, target, options))
          return std::move(error);
      return std::move(compiled);
    }
  }

  mlir::TimingScope translateTime =
      timeStage(options, "translation to LLVM IR");
  compiled.module = translateProgram(program, *compiled.context);
  if (!compiled.module)
    return diagnostics.takeError("translation to LLVM IR failed");
  compiled.signature.imports = collectRuntimeImports(*compiled.module);
  if (llvm::Error error =
          routeRuntimeImports(*compiled.module, compiled.signature.imports,
                              /*defineSlots=*/true))
    return std::move(error);
  if (llvm::Error error =
          addEntryWrappers(*compiled.module, prepared->entryName,
                           compiled.signature))
    return std::move(error);
  translateTime.stop();
  std::string exported[] = {
      compiled.signature.entry,
      runtime::kPackedEntryPrefix + compiled.signature.entry};
  if (llvm::Error error =
          optimizeModule(compiled.module, target, options, objects, exported,
                         keepIR, descriptorKernels))
    return std::move(error);
  if (!dumpDir.empty())
    if (llvm::Error error = finishDump(dumpDir, compiled, target, options))
      return std::move(error);
  return std::move(compiled);
}

llvm::Expected<CompiledModule>
xla::compileToLLVM(ModuleOp module, const TargetDescription &target,
                   const CompileOptions &options, bool withObject) {
  return compileProgram(module, target, options, /*keepModule=*/true,
                        withObject);
}

llvm::Expected<std::string>
xla::reportFusions(ModuleOp module, const TargetDescription &target,
                   const CompileOptions &options) {
  MLIRContext *context = module.getContext();
  DiagnosticCollector diagnostics(context);
  OwningOpRef<ModuleOp> owned(module.clone());
  ModuleOp program = *owned;
  if (failed(prepareProgram(program, options)))
    return diagnostics.takeError("the program cannot be compiled");
  target.attachTo(program);

  // The report pass writes files: give it a directory of its own.
  llvm::SmallString<128> directory;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory(
          "xla-fusion-report", directory))
    return makeError("cannot create a temporary directory: " + ec.message());
  llvm::scope_exit removeDirectory(
      [&] { llvm::sys::fs::remove_directories(directory); });
  llvm::SmallString<128> prefix(directory);
  llvm::sys::path::append(prefix, "report");

  HLOLoweringOptions lowering;
  fillLoweringOptions(lowering, options);
  lowering.fusionReport = prefix.str().str();
  PassManager pm(context);
  buildHLOFusionPipeline(pm, lowering);
  if (failed(pm.run(program)))
    return diagnostics.takeError("fusion failed");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> json =
      llvm::MemoryBuffer::getFile(prefix + ".json");
  if (!json)
    return makeError("the fusion report was not written: " +
                     json.getError().message());
  return (*json)->getBuffer().str();
}

llvm::Expected<ObjectCode> xla::takeObjects(CompiledModule &compiled,
                                            const TargetDescription &target,
                                            const CompileOptions &options) {
  if (!compiled.objects.empty())
    return std::move(compiled.objects);
  auto object = emitObject(compiled, target, options);
  if (!object)
    return object.takeError();
  ObjectCode objects;
  objects.push_back(std::move(*object));
  return std::move(objects);
}

llvm::Expected<CompiledObject>
xla::compileToObject(ModuleOp module, const TargetDescription &target,
                     const CompileOptions &options) {
  llvm::Expected<CompiledModule> compiled =
      compileProgram(module, target, options, /*keepModule=*/false,
                     /*withObject=*/true);
  if (!compiled)
    return compiled.takeError();
  llvm::Expected<ObjectCode> objects = takeObjects(*compiled, target, options);
  if (!objects)
    return objects.takeError();
  return CompiledObject{std::move(compiled->signature), std::move(*objects)};
}

llvm::Expected<std::unique_ptr<runtime::Executable>>
xla::compileForJIT(ModuleOp module, const TargetDescription &target,
                   const CompileOptions &options) {
  llvm::Expected<CompiledObject> compiled =
      compileToObject(module, target, options);
  if (!compiled)
    return compiled.takeError();
  return loadInJIT(compiled->objects, compiled->signature, options);
}

llvm::Error xla::toError(const runtime::Status &status) {
  if (status.ok())
    return llvm::Error::success();
  return makeError(status.message());
}
