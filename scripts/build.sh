#!/usr/bin/env bash
# Configures (once) and builds xla-mlir in build/ with the settings measured
# on our machines: clang-22, lld, ccache, Ninja, libMLIR.so.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-2}"
export CCACHE_BASEDIR="$ROOT"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/xla-mlir-ccache}"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DMLIR_LINK_MLIR_DYLIB=ON \
    -DCMAKE_INSTALL_PREFIX="${INSTALL_PREFIX:-$ROOT/install}" \
    ${XLA_CMAKE_ARGS:-}
fi
# Serialize builds machine-wide (also those of other worktrees and build
# directories): two concurrent builds on a 2-core machine thrash.
exec flock "${XLA_BUILD_LOCK:-/tmp/xla-mlir-build.lock}" ninja -C "$BUILD" -j "$JOBS" "$@"
