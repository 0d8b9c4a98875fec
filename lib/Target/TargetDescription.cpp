//===- TargetDescription.cpp - the machine code is compiled for -----------===//

#include "xla-mlir/Target/TargetDescription.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <thread>

#include <unistd.h>

using namespace xla;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<const llvm::Target *> TargetDescription::getLLVMTarget() const {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!llvmTarget)
    return makeError("target triple '" + triple + "': " + error);
  return llvmTarget;
}

namespace {

/// The subtarget LLVM builds for `cpu` and `features` on `triple`.
llvm::Expected<std::unique_ptr<llvm::MCSubtargetInfo>>
getSubtarget(const TargetDescription &target) {
  auto llvmTarget = target.getLLVMTarget();
  if (!llvmTarget)
    return llvmTarget.takeError();
  llvm::Triple triple(target.triple);
  // Ask a generic subtarget first: LLVM prints a warning for unknown CPUs.
  std::unique_ptr<llvm::MCSubtargetInfo> generic(
      (*llvmTarget)->createMCSubtargetInfo(triple, "", ""));
  if (!generic || (!target.cpu.empty() && target.cpu != "generic" &&
                   !generic->isCPUStringValid(target.cpu)))
    return makeError("unknown CPU '" + target.cpu + "' for " + target.triple);
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      (*llvmTarget)->createMCSubtargetInfo(triple, target.cpu,
                                           target.features));
}

/// Clock in GHz from sysfs; 3.0 where the kernel does not say.
double getHostGHz() {
  auto file = llvm::MemoryBuffer::getFileAsStream(
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  uint64_t kHz = 0;
  if (file && !llvm::StringRef((*file)->getBuffer()).trim().getAsInteger(
                  10, kHz) && kHz)
    return kHz / 1e6;
  return 3.0;
}

bool parseSize(llvm::StringRef text, int64_t &bytes) {
  std::optional<int64_t> parsed = xla::parseByteSize(text);
  if (!parsed || *parsed <= 0)
    return false;
  bytes = *parsed;
  return true;
}

/// Physical memory of this machine (0 if the system does not say).
int64_t getHostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return 0;
  return llvm::checkedMul<int64_t>(pages, pageSize).value_or(INT64_MAX);
}

/// Fills the cache sizes from /sys/devices/system/cpu/cpu0/cache.
void detectCaches(TargetDescription &target) {
  for (int index = 0; index < 8; ++index) {
    std::string dir = llvm::formatv("/sys/devices/system/cpu/cpu0/cache/"
                                    "index{0}/",
                                    index);
    auto read = [&](llvm::StringRef name) -> std::string {
      auto file = llvm::MemoryBuffer::getFileAsStream(dir + name);
      return file ? (*file)->getBuffer().trim().str() : std::string();
    };
    std::string level = read("level"), type = read("type"),
                size = read("size");
    if (level.empty())
      break;
    if (type == "Instruction" || size.empty())
      continue;
    int64_t bytes = 0;
    if (!parseSize(size, bytes))
      continue;
    if (level == "1")
      target.l1Bytes = bytes;
    else if (level == "2")
      target.l2Bytes = bytes;
    else if (level == "3")
      target.l3Bytes = bytes;
  }
}

/// The peak f32 rate: lanes x 2 flops per FMA x FMA units (two on cores
/// with AVX2, one otherwise) x cores x clock.
double estimatePeak(const TargetDescription &target, bool twoFmaUnits) {
  return target.cores * (target.vectorBits / 32) * 2 * (twoFmaUnits ? 2 : 1) *
         target.clockGHz;
}

/// Two FMA units per core where AVX2 and FMA are (x86 since Haswell).
bool hasTwoFmaUnits(const llvm::MCSubtargetInfo &info) {
  return info.checkFeatures("+avx2") && info.checkFeatures("+fma");
}

/// Vector width and peak rate from the CPU and its features; an error for
/// an unknown triple or CPU.
llvm::Error deriveFromFeatures(TargetDescription &target) {
  auto info = getSubtarget(target);
  if (!info)
    return info.takeError();
  auto has = [&](llvm::StringRef feature) {
    return (*info)->checkFeatures(("+" + feature).str());
  };
  llvm::Triple triple(target.triple);
  if (triple.isX86())
    target.vectorBits = has("avx512f") ? 512 : has("avx") ? 256 : 128;
  else
    target.vectorBits = 128;
  target.vectorRegisters =
      (triple.isX86() && has("avx512f")) || triple.isAArch64() ? 32 : 16;
  target.peakGflops = estimatePeak(target, hasTwoFmaUnits(**info));
  return llvm::Error::success();
}

