#!/usr/bin/env bash
# Installs every system and Python package xla-mlir needs on a fresh Debian 12
# machine. Idempotent: packages already present are skipped quickly.
set -euo pipefail

APT_PACKAGES=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  ccache ninja-build cmake python3 python3-pip zlib1g-dev libzstd-dev
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
PY="${PYTHON:-python3}"
PIP_PACKAGES=(numpy pytest nanobind)
if [ "${XLA_MLIR_WITH_PEERS:-0}" = "1" ]; then
  PIP_PACKAGES+=(jax jaxlib)
fi
need=()
for p in "${PIP_PACKAGES[@]}"; do
  "$PY" -c "import ${p}" 2>/dev/null || need+=("$p")
done
if [ "${#need[@]}" -gt 0 ]; then
  echo "[install-deps] pip: ${need[*]}"
  "$PY" -m pip install -q "${need[@]}"
fi
echo "[install-deps] done"
