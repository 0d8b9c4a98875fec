# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "XLA-MLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xla_mlir_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [os.path.join(config.xla_mlir_obj_root, "bin"), config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["xla-opt", "xla-run", "xla-translate", "mlir-opt", "mlir-translate"],
    tool_dirs)
llvm_config.add_tool_substitutions(["xla-load-artifact"], tool_dirs)
# xla-run's compilation cache: one directory per build, emptied when the
# suite starts, so tests never reuse code from an earlier run (or fill the
# user's cache) while the RUN lines of one run share it, concurrently.
import shutil
cache_dir = os.path.join(config.test_exec_root, "xla-cache")
shutil.rmtree(cache_dir, ignore_errors=True)
config.environment["XLA_CACHE_DIR"] = cache_dir
# Every MLIR pass of a compilation is verified in the tests (users get one
# verification after the pipeline; CompileOptions::verifyEach).
config.environment["XLA_VERIFY_EACH"] = "1"

# The C compiler that links ahead-of-time objects in tests.
config.substitutions.append(("%cc", "clang-22"))
# The source tree (the layer check configures projects with its CMake code).
config.substitutions.append(("%xla_src", config.xla_mlir_src_root))

# The runtime's GoogleTest unit tests exist where GoogleTest is installed.
if os.path.exists(os.path.join(config.xla_mlir_obj_root, "bin", "xla-runtime-tests")):
    config.available_features.add("runtime-unittests")
    llvm_config.add_tool_substitutions(["xla-runtime-tests"], tool_dirs)

import subprocess
# Whether this CPU has AVX-512 (tests of code it cannot run need one that
# has not).
try:
    if " avx512f" in open("/proc/cpuinfo").read():
        config.available_features.add("host-avx512")
except OSError:
    pass
# Tests that read .npy outputs back run the interpreter install-deps.sh
# installs numpy into (python3 on PATH).
if subprocess.run(["python3", "-c", "import numpy"],
                  capture_output=True).returncode == 0:
    config.available_features.add("numpy")

# The JAX workload tests regenerate their programs with JAX.
if subprocess.run(["python3", "-c", "import jax"],
                  capture_output=True).returncode == 0:
    config.available_features.add("jax")

# GPU code generation: ptxas (the CUDA toolkit) assembles kernels into
# cubins; without it the GPU tests check PTX only.
for toolkit in [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH",
                                            "CUDA_ROOT")] + ["/usr/local/cuda"]:
    if toolkit and os.access(os.path.join(toolkit, "bin", "ptxas"), os.X_OK):
        config.available_features.add("ptxas")
        break

# Tests that run on a GPU need the CUDA driver and a device; elsewhere lit
# reports them UNSUPPORTED (skipped).
_probe = ("import ctypes,sys\n"
          "try:\n"
          "  cuda = ctypes.CDLL('libcuda.so.1')\n"
          "except OSError:\n"
          "  sys.exit(1)\n"
          "n = ctypes.c_int(0)\n"
          "sys.exit(0 if cuda.cuInit(0) == 0 and "
          "cuda.cuDeviceGetCount(ctypes.byref(n)) == 0 and n.value > 0 else 1)\n")
if subprocess.run(["python3", "-c", _probe], capture_output=True).returncode == 0:
    config.available_features.add("cuda-device")