/// "+avx2,+fma" <-> "+avx2+fma": the spec separates its items by commas.
std::string featuresToSpec(llvm::StringRef features) {
  std::string text = features.str();
  llvm::erase(text, ',');
  return text;
}
std::string featuresFromSpec(llvm::StringRef spec) {
  std::string text;
  for (char c : spec) {
    if ((c == '+' || c == '-') && !text.empty())
      text += ',';
    text += c;
  }
  return text;
}

} // namespace

llvm::Expected<TargetDescription> TargetDescription::host() {
  TargetDescription target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = llvm::sys::getHostCPUName().str();
  llvm::SubtargetFeatures features;
  for (const auto &[feature, enabled] : llvm::sys::getHostCPUFeatures())
    features.AddFeature(feature, enabled);
  target.features = features.getString();
  target.cores = std::max(1u, std::thread::hardware_concurrency());
  detectCaches(target);
  target.clockGHz = getHostGHz();
  if (int64_t memory = getHostMemoryBytes())
    target.memoryBytes = memory;
  if (llvm::Error error = deriveFromFeatures(target))
    return std::move(error);
  // No portable way to measure it at compile time: ~10 GB/s per core, as
  // a STREAM triad reaches on current server cores, capped by a socket.
  target.bandwidthGBps = std::min(10.0 * target.cores, 200.0);
  return target;
}

llvm::Expected<TargetDescription>
TargetDescription::forCPU(llvm::StringRef cpu, llvm::StringRef triple) {
  TargetDescription target;
  target.triple = triple.empty() ? llvm::sys::getProcessTriple() : triple.str();
  target.cpu = cpu.str();
  if (llvm::Error error = deriveFromFeatures(target))
    return std::move(error);
  return target;
}

llvm::Error TargetDescription::applyOverrides(llvm::StringRef spec) {
  llvm::SmallVector<llvm::StringRef> items;
  spec.split(items, ',', -1, /*KeepEmpty=*/false);
  llvm::StringMap<std::string> values;
  for (llvm::StringRef item : items) {
    if (item.trim() == "cuda") {
      values["gpu"] = "sm_90a";
      continue;
    }
    auto [key, value] = item.split('=');
    key = key.trim();
    // Only the feature list may be empty (the CPU's own features).
    if (!item.contains('=') || (value.empty() && key != "features"))
      return makeError("--target: '" + item + "' is not key=value");
    values[key] = value.trim().str();
  }
  // Identity first: a new CPU or triple brings its own defaults.
  if (values.count("cpu") || values.count("triple")) {
    auto base = forCPU(values.count("cpu") ? values["cpu"] : cpu,
                       values.count("triple") ? values["triple"] : triple);
    if (!base)
      return base.takeError();
    int64_t keepCores = cores;
    *this = *base;
    cores = keepCores;
  }
  // Then the features, which bring their vector width and registers, so
  // that vector-bits= and vector-registers= override those (the map's
  // order is not the spec's).
  bool derived = values.count("features");
  if (derived) {
    features = featuresFromSpec(values["features"]);
    if (llvm::Error error = deriveFromFeatures(*this))
      return error;
  }
  for (const auto &entry : values) {
    llvm::StringRef key = entry.getKey(), value = entry.getValue();
    bool ok = true;
    if (key == "cpu" || key == "triple" || key == "peak-gflops" ||
        key == "gpu" || key == "features")
      continue;
    derived = true;
    if (key == "vector-bits") {
      ok = !value.getAsInteger(10, vectorBits) && vectorBits >= 64 &&
           llvm::isPowerOf2_64(vectorBits);
    } else if (key == "vector-registers") {
      ok = !value.getAsInteger(10, vectorRegisters) && vectorRegisters >= 8;
    } else if (key == "cores") {
      ok = !value.getAsInteger(10, cores) && cores >= 1;
    } else if (key == "l1") {
      ok = parseSize(value, l1Bytes);
    } else if (key == "l2") {
      ok = parseSize(value, l2Bytes);
    } else if (key == "l3") {
      ok = parseSize(value, l3Bytes);
    } else if (key == "clock-ghz") {
      ok = llvm::to_float(value, clockGHz) && clockGHz > 0;
    } else if (key == "bandwidth-gbps") {
      ok = llvm::to_float(value, bandwidthGBps) && bandwidthGBps > 0;
    } else if (key == "kernel-overhead-us") {
      ok = llvm::to_float(value, kernelOverheadUs) && kernelOverheadUs > 0;
    } else if (key == "memory") {
      ok = parseSize(value, memoryBytes);
    } else {
      return makeError("--target: unknown key '" + key +
                       "' (triple, cpu, features, vector-bits, "
                       "vector-registers, cores, l1, l2, l3, clock-ghz, "
                       "bandwidth-gbps, peak-gflops, kernel-overhead-us, "
                       "memory, gpu; or cuda)");
    }
    if (!ok)
      return makeError("--target: bad value '" + value + "' for " + key);
  }
  if (derived) {
    auto info = getSubtarget(*this);
    if (!info)
      return info.takeError();
    peakGflops = estimatePeak(*this, hasTwoFmaUnits(**info));
  }
  if (values.count("gpu")) {
    llvm::StringRef chip = values["gpu"];
    if (!chip.starts_with("sm_"))
      return makeError("--target: bad value '" + chip +
                       "' for gpu (an NVIDIA architecture, e.g. sm_90a)");
    gpu = chip.str();
    // An H100 SXM as measured on our device machine (a device-to-device
    // copy moved 3.0 TB/s; 67 TFLOP/s f32 without tensor cores) and a
    // kernel launch of a few microseconds.
    if (!values.count("bandwidth-gbps"))
      bandwidthGBps = 3000;
    if (!values.count("kernel-overhead-us"))
      kernelOverheadUs = 4;
    // Buffers live in the GPU's memory: an H100's 80 GB.
    if (!values.count("memory"))
      memoryBytes = int64_t(80) << 30;
    peakGflops = 60000;
  }
  if (values.count("peak-gflops")) {
    llvm::StringRef value = values["peak-gflops"];
    if (!llvm::to_float(value, peakGflops) || peakGflops <= 0)
      return makeError("--target: bad value '" + value + "' for peak-gflops");
  }
  return llvm::Error::success();
}

