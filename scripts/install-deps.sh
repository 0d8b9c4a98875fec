#!/usr/bin/env bash
# Installs every system and Python package xla-mlir needs on a fresh Debian 12
# machine. Idempotent: packages already present are skipped quickly.
set -euo pipefail

APT_PACKAGES=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  ccache ninja-build cmake python3 python3-pip zlib1g-dev libzstd-dev
  libgtest-dev libomp-22-dev
  libclang-rt-22-dev  # sanitizer and libFuzzer runtimes (scripts/build-sanitizers.sh)
  graphviz  # renders the fusion graph of --dump-to as SVG
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "[install-deps] apt: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Python packages go into the interpreter the project's scripts use.
# Each entry: module to import | pip requirement | optional Python check that
# must hold once the module is imported (a version range).
PY="${PYTHON:-python3}"
PIP_PACKAGES=(
  "numpy|numpy|"
  "pytest|pytest|"
  # The Python package (pyproject.toml, python/): bindings and their build.
  "nanobind|nanobind>=2.0|"
  "scikit_build_core|scikit-build-core>=0.10|"
  # JAX (CPU wheels) exports the real workloads in examples/ (export_jax.py).
  # Pinned: XLA:CPU is the reference of the accuracy suite and of the
  # benchmarks, and its numbers move between patch releases.
  "jax|jax[cpu]==0.10.2|jax.__version__ == '0.10.2'"
  # TensorFlow (CPU) for xla_mlir.from_tf, its tests and examples. 2.21
  # prints StableHLO for a tf.function and coexists with jax 0.10.2 (it
  # changes neither numpy nor ml_dtypes).
  "tensorflow|tensorflow-cpu==2.21.0|tensorflow.__version__ == '2.21.0'"
  # The benchmark suite's plot (bench/suite.py --write-docs).
  "matplotlib|matplotlib|"
  # IREE's llvm-cpu backend, a peer in the benchmark suite (bench/suite.py).
  "iree.compiler|iree-base-compiler|"
  "iree.runtime|iree-base-runtime|"
)
need=()
for entry in "${PIP_PACKAGES[@]}"; do
  IFS='|' read -r mod req check <<<"$entry"
  "$PY" -c "import ${mod}; assert ${check:-True}" 2>/dev/null || need+=("$req")
done
if [ "${#need[@]}" -gt 0 ]; then
  echo "[install-deps] pip: ${need[*]}"
  "$PY" -m pip install -q "${need[@]}"
fi

# With --models: the model libraries of the benchmarks on programs we did
# not write (bench/keras_models.py, bench/flax_transformer.py); no test
# needs them. keras-hub goes in without its declared dependencies: they
# pin tensorflow-text (and with it another TensorFlow), which the models
# built there do not use; its imports need the rest.
if [[ " $* " == *" --models "* ]]; then
  if ! "$PY" -c "import keras_hub, flax, optax" 2>/dev/null; then
    echo "[install-deps] pip (models): keras-hub flax"
    "$PY" -m pip install -q --no-deps "keras-hub==0.32.0" kagglehub \
      "kagglesdk==0.1.28"
    "$PY" -m pip install -q tqdm tokenizers sentencepiece "flax==0.12.8"
  fi
fi
echo "[install-deps] done"