llvm::Error TargetDescription::checkRunsOnHost() const {
  std::string hostTriple = llvm::sys::getProcessTriple();
  if (llvm::Triple(triple).getArch() != llvm::Triple(hostTriple).getArch())
    return makeError("code for " + triple + " cannot run on this " +
                     hostTriple + " machine");
  auto code = getSubtarget(*this);
  if (!code)
    return code.takeError();
  // The host reports every instruction-set feature it knows, present or
  // not; tuning features (fast-*, slow-*, prefer-*) are not among them.
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  std::string missing;
  for (const llvm::SubtargetFeatureKV &feature :
       (*code)->getAllProcessorFeatures()) {
    if (!(*code)->getFeatureBits().test(feature.Value))
      continue;
    auto it = host.find(feature.Key);
    if (it != host.end() && !it->second)
      missing += (missing.empty() ? "" : " ") + std::string(feature.Key);
  }
  if (missing.empty())
    return llvm::Error::success();
  return makeError("code for cpu '" + cpu +
                   "' uses instruction-set features this machine (" +
                   llvm::sys::getHostCPUName() + ") lacks: " + missing);
}

std::string TargetDescription::str() const {
  return llvm::formatv("triple={0},cpu={1},features={2},vector-bits={3},"
                       "vector-registers={4},cores={5},l1={6},l2={7},l3={8},"
                       "clock-ghz={9},bandwidth-gbps={10},peak-gflops={11},"
                       "kernel-overhead-us={12},memory={13}",
                       triple, cpu, featuresToSpec(features), vectorBits,
                       vectorRegisters, cores, l1Bytes, l2Bytes, l3Bytes,
                       clockGHz, bandwidthGBps, peakGflops, kernelOverheadUs,
                       memoryBytes)
             .str() +
         (gpu.empty() ? "" : ",gpu=" + gpu);
}

mlir::DictionaryAttr
TargetDescription::toAttr(mlir::MLIRContext *context) const {
  mlir::Builder b(context);
  llvm::SmallVector<mlir::NamedAttribute> fields({
      b.getNamedAttr("triple", b.getStringAttr(triple)),
      b.getNamedAttr("cpu", b.getStringAttr(cpu)),
      b.getNamedAttr("features", b.getStringAttr(features)),
      b.getNamedAttr("vector_bits", b.getI64IntegerAttr(vectorBits)),
      b.getNamedAttr("vector_registers",
                     b.getI64IntegerAttr(vectorRegisters)),
      b.getNamedAttr("cores", b.getI64IntegerAttr(cores)),
      b.getNamedAttr("l1_bytes", b.getI64IntegerAttr(l1Bytes)),
      b.getNamedAttr("l2_bytes", b.getI64IntegerAttr(l2Bytes)),
      b.getNamedAttr("l3_bytes", b.getI64IntegerAttr(l3Bytes)),
      b.getNamedAttr("clock_ghz", b.getF64FloatAttr(clockGHz)),
      b.getNamedAttr("bandwidth_gbps", b.getF64FloatAttr(bandwidthGBps)),
      b.getNamedAttr("peak_gflops", b.getF64FloatAttr(peakGflops)),
      b.getNamedAttr("kernel_overhead_us",
                     b.getF64FloatAttr(kernelOverheadUs)),
      b.getNamedAttr("memory_bytes", b.getI64IntegerAttr(memoryBytes)),
  });
  if (!gpu.empty())
    fields.push_back(b.getNamedAttr("gpu", b.getStringAttr(gpu)));
  return b.getDictionaryAttr(fields);
}

void TargetDescription::attachTo(mlir::ModuleOp module) const {
  module->setAttr(kAttrName, toAttr(module.getContext()));
}

llvm::Expected<TargetDescription>
TargetDescription::fromModule(mlir::ModuleOp module) {
  auto dict = module->getAttrOfType<mlir::DictionaryAttr>(kAttrName);
  if (!dict)
    return makeError("the module has no '" + kAttrName + "' dictionary");
  TargetDescription target;
  llvm::Error error = llvm::Error::success();
  auto fail = [&](llvm::StringRef key, llvm::StringRef what) {
    if (!error)
      error = makeError(kAttrName + "." + key + ": expected " + what);
  };
  auto getString = [&](llvm::StringRef key, std::string &out) {
    if (auto attr = dict.getAs<mlir::StringAttr>(key))
      out = attr.str();
    else
      fail(key, "a string");
  };
  auto getInt = [&](llvm::StringRef key, int64_t &out) {
    if (auto attr = dict.getAs<mlir::IntegerAttr>(key); attr &&
                                                        attr.getInt() > 0)
      out = attr.getInt();
    else
      fail(key, "a positive integer");
  };
  auto getFloat = [&](llvm::StringRef key, double &out) {
    if (auto attr = dict.getAs<mlir::FloatAttr>(key);
        attr && attr.getValueAsDouble() > 0)
      out = attr.getValueAsDouble();
    else
      fail(key, "a positive float");
  };
  getString("triple", target.triple);
  getString("cpu", target.cpu);
  getString("features", target.features);
  getInt("vector_bits", target.vectorBits);
  getInt("cores", target.cores);
  getInt("l1_bytes", target.l1Bytes);
  getInt("l2_bytes", target.l2Bytes);
  getInt("l3_bytes", target.l3Bytes);
  getFloat("clock_ghz", target.clockGHz);
  getFloat("bandwidth_gbps", target.bandwidthGBps);
  getFloat("peak_gflops", target.peakGflops);
  // Newer than the other fields: hand-written descriptions may omit it.
  if (dict.contains("kernel_overhead_us"))
    getFloat("kernel_overhead_us", target.kernelOverheadUs);
  if (dict.contains("memory_bytes"))
    getInt("memory_bytes", target.memoryBytes);
  // Absent from hand-written descriptions: what an x86 CPU of that vector
  // width has.
  target.vectorRegisters = target.vectorBits >= 512 ? 32 : 16;
  if (dict.contains("vector_registers"))
    getInt("vector_registers", target.vectorRegisters);
  if (auto gpu = dict.getAs<mlir::StringAttr>("gpu"))
    target.gpu = gpu.str();
  if (error)
    return std::move(error);
  return target;
}

std::optional<int64_t> xla::parseByteSize(llvm::StringRef text) {
  text = text.trim();
  int64_t scale = 1;
  if (text.consume_back("KiB") || text.consume_back_insensitive("K"))
    scale = int64_t(1) << 10;
  else if (text.consume_back("MiB") || text.consume_back_insensitive("M"))
    scale = int64_t(1) << 20;
  else if (text.consume_back("GiB") || text.consume_back_insensitive("G"))
    scale = int64_t(1) << 30;
  else if (text.consume_back("TiB") || text.consume_back_insensitive("T"))
    scale = int64_t(1) << 40;
  int64_t value;
  if (text.getAsInteger(10, value) || value < 0)
    return std::nullopt;
  return llvm::checkedMul<int64_t>(value, scale);
}
